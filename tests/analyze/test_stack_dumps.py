"""Stack dumps pasted for a hang (gdb, lldb, py-spy): the frames that show where the hang is. Each dump is quoted from
the thread named above its test, and tested on a dump that must not give the finding."""

from __future__ import annotations

from pathlib import Path

from line_reading import lead

from ncclkit.logs.analyze import analyze_text


def ids(text: str) -> set[str]:
    return {f["id"] for f in analyze_text(text)["findings"]}


# NVIDIA/nccl#829 (gdb: the abort waiting on its stream) and pytorch/pytorch#149153 (lldb: NCCL 2.25.1's abort; its
# frame names hold "Timeout" and "abort", which are no error lines).
def test_a_hang_inside_the_communicators_teardown() -> None:
    gdb = ("Thread 58 (Thread 0x15535d20d700 (LWP 1823817)):\n"
           "#10 0x000015551e63c2e8 in cudaStreamSynchronize () from cuda11.7/toolkit/11.7.1/targets/x86_64-linux/lib/"
           "libcudart.so.11.0\n"
           "#12 0x00001554fb45aa8c in commDestroySync (job_=job_@entry=0x15535d20b9d0) at init.cc:1313\n"
           "#14 0x00001554fb45beef in ncclCommAbort (comm=0x5555bf9ec710) at init.cc:1508\n")
    assert lead(gdb) == ("log.teardown_hang", "other")
    lldb = ("    frame #2: 0x00007fb090db0b85 libtorch_cuda.so`c10d::ProcessGroupNCCL::waitForFutureOrTimeout(std::future"
            "<bool>&, std::chrono::duration<long, std::ratio<1l, 1000l>> const&)\n"
            "    frame #3: 0x00007fb090db1068 libtorch_cuda.so`c10d::ProcessGroupNCCL::abort() + 664\n")
    assert lead(lldb) == ("log.teardown_hang", "other")
    assert not ids(lldb) & {"log.timeout", "log.abort"}
    # the proxy thread every NCCL process has, idle in its wait (NVIDIA/nccl#1013), is no hang
    idle = ("#5  0x00007f97e4c60f40 in ncclProxyGetPostedOps (added=<synthetic pointer>, proxyState=0x7f97731dacc0) at "
            "proxy.cc:721\n"
            "#6  ncclProxyProgress (proxyState_=<optimized out>) at proxy.cc:877\n")
    assert "log.teardown_hang" not in ids(idle)


# pytorch/pytorch#87995 (rank 0's main thread in the data loader; num_workers=0 fixed it); NVIDIA/Megatron-LM#2422 (a
# pin-memory thread waiting on its queue is every process's).
def test_a_rank_waiting_for_its_data() -> None:
    text = ('Thread 0x7FA6E7C01740 (idle): "MainThread"\n'
            "    wait (threading.py:302)\n"
            "    get (queue.py:170)\n"
            "    __next__ (fairseq/data/iterators.py:648)\n"
            "    __iter__ (fairseq/data/iterators.py:59)\n"
            "    train (fairseq_cli/train.py:274)\n")
    assert lead(text) == ("log.rank_in_dataloader", "application_bug")
    pin = ('Thread 38606 (idle): "Thread-2 (_pin_memory_loop)"\n'
           "    get (multiprocessing/queues.py:113)\n"
           "    do_one_step (torch/utils/data/_utils/pin_memory.py:37)\n")
    assert "log.rank_in_dataloader" not in ids(pin)
    # a main thread in a collective is waiting for a peer, not for data
    waiting = text.replace("    train (fairseq_cli/train.py:274)\n",
                           "    all_reduce (torch/distributed/distributed_c10d.py:1536)\n")
    assert "log.rank_in_dataloader" not in ids(waiting)


