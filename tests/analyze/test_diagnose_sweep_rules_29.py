"""Rules from sweeps 114 - 117 (2026-12-05: one-node multi-GPU failures on workstations; vision codebases' FAQs; Open
MPI's, MPICH's and Slurm's documentation; PyTorch's collective-mismatch reports) and from the misses of held-out round
150 (batch schedulers). Each line is quoted from the thread or page named above its test, and tested on text that must
not trigger it."""

from __future__ import annotations

from line_reading import ids, lead

from ncclkit.logs.analyze import analyze_text


def test_cuda_217_in_any_words_is_peer_access() -> None:
    # alibaba/ChatLearn#374 (the return code retyped "unhandle cuda error", the string "is not support")
    paste = ("torch.distributed.DistBackendError: NCCL error in :   ProcessGruopNCCL.cpp:3699，unhandle cuda error, NCCL "
             "version 2.27.3\nncclUnhandledCudaError: Call to CUDA function failed.\nlast error: \n"
             "Cuda failure 217 'peer access is not support between these two devices'\n")
    assert lead(paste) == ("log.p2p_error", "acs_iommu_p2p")
    # another CUDA error keeps its own reading
    assert lead("Cuda failure 2 'out of memory'\n")[1] == "oom"


def test_topo_p2p_after_topo_m_and_a_header_after_its_command() -> None:
    # noonghunna/club-3090#1125: `topo -m` then `topo -p2p` in one paste; #922 the same with OK
    matrix = ("          GPU0 GPU1    CPU Affinity    NUMA Affinity   GPU NUMA ID\n"
              "    GPU0  X      NODE    0-15    0               N/A\n    GPU1 NODE     X      0-15    0               N/A\n"
              "\n          GPU0 GPU1\n     GPU0        X       {v}\n     GPU1        {v}      X\n")
    refused = analyze_text(matrix.format(v="NS"))["findings"]
    assert (refused[0]["id"], refused[0]["severity"]) == ("topo.p2p_unsupported", "warning")
    assert "topo.p2p_unsupported" not in [f["id"] for f in analyze_text(matrix.format(v="OK"))["findings"]]
    # aikitoria/open-gpu-kernel-modules#12: the command on the header's line
    prompt = ("nvidia-smi topo -m                   GPU0    GPU1    CPU Affinity    NUMA Affinity   GPU NUMA ID\n"
              "GPU0     X      PHB     0-23    0               N/A\nGPU1    PHB      X      0-23    0               N/A\n")
    assert [f["id"] for f in analyze_text(prompt)["findings"]][:1] == ["topo.pcie_p2p"]


def test_every_ring_connection_over_p2p_is_one_node() -> None:
    # pytorch/pytorch#7019 (NCCL 2.2, both ranks in one process): the socket fallback explains nothing on one node
    log = ("neuromancer:13802:13802 [1] misc/ibvwrap.cu:61 WARN Failed to open libibverbs.so[.1]\n"
           "neuromancer:13802:13802 [1] INFO Using internal Network Socket\nNCCL version 2.2.13+cuda9.2\n"
           "neuromancer:13802:13802 [0] INFO comm 0xb25bf840 rank 0 nranks 2\n"
           "neuromancer:13802:13802 [1] INFO comm 0xb3886c70 rank 1 nranks 2\n"
           "neuromancer:13802:13802 [0] INFO Ring 00 : 0[0] -> 1[1] via P2P/direct pointer\n"
           "neuromancer:13802:13802 [1] INFO Ring 00 : 1[1] -> 0[0] via P2P/direct pointer\n")
    assert lead(log) is None
    # one host's ranks of a two-node job: rank 1 reaches rank 2 over the network, which stays a fallback
    two = log.replace("nranks 2", "nranks 4").replace("1[1] -> 0[0] via P2P/direct pointer", "1[1] -> 2[0] via NET/Socket/0")
    assert lead(two) is not None and lead(two)[1] == "socket_fallback"


