"""Rules from sweeps 170 and 171 (2026-12-05: pastes from repositories earlier rounds had not used; launcher and
cluster output beside multi-GPU failures). Each line is quoted from the thread named above its test, and tested on
text that must not trigger it."""

from __future__ import annotations

from line_reading import assert_reads, ids, lead


def test_an_abort_banner_after_the_error_it_follows() -> None:
    # baidu-research/DeepBench#97: the uncaught exception, then Open MPI's banner naming SIGABRT
    error = ("terminate called after throwing an instance of 'std::runtime_error'\n"
             "  what():  NCCL failure: unhandled cuda error in nccl_mpi_all_reduce.cu at line: 86 rank: 0\n\n")
    banner = "[jetson-3:29969] *** Process received signal ***\n[jetson-3:29969] Signal: Aborted (6)\n"
    assert lead(error + banner) == ("log.cuda_error", "cuda_or_driver")
    # NVIDIA/nccl#1419: a banner naming a segmentation fault, nothing before it, stays the crash
    segv = ("[gpu-node09:332629] *** Process received signal ***\n"
            "[gpu-node09:332629] Signal: Segmentation fault (11)\n")
    assert lead(segv)[0] == "log.crash"
    # the same segmentation fault after an error is still a crash of its own: only SIGABRT is the error's abort
    assert lead(error + segv)[0] == "log.crash"


def test_an_abort_after_an_unrecognised_error_is_read_for_its_words() -> None:
    # baidu-research/DeepBench#10: thrust's exception class is no NCCL system error; the CUDA error under it speaks
    # (since sweep 237 read by Thrust's own row, patterns_table_cudalibs)
    text = ("terminate called after throwing an instance of 'thrust::system::system_error'\n"
            "  what():  function_attributes(): after cudaFuncGetAttributes: invalid device function\n"
            "Aborted (core dumped)\n")
    assert lead(text) == ("log.cuda_error", "cuda_or_driver")
    # NCCL's own ncclSystemError keeps its row
    assert ids("RuntimeError: NCCL error in: ProcessGroupNCCL.cpp:1191, unhandled system error, NCCL version "
               "2.14.3\n")[0] == "log.system_error"


def test_open_mpi_refusing_the_program_it_was_given() -> None:
    # yjxiong/temporal-segment-networks#74: the "Executable:" field names what mpirun could not find
    assert_reads("mpirun was unable to launch the specified application as it could not find an executable:",
                 "log.launch_config", "application_bug")
    # yjxiong/caffe#209: the program was not executable ("Do you have the `x` permission on this file?")
    assert_reads('Open MPI tried to fork a new process via the "execve" system call but',
                 "log.launch_config", "application_bug")
    # horovod/horovod#1021: Open MPI missing on the remote node is ssh and PATH, not the program
    assert lead("bash: orted: command not found\n") == ("log.mpi_launch", "other")


def test_the_watchdogs_advice_wrapped_onto_its_own_line() -> None:
    # om-ai-lab/VLM-R1#257: a terminal 116 columns wide split the heartbeat monitor's message
    text = ("s watchdog got stuck for 480 seconds without making progress in monitoring enqueued collectives. This "
            "typically indi\n"
            "the watchdog is not actually stuck and a longer timeout would help, you can either increase the timeout "
            "(TORCH_NCCL_\n"
            " of aforementioned helps, feel free to file an issue to PyTorch about the short timeout or false "
            "positive abort; oth\n")
    assert lead(text)[0] == "log.watchdog_stuck"
    # ShinoharaHare/LLM-Training#7: a collective's timeout keeps its reading
    assert lead("[rank2]:[E ProcessGroupNCCL.cpp:563] [Rank 2] Watchdog caught collective operation timeout: "
                "WorkNCCL(SeqNum=7487, OpType=ALLREDUCE, NumelIn=1, NumelOut=1, Timeout(ms)=1800000) ran for "
                "1800096 milliseconds before timing out.\n")[0] == "log.timeout"


def test_schedulers_refusing_the_gpu_request() -> None:
    # NVIDIA/exemplar-performance#5: "the cluster requires gres specification"
    assert_reads("sbatch: error: Cannot find GPU specification, you may not submit a job not requesting GPUs in a GPU "
                 "partition, partition: ...", "log.launch_config", "application_bug")
    # outerloop-science/outerloop#176: --gpus=N read as a CPU job by the site's submit plugin
    assert_reads("sbatch: error: *** Error partition 'h200_courant' is not valid for this job",
                 "log.launch_config", "application_bug")
    # tkestack/gpu-admission#1: a GPU-sharing resource no node offers
    assert_reads("  Warning  FailedScheduling  <unknown>  default-scheduler  0/4 nodes are available: 1 Insufficient "
                 "tencent.com/vcuda-core, 3 node(s) didn't match node selector.", "log.launch_config",
                 "application_bug")
    # NVIDIA/pyxis#107: slurmd not answering is no request of the job's
    assert lead("srun: error: slurm_receive_msgs: [[n1.mytestdomain]:6818] failed: Socket timed out on send/recv "
                "operation\n")[1] != "application_bug"
    # a node's capacity listing names the resource without any refusal
    assert lead("  tencent.com/vcuda-core:     400\n") is None


