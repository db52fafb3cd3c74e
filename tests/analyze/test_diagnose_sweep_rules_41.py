"""Rules from sweeps 211 - 216 (2026-12-06: NVIDIA/nccl threads of 2019 - 2026, PyTorch's c10d, DeepSpeed and Megatron,
vLLM and SGLang, aws-ofi-nccl and libfabric). Each line is quoted from the thread named above its test, and tested on
real text that must not trigger it."""

from __future__ import annotations

from pathlib import Path

from line_reading import causes, ids, lead

from ncclkit.logs.analyze import analyze_text

# pytorch/pytorch#149984 (release 2.7's abort test): the limit a work item prints is no timeout.
_ASYNC = ("Collective WorkNCCL(SeqNum=2, OpType=ALLREDUCE, NumelIn=1, NumelOut=1, Timeout(ms)=1000000) raised the "
          "following async exception: NCCL error: unhandled system error (run with NCCL_DEBUG=INFO for details), NCCL "
          "version 2.25.1\n")
# pytorch/pytorch#97066: the watchdog's own timeout.
_WATCHDOG = ("[E ProcessGroupNCCL.cpp:464] [Rank 0] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=1, "
             "OpType=ALLREDUCE, Timeout(ms)=10000) ran for 10917 milliseconds before timing out.\n")


def test_a_work_items_timeout_setting_is_no_timeout() -> None:
    assert "log.timeout" not in ids(_ASYNC) and ids(_ASYNC)[0] == "log.system_error"
    assert lead(_WATCHDOG) == ("log.timeout", "hang_collective_mismatch")
    # the watchdog's line wrapped after its descriptor (a deepspeed course's paste, heldout r63)
    wrapped = ("WorkNCCL(SeqNum=1, OpType=ALLREDUCE, NumelIn=1, NumelOut=1, Timeout(ms)=600000)\n"
               "  ran for 721595 milliseconds before timing out\n")
    assert lead(wrapped) == ("log.timeout", "hang_collective_mismatch")
    # sgl-project/sglang#5347: a keyword of urllib3's quoted source is no event
    assert "log.timeout" not in ids("    self._raise_timeout(err=e, url=url, timeout_value=read_timeout)\n")


# vllm-project/vllm#8286: the worker's own NCCL error, then torchrun stopping the other workers.
_WORKER = """\
[rank1]: RuntimeError: NCCL error: unhandled system error (run with NCCL_DEBUG=INFO for details)
W0909 07:11:16.355000 140533383049856 torch/distributed/elastic/multiprocessing/api.py:858] Sending process 9293 \
closing signal SIGTERM
E0909 07:11:16.569000 140533383049856 torch/distributed/elastic/multiprocessing/api.py:833] failed (exitcode: 1) \
local_rank: 0 (pid: 9292) of binary: /opt/conda/envs/sglang/bin/python
"""


def test_this_ranks_own_error_leads_the_stop_that_followed_it() -> None:
    found = analyze_text(_WORKER)["findings"]
    assert found[0]["id"] == "log.system_error"
    assert [f["cause"] for f in found[1:4]] == ["shm_too_small", "other", "application_bug"]
    # pytorch/pytorch#88251: the stop alone, no worker's error pasted, still reads as a peer's exit
    stop = ("WARNING:torch.distributed.elastic.multiprocessing.api:Sending process 59461 closing signal SIGTERM\n"
            "ERROR:torch.distributed.elastic.multiprocessing.api:failed (exitcode: 1) local_rank: 5 (pid: 59469) of "
            "binary: /home/user/.conda/envs/deit/bin/python\n")
    assert lead(stop) == ("log.remote_exited", "rank_crashed_elsewhere")


# vllm-project/vllm#18362 (world_size=1): the reset came inside the TCPStore constructor.
_STORE_RESET = ("[W519 18:43:28.514281000 TCPStore.cpp:125] [c10d] recvValue failed on SocketImpl(fd=22, "
                "addr=[<redacted>]:58160, remote=[<redacted>]:58159): Connection reset by peer\n")
