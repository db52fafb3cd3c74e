"""Rules from sweeps 134 - 137 and 153 (2026-12-05: GPU hardware faults in training logs; slowness threads with pasted
numbers; healthy NCCL lines beside other failures; multi-node launcher failures; pasted nccl-tests tables) and from the
misses of held-out rounds 155 - 164. Each line is quoted from the thread named above its test, and tested on text that
must not trigger it."""

from __future__ import annotations

from line_reading import assert_reads, ids, lead

from ncclkit.logs.analyze import analyze_text

_WORKER = "[0] h100clust-worker-1:497888:498098 [0] NCCL INFO Channel {:02d}/0 : {} via NET/IBext_v8/7/GDRDMA\n"


def test_a_receive_line_names_its_remote_sender_first() -> None:
    # NVIDIA/nccl#1453: rank 0's channels to rank 8 on the next node, both directions, all over GDRDMA
    log = (_WORKER.format(7, "0[0] -> 8[0] [send]") + _WORKER.format(9, "0[0] -> 8[0] [send]")
           + _WORKER.format(1, "8[0] -> 0[0] [receive]") + _WORKER.format(3, "8[0] -> 0[0] [receive]"))
    assert "log.intra_node_net" not in ids(log)
    # two ranks of one host whose channels between them go over the network still read as P2P/SHM unavailable
    local = ("h1:10:20 [0] NCCL INFO Channel 00/0 : 0[0] -> 1[1] [send] via NET/IB/0\n"
             "h1:11:21 [1] NCCL INFO Channel 00/0 : 1[1] -> 0[0] [send] via NET/IB/0\n"
             "h1:10:20 [0] NCCL INFO Channel 00/0 : 1[1] -> 0[0] [receive] via NET/IB/0\n")
    assert "log.intra_node_net" in ids(local)


_TESTS_HEAD = ("# nThread 1 nGpus 1 minBytes 8 maxBytes 1073741824 step: 2(factor) warmup iters: 5 iters: 20 agg iters: "
               "1 validation: 1 graph: 0\n#\n# Using devices\n")


def test_shm_settings_do_not_matter_when_the_test_lists_one_rank_per_host() -> None:
    # NVIDIA/nccl-tests#293: -H a:1,b:1 ... -x NCCL_SHM_DISABLE=1 ("doesn't make much difference")
    one = (_TESTS_HEAD
           + "#  Rank  0 Group  0 Pid   3595 on      test1 device  0 [0x81] NVIDIA A100-PCIE-40GB\n"
           "#  Rank  1 Group  0 Pid   4017 on      test2 device  0 [0x81] NVIDIA A100-PCIE-40GB\n"
           "test1:3595:3595 [0] NCCL INFO NCCL_SHM_DISABLE set by environment to 1.\n"
           "test1:3595:3595 [0] NCCL INFO Bootstrap : Using eno1:192.168.160.111<0>\nNCCL version 2.21.5+cuda12.4\n")
    assert "log.p2p_disabled" not in ids(one)
    # NVIDIA/nccl-tests#209: two ranks on each host: the variable matters there
    two = one.replace("#  Rank  1 Group  0 Pid   4017 on      test2", "#  Rank  1 Group  0 Pid   4017 on      test1")
    assert "log.p2p_disabled" in ids(two)


def test_an_old_max_error_column_beyond_its_bound_is_wrong_data() -> None:
    # NVIDIA/nccl#698: NCCL_NTHREADS=480 with SIMPLE corrupted the largest size (float error 3e+00 and 2e+01)
    head = ("#       size         count      type   redop     time   algbw   busbw  error     time   algbw   busbw  "
            "error\n#        (B)    (elements)                       (us)  (GB/s)  (GB/s)            (us)  (GB/s)  "
            "(GB/s)\n")
    rows = ("   134217728      33554432     float     sum   1257.2  106.76  186.84  2e-07   1254.8  106.97  187.19  "
            "2e-07\n   536870912     134217728     float     sum   4231.5  126.88  222.03  3e+00   4214.5  127.39  "
            "222.93  2e+01\n")
    result = analyze_text(head + rows)
    wrong = next(f for f in result["findings"] if f["id"] == "tests.wrong_results")
    assert wrong["evidence"]["sizes_bytes"] == [536870912] and wrong["severity"] == "error"
    # NVIDIA/nccl#527: errors of 7e-07 on float are within nccl-tests' bound
    ok = head + ("      131072         32768     float     sum    406.8    0.32    0.62  7e-07    468.9    0.28    0.54  "
                 "7e-07\n")
    assert "tests.wrong_results" not in ids(ok)


