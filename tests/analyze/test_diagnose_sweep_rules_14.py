"""Rules from the sweeps of public threads of 2026-12-04 (38 - 44: RDMA tools and driver stacks, NCCL outside
PyTorch, Megatron and Transformer Engine, the serving engines' transports, Gloo, notebooks, the newest releases)
and from the misses of held-out rounds 83 - 89. Each line is quoted from the thread named above its test, and
tested on text that must not trigger it."""

from __future__ import annotations

from line_reading import lead

from ncclkit.logs.analyze import analyze_text


def causes(text: str) -> list[str | None]:
    return [f.get("cause") for f in analyze_text(text)["findings"] if f.get("cause")]


# linux-rdma/perftest#336 (option order), #276 (no GPU write latency), #395 (hugepages, kernel.shmmni).
def test_perftest_refusing_its_options_and_its_hugepages() -> None:
    for line in ("CUDA DMA-BUF cannot be used without CUDA\n Parser function exited with Error\n",
                 "Perftest supports CUDA latency tests with read/send verbs only\n"):
        assert lead(line) == ("log.perftest_usage", "application_bug"), line
    hp = ("Failed to allocate hugepages. Please configure hugepages\nFailed to allocate hugepage region.\n"
          "failed to create mr\nFailed to create MR\n")
    assert lead(hp) == ("log.hugepages", "other")
    # perftest's note on every healthy --use_cuda run states nothing
    assert lead("Perftest doesn't supports CUDA tests with inline messages: inline size set to 0\n") is None
    # "Couldn't allocate MR" before it keeps GPUDirect RDMA first (perftest#269)
    assert lead("Couldn't allocate MR\nFailed to create MR\n") != ("log.hugepages", "other")


# Mellanox/doca-driver-build#65 and network-operator#1450: the NIC driver stack left unconfigured.
def test_the_nic_driver_stack_not_installed() -> None:
    for text in ("dpkg: error processing package mlnx-ofed-kernel-modules (--install):\n dependency problems - "
                 "leaving unconfigured\n",
                 " mlnx-ofed-kernel-modules : Depends: linux-modules-extra-5.15.0-130-generic but it is not "
                 "installable\n"):
        assert lead(text) == ("log.ofed_install_failed", "other"), text
    # the peer-memory module's package is GPUDirect's (Mellanox/nv_peer_memory#119)
    assert lead("dpkg: error processing package nvidia-peer-memory-dkms (--install):\n") != \
        ("log.ofed_install_failed", "other")


# modal-projects/training-gym#421 (two rdma-core releases), NVIDIA/nccl#1158 (RDMA_CORE=1 without -libverbs),
# deepseek-ai/DeepEP#628 and sgl-project/sglang#23143 (libmlx5 older than MLX5_1.25).
def test_rdma_core_libraries_that_do_not_match() -> None:
    abi = ("ImportError: /usr/lib/x86_64-linux-gnu/libibverbs.so.1: version `IBVERBS_PRIVATE_34' not found "
           "(required by /usr/lib/x86_64-linux-gnu/libmlx5.so.1)\n")
    assert lead(abi) == ("log.verbs_abi_mismatch", "socket_fallback")
    assert lead("NCCL WARN Failed to open libibverbs.so[.1]\n") == ("log.libibverbs_missing", "socket_fallback")
    link = ("/home/u/nccl-tests/build/all_reduce_perf: symbol lookup error: /home/u/nccl/build/lib/libnccl.so.2: "
            "undefined symbol: ibv_dereg_mr\n")
    assert lead(link) == ("log.nccl_verbs_link", "other")
    # an NCCL symbol missing is an older libnccl (NVIDIA/nccl#1784)
    assert lead("all_reduce_perf: symbol lookup error: /usr/lib/x86_64-linux-gnu/libnccl.so.2: undefined symbol: "
                "ncclCommWindowRegister\n") == ("log.version_mismatch", "nccl_version_mismatch")
    mlx5 = ("host:1:1 [0] NCCL INFO dlvsym failed on mlx5dv_reg_dmabuf_mr - /lib/aarch64-linux-gnu/libmlx5.so: "
            "undefined symbol: mlx5dv_reg_dmabuf_mr, version MLX5_1.25\n")
    assert "socket_fallback" not in causes(mlx5)
    assert lead("host:1:1 [0] NCCL WARN dlvsym failed on mlx5dv_reg_dmabuf_mr - libmlx5.so: undefined symbol: "
                "mlx5dv_reg_dmabuf_mr, version MLX5_1.25\n") == ("log.libmlx5_old", "gdr_unavailable")
    # ibverbs' own symbols missing stop NCCL's IB transport
    assert lead("host:1:1 [0] NCCL WARN dlvsym failed on ibv_reg_dmabuf_mr - libibverbs.so.1: undefined symbol, "
                "version IBVERBS_1.12\n") == ("log.libibverbs_old", "socket_fallback")