def test_a_one_node_stall_with_p2p_off_is_shared_memory() -> None:
    # NVIDIA/nccl#606: NCCL_P2P_LEVEL=LOC, no result row; a larger /dev/shm fixed it
    head = ("# nThread 1 nGpus 2 minBytes 8 maxBytes 16777216 step: 2(factor) warmup iters: 5 iters: 20 validation: 1\n"
            "#\n# Using devices\n"
            "#   Rank  0 Pid  26383 on nccl-tests device  0 [0xc1] NVIDIA RTX A6000\n"
            "#   Rank  1 Pid  26383 on nccl-tests device  1 [0xc2] NVIDIA RTX A6000\nNCCL version 2.11.4+cuda11.1\n")
    off = head + "nccl-tests:26383:26397 [0] NCCL INFO NCCL_P2P_LEVEL set by environment to LOC\n"
    assert lead(off) == ("log.single_node_stall", "shm_too_small")
    # with P2P left on the stall stays PCIe peer-to-peer's (tinygrad/open-gpu-kernel-modules#45)
    assert lead(head) == ("log.single_node_stall", "acs_iommu_p2p")


def test_extensions_built_without_cuda_and_the_programs_own_errors() -> None:
    # mmcv's and detectron2's FAQs; mmengine's FAQ (two optimizer hooks)
    for line in ("RuntimeError: nms is not compiled with GPU support\n",
                 "ImportError: cannot import name '_C' from 'detectron2' (/home/u/detectron2/detectron2/__init__.py)\n",
                 "Detectron2 CUDA Compiler: not available\n"):
        assert lead(line) == ("log.package_build", "other")
    assert lead("RuntimeError: Trying to backward through the graph a second time (or directly access saved tensors "
                "after they have already been freed).\n") == ("log.program_error", "application_bug")
    assert lead("no kernel image is available for execution on the device\n")[1] == "cuda_or_driver"
    # intel-extension-for-pytorch's FAQ: a torch C++ symbol missing, quoted without the library's name
    assert lead("ImportError: undefined symbol: _ZNK5torch8autograd4Node4nameB5cxx11Ev\n") == ("log.package_build", "other")
    # an import of the program's own code stays a program error
    assert lead("ImportError: cannot import name 'get_model' from 'models' (/work/models/__init__.py)\n") != \
        ("log.package_build", "other")


def test_open_mpi_help_texts() -> None:
    # Open MPI's "accept failed": its list of likely causes is no finding; the Errno is
    accept = ("WARNING: The accept(3) system call failed on a TCP socket.  While this\n"
              "should generally never happen on a well-configured HPC system, the\n"
              "most common causes when it does occur are:\n\n  * The process ran out of file descriptors\n"
              "  * The operating system ran out of file descriptors\n  * The operating system ran out of memory\n\n"
              "  Local host: node1\n  PID:        1234\n  Errno:      24 (Too many open files)\n")
    assert lead(accept) == ("log.fd_limit", "memlock_or_ulimit")
    assert lead("  * The operating system ran out of memory\n") is None
    # "target full" and "cannot deregister in-use memory"
    assert lead("It appears as if there is not enough space for /dev/shm/vader_segment.n1.0 (the shared-memory "
                "backing\nfile). It is likely that your MPI job will now either abort or experience\n") == \
        ("log.shm_error", "shm_too_small")
    assert lead("Open MPI intercepted a call to free memory that is still being used by\nan ongoing MPI "
                "communication.  This usually reflects an error in the\n") == ("log.program_error", "application_bug")
    # a GPU out of memory stays the GPU's
    assert lead("torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 20.00 MiB\n") == ("log.oom", "oom")


def test_a_launcher_refusing_an_option_of_the_launch_line() -> None:
    # Parsl/parsl#2446: Open MPI's --bind-to given to Polaris' PALS mpiexec
    paste = ("mpiexec: unrecognized option '--bind-to'\nUsage: mpiexec [global_options] [command_options] cmd1\n")
    assert lead(paste) == ("log.launch_config", "application_bug")
    # srun's container options stay pyxis'
    assert lead("srun: unrecognized option '--container-image=nvcr.io/nvidia/pytorch:24.01-py3'\n") == \
        ("log.container_start", "other")


