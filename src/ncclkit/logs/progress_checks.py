"""Timeouts a paste's own progress bars explain: the other ranks waited at a barrier for as long as the default timeout
while one rank was still preparing the data alone.

Trainers tokenize or map the dataset on rank 0 first (transformers' TrainingArguments.main_process_first,
accelerate's main_process_first / wait_for_everyone) while the other ranks wait in a barrier. That barrier has the
process group's timeout, 30 minutes by default (torch.distributed's default_pg_timeout, transformers' ddp_timeout of
1800 s), so a preparation of more than 30 minutes ends in a store or collective timeout on the waiting ranks, and no
rank did anything wrong (huggingface/trl#1519, hiyouga/LlamaFactory#2656 and #1196, shibing624/MedicalGPT#129,
axolotl-ai-cloud/axolotl#2684). The paste shows it as a tqdm bar about 30 minutes in when the timeout line comes.

A checkpoint saved under a main-process guard is the other rank-0-only work a paste shows before a timeout: with FSDP
or ZeRO-3 the save gathers the shards, a collective the other ranks never enter (huggingface/accelerate#2000 and
#1171, bghira/SimpleTuner#262: call save_state on every rank, it writes on the main process only).

A log whose last NCCL line binds NVLS multicast memory, with no rank past init, stopped inside NVLS setup: the
cuMulticastBindMem after that line "will block until all ranks have been added to the Group" (src/transport/nvls.cc
:166-169@v2.19.3-1), a group NVSwitch systems build through the fabric manager (NVIDIA/nccl-tests#216: every GPU's
last line "NVLS Bind mem ...", NCCL_NVLS_ENABLE=0 ran).

A paste whose last line is torch's "Using <dir> as PyTorch extensions root..." stopped where the JIT extension loader
takes the build directory's lock (torch/utils/cpp_extension.py, FileBaton): a build interrupted earlier left the
lock file, and every rank waits for it before any collective (OpenRLHF/OpenRLHF#208: "Just delete the whole
.cache/torch_extensions folder and it's fixed"; huggingface/transformers#26015 alike). A loader that got past it
prints "Loading extension module" next. A stack of a rank in that wait shows the lock's own frame, FileBaton.wait
(py-spy's "wait (torch/utils/file_baton.py:42)" under deepspeed.initialize, deepspeedai/DeepSpeedExamples#302; a
traceback through file_baton.py's wait when the user interrupts it; faulthandler's dump of the hang, "line 50 in wait"
without the comma, tests/analyze/data/extension-lock).

A paste whose last line is Lightning's "Initializing distributed: GLOBAL_RANK: 0, MEMBER: 1/4", with fewer members
shown than the world has, stopped in the process group's rendezvous: it waits for members that never joined. Lightning's
own troubleshooting pages name what keeps them away: under Slurm a script not started with srun, or --nodes and
--ntasks-per-node that do not match Trainer(num_nodes, devices) (docs/source-pytorch/clouds/cluster_advanced.rst);
across nodes a connection the firewall or the wrong interface stops (docs/source-fabric/guide/troubleshooting.rst).
The reporter's own "it hangs right at initializing ddp" says the same of a paste without the claim as its last line.
On one node a rank variable left in the environment keeps them away too: with LOCAL_RANK set Lightning takes the
processes as launched by someone else and starts none (LightningEnvironment.creates_processes_externally,
lightning/fabric/plugins/environments/lightning.py); Lightning 1.0 did the same with NODE_RANK and WORLD_SIZE set
(Lightning-AI/pytorch-lightning#5651: unsetting NODE_RANK fixed it).
"""

from __future__ import annotations

import re

from ncclkit.causes import Cause
from ncclkit.findings import Finding, Severity
from ncclkit.logs.paste import HANG_WORDS, RANK_CLAIM

__all__ = ["progress_findings"]

# tqdm's "[29:46<01:07, 30.89 examples/s]" or "[1:02:03<...": elapsed before the "<".
_ELAPSED = re.compile(r"\[(?:(\d+):)?(\d{1,2}):(\d{2})<")
# The data preparation a trainer runs on one rank first.
_PREPARING = re.compile(r"Running tokenizer on dataset|Tokeniz(?:ing|e)\b|Grouping texts|Map(?: \(num_proc=\d+\))?:|"
                        r"main_process_first|Dataset tokenization|Packing|Filter(?: \(num_proc=\d+\))?:")
# What the waiting ranks print when the barrier's timeout ends (c10d's store wait in its 2.4 - 2.5 and 2.6+ wordings,
# the store's "Socket Timeout", the watchdog's timeout of a collective).
_TIMED_OUT = re.compile(r"While waitForInput, poolFD failed|waitForInput: .* (?:timed out after|likely a timeout)|"
                        r"Socket Timeout|Watchdog caught collective operation timeout|timed out after \d+ ?ms|"
                        r"DistStoreError")