# microsoft/mscclpp#657: a program's trace of the registration is no error; the EFAULT after it is.
def test_a_registration_trace_is_not_the_error() -> None:
    text = ("ibv_reg_mr2 called. cuMemAlloc: 1, dmaBufSupported: 0, nv_peer_mem loaded: yes\n"
            "terminate called after throwing an instance of 'mscclpp::IbError'\n"
            "  what():  ibv_reg_mr failed (errno 14) (Ib failure: Bad address)\n")
    assert lead(text) == ("log.ibv_reg_mr_failed", "gdr_unavailable")


# imbue-ai/cluster-health#4: IPoIB netdevs read Down on a healthy InfiniBand fabric.
def test_ibdev2netdev_down_for_ipoib_is_not_a_port_down() -> None:
    line = "mlx5_0   port  1  ==>  ibp26s0        (Down)  # CX-7 1/8 infiniband\n"
    assert "ib_port_down_or_link" not in causes(line)
    assert "ib_port_down_or_link" in causes("mlx5_2 port 1 ==> enp27s0f1np1 (Down)\n")


# pytorch/gloo#268: the address families of the two ends differ.
def test_gloo_address_family_mismatch() -> None:
    line = "RuntimeError: [/pytorch/third_party/gloo/gloo/transport/tcp/pair.cc:210] address family mismatch\n"
    assert lead(line) == ("log.name_resolution", "hostname_resolution")
    # c10d's IPv6 notice on a host without IPv6 states no failure
    assert lead("[W socket.cpp:697] [c10d] The client socket has failed to connect to [::1]:29500 (errno: 97 - "
                "Address family not supported by protocol).\n") != ("log.name_resolution", "hostname_resolution")