def test_a_peer_sending_more_than_was_posted_is_the_ranks_setup() -> None:
    # NVIDIA/nccl#615 (fixed with NCCL_IB_DISABLE=1; the maintainer asked about forced relaxed ordering)
    line = ("train-run-env3-list2-parallel-0:15483:15645 [0] transport/net_ib.cc:665 NCCL WARN NET/IB : collective "
            "mismatch error local size 546816 remote 524288 addr 7ff7d1530000 rkey 2553d seq 14/1c\n")
    assert lead(line) == ("log.transport_size_mismatch", "nccl_version_mismatch")
    assert ("log.alternative", "hang_collective_mismatch") in [(f["id"], f["cause"])
                                                             for f in analyze_text(line)["findings"]]
    # PyTorch's own desync report stays the program's collectives (pytorch/pytorch#78022)
    assert lead("RuntimeError: Detected mismatch between collectives on ranks. Rank 0 is running collective: "
                "CollectiveFingerPrint(SequenceNumber=2, OpType=ALLREDUCE, TensorShape=[10]), but Rank 1 is running "
                "collective: CollectiveFingerPrint(SequenceNumber=2, OpType=BROADCAST, TensorShape=[10]).\n") == \
        ("log.collective_mismatch", "hang_collective_mismatch")


def test_detail_mode_fingerprints_name_the_rank_behind() -> None:
    # Lightning-AI/pytorch-lightning#19106: rank 1 stopped at broadcast #3, ranks 0 and 2 ran #4
    fp = ("[I ProcessGroupWrapper.cpp:562] [Rank {r}] Running collective: CollectiveFingerPrint(SequenceNumber={s}, "
          "OpType={op}, TensorShape=[{n}], TensorDtypes=Byte)\n")
    paste = (fp.format(r=1, s=3, op="BROADCAST", n=1) + fp.format(r=0, s=4, op="BROADCAST", n=73)
             + fp.format(r=2, s=4, op="BROADCAST", n=73))
    found = analyze_text(paste)["findings"][0]
    assert (found["id"], found["subject"], found["cause"]) == \
        ("hang.rank_not_launched", "rank1", "hang_collective_mismatch")
    # ranks at one number with different operations issued different collectives
    split = fp.format(r=0, s=4, op="BROADCAST", n=73) + fp.format(r=1, s=4, op="ALLREDUCE", n=73)
    assert lead(split) == ("log.collective_mismatch", "hang_collective_mismatch")
    # numbers count per process group: two groups' lines are not compared
    pg = ("[I ProcessGroupWrapper.cpp:562] [PG ID {g} PG GUID {g} Rank {r}] Running collective: CollectiveFingerPrint("
          "SequenceNumber={s}, OpType=ALLREDUCE, TensorShape=[73])\n")
    assert not {"log.collective_mismatch", "hang.rank_not_launched"} & set(
        ids(pg.format(g=0, r=0, s=4) + pg.format(g=1, r=1, s=9)))
    assert "hang.rank_not_launched" in ids(pg.format(g=0, r=0, s=4) + pg.format(g=0, r=1, s=3))
    # every rank at the same collective: a healthy trace, no finding of a mismatch
    healthy = fp.format(r=0, s=4, op="BROADCAST", n=73) + fp.format(r=1, s=4, op="BROADCAST", n=73)
    assert not {"log.collective_mismatch", "hang.rank_not_launched"} & set(ids(healthy))


def test_jax_sharding_is_not_a_mixed_link_layer() -> None:
    # jax's docs: "Received incompatible devices for jitted computation" is the program's shardings
    assert lead("ValueError: Received incompatible devices for jitted computation. Got argument a\n")[1] == \
        "application_bug"
    assert lead("node:1:2 [0] transport/net_ib/connect.cc:987 NCCL WARN NET/IB : Attempted to connect incompatible "
                "devices: [0]mlx5_0:1/IB and [1]mlx5_1:1/RoCE. Try selecting NICs of only one link type using "
                "NCCL_IB_HCA\n") == ("log.ib_mixed_link_layers", "gid_index_or_roce_config")


def test_container_and_install_lines_of_determineds_known_issues() -> None:
    # determined-ai/determined docs (known issues): pip's full disk, the toolkit's brand condition
    assert lead("ERROR: Could not install packages due to an OSError: [Errno 28] No space left on device\n") == \
        ("log.disk_full", "other")
    assert lead("nvidia-container-cli: requirement error: unsatisfied condition: brand = tesla, please update your "
                "driver to a newer version, or use an earlier cuda container: unknown\n") == \
        ("log.cuda_driver_unsupported", "cuda_or_driver")
    # NCCL's shared memory that did not fit stays /dev/shm's
    assert lead("node1:1:1 [0] include/shm.h:48 NCCL WARN Error: failed to extend /dev/shm/nccl-abc to 9637892 "
                "bytes, error: No space left on device\n") == ("log.shm_error", "shm_too_small")


