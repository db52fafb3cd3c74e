"""Rules from the sweeps of public threads of 2026-12-04 (52: TensorRT-LLM and Triton serving; 53 - 54) and from the
misses of held-out rounds 98 - 103. Each line is quoted from the thread named above its test, and tested on text
that must not trigger it."""

from __future__ import annotations

from line_reading import causes, lead

from ncclkit.logs.analyze import analyze_text
from ncclkit.logs.paste_text import unflatten


def findings(text: str) -> dict[str, dict]:
    return {f["id"]: f for f in analyze_text(text)["findings"]}


# triton-inference-server/triton_cli#59: `pip install tensorrt_llm` put TensorRT 9.3 into an image built on 9.2.
_TRT_VERSION = ("[TensorRT-LLM][ERROR] 6: The engine plan file is not compatible with this version of TensorRT, "
                "expecting library version 9.2.0.5 got 9.3.0.1, please rebuild.\n"
                "[TensorRT-LLM][ERROR] 2: [engine.cpp::deserializeEngine::1148] Error Code 2: Internal Error "
                "(Assertion engine->deserialize(start, size, allocator, runtime) failed. )\n")


def test_an_engine_of_another_tensorrt_is_the_install_not_nccl() -> None:
    assert lead(_TRT_VERSION) == ("log.engine_version", "other")
    # TensorRT's own "Internal Error" is not NCCL's, and its "2: ... Code 2: " is one line, not two run together
    assert "log.internal_error" not in findings(_TRT_VERSION)
    assert unflatten(_TRT_VERSION) == (_TRT_VERSION, 0)
    # NCCL's own internal error keeps its reading
    nccl = ("h:1:2 [0] NCCL WARN Error : internal error - please report this issue to the NCCL developers\n")
    assert "log.internal_error" in findings(nccl) and "log.engine_version" not in findings(nccl)


# Tlntin/Qwen-TensorRT-LLM#123 ("It seems you built 4 engine. Why not try run n 4?" solved it) and NVIDIA/TensorRT-LLM
# #753 (the Python runner's form).
_WORLD = ("RuntimeError: [TensorRT-LLM][ERROR] Assertion failed: mpiSize == tp * pp (/home/jenkins/agent/workspace/"
          "LLM/release-0.8/L0_PostMerge/tensorrt_llm/cpp/tensorrt_llm/runtime/worldConfig.cpp:90)\n")
_RUNNER = "AssertionError: Engine world size (2 * 1) != Runtime world size (1)\n"


def test_a_world_of_another_size_than_the_engine_is_the_launch() -> None:
    for text in (_WORLD, _RUNNER):
        found = findings(text)["log.launch_config"]
        assert found["cause"] == "application_bug" and "mpirun -n <tp*pp>" in found["fix"]
    # another assertion of the runtime stays a check of the program's inputs, whose fix names the engine
    other = ("RuntimeError: [TensorRT-LLM][ERROR] Assertion failed: inputIds.getShape().nbDims == 2 "
             "(/src/cpp/tensorrt_llm/runtime/gptSession.cpp:120)\n")
    assert lead(other) == ("log.framework_check", "application_bug")
    assert "mpirun -n" not in findings(other)["log.framework_check"]["fix"]


# NVIDIA/TensorRT-LLM#16899: PCIe-only RTX GPUs; with the fix the run falls back to NCCL's all-reduce and completes.
_IPC = ("[WARN] CUDA IPC is not usable on this system: cudaErrorInvalidDevice: 101. Custom all-reduce kernels are "
        "disabled, falling back to NCCL.\n"
        "[WARN] CUDA IPC is unavailable, falling back from AUTO to NCCL allreduce.\n")


def test_unusable_cuda_ipc_is_a_fallback_not_a_wrong_device() -> None:
    found = findings(_IPC)["log.p2p_unavailable"]
    assert found["cause"] == "acs_iommu_p2p" and found["severity"] == "warning"
    assert "set_device" not in found["fix"] and "log.cuda_error" not in findings(_IPC)
    # a Python stub asking for a device it cannot see is still the device choice (triton-inference-server/server#6855)
    stub = ("Failed to initialize Python stub: RuntimeError: CUDA error: invalid device ordinal\n")
    assert lead(stub) == ("log.cuda_error", "application_bug")


