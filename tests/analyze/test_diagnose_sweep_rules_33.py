"""Rules from sweep 172 (2026-12-05: GPU driver, CUDA runtime and container output beside multi-GPU failures, in
repositories earlier rounds had not used) and the documentation sweep 174 (OneFlow's troubleshooting page). Each line
is quoted from the thread or page named above its test, and tested on text that must not trigger it."""

from __future__ import annotations

from line_reading import assert_reads, ids, lead

from ncclkit.logs.analyze import analyze_text


def test_an_nvml_assert_inside_the_allocators_oom_report() -> None:
    # fal-ai/fal#478: "CUDA OOM could sometimes look like" it
    assert_reads('RuntimeError: NVML_SUCCESS == r INTERNAL ASSERT FAILED at "../c10/cuda/CUDACachingAllocator.cpp":'
                 '830, please report a bug to PyTorch. ', "log.oom", "oom")
    # qixuema/envs#8: NVML's own mismatch stays the driver ("rebooting solved the issue")
    assert lead("Failed to initialize NVML: Driver/library version mismatch\n") == ("log.cuda_error", "cuda_or_driver")


def test_a_bmcs_uncorrectable_error_on_a_dimm_is_host_memory() -> None:
    # ovro-lwa/lwa-issues#117: "memory stick: p2-dimmF1 has been removed from gpu09"
    assert_reads("Uncorrectable ECC / other uncorrectable memory error @P2-DIMMF1 - Assertion",
                 "log.host_memory_error", "other")
    # a GPU's own uncorrectable ECC error stays the GPU's
    assert lead("RuntimeError: CUDA error: uncorrectable ECC error encountered\n")[1] == "cuda_or_driver"


def test_the_vga_console_notice_is_no_fault_and_an_oops_in_the_gpu_driver_is() -> None:
    # ROCm/hip#15: the NVIDIA driver's boot notice beside an amdgpu oops
    notice = ("[   13.184444] NVRM: Your system is not currently configured to drive a VGA console\n"
              "[   13.184446] NVRM: on the primary VGA device. The NVIDIA Linux graphics driver\n"
              "[   13.184447] NVRM: requires the use of a text-mode VGA console. Use of other console\n"
              "[   13.184448] NVRM: drivers including, but not limited to, vesafb, may result in\n"
              "[   13.184449] NVRM: corruption and stability problems, and is not supported.\n")
    assert lead(notice) is None
    oops = ("[   13.312533] BUG: unable to handle kernel NULL pointer dereference at 0000000000000010\n"
            "[   13.312537] IP: [<ffffffffc01cc246>] amdgpu_bo_list_set+0x196/0x3d0 [amdgpu]\n")
    assert lead(notice + oops) == ("log.kernel_oops", "cuda_or_driver")
    # an oops in another module names no GPU driver
    assert lead("BUG: unable to handle kernel paging request at ffffc90000a1c000\n"
                "RIP: 0010:nfs_commit_release_pages+0x2a/0x120 [nfs]\n") == ("log.kernel_oops", "other")
    # mattshma/bigdata#133: the driver probing no adapter stays a driver fault
    assert lead("[188497.595099] NVRM: No NVIDIA graphics adapter probed!\n") == ("log.cuda_error", "cuda_or_driver")


def test_the_driver_unreachable_in_other_words() -> None:
    # qixuema/envs#4: nvidia-smi's message with a curly apostrophe
    assert_reads("NVIDIA-SMI has failed because it couldn\u2018t communicate with the NVIDIA driver.",
                 "log.cuda_error", "cuda_or_driver")
    # warmshao/FasterLivePortrait#8: the driver's NVML library missing in a container ("That works!")
    assert_reads("NVIDIA-SMI couldn't find libnvidia-ml.so library in your system. Please make sure that the NVIDIA "
                 "Display Driver is properly installed and present in your system.", "log.cuda_error",
                 "cuda_or_driver")
    # nv-tlabs/3dgrut#71: "Resolved by installing docker toolkit"
    assert_reads("docker: Error response from daemon: unknown or invalid runtime name: nvidia.", "log.cuda_error",
                 "cuda_or_driver")
    assert_reads("docker: Error response from daemon: Unknown runtime specified nvidia.", "log.cuda_error",
                 "cuda_or_driver")
    # another runtime name is no GPU runtime
    assert "log.cuda_error" not in ids("docker: Error response from daemon: unknown or invalid runtime name: runsc.\n")