_CONSTRUCTOR = ("frame #3: c10d::TCPStore::ping() + 200 (0x116b4e68c in libtorch_cpu.dylib)\n"
                "frame #4: c10d::TCPStore::TCPStore(std::__1::basic_string<char, std::__1::char_traits<char>, "
                "std::__1::allocator<char>>, c10d::TCPStoreOptions const&) + 1232 (0x116b4c660 in "
                "libtorch_cpu.dylib)\n")


def test_a_reset_while_the_store_client_connects_is_no_dead_peer() -> None:
    assert lead(_STORE_RESET + _CONSTRUCTOR) == ("log.socket_closed", "firewall_or_port_blocked")
    # sgl-project/sglang#28396: the heartbeat monitor's reset after the job died keeps the peer's reading
    late = ("[rank1]:[W618 10:26:54.029068449 TCPStore.cpp:125] [c10d] recvValue failed on SocketImpl(fd=105, "
            "addr=[localhost]:39468, remote=[::ffff:0.0.0.0]:12201): Connection reset by peer\n"
            "frame #3: c10d::ProcessGroupNCCL::HeartbeatMonitor::runLoop() + 0x4a5 (0x7d377118f8c5 in "
            "/usr/local/lib/python3.12/dist-packages/torch/lib/libtorch_cuda.so)\n")
    assert lead(late) == ("log.socket_closed", "rank_crashed_elsewhere")


def test_vllm_engine_core_failure_and_broadcast_stall() -> None:
    # vllm-project/vllm#18416: V1's engine-core failure points at the worker's error above it
    core = ("RuntimeError: Engine core initialization failed. See root cause above. Failed core proc(s): "
            "{'EngineCore_0': 1}\n")
    assert ids(core)[0] == "log.worker_failed" and lead(core) is None
    # vllm-project/vllm#33802; healthy slow loads print it too (gpustack/gpustack#3888): a warning, no cause
    stall = ("(EngineCore_DP0 pid=18052) INFO 02-03 22:42:35 [shm_broadcast.py:542] No available shared memory "
             "broadcast block found in 60 seconds. This typically happens when some processes are hanging or doing "
             "some time-consuming work (e.g. compilation, weight/kv cache quantization).\n")
    found = analyze_text(stall)["findings"]
    assert (found[0]["id"], found[0]["severity"], found[0]["cause"]) == ("log.engine_stalled", "warning", None)


def test_expandable_segments_beside_custom_all_reduce() -> None:
    # vllm-project/vllm#42609: the setting in the repro command, then the custom all-reduce's IPC failure
    error = ("Failed: Cuda error custom_all_reduce.cuh:455 'invalid argument'\n"
             "EngineCore failed to start: Worker proc VllmWorker-* died unexpectedly\n")
    setting = ("PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True \\\n"
               "vllm serve Qwen/Qwen3-0.6B --data-parallel-size 2 --tensor-parallel-size 2\n")
    assert lead(setting + error) == ("log.cuda_error", "other")
    assert lead(error) == ("log.cuda_error", "cuda_or_driver")
    # vllm-project/vllm#2641 ("I highly suspect this is a driver bug"): another CUDA error stays the driver's
    other = "Failed: Cuda error /home/my/vllm/csrc/custom_all_reduce.cuh:417 'resource already mapped'\n"
    assert lead(setting + other) == ("log.cuda_error", "cuda_or_driver")


def test_nvml_that_cannot_see_a_gpu_is_the_nodes_view() -> None:
    # NVIDIA/nccl#1529: two containers on one node, each given other GPUs
    line = ("ucpe-resource033018034100:6896:7103 [1] misc/nvmlwrap.cc:187 NCCL WARN nvmlDeviceGetHandleByPciBusId() "
            "failed: Not Found\n")
    assert lead(line) == ("log.topology_error", "topology_or_numa")
    assert lead(line.replace("Not Found", "Unknown Error")) == ("log.cuda_error", "cuda_or_driver")