# NVIDIA/TensorRT-LLM#2393: TensorRT's wording of a CUDA error, then TensorRT-LLM's generic "Internal Error".
_TRT_CUDA = ("[TensorRT-LLM][ERROR] ICudaEngine::createExecutionContextWithoutDeviceMemory: Error Code 1: Cuda Runtime "
             "(an illegal memory access was encountered)\n"
             "terminate called after throwing an instance of 'tensorrt_llm::common::TllmException'\n"
             "  what():  Internal Error: Failed to create an execution context. (/src/tensorrt_llm/cpp/tensorrt_llm/"
             "runtime/tllmRuntime.cpp:178)\n")


def test_tensorrts_cuda_runtime_error_is_read_as_the_cuda_error() -> None:
    assert causes(_TRT_CUDA)[0] == ("log.cuda_error", "application_bug")
    assert "illegal memory access" in findings(_TRT_CUDA)["log.cuda_error"]["message"]


# huggingface/accelerate#3991: accelerate compiled the DDP wrapper; compiling the module before wrapping fixed it.
_DDP_COMPILED = ("I can run accelerate smoothly with 2 GPUs without using torch.compile, but when I enable torch.compile, "
                 "I get an error: **Dynamo does not know how to trace method `set_runtime_stats_and_log` of class "
                 "`Logger`**\n")


def test_compiling_the_ddp_wrapper_is_the_programs_order() -> None:
    found = findings(_DDP_COMPILED)["log.framework_usage"]
    assert found["cause"] == "application_bug" and "DDP(torch.compile(model))" in found["fix"]
    # another method Dynamo cannot trace is no statement about DDP
    other = "torch._dynamo.exc.Unsupported: Dynamo does not know how to trace method `item` of class `Foo`\n"
    assert "DistributedDataParallel" not in str(findings(other).get("log.framework_usage", {}).get("message"))


# NVIDIA/apex#515: several DDP ranks saved the best model to one file; "only one rank creates the checkpoint".
def test_a_checkpoint_of_the_wrong_size_is_written_by_several_ranks() -> None:
    line = "RuntimeError: storage has wrong size: expected -4721614612255084527 got 1\n"
    found = findings(line)["log.checkpoint_corrupt"]
    assert found["cause"] == "application_bug" and "dist.get_rank() == 0" in found["fix"]
    # a tensor of the wrong size in the program's own code is not a checkpoint
    assert "log.checkpoint_corrupt" not in findings("RuntimeError: shape '[4, 8]' is invalid for input of size 30\n")


# torchmd/torchmd-net#324: Lightning's warning, then the pin-memory thread died hours later on rank 1.
_PIN = ("/x/lightning/pytorch/trainer/connectors/data_connector.py:448: The combination of `DataLoader(`pin_memory=True`, "
        "`persistent_workers=True`) and `Trainer(reload_dataloaders_every_n_epochs > 0)` can lead to instability due "
        "to limitations in PyTorch (https://github.com/pytorch/pytorch/issues/91252). We recommend setting "
        "`pin_memory=False` in this case.\n"
        "    raise RuntimeError('Pin memory thread exited unexpectedly')\n"
        "RuntimeError: Pin memory thread exited unexpectedly\n"
        "[rank: 1] Child process with PID 224779 terminated with code 1. Forcefully terminating all other processes "
        "to avoid zombies :zombie:\n")


def test_a_dead_pin_memory_thread_is_the_dataloaders_settings() -> None:
    assert lead(_PIN) == ("log.dataloader_config", "application_bug")
    assert "pin_memory=False" in findings(_PIN)["log.dataloader_config"]["fix"]
    # the warning alone is a warning
    warning = _PIN.splitlines(keepends=True)[0]
    assert findings(warning)["log.dataloader_config"]["severity"] == "warning"
    # a dataloader worker killed by a signal is not this
    killed = "RuntimeError: DataLoader worker (pid 4242) is killed by signal: Killed.\n"
    assert "log.dataloader_config" not in findings(killed)


