"""Rules from sweep 138 (2026-12-05: Gloo failures), from the documentation sweeps 139 - 161 (projects' troubleshooting
pages: CuPy, UCX, Azure's HPC images, Kubernetes webhooks, ROCm's aiter, levanter, Slurm operators, Bagua, PaddleFleetX,
MiniCPM-V, GraphStorm and others) and from the misses of held-out rounds 165 - 167. Each line is quoted from the
thread or page named above its test, and tested on text that must not trigger it."""

from __future__ import annotations

from line_reading import assert_reads, ids, lead


def test_tensorpipes_cuda_ipc_without_the_peers_gpu() -> None:
    # pytorch/tensorpipe#412: two Slurm jobs on one node, each confined to its own GPU
    line = ('In globalIdxForDevice at tensorpipe/channel/cuda_ipc/context_impl.cc:102 "iter == globalUuids.end()'
            'Couldn\'t find GPU with UUID 9b967b0b-fa75-3a89-0770-e950eea546c5"')
    assert lead(line + "\n") == ("log.p2p_error", "other")
    # NVML's own lookup of a UUID that does not exist is no peer process's GPU
    assert lead("Unable to determine the device handle for GPU-9b967b0b: Not Found\n") != ("log.p2p_error", "other")


def test_nvrtcs_catastrophic_error_is_the_toolkits_headers_not_a_port() -> None:
    # cupy/cupy docs/source/install.rst (FAQ): CUDA's headers not found by a kernel compiled at run time
    assert_reads('catastrophic error: cannot open source file "cuda_fp16.h"', "log.build_toolchain", "cuda_or_driver")
    # an RDMA device's own catastrophic event stays the port's
    assert lead("mlx5_0:1 Got async error event: local catastrophic error\n")[1] == "ib_port_down_or_link"


def test_xml_as_a_word_not_inside_a_package_name() -> None:
    # google/paxml ghostnorm README: a model layer not wrapped
    line = ("TypeError: <some_op> requires ndarray or scalar arguments, got <class "
            "'paxml.ghostnorm.base.ParamWithAux'>")
    assert lead(line + "\n") == ("log.program_error", "application_bug")
    # NCCL's own topology XML keeps its reading
    assert lead("node1:1:1 [0] graph/xml.cc:1257 NCCL WARN Could not open XML graph file /tmp/graph.xml : No such "
                "file or directory\n") == ("log.topology_error", "topology_or_numa")


def test_an_extension_built_by_another_nvcc() -> None:
    # mlcommons/training maskrcnn TROUBLESHOOTING.md: nvcc and the conda cudatoolkit of different versions
    assert_reads("ImportError: Undefined symbol: __cudaPopCallConfiguration", "log.build_toolchain", "other")


def test_azure_hpc_image_checks() -> None:
    # Azure/azhpc-images tests/health_checks/NDv4/test-ib.sh and ecc-errors.sh, test-definitions.sh
    fail = "\t **Fail** The settings returned by ibstatus indicate a problem.\n"
    assert lead("The ib 'State' is not set to 'ACTIVE' for all devices.\n" + fail) == ("log.ib_port_event",
                                                                                          "ib_port_down_or_link")
    assert lead("The ib 'Physical state' is not set to LinkUp for all devices.\n" + fail)[1] == "ib_port_down_or_link"
    assert lead("0 has a pending remap. Reset the GPU.\n") == ("log.gpu_memory_error", "cuda_or_driver")
    assert lead("*** Error - CUDA runtime version 12.8 is newer than the driver CUDA version 12.4\n")[1] == \
        "cuda_or_driver"
    # the check's pass line is no failure
    assert lead("The ib 'State' is set to 'ACTIVE' for all devices.\n") is None


def test_ucx_fork_warning_and_its_listener_out_of_descriptors() -> None:
    # rapidsai/dask-cuda docs/source/ucx.rst; rapidsai/ucx-py docs/source/ucx-debug.rst
    assert lead("UCX  WARN  IB: ibv_fork_init() was disabled or failed, yet a fork() has been issued.\n") == \
        ("log.framework_usage", "application_bug")
    assert lead("sockcm_iface.c:257 Fatal: sockcm_listener: unable to create handler for new connection\n") == \
        ("log.fd_limit", "memlock_or_ulimit")


