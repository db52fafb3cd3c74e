"""Rules from the sweeps of 2026-12-05 (77: vLLM and SGLang serving on several GPUs; 82: PyTorch's distributed threads
of 2026; 83: Horovod's and stas00/ml-engineering's troubleshooting pages; 84: kubeflow/trainer's and JAX's pages;
88, 92 - 94: training frameworks' and engines' own debugging pages). Each line is quoted from the thread or page named
above its test, and tested on text that must not trigger it."""

from __future__ import annotations

from line_reading import causes, ids, lead

from ncclkit.logs.analyze import analyze_text


def test_sglangs_custom_allreduce_warning_in_its_cudart_wording_is_a_hint() -> None:
    # sgl-project/sglang#9707: SGLang goes on with NCCL after it
    line = ("[2025-09-07 16:25:32 TP1] Setup Custom allreduce failed with CUDART error: peer access is not supported "
            "between these two devices. To silence this warning, specify --disable-custom-all-reduce explicitly.\n")
    f = analyze_text(line)["findings"][0]
    assert (f["id"], f["severity"]) == ("log.p2p_unavailable", "info")
    assert lead("RuntimeError: CUDART error: peer access is not supported between these two devices\n") == \
        ("log.p2p_error", "acs_iommu_p2p")


def test_nvshmems_address_handle_error_over_two_lines() -> None:
    # deepseek-ai/DeepEP#307 (an older NVSHMEM build)
    text = ("/sgl-workspace/nvshmem/src/modules/transport/ibgda/ibgda.cpp:1348: NULL value \n"
            "Unable to create ah.\n"
            "/sgl-workspace/nvshmem/src/modules/transport/ibgda/ibgda.cpp:3025: non-zero status: 7 \n"
            "ibgda_rc_init2rtr failed on RC #216.\n")
    assert lead(text) == ("log.gid_error", "gid_index_or_roce_config")
    assert "log.gid_error" not in ids("W0301 Unable to create ah directory /tmp/ah: exists\n")


def test_nvshmem_connections_that_did_not_come_up_lead_the_call_after_them() -> None:
    # sgl-project/sglang#7888
    text = ("transport create connect failed \n"
            "/sgl-workspace/nvshmem/src/host/transport/transport.cpp:400: non-zero status: 7 \n"
            "connect EPS failed \n"
            "NVSHMEM API called before NVSHMEM initialization has completed\n"
            "/sgl-workspace/nvshmem/src/host/init/init.cu:1007: non-zero status: 7 \n"
            "nvshmem setup connections failed \n")
    assert lead(text) == ("log.nvshmem_connect", "gid_index_or_roce_config")
    # the call before init alone stays the program's (perplexityai/pplx-kernels#22)
    assert lead("NVSHMEM API called before NVSHMEM initialization has completed\n") == \
        ("log.framework_usage", "application_bug")


def test_vllms_ray_executor_waiting_for_gpus_is_its_own_warning() -> None:
    # vllm-project/aibrix#927
    f = analyze_text("NING 04-01 02:45:50 ray_utils.py:320] The number of required GPUs exceeds the total number of "
                     "available GPUs in the placement group.\n")["findings"][0]
    assert (f["id"], f["cause"], f["severity"]) == ("log.launch_config", "application_bug", "warning")
    assert "vLLM" in f["message"]


def test_nvshmem_with_no_transport_to_a_peer_explains_its_teardown() -> None:
    # pytorch/pytorch#170479: two nodes, NVSHMEM reaches no GPU of the other
    text = ("2025-12-15 14:39:19.183328170  [s6]: /dvs/p4/build/sw/rel/gpgpu/toolkit/r12.8/main_nvshmem/src/host/util/"
            "cs.cpp:21: non-zero status: 16: Device or resource busy, exiting... mutex destroy failed \n"
            "2025-12-15 14:39:19.185915715  [s6]: /dvs/p4/build/sw/rel/gpgpu/toolkit/r12.8/main_nvshmem/src/host/topo/"
            "topo.cpp:469: [GPU 6] Peer GPU 8 is not accessible, exiting ... \n")
    assert lead(text) == ("log.nvshmem_no_transport", "net_plugin_error")
    # the teardown alone is the missing CUDA context (pytorch/pytorch#161232)
    assert lead(text.splitlines()[0] + "\n") == ("log.framework_usage", "application_bug")


