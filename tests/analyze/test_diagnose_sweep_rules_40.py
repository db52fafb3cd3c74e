"""Rules from sweeps 204 - 210 and rounds 206 - 214 (2026-12-05: start-up and rendezvous errors, DistributedDataParallel
usage, memory, PyTorch's newer distributed features, notebooks, NCCL's variables, hangs; weather codes, document AI,
time series, 3D reconstruction, image restoration) and an older left-out (CUDA in a forked DataLoader worker). Each
line is quoted from the thread named above its test, and tested on text that must not trigger it."""

from __future__ import annotations

from line_reading import assert_reads, causes, ids, lead

from ncclkit.logs.analyze import analyze_text

# feiyunzhang/i3d-non-local-pytorch#7 (torch 1.1: the worker's traceback re-raised as the parent's message)
_OLD_WORKER = """\
  File "/usr/local/lib/python2.7/dist-packages/torch/utils/data/dataloader.py", line 608, in _process_next_batch
    raise batch.exc_type(batch.exc_msg)
RuntimeError: Traceback (most recent call last):
  File "/usr/local/lib/python2.7/dist-packages/torch/utils/data/_utils/worker.py", line 99, in _worker_loop
    samples = collate_fn([dataset[i] for i in batch_indices])
  File "/usr/local/lib/python2.7/dist-packages/torch/utils/data/_utils/collate.py", line 59, in default_collate
    return torch.tensor(batch)
RuntimeError: CUDA error: initialization error
"""
# pytorch/pytorch#33407 (THC's check in a worker that pinned memory, torch 1.4's wording)
_NEW_WORKER = """\
THCudaCheck FAIL file=/pytorch/aten/src/THC/THCGeneral.cpp line=50 error=3 : initialization error
RuntimeError: Caught RuntimeError in DataLoader worker process 2.
"""


def test_cuda_that_cannot_start_in_a_forked_dataloader_worker() -> None:
    assert lead(_OLD_WORKER) == ("log.cuda_error", "application_bug")
    assert lead(_NEW_WORKER) == ("log.cuda_error", "application_bug")
    # the same error outside a worker is the driver's; another CUDA error in a worker is its own
    assert lead(_OLD_WORKER.split("RuntimeError: Traceback")[0] + "RuntimeError: CUDA error: initialization error\n") \
        == ("log.cuda_error", "cuda_or_driver")
    assert lead(_OLD_WORKER.replace("initialization error", "an illegal memory access was encountered")) == (
        "log.cuda_error", "application_bug")


def test_a_store_reply_that_is_not_the_stores() -> None:
    # zhanglu-cst/ClassKG#2 (TCPStore::doWait)
    assert_reads("RuntimeError: Stop_waiting response is expected", "log.port_in_use", "application_bug")


def test_a_rendezvous_port_above_65535() -> None:
    # jaywalnut310/vits#52 (pybind11's overload list, then the arguments it was given)
    paste = ("TypeError: __init__(): incompatible constructor arguments. The following argument types are supported:\n"
             "    1. torch._C._distributed_c10d.TCPStore(host_name: str, port: int, world_size: int = -1, is_master: "
             "bool = False, timeout: datetime.timedelta = datetime.timedelta(seconds=\n"
             "Invoked with: 'localhost', 80000, 1, True, datetime.timedelta(seconds=1800); kwargs: multi_tenant=True\n")
    assert lead(paste) == ("log.launch_config", "application_bug")
    assert "log.timeout" not in ids(paste)  # the signature's annotation is no timeout
    # a port in range leaves the TypeError to speak
    assert lead(paste.replace("80000", "29500")) == ("log.program_error", "application_bug")


def test_a_reset_while_the_store_client_still_connects() -> None:
    # TheTom/vllm-swift#9, zai-org/Open-AutoGLM#21: no connection was made, so no peer died
    assert_reads("[W426 16:56:01.831041000 TCPStore.cpp:347] [c10d] TCP client failed to connect/validate to host "
                 "100.64.0.1:59782 - retrying (try=6, timeout=1800000ms, delay=5241ms): Connection reset by peer",
                 "log.socket_connect_failed", "firewall_or_port_blocked")
    # a store connection lost after start-up stays the peer's (Dere-Wah/AI-MarioKart64#3)
    assert_reads("[rank2]:[W625 23:35:35.303797152 TCPStore.cpp:125] [c10d] recvValue failed on SocketImpl(fd=6, "
                 "addr=[::ffff:127.0.0.1]:37468, remote=[::ffff:127.0.0.1]:6006): Connection reset by peer",
                 "log.socket_closed", "rank_crashed_elsewhere")