def test_a_communicators_teardown_is_not_a_peers_abort() -> None:
    # microsoft/mscclpp#760: at exit, under an LD_PRELOAD'ed shim
    line = "NCCL WARN commReclaim: cleanup comm 0x55a0dcadaa90 rank 3 failed in destroy/abort, error 3\n"
    found = analyze_text(line)["findings"]
    assert (found[0]["id"], found[0]["severity"], found[0]["cause"]) == ("log.comm_teardown", "info", None)
    # a communicator aborted while the job runs is still the abort
    assert lead("NCCL WARN ncclCommAbort called on comm 0x55a0dcadaa90\n") == ("log.abort", "rank_crashed_elsewhere")


def test_a_dataloader_worker_that_aborted_is_its_own() -> None:
    # Lightning-AI/pytorch-lightning#19598: CUDA in the forked worker, which then aborted
    line = "RuntimeError: DataLoader worker (pid 246611) is killed by signal: Aborted.\n"
    assert lead(line) == ("log.process_aborted", "other")
    # CompVis/latent-diffusion#76: SIGKILL stays the OOM killer's
    assert lead(line.replace("Aborted.", "Killed.").replace("246611", "13772")) == ("log.process_killed", "oom")


def test_lightnings_srun_hint_is_a_warning() -> None:
    # lightly-ai/lightly-train#148: printed on any node with srun installed
    line = ("/home/lightly/guarin/lightly-train/.venv/lib/python3.11/site-packages/lightning_fabric/plugins/"
            "environments/slurm.py:204: The `srun` command is available on your system but is not used. HINT: If "
            "your intention is to run Lightning on SLURM, prepend your python command with `srun` like so: srun "
            "python\n")
    found = analyze_text(line)["findings"]
    assert (found[0]["id"], found[0]["severity"]) == ("log.launch_config", "warning")


def test_nslookups_failure_names_the_host() -> None:
    # modelscope/ms-swift#6368: the PyTorchJob's init container; '(null)' is the script's unset variable
    paste = ("nslookup: can't resolve '(null)': Name does not resolve\n"
             "nslookup: can't resolve 'dlc1dwuhvtro4c27-master-0': Name does not resolve\n")
    found = analyze_text(paste)["findings"]
    assert (found[0]["id"], found[0]["cause"], found[0]["evidence"]["lines"]) == (
        "log.name_resolution", "hostname_resolution", [2])
    assert lead(paste.splitlines()[0] + "\n") == ("log.launch_config", "application_bug")


def test_chapels_memory_registration_is_the_registration() -> None:
    # ofiwg/libfabric#9739: EFA's limit of registered host pages
    line = ("OFI error: fi_mr_reg(ofi_domain, memTab[i].addr, memTab[i].size, bufAcc, 0, (prov_key ? 0 : i), 0, "
            "&ofiMrTab[i], ((void*)0)): Cannot allocate memory\n")
    assert causes(line)[:2] == [("log.ibv_reg_mr_failed", "memlock_or_ulimit"),
                                ("log.alternative", "ib_resource_error")]
    # awslabs/awsome-distributed-ai#647 (fixed by ulimit -l unlimited): libfabric's own ENOMEM keeps its reading
    assert lead("Libfabric error: (-12) Cannot allocate memory\n") != ("log.ibv_reg_mr_failed", "ib_resource_error")


def test_an_empty_gid_table_is_the_worst_case() -> None:
    # Mellanox/k8s-rdma-sriov-dev-plugin#30: a pod whose only interface is a veth
    table = ("DEV\tPORT\tINDEX\tGID\t\t\t\t\tIPv4  \t\tVER\tDEV\n"
             "---\t----\t-----\t---\t\t\t\t\t------------  \t---\t---\n"
             "n_gids_found=0\n")
    result = analyze_text(table)
    assert result["kind"] == "show_gids"
    assert [(f["id"], f["cause"], f["severity"]) for f in result["findings"]] == [
        ("show_gids.gid_missing", "gid_index_or_roce_config", "error"),
        ("log.alternative", "other", "info")]  # the corpus's most frequent cause beside it (logs.co_causes)
    # a table with its RoCE v2 rows (the node fixture roce-2nic-gid) is no error
    full = (Path(__file__).parents[1] / "data/nodes/roce-2nic-gid/cmd/show_gids.txt").read_text()
    assert "n_gids_found=" in full and all(f["severity"] == "info" for f in analyze_text(full)["findings"])