def test_c10ds_own_use_of_nccls_newer_apis_is_pytorchs() -> None:
    # pytorch/pytorch#181610 (fixed by #181626)
    text = ("  [rank0]:[E427 16:49:49.101881331 ProcessGroupNCCL.cpp:1370] [PG ID 0 PG GUID 0(default_pg) Rank 0] "
            "Exception thrown when waiting for future ProcessGroup abort: NCCL error in:\n"
            "  /opt/pytorch/pytorch/torch/csrc/distributed/c10d/NCCLUtils.cpp:383, invalid usage (run with "
            "NCCL_DEBUG=WARN for details), NCCL version 2.29.7\n"
            "  Failed to deregister segment handle 0x640000d048 on ncclComm_ 0x8f28f40\n")
    assert lead(text) == ("log.framework_release", "other")
    # the program's own invalid usage stays the program's
    assert lead("RuntimeError: NCCL error in: ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:1287, invalid "
                "usage, NCCL version 2.17.1\n")[1] == "application_bug"


def test_prose_about_nvswitch_systems_is_no_fabric_manager_failure() -> None:
    # pytorch/pytorch#187155 (NVLS multicast slots used up, not the fabric manager)
    line = ("test_train_parity_multi_group in test/distributed/_composable/fsdp/test_fully_shard_training.py crashes "
            "consistently with RuntimeError: Resource temporarily unavailable on NVSwitch-connected multi-GPU "
            "systems running NCCL 2.29.7.\n")
    assert "log.fabric_manager" not in ids(line)
    assert lead("nvidia-fabricmanager.service: Failed with result 'exit-code'. NVSwitch fabric init error\n")[0] == \
        "log.fabric_manager"


def test_nvshmem_and_symmetric_memory_limits_and_builds() -> None:
    # NVIDIA/nvshmem#100: a count, not memory
    line = ("/dvs/p4/build/sw/rel/gpgpu/toolkit/r13.2/main_nvshmem/src/host/team/team_internal.cpp:1821: error status: "
            "2 (NVSHMEMX_ERROR_OUT_OF_MEMORY) No more teams available (max = 7), try setting NVSHMEM_MAX_TEAMS "
            "environment variable\n")
    assert lead(line) == ("log.nvshmem_teams", "other") and "oom" not in [c for _, c in causes(line)]
    # pytorch/pytorch#157321
    assert lead("RuntimeError: SymmetricMemory does not find allocation backend NVSHMEM.\n") == \
        ("log.framework_release", "other")


def test_local_tools_pages_errors() -> None:
    # kubeflow/trainer docs: the user outside the docker group; JAX's FAQ: a donated buffer used again
    assert lead("Got permission denied while trying to connect to the Docker daemon socket at "
                "unix:///var/run/docker.sock: connect: permission denied\n") == ("log.launch_config", "other")
    assert lead("RuntimeError: Invalid argument: CopyToHostAsync() called on invalid buffer\n") == \
        ("log.framework_usage", "application_bug")


def test_horovods_page_a_wrong_nccl_and_no_driver_library() -> None:
    # horovod/horovod docs/troubleshooting.rst
    assert lead("UnknownError (see above for traceback): ncclAllReduce failed: invalid data type\n") == \
        ("log.version_mismatch", "nccl_version_mismatch")
    assert lead("ImportError: libcuda.so.1: cannot open shared object file: No such file or directory\n") == \
        ("log.cuda_driver_load", "cuda_or_driver")
    assert lead("libcudart.so.11.0: cannot open shared object file: No such file or directory\n") == \
        ("log.cuda_error", "cuda_or_driver")
    # a missing MPI library stays MPI's
    assert lead("mpicxx: error while loading shared libraries: libopen-pal.so.40: cannot open shared object file: "
                "No such file or directory\n")[1] == "other"


def test_a_cuda_ipc_handle_that_does_not_open_can_be_two_machines_of_one_name() -> None:
    # horovod/horovod docs/troubleshooting.rst: several servers sharing one hostname
    line = "node1:22671:22795 [1] transport/p2p.cu:431 WARN failed to open CUDA IPC handle : 30 unknown error\n"
    assert [c for _, c in causes(line)][:2] == ["acs_iommu_p2p", "hostname_resolution"]


def test_a_row_remap_recorded_stops_nothing() -> None:
    # stas00/ml-engineering compute/accelerator/nvidia/debug.md
    f = analyze_text("NVRM: Xid (PCI:0000:10:1c): 63, pid=1896, Row Remapper: New row marked for remapping, reset gpu "
                     "to activate.\n")["findings"][0]
    assert (f["id"], f["cause"], f["severity"]) == ("log.gpu_memory_error", "cuda_or_driver", "warning")
    assert analyze_text("NVRM: Xid (PCI:0000:10:1c): 64, pid=1896, Row Remapper: Failed to remap row\n"
                        )["findings"][0]["severity"] == "error"


def test_dcgm_diagnostics_that_failed_a_gpu() -> None:
    # stas00/ml-engineering: dcgmi diag's table
    table = ("| GPU Memory                | Pass - GPUs: 1, 2, 3, 4, 5, 6, 7               |\n"
             "|                           | Fail - GPU: 0                                  |\n")
    assert lead(table) == ("log.gpu_fault", "cuda_or_driver")
    passed = "| GPU Memory                | Pass - GPUs: 0, 1, 2, 3, 4, 5, 6, 7            |\n"
    assert "log.gpu_fault" not in ids(passed)