def test_glooss_unsupported_device_is_the_build() -> None:
    # SystemPanic/vllm-windows#19 (torch 2.8's Windows wheels; pytorch/pytorch#170491's Gloo bump)
    assert_reads("RuntimeError: makeDeviceForHostname(): unsupported gloo device", "log.framework_usage", "other")


def test_a_reset_written_by_gloo_and_its_libuv_abort() -> None:
    # pytorch/gloo#168: writev's reset, which no other word let through
    paste = ("terminate called after throwing an instance of 'gloo::IoException'\n  what():  [/home/lumin/Debian/gloo."
             "pkg/gloo/gloo/transport/tcp/pair.cc:374] writev [::1]:54172: Connection reset by peer\n")
    assert lead(paste) == ("log.socket_closed", "rank_crashed_elsewhere")
    # ray-project/ray#49252: Gloo's libuv transport aborting this process; libc's abort() as a stack frame
    crash = ("(RayTrainWorker pid=7315) [/Users/runner/work/pytorch/pytorch/pytorch/third_party/gloo/gloo/transport/uv/"
             "libuv.h:596] uv_accept: invalid argument\n(RayTrainWorker pid=7315) *** SIGABRT received at "
             "time=1734086759 ***\n(RayTrainWorker pid=7315)     @        0x19e9db908  (unknown)  abort\n")
    assert lead(crash) == ("log.crash", "other") and "log.abort" not in ids(crash)
    # NVIDIA/nccl#1504: a communicator's own abort stays the consequence
    assert "log.abort" in ids("678c7278cb2d:26023:27115 [0] NCCL INFO ncclCommAbort comm 0x1aacdee0 rank 0\n"
                              "RuntimeError: NCCL communicator was aborted on rank 0.\n")


def test_kubernetes_webhooks_and_an_amd_host_without_gpus() -> None:
    # GoogleCloudPlatform/ai-on-gke's KubeRay TPU webhook page
    assert lead('Internal error occurred: failed calling webhook no endpoints available for service '
                '"cert-manager-webhook"\n') == ("log.container_start", "other")
    assert lead("Admission webhook denied the request: Number of workers in worker group not equal to specified "
                "topology\n") == ("log.launch_config", "application_bug")
    # NCCL's own internal error keeps its reading
    assert "log.internal_error" in ids("h:1:1 [0] NCCL WARN internal error - please report this issue to the NCCL "
                                       "developers\n")
    # ROCm/aiter's README
    assert lead("RuntimeError: No AMD GPU found\n") == ("log.gpu_missing", "cuda_or_driver")


def test_ncclavg_on_an_nccl_before_2_10() -> None:
    # BaguaSys/tutorials src/faq_troubleshooting.md: Bagua's AVG needs NCCL 2.10 (op 4 is ncclAvg)
    assert_reads("NCCL WARN Reduce: invalid reduction operation 4", "log.nccl_too_old", "nccl_version_mismatch")
    # another operation number is the program's own
    assert lead("NCCL WARN Reduce: invalid reduction operation 7\n")[1] == "application_bug"


def test_toolchains_and_gpus_a_job_did_not_find() -> None:
    # stanford-crfm/levanter's FAQ: a local CUDA older than the jaxlib
    assert_reads("jaxlib.xla_extension.XlaRuntimeError: INTERNAL: XLA requires ptxas version 11.8 or higher",
                 "log.build_toolchain", "cuda_or_driver")
    # NVIDIA/deepops: nvidia-smi's own prefix
    assert lead("nvidia-smi: No devices were found\n") == ("log.gpu_missing", "cuda_or_driver")
    # ollama's troubleshooting page: the discovery timed out on an AMD driver too old for its ROCm
    assert lead('msg="failure during GPU discovery" ... error="failed to finish discovery before timeout"\n') == \
        ("log.gpu_missing", "cuda_or_driver")
    # SlinkyProject/slurm-operator: a node with fewer GPUs than configured
    assert lead("   Reason=slurm-operator: (GpuCountMismatch: GPU count mismatch detected: Node has 3, expected 4)\n") \
        == ("log.gpu_missing", "cuda_or_driver")
    # nebius/soperator: a powered-up node that never registered
    assert lead("Reason=... : ResumeTimeout reached\n") == ("log.node_prolog", "other")
    # a collective's timeout keeps its reading
    assert lead("Watchdog caught collective operation timeout: WorkNCCL(SeqNum=5, OpType=ALLREDUCE) ran for 600000 "
                "milliseconds before timing out.\n")[1] != "cuda_or_driver"