def test_torchs_warning_that_it_found_no_driver() -> None:
    # Deep-MI/FastSurfer#39: "you would need a working NVIDIA driver on your machine"; a warning, since CPU-only runs
    # print it too (HIT-SCIR/ltp#468)
    line = ("/home/osboxes/anaconda3/lib/python3.8/site-packages/torch/cuda/__init__.py:52: UserWarning: CUDA "
            "initialization: Found no NVIDIA driver on your system. Please check that you have an NVIDIA GPU and "
            "installed a driver from http://www.nvidia.com/Download/index.aspx (Triggered internally at  "
            "/pytorch/c10/cuda/CUDAFunctions.cpp:100.)")
    assert lead(line + "\n") == ("log.gpu_missing", "cuda_or_driver")
    # the error that follows it in a multi-GPU job leads at error severity
    text = line + "\nRuntimeError: ProcessGroupNCCL is only supported with GPUs, no GPUs found!\n"
    assert lead(text) == ("log.gpu_missing", "cuda_or_driver")


def test_a_cuda_runtime_error_code_without_its_space() -> None:
    # cwpearson/stencil#11: six ranks of jsrun on one node's GPU in exclusive mode
    assert_reads("/ccs/home/merth/pearson/stencil/include/stencil/local_domain.cuh@54: CUDA Runtime Error(46): all "
                 "CUDA-capable devices are busy or unavailable", "log.cuda_error", "cuda_or_driver")


def test_the_driver_older_than_the_runtime_without_is() -> None:
    # Oneflow-Inc/oneflow docs/source/troubleshooting.md: "upgrade ... driver. Version >= 440.33" (its "nsufficient")
    assert lead("E0729 22:37:45.515343 56788 version.cpp:82] Failed to get cuda runtime version: CUDA driver version "
                "nsufficient for CUDA runtime version\n") == ("log.cuda_error", "cuda_or_driver")
    assert lead("CUDA driver version insufficient for CUDA runtime version\n") == ("log.cuda_error", "cuda_or_driver")
    # OneFlow's page: the verbs library not loaded means no RDMA
    assert_reads("libibverbs not available, ibv_fork_init skipped", "log.libibverbs_missing", "socket_fallback")


def test_a_command_that_greps_for_xid_is_no_xid() -> None:
    # trexminer/T-Rex#20: the Xid lines under the command are the evidence
    text = ("coser@rige0d55e8357e3:~$ grep Xid /var/log/kern.log | tail\n"
            "[ 7561.089746] NVRM: Xid (PCI:0000:01:00): 56, pid=2628, CMDre 00000000 00000080 00000000\n")
    first = next(f for f in analyze_text(text)["findings"] if f["id"] == "log.cuda_error")
    assert "(line 2:" in first["message"]


def test_nvflares_wording_of_an_uninitialised_process_group() -> None:
    # NVIDIA/NVFlare docs (FAQ of its client API): a rank above 0 before init_process_group
    assert_reads("RuntimeError: rank > 0, but torch.distributed is not initialized", "log.framework_usage",
                 "application_bug")
    # torch's own advice that it is initialised is no error
    assert lead("torch.distributed is initialized with backend nccl\n") is None


def test_slurms_error_strings_keep_nccls_readings_of_the_same_words() -> None:
    # tests/lines/slurm_errno.py reads Slurm's plugins, RPC timeouts and "UID or GID" as Slurm's; NCCL's own lines with
    # those words keep theirs
    assert lead("srun: error: Unable to create step for job 1234: Dlopen of plugin file failed\n")[1] == "other"
    assert lead("ip-10-0-12-34:48213:48390 [0] int nccl_net_ofi_create_plugin(nccl_net_ofi_plugin_t**):418 NCCL WARN "
                "NET/OFI aws-ofi-nccl initialization failed\n")[1] == "net_plugin_error"
    assert lead("srun: error: Unable to create step for job 1234: Socket timed out on send/recv operation\n") == \
        ("log.slurm_rpc", "other")
    assert lead("[rank0]:[E ProcessGroupNCCL.cpp:563] [Rank 0] Watchdog caught collective operation timeout: "
                "WorkNCCL(SeqNum=7, OpType=ALLREDUCE, NumelIn=1, NumelOut=1, Timeout(ms)=600000) ran for 600012 "
                "milliseconds before timing out.\n")[0] == "log.timeout"
    assert lead("srun: error: Task launch for StepId=1234.0 failed on node gpu-node-07: Slurmd could not set UID or "
                "GID\n") == ("log.slurm_refused", "other")
    assert lead("node1:1:1 [0] NCCL WARN NET/IB : Unable to read GID 3 for mlx5_0:1\n")[1] == \
        "gid_index_or_roce_config"