def test_an_exception_python_printed_as_ignored_failed_nothing() -> None:
    # vllm-project/vllm#4114: a communicator's __del__ after its __init__ had failed
    block = ("(RayWorkerVllm pid=14289) Exception ignored in: <function NCCLCommunicator.__del__ at 0x7f4d8c3212d0>\n"
             "(RayWorkerVllm pid=14289) Traceback (most recent call last):\n"
             "(RayWorkerVllm pid=14289)   File \"/usr/local/lib/python3.10/dist-packages/vllm/model_executor/"
             "parallel_utils/pynccl.py\", line 264, in __del__\n"
             "(RayWorkerVllm pid=14289)     _c_ncclCommDestroy(self.comm)\n"
             "(RayWorkerVllm pid=14289) AttributeError: 'NCCLCommunicator' object has no attribute 'comm'\n")
    assert "log.program_error" not in ids(block)
    # the same exception ending a traceback of its own stops the rank; and an error after the block is read
    raised = block.replace("Exception ignored in: <function NCCLCommunicator.__del__ at 0x7f4d8c3212d0>",
                           "Error executing method init_device.")
    assert "log.program_error" in ids(raised)
    assert lead(block + "RuntimeError: CUDA error: out of memory\n")[1] == "oom"


def test_training_frameworks_pages_build_and_load_errors() -> None:
    # sweep 88: torchrec's build page (CUDA's headers missing), Megatron-LM's docs (torch.load's weights_only default
    # since 2.6), TransformerEngine's docs (two cuDNN installs)
    assert lead("fatal error: nvml.h: No such file or directory\n") == ("log.build_toolchain", "other")
    assert lead("Failed to initialize NVML: Driver/library version mismatch\n")[1] == "cuda_or_driver"
    assert lead("WeightsUnpickler error: Unsupported global: GLOBAL argparse.Namespace was not an allowed global by "
                "default.\n") == ("log.framework_usage", "application_bug")
    assert lead("CUDNN_STATUS_SUBLIBRARY_LOADING_FAILED\n") == ("log.cuda_error", "cuda_or_driver")


def test_engines_faq_lines() -> None:
    # sweep 92: Lightning's and lmdeploy's FAQs
    assert "log.proxy_error" not in ids("TypeError: 'mappingproxy' object does not support item assignment\n")
    assert "log.proxy_error" in ids("node1:1:2 [0] proxy.cc:1119 NCCL WARN [Proxy Service 9] Failed to execute "
                                    "operation Connect from rank 9, retcode 6\n")
    assert lead("_pickle.PicklingError: Can't pickle <function <lambda> at 0x2b599e088ae8>:\n") == \
        ("log.framework_usage", "application_bug")
    assert lead("symbol cudaFreeAsync version libcudart.so.11.0 not defined in file libcudart.so.11.0 with link time "
                "reference\n") == ("log.cuda_error", "cuda_or_driver")
    assert lead("RuntimeError: [enforce fail at inline_container.cc:337] . unexpected pos 1728 vs 1622\n") == \
        ("log.disk_full", "other")
    assert "oom" not in [c for _, c in causes("RuntimeError: [enforce fail at inline_container.cc:337] . unexpected "
                                              "pos 1728 vs 1622\n")]


def test_nvidias_training_guides_quoted_lines() -> None:
    # sweep 94: NeMo RL's debugging guide (ssh's port forward trying IPv6 first, expected) and Megatron-Bridge's
    # multi-node notes (PyTorch's store error quoted cut after the rank)
    assert analyze_text("bind [::1]:52640: Cannot assign requested address\n")["findings"][0]["id"] == "log.no_failure"
    assert lead("OSError: [Errno 99] Cannot assign requested address\n")[1] == "wrong_interface"
    text = ("[rank8] is setting up NCCL communicator and retrieving ncclUniqueId from [0]\n"
            "... wait timeout after 600000ms\nThis may indicate a possible application crash on rank 0\n")
    assert lead(text) == ("log.remote_exited", "rank_crashed_elsewhere")


def test_a_source_file_named_interface_is_no_network_interface() -> None:
    # sweep 93: axolotl's FAQ quotes bitsandbytes' "Error invalid argument at line 359 in file .../pythonInterface.c"
    line = "Error invalid argument at line 359 in file /workspace/bitsandbytes/csrc/pythonInterface.c\n"
    assert "wrong_interface" not in [c for _, c in causes(line)]
    assert "wrong_interface" in [c for _, c in causes("RuntimeError: failed to find the network interface eth9\n")]