def test_an_extension_from_another_nvcc_in_pythons_full_wording() -> None:
    # NVIDIA/DeepLearningExamples MaskRCNN TROUBLESHOOTING.md, as Python prints it
    line = ("ImportError: /opt/maskrcnn/maskrcnn_benchmark/_C.cpython-36m-x86_64-linux-gnu.so: undefined symbol: "
            "__cudaPopCallConfiguration")
    assert lead(line + "\n") == ("log.build_toolchain", "other")
    # an NCCL symbol missing stays the NCCL version's
    assert lead("ImportError: /x/libtorch_cuda.so: undefined symbol: ncclCommRegister\n")[1] == "nccl_version_mismatch"


def test_a_pytorch_built_without_torch_distributed() -> None:
    # ROCm/TheRock#2008: the Windows ROCm wheels, unsloth calling torch.distributed.is_initialized
    assert_reads("AttributeError: module 'torch.distributed' has no attribute 'is_initialized'", "log.package_build",
                 "other")
    # an API newer than the installed release is not a build without distributed
    assert lead("AttributeError: module 'torch.distributed' has no attribute 'device_mesh'\n") != \
        ("log.package_build", "other")


_TERM = ("W0826 12:47:25.330000 1475957 site-packages/torch/distributed/elastic/multiprocessing/api.py:900] Sending "
         "process 1475988 closing signal SIGTERM\n")
_BANNER = '*** Aborted at 1756212445 (unix time) try "date -d @1756212445" if you are using GNU date ***\n'


def test_failure_banners_after_the_launchers_sigterm_are_its_stop() -> None:
    # uccl-project/uccl#303: rank 5's Gloo peer closed; torchrun stopped the others, whose handlers printed banners
    closed = ("[rank5]: RuntimeError: [/pytorch/third_party/gloo/gloo/transport/tcp/pair.cc:544] Connection closed by "
              "peer [10.2.96.68]:21932\n")
    assert lead(closed + _TERM + _BANNER + _BANNER) == ("log.socket_closed", "rank_crashed_elsewhere")
    # google/glog docs/failures.md: a banner with the fault it names stays a crash, SIGTERM or not
    segv = "*** SIGSEGV (@0x0) received by PID 17711 (TID 0x7f893090a6f0) from PID 0; stack trace: ***\n"
    assert lead(closed + _TERM + _BANNER + segv) == ("log.crash", "other")
    assert lead(_BANNER + segv) == ("log.crash", "other")


def test_an_import_error_and_a_model_newer_than_transformers_are_the_environment() -> None:
    # InternVideo's mmaction FAQ (mmcv and mmcv-full both installed): the bare exception name
    assert lead("ModuleNotFoundError\n") == ("log.error_words", "other")
    # QwenLM/Qwen2.5-VL's README: a transformers older than the model
    line = ("ValueError: The checkpoint you are trying to load has model type `qwen2_5_vl` but Transformers does not "
            "recognize this architecture. This could be because of an issue with the checkpoint, or because your "
            "version of Transformers is out of date.")
    assert lead(line + "\n") == ("log.package_build", "other")
    # a KeyError of the program's own stays the program's
    assert lead("KeyError: 'labels'\n") == ("log.program_error", "application_bug")


