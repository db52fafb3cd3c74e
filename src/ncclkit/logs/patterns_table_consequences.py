"""The line classifier's last specific rows (after patterns_table_driver's): the consequences and generic codes that
only count when no more specific row matched (a peer that exited, a timeout, a socket closed, NCCL's bare return
codes), each naming what it most often stood for. Same row shape and sources as patterns_table.py.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ncclkit.causes import Cause as C
from ncclkit.findings import Severity

E, W, I = Severity.ERROR, Severity.WARNING, Severity.INFO

# ProcessGroupGloo::monitoredBarrier on a rank that got through (ProcessGroupGloo.cpp): "Rank 3 successfully reached
# monitoredBarrier, but received errors while waiting for send/recv from rank 0. Please check rank 0 logs for faulty
# rank." Read by its row below and by diagnose_addresses (the group had connected every pair before).
FAULTY_RANK = r"Please check rank \d+ logs for faulty rank"


def consequence_rows(p: Callable[..., Any]) -> tuple[Any, ...]:
    return (
        # -- consequences and generic codes --------------------------------------------------------------
        # distributed_c10d.py _store_based_barrier (torch 1.x): "Timed out initializing process group in store
        # based barrier on rank: 3, for key: store_based_barrier_key:1 (world_size=4, worker_count=8, ...)":
        # fewer workers than world_size reached the store (patterns._barrier reads more as a second job).
        # torchelastic's TCPStore server the same way (elastic/utils/distributed.py _check_full_rank: "timed out
        # waiting for all 8 members to join").
        p(r"store based barrier|timed out waiting for all \d+ members to join", "store_barrier", E,
          "not every rank reached the process group's store barrier: the missing ranks never started, "
          "crashed, or cannot reach MASTER_ADDR:MASTER_PORT", "check that every node launched its ranks and "
          "reaches MASTER_ADDR:MASTER_PORT (firewall, the address of the right interface); read the first "
          "error of the missing ranks", C.FIREWALL_OR_PORT_BLOCKED, "root",
          (C.RANK_CRASHED_ELSEWHERE, C.WRONG_INTERFACE)),
        # ProcessGroupNCCL's heartbeat monitor: "ProcessGroupNCCL's watchdog got stuck for N seconds without
        # making progress in monitoring enqueued collectives. This typically indicates a NCCL/CUDA API (e.g.,
        # CudaEventDestroy) hang blocking the watchdog", "Heartbeat monitor timed out!": the watchdog thread
        # itself is blocked in a CUDA or NCCL call (an event query or an abort that hangs), not only a late peer.
        # In the labelled threads that print it (4, all settled), that call hung behind collectives the ranks did not
        # all reach: ranks that called different ones or never arrived (trl#2879, TransformerEngine's #3055 teardown
        # order) or a program or release that left one rank behind (transformers#32477, open-r1#478), none a GPU.
        # Older and newer forms: "No PGNCCL's watchdog heartbeat detected", "NCCL monitor thread timeout",
        # "Terminating the process ... due to ProcessGroupNCCL watchdog hang", "Future for ProcessGroup abort
        # timed out" (ncclCommAbort itself never returned).
        p(r"watchdog got stuck|Heartbeat monitor timed out|No PGNCCL's watchdog heartbeat detected|"
          r"NCCL monitor thread timeout|due to ProcessGroupNCCL watchdog hang|ProcessGroup abort timed out",
          "watchdog_stuck", E,
          "PyTorch's NCCL watchdog thread is blocked inside a CUDA/NCCL call: most often behind a collective that "
          "not every rank reached (ranks that called different collectives, or one the program left behind), which "
          "leaves an event query or the communicator's abort hanging; a wedged GPU is the rarer cause",
          "find the rank whose collective differs or never arrived: TORCH_NCCL_DUMP_ON_TIMEOUT=1 keeps the flight "
          "recorder for `ncclkit analyze`, and the first error or timeout of every rank; then check the GPU "
          "(`nvidia-smi`, Xid in dmesg) on that node",
          C.HANG_COLLECTIVE_MISMATCH, "collateral", (C.APPLICATION_BUG, C.CUDA_OR_DRIVER)),
        # ProcessGroupNCCL's banner before it takes the process down ("Some NCCL operations have failed or timed
        # out. Due to the asynchronous nature of CUDA kernels, ..."): printed for an asynchronous error as for a
        # timeout (pytorch/pytorch#122571: after ncclRemoteError), so the error or the watchdog line beside it
        # says which; alone it stands for a timeout as the row below reads it.
        p(r"Some NCCL operations have failed or timed? out", "timeout", W,
          "PyTorch is taking the process down after an NCCL operation failed or timed out: the error or the "
          "watchdog's timeout printed with it says which", "read the NCCL error or the watchdog timeout printed "
          "before this line, on this rank and the others", C.HANG_COLLECTIVE_MISMATCH, "collateral",
          (C.RANK_CRASHED_ELSEWHERE,)),
        # A watchdog timeout set under a second: no collective can meet it, the first one (which sets up NCCL's
        # connections) least of all, so the setting fails the job by itself (instructlab/training#520 set 1 ms to
        # see the knob work). A short timeout of seconds still ends real hangs (the row below).
        p(r"Watchdog caught collective operation timeout: [^\n]*Timeout\(ms\)=\d{1,3}\)", "timeout_setting", E,
          "the process group's timeout is set under a second: collectives outlast it on a healthy job (the first one "
          "sets up NCCL's connections), so it times out whatever the ranks do",
          "set a timeout of minutes (init_process_group(timeout=timedelta(minutes=10)), or the framework's "
          "timeout_minutes / ddp_timeout); check the unit of the value given", C.APPLICATION_BUG, "root",
          (C.PERFORMANCE_CONFIG, C.HANG_COLLECTIVE_MISMATCH)),
        # A watchdog timeout of under five minutes (PyTorch's default is 10 minutes, 30 before 2.3): host work on one
        # rank between collectives (a checkpoint consolidated on rank 0, an evaluation) outlasts it while the job is
        # healthy (NVIDIA-NeMo/Automodel#1038 and PR#2748: timeout_minutes defaulted to 1, rank 0 wrote for 98 s).
        # The first alternative, not the lead: a short timeout ends a real hang sooner too (a rank that skipped the
        # collective, benchmarks/results/faults-1xH200-2026-12-02 with 15 s), and one rank's line cannot tell them
        # apart.
        p(r"Watchdog caught collective operation timeout: [^\n]*Timeout\(ms\)=(?:\d{1,5}|[12]\d{5})\)", "timeout", E,
          "a collective timed out after less than five minutes: a rank hung or diverged, or, with a timeout this far "
          "below PyTorch's default, one rank's own work between collectives (saving or consolidating a checkpoint, "
          "evaluation, data preparation) outlasted it while the others waited",
          "find what the other ranks were doing at that sequence number (their own errors, py-spy); if one was busy "
          "with host work, raise the process group's timeout (init_process_group(timeout=...), or the framework's "
          "timeout_minutes / ddp_timeout) above that step", C.HANG_COLLECTIVE_MISMATCH, "collateral",
          (C.PERFORMANCE_CONFIG, C.RANK_CRASHED_ELSEWHERE)),
        # Not a `timeout=` keyword in the Python source lines of a traceback, nor a bare `timeout` argument of a
        # call quoted there ("store = _create_c10d_store(master_addr, master_port, rank, world_size, timeout, ...").
        # Nor settings printed at start: torchrun's "rdzv_configs : {'timeout': 900}", NVRx's "Fault tolerance client
        # initialized. Timeouts: HeartbeatTimeouts(...)" (NeMo's resiliency demo). Nor RAS's note that its own
        # queries timed out ("Encountered 2 communication timeouts while gathering communicator data").
        # Not the watchdog reporting a peer that exited ("watchdog thread terminated with exception: NCCL error:
        # remote process exited or there was a network error"): remote_exited's row. Nor that heading alone, its
        # exception on the next line ("... terminated with exception:" then "CUDA error: ...").
        # Nor a constant in Python source quoted by a traceback ("timeout=DEFAULT_GET_TIMEOUT": ray#..., sweep 5).
        # Nor lspci's PCIe capability fields ("DevCap2: Completion Timeout: Range ABC, TimeoutDis+"). Nor the advice
        # inside the heartbeat monitor's "watchdog got stuck" message, wrapped onto a line of its own by a terminal
        # ("... the watchdog is not actually stuck and a longer timeout would help", "... about the short timeout or
        # false positive abort", om-ai-lab/VLM-R1#257). Nor a signature's annotation in pybind11's list of overloads
        # ("TCPStore(host_name: str, port: int, ..., timeout: datetime.timedelta = ...)", jaywalnut310/vits#52).
        # Nor the limit a work item prints in its descriptor ("WorkNCCL(SeqNum=2, ..., Timeout(ms)=1000000) raised
        # the following async exception: NCCL error: unhandled system error", pytorch/pytorch#149984), nor a
        # keyword named after one in quoted source ("timeout_value=read_timeout", sgl-project/sglang#5347), nor
        # pytest-timeout's limit of a test (job_stopped's row), nor a command's option ("all_reduce_perf ...
        # --timeout 10" in aidando73/nccl-tests' errors.txt), nor "time out" in two words, which the scanner's prefilter
        # does not read either (a reporter's prose "pods ... eventually time out", kata-containers#13270; a server's
        # "kv time out reqs: []" status).
        p(r"^(?!.*(?:remote process exited|terminated with exception:\s*$|Completion Timeout:|longer timeout would|"
          r"short timeout or false|\w\([^()]*\btimeout\s*[,)]|['\"]timeout['\"]\s*:|HeartbeatTimeouts\(|"
          r"timeouts while gathering|\btimeout: (?:datetime\.)?timedelta\b|Failed: Timeout >))"
          r"(?:.*(?:Watchdog caught collective "
          r"operation timeout|ran for \d+ milliseconds before timing out|(?<!=)(?<!= )(?<![_-])time(?:d ?)?out"
          r"(?!\s*=|_|\(ms\))|watchdog))", "timeout", E,
          "an operation or connection timed out: a rank hung, diverged, or the network dropped traffic",
          "look for the first error on any rank; make sure every rank issues the same collectives; check "
          "the inter-node path with `ncclkit cluster`", C.HANG_COLLECTIVE_MISMATCH, "collateral",
          (C.APPLICATION_BUG, C.OTHER, C.RANK_CRASHED_ELSEWHERE)),
        # torch.distributed.elastic: "failed (exitcode: 1) local_rank: 0 (pid: N) of binary: ..." and
        # ChildFailedError: the launcher reporting that its own worker exited; the cause is that
        # worker's error above (a signal such as -9 is process_killed's).
        # srun's "error: node3: task 0: Exited with exit code 1" (for several: "tasks 1-7: Exited", ParlAI#3084) and
        # Open MPI's "Primary job terminated
        # normally, but 1 process returned a non-zero exit code" and "mpirun detected that one or more processes
        # exited with non-zero status" say the same of their tasks.
        # Open MPI's help-mpirun.txt goes on "a non-zero exit code. Per user-direction, the job has been aborted.":
        # mpirun ending the job after that exit, not a communicator abort (NVIDIA/TensorRT-LLM's 4 ranks each
        # printed their own NCCL error first). A trainer's CLI that runs torchrun or deepspeed as a subprocess
        # raises CalledProcessError with the launcher's arguments when it fails (hiyouga/LlamaFactory#8968, #9073).
        # torch 1.9's elastic agent: "Child process 32378 (local_rank 0) FAILED (exitcode 1)" (csjliang/LPTN#23).
        # The elastic agent's own log of a failed group ("[default] Worker group FAILED. 3/3 attempts left; will
        # restart worker group", torch/distributed/elastic/agent/server/api.py), not its restart for new nodes.
        p(r"ChildFailedError|failed \(exitcode: ?\d+\) local_rank|exitcode\s*:\s*\d+\b|tasks? [\d,-]+: Exited with "
          r"exit code|\(local_rank \d+\) FAILED \(exitcode \d+\)|\] Worker group (?:FAILED|UNHEALTHY)\b|"
          r"process returned\s*$|returned a non-zero exit code|"
          r"processes exited with non-zero status|"
          r"Per user-direction, the job has been aborted|"
          r"CalledProcessError: Command '\['(?:torchrun|deepspeed|accelerate|[^']*/python[\d.]*)'[^\n]*returned non-zero "
          r"exit status [1-9]",
          "worker_failed", E,
          "the launcher reports that its local worker exited with an error: the worker's own error, above "
          "in its output, is the cause", "read the first error of that worker (torchrun prints its traceback "
          "before this line; set TORCHELASTIC_ERROR_FILE or use --redirects/--tee to keep it)", None,
          "collateral"),
        # Open MPI's launcher (help-errmgr-base.txt, help-plm-rsh.txt): "ORTE was unable to reliably start one or
        # more daemons" (its help names a missing orted/PATH, ssh, and "a lack of common network interfaces
        # and/or no route found between them").
        p(r"(?:ORTE|PRTE) (?:was unable to reliably start one or more daemons|does not know how to route a message)|"
          r"prterun was unable to reliably start one or more daemons", "mpi_launch", E,
          "mpirun could not start or reach its daemon on another node: its TCP connection back to mpirun took an "
          "interface the nodes do not share, a firewall blocks it, or ssh/PATH on that node is wrong",
          "restrict Open MPI to the interface that joins the nodes (`--mca oob_tcp_if_include eth0 --mca "
          "btl_tcp_if_include eth0`), open its ports between the nodes, and check `ssh <node> which orted`",
          C.WRONG_INTERFACE, "root", (C.FIREWALL_OR_PORT_BLOCKED, C.OTHER)),
        # plm rsh: the remote shell cannot run Open MPI's daemon ("bash: orted: command not found"), ssh refuses
        # ("Host key verification failed.", "Permission denied (publickey"). (Too few slots is a launch that
        # does not fit: patterns_table_cluster.py.)
        p(r"\b(?:orted|prted): (?:command not found|No such file or directory)|Host key verification failed|"
          r"Permission denied \(publickey",
          "mpi_launch", E, "mpirun could not start the job on every node: ssh to that node fails, or Open MPI is "
          "not on its PATH", "set up passwordless ssh between the nodes and put Open MPI on every node's "
          "PATH/LD_LIBRARY_PATH (or mpirun --prefix)", C.OTHER),
        # Signal 1 is SIGHUP: the terminal or ssh session that started the launcher closed (pytorch/pytorch#76894:
        # "Solution is to use screen or tmux"; keyu-tian/SparK#19 confirmed it). Not the scheduler.
        # torchrun's Root Cause block names it too: "exitcode : -1", "traceback : Signal 1 (SIGHUP) received by PID N".
        p(r"Received (?:Signals\.SIGHUP|1) death signal|SignalException: Process \d+ got signal: 1\b|closing signal "
          r"SIGHUP|Signal 1 \(SIGHUP\) received by PID|exitcode\s*:\s*-1\b", "job_stopped", W,
          "the launcher got SIGHUP: the terminal or ssh session it was started from closed (nohup alone does not "
          "always keep torchrun or accelerate from it)", "run the launch inside tmux or screen, or detach it fully "
          "(`setsid nohup torchrun ... > log 2>&1 &`, then `disown`); under a scheduler, submit it as a batch job",
          C.OTHER, "collateral"),
        # Signal 2 is SIGINT: Ctrl-C in the launcher's terminal, which the agent forwards to its workers ("Sending
        # process N closing signal SIGINT"). Stopped by hand, most often a job that had stopped making progress
        # (MCG-NJU/RTD-Action#31: "stuck here, after I interrupt it"); a hang's own lines, where pasted, lead.
        # pytest-timeout's limit of one test ("FAILED tests/test_model.py::MyTestCase::test_gpt - Failed: Timeout
        # >300.0s"): the harness stopped a test that ran longer than its budget (bigscience-workshop/
        # Megatron-DeepSpeed#171, fixed by a longer limit), not a collective's timeout.
        p(r"Failed: Timeout >\d+(?:\.\d+)?s\b", "job_stopped", W,
          "pytest-timeout stopped a test that ran past its time limit: the test was slow (building kernels, loading, "
          "more GPUs than the budget assumed) or hung", "raise the test's limit (pytest --timeout, "
          "@pytest.mark.timeout); if it hung, run it with py-spy dump or TORCH_NCCL_DUMP_ON_TIMEOUT=1 to see where",
          C.OTHER, "root", (C.HANG_COLLECTIVE_MISMATCH,)),
        p(r"Received (?:Signals\.SIGINT|2) death signal|closing signal SIGINT\b", "job_stopped", W,
          "the launcher was interrupted by hand (SIGINT: Ctrl-C in its terminal), not by an error of the job: "
          "a job stopped this way had most often hung", "if it hung, find where: run with TORCH_NCCL_DUMP_ON_TIMEOUT"
          "=1 and a shorter timeout, or dump the ranks' stacks (`py-spy dump --pid <pid>`) before interrupting; "
          "`ncclkit analyze` the dumps", C.HANG_COLLECTIVE_MISMATCH, "likely", (C.OTHER,)),
        # torchrun's agent: "Received Signals.SIGTERM death signal, shutting down workers" (elastic/agent/
        # server/api.py, SignalException): the launcher itself was stopped from outside.
        # slurmstepd: "*** STEP 12.0 ON node1 CANCELLED AT <time> DUE TO TIME LIMIT ***" (also PREEMPTION, or
        # no reason when scancel'd).
        # Newer agents print the signal's number ("Received 15 death signal": 15 SIGTERM; SIGHUP's and SIGINT's above;
        # determined-ai/determined#8915, modelscope/ms-swift#5884); slurmstepd also "DUE TO JOB REQUEUE"
        # (facebookincubator/submitit#1708).
        p(r"Received (?:Signals\.SIG(?:TERM|USR\d)|15) death signal|SignalException: Process \d+ got "
          r"signal|\*\*\* (?:STEP|JOB) \S+ ON \S+ CANCELLED AT \S+(?: DUE TO (?:TIME LIMIT|PREEMPTION|JOB REQUEUE))? "
          r"\*\*\*",
          "job_stopped", W, "the launcher was stopped from outside (the scheduler's time limit, preemption, "
          "scancel / kubectl delete, a node drain), not by an error of the job",
          "read why the scheduler stopped the job (`sacct -j <id> -o State,Reason`, `kubectl describe pod`); "
          "if the job had hung until its time limit, the hang's own lines above are the cause", C.OTHER,
          "collateral", (C.HANG_COLLECTIVE_MISMATCH,)),
        # torchrun's "Sending process N closing signal SIGTERM": the agent stops its other workers because one of its
        # own exited (elastic/multiprocessing/api.py _poll: close() before "failed (exitcode: X) local_rank: N"), so
        # the cause is that worker's, here on this node, not the network (hiyouga/LlamaFactory#8836: host memory).
        p(r"Sending process \d+ closing signal SIGTERM", "remote_exited", E,
          "torchrun is stopping its other workers because one of its own local workers exited first (its "
          "'failed (exitcode: N) local_rank: M' line names it)",
          "read that local worker's own error above (its traceback, or an exit code: -9 killed, often by the OOM "
          "killer; -7 bus error, often /dev/shm; -11 a crash)", C.RANK_CRASHED_ELSEWHERE, "collateral",
          (C.OOM, C.APPLICATION_BUG)),
        # torchrun's other stops ("closing signal SIGTERM" worded otherwise) and RendezvousClosedError (another agent
        # closed the rendezvous when its job ended).
        # Where nothing else was pasted, the network errors behind it in the resolved threads of
        # tests/diagnosis were a socket interface that does not join the nodes and a failing IB link.
        # (An exit code of -N is signal N: -1 is SIGHUP, the terminal's, read with its row above.)
        p(r"remote process exited|ncclRemoteError|remote[ _]error|exitcode\s*:\s*-(?!1\b)\d+|closing signal SIGTERM|"
          r"RendezvousClosedError|"
          # elastic agent: "Error waiting on exit barrier" (other agents never finished); ProcessGroupNCCL:
          # "Observed flight recorder dump signal from another rank" (another rank hit the error first).
          r"Error waiting on exit barrier|dump signal from another rank|"
          # slurmstepd: "CANCELLED AT ... DUE TO NODE FAILURE" (Ray's dead actor is patterns_table_stacks').
          r"DUE TO NODE FAILURE|"
          # RAFT std_comms.hpp barrier(): "syncStream failed. This can be caused by a failed rank_."
          r"can be caused by a failed rank|" + FAULTY_RANK,
          "remote_exited", E, "a peer process exited or a network error broke the connection",
          "find the rank that exited first (OOM, crash, killed) or the failing link",
          C.RANK_CRASHED_ELSEWHERE, "collateral", (C.WRONG_INTERFACE, C.IB_PORT_DOWN_OR_LINK)),
        # Not a job's start-up that a scheduler gave up ("job startup aborted": patterns_table_mpich's PBS row), nor
        # libc's abort() as a frame of a failure handler's stack ("@ 0x19e9db908  (unknown)  abort", absl's under
        # Gloo's own abort: ray-project/ray#49252; "@ 0x7fff203e2720 abort", horovod/horovod#2693).
        # Nor the sentence of an Open MPI or PRRTE help box about its own process ("This is a unrecoverable error and
        # will cause the program to abort", "your job will abort", "will now either abort or ...", "Your MPI job is going
        # to abort now", "result in either lower performance or your job aborting"; help-*.txt@8efebee):
        # the box's other lines name what failed here, no peer's abort. Nor libc's abort() as a frame of Open MPI's
        # stack ("libc.so.6(abort+0x141)[0x7fa7cd0ee8b1]", horovod/horovod#2365).
        # NCCL's commReclaim (init.cc) when freeing a communicator fails while it is destroyed or aborted ("cleanup comm
        # 0x... rank 3 failed in destroy/abort, error 3"): the end of a job, or after its first error; alone, a
        # teardown error (microsoft/mscclpp#760: an LD_PRELOAD'ed NCCL shim refusing NCCL's own cleanup calls at exit;
        # NVIDIA/nccl-tests#365: a memory plugin that had released the buffer, after "testing done").
        p(r"commReclaim: cleanup comm \S+ rank \d+ failed in destroy/abort", "comm_teardown", I,
          "NCCL could not free a communicator while destroying or aborting it: an error of the teardown; the error "
          "before it, if any, is the job's", "if the job's work finished, nothing to redo; a plugin or preloaded "
          "library that handles NCCL's memory or calls (a memory plugin, an NCCL shim under LD_PRELOAD) may have "
          "released it first: update or drop it", None, "collateral"),
        # Open MPI's "your job may behave unpredictably (and/or abort) after this" warns of what may come.
        p(r"^(?!.*(?:cause the (?:program|job|application|process) to abort|(?:job|program|process|[Ww]ill) (?:now |"
          r"probably )?(?:either )?abort\b|(?:is going to|will) abort now|your job aborting|aborting your job|"
          r"and/or abort\)))"
          r"(?:.*(?:(?<![\da-f)] )(?<![\da-f)]  )(?<!\()\babort(?!ed \(jobid| before MPI_INIT)|ncclCommAbort|"
          r"Aborting|communicator was revoked|in abort state))",
          "abort", E,
          "a communicator was aborted", "find the first error on any rank; this is usually a consequence",
          C.RANK_CRASHED_ELSEWHERE, "collateral"),
        # ncclSystemError names no cause; where a paste kept nothing else, the resolved threads of
        # tests/diagnosis most often found a container's /dev/shm (docker without --ipc=host; 10 of the 28 it led in
        # 2026-12), then a release (an old NCCL such as 2.4 or 2.7, a library's bug: 7), then the program's own
        # launch (4), then the socket interface (2): listed as what it can stand for, not stated as the cause.
        # Not Ray's exit type of a worker ("Worker exit type: SYSTEM_ERROR"), which names how Ray saw it end, nor its
        # "a task by an unexpected system error" (a worker gone, the row of patterns_table_serving), nor a C++ exception
        # class ("thrust::system::system_error", baidu-research/DeepBench#10).
        p(r"unhandled system error|ncclSystemError|(?<!exit type: )(?<!task by an unexpected )(?<!::)system[ _]error",
          "system_error", E,
          "NCCL got an error from the OS, a socket or the RDMA stack",
          "rerun with NCCL_DEBUG=INFO (and NCCL_DEBUG_SUBSYS=INIT,NET) and read the first WARN above it",
          None, "collateral", (C.SHM_TOO_SMALL, C.OTHER, C.APPLICATION_BUG, C.WRONG_INTERFACE)),
        # TensorRT's "Error Code 2: Internal Error (...)" is TensorRT's own (triton-inference-server/triton_cli#59).
        # Nor torch_npu's "ERR02005 DIST internal error" or the Ascend runtime's "reason=[driver error:internal error]".
        p(r"(?<!Error Code \d: )(?<!Error Code \d\d: )(?<!DIST )(?<!driver error:)internal[ _]error|ncclInternalError|"
          r"Internal check failed",
          "internal_error", E,
          "NCCL reported an internal error", "read the WARN lines before it; check versions match everywhere",
          None, "collateral"),
        # Raised inside ncclCommInitRank*: no collective ran yet, so no collective can mismatch.
        p(r"(?:invalid usage|ncclInvalidUsage)[^\n]*ncclCommInit|ncclCommInit\w*[^\n]*(?:invalid usage|"
          r"ncclInvalidUsage)", "invalid_usage", E,
          "NCCL rejected the communicator at init: ranks that disagree on the world size or rank numbering, "
          "two ranks on one GPU, or a setting (NCCL_* variable, config) it refuses; the WARN line before it "
          "names which", "rerun with NCCL_DEBUG=INFO and read the WARN line before the error",
          C.APPLICATION_BUG, "root", (C.NCCL_VERSION_MISMATCH,)),
        # NCCL's result strings ("invalid usage (run with NCCL_DEBUG=WARN for details)", init.cc
        # ncclGetErrorString) in NCCL's or the framework's words, not an errno text of another library
        # ("errno: Invalid argument" from UCX, CUDA's 'invalid argument' has its own row). NCCL 1.x's
        # ncclInvalidDevicePointer ("invalid device pointer": a buffer that is not device memory of the communicator's
        # GPU; baidu-research/DeepBench#28, "I read the instructions wrong"), not CUDA's string of the same words.
        p(r"ncclInvalidUsage|ncclInvalidArgument|ncclInvalidDevicePointer|NCCL failure: invalid device pointer|"
          r"(?:NCCL|nccl)[^\n]*invalid[ _](?:usage|argument)|"
          r"invalid (?:usage|argument)[^\n]*(?:NCCL|nccl)", "invalid_usage", E,
          "NCCL was called incorrectly (mismatched collectives, bad buffer or count)",
          "check that every rank calls the same collectives in the same order with the same sizes",
          C.APPLICATION_BUG, "root", (C.HANG_COLLECTIVE_MISMATCH, C.NCCL_VERSION_MISMATCH)),
        # Not MPICH's or Intel MPI's hydra, whose launcher daemons are "proxies" ("[proxy:0:0@host]",
        # HYD_dmx_poll_wait_for_proxy_event, "Launch proxy failed"; BLAST-WarpX/warpx#6980, Azure/az-hop#906), nor a
        # word ending in it (Python's "'mappingproxy' object", Lightning's TPU FAQ).
        # The proxy's own Connect failing with ncclSystemError (proxy.cc "[Proxy Service N] Failed to execute operation
        # Connect from rank N, retcode 2"): the socket that sets up the peer's connection failed, so the "Connection
        # closed by remote peer" its rank then sees is the proxy closing, not a peer dying (NVIDIA/nccl#914: one
        # process, "the peer is often itself").
        p(r"Failed to execute operation Connect from rank \d+, retcode 2\b", "proxy_error", E,
          "NCCL's proxy thread could not set up this rank's network connection to its peer: a socket call failed "
          "(the peer's address unreachable or filtered, or the peer gone)", "read the first WARN before it; check that "
          "the nodes reach each other on the interface NCCL uses (NCCL_SOCKET_IFNAME) and that no firewall drops "
          "NCCL's ports", None, "collateral",
          (C.FIREWALL_OR_PORT_BLOCKED, C.WRONG_INTERFACE, C.RANK_CRASHED_ELSEWHERE)),
        p(r"^(?!.*(?:\[mpiexec@|\[proxy:\d+:\d+@|\bHYDT?_\w+|hydra_\w*proxy|bstrap_proxy|Launch proxy failed))"
          r".*(?:\b[Pp]roxy|Service thread|progressing operation)", "proxy_error", E,
          "the NCCL proxy thread failed an operation (usually after a network error)",
          "read the first WARN before this one; it names the real cause", None, "collateral"),
        # What a user writes beside the log: a launch line or prose that turns InfiniBand/RoCE off
        # ("-x NCCL_IB_DISABLE=1", "export NCCL_IB_DISABLE=1"): NCCL then runs NET/Socket (TCP). Not a
        # workaround the user reports as tried without effect ("I tried NCCL_IB_DISABLE=1, still hangs").
        p(r"^(?!.*\b(?:tried|trying|did ?n[o']t|does ?n[o']t|no luck|no effect|without success|still)\b)"
          r".*\bNCCL_IB_DISABLE\s*=\s*1\b", "ib_disabled", W,
          "NCCL_IB_DISABLE=1 is set: NCCL uses no RDMA device (InfiniBand or RoCE) and sends inter-node "
          "traffic over TCP sockets", "unset NCCL_IB_DISABLE where the nodes have RDMA NICs (check "
          "`ibv_devinfo`), or set NCCL_IB_HCA to the ports to use", C.SOCKET_FALLBACK, "root",
          (C.PERFORMANCE_CONFIG,)),
        # Prose about a host firewall that was opened for the master port only (firewall-cmd, ufw,
        # iptables): NCCL also listens on ports of the ephemeral range on every node.
        p(r"firewall-cmd|firewalld|\bufw (?:allow|enable)|iptables -[AI]|open(?:ed)? (?:the )?ports?\b.*firewall|"
          r"firewall.*\bopen(?:ed)? (?:the |some )?ports?\b|\bsome open port", "firewall", W,
          "a host firewall is in the way: opening the rendezvous port is not enough, NCCL's bootstrap and "
          "socket transport connect to ports of the ephemeral range on every node",
          "allow all TCP between the nodes (firewall-cmd --zone=trusted --add-source=<cluster subnet>), or "
          "check with `ncclkit cluster`, which probes the master port and the ephemeral range",
          C.FIREWALL_OR_PORT_BLOCKED, "root", (C.WRONG_INTERFACE,)),
        p(r"NCCL error|NCCL failure|NCCL WARN", "nccl_error", E,
          "NCCL reported a problem", "read the message; rerun with NCCL_DEBUG=INFO for context", None,
          "collateral"),
    )