# QwenAudio/CosyVoice#241 and ymcui/Chinese-LLaMA-Alpaca-2#274: c10d with --master_addr and no endpoint, each node
# waits at its own rendezvous (pytorch/pytorch#116304 states the mechanism).
_C10D = ("+ torchrun --nnodes=2 --nproc_per_node=1 --node_rank=0 --master_addr=11.214.25.222 --master_port 9999 "
         "--rdzv_id=1986 --rdzv_backend=c10d cosyvoice/bin/train.py --train_engine torch_ddp\n"
         "master_addr is only used for static rdzv_backend and when rdzv_endpoint is not specified.\n")


def test_c10d_of_several_nodes_without_an_endpoint_is_the_launch() -> None:
    found = findings(_C10D)["log.rendezvous_no_endpoint"]
    assert found["cause"] == "application_bug" and found["evidence"]["lines"] == [1]
    assert lead(_C10D) == ("log.rendezvous_no_endpoint", "application_bug")
    # a command continued over lines is read whole
    continued = _C10D.replace("--rdzv_id=1986 ", "\\\n    --rdzv_id=1986 ")
    assert "log.rendezvous_no_endpoint" in findings(continued)
    # with an endpoint, one node, or the static backend there is nothing to say; the warning alone (torch < 2.2
    # printed it even with an endpoint, pytorch/pytorch#111085) is no evidence
    for text in (_C10D.replace("--rdzv_backend=c10d", "--rdzv_backend=c10d --rdzv_endpoint=11.214.25.222:9999"),
                 _C10D.replace("--nnodes=2", "--nnodes=1"), _C10D.replace("c10d", "static"),
                 _C10D.splitlines(keepends=True)[1]):
        assert "log.rendezvous_no_endpoint" not in findings(text)


# vllm-project/vllm#6042: "One process has illegal memory access. It dies, but the rest process is still in
# allreduce, and is waiting for it, causing the timeout problem." vLLM 0.4 - 0.6 print "pid 1159", not "pid=1159".
_DIED = ("ERROR 07-01 13:54:43 multiproc_worker_utils.py:120] Worker VllmWorkerProcess pid 1159 died, exit code: -6\n"
         "[rank0]:[E ProcessGroupNCCL.cpp:563] [Rank 0] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=2, "
         "OpType=ALLREDUCE, NumelIn=134217728, NumelOut=134217728, Timeout(ms)=600000) ran for 600059 milliseconds "
         "before timing out.\n")


def test_a_worker_that_died_before_the_timeout_is_why_the_others_waited() -> None:
    assert lead(_DIED) == ("log.timeout", "rank_crashed_elsewhere")
    assert findings(_DIED)["log.timeout"]["evidence"]["lines"][0] == 1
    # the timeout alone keeps its reading; a worker that exits after the timeout (the engine's shutdown) is no cause
    timeout = _DIED.splitlines(keepends=True)[1]
    assert lead(timeout) == ("log.timeout", "hang_collective_mismatch")
    after = timeout + _DIED.splitlines(keepends=True)[0]
    assert lead(after) == ("log.timeout", "hang_collective_mismatch")


# NVIDIA/nccl#1409: rank 7 printed its state and timeout, rank 3 only its timeout line; both wait at #80078 in
# different collectives.
_R7 = ("[rank7]:[E816 01:45:40.183009389 ProcessGroupNCCL.cpp:607] [Rank 7] Watchdog caught collective operation "
       "timeout: WorkNCCL(SeqNum=80078, OpType=BROADCAST, NumelIn=5056, NumelOut=5056, Timeout(ms)=600000) ran for "
       "600026 milliseconds before timing out.\n")
_R7_STATE = ("[rank7]:[E816 01:45:40.184373931 ProcessGroupNCCL.cpp:1664] [PG 0 (default_pg) Rank 7] Exception (either "
             "an error or timeout) detected by watchdog at work: 80078, last enqueued NCCL work: 80078, last completed "
             "NCCL work: 80077.\n")
_R3 = ("[rank3]:[E816 01:45:40.212150935 ProcessGroupNCCL.cpp:607] [Rank 3] Watchdog caught collective operation "
       "timeout: WorkNCCL(SeqNum=80078, OpType=ALLREDUCE, NumelIn=2106881, NumelOut=2106881, Timeout(ms)=600000) ran "
       "for 600013 milliseconds before timing out.\n")