def test_the_reused_port_warning_quoted_in_a_sentence() -> None:
    # pytorch/PiPPy#159
    line = ("Maybe this will fix some of the errors like `[W socket.cpp:558] [c10d] The client socket has failed to "
            "connect to [localhost]:29500 (errno: 99 - Cannot assign requested address).`\n")
    assert lead(line) is None
    assert "log.no_failure" in ids(line)


def test_ddp_and_dataparallel_checks_quoted_without_their_exception() -> None:
    # d2l-ai/d2l-en#2461, OpenGVLab/InternImage#168, pinery-sls/Pytorch_Yolor_DeepSort#3, megvii-model/DetNAS#35
    for line in ("module must have its parameters and buffers on device cuda:0 (device_ids[0]) but found one of them "
                 "on device: cpu",
                 "Have you ever meet this problem？Expected to mark a variable ready only once.",
                 "Parameter at index 988 with name img_backbone.levels.3.blocks.3.gamma2 has been marked as ready "
                 "twice",
                 "SyncBatchNorm expected input tensor to be on GPU",
                 'there was an error that "AssertionError: Default process group is not initialized"'):
        assert_reads(line, "log.framework_usage", "application_bug")


def test_an_attribute_read_through_the_wrapper_or_missing_from_this_release() -> None:
    # voidism/DiffCSE#5 (torch 1.6's ModuleAttributeError, DataParallel)
    assert_reads("torch.nn.modules.module.ModuleAttributeError: 'DataParallel' object has no attribute 'sim'",
                 "log.framework_usage", "application_bug")
    # JingyunLiang/VRT#22: "upgrade pytorch to at least 1.9.1"
    assert_reads("AttributeError: 'DistributedDataParallel' object has no attribute '_set_static_graph'",
                 "log.framework_release", "other")
    # the model's own attribute stays the wrapper's misuse (zhangzjn/ADer#21)
    assert_reads("AttributeError: 'DistributedDataParallel' object has no attribute 'destseg'", "log.framework_usage",
                 "application_bug")
    # a torch 1.6 ModuleAttributeError of the program's own is its exception
    assert_reads("torch.nn.modules.module.ModuleAttributeError: 'Net' object has no attribute 'head'",
                 "log.program_error", "application_bug")


def test_a_tensor_autograd_saved_changed_in_place() -> None:
    # Zzh-tju/DIoU-SSD-pytorch#15 (in prose), XPixelGroup/BasicSR#541 (the whole message)
    assert_reads("Any updates on this ? RuntimeError: one of the variables needed for gradient computation has been "
                 "modified by an inplace operation how can we solve this issue?", "log.program_error",
                 "application_bug")
    assert_reads("RuntimeError: one of the variables needed for gradient computation has been modified by an inplace "
                 "operation: [torch.FloatTensor [1, 32,3,3]] is at version 2; expected version 1 instead.",
                 "log.program_error", "application_bug")


def test_a_full_disk_named_by_pythons_bare_oserror() -> None:
    # jayleicn/ClipBERT#7 (zipfile's write under Horovod), databrickslabs/dolly#139 ("You ran out of disk space")
    paste = ('[1,0]<stderr>:  File "/opt/conda/lib/python3.6/zipfile.py", line 1015, in write\n'
             "[1,0]<stderr>:    self._fileobj.write(data)\n"
             "[1,0]<stderr>:OSError: [Errno 28] No space left on device\n")
    assert causes(paste)[:2] == [("log.disk_full", "other"), ("log.alternative", "shm_too_small")]
    # NCCL's shared-memory segment keeps its reading (NVIDIA/nccl#525)
    assert_reads("[3] include/shm.h:28 NCCL WARN Call to posix_fallocate failed : No space left on device",
                 "log.shm_error", "shm_too_small")
    # h2oai/h2o-llmstudio#214: torch.save refused mid-write; an archive it cannot open is no full disk
    assert_reads("RuntimeError: [enforce fail at inline_container.cc:471] . PytorchStreamWriter failed writing file "
                 "data/228: file write failed", "log.disk_full", "other")
    assert "log.disk_full" not in ids("RuntimeError: [enforce fail at inline_container.cc:319] . PytorchStreamWriter "
                                      "failed opening archive.\n")


