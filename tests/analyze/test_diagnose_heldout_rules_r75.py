"""Rules from the misses of held-out round 75 (tests/diagnosis/corpus-heldout-r75-*), each tested on the text that
carries it and on text that must not trigger it."""

from __future__ import annotations

from line_reading import lead

from ncclkit.logs.analyze import analyze_text

# hiyouga/LlamaFactory#297: "accelerate launch python src/train_bash.py \" (the maintainer's answer drops `python`),
# beside NCCL_*_DISABLE exports the thread shows are not the cause.
_SCRIPT = ("export NCCL_IB_DISABLE=1\n"
           "export NCCL_P2P_DISABLE=1\n"
           "\n"
           "LAUNCH \\\n"
           "    --stage sft \\\n"
           "    --fp16\n")


def _ids(text: str) -> set[str]:
    return {f["id"] for f in analyze_text(text)["findings"]}


def test_the_interpreter_where_the_launchers_script_belongs() -> None:
    assert lead(_SCRIPT.replace("LAUNCH", "accelerate launch python src/train_bash.py")) == (
        "log.launcher_runs_python", "application_bug")
    assert lead("torchrun --nproc_per_node 8 --master_port 29501 python3 train.py --cfg a.yaml\n") == (
        "log.launcher_runs_python", "application_bug")
    # continued over lines, the interpreter on the second
    assert lead("deepspeed --num_gpus 4 \\\n  python train.py \\\n  --deepspeed ds.json\n")[0] == (
        "log.launcher_runs_python")


def test_a_launch_that_runs_its_script_or_an_executable_is_not_the_interpreter() -> None:
    for launch in ("accelerate launch src/train_bash.py", "python -m torch.distributed.launch --nproc_per_node 2 "
                   "train.py", "torchrun --no-python python train.py", "accelerate launch --no_python python t.py",
                   "torchrun --nproc_per_node 2 train.py --interpreter python"):
        assert "log.launcher_runs_python" not in _ids(_SCRIPT.replace("LAUNCH", launch)), launch