def test_timeout_lines_alone_show_ranks_in_different_collectives() -> None:
    for text in (_R7 + _R7_STATE + _R3, _R7 + _R3):
        found = findings(text)["hang.collective_mismatch"]
        assert found["cause"] == "hang_collective_mismatch" and found["evidence"]["sequence"] == 80078
        # torch before 2.4 names no group on these lines: two groups can reach one number, so it is a warning
        assert found["severity"] == "warning" and "name no process group" in found["message"]
        assert lead(text)[1] == "hang_collective_mismatch"
    # lines that name their group (torch 2.4+) state it
    named = (_R7 + _R3).replace("[Rank 7]", "[PG ID 0 PG GUID 0(default_pg) Rank 7]").replace(
        "[Rank 3]", "[PG ID 0 PG GUID 0(default_pg) Rank 3]")
    assert findings(named)["hang.collective_mismatch"]["severity"] == "error"
    assert lead(named) == ("hang.collective_mismatch", "hang_collective_mismatch")
    # ranks in two different groups at one number are not compared
    apart_groups = named.replace("[PG ID 0 PG GUID 0(default_pg) Rank 3]", "[PG ID 2 PG GUID 5(tp) Rank 3]")
    assert "hang.collective_mismatch" not in findings(apart_groups)
    # the same collective on both ranks, or ranks at different sequence numbers: the lines prove no mismatch
    same = _R7 + _R3.replace("OpType=ALLREDUCE, NumelIn=2106881, NumelOut=2106881",
                             "OpType=BROADCAST, NumelIn=5056, NumelOut=5056")
    apart = _R7 + _R3.replace("SeqNum=80078", "SeqNum=80070")
    for text in (same, apart, _R3):
        assert not [f for f in findings(text) if f.startswith("hang.")]


# huggingface/accelerate#2340: oneCCL under accelerate launch finds no launcher's local rank and count.
_CCL_LOCAL = ("2024:01:15-03:36:29:(1980058) |CCL_WARN| could not get local_idx/count from environment variables, "
              "trying to get them from ATL\n"
              "2024:01:15-03:36:29:(1980058) |CCL_ERROR| global.cpp:150 getenv_local_coord: condition "
              "global_data::env().ze_ipc_exchange == ccl::ze::ipc_exchange_mode::sockets failed\n"
              "to get local_idx/count from ATL, set CCL_ZE_IPC_EXCHANGE=sockets explicitly\n")


def test_oneccl_without_a_launchers_local_rank_is_the_launch() -> None:
    found = findings(_CCL_LOCAL)["log.launch_config"]
    assert found["cause"] == "application_bug" and "CCL_LOCAL_RANK" in found["fix"]
    # oneCCL's own notice that it switched transport is not this
    notice = ("2024:01:15-03:36:29:(1980058) |CCL_WARN| did not find MPI-launcher specific variables, switch to "
              "ATL/OFI, to force enable ATL/MPI set CCL_ATL_TRANSPORT=mpi\n")
    assert "log.launch_config" not in findings(notice)


# oneapi-src/oneCCL#217 (/dev/dri bind-mounted fixed it), intel/intel-extension-for-pytorch#647.
def test_oneccl_and_torch_ccl_lines() -> None:
    dri = "oneCCL: ze_fd_manager.cpp:144 init_device_fds: EXCEPTION: opendir failed: could not open device directory\n"
    assert lead(dri) == ("log.gpu_missing", "cuda_or_driver") and "/dev/dri:/dev/dri" in findings(dri)[
        "log.gpu_missing"]["fix"]
    missing = "RuntimeError: ProcessGroupCCL does not support reduce_scatter\n"
    assert lead(missing) == ("log.framework_release", "other")
    # c10d's base class says it for any backend without the collective (gloo has no reduce_scatter)
    assert lead("RuntimeError: Backend gloo does not support reduce_scatter\n") == ("log.framework_release", "other")
    # NCCL's process group naming a collective it lacks keeps its own reading
    assert lead("RuntimeError: ProcessGroupNCCL does not support send\n") != ("log.framework_release", "other")