# ai-dynamo/nixl#1110 (UCX_TLS without cuda_ipc), LMCache/LMCache#725 (UCX's TCP endpoint), ai-dynamo/nixl#170 (the
# older version wording), NVIDIA/TensorRT-LLM#4668 (UCC under threads), #5495 (MPI spawn inside Slurm), #17034
# (CUDA IPC refused), ai-dynamo/dynamo#429 (NATS without JetStream).
def test_the_serving_engines_transports() -> None:
    lane = ("[1765457011.052824] [nvl72119-T17:1222683:0]      ucp_device.c:415  UCX  ERROR failed to select lane "
            "for local device GPU0\n")
    assert lead(lane) == ("log.net_plugin_error", "net_plugin_error")
    tcp = ("[1749803291.555759] [pod:7053 :0]          tcp_ep.c:1260 UCX  ERROR tcp_ep 0x3c502370 (state=CONNECTED): "
           "send(110) failed: Input/output error\nW0613 08:28:11.555796    7053 ucx_utils.cpp:43] Unexpected UCX "
           "error: Endpoint timeout\n")
    assert lead(tcp) == ("log.socket_connect_failed", "firewall_or_port_blocked")
    assert "ib_timeout_or_retry" not in causes(tcp)
    # UCX's retry over an HCA stays an IB timeout
    assert "ib_timeout_or_retry" in causes("[1] ib_mlx5_log.c:174 UCX  ERROR Transport retry count exceeded on "
                                           "mlx5_0:1/IB (synd 0x15 vend 0x81 hw_synd 0/0)\n")
    ver = ("[1745243850.701871] [w-1:838783:0]     ucp_context.c:1774 UCX  WARN  UCP version is incompatible, "
           "required: 1.18, actual: 1.12 (release 1)\n")
    assert lead(ver) == ("log.library_version", "nccl_version_mismatch")
    ucc = " 58: [u01c13:831195] Error: coll_ucc_module.c:265 - mca_coll_ucc_init_ctx() UCC library doesn't support " \
          "MPI_THREAD_MULTIPLE\n"
    assert lead(ucc) == ("log.mpi_transport", "other")
    assert lead("rank 0 using MpiPoolSession to spawn MPI processes\nAll nodes which are allocated for this job are "
                "already filled.\n") == ("log.launch_config", "application_bug")
    ipc = ("          → cudaIpcOpenMemHandle  ← cudaErrorInvalidDevice (101)\nRuntimeError: CUDA Runtime API error: "
           "<cudaError_t.cudaErrorInvalidDevice: 101>\n")
    assert lead(ipc) == ("log.p2p_error", "acs_iommu_p2p")
    # a rank asking for a GPU it cannot see stays the program's
    assert lead("RuntimeError: CUDA error: invalid device ordinal\n") != ("log.p2p_error", "acs_iommu_p2p")
    nats = ("nats.js.errors.ServiceUnavailableError: nats: ServiceUnavailableError: code=None err_code=None "
            "description='None'\n")
    assert lead(nats) == ("log.control_plane", "other")


# volcengine/verl#4503 (every rank on cuda:0), pytorch/pytorch#171495 (the CUDA backend across nodes),
# meta-pytorch/torchcomms#4036, pytorch/pytorch#197465, deepseek-ai/DeepEP#629, NVIDIA/nccl#2094.
def test_the_newest_releases_lines() -> None:
    for line in ("RuntimeError: CUDASymmetricMemoryAllocator::rendezvous: detected allocations from overlapping "
                 "devices from different ranks.\n", "failed to send fd: No such file or directory\n",
                 "[TorchCommWindowNCCLX]: NCCLX window is null\n",
                 "csrc/kernels/backend/nccl.cu:87\n(allow_hybrid_mode ? props.railedGinType : props.ginType) != "
                 "NCCL_GIN_TYPE_NONE\n"):
        assert lead(line) == ("log.framework_usage", "application_bug"), line
    assert lead("NCCL Revoke failed: NCCL operation in progress\n") == ("log.framework_release", "other")
    gin = ("[5] NCCL INFO GIN/Plugin: Could not find: libnccl-gin.so\n[5] misc/ibvwrap.cc:173 NCCL WARN lib wrapper "
           "not initialized.\n[5] NCCL INFO Failed to initialize any GIN plugin\n")
    assert lead(gin) is None
    # the network NCCL falls back to stays a finding of its own
    assert "socket_fallback" in causes("[5] NCCL INFO Failed to initialize NET plugin IB\n[5] NCCL INFO Using "
                                       "network Socket\n")


