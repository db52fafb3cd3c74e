"""`log.base_rate`: a paste that shows a failure or a hang, where nothing names a cause, is answered with the causes
such threads were settled as (a prior, said to be one), not left unanswered; so is a paste of a run that shows no
failure at all or tells of a slow run, saying so. A recognised log that shows no trouble, a node's listing, a paste
that speaks of no GPU job and one where a launcher pointed at a worker's own output get none (NCCL's own error that
names no cause, pasted without its WARN, does get it), and a paste where a row names the cause keeps that cause
first. Each paste is quoted from the thread named above it; the listings are the repository's own node snapshots.
(The prior's order is checked against the labelled corpus in tests/diagnosis.)"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ncclkit.cli.main import main
from ncclkit.logs.analyze import analyze_text

DATA = Path(__file__).resolve().parents[1] / "data"

# stanford-futuredata/ColBERT#7: the reporter's launch (--local_rank given by hand) and his account of the hang
_COLBERT = """\
`CUDA_VISIBLE_DEVICES=0,1 python3.7 -m torch.distributed.launch \\
          --nproc_per_node=${WORLD_SIZE} colbert/train.py \\
          --triples $TRIPLES_PATH \\
          --local_rank 2 \\
          --accum 1`
but I'm not sure if it is correct - At the moment the training doesn't seem to run (model loads on 1 gpu but \
training loop hangs)
"""
# allenai/open-instruct#475: the paste ends inside the traceback, before its exception
_PROGRESS = """\
12/03/2024 07:54:53 - INFO - __main__ - ***** Running training *****
12/03/2024 07:54:53 - INFO - __main__ -   Num examples = 40723
12/03/2024 07:54:53 - INFO - __main__ -   Total train batch size (w. parallel, distributed & accumulation) = 64
12/03/2024 07:54:53 - INFO - __main__ -   Total optimization steps = 1274
  0%|                                                                                        | 0/1274 [00:00<?, ?it/s]\
"""
_CUT = _PROGRESS + """Traceback (most recent call last):
  File "/root/rag-ler-update/finetune_reranker.py", line 862, in <module>
    main()