def test_rdma_code_beside_nccl_in_its_own_words() -> None:
    # sweep 118: mscclpp#315 and uccl#293 (status 12 is IBV_WC_RETRY_EXC_ERR), RDMA-Tutorial#6 (smaller QPs fixed
    # it), multi-gpu-programming-models#21 (NVSHMEM's copy of NCCL's GID walk)
    assert lead("terminate called after throwing an instance of 'mscclpp::IbError'\n  what():  a work item failed: "
                "status 12 (Ib failure: Cannot allocate memory)\n") == ("log.ib_completion_error", "ib_timeout_or_retry")
    assert lead("F20250821 13:22:09.976752 3186121 rdma_io.cc:811] Check failed: wc->status == IBV_WC_SUCCESS RC send "
                "CQ state error: 12, 0\n") == ("log.ib_completion_error", "ib_timeout_or_retry")
    assert lead("[ERROR] (setup_ib.c:184:setup_ib: errno: Cannot allocate memory) Failed to create qp\n") == \
        ("log.ibv_create_qp_failed", "ib_resource_error")
    assert lead("WARN: IB: read failed in ib_roce_get_version_num: Invalid argument\n") == \
        ("log.gid_error", "gid_index_or_roce_config")
    # a work item failing on another status is not read as a retry timeout
    assert lead("  what():  a work item failed: status 5 (Ib failure: Input/output error)\n") != \
        ("log.ib_completion_error", "ib_timeout_or_retry")


def test_a_keyword_the_installed_callee_does_not_take() -> None:
    # microsoft/agent-lightning#590 (held-out round 151): verl 0.7 calling vLLM 0.8.5's request API; led by releases
    # that do not match (5 of the 8 labelled threads that print the line), the program's own call second
    assert lead("ERROR ... Error aborting requests: RequestState.make_request_output() got an unexpected keyword "
                "argument 'pooling_output'\n") == ("log.program_error", "other")
    # a communicator's abort stays one
    assert lead("node1:1:2 [0] NCCL INFO comm 0x55d0 rank 0 nranks 2 cudaDev 0 busId 1000 - Abort COMPLETE\n") != \
        ("log.program_error", "other")


def test_mpi_and_slurm_network_lines_of_their_docs() -> None:
    # Open MPI's tcp.rst ("Interpreting TCP-related errors"), MPICH's FAQ, OpenPMIx's help, Slurm's FAQ
    assert lead("   btl_tcp_endpoint.c:572:mca_btl_tcp_endpoint_complete_connect: connect() failed with errno=113\n") == \
        ("log.mpi_launch", "wrong_interface")
    assert lead("   mca_btl_tcp_frag_send: writev failed with errno=104\n") == ("log.remote_exited", "rank_crashed_elsewhere")
    assert lead("MPID_nem_tcp_connpoll(1830)...........: Communication error with rank 1:\n") == \
        ("log.mpi_launch", "firewall_or_port_blocked")
    assert lead("You requested support for remote tool connections, but no non-loopback\ninterfaces were found after "
                "applying any include or exclude directives:\n") == ("log.no_interface", "wrong_interface")
    assert lead("srun: error: Unable to accept connection: Resources temporarily unavailable\n") == \
        ("log.fd_limit", "memlock_or_ulimit")
    # a refused connection keeps the firewall's reading
    assert lead("   btl_tcp_endpoint.c:572:mca_btl_tcp_endpoint_complete_connect: connect() failed with errno=111\n") != \
        ("log.mpi_launch", "wrong_interface")


def test_serving_and_model_repository_docs() -> None:
    # pytorch/serve's troubleshooting page; Qwen's FAQ and chat docs
    assert lead('"Failed to bind to address: `http://127.0.0.1:8080`", port 8080/8081 already in use.\n') == \
        ("log.port_in_use", "application_bug")
    assert lead("importlib.metadata.PackageNotFoundError: No package metadata was found for bitsandbytes\n") == \
        ("log.package_build", "other")
    assert lead("RuntimeError: probability tensor contains either `inf`, `nan` or element < 0\n") == \
        ("log.program_error", "application_bug")
    # a port number in another sentence is no port in use
    assert lead("INFO: Uvicorn running on http://0.0.0.0:8080 (Press CTRL+C to quit)\n") != \
        ("log.port_in_use", "application_bug")