# NVIDIA/Megatron-LM#2422: one process's main thread joins the async checkpoint writer (its shards stuck at 6305 bytes),
# beside the pin-memory thread every training process has; py-spy's own layout without its "Process N:" header.
def test_one_main_thread_waiting_for_its_child_process() -> None:
    text = ('Thread 36380 (idle): "MainThread"\n'
            "    poll (multiprocessing/popen_fork.py:27)\n"
            "    wait (multiprocessing/popen_fork.py:43)\n"
            "    join (multiprocessing/process.py:149)\n"
            "    close (core/dist_checkpointing/strategies/async_utils.py:248)\n"
            "    save (core/dist_checkpointing/serialization.py:396)\n"
            'Thread 38606 (idle): "Thread-2 (_pin_memory_loop)"\n'
            "    get (multiprocessing/queues.py:113)\n"
            "    do_one_step (torch/utils/data/_utils/pin_memory.py:37)\n")
    assert lead(text) == ("log.main_thread_blocked", "application_bug")
    found = next(f for f in analyze_text(text)["findings"] if f["id"] == "log.main_thread_blocked")
    assert "close (core/dist_checkpointing/strategies/async_utils.py, line 5)" in found["message"]
    # the same wait under a collective is a wait for a peer; a main thread computing, or one py-spy saw active,
    # waits on nothing of its own
    collective = text.replace("    save (core/dist_checkpointing/serialization.py:396)\n",
                              "    barrier (torch/distributed/distributed_c10d.py:4159)\n")
    assert "log.main_thread_blocked" not in ids(collective)
    assert "log.main_thread_blocked" not in ids(_pyspy(103, _FORWARD))
    assert "log.main_thread_blocked" not in ids(text.replace("(idle): \"MainThread\"", "(active): \"MainThread\""))
    # an engine waiting on its workers' socket is what an idle server's dump shows too (vllm-project/vllm#50835)
    engine = ('Thread 4085279 (idle): "MainThread"\n'
              "    poll (zmq/sugar/poll.py:106)\n"
              "    recv (vllm/distributed/device_communicators/shm_broadcast.py:802)\n"
              "    get_response (vllm/v1/executor/multiproc_executor.py:387)\n")
    assert "log.main_thread_blocked" not in ids(engine)


# rwth-i6/returnn#1484: three of four ranks exited (<defunct>) and the fourth hangs in all_reduce; a defunct data-loader
# worker under a living rank is no dead rank.
def test_ranks_that_exited_in_the_process_tree() -> None:
    tree = ("   6429  \\_ python3.11\n"
            "   6454      \\_ python3.11\n"
            "   6472          \\_ python3.11 <defunct>\n"
            "   6601          |   \\_ python3.11 <defunct>\n"
            "   6473          \\_ python3.11\n"
            "   6637          |   \\_ python3.11\n"
            "   6474          \\_ python3.11 <defunct>\n"
            "   6475          \\_ python3.11 <defunct>\n")
    assert lead(tree) == ("log.ranks_exited", "rank_crashed_elsewhere")
    assert "3 of 4" in analyze_text(tree)["findings"][0]["message"]
    worker = ("   6454      \\_ python3.11\n"
              "   6472          \\_ python3.11\n"
              "   6601          |   \\_ python3.11 <defunct>\n"
              "   6473          \\_ python3.11\n"
              "   6637          |   \\_ python3.11\n")
    assert "log.ranks_exited" not in ids(worker)


def _pyspy(pid: int, frames: list[str]) -> str:
    """One process of `py-spy dump`, in its own layout (header, interpreter, the main thread's frames)."""
    body = "".join(f"    {frame}\n" for frame in frames)
    return (f"Process {pid}: /usr/bin/python3.10 -u train.py --config config.yaml\n"
            "Python v3.10.12 (/usr/bin/python3.10)\n\n"
            f'Thread {pid} (idle): "MainThread"\n{body}\n')


_GATHER = ["all_gather_into_tensor (torch/distributed/distributed_c10d.py:3015)",
           "wrapper (torch/distributed/c10d_logger.py:83)",
           "_all_gather_coalesced (deepspeed/runtime/zero/partition_parameters.py:1155)",
           "forward (deepspeed/runtime/zero/parameter_offload.py:380)"]
_FORWARD = ["forward (transformers/models/mixtral/modeling_mixtral.py:844)",
            "_call_impl (torch/nn/modules/module.py:1562)",
            "train_step (train.py:211)"]


# huggingface/accelerate#3104: seven ranks in all_gather_coalesced, one still in forward.
def test_pyspy_dumps_of_several_processes_name_the_one_outside_the_collective() -> None:
    text = _pyspy(101, _GATHER) + _pyspy(102, _GATHER) + _pyspy(103, _FORWARD)
    assert lead(text) == ("log.rank_outside_collective", "hang_collective_mismatch")
    found = next(f for f in analyze_text(text)["findings"] if f["id"] == "log.rank_outside_collective")
    assert "process 103" in found["message"] and "all_gather_into_tensor" in found["message"]
    # every process in the same collective: the program agrees, nothing of this kind to say
    same = _pyspy(101, _GATHER) + _pyspy(102, _GATHER)
    assert not ids(same) & {"log.rank_outside_collective", "log.collective_mismatch"}
    # processes in two different collectives took different paths
    bcast = ["broadcast (torch/distributed/distributed_c10d.py:2410)", "wrapper (torch/distributed/c10d_logger.py:83)"]
    apart = _pyspy(101, _GATHER) + _pyspy(102, bcast)
    assert lead(apart) == ("log.collective_mismatch", "hang_collective_mismatch")
    # one process alone says nothing about the others
    assert "log.rank_outside_collective" not in ids(_pyspy(103, _FORWARD))