def test_an_idle_gpus_link_without_the_ok_mark_is_not_degraded() -> None:
    # tinygrad/open-gpu-kernel-modules#6: pciutils 3.7+ prints a full width with no mark
    assert "log.pcie_link_degraded" not in ids("LnkSta:\tSpeed 2.5GT/s (downgraded), Width x16\n")
    # geerlingguy/raspberry-pi-pcie-devices#480: a width below its capability stays degraded
    assert lead("\t\tLnkSta:\tSpeed 5GT/s (downgraded), Width x1 (downgraded)\n") == ("log.pcie_link_degraded", "other")
    assert lead("LnkSta: Speed 2.5GT/s (downgraded), Width x8 (downgraded)\n") == ("log.pcie_link_degraded", "other")


def test_the_nearest_nic_map_states_no_cause() -> None:
    # NVIDIA/nccl#1435: every GPU has a NIC behind a PCIe switch
    matrix = ("\tGPU0\tGPU1\tNIC0\tNIC1\tCPU Affinity\tNUMA Affinity\tGPU NUMA ID\n"
              "GPU0\t X \tNV12\tSYS\tPXB\t24-31,88-95\t3\t\tN/A\nGPU1\tNV12\t X \tPXB\tSYS\t8-15,72-79\t1\t\tN/A\n"
              "NIC0\tSYS\tPXB\t X \tSYS\nNIC1\tPXB\tSYS\tSYS\t X \n")
    found = analyze_text(matrix)["findings"]
    assert [f["cause"] for f in found if f["id"] == "topo.gpu_nic"] == [None]
    assert lead(matrix) is None


def test_a_launchers_echoed_arguments_are_its_exit_not_an_interface() -> None:
    # hiyouga/LlamaFactory#8968: a one-node job; 127.0.0.1 is its right master address
    line = ("subprocess.CalledProcessError: Command '['torchrun', '--nnodes', '1', '--node_rank', '0', "
            "'--nproc_per_node', '8', '--master_addr', '127.0.0.1', '--master_port', '46265', "
            "'/workspace/LLaMA-Factory/src/llamafactory/launcher.py', 'training_args.yaml']' returned non-zero exit "
            "status 1.\n")
    assert ids(line)[0] == "log.worker_failed" and "log.error_words" not in ids(line)
    # the remote shell's own failure keeps its reading (DeepSpeed's ssh probe)
    ssh = "subprocess.CalledProcessError: Command '['ssh deepspeed-helloworld-worker-0 hostname -I']' returned " \
          "non-zero exit status 255.\n"
    assert ids(ssh)[0] != "log.worker_failed"


def test_a_libraries_autograd_function_whose_backward_does_not_match() -> None:
    # xdit-project/xDiT#478 and feifeibear/long-context-attention#156
    assert_reads("AttributeError: 'xFuserRingFlashAttnFuncBackward' object has no attribute 'softcap'",
                 "log.program_error", "other")
    assert_reads("RuntimeError: function RingFlashAttnFuncBackward returned an incorrect number of gradients "
                 "(expected 14, got 13)", "log.program_error", "other")
    # PyTorch's own nodes (a digit after Backward) are the program's own use of grad_fn
    assert lead("AttributeError: 'MulBackward0' object has no attribute 'foo'\n") != ("log.program_error", "other")


def test_a_compiled_extension_without_its_distributed_part() -> None:
    # laekov/fastmoe#124: FastMoE built without USE_NCCL=1, the bare line as pasted
    assert lead("fmoe_cuda.ensure_nccl\n\nmodule 'fmoe_cuda' has no attribute 'ensure_nccl'\n") == \
        ("log.package_build", "other")
    # a CPU-only torch is not an extension of the job's own: torch's own module is read as torch's CPU build
    cpu_torch = next(f for f in analyze_text("AttributeError: module 'torch._C' has no attribute '_cuda_setDevice'\n")[
        "findings"] if f["cause"])
    assert "CPU-only build" in cpu_torch["message"] and "ensure_nccl" not in cpu_torch["message"]
    extension = next(f for f in analyze_text("module 'fmoe_cuda' has no attribute 'ensure_nccl'\n")["findings"]
                     if f["cause"])
    assert "CPU-only build" not in extension["message"]


def test_a_partition_past_the_tensors_end() -> None:
    # deepspeedai/DeepSpeed#5642: ZeRO++'s hierarchical partitioning before #5652
    assert_reads("RuntimeError: narrow(): length must be non-negative.", "log.program_error", "other")