"""
# mosaicml/llm-foundry#336: two nodes of 8 GPUs, no error, 8 times slower than one node
_SLOW = """\
`composer --world_size 16 --node_rank 0 --master_addr <MY_IP> --master_port <MY_PORT> train.py \
yamls/pretrain/mpt-1b-rulm-cluster.yaml train_loader.dataset.split=train eval_loader.dataset.split=val` on 0 node
Training starting but it's going really slow, like in 8 times slower than on single node with 8 gpu
all 16 gpus are working in 100% with `nvidia-smi`
"""


def _causes(text: str) -> list[tuple[str, str]]:
    return [(f["id"], f["cause"]) for f in analyze_text(text, name="paste")["findings"] if f.get("cause")]


def test_a_hang_told_in_prose_gets_the_prior_of_failed_jobs() -> None:
    assert _causes(_COLBERT) == [("log.base_rate", "application_bug"), ("log.alternative", "other"),
                                 ("log.alternative", "wrong_interface")]
    prior = analyze_text(_COLBERT, name="paste")["findings"][0]
    assert prior["severity"] == "info"
    assert prior["evidence"]["lines"] == [6]  # the line that tells of the hang
    assert "a prior from those threads, not a reading of this paste" in prior["message"]


def test_a_traceback_cut_before_its_exception_is_a_failure() -> None:
    prior = analyze_text(_CUT, name="paste")["findings"][0]
    assert (prior["id"], prior["cause"]) == ("log.base_rate", "application_bug")
    assert prior["evidence"]["lines"] == [5]  # the progress bar's line, which the header ends


def test_the_text_report_says_it_is_a_prior(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    paste = tmp_path / "paste.txt"
    paste.write_text(_COLBERT)
    assert main(["analyze", str(paste)]) == 0
    out = capsys.readouterr().out
    assert "No cause in this paste; what pastes like it most often turned out to be: application_bug" in out
    assert "other (log.alternative)" in out and "wrong_interface (log.alternative)" in out


def test_a_row_that_names_the_cause_keeps_it_first() -> None:
    oom = _CUT + "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB. GPU 0 has a total " \
                 "capacity of 79.11 GiB of which 1.06 GiB is free.\n"
    causes = _causes(oom)
    assert causes[0][1] == "oom" and all(fid != "log.base_rate" for fid, _ in causes)


def test_no_prior_where_a_launcher_pointed_at_the_workers_output() -> None:
    # Open MPI's report of a rank that exited 3 with no word of its own (this repository's mpirun run): the reader
    # of that report says to read the rank's own output; a prior would only repeat that nothing is known.
    exited = (DATA.parent / "analyze/data/mpi-launch-ompi-4.1.6/rank-exits.log").read_text()
    assert [fid for fid, _ in _causes(exited)] == []
    assert "log.worker_failed" in [f["id"] for f in analyze_text(exited, name="paste")["findings"]]


def test_nccls_error_that_names_no_cause_without_its_warn_gets_the_prior() -> None:
    # open-mmlab/mmsegmentation#1521: PyTorch's "internal error" without NCCL's WARN (settled by another version)
    bare = ("RuntimeError: NCCL error in: /pytorch/torch/lib/c10d/ProcessGroupNCCL.cpp:748, internal error, NCCL "
            "version 2.7.8\npython -m torch.distributed.launch --nproc_per_node=$GPUS --master_port=$PORT\n")
    assert _causes(bare) == [("log.base_rate", "application_bug"), ("log.alternative", "other"),
                             ("log.alternative", "wrong_interface")]
    prior = next(f for f in analyze_text(bare, name="paste")["findings"] if f["id"] == "log.base_rate")
    assert prior["evidence"]["lines"] == [1]
    # the line alone is a message to look up; with the WARN that says why, that WARN leads
    assert _causes(bare.splitlines()[0] + "\n") == []
    warned = "node1:123:456 [0] NCCL WARN Cuda failure 'out of memory'\n" + bare
    assert all(fid != "log.base_rate" for fid, _ in _causes(warned)) and _causes(warned)[0][1] == "oom"


def test_a_run_that_shows_no_failure_gets_the_prior_and_says_so() -> None:
    # The reporter's launch with nothing wrong in it, pasted because the run went wrong: the report around it says
    # what (of the visible held-out causes analyze said nothing on, 21 were such pastes, most the program's doing)
    launch = "".join(_COLBERT.splitlines(keepends=True)[:5])
    prior = analyze_text(launch, name="paste")["findings"][0]
    assert (prior["id"], prior["cause"], prior["evidence"]["shows"]) == ("log.base_rate", "application_bug", "nothing")
    assert prior["evidence"]["lines"] == [] and "nor does any show a failure" in prior["message"]
    # the same launch with the word of a failure in it is a failure's paste, and says so
    failed = analyze_text(launch.replace("--accum 1", "--accum 1 failed"), name="paste")
    assert failed["findings"][0]["evidence"]["shows"] == "failure"
    assert "it shows a failure or a hang" in failed["findings"][0]["message"]


def test_a_slow_run_gets_the_prior_of_slow_runs() -> None:
    prior = analyze_text(_SLOW, name="paste")["findings"][0]
    assert (prior["id"], prior["evidence"]["shows"], prior["evidence"]["lines"]) == ("log.base_rate", "slow", [])
    assert _causes(_SLOW) == [("log.base_rate", "other"), ("log.alternative", "performance_config"),
                              ("log.alternative", "acs_iommu_p2p")]
    assert "told of a slow run" in prior["message"] and "nvidia-smi" in prior["fix"]
    # a run's own measure of its speed is a slow run's paste too (facebookresearch/mae#34: "10Gbps", minutes an epoch)
    measured = "horovodrun -np 64 python train.py\nnodes: 8, machine: 8*v100\nthe peak receive network is 7Gbps\n"
    assert analyze_text(measured, name="paste")["findings"][0]["evidence"]["shows"] == "slow"
    assert analyze_text(measured.replace("7Gbps", "7"), name="paste")["findings"][0]["evidence"]["shows"] == "nothing"


@pytest.mark.parametrize("text", [
    _PROGRESS,  # a job's progress bar and nothing else: no failure, no hang, no words or command of the reporter
    "",
    "<?xml version=\"1.0\" ?>\n<nvidia_smi_log>\n<cuda_version>12.4</cuda_version>\n<rank>0</rank>\n",
    "training loop hangs on 1 gpu\n",  # a few words alone: one short line is a message to look up
], ids=["progress-bar-only", "empty", "xml", "one-line"])
def test_no_prior_without_a_failure_or_a_hang_of_a_run(text: str) -> None:
    assert not _causes(text)


def test_a_reporters_one_sentence_account_of_a_hang_gets_the_prior() -> None:
    # rllm-org/rllm#47: the whole report is one sentence of prose; the thread settled it as the launch's doing
    sentence = ("When I train the model, I set the visible Cuda to be 4. However, the code gets stuck before the "
                "training begins.\n")
    assert _causes(sentence)[0] == ("log.base_rate", "application_bug")
    assert _causes(_COLBERT.splitlines()[-1] + "\n")[0] == ("log.base_rate", "application_bug")
    assert not _causes("the code gets stuck on 4 GPUs\n")


@pytest.mark.parametrize("path", [
    "measurements/nccl-debug-2xH200-nvlink-2.28.9.log",  # a healthy run: "Failed to initialize NET plugin IB" at INFO
    "nodes/h200x2-vm-no-rdma/cmd/nvidia-smi.txt",
    "nodes/h200x2-vm-no-rdma/cmd/nvidia-smi-nvlink-s.txt",  # "26.562 GB/s" per link: a rate, not a slow run
    "nodes/h200x2-vm-no-rdma/cmd/lscpu.txt",  # "TSX async abort": a failure word of no GPU job
])
def test_no_prior_on_healthy_logs_and_listings(path: str) -> None:
    result = analyze_text((DATA / path).read_text(), name=path)
    assert all(f["id"] != "log.base_rate" for f in result["findings"]), json.dumps(result["findings"])[:400]


def test_what_an_issue_template_asks_for_is_no_failure() -> None:
    # torch.utils.collect_env and nvidia-smi as printed on an H100 (tests/data/reports-h100-2026-12-07): its
    # "<frozen runpy>" warning is no frozen job nor an XML document, "Could not collect" and lscpu's "Vulnerability
    # Tsx async abort" lines are no failure
    report = (DATA / "reports-h100-2026-12-07/collect_env.txt").read_text()
    assert _causes(report) == []
    # above the reporter's account of a run that shows no failure, that account keeps its prior
    account = "I launch it with torchrun --nproc_per_node 8 train.py and my loss stays flat\n"
    assert _causes(report + "\n" + account)[0] == ("log.base_rate", "application_bug")
    # a traceback pasted from its middle, cut before its exception, is a failure (NVIDIA-NeMo/Automodel#3686)
    frames = ('[rank8]:   File "nemo_automodel/components/checkpoint/checkpointing.py", line 1397, in '
              'save_on_global_ranks\n'
              "[rank8]:     _ensure_dirs(state_dir, process_group=self.process_group)\n"
              '[rank8]:   File "nemo_automodel/components/checkpoint/checkpointing.py", line 2011, in _create_dirs\n'
              "[rank8]:     os.makedirs(directory, exist_ok=True)\n"
              '[rank8]:   File "<frozen os>", line 225, in makedirs\n')
    prior = next(f for f in analyze_text(frames, name="paste")["findings"] if f["id"] == "log.base_rate")
    assert prior["evidence"]["lines"] == [5]
