"""What a pasted stack dump shows about a hang: a thread stuck inside NCCL's communicator teardown, or the main
thread of a rank waiting in its data loader while its peers wait in a collective.

- gdb's `#12 0x... in commDestroySync (...) at init.cc:1313`, lldb's `frame #3: 0x... libtorch_cuda.so`c10d::
  ProcessGroupNCCL::abort() + 664`: a process that hangs inside ncclCommAbort / commReclaim / commFree is stuck in
  the teardown after an error (or at exit), not in the failure itself. Such hangs were NCCL bugs: the abort waiting
  on its stream (NVIDIA/nccl#829; PyTorch added TORCH_NCCL_ASYNC_ERROR_HANDLING=3 to skip it, pytorch/pytorch#102599),
  commFree at exit (NVIDIA/nccl#1013, fixed by NVIDIA), ncclCommAbort in 2.25.1 (pytorch/pytorch#149153: "fixed with
  NCCL 2.26.2-1").
- py-spy's `Thread 0x... (idle): "MainThread"` with its frames `get (queue.py:170)`, `__next__ (.../iterators.py:648)`
  and no torch.distributed frame: this rank is waiting for its data, so it never calls the collective the others
  wait in (pytorch/pytorch#87995: "rank0 is stuck at dataloader ... When I changed num_workers=0, the job won't
  hang"). A pin-memory thread waiting on its queue is every training process's (NVIDIA/Megatron-LM#2422).
- one py-spy dump whose idle main thread waits for a child process (Process.join, subprocess's wait) and is in no
  torch.distributed frame: the child does not finish, and peers that reach the next collective wait for this process
  (NVIDIA/Megatron-LM#2422: the main thread joining the async checkpoint writer, the shards stuck at their header).
  A main thread computing (in forward), or waiting on a queue or socket as an idle server does, says nothing alone.
- py-spy's main thread inside `destroy_process_group (torch/distributed/distributed_c10d.py:2184)`: the process hangs
  at its teardown, which waits for the communicator's unfinished work; a peer elsewhere never finishes it
  (pytorch/torchtitan#1342: "other trainers had exceptions mid-collective"; the fix calls destroy_process_group only
  on a clean exit). Made on one H100 (NCCL 2.28.9, torch 2.11): with the peer alive in its own code the teardown hung
  until killed; with the peer's process gone it raised NCCL's "remote process exited" instead.
- py-spy dumps of several processes ("Process 39: python train.py", each with its MainThread): processes whose main
  thread sits in a torch.distributed collective wait for the ones whose main thread is elsewhere, which have not
  reached it (huggingface/accelerate#3104: seven ranks in all_gather_coalesced, one still in forward); processes in
  different collectives took different paths through the program.
- Python's faulthandler dumps ("Thread 0x... (most recent call first):", its frames `File "x.py", line 95 in f`),
  which torchelastic's @record turns on for every thread (a rank that ends on SIGABRT prints them; torch 2.11 left a
  rank alive for minutes after its watchdog's timeout, benchmarks/results/faulthandler-1xH100-2026-12-07) and users
  take with faulthandler.dump_traceback_later: each dump's main thread (the one whose outermost frame is a module's
  top level) is read as py-spy's is. A rank waiting in DeepSpeed ZeRO-3's gather of a module's parameters during a
  forward pass (fetch_sub_module) waits for ranks that did not run that forward: ranks that ran different numbers of
  forward passes (deepspeedai/DeepSpeed#860: generation under ZeRO-3, finished ranks stopped calling forward;
  transformers' generate sets synced_gpus under ZeRO-3 for this).
- py-spy's threads of one process, or of one faulthandler dump, two of them inside torch.distributed collectives at
  once (the main thread in barrier, "AsyncCheckpointExecutor_0" in all_gather under torch.distributed.checkpoint's
  async_save): collectives
  issued from two threads on one process group are ordered differently on different ranks, which then wait in
  collectives their peers never match (KempnerInstitute/KempnerForge#104, fixed by a gloo group of the save's own). A
  real run of two Gloo ranks (tests/analyze/async_save_job.py) hangs so, each rank's two threads in barrier and
  all_gather in py-spy's dumps and in faulthandler's.
- `ps f`'s process tree with sibling rank processes of one command, some of them `<defunct>`: those ranks exited and
  the living ones wait for them (rwth-i6/returnn#1484: "I only see 3 exceptions, from the 4 workers"). A defunct child
  of a rank (a data-loader worker) sits one level deeper and is not a rank.
"""