def test_rccls_iommu_check_is_information() -> None:
    # ROCm/rocm-systems#7916: it reads /proc/cmdline only ("a false positive"; workloads run)
    line = ('NCCL WARN Missing "iommu=pt" from kernel command line which can lead to system instablity or hang!\n')
    found = analyze_text(line)["findings"]
    assert (found[0]["id"], found[0]["severity"]) == ("log.p2p_error", "info")
    # ROCm/rccl#908: beside a real IPC failure that failure leads
    ipc = "node1:1:1 [0] transport/p2p.cc:220 NCCL WARN hipIpcGetMemHandle failed : invalid argument\n"
    found = analyze_text(line + ipc)["findings"]
    assert (found[0]["id"], found[0]["severity"]) == ("log.p2p_error", "error") and 2 in found[0]["evidence"]["lines"]


def test_the_proxys_own_connect_failure_leads_its_closed_socket() -> None:
    # NVIDIA/nccl#914: one process; its proxy's Connect fails, then its own main thread sees the socket close
    paste = ("host:22337:22453 [6] proxy.cc:1097 NCCL WARN [Proxy Service 14] Failed to execute operation Connect "
             "from rank 14, retcode 2\n"
             "host:22337:22400 [6] misc/socket.cc:521 NCCL WARN Net : Connection closed by remote peer "
             "10.104.148.191<37877>\n")
    found = analyze_text(paste)["findings"]
    assert (found[0]["id"], found[0]["cause"]) == ("log.proxy_error", None)
    assert found[1]["cause"] == "firewall_or_port_blocked"
    # NVIDIA/nccl#795: a peer's broken pipe first and the proxy's retcode 6 keep the peer's reading
    remote = ("a100-st-p4d24xlarge-22:183006:183220 [1] misc/socket.cc:518 NCCL WARN Net : Call to recv from "
              "10.200.84.247<58355> failed : Broken pipe\n"
              "a100-st-p4d24xlarge-22:183006:183220 [1] proxy.cc:1119 NCCL WARN [Proxy Service 9] Failed to execute "
              "operation Connect from rank 9, retcode 6\n")
    assert lead(remote) == ("log.socket_closed", "rank_crashed_elsewhere")


def test_a_reset_under_init_process_group_is_the_store_connect() -> None:
    # kubeflow/trainer#2008 (torch 1.x, the master pod alive)
    paste = ('  File "/opt/conda/lib/python3.6/site-packages/torch/distributed/distributed_c10d.py", line 360, in '
             'init_process_group\n    timeout=timeout)\nRuntimeError: Connection reset by peer\n')
    assert lead(paste) == ("log.socket_closed", "firewall_or_port_blocked")
    assert lead("RuntimeError: Connection reset by peer\n") == ("log.socket_closed", "rank_crashed_elsewhere")


def test_nccl_tests_column_header_means_the_ranks_connected() -> None:
    # NVIDIA/nccl#2112: two nodes, the header printed after init, then the profiler plugin's crash (cut off)
    listing = ("#  Rank  0 Group  0 Pid 3765588 on h20-01 device  0 [0000:08:00] NVIDIA H20\n"
               "#  Rank  2 Group  0 Pid 3292342 on h20-02 device  0 [0000:08:00] NVIDIA H20\n")
    head = "# nThread 1 nGpus 1 minBytes 8 maxBytes 134217728 step: 2(factor) warmup iters: 5 iters: 20 agg iters: 1\n"
    columns = ("#       size         count      type   redop    root     time   algbw   busbw  #wrong     time   "
               "algbw   busbw  #wrong\n")
    assert "log.multi_node_stall" in ids(head + listing)
    assert "log.multi_node_stall" not in ids(head + listing + columns)