# NVIDIA/Megatron-LM#1274, alibaba/Pai-Megatron-Patch#551, areal-project/AReaL#1468, NVIDIA/Megatron-LM#5966,
# intelligent-machine-learning/dlrover#1065, NVIDIA/Megatron-LM#4660.
def test_megatron_and_transformer_engine() -> None:
    ub = ("/home/Megatron-LM/megatron/training/initialize.py:227: UserWarning: Transformer Engine v1.5.0+6a9edc3 "
          "supports only MPI bootstrap backend.\n")
    assert lead(ub) == ("log.launch_config", "application_bug")
    cudnn = ("RuntimeError: /te/transformer_engine/common/fused_attn/fused_attn_f16_arbitrary_seqlen.cu:681 in "
             "function operator(): cuDNN Error: No valid engine configs for MUL_Reduction_MUL_Matmul\n")
    assert lead(cudnn) == ("log.framework_usage", "application_bug")
    # an execution failure of the kernel is not a missing configuration (NVIDIA/TransformerEngine#1116)
    assert lead("fused_attn_arbitrary_seqlen_fwd_impl: cuDNN Error: execute(handle, plan->get_raw_desc(), "
                "variant_pack_descriptor.get_ptr()) failed with code: CUDNN_STATUS_EXECUTION_FAILED\n") != \
        ("log.framework_usage", "application_bug")
    assert lead("megatron.core.dist_checkpointing.core.CheckpointingException:\nShardedTensor.flattened_range is not "
                "supported.\n") == ("log.framework_usage", "application_bug")
    assert lead("ERROR:megatron.core.rerun_state_machine: found NaN in local grad norm for bucket #0\n") == \
        ("log.framework_usage", "application_bug")
    assert lead("Unexpected result tensor(nan, device='cuda:5') on rank 5 at iteration #14201 invocation #3 "
                "(message='found NaN in local grad norm for bucket #0')\n") is None
    tracker = ("WARNING: could not find the metadata file /mnt1/ckpt/latest_checkpointed_iteration.txt\n"
               "    will not load any checkpoints and will start from random\n")
    assert lead(tracker) == ("log.framework_usage", "application_bug")
    fastrak = ("NCCL WARN NET/FasTrak ...: INVALID_ARGUMENT: Buffer registration request does not have a valid fd "
               "set.\n")
    assert lead(fastrak) == ("log.net_plugin_error", "net_plugin_error")


# Held-out rounds 83 - 88: a wrapped vLLM memory check (DGX Spark), FSDP's save warning with the GPU out of memory
# (tatsu-lab/stanford_alpaca#65), XLA's stream-ordered allocator (marin-community/marin#8508), PyTorch 1.0's
# device check (pytorch/pytorch#14187), NVSHMEM's device state (perplexityai/pplx-kernels#22), accelerate 0.21's
# notebook check (huggingface/accelerate#1751), NCCL 1's socket limit (NVIDIA/nccl#127).
def test_lines_of_the_held_out_misses() -> None:
    assert lead("ValueError: Free memory on device cuda:0 (109.53/121.69 GiB) on startup is\nless than desired GPU "
                "memory utilization (0.91, 110.74 GiB)\n") == ("log.oom", "oom")
    fsdp = ("fully_sharded_data_parallel.py:2224: UserWarning: Failed to clone() tensor with name lm_head.weight. "
            "Error: CUDA out of memory. Tried to allocate 502.00 MiB (GPU 1; 39.59 GiB total capacity)\n")
    assert lead(fsdp) == ("log.oom", "oom")
    # a warning that only mentions running out of memory names nothing (MosaicML Composer)
    assert lead("trainer.py:243: UserWarning: `device_train_microbatch_size='auto'` may potentially fail with "
                "unexpected CUDA errors. In this case, please manually set it.\n") is None
    assert lead("cuMemAllocAsync failed to allocate 126,257,359,472 bytes (117.59 GiB)\n") == ("log.oom", "oom")
    assert lead("this raise RuntimeError: Only CUDA dense tensor is supported for NCCL collective operations\n") == \
        ("log.framework_usage", "application_bug")
    assert lead("NVSHMEM API called before NVSHMEM initialization has completed\n") == \
        ("log.framework_usage", "application_bug")
    assert lead("RuntimeError: CUDA has been initialized before notebook_launcher() could create a forked "
                "subprocess.\n") == ("log.framework_usage", "application_bug")
    assert lead('Socket.h(166):"too many open files"\n') == ("log.fd_limit", "memlock_or_ulimit")