from __future__ import annotations

import re

from ncclkit.causes import Cause
from ncclkit.findings import Finding
from ncclkit.logs.patterns_table_hangs import ASYNC_SAVE_FIX

__all__ = ["stack_findings"]

# gdb/pstack "#14 0x00001554fb45beef in ncclCommAbort (comm=...) at init.cc:1508", "#4  commReclaim (comm=...)"; lldb
# "frame #3: 0x00007fb090db1068 libtorch_cuda.so`c10d::ProcessGroupNCCL::abort() + 664".
_FRAME = re.compile(r"^\s*(?:\*\s*)?(?:frame )?#\d+:?\s+(?:0x[0-9a-fA-F]+ (?:in )?)?(?:\S+`)?([\w:~<>]+)\s*\(",
                    re.MULTILINE)
_TEARDOWN = re.compile(r"^(?:ncclCommAbort|commReclaim|commDestroySync|commFree|c10d::ProcessGroupNCCL::abort)$")
# py-spy dump: a thread's header, then its frames "    get (queue.py:170)".
_PYSPY_THREAD = re.compile(r'^Thread (\w+) \((idle|active)[^)]*\): "([^"]+)"')
_PYSPY_FRAME = re.compile(r"^\s+(\S+) \(([^()]+):\d+\)\s*$")
# A thread waiting for a child process: Popen's poll under Process.join, subprocess's wait. A wait on a queue, a
# lock or a socket is not one: an idle server's engine waits for work so (vLLM's EngineCore polling its workers).
_CHILD_WAIT = re.compile(r"^(?:multiprocessing/(?:popen_\w+|process)|subprocess)\.py$")
_DATA_WAIT = re.compile(r"(?:torch/utils/data/|/data/iterators\.py|dataloader\.py|_utils/fetch\.py)")
# faulthandler: a thread's header ("Current thread 0x...", Python 3.13's "[name]" after the id), then its frames,
# innermost first as py-spy's, and a blank line; "  <no Python frame>" for a thread of native code only.
_FH_THREAD = re.compile(r"^(?:Current thread|Thread) 0x[0-9a-fA-F]+ (?:\[[^\]]*\] )?\(most recent call first\):")
_FH_FRAME = re.compile(r'^\s+File "([^"]+)", line (\d+) in (\S+)\s*$')
# An installed package's or the standard library's path as py-spy shortens it ("torch/cuda/__init__.py",
# "multiprocessing/popen_fork.py").
_SHORT = re.compile(r"^(?:.*/(?:site|dist)-packages/|.*/lib/python\d+(?:\.\d+)?/)")
# A dump printed because the process crashed shows where it crashed, not where it waited; the watchdog's abort
# ("Fatal Python error: Aborted") ends a wait.
_CRASHED = re.compile(r"Fatal Python error: (?!Aborted)")
# ZeRO-3's gather of a module's parameters before its forward (runtime/zero/stage3.py before 0.6,
# partitioned_param_coordinator.py since): an all-gather every rank must reach.
_ZERO3_FETCH = re.compile(r"deepspeed/runtime/zero/(?:stage3|partitioned_param_coordinator)\.py$")
# `ps f`: "   6472          \\_ python3.11 <defunct>"; the column of "\\_" is the depth in the tree.
_PS_CHILD = re.compile(r"^\s*\d+\s+[ |]*\\_ (\S+)( <defunct>)?\s*$")
# torch.distributed's frames, not torchelastic's @record wrapper around every torchrun main
# (torch/distributed/elastic/multiprocessing/errors/__init__.py), which is no collective.
_COLLECTIVE = re.compile(r"torch/distributed/(?!elastic/)|distributed_c10d\.py|/nn/parallel/distributed\.py")
_PYSPY_PROCESS = re.compile(r"^Process (\d+): ")
# py-spy's paths of the standard library, relative to its lib/pythonX.Y: "multiprocessing/process.py", "threading.py"
_STDLIB = re.compile(r"^(?:multiprocessing|concurrent|asyncio|subprocess|threading|selectors|queue|socket|ssl|time)\b")
_C10D_CALL = re.compile(r"torch/distributed/distributed_c10d\.py$")
# NCCL's collectives run on the GPU: a rank waiting for one sits where the program waits for the GPU, most often
# torch.cuda.synchronize (a py-spy dump of NCCL 2.28.9 under torch 2.11: "synchronize (torch/cuda/__init__.py:1162)"
# while its peer slept in its own code; benchmarks/results/pyspy-1xH100-2026-12-06).
_GPU_WAIT = re.compile(r"torch/cuda/(?:__init__|streams)\.py$")
# torch.distributed's collectives (distributed_c10d.py's names), not its queries (get_rank) nor its point-to-point
# calls, which a pipeline schedule's thread issues on a group of its own.
_COLLECTIVE_CALL = re.compile(r"^(?:monitored_)?barrier$|^all_(?:reduce|gather|to_all)\w*$|^(?:reduce_scatter|gather|"
                              r"scatter|broadcast|reduce)\w*$")
