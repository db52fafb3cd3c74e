"""Rules from held-out rounds 225 - 228 and sweeps 242 - 244 (2026-12-06: troubleshooting and FAQ pages kept in
repositories, consumer GPUs and containers, NCCL 2.23 - 2.29). Each text is quoted from the thread or file named
above its test, and tested on real text that must not trigger it."""

from __future__ import annotations

from pathlib import Path

from line_reading import lead

# an AWS p4d guide (vanshajagrawal/beyondtritonrl, docs REPLICATION_GUIDE.md): both errors of a node whose
# nvidia-fabricmanager was not installed, the framework's complaint printed first
_P4D = ("RuntimeError: Distributed package doesn't have NCCL built in\n"
        "RuntimeError: CUDA error: system not yet initialized\n")


def test_a_fabric_manager_that_is_down_explains_the_errors_beside_it() -> None:
    assert lead(_P4D) == ("log.fabric_manager", "cuda_or_driver")
    # without the CUDA error, the framework's complaint is what the paste shows
    assert lead(_P4D.splitlines()[0] + "\n")[1] == "application_bug"
    # the fabric manager's other lines (an NVLS bind failing) do not outrank what NCCL says of them (NVIDIA/nccl#2077,
    # tests/diagnosis/corpus-heldout-r35-nccl1300: the switch's multicast slots used up, then NCCL's hint)
    case = Path(__file__).parents[1] / "diagnosis/corpus-heldout-r35-nccl1300/cases" / \
        "nccl2077-nvls-multicast-slots-exhausted-2297.txt"
    assert lead(case.read_text()) == ("log.nvls_resources", "other")


# amazon-science/polygon-transformer#29: two fairseq ranks on one GPU; NCCL's trace of ncclInvalidUsage and both
# ranks' abort lines, the WARN not pasted
_ONE_GPU = """\
chn-llmclass-a6914da2-c147-48c4-838b-3a0a8499bd17:3640:3640 [0] NCCL INFO init.cc:1876 -> 5
chn-llmclass-a6914da2-c147-48c4-838b-3a0a8499bd17:3639:3639 [0] NCCL INFO comm 0x55dda0453c60 rank 0 nranks 2 \
cudaDev 0 busId 19000 - Abort COMPLETE
chn-llmclass-a6914da2-c147-48c4-838b-3a0a8499bd17:3640:3640 [0] NCCL INFO comm 0x564f1c75ca80 rank 1 nranks 2 \
cudaDev 0 busId 19000 - Abort COMPLETE
"""


def test_invalid_usage_with_two_ranks_on_one_bus_id_is_a_duplicate_gpu() -> None:
    assert lead(_ONE_GPU) == ("log.nccl_error_code", "application_bug")
    # ranks on two GPUs: the code alone, no cause claimed
    assert lead(_ONE_GPU.replace("busId 19000 - Abort COMPLETE\nchn", "busId 1a000 - Abort COMPLETE\nchn")) is None
    # one GPU but another code (ncclSystemError): not what NCCL returns for a duplicate GPU
    assert lead(_ONE_GPU.replace("-> 5", "-> 2")) is None


def test_slurm_and_lightning_launch_lines() -> None:
    # vsoch/vsoch.github.io#21: Intel MPI's mpirun inside a container started by srun --mpi=pmi2
    assert lead("slurmstepd: error: mpi/pmi2: invalid PMI1 init command: `error'\n") == \
        ("log.launch_config", "application_bug")
    # Lightning-AI/pytorch-lightning#102, Lightning's Slurm check, wrapped as it prints
    assert lead("UserWarning: \nYou requested 2 GPUs but launched 1 slurm tasks.\nWe will launch 2 processes for "
                "you.\n") == ("log.launch_config", "application_bug")
    # horovod/horovod#3765: PMIx 2.0's store (dstore/pmix_esh.c) out of resources in a Spark executor's container
    assert lead("[lhr-appprlb18033.i2cinc.local:37589] PMIX ERROR: OUT-OF-RESOURCE in file dstore/pmix_esh.c at "
                "line 831\n") == ("log.launch_config", "other")
    # its plain ERROR from the same file, and the step's cancellation, are none of these
    assert lead("[host:37589] PMIX ERROR: ERROR in file dstore/pmix_esh.c at line 1723\n") is None
    assert lead("slurmstepd: error: *** STEP 123.0 ON node1 CANCELLED AT 2020-01-01T00:00:00 ***\n") == \
        ("log.job_stopped", "other")


def test_gvisors_gpu_proxy_refusing_a_driver_call() -> None:
    # google/gvisor#10413: multi-GPU training under runsc --nvproxy hung
    assert lead("W0509 01:16:28.218428  1772489 frontend.go:521] [   6:  20] nvproxy: unknown control command "
                "0x3d05 (paramsSize=24)\n") == ("log.gpu_missing", "cuda_or_driver")
    assert lead("W0509 01:16:28.218428  1772489 nvproxy.go:100] nvproxy: driver version 550.54.15\n") is None


def test_a_transfer_library_on_tcp_and_a_kernel_line_quoted_as_a_comment() -> None:
    # ai-dynamo/dynamo docs/kubernetes/disagg-communication-guide.md
    assert lead("UCX WARN no RDMA transports available\nNIXL INFO falling back to TCP transport\n") == \
        ("log.no_ib_device", "socket_fallback")
    assert lead("NIXL INFO Backend UCX was instantiated\n") is None
    # kvcache-ai/Mooncake docs/source/troubleshooting/troubleshooting.md: the kernel's line under its dmesg command
    assert lead("   # mlx5_core 0000:65:01.0: mlx5_cmd_out_err:829:(pid 3958462): CREATE_MKEY(0x200) op_mod(0x0) "
                "failed, status no resources(0xf), syndrome (0x2aac7c), err(-11)\n") == \
        ("log.ibv_create_qp_failed", "ib_resource_error")
    # a code comment that names the driver and an error is still code
    assert lead("    # if mlx5_core failed to load, fall back to the error path\n") is None