# SemiAnalysisAI/InferenceX#998: Broadcom Thor 2's send queue at its depth under many concurrent KV transfers.
def test_a_full_send_queue_is_an_rdma_resource() -> None:
    text = ("SQ full (batch): ep=0 depth=4351 requested=1 max=4351\n"
            "Prefill transfer failed ... KV transfer failed\n")
    assert lead(text) == ("log.rdma_queue_full", "ib_resource_error")
    assert "log.rdma_queue_full" not in findings("the SQ full condition was discussed above\n")


# ROCm/rocm-systems#9083: nodes naming their AINIC devices rdma* and roce*; NCCL_IB_HCA="rdma,roce" fixed it.
def test_ranks_on_different_preset_topologies_is_the_topology() -> None:
    text = ("RCCL FATAL: mismatched Rome preset topology model index across ranks\n"
            "  rank 8 host mia1-p01-g27 romeTopoModelIdx=40   (g24 ranks voted refIdx -1)\n")
    assert lead(text) == ("log.topology_error", "topology_or_numa")
    assert "NCCL_IB_HCA" in findings(text)["log.topology_error"]["fix"]


# vllm-project/vllm#3974: VLLM_TRACE_FUNCTION frames, the lead worker done, the others in the IPC handle gather.
def test_vllm_workers_stuck_in_the_custom_all_reduce_gather() -> None:
    text = ("==> vllm_trace_frame_for_process_1_thread_139973314331072_at_2024-04-15_13:58:24.978956.log <==\n"
            "2024-04-15 13:59:04.732274 Return from init_device in /workspace/vllm/worker/worker.py:104\n"
            "==> vllm_trace_frame_for_process_1113_thread_140163469054400_at_2024-04-15_13:58:36.739553.log <==\n"
            "2024-04-15 13:59:04.981153 Call to _gather_ipc_meta in /workspace/vllm/model_executor/parallel_utils/"
            "custom_all_reduce.py:222\n")
    assert lead(text) == ("log.collective_mismatch", "hang_collective_mismatch")
    assert "--disable-custom-all-reduce" in findings(text)["log.collective_mismatch"]["fix"]
    # a worker that returned from the gather is not waiting in it
    done = "2024-04-15 13:59:06.1 Return from _gather_ipc_meta in /workspace/vllm/custom_all_reduce.py:222\n"
    assert "log.collective_mismatch" not in findings(done)


# fzyzcjy/torch_memory_saver#4 ("CUresult 2 means CUDA_ERROR_OUT_OF_MEMORY"); radixark/miles#3204 and THUDM/slime#1690
# (memory freed or saved while the saver was paused, the framework's order).
def test_torch_memory_saver_errors() -> None:
    oom = ("[torch_memory_saver.cpp] CUresult error  result=2 file=csrc/torch_memory_saver.cpp func=cu_mem_create "
           "line=103 (5)\n")
    assert lead(oom) == ("log.oom", "oom")
    for line in ("[torch_memory_saver.cpp] CUresult error: 1 (invalid argument)  file=csrc/core.cpp func=free "
                 "line=104\n",
                 "[torch_memory_saver.cpp] cudaError error: 1 (invalid argument)  file=csrc/core.cpp func=pause "
                 "line=133\n"):
        assert lead(line) == ("log.framework_usage", "application_bug")
    # the Ray error that follows is the worker gone, not a network filter
    ray = ("WorkerUnreachableError: Worker died or is unreachable when calling 'update_weights': "
           "ActorUnavailableError(Socket closed)\n")
    assert lead(ray) == ("log.remote_exited", "rank_crashed_elsewhere")
    # another CUresult of the saver is neither memory nor the framework's order
    other = "[torch_memory_saver.cpp] CUresult error: 999 (unknown error)  file=csrc/core.cpp func=malloc line=80\n"
    assert lead(other) not in (("log.oom", "oom"), ("log.framework_usage", "application_bug"))