# torch.distributed.checkpoint's save run by async_save's thread executor (torch 2.3+)
_ASYNC_SAVE = re.compile(r"torch/distributed/checkpoint/_async_\w+\.py$")


def stack_findings(text: str) -> list[Finding]:
    """Findings of the gdb, lldb and py-spy dumps in a paste (none when it holds no frame)."""
    out: list[Finding] = _defunct_ranks(text) if "<defunct>" in text else []
    faulthandler = "(most recent call first):" in text
    if "Thread " not in text and not faulthandler and not _FRAME.search(text):  # most pastes: no dump to read
        return out
    threads = _threads(text)
    concurrent = _concurrent_collectives(threads)
    if concurrent:
        return out + concurrent
    teardown: list[tuple[int, str]] = []
    # (line, function, file) of py-spy's MainThread, per "Process N:" of a dump of several ("" before any)
    by_process: dict[str, list[tuple[int, str, str]]] = {}
    process = ""
    in_main = False
    idle_main = False  # the (last) main thread is idle, not computing
    # Without "Process N:" headers, each MainThread is a process of its own (a main thread's native id is its
    # process's); a dump merged by stack lists the MainThreads that share one stack as headers in a row above it
    # (bigscience-workshop/bigscience's tr11 chronicles: four ranks in broadcast, one in the data loader).
    group: list[str] = []
    after_header = False
    for no, line in enumerate(text.splitlines(), 1):
        header = _PYSPY_PROCESS.match(line)
        if header:
            process, in_main = header[1], False
            continue
        thread = _PYSPY_THREAD.match(line)
        if thread:
            group = group if after_header else []
            key = process or thread[1]
            if thread[3] == "MainThread" and key not in group:
                group.append(key)
                idle_main = thread[2] == "idle"
            in_main, after_header = bool(group), True
            continue
        after_header = False
        frame = _PYSPY_FRAME.match(line) if in_main else None
        if frame:
            for key in group:
                by_process.setdefault(key, []).append((no, frame[1], frame[2]))
            continue
        in_main = in_main and bool(line.strip())  # a blank line ends py-spy's thread
        m = _FRAME.match(line) if "#" in line else None
        if m and _TEARDOWN.match(m[1]) and len(teardown) < 8:
            teardown.append((no, m[1].rsplit("::", 1)[-1]))
    # py-spy's "Process N:" headers tell processes apart, and so does faulthandler's one main thread per process
    told_apart = bool(process)
    if not by_process and faulthandler and not _CRASHED.search(text):
        by_process, told_apart, idle_main = _faulthandler_mains(threads), True, True
    if teardown:
        names = ", ".join(dict.fromkeys(name for _, name in teardown))
        out.append(Finding.root_error(
            "log.teardown_hang", "ncclCommAbort",
            f"a thread is stuck inside NCCL's communicator teardown ({names}, line {teardown[0][0]}): the "
                    "hang is in the abort or destroy after an error or at exit, not in the first failure; hangs there "
                    "were NCCL bugs of some releases (the abort waiting on its stream, commFree at exit, 2.25.1's "
                    "abort, fixed in 2.26.2)",
            "upgrade NCCL; end the program with dist.destroy_process_group() on every rank; set "
            "TORCH_NCCL_ASYNC_ERROR_HANDLING=3 to exit without the abort; then read the first error of the job",
            Cause.OTHER, [no for no, _ in teardown], alternatives=[str(Cause.RANK_CRASHED_ELSEWHERE)]))
    else:
        out += _destroy_waits(by_process)
    if len(by_process) >= 2:
        apart = _processes_apart(by_process)
        # Main threads told apart by their ids alone may be pipeline stages of one step (a recv beside an
        # all_reduce): only one outside every collective says who the others wait for.
        return out + (apart if told_apart else [f for f in apart if f.id != "log.collective_mismatch"])
    main = next(iter(by_process.values()), [])
    zero3 = _zero3_wait(main)
    if zero3:
        return out + zero3
    waits = [no for no, _, path in main if _DATA_WAIT.search(path)]
    in_collective = any(_COLLECTIVE.search(path) for _, _, path in main)
    if waits and not in_collective:
        out.append(Finding.root_error(
            "log.rank_in_dataloader", "MainThread",
            f"the main thread of this rank waits for its data (line {waits[0]}: {main[0][1]} ... in the data "
                    "loader) and is in no collective: its peers wait for it in the next one",
            "dump every rank (`py-spy dump --pid`) and compare; try num_workers=0 or fewer workers, a DataLoader "
            "timeout=, and look for a worker that died or a /dev/shm that is full",
            Cause.APPLICATION_BUG, waits[:10], alternatives=[str(Cause.HANG_COLLECTIVE_MISMATCH)]))
    elif main and idle_main and _CHILD_WAIT.match(main[0][2]) and not in_collective:
        outer = _own_frame(main) or main[-1]
        out.append(Finding.root_error(
            "log.main_thread_blocked", "MainThread",
            f"the main thread of this process waits for a child process ({main[0][1]} in {main[0][2]}, line "
                    f"{main[0][0]}), called from {outer[1]} ({outer[2]}, line {outer[0]}), and is in no "
                    "torch.distributed frame: the child (a writer, a worker, a compiler) does not finish, and peers "
                    "wait for this process in the next collective",
            "dump the child process (`py-spy dump --pid <child>`; `ps f` shows it) and read what it waits for "
            "(storage, a lock, its own peers); dump every rank to compare",
            Cause.APPLICATION_BUG, [main[0][0], outer[0]], alternatives=[str(Cause.HANG_COLLECTIVE_MISMATCH)]))
    return out