def test_a_simulators_binding_on_another_gpu_than_the_ranks_tensors() -> None:
    # isaac-sim/IsaacLab#7142: every rank's physics engine on GPU 0
    paste = ("RuntimeError: Failed to read tensor binding:\n"
             "  read_tensor_binding: device mismatch: binding expects GPU (device=0), tensor is GPU (device=2)\n")
    assert lead(paste) == ("log.framework_usage", "application_bug")
    # a dtype mismatch is no device
    assert lead("RuntimeError: dtype mismatch: expected float but got half\n") != ("log.framework_usage",
                                                                                   "application_bug")


def test_a_package_that_refuses_the_release_of_another() -> None:
    # Tencent-Hunyuan/HunyuanVideo-I2V#39: xfuser 0.4.0 and the yunchang installed
    line = ('the recommended xfusers==0.4.0 ends up being unable to import in multi-GPU with the error "you are not use '
            'the latest yunchang. Please install yunchang>=0.4.0"')
    assert lead(line + "\n") == ("log.package_build", "other")
    # asked to install a package with no version is the missing module's, not this row's
    assert "refused the one installed" not in str(analyze_text("ImportError: Please install flash-attn to use this "
                                                                "model\n"))
    assert "refused the one installed" in str(analyze_text(line + "\n"))


def test_a_llama_cpp_build_without_a_gpu_backend() -> None:
    # abetlen/llama-cpp-python#1166: a CPU-only wheel asked to split a model over four GPUs
    line = ("`ValueError: Attempt to split tensors that exceed maximum supported devices. Current "
            "LLAMA_MAX_DEVICES=1`")
    assert lead(line + "\n") == ("log.package_build", "other")
    # a GPU build's limit of 16 devices is another matter
    assert lead(line.replace("=1`", "=16`") + "\n") != ("log.package_build", "other")


def test_the_ssh_line_of_a_launch_to_this_node_itself() -> None:
    # deepspeedai/DeepSpeedExamples#894 and deepspeedai/DeepSpeed#4759: pdsh ssh-ing to localhost
    assert lead("localhost: ssh: connect to host localhost port 22: Connection refused\n") == ("log.remote_shell",
                                                                                                "other")
    assert lead("  localhost: ssh: connect to host localhost port 22: Cannot assign requested address\n"
                "  pdsh@dd68ccaa0e3d: localhost: ssh exited with exit code 255\n") == ("log.remote_shell", "other")
    # BAAI-WuDao/EVA#3: a remote node's address keeps the network reading
    assert lead("ssh: connect to host 175.24.121.148 port 22: No route to host\n") == ("log.socket_connect_failed",
                                                                                      "firewall_or_port_blocked")
    # pytorch/PiPPy#158: c10d's own retry warning on errno 99 is no ssh line
    assert "log.remote_shell" not in ids("[W socket.cpp:558] [c10d] The client socket has failed to connect to "
                                         "[localhost]:29500 (errno: 99 - Cannot assign requested address).\n")


def test_a_login_pdsh_was_refused_is_ssh_not_mpirun() -> None:
    # deepspeedai/DeepSpeed#5709
    paste = ("localhost: jiaming@localhost: Permission denied (publickey,password).\n"
             "pdsh@jiaming-Precision-7960-Tower: localhost: ssh exited with exit code 255\n")
    found = analyze_text(paste)["findings"][0]
    assert (found["id"], found["cause"]) == ("log.remote_shell", "other") and "Open MPI" not in found["message"]


def test_deepspeeds_mpi_discovery_on_a_hostname_without_dash_i() -> None:
    # deepspeedai/DeepSpeed#6497
    paste = ("[2024-09-05 04:11:37,288] [INFO] [comm.py:667:init_distributed] Not using the DeepSpeed or dist "
             "launchers, attempting to detect MPI environment...\nhostname: invalid option -- 'I'\n")
    assert lead(paste) == ("log.launch_config", "other")
    # TsinghuaAI/CPM-2-Finetune#42: a name that does not resolve stays name resolution
    assert lead("ssh: Could not resolve hostname node0: Name or service not known\n")[1] == "hostname_resolution"


def test_a_scripts_argparse_refusal_is_its_command_line() -> None:
    # hiyouga/LlamaFactory#6075 (DeepSpeed's launcher passing a YAML config) and #963
    assert_reads("train.py: error: the following arguments are required: --output_dir/--output-dir",
                 "log.launch_config", "application_bug")
    assert lead("但运行时报错：train_bash.py: error: the following arguments are required: --model_name_or_path, "
                "--output_dir\n") == ("log.launch_config", "application_bug")
    # a usage line is no error
    assert "log.launch_config" not in ids("usage: train.py [-h] [--output_dir OUTPUT_DIR]\n")