# sgl-project/sglang#23143: a local protection error after libmlx5 refused MLX5_1.25's symbols is the registration
# without mlx5's DMA-BUF path; without that line it stays the ACS/IOMMU reading (NVIDIA/nccl#1905).
def test_local_protection_error_after_an_old_libmlx5() -> None:
    warn = ("host:1:1 [0] NCCL WARN NET/IB: Got completion from peer 10.0.0.2<1234> with "
            "status=IBV_WC_LOC_PROT_ERR(4) opcode=IBV_WC_RECV(128) reqSize=0 vendor_err=81 req_type=Recv localGid "
            "::ffff:10.0.0.1\n")
    old = ("host:1:1 [0] NCCL INFO dlvsym failed on mlx5dv_reg_dmabuf_mr - /lib/aarch64-linux-gnu/libmlx5.so: "
           "undefined symbol: mlx5dv_reg_dmabuf_mr, version MLX5_1.25\n")
    assert lead(old + warn) == ("log.ib_completion_error", "gdr_unavailable")
    assert lead(warn) == ("log.ib_completion_error", "acs_iommu_p2p")


# pytorch/pytorch#174990: PyTorch's NaN check is the program's data, and its documentation pointer names nothing.
def test_the_nan_check_and_its_help_line() -> None:
    text = ("/pytorch/torch/csrc/distributed/c10d/NanCheck.cu:217: checkForNaN: block: [0,0,0], thread: [0,0,0] "
            "Assertion `!isnan(tailPtr[threadIdx.x])` failed.\ntorch.AcceleratorError: CUDA error: device-side assert "
            "triggered\nSearch for `cudaErrorAssert' in https://docs.nvidia.com/cuda/cuda-runtime-api/group__CUDART__"
            "TYPES.html for more information.\n")
    found = analyze_text(text)["findings"]
    assert "NaN" in found[0]["message"] and found[0]["cause"] == "application_bug"
    assert "cuda_or_driver" not in causes(text)
    # an index kernel's assertion keeps the label reading
    assert "label or index" in analyze_text("IndexKernel.cu:92: operator(): block: [0,0,0], thread: [0,0,0] "
                                            "Assertion `index out of bounds` failed.\n")["findings"][0]["message"]


# NVIDIA/nccl#2094: on one node (nNodes 1) a missing libibverbs read at INFO names no cause; across nodes it does.
def test_a_missing_verbs_library_on_one_node_names_no_cause() -> None:
    log = ("node1:1:1 [0] NCCL INFO Failed to open libibverbs.so[.1]\nnode1:1:1 [0] NCCL INFO Using network Socket\n"
           "node1:1:1 [0] NCCL INFO comm 0x5 rank 0 nRanks 8 nNodes {n} localRanks {l} localRank 0 MNNVL 0\n")
    assert "socket_fallback" not in causes(log.format(n=1, l=8))
    assert "socket_fallback" in causes(log.format(n=2, l=4))