# A thread of a dump: (its process, its name, its header's line, its frames (line, function, short path) innermost
# first, whether faulthandler printed it)
_Thread = tuple[int, str, int, list[tuple[int, str, str]], bool]


def _threads(text: str) -> list[_Thread]:
    """The threads of the py-spy and faulthandler dumps in a paste. py-spy's threads belong to the process of the
    "Process N:" header above them, else each MainThread (which py-spy lists first) starts a process; a faulthandler
    dump's threads follow each other with only blank lines between them, one main thread (its outermost frame a
    module's top level) each."""
    out: list[_Thread] = []
    process, main_read, between = 0, False, True
    frames: list[tuple[int, str, str]] | None = None  # the frames of the thread read, None outside one
    name, header, fh = "", 0, False
    for no, line in enumerate(text.splitlines() + [""], 1):
        frame = (_FH_FRAME if fh else _PYSPY_FRAME).match(line) if frames is not None else None
        if frame and frames is not None:
            frames.append((no, frame[3], _SHORT.sub("", frame[1])) if fh else (no, frame[1], frame[2]))
            continue
        if frames is not None and "<no Python frame>" not in line:  # the thread's frames ended
            if fh and frames and frames[-1][1] == "<module>":
                process, main_read = process + main_read, True
            out.append((process, name, header, frames, fh))
            frames, between = None, True
        spy, fh_header = _PYSPY_THREAD.match(line), _FH_THREAD.match(line)
        if _PYSPY_PROCESS.match(line) or (spy and spy[3] == "MainThread") or (fh_header and not between):
            process, main_read = process + 1, False
        if spy or fh_header:
            name = spy[3] if spy else line.split(" (")[0].replace("Current thread", "Thread")
            header, frames, fh = no, [], bool(fh_header)
        elif line.strip() and frames is None:
            between = False
    return out


def _concurrent_collectives(threads: list[_Thread]) -> list[Finding]:
    """The first process with two threads inside torch.distributed collectives."""
    by_process: dict[int, list[tuple[str, int, str]]] = {}
    saving: set[int] = set()  # the processes of which a thread runs async_save's save
    for process, name, header, frames, _ in threads:
        call = _c10d_call(frames)
        if call and _COLLECTIVE_CALL.match(call[1]):
            in_collective = by_process.setdefault(process, [])
            in_collective.append((name, header, call[1]))
            if any(_ASYNC_SAVE.search(path) for *_, path in frames):
                saving.add(process)
            if len(in_collective) >= 2:
                return [_concurrent_finding(in_collective, process in saving)]
    return []