def test_memory_lines_in_other_wordings() -> None:
    # ShannonAI/Self_Explaining_Structures_Improve_NLP_Models#6 (the allocator's message without its first words)
    assert_reads("Tried to allocate 20.00 MiB (GPU 0; 1.96 GiB total capacity; 1.24 GiB already allocated; 2.88 MiB "
                 "free; 1.25 GiB reserved in total by PyTorch)", "log.oom", "oom")
    # austinxu87/handsoff#4 (Windows' CPU allocator: host RAM)
    assert_reads(r"RuntimeError: [enforce fail at ..\c10\core\CPUAllocator.cpp:73] data. DefaultCPUAllocator: not "
                 "enough memory: you tried to allocate 318767104000 bytes. Buy new RAM!", "log.oom", "oom")
    # talmolab/sleap#2001: pinned host memory, not the GPU's
    line = ("2024-10-22 09:22:17.233972: E tensorflow/stream_executor/cuda/cuda_driver.cc:802] failed to alloc "
            "34359738368 bytes on host: CUDA_ERROR_OUT_OF_MEMORY: out of memory")
    assert_reads(line, "log.oom", "oom")
    assert "host" in analyze_text(line + "\n")["findings"][0]["message"].split("(line")[0]


def test_memory_words_that_are_no_failure() -> None:
    # MarvinTeichmann/MultiNet#18: TensorFlow says itself that it is no failure
    bfc = ("W tensorflow/core/common_runtime/bfc_allocator.cc:217] Ran out of memory trying to allocate 278.55MiB. The "
           "caller indicates that this is not a failure, but may mean that there could be performance gains if more "
           "memory is available.\n")
    assert lead(bfc) is None
    # its real out-of-memory stays one
    assert lead("ResourceExhaustedError: OOM when allocating tensor with shape[64,256,56,56]\n") == ("log.oom", "oom")
    # MLI-lab/DeepDeWedge#22: a branch named after an earlier error, then the watchdog's timeout
    paste = ("Currently running DDW on the` 21-outofmemoryerror-cuda-out-of-memory-in-refine-tomogram` branch I "
             "stumbled across this error:\n[rank1]:[E ProcessGroupNCCL.cpp:523] [Rank 1] Watchdog caught collective "
             "operation timeout: WorkNCCL(SeqNum=44, OpType=ALLREDUCE, NumelIn=6832129, NumelOut=6832129, "
             "Timeout(ms)=1800000) ran for 1800772 milliseconds before timing out.\n")
    assert lead(paste) == ("log.timeout", "hang_collective_mismatch")
    assert_reads("torch.cuda.OutOfMemoryError: CUDA out of memory.", "log.oom", "oom")
    assert_reads("MemoryError: Unable to allocate 3.2 GiB for an array", "log.oom", "oom")


def test_dataloader_lines_in_other_wordings() -> None:
    # CSAILVision/semantic-segmentation-pytorch#80 (one worker's form; Docker's shared memory)
    assert causes("RuntimeError: DataLoader worker (pid 7948) exited unexpectedly with exit code 1\n")[:2] == [
        ("log.dataloader_worker_died", "oom"), ("log.alternative", "shm_too_small")]
    # hearbenchmark/hear-eval-kit#316: pin_memory=False solved it
    assert_reads("RuntimeError: Caught RuntimeError in pin memory thread for device 0.", "log.dataloader_config",
                 "application_bug")


def test_condas_check_of_a_changed_package() -> None:
    # yerfor/GeneFacePlusPlus#94 ("it was environment problem. I could fix this problem by using docker.")
    paste = ("torch/nn/parallel/comm.py'\nhas an incorrect size.\n  reported size: 10788 bytes\n"
             "  actual size: 10824 bytes\n")
    assert lead(paste) == ("log.package_build", "other")
    # the words inside a sentence of another kind are not conda's line
    assert lead("the tensor has an incorrect size. Expected 3 got 4\n") != ("log.package_build", "other")