# HewlettPackard/shs-docs (troubleshooting MPI application failures, common CXI core error messages), ALCF's Aurora
# and Polaris pages, OLCF's PyTorch on Frontier, CSCS's cray-mpich and container pages, EESSI's known issues.
def test_slingshot_and_the_hpc_centres_lines() -> None:
    und = ("libfabric:23840:1689991048::cxi:ep_data:report_send_completion():3570<warn> x4120c7s4b0n0: TXC "
           "(0x19751:0:0):\nRequest dest_addr: 225 caddr.nic: 0X19631 caddr.pid: 0 rxc_id: 0  error: 0x40dc440 "
           "(err: 5, UNDELIVERABLE)\n")
    assert lead(und) == ("log.ofi_error", "ib_timeout_or_retry")
    for line, want in (
            ("[Sat Jul 22 01:56:57 2023] cxi_core 0001:c3:00.0: cxi7[hsn7]: C_EC_UNCOR_NS: C_IXE error: "
             "port_dfa_mismatch (37) (was first error at 1689990996:422192591)\n", ("log.ib_port_event",
                                                                                 "ib_port_down_or_link")),
            ("cxi_ss1 0000:41:00.0: cxi0[hsn0]: C_EC_TRNSNT_NS: C1_HNI_PML error: llr_ack_nack_error (58)\n",
             ("log.ib_link_errors", "ib_port_down_or_link")),
            ("[Thu Jul 13 01:57:31 2023] cxi_core 0000:c3:00.0: cxi3[hsn3]: C_EC_UNCOR_NS: C1_PCT error: tct_cam_ucor "
             "(42)\n", ("log.nic_fault", "ib_port_down_or_link")),
            ("Jul 22 01:57:28 x4120c7s4b0n0 cxi_rh[6094]: RH: will close sct=3. spt=191 was retried due to timeouts 4 "
             "times and nacks 0 times\n", ("log.ib_completion_error", "ib_timeout_or_retry")),
            ("Jul 13 21:27:10 x4614c2s0b0n0 cxi_rh[6702]: RH: will close sct=2253 because it only saw NO_MATCHING_CONN "
             "Nacks\n", ("log.remote_exited", "rank_crashed_elsewhere")),
            ("libfabric:16642:1701636928::cxi:core:cxip_cq_eq_progress():531<warn> x4204c1s3b0n0: Cassini Event Queue "
             "overflow detected.\n", ("log.ofi_error", "performance_config")),
            ("start failed on x4102c5s2b0n0: No VNIs available in internal allocator\n",
             ("log.launch_config", "other")),
            ("MPICH ERROR: Unable to use a NIC_POLICY of 'NUMA'. Rank 4 is not confined to a single NUMA node.  There "
             "are 4 numa_nodes detected (rc=0).\n", ("log.topology_error", "topology_or_numa")),
            ("MPICH ERROR [Rank 0] [job id 410301.1] [Thu Feb 13 12:42:18 2025] [nid005414] - Abort(-1) (rank 0 in "
             "comm 0): MPIDI_CRAY_init: GPU_SUPPORT_ENABLED is requested, but GTL library is not linked\n",
             ("log.launch_config", "application_bug")),
            ("Assertion failed [...]: (&MPIR_THREAD_GLOBAL_ALLFUNC_MUTEX)->count == 0\n", ("log.framework_release",
                                                                                           "other")),
            ("RuntimeError: CUDA tensor detected and the MPI used doesn't have CUDA-aware MPI support\n",
             ("log.framework_usage", "application_bug")),
            ("Failed to modify UD QP to INIT on mlx5_0: Operation not permitted\n", ("log.ibv_modify_qp_failed",
                                                                                    "ib_resource_error")),
            ("srun: error: Couldn't load specified plugin name for switch/hpe_slingshot: Dlopen of plugin file "
             "failed\n", ("log.launch_config", "other"))):
        assert lead(line) == want, line
    # PCIe-correctable lines HPE calls expected name nothing
    assert lead("cxi_ss1 0000:41:00.0: cxi0[hsn0]: C_EC_CRIT: C_PI_IPD_EXT error: pri_rbyp_abort (44)\n") is None
    # a peer gone reported by MPICH stays a consequence (LUMI's PTLTE_NOT_FOUND)
    assert lead("MPICH ERROR [Rank 6088] [job id 2618312.0] [Sun Jan 22 20:58:44 2023] [nid001271] - "
                "Abort(404369807) (rank 6088 in comm 0): Fatal error in PMPI_Waitany: Other MPI error, error stack:\n"
                "MPIDI_OFI_handle_cq_error(1062): OFI poll failed (ofi_events.c:1064:MPIDI_OFI_handle_cq_error:"
                "Input/output error - PTLTE_NOT_FOUND)\n")[1] == "rank_crashed_elsewhere"
    # c10d's IPv6 try with its errno wrapped onto the next line is the harmless try
    ipv6 = ("[W socket.cpp:697] [c10d] The client socket cannot be initialized to connect to [frontierXYZ.frontier."
            "olcf.ornl.gov]:3442\n(errno: 97 - Address family not supported by protocol).\n")
    assert "wrong_interface" not in causes(ipv6)