def test_launcher_and_library_lines_of_sweeps_218_to_222() -> None:
    # huggingface/accelerate#2249: a login script's output taken as the master address
    assert lead("--node_rank=%n --master_addr=/root/cuda11.8.bashrc --master_port=45459 --argsxxx\n") == (
        "log.name_resolution", "hostname_resolution")
    # hpcaitech/ColossalAI#5213: paramiko refusing the key file
    assert lead("Error: failed to run torchrun --nproc_per_node=2 pretrain.py on 192.168.1.12, is localhost: False, "
                "exception: not a valid RSA private key file\n") == ("log.mpi_launch", "other")
    # bigscience-workshop/Megatron-DeepSpeed#171: pytest's own limit, not a collective's
    assert lead(" FAILED tests/test_model.py::MyTestCase::test_gpt - Failed: Timeout >300.0s\n") == (
        "log.job_stopped", "other")
    # horovod/horovod#566: ENOSYS is no missing capability; horovod/horovod#1167's EPERM is
    found = analyze_text("[gcrgpu1172:04092] Read -1, expected 102400, errno = 38\n")["findings"]
    assert (found[0]["id"], found[0]["severity"]) == ("log.mpi_transport", "warning")
    assert "SYS_PTRACE" in analyze_text("[edc6f559242d:00026] Read -1, expected 36864, errno = 1\n")["findings"][0][
        "fix"]
    # ray-project/ray#3187 and #20690 (Ray 0.6 and 1.x wordings)
    assert lead("The task with ID 000000001003e4e8ec568e9152253ebe325069b7 is infeasible and cannot currently be "
                "executed. It requires {CPU,1.000000},{GPU,6.000000} for execution\n") == (
        "log.launch_config", "application_bug")
    assert lead("Memory usage on this node: 29.6/30.9 GiB: ***LOW MEMORY*** less than 10% of the memory on this node "
                "is available for use. This can cause unexpected crashes.\n") == ("log.oom", "oom")
    assert lead("Memory usage on this node: 2.7/135.1 GB\n") is None
    # volcengine/verl#184: Ray's coloured actor prefix before faulthandler's abort header
    assert lead("[36m(WorkerDict pid=3175143, ip=10.49.193.113)[0m Fatal Python error: Aborted\n") == (
        "log.process_aborted", "other")


def test_words_of_other_libraries_failures() -> None:
    # horovod/horovod#443: Open MPI's symbol, not NCCL's; deepspeedai/DeepSpeedExamples#321: Rust's allocator
    assert lead("python: symbol lookup error: /usr/lib/libhorovod.so: undefined symbol: ompi_mpi_op_sum\n") == (
        "log.error_words", "other")
    assert lead("memory allocation of 2097152 bytes failed\n") == ("log.error_words", "oom")


def test_multiprocessings_local_fd_handoff_is_no_network() -> None:
    # pjl1995/CTracker#13: resource_sharer's frames under a refused connect
    paste = ('  File "/home/wyf/anaconda3/envs/CTracker/lib/python3.7/multiprocessing/resource_sharer.py", line 87, in '
             'get_connection\n    c = Client(address, authkey=process.current_process().authkey)\n'
             'ConnectionRefusedError: [Errno 111] Connection refused\n')
    assert lead(paste) == ("log.socket_connect_failed", "other")
    assert lead("ConnectionRefusedError: [Errno 111] Connection refused\n") == (
        "log.socket_connect_failed", "firewall_or_port_blocked")