# warpem/miss-alignment#106 (an L40S cluster; NCCL_P2P_DISABLE=1 made it work) with the topology of #105
_STUCK = ("[rank1]:[E518 12:05:59.051911070 ProcessGroupNCCL.cpp:1870] [PG ID 0 PG GUID 0(default_pg) Rank 1] "
          "ProcessGroupNCCL's watchdog got stuck for 480 seconds without making progress in monitoring enqueued "
          "collectives. This typically indicates a NCCL/CUDA API (e.g., CudaEventDestroy) hang blocking the watchdog, "
          "and could be triggered by another thread holding the GIL inside a CUDA api (for example, CudaEventDestroy), "
          "or other deadlock-prone behaviors.\n")
_PCIE_TOPO = """\
        GPU0    GPU1    GPU2    GPU3    CPU Affinity    NUMA Affinity   GPU NUMA ID
GPU0     X      NODE    SYS     SYS     0-95,192-287    0               N/A
GPU1    NODE     X      SYS     SYS     0-95,192-287    0               N/A
GPU2    SYS     SYS      X      NODE    96-191,288-383  1               N/A
GPU3    SYS     SYS     NODE     X      96-191,288-383  1               N/A

Legend:

  X    = Self
  SYS  = Connection traversing PCIe as well as the SMP interconnect between NUMA nodes (e.g., QPI/UPI)
  NODE = Connection traversing PCIe as well as the interconnect between PCIe Host Bridges within a NUMA node
"""


def test_a_hang_pasted_with_gpus_that_meet_over_pcie_only() -> None:
    found = causes(_STUCK + _PCIE_TOPO)
    assert found[0] == ("log.watchdog_stuck", "hang_collective_mismatch")
    assert ("topo.pcie_p2p", "acs_iommu_p2p") in found[:3]
    # the topology alone stays a fact (info)
    pcie = next(f for f in analyze_text(_PCIE_TOPO)["findings"] if f["id"] == "topo.pcie_p2p")
    assert pcie["severity"] == "info"
    # GPUs joined by NVLink: nothing to raise
    nvlink = _PCIE_TOPO.replace("NODE    SYS     SYS", "NV12    SYS     SYS").replace("SYS     NODE     X",
                                                                                     "SYS     NV12     X")
    nvlink = nvlink.replace("GPU1    NODE ", "GPU1    NV12 ").replace("GPU2    SYS     SYS      X      NODE",
                                                                       "GPU2    SYS     SYS      X      NV12")
    assert "topo.pcie_p2p" not in ids(_STUCK + nvlink)


def test_the_cudnn_status_retyped_with_spaces() -> None:
    # linjing7/VR-Baseline#14
    assert_reads("RuntimeError: cuDNN error: CUDN_ STATUS_ NOT_ INITIALIZED", "log.oom", "oom")


def test_fsdp2_on_a_build_without_cuda_and_tied_parameters() -> None:
    # saforem2/personal_site (torchtune on Intel XPU: torch 2.5 and 2.3)
    assert_reads("[rank0]: RuntimeError: FSDP requires CUDA for streams", "log.package_build", "other")
    assert_reads("RuntimeError: Tried to instantiate dummy base class Stream", "log.package_build", "other")
    # minerva4ai-eu/minerva-benchmarks#42 (inside a results table's cell)
    assert_reads("      <td>Parameter 'model.embed_tokens.weight' is shared with a parameter already managed by another "
                 "FSDP group. For shared/tied parameters, use fully_shard([module_a, module_b]) to place them in the "
                 "same FSDP group.</td>", "log.framework_usage", "application_bug")


def test_a_users_disk_quota() -> None:
    # NOAA-EPIC/EAGLE#121 ("plenty of disk space": the quota)
    assert_reads("OSError: [Errno 122] Disk quota exceeded", "log.disk_full", "other")