def _concurrent_finding(threads: list[tuple[str, int, str]], saving: bool) -> Finding:
    named = ", ".join(f"{name} in {call} (line {no})" for name, no, call in threads[:4])
    why = (" torch.distributed.checkpoint's async_save runs its collectives on a thread of its own, on the default "
           "group unless it is given one." if saving else "")
    fix = ASYNC_SAVE_FIX if saving else ("issue each process group's collectives from one thread, or give the other "
                                         "thread a group of its own (dist.new_group), created in the same order on "
                                         "every rank")
    return Finding.root_error(
        "log.concurrent_collectives", ", ".join(name for name, *_ in threads[:4]),
        f"two threads of one process are inside torch.distributed collectives at once ({named}): collectives "
        "issued from two threads on one process group are ordered differently on different ranks, which then wait "
        "in collectives their peers never match." + why, fix, Cause.APPLICATION_BUG,
        [no for _, no, _ in threads[:4]], alternatives=[str(Cause.HANG_COLLECTIVE_MISMATCH)])


def _own_frame(frames: list[tuple[int, str, str]]) -> tuple[int, str, str] | None:
    """The innermost frame outside the standard library: a wait there names no place in the program, this does."""
    return next((frame for frame in frames if not _STDLIB.match(frame[2])), None)


def _zero3_wait(main: list[tuple[int, str, str]]) -> list[Finding]:
    """A main thread waiting in ZeRO-3's gather of a module's parameters (fetch_sub_module, else the first frame of
    that code among its innermost)."""
    zero3 = [(no, fn) for no, fn, path in main[:12] if _ZERO3_FETCH.search(path)]
    if not zero3:
        return []
    no, fn = next((call for call in zero3 if call[1] == "fetch_sub_module"), zero3[0])
    return [Finding.root_error(
        "log.zero3_gather_wait", fn,
        f"this rank waits in ZeRO-3's gather of a module's parameters before its forward (line {no}: {fn}): an "
                "all-gather every rank must join, so another rank did not run this forward (generate() that ended "
                "earlier on that rank, fewer batches there, a branch on the rank)",
        "make every rank run the same forward passes: generate(..., synced_gpus=True) under ZeRO-3, the same number "
        "of batches on every rank (drop_last=True, an even split); for a mixture of experts whose ranks route to "
        "different experts, make the expert blocks ZeRO-3 leaf modules (deepspeed.utils.set_z3_leaf_modules)",
        Cause.HANG_COLLECTIVE_MISMATCH, [no], alternatives=[str(Cause.APPLICATION_BUG)])]


def _faulthandler_mains(threads: list[_Thread]) -> dict[str, list[tuple[int, str, str]]]:
    """The main thread of each faulthandler dump in a paste, (line, function, short path) innermost first: the thread
    whose outermost frame is a module's top level; a paste of one thread alone (cut above its outer frames) is taken
    as its process's."""
    dumped = [frames for *_, frames, fh in threads if fh]
    mains = [f for f in dumped if f and f[-1][1] == "<module>"]
    if not mains and len(dumped) == 1 and dumped[0]:
        mains = dumped
    return {f"#{i + 1}": f for i, f in enumerate(mains)}  # the dumps in the paste's order


def _c10d_call(frames: list[tuple[int, str, str]]) -> tuple[int, str] | None:
    """The innermost torch.distributed call of a main thread's frames (py-spy prints the innermost first)."""
    return next(((no, fn) for no, fn, path in frames if _C10D_CALL.search(path)), None)


def _destroy_waits(by_process: dict[str, list[tuple[int, str, str]]]) -> list[Finding]:
    """A py-spy main thread whose innermost torch.distributed call is destroy_process_group."""
    for frames in by_process.values():
        call = _c10d_call(frames)
        if call and call[1] == "destroy_process_group":
            return [Finding.root_error(
                "log.teardown_hang", "destroy_process_group",
                f"the main thread is inside destroy_process_group (line {call[0]}): the teardown waits for the "
                        "communicator's unfinished collectives, which a peer that is elsewhere (stuck, or failed "
                        "without exiting) never completes; the hang is at exit, the first failure is elsewhere (a peer "
                        "whose process exited makes NCCL raise ncclRemoteError there instead)",
                "read the first error of the other ranks; call dist.destroy_process_group() only on a clean exit "
                "(every rank past its last collective) and let an error path exit without it or abort the group",
                Cause.OTHER, [call[0]],
                alternatives=[str(Cause.RANK_CRASHED_ELSEWHERE), str(Cause.APPLICATION_BUG)])]
    return []