def test_paddles_gpu_build_without_a_device() -> None:
    # PaddlePaddle/PaddleFleetX docs/deployment_faq.md: the CUDA install or LD_LIBRARY_PATH
    assert_reads("You are using GPU version Paddle, but your CUDA device is not set properly.", "log.gpu_missing",
                 "cuda_or_driver")
    # Paddle's own check passing is no failure
    assert lead("PaddlePaddle is installed successfully! Let's start deep learning with PaddlePaddle now.\n") is None


def test_package_releases_that_do_not_go_together() -> None:
    # OpenBMB/MiniCPM-V's README: vLLM and transformers of releases that do not go together; torchcodec's loader
    assert_reads("RuntimeError: vLLM with version 0.10.x does not yet support transformers>=5.0.0", "log.package_build",
                 "other")
    assert_reads("RuntimeError: Could not load libtorchcodec. Likely causes:", "log.package_build", "other")


def test_fi_infos_fields_and_a_library_an_extension_links() -> None:
    # awslabs/graphstorm advanced-wholegraph.rst: `fi_info -p efa -t FI_EP_RDM` of a working install
    listing = "provider: efa\nfabric: efa\ndomain: efa_0-rdm\nversion: 118.20\ntype: FI_EP_RDM\nprotocol: FI_PROTO_EFA\n"
    assert lead(listing) is None
    assert lead("fi_getinfo: -61 (No data available)\n") == ("log.ofi_error", "net_plugin_error")
    # k2-fsa/icefall's FAQ: a torchaudio for another torch build
    assert lead("OSError: libtorch_hip.so: cannot open shared object file: no such file or directory\n") == \
        ("log.package_build", "other")
    assert lead("OSError: libcuda.so.1: cannot open shared object file: No such file or directory\n")[1] == \
        "cuda_or_driver"


def test_ssh_banner_timeouts_a_missing_subprocess_and_a_bare_device_check() -> None:
    # hao-ai-lab/FastVideo's DGX Spark notes: the node too loaded for sshd to answer
    assert lead("Connection timed out during banner exchange\n") == ("log.remote_shell", "other")
    # a connect that got no answer at all stays the network's
    assert lead("ssh: connect to host 10.0.0.5 port 22: Connection timed out\n")[1] == "firewall_or_port_blocked"
    # kubeflow/training-operator's e2e notes: ksonnet not installed (subprocess names the program twice)
    assert lead("FileNotFoundError: [Errno 2] No such file or directory: 'ks-13': 'ks-13'\n") == \
        ("log.package_build", "other")
    # a path of the program's own keeps its reading
    assert lead("FileNotFoundError: [Errno 2] No such file or directory: 'checkpoints/.metadata'\n")[1] == \
        "application_bug"
    # NVIDIA/TensorRT-Model-Optimizer's page quotes the device check without its exception
    assert lead("Expected all tensors to be on the same device, but found at least two devices...\n") == \
        ("log.framework_usage", "application_bug")


def test_ucx_monitoring_filesystem_and_torch_compiles_cuda_graphs() -> None:
    # FlagOpen/FlagEmbedding's 2-GPU tutorial run, which saved its model after this line
    assert lead("[1731912312.123] [node:1234:0] vfs_fuse.c:281  UCX  ERROR inotify_add_watch(/tmp) failed: No space "
                "left on device\n") is None
    # NCCL's own /dev/shm failure keeps its reading
    assert lead("h:1:1 [0] NCCL WARN Call to posix_fallocate failed : No space left on device\n")[1] == "shm_too_small"
    # Denys88/rl_games TORCH_COMPILE.md: CUDA graphs with an RNN state kept across steps
    assert_reads("RuntimeError: storage data ptrs are not allocated in pool", "log.program_error", "application_bug")
    assert_reads("RuntimeError: accessing tensor output of CUDAGraphs that has been overwritten by a subsequent run.",
                 "log.program_error", "application_bug")
    # a CUDA error is read by its own row, whatever the word CUDA: an illegal address is first the program's kernel
    assert lead("RuntimeError: CUDA error: an illegal memory access was encountered\n")[1] == "application_bug"