def test_torch_1_store_timeout_is_the_rendezvous() -> None:
    # huggingface/accelerate#2229: torchelastic's exit barrier in store.get
    paste = ('  File "/opt/conda/lib/python3.7/site-packages/torch/distributed/elastic/utils/store.py", line 31, in '
             'get_all\n    data = store.get(f"{prefix}{idx}")\nRuntimeError: Socket Timeout`\n')
    assert lead(paste) == ("log.rendezvous_timeout", "application_bug")
    # NCCL's unique-id exchange worded "got error: Socket Timeout" stays with the timeouts
    assert lead("store->get('0') got error: Socket Timeout\n") != ("log.rendezvous_timeout", "application_bug")


def test_a_rank_line_tagged_twice() -> None:
    # test-time-training/ttt-video-dit#6: PyTorch 2.4+ under torchrun
    paste = ("[rank0]:[rank0]: FileNotFoundError: [Errno 2] No such file or directory: 'checkpoints/.metadata'\n"
             "[rank0]:[rank0]:[W409 23:11:38.591548805 ProcessGroupNCCL.cpp:1496] Warning: WARNING: "
             "destroy_process_group() was not called before program exit, which can leak resources.\n")
    assert ids(paste)[0] == "log.program_error"
    assert lead("[rank1]:[rank1]: KeyError: 'labels'\n") == ("log.program_error", "application_bug")


def test_optional_searches_of_the_tuner_and_libfabrics_shm_switch_are_no_failure() -> None:
    # hao-ai-lab/FastVideo#256: the tuner tries the net plugin's file, then uses its internal tuner
    tuner = ("dc61-p18-t23-n020:2088:4363 [1] NCCL INFO TUNER/Plugin: Most recent plugin load returned 2 : "
             "libnccl-net-none.so: cannot open shared object file: No such file or directory. All attempts to load "
             "'libnccl-tuner.so none' also failed.\n")
    assert lead(tuner) is None
    # the net loader missing the plugin the job names stays a missing plugin
    net = ("h:1:1 [0] NCCL INFO NET/Plugin : Plugin load (libnccl-net-ofi.so) returned 2 : libnccl-net-ofi.so: cannot "
           "open shared object file: No such file or directory\n")
    assert lead(net) == ("log.plugin_not_found", "net_plugin_error")
    # aws/aws-ofi-nccl#715: the plugin turning libfabric's shm off on purpose
    shm = ("  | 2024-12-04T05:27:44.080Z | libfabric:18058:1733290064::efa:ep_ctrl:efa_rdm_ep_set_shared_memory_"
           "permitted():1410<warn> FI_OPT_SHARED_MEMORY_PERMITTED set to false\n")
    assert lead(shm) is None
    assert lead("libfabric:1:1::efa:core:efa_device_construct_gid():47<warn> ibv_open_device failed! errno: 2\n") == \
        ("log.ofi_error", "net_plugin_error")


_OLD_HEAD = ("#       size         count      type   redop     time   algbw   busbw  error     time   algbw   busbw  "
             "error\n")


def test_nccl_tests_own_out_of_bounds_count_outranks_the_column() -> None:
    # NVIDIA/nccl-tests#78: an old alltoall printed 1e+00 in place, which it never checked ("0 OK")
    rows = ("   268435456       1048576     float           520935    0.52    0.51  0e+00   519562    0.52    0.51  "
            "1e+00\n")
    assert "tests.wrong_results" not in ids(_OLD_HEAD + rows + "# Out of bounds values : 0 OK\n")
    # without the summary, the in-place column of alltoall is still not one it checked
    assert "tests.wrong_results" not in ids("# Collective test starting: alltoall_perf\n" + _OLD_HEAD + rows)
    # the summary's own failures count
    assert "tests.wrong_results" in ids(_OLD_HEAD + rows + "# Out of bounds values : 2 FAILED\n")


def test_two_tables_side_by_side_are_read_by_their_left_row() -> None:
    # ROCm/rccl#1352: before and after joined by "|"
    row = ("     1048576        262144     float     sum      -1    28.15   37.25   65.19      0    27.52   38.10   "
           "66.67      0  |       1048576        262144     float     sum      -1    27.84   37.66   65.91      0    "
           "27.41   38.26   66.95      0\n")
    result = analyze_text(row)
    assert result["wrong_total"] == 0 and result["peak_busbw_gbps"] == 65.19
    # a compose log's prefix before the pipe leaves the row whole
    compose = ("trainer-1  |      1048576        262144     float     sum      -1    28.15   37.25   65.19      0    "
               "27.52   38.10   66.67      0\n")
    assert analyze_text(compose)["peak_busbw_gbps"] == 65.19