# pytorch/torchtitan#1342: a trainer's main thread hangs in destroy_process_group at exit ("other trainers had
# exceptions mid-collective"; the fix calls it only on a clean exit); py-spy's layout without its "Process N:" header.
def test_a_main_thread_inside_destroy_process_group() -> None:
    text = ('Thread 0x7F81445A8440 (active): "MainThread"\n'
            "    destroy_process_group (torch/distributed/distributed_c10d.py:2184)\n"
            "    <module> (torchtitan/train.py:554)\n"
            "    _run_code (runpy.py:86)\n"
            'Thread 0x7F7D9CFF9640 (idle): "Thread-2"\n'
            "    wait (threading.py:324)\n"
            "    run (tqdm/_monitor.py:60)\n")
    assert lead(text) == ("log.teardown_hang", "other")
    # a main thread whose innermost torch.distributed call is a collective waits for a peer, not in the teardown
    in_collective = text.replace("    destroy_process_group (torch/distributed/distributed_c10d.py:2184)\n",
                                 "    all_reduce (torch/distributed/distributed_c10d.py:2501)\n"
                                 "    destroy_process_group (torch/distributed/distributed_c10d.py:2184)\n")
    assert "log.teardown_hang" not in ids(in_collective)
    # a thread other than the main one in the teardown is no hang of the process
    other_thread = text.replace('"MainThread"', '"Thread-7"')
    assert "log.teardown_hang" not in ids(other_thread)


# A real dump (tests/analyze/data/pyspy-live/async-save-beside-barrier.txt): async_save's thread in all_gather while
# the main thread waits in barrier on the same group, as KempnerInstitute/KempnerForge#104 reported.
_TWO_THREADS = """\
Process 15753: .venv/bin/python tests/analyze/async_save_job.py 0 29741 /tmp/ck
Thread 15753 (idle): "MainThread"
    barrier (torch/distributed/distributed_c10d.py:5356)
    _exception_logger.<locals>.wrapper (torch/distributed/c10d_logger.py:83)
    <module> (async_save_job.py:44)
Thread 15766 (idle): "AsyncCheckpointExecutor_0"
    all_gather (torch/distributed/distributed_c10d.py:4287)
    _exception_logger.<locals>.wrapper (torch/distributed/c10d_logger.py:83)
    gather_object (torch/distributed/distributed_c10d.py:3631)
    save_wrapper (torch/distributed/checkpoint/_async_thread_executor.py:30)
    Thread.run (threading.py:982)
"""


def test_two_threads_of_one_process_in_collectives_are_the_programs() -> None:
    assert lead(_TWO_THREADS) == ("log.concurrent_collectives", "application_bug")


def test_threads_in_one_collective_each_of_two_processes_are_not_concurrent() -> None:
    # the same two threads as two processes (each a MainThread), and a thread in a point-to-point recv or a query
    as_processes = _TWO_THREADS.replace('"AsyncCheckpointExecutor_0"', '"MainThread"')
    recv = _TWO_THREADS.replace("    all_gather (", "    recv (")
    query = _TWO_THREADS.replace("    all_gather (", "    get_rank (")
    for text in (as_processes, recv, query):
        assert "log.concurrent_collectives" not in ids(text)


def test_faulthandler_dumps_of_the_real_async_save_hang_name_the_two_threads() -> None:
    # tests/analyze/data/faulthandler-gloo/async-save-beside-barrier.log: each rank's dump_traceback_later output
    kept = (Path(__file__).parent / "data" / "faulthandler-gloo" / "async-save-beside-barrier.log").read_text()
    assert lead(kept) == ("log.concurrent_collectives", "application_bug")
    # one rank's dump alone says so too; the two ranks' main threads alone, one dump each, do not
    rank0, rank1 = kept.split("rank 1 ready\n")
    assert lead(rank1) == ("log.concurrent_collectives", "application_bug")
    mains = "".join(dump.split("\n\n")[1] + "\n" for dump in (rank0, rank1))
    assert mains.count("in barrier") == 2
    for between in ("rank 1 ready\n", "\n"):  # a line of the log, or only a blank line
        assert "log.concurrent_collectives" not in ids(mains.replace("<module>\n", "<module>\n" + between, 1))
