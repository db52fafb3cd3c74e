"""Rules from round 49 of the held-out measurement (torchrun's failure summaries, GPU test tools, NCCL's newer
variables, trainer frameworks), each tested on the text that carries it and on text that must not trigger it."""

from __future__ import annotations

from line_reading import causes, lead

from ncclkit.logs.analyze import analyze_text


# pytorch/ignite#1165: the NCCL backend started with every GPU hidden; the process died with SIGFPE.
def test_nccl_started_with_every_gpu_hidden_is_the_program() -> None:
    text = ('> CUDA_VISIBLE_DEVICES="" python -m torch.distributed.launch --use_env --nproc_per_node=1 ddp.py\n'
            '    dist.init_process_group("nccl", init_method="env://")\n'
            "subprocess.CalledProcessError: Command '['python', '-u', 'ddp.py']' died with <Signals.SIGFPE: 8>.\n")
    assert lead(text) == ("log.nccl_without_gpu", "application_bug")
    # Gloo on hidden GPUs is a CPU run, and NCCL with GPUs listed is no finding.
    assert "log.nccl_without_gpu" not in {f for f, _ in causes(text.replace('"nccl"', '"gloo"'))}
    assert "log.nccl_without_gpu" not in {f for f, _ in causes(text.replace('=""', "=0,1"))}
    assert lead("CUDA_VISIBLE_DEVICES=-1 torchrun --nproc_per_node=2 train.py --dist-backend nccl\n") == (
        "log.nccl_without_gpu", "application_bug")


# NVIDIA/nccl#1480: NCCL_P2P_USE_CUDA_MEMCPY=1 set in the launch, a job that hung under nsys.
def test_p2p_by_cudamemcpy_is_named_before_the_other_settings() -> None:
    launch = ("mpirun -np 8 -x NCCL_SOCKET_IFNAME=bond0 -x NCCL_ALGO=Ring -x NCCL_P2P_USE_CUDA_MEMCPY=1 "
              "./all_reduce_perf -b 8 -e 1G\n")
    first = analyze_text(launch)["findings"][0]
    assert (first["id"], first["subject"], first["cause"]) == ("log.env_set", "NCCL_P2P_USE_CUDA_MEMCPY",
                                                               "performance_config")
    # Off, it is not named; the interface setting leads as before.
    off = analyze_text(launch.replace("NCCL_P2P_USE_CUDA_MEMCPY=1", "NCCL_P2P_USE_CUDA_MEMCPY=0"))["findings"]
    assert "NCCL_P2P_USE_CUDA_MEMCPY" not in {f["subject"] for f in off}
    assert off[0]["subject"] == "NCCL_SOCKET_IFNAME"


# wilicc/gpu-burn#101: PTX built for a newer toolkit and another architecture than the GT 730 and its driver.
def test_a_ptx_jit_failure_is_the_driver_and_the_build() -> None:
    assert lead("Couldn't init a GPU test: Error in load module (gpu_burn-drv.cpp:238): a PTX JIT compilation "
                "failed\n") == ("log.cuda_error", "cuda_or_driver")


# NVIDIA/nvbandwidth#13: two GeForce boards without PCIe P2P; nvbandwidth waived its device-to-device tests.
def test_nvbandwidth_waiving_gpu_to_gpu_tests_is_p2p() -> None:
    assert lead("Waiving device_to_device_memcpy_write_ce.\n") == ("log.p2p_error", "acs_iommu_p2p")
    # Host-to-device tests are never waived for peers; a word alone is nothing.
    assert lead("Waiving the fee for host_to_device runs\n") is None
