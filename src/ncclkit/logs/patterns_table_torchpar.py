"""Rows of the line classifier (patterns.py) for PyTorch's parallelism layers above c10d (DDP, FSDP, DTensor, spawn,
pipelining, DCP) (tests/lines/torch_parallel.py holds every line with file:line@commit).

Texts as the torch 2.13.0 wheel holds them (git_version cf30153): the Python files with their line numbers, the DDP
reducer's C++ texts (torch/csrc/distributed/c10d/reducer.cpp) from the strings of libtorch_cpu.so, whose line numbers
the build does not keep.

- a module, device or argument that DDP, FSDP, DeviceMesh, pipelining or DCP refuses is the program's
  (framework_usage); pipeline sizes that do not fit the ranks are the launch (launch_config);
- the checks that gather every rank's view and find the ranks disagree (DDP's verify_params_across_processes,
  FSDP's forward-order check, DTensor.from_local's run_check) guard collectives that would differ in size or order
  (collective_mismatch);
- DDP's and DTensor's warnings that a choice slows communication are a library's own check of a setting it needs for
  speed (host_setting);
- FSDP and DTensor's RNG tracker finding no accelerator is the GPU not visible (gpu_missing).

mp.spawn's signals are host_rows' (SIGKILL, SIGSEGV, SIGBUS) and its wrappers name nothing. Read before the generic
families: their words ("Timed out", "not supported", "does not support", "Inconsistent") would send these lines
elsewhere.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ncclkit.causes import Cause as C
from ncclkit.findings import Severity

E, W, I = Severity.ERROR, Severity.WARNING, Severity.INFO

# Words the log scanner's prefilter (nccl_log_words.OTHER_WORDS) needs for these rows' lines; no word may contain
# another of the whole list.
TORCHPAR_WORDS: tuple[bytes, ...] = (
    b"which did not receive grad", b"as ready twice", b"was specified in DDP", b"order differs ",
    b"an explicit index", b"set/select the default device", b"is suboptimal: multiple",
    b"not used in producing", b"got mixed torch.Tensor", b"number of local shards metadata",
    b"must have the same number of elements", b"has different values for", b"Culprit rank",
    b"must be on devices[0]", b"ss_family", b"CUDA tensor received from another process", b"pidfd_",
    b"inference tensor outside InferenceMode", b"Current RPC agent is not set",
    b"has no attribute", b"loading state_dict for DistributedDataParallel",
    b"possible application crash on rank", b"ready only once", b"parameters and buffers on device",
    b"already managed by another FSDP", b"recomputed metadata", b"Recomputed values for the following",
    b"None of the inputs have requires_grad",
    b"replicas_[0].size()")


def torchpar_rows(p: Callable[..., Any]) -> tuple[Any, ...]:
    return (
        # torch.load since PyTorch 2.6 defaults to weights_only=True: "Weights only load failed ... WeightsUnpickler
        # error: Unsupported global: GLOBAL argparse.Namespace was not an allowed global by default" (Megatron-LM's
        # docs: a checkpoint that pickled its arguments; the loading script passes weights_only=False).
        p(r"WeightsUnpickler error: Unsupported global|Weights only load failed", "framework_usage", E,
          "torch.load refused an object in the checkpoint: since PyTorch 2.6 it loads weights only by default, and "
          "this checkpoint also pickled other objects (arguments, classes)", "for a checkpoint you trust, load it "
          "with torch.load(..., weights_only=False), or allow its classes with "
          "torch.serialization.add_safe_globals([...])", C.APPLICATION_BUG, "root", (C.OTHER,)),
        # PyTorch's "No CUDA GPUs are available" on the line that sets CUDA_VISIBLE_DEVICES: the program hides the
        # GPUs itself (Grace9994/CoMoSVC#6: os.environ["CUDA_VISIBLE_DEVICES"]='1' hard-coded in train.py).
        p(r"CUDA_VISIBLE_DEVICES[^\n]*No CUDA GPUs are available|No CUDA GPUs are available[^\n]*CUDA_VISIBLE_DEVICES",
          "framework_usage", E, "the program sets CUDA_VISIBLE_DEVICES itself and hides the GPUs its ranks need",
          "remove the hard-coded CUDA_VISIBLE_DEVICES from the code (let the launcher set it), or list GPUs that "
          "exist on the node", C.APPLICATION_BUG),
        # -- lines that state no cause of their own ------------------------------------------------------------
        # pytorch/pytorch torch/distributed/checkpoint/_async_process_executor.py:162@cf30153 (_wait_for_response):
        # "Timed out after {timeout}s while waiting for response from checkpointer process pid: N", waited only at :132
        # (timeout=1800) for async_save's spawned checkpointer process to report INIT_COMPLETE (it builds its own gloo
        # group with the other ranks' checkpointer processes over a TCPStore): that process is stuck or gone, and its
        # own output says why; no collective of the training ranks is waiting.
        p(r"Timed out after \S+ while waiting for response from checkpointer process", "worker_failed", E,
          "distributed checkpoint's background checkpointer process did not finish starting (its own gloo group with "
          "the other ranks' checkpointer processes): it is stuck or gone; this line does not say why",
          "read the checkpointer process's own output (the pid named) and of the other ranks' ones; all of them must "
          "start and reach the store address async_save broadcast (MASTER_ADDR and a free port)", None,
          "collateral"),
        # -- CUDA tensors between processes, RPC ---------------------------------------------------------------------
        # torch/multiprocessing/reductions.py: a CUDA tensor a process received through CUDA IPC cannot be sent on
        # ("Attempted to send CUDA tensor received from another process; this is not currently supported. Consider
        # cloning before sending."; sglang's TP workers, fixed by a copy).
        p(r"Attempted to send CUDA tensor received from another process", "framework_usage", E,
          "the program passed on a CUDA tensor it had itself received from another process, which CUDA IPC does "
          "not allow", "clone the received tensor (tensor.clone()) before sending it to a third process",
          C.APPLICATION_BUG),
        # c10/cuda/CUDACachingAllocator.cpp: with expandable_segments:True, CUDA IPC shares memory through
        # pidfd_open/pidfd_getfd: "The kernel on this machine does not support the pidfd_open syscall needed to use
        # IPC for CUDA tensors when expandable_segments:True is set" (OpenRLHF: the setting left on) and
        # "pidfd_getfd: Operation not permitted" (the kernel's ptrace check refusing it: yama's ptrace_scope, a
        # container without CAP_SYS_PTRACE; pytorch/pytorch#130890).
        # FlashInfer's cuMem handle exchange words it "pidfd_getfd(pidfd=..., fd=...) failed with errno 1: Operation
        # not permitted" (flashinfer-ai/flashinfer#4089: docker's seccomp and yama; --cap-add=SYS_PTRACE).
        p(r"does not support the pidfd_open syscall needed to use IPC for CUDA tensors|pidfd_getfd(?:\([^)\n]*\) "
          r"failed with errno 1)?: Operation not permitted", "host_setting", E,
          "CUDA memory shared between processes as cuMem file descriptors (expandable_segments:True, a library's "
          "cuMem handles) needs pidfd_open/pidfd_getfd, which this kernel lacks or its ptrace policy refuses (yama "
          "ptrace_scope, a container without CAP_SYS_PTRACE)",
          "turn expandable segments off for the shared tensors (PYTORCH_CUDA_ALLOC_CONF without "
          "expandable_segments:True), or allow it: kernel 5.6+, `sysctl kernel.yama.ptrace_scope=0`, docker "
          "--cap-add SYS_PTRACE", C.OTHER, "root", (C.APPLICATION_BUG,)),
        # "pidfd_getfd: Bad file descriptor" is no kernel refusal: the receiving process read an expandable segment's
        # handle as the wrong kind, its own allocator not yet probed (pytorch/pytorch#179220, fixed by #179618).
        p(r"pidfd_getfd: Bad file descriptor", "framework_release", E,
          "PyTorch's CUDA IPC of memory in expandable segments failed in the receiving process: it decoded the "
          "shared handle the wrong way (a PyTorch bug, pytorch/pytorch#179220)",
          "upgrade PyTorch to a release with pytorch/pytorch#179618, or share these tensors without expandable "
          "segments (PYTORCH_CUDA_ALLOC_CONF without expandable_segments:True)", C.OTHER, "root",
          (C.APPLICATION_BUG,)),
        # c10/core/TensorImpl (VariableTypeManual.cpp check_inplace): "Inplace update to inference tensor outside
        # InferenceMode is not allowed" (sglang: weights loaded under inference_mode updated in place later).
        p(r"Inplace update to inference tensor outside InferenceMode is not allowed", "framework_usage", E,
          "the program updated in place a tensor created under torch.inference_mode, outside that mode",
          "clone the tensor before updating it, or do the update under torch.inference_mode() too",
          C.APPLICATION_BUG),
        # torch/csrc/distributed/rpc/rpc_agent.cpp: "Current RPC agent is not set!" (pytorch/pytorch#54927:
        # torch.distributed.pipeline's Pipe used without rpc.init_rpc).
        p(r"Current RPC agent is not set", "framework_usage", E,
          "the program used torch.distributed.rpc (or a library on it, such as Pipe) before rpc.init_rpc",
          "call torch.distributed.rpc.init_rpc(name, rank=..., world_size=...) in every process first",
          C.APPLICATION_BUG),
        # TensorPipe's CUDA IPC channel looks the peer's GPU up by UUID (channel/cuda_ipc/context_impl.cc
        # globalIdxForDevice): two processes on one node that each see only their own GPU (two Slurm jobs, each
        # confined by its cgroup) cannot share memory, and older TensorPipe threw instead of declining the channel
        # (pytorch/tensorpipe#412, the maintainer's reading).
        p(r"Couldn't find GPU with UUID", "p2p_error", E,
          "TensorPipe's CUDA IPC channel could not find the peer process's GPU: the two processes see different GPUs "
          "(each confined to its own by Slurm's or a container's isolation), so they cannot share GPU memory",
          "run the processes of one RPC group in one allocation that sees all their GPUs (one Slurm job, one "
          "container), or leave cuda_ipc out of TensorPipeRpcBackendOptions' channels", C.OTHER, "root",
          (C.ACS_IOMMU_P2P, C.CUDA_OR_DRIVER)),
        # c10/cuda/CUDACachingAllocator.cpp's OOM message lists the other processes on the GPU ("Process 101553 has
        # 1.19 GiB memory in use. Process 101552 has 1.19 GiB memory in use. ..."): several, in a distributed job,
        # are the other ranks' CUDA contexts and tensors on this GPU, a rank that did not select its own device
        # (rwth-i6/returnn#1469: "every worker reserves memory on every GPU").
        p(r"out of memory\..*(?:Process \d+ has [\d.]+ [GMK]iB memory in use\.\s*){2}", "framework_usage", E,
          "the GPU that ran out of memory also holds several other processes: in a distributed job, the other "
          "ranks' CUDA contexts or tensors, put on this GPU because a rank did not select its own device",
          "call torch.cuda.set_device(local_rank) before any CUDA work in every rank, load checkpoints with "
          "map_location to the rank's device, and check `nvidia-smi` shows one process per GPU",
          C.APPLICATION_BUG, "root", (C.OOM,)),
        # A DDP attribute of its own that this PyTorch lacks (a private one, or num_iterations): the code was written
        # for another release ("'DistributedDataParallel' object has no attribute '_set_static_graph'",
        # JingyunLiang/VRT#22: "upgrade pytorch to at least 1.9.1"; 'num_iterations', gone in 2.1,
        # rwth-i6/returnn#1467).
        p(r"'DistributedDataParallel' object has no attribute '(?:_\w+|num_iterations)'", "framework_release", E,
          "the code uses a DistributedDataParallel attribute this PyTorch release does not have (a private or "
          "removed one): it was written for another release", "install the PyTorch release the code asks for (its "
          "requirements), or update the code to this release's DDP", C.OTHER, "root", (C.APPLICATION_BUG,)),
        # DDP wraps the model: its own methods and its state dict's "module." prefix belong to the wrapper
        # ("ModuleAttributeError: 'DistributedDataParallel' object has no attribute 'forward_train'", torch 1.6 -
        # 1.7's name for AttributeError, gouthamvgk/SuperGlue_training#1; "Error(s) in loading state_dict for
        # DistributedDataParallel", salesforce/PCL#10: a checkpoint saved without the wrapper). DataParallel's the same
        # ("'DataParallel' object has no attribute 'sim'", voidism/DiffCSE#5).
        p(r"'(?:Distributed)?DataParallel' object has no attribute|Error\(s\) in loading state_dict for "
          r"DistributedDataParallel", "framework_usage", E,
          "the program treats the DDP wrapper as its model: a method of the model called on the wrapper, or a "
          "state dict whose keys lack (or carry) the wrapper's \"module.\" prefix",
          "call the model's own methods and load or save its state through model.module; strip or add the "
          "\"module.\" prefix of the checkpoint's keys to match", C.APPLICATION_BUG),
        # ProcessGroupNCCL::broadcastUniqueNCCLID: "... but store->get('0') got error: ... This may indicate a
        # possible application crash on rank 0 or a network set up issue." (wrapped onto its own line,
        # hiyouga/LlamaFactory#5769): rank 0 never published the NCCL id. Guides quote it cut after the rank
        # (Megatron-Bridge's multi-node notes).
        p(r"This may indicate a possible application crash on rank \d+(?: or a network set up issue|\s*$)",
          "remote_exited",
          E, "a rank could not get the NCCL unique id from rank 0 through the store: rank 0 crashed or stopped "
          "before publishing it, or this rank cannot reach the store", "read rank 0's own output for its first "
          "error; if it was alive, check that every node reaches MASTER_ADDR:MASTER_PORT (`nc -zv`)",
          C.RANK_CRASHED_ELSEWHERE, "root", (C.FIREWALL_OR_PORT_BLOCKED, C.WRONG_INTERFACE)),
        # -- DDP: the reducer's checks of the autograd graph --------------------------------------------------------
        # pytorch/pytorch torch/csrc/distributed/c10d/reducer.cpp (libtorch_cpu.so strings, v2.13.0): "Expected to
        # have finished reduction in the prior iteration ...", its "Parameters which did not receive grad for rank N:"
        # ("Parameter indices ..." without TORCH_DISTRIBUTED_DEBUG), "Expected to mark a variable ready only once"
        # with "Parameter at index N with name X has been marked as ready twice", static_graph's "Your training graph
        # has changed in this iteration", and compiled autograd refusing the C++ reducer. The reducer's own text
        # names the fix (find_unused_parameters, static_graph, outputs left out of the loss, reentrant checkpoints,
        # optimize_ddp="python_reducer"): the program's graph, not a desync, though ranks that leave out different
        # parameters hang. Lightning (Lightning-AI/pytorch-lightning src/lightning/pytorch/strategies/ddp.py:424
        # @7f0c343) says the same in its own words: "It looks like your LightningModule has parameters that were not
        # used in producing the loss"; a report's own title for it ("RuntimeError: unused parameters in DDP",
        # roboflow/rf-detr#1093). torch 1.1 - 1.8's reducer said "parameters that were not used in producing loss"
        # (joanaapa/Distillation-DNABERT-Promoter#1: a student's last layers left out of the distillation loss).
        p(r"Expected to have finished reduction in the prior iteration|Parameter(?:s| indices) which did not receive "
          r"grad for rank \d+|Expected to mark a variable ready only once|has been marked as ready twice\. This means "
          r"that multiple autograd engine|Parameter at index \d+ (?:with name \S+ )?has been marked as ready twice|"
          r"Your training graph has changed in this iteration|Compiled autograd is not "
          r"compatible with C\+\+ DDP Reducer|has parameters that were not used in producing (?:the )?loss|"
          r"RuntimeError: unused parameters in DDP", "framework_usage", E,
          "DDP's reducer found the backward pass unlike what it was set up for: parameters that got no gradient "
          "(not used in the loss), a parameter made ready twice (shared across passes, reentrant checkpoints), a "
          "graph that changed under static_graph=True, or compiled autograd with the C++ reducer",
          "do what the message names: pass find_unused_parameters=True (or make every output part of the loss), use "
          "static_graph=True only for a graph that never changes, checkpoint with use_reentrant=False, or set "
          "torch._dynamo.config.optimize_ddp='python_reducer' under compiled autograd", C.APPLICATION_BUG),
        # DDP over a module with no parameter that needs a gradient (a frozen VGG of a perceptual loss) in torch 1.0 -
        # 1.1, where reducer.cpp asserts "replicas_[0].size() >= 1" (XPixelGroup/BasicSR#199); 1.2 on refuse it in
        # DDP's constructor, which patterns_table_host's row of DDP's checks reads.
        p(r"replicas_\[0\]\.size\(\) >= 1 ASSERT FAILED", "framework_usage", E, "the program wraps a module in DDP "
          "that has no parameter needing a gradient (a frozen feature extractor or loss network), which DDP refuses",
          "wrap only the modules that train in DistributedDataParallel; move frozen ones to the rank's GPU as they "
          "are", C.APPLICATION_BUG),
        # -- gradient checkpointing (torch/utils/checkpoint.py, v2.13.0) -------------------------------------------
        # The non-reentrant checkpoint compares what it saved with what the recompute made: "torch.utils.checkpoint:
        # Recomputed values for the following tensors have different metadata than during the forward pass.", then
        # per tensor "saved metadata: {'shape': ...}" / "recomputed metadata: {...}". A recomputed shape of [0] is a
        # parameter DeepSpeed ZeRO-3 had partitioned again before the backward (frozen LoRA base weights:
        # deepspeedai/DeepSpeed#8148, huggingface/trl#2514); other shapes are a block that runs differently the second
        # time (a counter, a cache, randomness): "likely", the [0] row reads first.
        p(r"recomputed metadata: \{'shape': torch\.Size\(\[0\]\)", "framework_usage", E,
          "gradient checkpointing recomputed a parameter as an empty tensor: DeepSpeed ZeRO-3 (or FSDP) had "
          "partitioned it again before the backward, so the non-reentrant checkpoint sees another shape than the "
          "forward saved", "use reentrant checkpointing under ZeRO-3 (gradient_checkpointing_kwargs={'use_reentrant': "
          "True}) or a DeepSpeed that keeps the parameters gathered for the recompute (deepspeedai/DeepSpeed#8148)",
          C.OTHER, "root", (C.APPLICATION_BUG,)),
        p(r"Recomputed values for the following tensors have different metadata than during the forward pass",
          "framework_usage", E, "gradient checkpointing recomputed a block that ran differently from its forward "
          "(a step counter or cache changed in between, a shape drawn at random, parameters sharded again)",
          "make the checkpointed block run the same twice (no state it changes, the same random draws), or pass "
          "debug=True to torch.utils.checkpoint.checkpoint to see which operation differs", C.APPLICATION_BUG,
          "likely", (C.OTHER,)),
        # The reentrant checkpoint's warning when no input of the block needs a gradient: with the embeddings frozen
        # (LoRA, PEFT), the checkpointed layers get none, so training does not learn or backward fails ("element 0 of
        # tensors does not require grad"; huggingface/trl#835, ymcui/Chinese-LLaMA-Alpaca#847).
        p(r"None of the inputs have requires_grad=True\. Gradients will be None", "framework_usage", W,
          "gradient checkpointing got a block whose inputs need no gradient (frozen embeddings under LoRA/PEFT): "
          "the layers inside get no gradient, so the model does not learn or backward fails",
          "call model.enable_input_require_grads() before training (transformers/PEFT), or checkpoint with "
          "use_reentrant=False (gradient_checkpointing_kwargs={'use_reentrant': False})", C.APPLICATION_BUG),
        # -- the ranks disagree on the model or the tensors ------------------------------------------------------------
        # reducer.cpp (libtorch_cpu.so strings, v2.13.0) verify_params_across_processes: "DDP expects same model
        # across all ranks, but Rank N has X params, while rank M has inconsistent Y params", "[N]: params[i] in this
        # process with sizes [...] appears not to match sizes (strides) of the same param in process 0": DDP gathers
        # every rank's parameter shapes because the bucketed all-reduces that follow would differ in size.
        # torch/distributed/fsdp/_exec_order_utils.py:231@cf30153 "Forward order differs across ranks: rank A is
        # all-gathering N parameters while rank B ..." (TORCH_DISTRIBUTED_DEBUG=DETAIL), :299 "Forward order differs
        # from that of the first iteration on rank N. Collectives are unchecked and may give incorrect results or
        # hang"; torch 1.12's fully_sharded_data_parallel.py warned "All-gather order differs from that of the first
        # iteration on rank N -- collectives are unchecked ..." (pytorch/pytorch#76949, wrapped after "All-gathe" as
        # pasted). torch/distributed/tensor/_collective_utils.py:299@cf30153 (DTensor.from_local's run_check, after an
        # all_gather_object of every rank's metadata): "Inconsistent tensor metadata (including shape and stride)
        # across ranks".
        # A count of 0 from a rank that built the model is no model difference: the all-gather of the counts brought
        # back zeros, the data path between the GPUs is broken (DLLXW/baby-llama2-chinese#8: the machine's GPUs,
        # repaired by the vendor; the same code trained on other machines). Unless that rank's model has no trainable
        # parameter (every one frozen there; DDP counts those that need a gradient): the alternative.
        p(r"DDP expects same model across all ranks, but Rank \d+ has \d+ params, while rank \d+ has inconsistent 0 "
          r"params|DDP expects same model across all ranks, but Rank \d+ has 0 params, while rank \d+ has "
          r"inconsistent [1-9]", "p2p_error", E,
          "DDP's check of the model across ranks received a parameter count of 0: the all-gather that carries the "
          "counts returned zeros, so the data path between the GPUs is broken, not the model",
          "test the GPUs' data path on its own (`ncclkit bench`, nccl-tests all_gather_perf with -c 1); if it "
          "fails, try NCCL_P2P_DISABLE=1, disable PCIe ACS / set iommu=pt, and have faulty GPUs or risers serviced; "
          "if it passes, check that rank's model has trainable parameters (requires_grad) at all",
          C.ACS_IOMMU_P2P, "root", (C.APPLICATION_BUG, C.CUDA_OR_DRIVER, C.HANG_COLLECTIVE_MISMATCH)),
        # EnCodec's and AudioCraft's distrib.py (and flashy, their trainer) all-reduce the parameter count before
        # averaging: "Mismatch in number of params: ours is N, at least one worker has a different one."
        # (LSimon95/megatts2#18: a VQ module that builds parameters differently on the ranks).
        p(r"DDP expects same model across all ranks|appears not to match (?:sizes|strides) of the same param in "
          r"process|Forward order differs across ranks|order differs from that of the first iteration|"
          r"Inconsistent tensor metadata \(including shape and stride\) across ranks|Mismatch in number of params: "
          r"ours is",
          "collective_mismatch", E,
          "the ranks do not hold the same model or tensors (parameter counts or shapes, FSDP's all-gather order, "
          "DTensor's local shapes): the collectives that follow would differ between ranks and hang or go wrong",
          "build the same model on every rank (same config, same code path, no rank-dependent layers) and run the "
          "same modules in the same order; TORCH_DISTRIBUTED_DEBUG=DETAIL names the rank and the parameter that "
          "differ", C.HANG_COLLECTIVE_MISMATCH, "root", (C.APPLICATION_BUG,)),
        # -- settings that cost speed -----------------------------------------------------------------------------
        # reducer.cpp (libtorch_cpu.so strings, v2.13.0): "find_unused_parameters=True was specified in DDP
        # constructor, but did not find any unused parameters in the forward pass ... an extra traversal of the
        # autograd graph every iteration", "Grad strides do not match bucket view strides ... This is not an error,
        # but may impair performance" (each gradient copied into its bucket element by element).
        # torch/distributed/tensor/_redistribute.py:369@cf30153: "While redistributing from X to Y, N sequential
        # all_gather operations will be performed. This is suboptimal ... To optimize, flatten mesh dimensions [...]"
        # (only the no_flattened_mesh reason names a setting; the others cannot be optimised).
        p(r"find_unused_parameters=True was specified in DDP constructor, but did not find any unused|Grad strides "
          r"do not match bucket view strides|operations will be performed\. This is suboptimal: multiple "
          r"collective.*To optimize, flatten mesh dimensions", "host_setting", W,
          "PyTorch warns that a setting of the job slows its communication: find_unused_parameters=True with no "
          "unused parameter (an extra autograd traversal each step), gradients laid out unlike DDP's buckets, or a "
          "DTensor redistribution split into one collective per mesh dimension",
          "drop find_unused_parameters=True when every parameter gets a gradient; keep parameter layouts fixed after "
          "wrapping in DDP (no .to(memory_format=...) afterwards) or pass gradient_as_bucket_view=True; flatten the "
          "mesh dimensions the message names (mesh[\"dp_shard\", \"cp\"]._flatten())", C.PERFORMANCE_CONFIG),
        # -- no accelerator ----------------------------------------------------------------------------------------
        # torch/distributed/fsdp/_init_utils.py:391@cf30153: no parameter on an accelerator and
        # torch._C._get_accelerator() is the CPU; torch/distributed/tensor/_random.py:163@cf30153: the device handle
        # of the mesh's device type is not available (torch.cuda.is_available() is False).
        p(r"FSDP needs a non-CPU accelerator device, but no accelerator device is detected|OffsetBasedRNGTracker "
          r"instantiation requires the presence of \w+ device but couldn't find", "gpu_missing", E,
          "FSDP or DTensor found no GPU in this process: the driver is not loaded, the GPUs are not visible here "
          "(container, CUDA_VISIBLE_DEVICES), or the PyTorch installed is a CPU-only build",
          "check `nvidia-smi` and `python -c 'import torch; print(torch.cuda.is_available(), torch.version.cuda)'` "
          "in the job's environment; run the container with the GPUs, or install a CUDA build of PyTorch",
          C.CUDA_OR_DRIVER, "root", (C.OTHER,)),
        # -- a module, device or argument the layer refuses ----------------------------------------------------------
        # torch/distributed/fsdp/_init_utils.py:1103@cf30153 "Inconsistent compute device and `device_id` on rank N"
        # (the module's parameters are on another GPU than device_id), :1177 "The module has CPU parameters or buffers
        # when `sync_module_states=True`", fsdp/_runtime_utils.py:158@cf30153 "An FSDP-managed module unexpectedly has
        # parameters on cpu. Make sure to move the module to cuda:N", fsdp/_fully_shard/_fsdp_param.py:248@cf30153
        # (fully_shard) "Expects the parameter to already be moved to device cuda:N but got cpu", device_mesh.py:
        # 1574@cf30153 "Device type with index is not supported but got cuda:0" (init_device_mesh takes "cuda").
        p(r"Inconsistent compute device and `device_id` on rank \d+|An FSDP-managed module unexpectedly has "
          r"parameters on|The module has CPU parameters or buffers when `sync_module_states=True`|Expects the "
          r"parameter to already be moved to device|Device type with index is not supported but got", "framework_usage",
          E, "FSDP or DeviceMesh refused where the model or device is: parameters left on the CPU or on another GPU "
          "than the rank's, or a device type given with an index",
          "move the model to the rank's GPU before wrapping it (torch.cuda.set_device(local_rank); "
          "model.to(local_rank), or device_id=local_rank for FSDP); pass init_device_mesh the type alone ('cuda')",
          C.APPLICATION_BUG),
        # fully_shard's check of tied parameters (fsdp/_fully_shard/_fsdp_param_group.py: "Parameter '...' is shared
        # with a parameter already managed by another FSDP group. For shared/tied parameters, use fully_shard([module_a,
        # module_b]) ..."; minerva4ai-eu/minerva-benchmarks#42, tied input and output embeddings).
        p(r"is shared with a parameter already managed by another FSDP group", "framework_usage", E,
          "FSDP2 was asked to shard one tied parameter in two groups (tied embeddings wrapped separately)",
          "wrap the modules that share it in one call, fully_shard([module_a, module_b]), or untie the weights",
          C.APPLICATION_BUG),
        # torch/distributed/fsdp/_init_utils.py:862@cf30153 "FSDP got the argument `device_id` cuda on rank N, which
        # does not have an explicit index. FSDP will use the current device 0", device_mesh.py:478@cf30153 "It seems
        # like you did not set/select the default device ... DeviceMesh will use a heuristic to set the device_id via
        # `global_rank % num_devices_per_host`": no GPU was bound to the process, so the layer guesses one; a wrong
        # guess puts two ranks on one GPU. Healthy runs on homogeneous nodes print them too (as c10d's "Guessing
        # device ID"): collateral, leading only a paste of nothing else.
        p(r"FSDP got the argument `device_id` \S+ on rank \d+, which does not have an explicit index|It seems like "
          r"you did not set/select the default device for the current process before the DeviceMesh",
          "framework_usage", W,
          "the process never told PyTorch its GPU, so FSDP or DeviceMesh guesses one (the current device, or global "
          "rank modulo the GPUs per node): a wrong guess puts two ranks on one GPU",
          "call torch.cuda.set_device(local_rank) before init_process_group / init_device_mesh (torchrun sets "
          "LOCAL_RANK), and pass FSDP an indexed device_id (torch.device('cuda', local_rank))", C.APPLICATION_BUG,
          "collateral"),
        # torch/distributed/pipelining/stage.py:183@cf30153: the pipeline process group has more ranks than the
        # stages built; pipelining/_utils.py:531@cf30153: a V schedule places two stages on each rank, so the stages
        # must divide by the pipeline size: the launch's pipeline degree does not fit the model's split.
        p(r"Pipeline group size \d+ cannot be larger than number of stages|num_stages \d+ must be evenly divisible "
          r"by pp_size", "launch_config", E,
          "the pipeline's ranks do not fit its stages: more ranks in the pipeline group than stages, or a V "
          "schedule whose stages do not divide evenly over the ranks",
          "make the pipeline degree fit the model's split: as many stages as pipeline ranks (or a multiple of them, "
          "two per rank for V schedules), or launch fewer ranks per pipeline group", C.APPLICATION_BUG),
        # torch/distributed/pipelining/schedules.py:1022@cf30153: the schedule needs at least one microbatch per
        # stage; checkpoint/state_dict_saver.py:304@cf30153: async_save stages the state dict on the CPU and needs a
        # CPU backend (gloo) in the process group, which NCCL alone does not give.
        # torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp getNcclReduceOp (1.x - 2.x): "Cannot use ReduceOp.BAND with
        # NCCL" (BAND/BOR/BXOR): NCCL has no bitwise reductions; the caller asked for one.
        p(r"Cannot use ReduceOp\.\w+ with NCCL", "framework_usage", E,
          "the program asked NCCL for a reduction it does not have (bitwise AND/OR/XOR)",
          "use a reduction NCCL offers (SUM, PROD, MIN, MAX, AVG) or run that collective on a Gloo group",
          C.APPLICATION_BUG),
        p(r"Number of microbatches \(\d+\) must be greater than or equal to the number of stages|A CPU backend "
          r"must be enabled for async save", "framework_usage", E,
          "the pipelining schedule or distributed checkpoint refused its arguments: fewer microbatches than "
          "stages, or async_save on a process group with no CPU backend",
          "give the schedule n_microbatches >= the number of stages; for async_save initialise the group with "
          "backend='cpu:gloo,cuda:nccl' (or pass a gloo group as process_group)", C.APPLICATION_BUG),
        # -- the ranks' data or plan differ (the sweeps of public threads: pytorch/pytorch#156535, #70985, #113765,
        # meta-pytorch/torchrec#4290) ------------------------------------------------------------------------------
        # DTensor's dispatch: an operator got a plain tensor beside DTensors (a module FSDP2/TP did not cover).
        p(r"got mixed torch\.Tensor and DTensor", "framework_usage", E,
          "a DTensor operation got a plain tensor: part of the model or its input was left out of the sharding",
          "shard or replicate every module and input the operation touches (fully_shard / parallelize_module over "
          "the embedding too), or wrap the plain tensor with DTensor.from_local", C.APPLICATION_BUG),
        # ShardedTensor's metadata check, c10d's scatter/gather size check (ProcessGroupNCCL: every rank's list must
        # hold tensors of one size), FSDP's optimizer-state check across ranks ("Rank 1 has different values for
        # step: 8016.0. Other ranks: 7870.0"): the ranks hold different shapes, plans or states.
        p(r"Number of local shards \(\d+\) does not match number of local shards metadata|All tensor operands to "
          r"scatter/gather +must have the same number of elements|Rank \d+ has different values for \w+: .*Other "
          r"ranks:", "framework_usage", E,
          "the ranks hold different sizes, sharding plans or optimizer states where the call needs them equal",
          "make every rank pass tensors of one size (pad to the largest: all_gather the sizes first) and build the "
          "sharding plan and optimizer state the same way on every rank", C.APPLICATION_BUG, "root",
          (C.HANG_COLLECTIVE_MISMATCH,)),
        # DataParallel's replicate/scatter: a parameter or input not on device_ids[0] (skyhehe123/SA-SSD#91).
        p(r"all tensors must be on devices\[0\]|module must have its parameters and buffers on device",
          "framework_usage", E,
          "DataParallel found a parameter or input off its first device: the model was not moved to device_ids[0]",
          "call model.to(f'cuda:{device_ids[0]}') before wrapping it (or use DistributedDataParallel, one process a "
          "GPU)", C.APPLICATION_BUG),
        # c10d's socket.cpp compares the address families of the two ends ("ss1.ss_family == ss2.ss_family. 2 vs
        # 10": IPv4 against IPv6, pytorch/pytorch#135355): the host name resolves to an IPv6 address on one side and
        # IPv4 on the other.
        p(r"ss1\.ss_family == ss2\.ss_family\. \d+ vs \d+", "name_resolution", E,
          "the two ends of a c10d connection resolved the store's host to different address families (IPv4 and "
          "IPv6)", "set MASTER_ADDR to an IPv4 address, or make the name resolve to one family on every node "
          "(/etc/hosts)", C.HOSTNAME_RESOLUTION, "root",
          (C.WRONG_INTERFACE,)),
        # The launcher's own argument parser (torch.distributed.launch / run / torchrun): a flag given an empty or
        # non-numeric value, typically a shell variable that was not set (cfzd/FcaNet#12: --nproc_per_node=$GPUS).
        p(r"(?:launch\.py|run\.py|torchrun): error: argument --[\w/-]+: invalid \w+ value", "launch_config", E,
          "the launcher was given an empty or malformed value for one of its flags (a shell variable not set)",
          "set the variable the launch command uses (echo it first) or write the number itself", C.APPLICATION_BUG),
        # torch.distributed.flight_recorder's analyzer (fr_trace / torchfrtrace): "Culprit rank 1; Error type:
        # COLLECTIVE_STATE_MISMATCH, ..." (also COLLECTIVE_TYPE_, SIZE_OR_SYNTAX_, COLLECTIVE_DTYPE_MISMATCH): the
        # ranks' records of one collective disagree, and it names the rank that differs (pytorch/pytorch#151666).
        p(r"Culprit rank \d+; Error type: \w*MISMATCH", "collective_mismatch", E,
          "PyTorch's flight-recorder analyzer found the ranks' records of one collective disagreeing and names the "
          "rank that differs", "read what that rank did at that sequence number (its stack in the dump) and make "
          "every rank issue the same collectives", C.HANG_COLLECTIVE_MISMATCH, "root", (C.APPLICATION_BUG,)),
    )
