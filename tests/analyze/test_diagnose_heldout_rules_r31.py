"""Rules from round 31 of the held-out measurement (frameworks beside PyTorch, pretraining stacks, cloud operators,
multimodal, RL and speech repos, consumer and Windows users, recommender and scientific repos, communication
libraries), each tested on the text that carries it and on text that must not trigger it."""

from __future__ import annotations

from line_reading import assert_reads, causes, lead
from ncclkit.logs.analyze import analyze_text

# axolotl-ai-cloud/axolotl#3132: `nvidia-smi topo -p2p n` on a RunPod machine whose two GPUs refuse peer-to-peer.
P2P_NS = """        GPU0    GPU1
 GPU0   X       NS
 GPU1   NS      X

Legend:

  X    = Self
  OK   = Status Ok
  CNS  = Chipset not supported
  GNS  = GPU not supported
  TNS  = Topology not supported
  NS   = Not supported
  U    = Unknown
"""


def test_gpu_pairs_the_driver_refuses_peer_to_peer_are_acs_iommu_p2p() -> None:
    result = analyze_text(P2P_NS)
    assert result["kind"] == "topo"
    assert causes(P2P_NS)[0] == ("topo.p2p_unsupported", "acs_iommu_p2p")
    assert result["gpu_p2p"]["GPU0"] == {"GPU1": "NS"}


def test_a_p2p_matrix_of_ok_cells_names_no_cause() -> None:
    text = P2P_NS.replace("NS      X", "OK      X").replace("X       NS", "X       OK")
    assert [f["id"] for f in analyze_text(text)["findings"]] == ["topo.p2p_ok"]
    assert lead(text) is None


def test_a_topology_matrix_is_still_read_as_paths_not_p2p_verdicts() -> None:
    text = ("        GPU0    GPU1    NIC0    CPU Affinity    NUMA Affinity\n"
            "GPU0     X      SYS     PIX     0-31    0\n"
            "GPU1    SYS      X      SYS     32-63   1\n"
            "NIC0    PIX     SYS      X\n\nNIC Legend:\n\n  NIC0: mlx5_0\n")
    result = analyze_text(text)
    assert result["gpus"] == ["GPU0", "GPU1"] and "gpu_p2p" not in result


# cocktailpeanut/fluxgym#504, jingyaogong/minimind#115: torchrun on Windows, whose PyTorch has no libuv. The build's
# lack leads (pytorch/pytorch#139990, ultralytics/ultralytics#17080); the launch's setting is the alternative.
def test_a_pytorch_without_libuv_asked_for_it_is_the_builds_then_the_launchs() -> None:
    assert_reads("torch.distributed.DistStoreError: use_libuv was requested but PyTorch was built without libuv "
                 "support, run with USE_LIBUV=0 to disable it.", "log.framework_usage", "other")
    assert_reads("Error： RuntimeError: use_libuv was requested but PyTorch was build without libuv support",
                 "log.framework_usage", "other")
    assert "application_bug" in [c for _, c in causes("RuntimeError: use_libuv was requested but PyTorch was build "
                                                      "without libuv support\n")]


# PlayVoice/whisper-vits-svc#97: only the traceback's source line was pasted.
def test_a_raise_of_string_literals_reads_as_its_message() -> None:
    assert_reads('raise RuntimeError("Distributed package doesn\'t have NCCL " "built in")',
                 "log.framework_usage", "other")


def test_a_raise_that_builds_its_message_is_still_quoted_code() -> None:
    text = ('  File "train.py", line 3, in <module>\n'
            '    raise RuntimeError("NCCL error: " + str(err))\n'
            '    raise RuntimeError(f"Distributed package doesn\'t have {backend} built in")\n')
    assert analyze_text(text)["errors"] == []


# NVIDIA-NeMo/Speech#5819 (NeMo on Lightning under Slurm): two tasks numbered their ranks from the same start.
CLAIMS = """0: Initializing distributed: GLOBAL_RANK: 1, MEMBER: 2/8
0: Initializing distributed: GLOBAL_RANK: 3, MEMBER: 4/8
1: Initializing distributed: GLOBAL_RANK: 2, MEMBER: 3/8
1: Initializing distributed: GLOBAL_RANK: 1, MEMBER: 2/8
"""


def test_one_global_rank_claimed_twice_in_one_start_is_the_launch() -> None:
    assert causes(CLAIMS)[0] == ("log.launch_config", "application_bug")


def test_every_rank_claimed_again_after_a_restart_is_no_finding() -> None:
    text = ("Initializing distributed: GLOBAL_RANK: 0, MEMBER: 1/2\n"
            "Initializing distributed: GLOBAL_RANK: 1, MEMBER: 2/2\n"
            "Traceback (most recent call last):\n  File \"train.py\", line 3\nKeyError: 'x'\nrestarting the workers\n"
            "Initializing distributed: GLOBAL_RANK: 1, MEMBER: 2/2\n"
            "Initializing distributed: GLOBAL_RANK: 0, MEMBER: 1/2\n")
    # The restart's claims name no launch problem; the traceback that caused the restart is the program's.
    assert lead(text) == ("log.program_error", "application_bug")
    assert "log.launch_config" not in [f["id"] for f in analyze_text(text)["findings"]]


# aqlaboratory/openfold#486: asked why three GPUs were not used, the log shows a job of one process.
def test_a_job_of_one_process_is_noted_as_the_launch() -> None:
    text = ("initializing deepspeed distributed: GLOBAL_RANK: 0, MEMBER: 1/1\n"
            "LOCAL_RANK: 0 - CUDA_VISIBLE_DEVICES: [0]\n")
    findings = analyze_text(text)["findings"]
    assert (findings[0]["id"], findings[0]["cause"], findings[0]["severity"]) == \
        ("log.single_process", "application_bug", "info")


def test_a_job_of_one_process_that_fails_leads_with_the_failure() -> None:
    text = ("Initializing distributed: GLOBAL_RANK: 0, MEMBER: 1/1\n"
            "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB\n")
    assert causes(text)[0] == ("log.oom", "oom")


# The classifier's "HINT:" rows are NCCL's own upper-case INFO hints; a line that merely contains "Hint:" is read.
def test_only_nccls_upper_case_hints_are_restatements() -> None:
    assert lead("node1:1:1 [0] NCCL INFO HINT: In many cases this error occurs when ACS is enabled which would "
                "break GPU Direct RDMA protocol.\n") is None
    text = "OSError: (External) NCCL error(1), unhandled cuda error. [Hint: see the log above.]\n"
    assert lead(text) == ("log.cuda_error", "cuda_or_driver")


# aikitoria/open-gpu-kernel-modules#22: four RTX 3090s whose BAR1 stayed at 256 MiB (resizable BAR off).
def test_a_bar1_of_256_mib_is_peer_to_peer_through_the_bar() -> None:
    text = ("$ nvidia-smi -q | grep -i bar -A 3\n    BAR1 Memory Usage\n"
            "        Total                                          : 256 MiB\n"
            "        Used                                           : 1 MiB\n")
    assert causes(text)[0] == ("log.bar1_small", "acs_iommu_p2p")
    assert analyze_text(text)["findings"][0]["evidence"]["lines"] == [3]


def test_a_datacenter_gpus_bar1_and_its_memory_total_name_nothing() -> None:
    text = ("    FB Memory Usage\n        Total                             : 81559 MiB\n"
            "    BAR1 Memory Usage\n        Total                             : 131072 MiB\n")
    assert lead(text) is None