def test_c10ds_own_messages_keep_the_readings_of_their_look_alikes() -> None:
    # tests/lines/torch_c10d_msgs.py: a process group's name is no host name, a store barrier naming its missing ranks
    # waits on ranks that had joined; the look-alikes keep their readings
    assert lead("RuntimeError: Could not resolve the process group registered under the name 0\n") == \
        ("log.framework_usage", "application_bug")
    assert lead("ssh: Could not resolve hostname node-7: Name or service not known\n")[1] == "hostname_resolution"
    assert lead("RuntimeError: barrier failed -- missing ranks: 5\n") == ("log.store_barrier", "rank_crashed_elsewhere")
    assert lead("RuntimeError: Timed out initializing process group in store based barrier on rank: 3, for key: "
                "store_based_barrier_key:1 (world_size=8, worker_count=7, timeout=0:30:00)\n") == \
        ("log.store_barrier", "firewall_or_port_blocked")


def test_open_mpis_help_boxes_name_their_own_failure() -> None:
    # open-mpi/ompi help-accelerator-cuda.txt@8efebee [cuEventCreate failed]: this process's CUDA call, no peer's abort
    box = ("--------------------------------------------------------------------------\n"
           "The call to cuEventCreate failed. This is a unrecoverable error and will\n"
           "cause the program to abort.\n"
           "  Hostname:                     gpu-node-02\n"
           "  cuEventCreate return value:   1\n"
           "Check the cuda.h file for what the return value means.\n"
           "--------------------------------------------------------------------------\n")
    assert lead(box) == ("log.cuda_error", "cuda_or_driver")
    # help-mtl-ofi.txt [Buffer Memory Registration Failed]
    assert lead("Open MPI failed to register your buffer.\nThis error is fatal, your job will abort\n\n  Buffer Type: "
                "cuda\n  Error: Cannot allocate memory (-12)\n") == ("log.ibv_reg_mr_failed", "memlock_or_ulimit")
    # help-opal-shmem-posix.txt [sys call fail]
    assert lead("A system call failed during shared memory initialization that should\nnot have.  It is likely that "
                "your MPI job will now either abort or\nexperience performance degradation.\n")[1] == "shm_too_small"
    # the box's sentence alone is no peer's abort; NCCL aborting a communicator stays one
    assert lead("This error is fatal, your job will abort\n") is None
    assert lead("node1:1:1 [0] NCCL WARN Aborting comm 0x55 due to error\n") == ("log.abort", "rank_crashed_elsewhere")


def test_open_mpis_cuda_boxes_in_their_other_wordings() -> None:
    # help-accelerator-cuda.txt@8efebee [cuMemHostRegister failed] and its WARNING boxes
    assert lead("The call to cuMemHostRegister(0x7f3a2c000000, 3, 0) failed.\n  Host:  gpu-node-02\n") == \
        ("log.cuda_error", "cuda_or_driver")
    first = analyze_text("WARNING: The call to cuCtxGetCurrent() failed while attempting to register internal memory "
                         "with the CUDA environment.  The program will continue to run\n")["findings"][0]
    assert (first["id"], first["severity"], first["cause"]) == ("log.cuda_error", "warning", "cuda_or_driver")


def test_prrtes_boxes_about_the_launch_request() -> None:
    # openpmix/prrte help-dash-host.txt@52d5e4b [not-all-mapped-alloc], help-plm-slurm.txt [srun-failed]
    assert_reads("At least one of the requested hosts is not included in the current allocation.", "log.launch_config",
                 "application_bug")
    assert_reads("srun returned non-zero exit status (3) from launching the per-node daemon. You may debug this "
                 "problem further", "log.mpi_launch", "other")
    # open-mpi/ompi help-mpi-runtime.txt@8efebee [mpi_finalize:invoked_multiple_times]
    assert_reads("The function MPI_FINALIZE was invoked multiple times in a single process on host gpu-node-02, PID "
                 "48213.", "log.launch_config", "application_bug")
    # a host that is in the allocation but down is no request of the launch's
    assert lead("ORTE was unable to reliably start one or more daemons.\n")[0] == "log.mpi_launch"


def test_gloos_retried_connect_is_kept_apart_from_its_failure() -> None:
    # tests/analyze/data/netns-faults: a healthy start prints willRetry=1 while the peer's listener comes up; the same
    # text with willRetry=0 is the failure, and the scanner's one record per message must not merge the two
    retry = ("[../third_party/gloo/gloo/transport/tcp/debug_logger.cc:9] ERROR failed to connect, willRetry={}, "
             "retry={}, retryLimit=3, rank=1, size=2, local=[10.0.0.2]:40112, remote=[10.0.0.1]:49078, "
             "error=SO_ERROR: No route to host, remote=[10.0.0.1]:49078\n")
    assert lead(retry.format(1, 1)) is None
    assert lead(retry.format(1, 1) + retry.format(0, 4)) == ("log.socket_connect_failed", "firewall_or_port_blocked")