def test_packages_of_the_environment_that_do_not_go_together() -> None:
    # xtuner's FAQ (opencv-python in a headless image), alpa's troubleshooting (jaxlib newer than jax)
    assert lead("ImportError: libGL.so.1: cannot open shared object file: No such file or directory\n") == \
        ("log.package_build", "other")
    assert lead("RuntimeError: jaxlib version 0.3.7 is newer than and incompatible with jax version 0.3.5. Please update "
                "your jax and/or jaxlib packages.\n") == ("log.package_build", "other")
    # NCCL's and the driver's own libraries keep their readings
    assert lead("ImportError: libnccl.so.2: cannot open shared object file: No such file or directory\n")[0] == \
        "log.nccl_library_missing"
    assert lead("ImportError: libcuda.so.1: cannot open shared object file: No such file or directory\n")[1] == \
        "cuda_or_driver"


def test_newer_parallelism_threads() -> None:
    # sweep 125: pytorch/pytorch#161153 (torch.compile over FSDP, a PyTorch bug); #132644 (one node, a reset on
    # Debian's 127.0.1.1 after the connection was made: the peer ended)
    assert lead("E                   torch._dynamo.exc.TorchRuntimeError: Dynamo failed to run FX node with fake "
                "tensors: call_function <method 'set_' of 'torch._C.TensorBase' objects>\n") == \
        ("log.framework_release", "other")
    assert lead("RuntimeError: [../third_party/gloo/gloo/transport/tcp/pair.cc:534] Read error [127.0.1.1]:42417: "
                "Connection reset by peer\n") == ("log.socket_closed", "rank_crashed_elsewhere")
    # a connect to 127.0.1.1 that fails stays the host name's
    assert lead("RuntimeError: [../third_party/gloo/gloo/transport/tcp/pair.cc:799] connect [127.0.1.1]:57469: "
                "Connection refused\n")[1] == "hostname_resolution"


def test_rl_trainers_and_torchcomms_docs() -> None:
    # SkyRL's troubleshooting (libnuma missing), Monarch's telemetry (not NCCL's bootstrap), NCCL's RAS doc quoted by
    # torchcomms: a report with only the job-level DEAD section
    assert lead("AttributeError: ray::FSDPRefWorkerBase.offload_to_cpu: undefined symbol: numa_parse_nodestring. Did "
                "you mean: '_return_value'?\n") == ("log.package_build", "other")
    assert "log.bootstrap_error" not in ids("job sidecar telemetry bootstrap failed\n")
    assert lead("node1:1:1 [0] bootstrap.cc:77 NCCL WARN Bootstrap : no socket interface found\n")[1] == "wrong_interface"
    dead = ("Communicators... (0.002s)\n=============\n\nNo communicator data collected!\n\nErrors\n======\n\nDEAD\n"
            "  1 job process is considered dead (unreachable via the RAS network)\n"
            "  Process 3748990 on node node1 managing GPU 3\n")
    found = analyze_text(dead)["findings"][0]
    assert (found["id"], found["cause"]) == ("hang.rank_missing", "rank_crashed_elsewhere")
    assert "3748990" in found["message"]


def test_nccl_2026_threads() -> None:
    # sweep 128: DeepEP#255 (socket.cc's internal error is the abort flag, the at-exit warning explains nothing),
    # Mooncake#117 (a queue pair's event in another engine's words), NVIDIA/nccl#2237 (GIN's GDAKI without GRH)
    paste = ("ali-f8xhrryi-0001:938504:942252 [5] NCCL INFO misc/socket.cc:64 -> 3\n"
             "ali-f8xhrryi-0001:938504:942252 [5] NCCL INFO misc/socket.cc:80 -> 3\n"
             "[rank0]:[W625 01:10:05.149569580 ProcessGroupNCCL.cpp:1479] Warning: WARNING: destroy_process_group() was "
             "not called before program exit, which can leak resources.\n")
    assert lead(paste) == ("log.abort", "rank_crashed_elsewhere")
    assert lead("W0222 20:07:21.119717 2179435 worker_pool.cpp:399] Worker: Received context async event local work "
                "queue catastrophic error for context erdma_0\n") == ("log.ibv_call_failed", "ib_resource_error")
    assert lead("worker-0:862519:862553 [0] transport/net_ib/gdaki/gin_host_gdaki.cc:431 (gdakiConnectQp) NCCL WARN "
                "DOCA failure 21\n") == ("log.ibv_call_failed", "other")
    # a device's catastrophic error stays the port's (NVIDIA/nccl#230)
    assert lead("node:1:2 [0] NCCL WARN NET/IB : Got async event : local catastrophic error\n")[1] == \
        "ib_port_down_or_link"