# The context managers that run the block on the main process while the others wait in a barrier.
# wait_for_everyone only as a frame: a line of the program that calls it is no preparation.
_FIRST = re.compile(r"\bin main_process_first\b|\bmain_process_first\(|\.main_process_first\b|, in wait_for_everyone\b")
# A save entered on the main process only, then the save itself or accelerate's log of it.
_MAIN_GUARD = re.compile(r"^\s*if (?:\w+\.)?(?:is_main_process|is_local_main_process|is_world_process_zero\(\))\s*:|"
                         r"^\s*if (?:\w+\.)?(?:local_)?rank == 0\s*:|"
                         r"^\s*if (?:dist|torch\.distributed)\.get_rank\(\) == 0\s*:")
_SAVE = re.compile(r"\.save_state\(|\.save_model\(|\.save_checkpoint\(|get_state_dict\(|Saving FSDP model")
_NCCL_LINE = re.compile(r"\bNCCL (?:INFO|WARN)\b")
_DEFAULT_S = 1800
_SLACK_S = 120  # the bar is printed a little before or after the timeout ends


def progress_findings(text: str) -> list[Finding]:
    """The rank-0 preparation that outlasted the default timeout, if the paste shows one: a preparation bar about 30
    minutes in, or the trainer's main_process_first in a traceback, beside the wait's end. Both preparation signs
    together need no timeout line (a paste cut inside the barrier's traceback, NVIDIA/nccl#865). Else a log that
    stops in NVLS setup."""
    # Each reading's words first (the usual paste has none of them); the lines are split once, for those that apply.
    readings = [reader for reader, applies in (
        (_stalled_in_nvls, "NVLS Bind mem" in text and "Init COMPLETE" not in text and "Connected NVLS" not in text),
        (_waiting_for_extension_lock, "as PyTorch extensions root" in text or "file_baton.py" in text),
        (_members_missing, "GLOBAL_RANK: " in text or "nitializing ddp" in text or "nitializing distributed" in text),
        (_save_on_main_only, "Saving FSDP model" in text or "if " in text and bool(_SAVE.search(text)))) if applies]
    preparing = bool(_PREPARING.search(text) or _FIRST.search(text))
    if not readings and not preparing:
        return []
    lines = text.splitlines()
    for reader in readings:
        found = reader(lines)
        if found:
            return found
    if not preparing:
        return []
    bar = frame = timeout = 0
    for no, line in enumerate(lines, 1):
        if not bar and _PREPARING.search(line):
            for m in _ELAPSED.finditer(line):
                elapsed = int(m[1] or 0) * 3600 + int(m[2]) * 60 + int(m[3])
                if elapsed >= _DEFAULT_S - _SLACK_S:
                    bar = no
        frame = frame or (no if _FIRST.search(line) else 0)
        if not timeout and _TIMED_OUT.search(line):
            timeout = no
        if (bar or frame) and (timeout or (bar and frame)):
            bar = bar or frame
            timeout = timeout or frame
            return [Finding.root_error(
                "log.preparation_timeout", "timeout",
                f"one rank was still preparing the data (line {bar}: about 30 minutes into it) when the "
                        f"others' wait ended (line {timeout}): trainers tokenize or map the dataset on rank 0 first "
                        "while the other ranks wait in a barrier whose timeout is 30 minutes by default",
                "raise the timeout (transformers/TRL `--ddp_timeout 7200`, `init_process_group(timeout=...)`, "
                "accelerate's InitProcessGroupKwargs), or prepare the dataset once before the launch and load the "
                "cached result (more num_proc, datasets' cache, `--preprocessing_only`)",
                Cause.APPLICATION_BUG, [bar, timeout], alternatives=[str(Cause.PERFORMANCE_CONFIG)])]
    return []


def _save_on_main_only(lines: list[str]) -> list[Finding]:
    guard = save = 0
    for no, line in enumerate(lines, 1):
        if _MAIN_GUARD.match(line):
            guard = no
        elif guard and not save and _SAVE.search(line) and no - guard <= 4:
            save = no
        elif save and _TIMED_OUT.search(line):
            return [Finding.root_error(
                "log.save_on_main_only", "checkpoint",
                f"the checkpoint is saved under a main-process guard (line {guard}, the save on line {save}) "
                        f"and the other ranks' collective timed out (line {no}): with FSDP or ZeRO-3 saving gathers the "
                        "shards, a collective the other ranks never enter",
                "call the save on every rank (accelerator.save_state / save_model, Trainer.save_model, "
                "get_state_dict): it writes the files on the main process only; keep the main-process guard for the "
                "rest", Cause.APPLICATION_BUG, [guard, save, no], alternatives=[str(Cause.HANG_COLLECTIVE_MISMATCH)])]
    return []


def _last_line(lines: list[str]) -> int:
    """The number of the paste's last line that is not blank (0: none)."""
    return next((no for no in range(len(lines), 0, -1) if lines[no - 1].strip()), 0)


# The reporter's words for a run that stops at Lightning's rendezvous line, quoted or not: a hang word (paste's),
# then within 30 characters "at", "on" or "after" the rendezvous line.
_AT_INIT = re.compile(r"\b(?:at|on|after)\b[^\n]{0,4}[Ii]nitializing (?:deepspeed )?(?:ddp|distributed)\b")
# A rank variable in the paste's environment listing ("NODE_RANK=0", "* LOCAL_RANK=1", "export NODE_RANK=0").
_RANK_VARIABLE = re.compile(r"\b(LOCAL_RANK|NODE_RANK)=\d")


