"""Rules from rounds 439 - 446. Each text a rule reads is quoted from the thread named above its test; each rule is
also tested on text that must not trigger it."""

from __future__ import annotations

from line_reading import ids, lead

from ncclkit.logs.patterns import classify_error

# NVIDIA/nccl#118: NCCL 1.x's test/mpi/mpi_test run against NCCL 2.0 on two nodes
_MPI_TEST = """\
I was trying to run the mpi_test.cu code using NCCL 2.0. The code runs well on single node, but when I tried for 2 \
nodes, each with 8 GPUs, I get the following error.
"NCCL Init failed (10) 'cuda malloc failed'"
mpirun -np 16 build/test/mpi/mpi_test 0 1 2 3 4 5 6 7 0 1 2 3 4 5 6 7
"""


def test_nccl1s_test_program_against_nccl2_is_the_program() -> None:
    assert lead(_MPI_TEST) == ("log.legacy_nccl", "application_bug")


def test_nccl1s_message_without_nccl2_named_stays_the_legacy_library() -> None:
    assert lead(_MPI_TEST.replace("using NCCL 2.0", "using NCCL")) == ("log.legacy_nccl", "nccl_version_mismatch")
    # NCCL 2 named beside NCCL 1's own WARN (not its test's message) is not recast
    own_warn = "NCCL version 2.4.8\nWARN src/core.cu:225 failed to allocate 1024 bytes\n"
    assert lead(own_warn)[1] == "nccl_version_mismatch"


# Lightning-AI/pytorch-lightning#7060: Lightning 1.2.8's DDP launcher on the second node (fixed in 1.3.0, PR #7061)
_CHILDREN = """\
Using PL 1.2.8, multi-node training fails with `accelerator=ddp`. Precisely, the second node complains at \
initialization of processes with an AssertionError at `assert self.global_rank == 0` in `_call_children_scripts` from \
`DDPPlugin` .
"""
_TRACEBACK = """\
  File "/opt/conda/lib/python3.8/site-packages/pytorch_lightning/plugins/training_type/ddp.py", line 96, in \
_call_children_scripts
    assert self.global_rank == 0
AssertionError
"""


def test_lightning_1_2s_global_rank_assert_is_the_release() -> None:
    assert lead(_CHILDREN) == ("log.framework_release", "other")
    assert lead(_TRACEBACK) == ("log.framework_release", "other")


def test_another_assert_on_the_rank_stays_the_programs() -> None:
    assert lead(_TRACEBACK.replace("self.global_rank == 0", "self.local_rank == 0"))[1] == "application_bug"


# NVIDIA/nccl#238: the reporter's account of a hang, threads waiting in recv() under gdb
_WAITING = "I use `gdb -p` to the hanged process on each nodes, I found some threads stop at socket recv().\n"


def test_a_thread_waiting_in_socket_recv_is_no_closed_connection() -> None:
    # the line classifier's own reading, and the scan's, of the account
    assert classify_error(_WAITING).category != "socket_closed"
    assert "log.socket_closed" not in ids(_WAITING)
    assert lead("NCCL WARN socket recv failed: Connection closed\n")[0] == "log.socket_closed"


# NVIDIA/nccl#626: NCCL's truncation WARN broken over two lines where it was pasted
def test_the_second_half_of_a_truncation_warn_reaches_its_row() -> None:
    assert lead("receiving 1048576 bytes instead of 65536\n") == ("log.transport_size_mismatch",
                                                                   "nccl_version_mismatch")


# Lightning-AI/pytorch-lightning#5319: a reporter's hang in words EFA's completion error also uses
_UNRESPONSIVE = ("When running on DDP and using the ModelCheckpoint Callback, if the callback is given `dirpath=None` "
                 "in one of the processes, the trainer hangs before sanity checks start and becomes unresponsive.\n"
                 "Cannot reproduce on Colab due to needing 2 GPUs to reproduce\n")


def test_a_trainer_that_becomes_unresponsive_is_no_efa_peer() -> None:
    assert "log.ofi_error" not in ids(_UNRESPONSIVE)
    assert lead(_UNRESPONSIVE)[1] == "application_bug"
    efa = "libfabric:12:efa:cq: The peer of address fi_addr 3 becomes unresponsive.\n"
    assert lead(efa) == ("log.ofi_error", "rank_crashed_elsewhere")


# NVIDIA-NeMo/Megatron-Bridge#3343: UCX's handler reports the SIGILL of a library on its backtrace
_SIGILL = """\
  [pool0-1616:1864777:0:1864777] Caught signal 4 (Illegal instruction: illegal operand)
  ==== backtrace (tid:1864777) ====
   0  /opt/hpcx/ucx/lib/libucs.so.0(ucs_handle_error+0x2e4) [0x15551d4a3774]
"""


def test_ucxs_report_of_an_illegal_instruction_is_a_crash() -> None:
    assert lead(_SIGILL) == ("log.crash", "other")
    # UCX's other signals keep their own rows (a bus error is /dev/shm's)
    assert lead(_SIGILL.replace("4 (Illegal instruction: illegal operand)",
                                "7 (Bus error: nonexistent physical address)"))[1] == "shm_too_small"
    # srun's exit code of the same tasks, 128 + SIGILL; 137 stays the kill, 1 the worker's own error
    srun = "srun: error: pool0-1361: tasks 0-7: Exited with exit code 132\n"
    assert lead(srun) == ("log.crash", "other")
    assert lead(srun.replace("132", "137"))[0] == "log.process_killed"
    assert "log.crash" not in ids(srun.replace("132", "1"))
    # torchrun's exit code is the signal itself: -4 is SIGILL, -15 a stop from outside
    elastic = "torch.distributed.elastic.multiprocessing.api:failed (exitcode: -4) local_rank: 0 (pid: 123) of binary\n"
    assert lead(elastic) == ("log.crash", "other")
    assert lead(elastic.replace("-4)", "-15)"))[0] == "log.remote_exited"