def test_every_rank_init_started_on_one_host_is_one_node() -> None:
    # vllm-project/vllm#8978 (NCCL 2.20's "Init START" lines): four ranks, four GPUs, one host: sockets carry nothing
    head = ("cuda0003:2949603:2949644 [2] NCCL INFO Using network Socket\n"
            "cuda0003:2949604:2949645 [3] NCCL INFO NET/IB : No device found.\n")
    ranks = ("cuda0003:2949602:2949643 [1] NCCL INFO comm 0x5649b30cf960 rank 1 nranks 4 cudaDev 1 nvmlDev 3 busId "
             "61000 commId 0x795520212f433144 - Init START\n"
             "cuda0003:2949601:2949642 [0] NCCL INFO comm 0x55fb6f3ce680 rank 0 nranks 4 cudaDev 0 nvmlDev 2 busId "
             "41000 commId 0x795520212f433144 - Init START\n"
             "cuda0003:2949603:2949644 [2] NCCL INFO comm 0x55703115d1f0 rank 2 nranks 4 cudaDev 2 nvmlDev 4 busId "
             "81000 commId 0x795520212f433144 - Init START\n"
             "cuda0003:2949604:2949645 [3] NCCL INFO comm 0x55991793c100 rank 3 nranks 4 cudaDev 3 nvmlDev 5 busId "
             "a1000 commId 0x795520212f433144 - Init START\n")
    found = analyze_text(head + ranks)["findings"]
    assert [(f["id"], f["severity"], f["cause"]) for f in found if f["id"] == "log.net_socket"] == [
        ("log.net_socket", "info", None)]
    # three of the four ranks seen: another node may hold the fourth, the fallback stays the answer
    assert lead(head + "".join(ranks.splitlines(keepends=True)[:3])) == ("log.net_socket", "socket_fallback")


def test_lines_of_fabric_and_scheduler_tools() -> None:
    # ofiwg/libfabric#5787: libfabric's <info> lines of its shm provider are no shared-memory failure
    probe = ("libfabric:47889:shm:core:ofi_check_ep_type():629<info> unsupported endpoint type\n"
             "libfabric:47889:core:core:fi_getinfo_():964<info> fi_getinfo: provider shm returned -61 (No data "
             "available)\n")
    assert lead(probe) is None
    # StanfordLegion/legion#1270's knob, in Cray MPICH's own warning (ofiwg/libfabric#9286)
    cq = ("PE 191: MPICH WARNING: OFI is failing to make progress on posting a receive. MPICH suspects a hang due to "
          "completion queue exhaustion. Setting environment variable FI_CXI_DEFAULT_CQ_SIZE to a higher number might "
          "circumvent this scenario.\n")
    assert lead(cq) == ("log.ofi_error", "performance_config")
    # NVIDIA/pyxis#29: slurmstepd reloading its topology cache is no topology fault
    assert lead("slurmstepd: error: xcpuinfo_hwloc_topo_load: failed (load will be required after read "
                "failures).\n") is None


def test_an_nvls_cuda_failure_nccl_went_on_from_is_no_fabric_fault() -> None:
    # NVIDIA/nccl#1584: the registration fell back to copies; NVIDIA/nccl-tests#365: the teardown after "testing done"
    register = ("transport/nvls.cc:580 NCCL WARN Cuda failure 1 'invalid argument'\n"
                "transport/nvls.cc:703 NCCL WARN rank 0 failed to NVLS register sendbuff 0x78c800000000 sendbuffSize "
                "1073741824 recvbuff 0x78c800000000 recvbuffSize 1073741824\n")
    assert lead(register) is None
    teardown = ("[2025-12-22 00:24:08] pool0-01824:438416:438416 [0] transport/nvls.cc:130 NCCL WARN Cuda failure 1 "
                "'invalid argument'\n"
                "[2025-12-22 00:24:08] pool0-01824:438416:438416 [0] init.cc:2149 NCCL WARN commReclaim: cleanup comm "
                "0x555556fd69f0 rank 0 failed in destroy/abort, error 1\n")
    assert lead(teardown) is None
    # NVIDIA/nccl#976 ("nv-fabricmanager manually restarted"): the same failure at init is the fabric's
    init = ("transport/nvls.cc:165 NCCL WARN Cuda failure 'invalid argument'\n"
            "NCCL INFO transport/nvls.cc:324 -> 1\nNCCL INFO init.cc:1093 -> 1\n")
    assert lead(init) == ("log.fabric_manager", "cuda_or_driver")