# sgl-project/sglang#6246's paste; NVIDIA-NeMo/RL#636 and NovaSky-AI/SkyRL#143 fixed the same failure by making
# NCCL_CUMEM_ENABLE the same in the trainer and in vLLM's workers.
_CUMEM = ("6f74:4168:5271 [1] NCCL INFO Channel 20/0 : 1[1] -> 0[0] via P2P/CUMEM\n"
          "6f74:4167:5269 [0] transport/p2p.cc:275 NCCL WARN Cuda failure 'invalid argument'\n")


def test_p2p_invalid_argument_beside_cumem_is_a_setting_that_differs() -> None:
    found = findings(_CUMEM)["log.cuda_error"]
    assert found["cause"] == "application_bug" and "the same in every process" in found["fix"]
    # without a sign of two ways to map memory the line keeps its generic reading
    alone = _CUMEM.splitlines(keepends=True)[1]
    assert lead(alone) == ("log.cuda_error", "other")
    # NVLS's invalid argument is the fabric's, whatever the transports
    nvls = _CUMEM.replace("transport/p2p.cc:275", "transport/nvls.cc:167")
    assert lead(nvls) != ("log.cuda_error", "application_bug")


# kubeflow/trainer#1636: the sidecar's Envoy handling the job's MASTER_PORT 23456; #1637: inject "false" fixed it.
def test_an_envoy_sidecar_on_the_rendezvous_port() -> None:
    text = ("2022-07-19T18:01:59.173796Z\tdebug\tenvoy connection\t[C72] remote early close\n"
            "2022-07-19T18:01:59.211667Z\tdebug\tenvoy upstream\tmembership update for TLS cluster inbound|23456|| "
            "added 0 removed 1\n")
    assert lead(text) == ("log.pod_network", "firewall_or_port_blocked")
    assert "sidecar.istio.io/inject" in findings(text)["log.pod_network"]["fix"]
    # a web request through the notebook's ingress is no rendezvous (kubeflow/kubeflow#2852: a full disk)
    ingress = ("upstream connect error or disconnect/reset before headers. reset reason: connection failure, transport "
               "failure reason: delayed connect error: 111\n")
    assert lead(ingress) != ("log.pod_network", "firewall_or_port_blocked")


# tanshuai0219/EDTalk#24 (torch 2.3 worked), cocktailpeanut/fluxgym#302: a PyTorch build without libuv.
def test_a_pytorch_without_libuv_names_use_libuv() -> None:
    line = "RuntimeError: use_libuv was requested but PyTorch was build without libuv support\n"
    found = findings(line)["log.framework_usage"]
    assert found["cause"] == "other" and found["fix"].startswith("set USE_LIBUV=0")
    # the generic misuse of torch.distributed says nothing of libuv
    other = "ValueError: Default process group has not been initialized, please make sure to call init_process_group.\n"
    assert "USE_LIBUV" not in str(findings(other).get("log.framework_usage", {}).get("fix"))


# kvcache-ai/Mooncake#75: the transfer engine in a container without the RDMA device; ibv_devinfo finds none.
_MOONCAKE = ("E0110 16:55:35.140089 281933 rdma_context.cpp:387] ibv_get_device_list failed\n"
             "E0110 16:55:35.140093 281933 rdma_context.cpp:66] Failed to open device erdma_0 on port  with GID 0\n"
             "E0110 16:55:35.140100 281933 rdma_transport.cpp:65] RdmaTransport: cannot initialize RDMA resources\n"
             "ibv_devinfo\n"
             "No IB devices found\n")


def test_a_transfer_engine_without_an_rdma_device() -> None:
    assert lead(_MOONCAKE) == ("log.ibv_call_failed", "socket_fallback")
    assert "log.gid_error" not in findings(_MOONCAKE)  # the GID index it names is no GID problem
    # with the device listed, the failed call stays the device's own problem
    listed = _MOONCAKE.replace("No IB devices found\n", "hca_id:\terdma_0\n")
    assert lead(listed) == ("log.ibv_call_failed", "ib_resource_error")


# sgl-project/sglang#30099: AMD Pensando Ionic NICs without SRQ; UCX's rc_verbs (NIXL) cannot use them.
def test_a_nic_without_shared_receive_queues() -> None:
    text = "* Cross-node NIXL execution fails on MI355X systems using the Ionic RoCE fabric.\nmax_srq = 0\n"
    assert lead(text) == ("log.rdma_no_srq", "other")
    assert "log.rdma_no_srq" not in findings("\tmax_srq:\t\t\t65535\n")