def test_vision_install_notes() -> None:
    # GroundingDINO's README, sam2's INSTALL.md (doc sweep 129)
    assert lead("NameError: name '_C' is not defined\n") == ("log.package_build", "other")
    assert lead("RuntimeError: No available kernel. Aborting execution.\n") == ("log.package_build", "other")
    # the program's own NameError and a communicator's abort keep their readings
    assert lead("NameError: name 'model' is not defined\n") == ("log.program_error", "application_bug")
    assert lead("node1:1:2 [0] NCCL INFO comm 0x1 rank 0 nranks 2 - Abort COMPLETE\nNCCL communicator was aborted on "
                "rank 0.\n")[0] == "log.abort"


def test_nemo_curator_and_automodel_docs() -> None:
    # doc sweep 130: Curator's Slurm tutorial (a firewall), its GPU pages (no GPU in the container), Automodel's docs
    assert lead("TimeoutError: ray.init timed out\n") == ("log.socket_connect_failed", "firewall_or_port_blocked")
    assert lead("AttributeError: 'CUDARuntimeError' object has no attribute 'msg'\n") == ("log.gpu_missing", "cuda_or_driver")
    assert lead("[h264_nvenc @ 0x55d] No NVENC capable devices found\n") == ("log.gpu_missing", "cuda_or_driver")
    assert lead("ImportError: MLflow is not installed. Please install it (e.g. pip install mlflow).\n") == \
        ("log.package_build", "other")
    # another AttributeError stays the program's
    assert lead("AttributeError: 'NoneType' object has no attribute 'shape'\n") == ("log.program_error", "application_bug")


def test_detection_trainers_ddp() -> None:
    # roboflow/rf-detr#1093 (held-out round 154): the report's own title for DDP's unused parameters
    assert lead("### `RuntimeError: unused parameters in DDP` when training standard detection model (no segmentation "
                "head) with `strategy='ddp'`\n") == ("log.framework_usage", "application_bug")
    # the strategy's name alone is a setting, not the error
    assert lead("trainer = Trainer(strategy='ddp_find_unused_parameters_true', devices=2)\n") is None


def test_nccl_warns_inside_training_frameworks() -> None:
    # sweep 133: zai-org/ImageReward#65 (two devices NCCL could not open, the others used: no failure by itself)
    skipped = ("65826-86bd789679-2dxbs:80744:80744 [1] misc/ibvwrap.cc:212 NCCL WARN Call to ibv_open_device failed\n"
               "65826-86bd789679-2dxbs:80746:80746 [3] transport/net_ib.cc:149 NCCL WARN NET/IB : Unable to open device "
               "mlx5_59\n"
               "65826-86bd789679-2dxbs:80746:80746 [3] NCCL INFO NET/IB : Using [0]mlx5_1:1/RoCE [1]mlx5_18:1/RoCE ; OOB "
               "eth0:33.117.221.247<0>\n65826-86bd789679-2dxbs:80746:80746 [3] NCCL INFO Using network IB\n")
    assert lead(skipped) is None and "log.ib_device_skipped" in ids(skipped)
    # with no device left NCCL falls back to sockets, which stays the reading
    none_left = skipped.split("65826-86bd789679-2dxbs:80746:80746 [3] NCCL INFO NET/IB")[0] + \
        "65826-86bd789679-2dxbs:80746:80746 [3] NCCL INFO NET/IB : No device found.\n"
    assert lead(none_left)[1] == "socket_fallback"
    # vllm-project/vllm#5477: proxy.cc printed the failure before p2p.cc; with cuMem on one side the weight-sync
    # reading applies to the p2p.cc line wherever it stands
    p2p = ("a5fa65866c9c:116812:120170 [0] proxy.cc:1336 NCCL WARN Cuda failure 1 'invalid argument'\n"
           "a5fa65866c9c:116812:120158 [0] transport/p2p.cc:272 NCCL WARN Cuda failure 'invalid argument'\n"
           "a5fa65866c9c:116812:120158 [0] NCCL INFO Channel 00 : 0[0] -> 1[1] via P2P/CUMEM\n")
    assert lead(p2p) == ("log.cuda_error", "application_bug")