def _hangs_at_init(line: str) -> bool:
    if not (hang := HANG_WORDS.search(line)):
        return False
    at = _AT_INIT.search(line, hang.end())
    return at is not None and at.start() - hang.end() <= 30


def _members_missing(lines: list[str]) -> list[Finding]:
    last = _last_line(lines)
    m = RANK_CLAIM.search(lines[last - 1]) if last else None
    if m and int(m[2]) < 2:
        return []  # a world of one has nobody to wait for
    if m:
        world = int(m[2])
        joined = {c[1] for c in map(RANK_CLAIM.search, lines) if c and c[2] == m[2]}
        if len(joined) >= world:
            return []
        where, at, shown = f"the paste ends at Lightning's rendezvous (line {last}) with {len(joined)} of {world} " \
            "members shown", last, {"members_shown": len(joined), "world_size": world}
    else:
        said = next((no for no, line in enumerate(lines, 1) if _hangs_at_init(line)), 0)
        if not said:
            return []
        where, at, shown = f"the run hangs at Lightning's rendezvous (line {said})", said, {}
    variable = next(((no, v[1]) for no, line in enumerate(lines, 1) if (v := _RANK_VARIABLE.search(line))), None)
    also = (f"; {variable[1]} is set in its environment (line {variable[0]}): Lightning takes a set LOCAL_RANK "
            "(Lightning 1.0 also NODE_RANK) as processes started by someone else and starts no other"
            if variable else "")
    return [Finding(
        id="log.rendezvous_incomplete", severity=Severity.WARNING, subject=variable[1] if variable else "MASTER_ADDR",
        message=f"{where}: the process group waits for members that never joined (processes not started, or unable "
                f"to reach the master's address and port){also}",
        fix="on one node unset LOCAL_RANK and NODE_RANK before a run Lightning launches itself; under Slurm start "
            "the script with srun and make --nodes / --ntasks-per-node match Trainer(num_nodes, devices); across "
            "nodes let every node reach MASTER_ADDR:MASTER_PORT (firewall, NCCL_SOCKET_IFNAME / GLOO_SOCKET_IFNAME "
            "on the interface that joins them)", cause=Cause.APPLICATION_BUG,
        evidence={"lines": [at] + ([variable[0]] if variable else []), **shown, "role": "root",
                  "alternatives": [str(Cause.FIREWALL_OR_PORT_BLOCKED), str(Cause.WRONG_INTERFACE)]})]


def _stalled_in_nvls(lines: list[str]) -> list[Finding]:
    last = next((no for no in range(len(lines), 0, -1) if _NCCL_LINE.search(lines[no - 1])), 0)
    if not last or "NVLS Bind mem" not in lines[last - 1]:
        return []
    return [Finding.root_error(
        "log.nvls_setup_stalled", "NCCL_NVLS_ENABLE",
        f"the log's last NCCL line binds NVLS multicast memory (line {last}) and no rank got past init: binding "
        "blocks until every GPU of the node has joined the multicast group, which the fabric manager builds on "
        "NVSwitch systems",
        "check the fabric manager (`systemctl status nvidia-fabricmanager`, the driver's version) and that the "
        "container sees every GPU of the node; NCCL_NVLS_ENABLE=0 runs without NVLS", Cause.CUDA_OR_DRIVER, [last],
        alternatives=[str(Cause.TOPOLOGY_OR_NUMA)])]


_EXT_ROOT = re.compile(r"\bUsing\s+\S.* as PyTorch extensions root\.\.\.\s*$")
_BATON_WAIT = re.compile(r'^\s*(?:wait \((?:\S*/)?torch/utils/file_baton\.py:\d+\)|'
                         r'File "[^"]*torch/utils/file_baton\.py", line \d+,? in wait\b)')


def _waiting_for_extension_lock(lines: list[str]) -> list[Finding]:
    last = _last_line(lines)
    baton = next((no for no, line in enumerate(lines, 1) if _BATON_WAIT.search(line)), 0)
    if baton:
        where = f"a stack shows a rank waiting for the lock of torch's extension build directory (line {baton})"
    elif last and _EXT_ROOT.search(lines[last - 1]):
        where = f"the paste ends where torch's extension loader takes its build directory's lock (line {last})"
    else:
        return []
    return [Finding.root_error(
        "log.extension_lock_wait", "torch_extensions",
        f"{where}: a build interrupted earlier leaves the lock file behind, and every rank then waits for it before "
        "any collective",
        "delete the extension's build directory (`rm -rf ~/.cache/torch_extensions/<python>_<cuda>/<extension>`, or "
        "the whole torch_extensions folder; TORCH_EXTENSIONS_DIR moves it) and run again", Cause.OTHER, [baton or last],
        alternatives=[str(Cause.HANG_COLLECTIVE_MISMATCH)])]