def _processes_apart(by_process: dict[str, list[tuple[int, str, str]]]) -> list[Finding]:
    """Processes of a py-spy dump of several whose main threads are not all in one torch.distributed collective."""
    # the innermost c10d call of each process's main thread, else its wait for the GPU
    calls = {pid: _c10d_call(frames)
             or next(((no, f"torch.cuda.{fn}") for no, fn, path in frames[:1]
                      if fn == "synchronize" and _GPU_WAIT.search(path)), None)
             for pid, frames in by_process.items()}
    waiting = {pid: call for pid, call in calls.items() if call is not None}
    elsewhere = [pid for pid, call in calls.items() if call is None]
    if not waiting:
        return []
    names = sorted({fn for _, fn in waiting.values()})
    # Two dumped, one in a collective: the other either has not reached it or went past it without it, a desync
    # both ways (bigscience-workshop/bigscience's tr11 chronicles-prequel: a rank in broadcast, one in train).
    if elsewhere and len(elsewhere) <= len(waiting):
        frames = by_process[elsewhere[0]]
        no, fn, path = frames[0]
        outer = _own_frame(frames) or frames[0]
        under = f", under {outer[1]} in {outer[2]}, line {outer[0]}" if outer[0] != no else ""
        data = ": it waits for its data (the DataLoader)" if any(_DATA_WAIT.search(p) for _, _, p in frames) else ""
        return [Finding.root_error(
            "log.rank_outside_collective", f"process {elsewhere[0]}",
            f"{len(waiting)} of {len(calls)} dumped processes wait in a collective or for the GPU that runs it "
            f"({'/'.join(names)}) while "
            f"process {', '.join(elsewhere[:4])}'s main thread is elsewhere ({fn} in {path}, line {no}{under}): it "
            f"has not reached the collective the others wait in{data}",
            "read that process's stack: a wait for data, work only one rank does (saving, evaluation, logging), or a "
            "branch that skips the collective; make every rank issue the same collectives, and dump every rank "
            "(`py-spy dump --pid`) to confirm", Cause.HANG_COLLECTIVE_MISMATCH,
            [no, *[line for line, _ in waiting.values()][:4]], alternatives=[str(Cause.APPLICATION_BUG)])]
    # a wait for the GPU is no collective of its own: it may be the one the others wait in
    collectives = [name for name in names if not name.startswith("torch.cuda.")]
    if len(collectives) > 1 and not elsewhere:
        lines = [line for line, fn in waiting.values() if fn in collectives]
        return [Finding.root_error(
            "log.collective_mismatch", "processes",
            f"the dumped processes wait in different torch.distributed collectives ({', '.join(collectives)}; lines "
            f"{', '.join(map(str, lines[:4]))}): they took different paths through the program",
            "make every rank issue the same collectives in the same order (a collective inside an `if` on rank or "
            "data); TORCH_DISTRIBUTED_DEBUG=DETAIL checks each call", Cause.HANG_COLLECTIVE_MISMATCH, lines[:8],
            alternatives=[str(Cause.APPLICATION_BUG)])]
    return []


def _defunct_ranks(text: str) -> list[Finding]:
    """Sibling processes of one command at one depth of `ps f`'s tree, some of them exited (<defunct>)."""
    siblings: dict[tuple[int, str], list[tuple[int, bool]]] = {}  # (parent's line, command) -> its children
    above: list[tuple[int, int]] = []  # (column of "\\_", line) of the processes above, the path to this one
    for no, line in enumerate(text.splitlines(), 1):
        m = _PS_CHILD.match(line)
        if m:
            column = line.index("\\_")
            while above and above[-1][0] >= column:
                above.pop()
            siblings.setdefault((above[-1][1] if above else 0, m[1]), []).append((no, bool(m[2])))
            above.append((column, no))
    for (_, command), procs in siblings.items():
        dead = [no for no, defunct in procs if defunct]
        if len(procs) >= 2 and dead and len(dead) < len(procs):
            return [Finding.root_error(
                "log.ranks_exited", command,
                f"{len(dead)} of {len(procs)} sibling {command} processes in the process tree have exited "
                        f"(<defunct>, line {dead[0]}): those ranks died, and the living ones wait for them in a "
                        "collective",
                "read the first error of the ranks that exited (their stderr or log file); the hang of the others is "
                "its consequence", Cause.RANK_CRASHED_ELSEWHERE, dead[:10])]
    return []