def test_prrtes_client_losing_its_dvm() -> None:
    # radical-cybertools/radical.pilot#2177: "likely solved with transition to new PRTE version"
    assert_reads("[batch2:98823] [../../../../../../../source/prrte-dev/orte/tools/prun/prun.c:809] PMIx Error: "
                 "UNREACHABLE", "log.mpi_runtime", "other")
    assert_reads("[batch2:51562] PRUN: DEFHANDLER WITH STATUS LOST_CONNECTION_TO_SERVER(-101)", "log.mpi_runtime",
                 "other")
    # open-mpi/ompi#9785: PMIx's server after an abort elsewhere stays collateral
    assert lead("[cn007.24154] PMIX ERROR: UNREACHABLE in file server/pmix_server.c at line 2147\n") == \
        ("log.remote_exited", "rank_crashed_elsewhere")


def test_nccl_1x_invalid_device_pointer() -> None:
    # baidu-research/DeepBench#98 and #28 ("I read the instructions wrong"): ncclInvalidDevicePointer
    assert lead("what(): NCCL failure: invalid device pointer in nccl_mpi_all_reduce.cu at line: 86 rank: 0\n") == \
        ("log.invalid_usage", "application_bug")
    # CUDA's own string of the same words is not NCCL's
    assert lead("RuntimeError: CUDA error: invalid device pointer\n")[0] != "log.invalid_usage"


def test_the_peer_memory_module_refused_by_the_kernel() -> None:
    # stondo/stondo.github.io's DGX Spark post: Secure Boot first, then EINVAL on a GB10 without GPUDirect RDMA
    assert_reads("modprobe: ERROR: could not insert 'nvidia_peermem': Key was rejected by service",
                 "log.gdr_disabled", "gdr_unavailable")
    assert_reads("modprobe: ERROR: could not insert 'nvidia_peermem': Invalid argument", "log.gdr_disabled",
                 "gdr_unavailable")
    # canonical/nvidia-graphics-drivers#61: the GPU driver itself refused stays the driver
    assert lead("modprobe: ERROR: could not insert 'nvidia': Key was rejected by service\n") == \
        ("log.gpu_missing", "cuda_or_driver")


def test_pythons_import_machinery_is_no_nccl_bootstrap() -> None:
    # open-mmlab/mmskeleton#80: numpy's ABI warning raised from importlib's frozen module
    line = ("/home/vincent/venv/lib/python3.6/importlib/_bootstrap.py:219: RuntimeWarning: numpy.dtype size changed, "
            "may indicate binary incompatibility. Expected 96, got 88")
    assert "log.bootstrap_error" not in ids(line + "\n")
    # NCCL's own bootstrap failure keeps its reading
    assert "log.bootstrap_error" in ids("host:1:1 [0] NCCL WARN Bootstrap : failed to exchange with rank 3\n")


def test_c10ds_retry_warning_cut_before_its_code() -> None:
    # kennymckormick/pyskl#79: Windows' 10049 on a try c10d then repeats, its code on the next line
    text = ("[W C:\\actions-runner\\_work\\pytorch\\pytorch\\builder\\windows\\pytorch\\torch\\csrc\\distributed\\c10d\\"
            "socket.cpp:558] [c10d] The client socket has failed to connect to [DESKTOP-7BNNAUJ]:29995 (system "
            "error: \n10049 - The requested address is not valid in its context.).\n")
    assert lead(text) is None
    assert "log.socket_connect_failed" not in ids(text)
    # a refused connection cut the same way is still a failed connection
    refused = text.replace("10049 - The requested address is not valid in its context.",
                           "10061 - No connection could be made because the target machine actively refused it.")
    assert "log.socket_connect_failed" in ids(refused)


def test_ddps_device_ids_check_without_its_exception_name() -> None:
    # yuanzhoulvpi2017/zero_nlp#120: a model sharded over three GPUs by a device_map, then wrapped in DDP
    text = ("DistributedDataParallel device_ids and output_device arguments only work with single-device/"
            "multiple-device GPU modules or CPU modules, but got device_ids [0], output_device 0, and module \n"
            "parameters {device(type='cuda', index=0), device(type='cuda', index=1), device(type='cuda', index=2)}.\n")
    assert lead(text) == ("log.framework_usage", "application_bug")


def test_ranks_holding_memory_on_one_shared_gpu() -> None:
    # libffcv/ffcv#356: every rank on GPU 0 as well ("use map_location to 'cpu'")
    row = "|    {}   N/A  N/A   {}      C   .../miniconda3/envs/ffcv/bin/python3.9    {}MiB |\n"
    shared = "".join(row.format(0, pid, 414) for pid in (2579941, 2579942, 2579943))
    own = "".join(row.format(g, 2579940 + g, 13868) for g in (1, 2, 3))
    text = row.format(0, 2579940, 13724) + shared + own
    assert lead(text) == ("log.shared_gpu_contexts", "application_bug")
    # one process per GPU is the healthy table
    assert "log.shared_gpu_contexts" not in ids(row.format(0, 2579940, 13724) + own)
    # one process over every GPU (DataParallel, a device_map) shares no GPU with another process
    assert "log.shared_gpu_contexts" not in ids("".join(row.format(g, 11111, 30000) for g in range(4)))


def test_torch_1x_wording_of_a_tensor_on_another_gpu() -> None:
    # xiadingZ/video-caption.pytorch#43: a DataParallel replica's convolution with its weight left on GPU 0
    assert_reads("RuntimeError:Expected tensor for argument #1 'input' to have the same device as tensor for argument "
                 "#2 'weight' ; but device 1 does not equal 0 (while checking arguments for cudnn_convolution)",
                 "log.framework_usage", "application_bug")
    # the same check on a tensor's type is no device of another GPU
    assert lead("RuntimeError: Expected tensor for argument #1 'input' to have the same type as tensor for argument "
                "#2 'weight'\n") != ("log.framework_usage", "application_bug")