# NVIDIA/nccl-tests#216: every GPU's last line binds NVLS memory (cuMulticastBindMem blocks until all ranks joined);
# NCCL_NVLS_ENABLE=0 ran.
_NVLS = ("c2ce1c877ea3:1023:1032 [0] NCCL INFO NVLS Mapped UC at 0x7f32a0000000 size 1073741824\n"
         "c2ce1c877ea3:1023:1032 [0] NCCL INFO NVLS Bind mem 0xac0000000 UC handle 0x7f3310ccb240 MC handle "
         "0x7f3310ccaa20 size 1073741824\n")


def test_a_log_that_stops_binding_nvls_memory() -> None:
    assert lead(_NVLS) == ("log.nvls_setup_stalled", "cuda_or_driver")
    assert findings(_NVLS)["log.nvls_setup_stalled"]["evidence"]["lines"] == [2]
    # a healthy run prints the same line and goes on
    for after in ("c2ce1c877ea3:1023:1032 [0] NCCL INFO Connected NVLS (8 channels)\n",
                  "c2ce1c877ea3:1023:1032 [0] NCCL INFO comm 0x55 rank 0 nranks 8 cudaDev 0 busId 18000 - Init "
                  "COMPLETE\n",
                  "c2ce1c877ea3:1023:1032 [0] NCCL INFO Channel 00/0 : 0[0] -> 1[1] via P2P/IPC\n"):
        assert "log.nvls_setup_stalled" not in findings(_NVLS + after)


# ai-dynamo/dynamo#15060: TensorRT-LLM's MpiPoolSession could not spawn its workers under Open MPI 5 (an image with
# Open MPI 4.1 worked); dNamiLab/dNami#20's MPI_ERR_ARG from Create_cart was the caller's arguments.
def test_mpi4py_error_classes() -> None:
    spawn = ("rank 0 using MpiPoolSession to spawn MPI processes\n"
             "    comm = MPI.COMM_SELF.Spawn(python_exe, args, max_workers, info)\n"
             "mpi4py.MPI.Exception: MPI_ERR_UNKNOWN: unknown error\n")
    assert lead(spawn) == ("log.mpi_runtime", "other") and "mpirun -n" in findings(spawn)["log.mpi_runtime"]["fix"]
    assert lead("mpi4py.MPI.Exception: MPI_ERR_ARG: invalid argument of some other kind\n") == (
        "log.framework_usage", "application_bug")
    # a failed peer keeps its reading
    assert lead("mpi4py.MPI.Exception: MPI_ERR_PROC_FAILED: Process Failure\n")[1] == "rank_crashed_elsewhere"


def test_a_launchers_summary_above_the_timeout_is_no_worker_that_died_first() -> None:
    # pytorch/pytorch#134006's paste starts with torchrun's summary, printed after the watchdog ended the rank
    text = ("torch.distributed.elastic.multiprocessing.errors.ChildFailedError: \n"
            "============================================================\n" + _DIED.splitlines(keepends=True)[1])
    assert lead(text) == ("log.timeout", "hang_collective_mismatch")


def test_torch_23s_group_prefix_without_its_description_is_read() -> None:
    # torch 2.3's "[PG 0 Rank 1]" (pytorch/pytorch#134006's paste has it): rank1 never enqueued #6
    text = ("[rank0]:[E ProcessGroupNCCL.cpp:1182] [PG 0 Rank 0] Exception (either an error or timeout) detected by "
            "watchdog at work: 6, last enqueued NCCL work: 6, last completed NCCL work: 5.\n"
            "[rank1]:[E ProcessGroupNCCL.cpp:1182] [PG 0 Rank 1] Exception (either an error or timeout) detected by "
            "watchdog at work: 6, last enqueued NCCL work: 5, last completed NCCL work: 5.\n")
    found = findings(text)
    assert "hang.rank_not_launched" in found and found["hang.rank_not_launched"]["subject"] == "rank1"
