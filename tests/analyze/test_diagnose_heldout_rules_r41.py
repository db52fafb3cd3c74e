"""Rules from round 41 of the held-out measurement (threads grouped by the fix that worked: GPUs and drivers,
hangs of the program's own making), each tested on the text that carries it and on text that must not trigger it."""

from __future__ import annotations

import pytest

from line_reading import assert_reads, causes, lead


# NVIDIA/gpu-driver-container#735: a fabric manager of the 590 branch next to a 580 driver refuses to start.
def test_fabric_manager_refusing_another_drivers_branch_is_the_driver() -> None:
    assert_reads("fabric manager NVIDIA GPU driver interface version 590.48.01 don't match with driver version "
                 "580.126.09.", "log.fabric_manager", "cuda_or_driver")
    # A version line of the fabric manager that states no failure is not one.
    assert lead("Fabric Manager version 580.126.09 matches the driver\n") is None


# guoqincode/Open-AnimateAnyone#32: DDP wrapped a module whose parameters were all frozen.
def test_ddp_constructor_checks_are_the_programs_usage() -> None:
    text = ('  File "/env/lib/python3.8/site-packages/torch/nn/parallel/distributed.py", line 686, in _log_and_throw\n'
            "    raise err_type(err_msg)\n"
            "RuntimeError: DistributedDataParallel is not needed when a module doesn't have any parameter that "
            "requires a gradient.\n")
    assert causes(text)[0] == ("log.framework_usage", "application_bug")
    assert_reads("ValueError: device_ids can only be None or contain a single element.", "log.framework_usage",
                 "application_bug")
    assert_reads("RuntimeError: Modules with uninitialized parameters can't be used with `DistributedDataParallel`. "
                 "Run a dummy forward pass to correctly initialize the modules", "log.framework_usage",
                 "application_bug")


# alan-turing-institute/autocast#381 (srun's "Aborted (core dumped)") and fault run 8 on one H200 (bash's own report,
# no core limit): the watchdog's timeout, then the abort it makes.
@pytest.mark.parametrize("abort", ["srun: error: node7: task 0: Aborted (core dumped)",
                                   "bash: line 1:   694 Aborted                 /opt/torch/.venv/bin/python3 train.py"])
def test_an_abort_after_a_watchdog_timeout_is_the_timeouts_consequence(abort: str) -> None:
    text = ("[Rank 0] Watchdog caught collective operation timeout:\n"
            "  WorkNCCL(SeqNum=9, OpType=ALLREDUCE, NumelIn=1, NumelOut=1, Timeout(ms)=1800000)\n"
            "  ran for 1800090 milliseconds before timing out.\n" + abort + "\n")
    got = causes(text)
    assert got[0] == ("log.timeout", "hang_collective_mismatch")
    assert ("log.crash", "other") not in got
    # Alone, an abort says only that the process aborted.
    assert lead(abort + "\n") == ("log.process_aborted", "other")


def test_an_abort_after_an_uncaught_exception_follows_it() -> None:
    # After an uncaught C++ exception the exception is the cause.
    assert causes("terminate called after throwing an instance of 'c10::DistBackendError'\n"
                  "  what():  NCCL error: unhandled cuda error, NCCL version 2.21.5\n"
                  "Aborted (core dumped)\n")[0][1] != "other"
    # A segmentation fault stays a crash of its own; a line that only says a job was aborted is no signal.
    assert lead("Segmentation fault (core dumped)\n") == ("log.crash", "other")
    assert lead("job 12 Aborted by user request\n") != ("log.process_aborted", "other")


# huggingface/accelerate#2468: main_process_ip was set, DeepSpeed's pdsh runner passed the first interface's address.
def test_a_store_client_dialling_another_address_than_the_configured_master() -> None:
    text = ("        - main_process_ip: 192.168.10.161\n"
            "        - main_process_port: 1040\n"
            "trainer-2: torch.distributed.DistNetworkError: The client socket has failed to connect to any network "
            "address of (192.168.121.122, 1040). The client socket has failed to connect to 192.168.121.122:1040 "
            "(errno: 113 - No route to host).\n"
            "trainer-2: [2024-02-24 04:37:50,964] [INFO] [launch.py:315:sigkill_handler] Killing subprocess 18507\n")
    got = causes(text)
    assert got[0] == ("log.master_addr_differs", "wrong_interface")
    # DeepSpeed's sigkill_handler killing the other workers is not a process killed by the kernel.
    assert "log.process_killed" not in [fid for fid, _ in got]
    # The configured address dialled and refused is the network's (no substitution to blame).
    same = text.replace("192.168.121.122", "192.168.10.161")
    assert "log.master_addr_differs" not in [fid for fid, _ in causes(same)]
    # A master given as a host name cannot be compared with the address dialled.
    named = text.replace("main_process_ip: 192.168.10.161", "main_process_ip: node-0")
    assert "log.master_addr_differs" not in [fid for fid, _ in causes(named)]


# pytorch/pytorch#76367: node 0 launched with --master_addr=localhost, node 1 with node 0's address.
def test_a_loopback_master_on_a_launch_of_several_nodes() -> None:
    text = ("node1:\n"
            "python -m torch.distributed.launch --nproc_per_node=1 --nnodes=2 --node_rank=0 --master_addr=localhost\n"
            "--master_port=2222  --use_env TRAINING_SCRIPT.py\n")
    assert lead(text) == ("log.master_addr_loopback", "wrong_interface")
    # One node may use loopback (torchrun's help: 127.0.0.1 for a single node); such a launch alone gets at most the
    # prior of a run that shows no failure (log.base_rate), no reading of its own.
    assert lead(text.replace("--nnodes=2", "--nnodes=1")) in (None, ("log.base_rate", "application_bug"))
    assert lead("torchrun --standalone --nnodes=1 --nproc_per_node=8 --master_addr=127.0.0.1 train.py\n") is None
    # Elastic ranges count their minimum: 1:4 may run on one node.
    assert lead(text.replace("--nnodes=2", "--nnodes=1:4")) in (None, ("log.base_rate", "application_bug"))
    assert lead(text.replace("--nnodes=2", "--nnodes=2:4")) == ("log.master_addr_loopback", "wrong_interface")