# chenyuntc/pytorch-book#80 (Jupyter's listing of torch/cuda/__init__.py above the real error)
_IPYTHON = """\
RuntimeError                              Traceback (most recent call last)
<ipython-input-33-43ed9eaec2e6> in <module>()
      2 if t.cuda.is_available():
----> 3     x=x.cuda()
~\\Anaconda3\\lib\\site-packages\\torch\\cuda\\__init__.py in _lazy_init()
    159             "Cannot re-initialize CUDA in forked subprocess. " + msg)
    160     _check_driver()
--> 161     torch._C._cuda_init()

RuntimeError: generic_type: cannot initialize type "_CudaDeviceProperties": an object with that name is already defined
"""


def test_a_notebooks_source_listing_is_not_the_error() -> None:
    assert lead(_IPYTHON) == ("log.package_build", "other")
    assert lead(_IPYTHON.splitlines()[-1] + "\n") == ("log.package_build", "other")
    # the fork error raised for real keeps its reading (IDEA-Research/GroundingDINO#276)
    assert_reads("RuntimeError: Cannot re-initialize CUDA in forked subprocess. To use CUDA with multiprocessing, you "
                 "must use the 'spawn' start method", "log.framework_usage", "application_bug")


def test_a_spawned_child_without_the_parents_function() -> None:
    # Sleepychord/CogLTX#2 (moved out of the main guard), ThomasDelteil/HandwrittenTextRecognition_MXNet#27 (Jupyter)
    paste = ('  File "/usr/lib/python3.6/multiprocessing/spawn.py", line 115, in _main\n'
             "    self = reduction.pickle.load(from_parent)\n"
             "AttributeError: Can't get attribute 'conditional_trans_classification' on <module '__mp_main__' from "
             "'/data/CogLTX/run_20news.py'>\n")
    assert lead(paste) == ("log.framework_usage", "application_bug")
    assert "main guard" in analyze_text(paste)["findings"][0]["fix"]
    # an attribute missing from an imported module is the program's own error
    assert lead("AttributeError: Can't get attribute 'Net' on <module 'models' from '/x/models.py'>\n") == (
        "log.program_error", "application_bug")


def test_a_librarys_own_words_for_gpu_memory() -> None:
    # rapidsai-community/notebooks-contrib#48
    assert_reads("Not enough free memory on device 0 to run kneighbors. needed=8589934592, free=7744913408", "log.oom",
                 "oom")


def test_no_algorithm_without_a_forced_variable_is_nccls_own() -> None:
    # NVIDIA/nccl#1709 (enqueue.cc names NCCL_ALGO / NCCL_PROTO on the line when set; "did not set anything")
    line = ("238: [rank238]: Error : no algorithm/protocol available for function AllGather with datatype ncclInt8.")
    assert_reads(line, "log.internal_error", "other")
    # set, the variable leaves nothing usable (pytorch/pytorch#163063)
    assert_reads("> Error : no algorithm/protocol available for function Broadcast with datatype ncclInt8. NCCL_ALGO "
                 "was set to NVLS.", "log.tuning_invalid", "performance_config")


def test_enomem_from_verbs_where_locked_memory_is_unlimited() -> None:
    # NVIDIA/nccl#1191 (alltoall on 700 nodes; allreduce ran under the same limits)
    paste = ("ALLTOALL ERROR ON 700 node: misc/ibvwrap.cc:190 NCCL WARN Call to ibv_create_cq failed with error Cannot "
             "allocate memory\nbash -c 'ulimit -l unlimited && ulimit -n 1048576 && ./alltoall_perf -b 1 -e 8 -f 2 -g "
             "1 -n 10'\n")
    assert causes(paste)[:2] == [("log.ibv_create_cq_failed", "ib_resource_error"),
                                 ("log.alternative", "memlock_or_ulimit")]
    # without the limit shown, ENOMEM stays the limit's
    assert lead(paste.splitlines()[0] + "\n") == ("log.ibv_create_cq_failed", "memlock_or_ulimit")
    # `ulimit -a` says the same with "unlimited", not with a number
    assert lead(paste.splitlines()[0] + "\nmax locked memory       (kbytes, -l) unlimited\n")[1] == "ib_resource_error"
    assert lead(paste.splitlines()[0] + "\nmax locked memory       (kbytes, -l) 64\n")[1] == "memlock_or_ulimit"
