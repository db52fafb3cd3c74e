"""Lines of PyTorch's parallelism layers above c10d, read alone and inside an NCCL log: DDP (torch/nn/parallel/
distributed.py and the C++ reducer), FSDP and FSDP2 (torch/distributed/fsdp, fsdp/_fully_shard), DeviceMesh and DTensor
(device_mesh.py, torch/distributed/tensor), torch.multiprocessing.spawn, pipelining (torch/distributed/pipelining),
distributed checkpoint (torch/distributed/checkpoint) and the dynamo / inductor lines that distributed runs print.
Texts as the torch 2.13.0 wheel holds them (git_version cf30153, torch-2.13.0+cpu-cp311 manylinux_2_28): the Python
files with their line numbers, the reducer's C++ texts from the strings of libtorch_cpu.so, whose pieces (c10::str
and REDUCER_CHECK arguments stored apart in .rodata) are joined as their order there and the code's format show; their
line numbers are not recoverable from the build. pytorch/pytorch itself is over the fetch limit. Logged lines carry
torch's own log format (TorchLogsFormatter: `[rankN]:` once a process group exists, then glog's level and time, the
file and the line of the logging call); warnings carry the file and line of the caller their stacklevel names.
Causes decided from the code around each line: a module, device or argument that DDP, FSDP, DeviceMesh, DTensor,
pipelining or DCP refuses is application_bug (log.framework_usage), sizes that do not fit the ranks are a launch that
does not fit the job (log.launch_config); the checks that gather each rank's view and find the ranks disagree (DDP's
verify_params_across_processes, FSDP's forward-order check under TORCH_DISTRIBUTED_DEBUG=DETAIL, DTensor.from_local's
run_check) exist because the collectives that follow would differ in size or order, so they are
hang_collective_mismatch, and FSDP's own warning says the unchecked collectives "may give incorrect results or hang".
DDP's unused-parameter errors are the program's (the reducer's text names find_unused_parameters, static_graph and
the outputs left out of the loss as the fix), not a desync, though ranks that leave out different parameters do hang.
Warnings that a choice slows communication or the gradient copy into DDP's buckets (find_unused_parameters with no
unused parameter, grad strides unlike the bucket view, DTensor's unflattened mesh dimensions) are performance_config
as a library's own check of a setting it needs for speed (log.host_setting). No accelerator where FSDP or DTensor's
RNG tracker needs one is the GPU not visible (log.gpu_missing). mp.spawn reports only the signal its first failed
child ended on: SIGKILL is the kernel's (spawn itself SIGKILLs only the children still alive after that one), most
often the OOM killer; SIGSEGV a crash; SIGBUS a write into /dev/shm that tmpfs cannot back. Its exit-code and
traceback wrappers, its own SIGTERM / SIGKILL of the survivors, DCP's wrapper of a rank's exception and its subprocess
timeout, and the dynamo / inductor lines (recompile limit, graph breaks, DDPOptimizer's buckets, ranks compiling
different graphs) name nothing. No line of this family wraps NCCL's bare result (no RESULT_ONLY)."""

from __future__ import annotations

CASES = [
    # --- DDP: the reducer (libtorch_cpu.so) and torch/nn/parallel/distributed.py
    ('pytorch/pytorch torch/csrc/distributed/c10d/reducer.cpp (libtorch_cpu.so strings, v2.13.0)',
     '[rank1]: RuntimeError: Expected to have finished reduction in the prior iteration before starting a new one. This error indicates that your module has parameters that were not used in producing loss. You can enable unused parameter detection by passing the keyword argument `find_unused_parameters=True` to `torch.nn.parallel.DistributedDataParallel`, and by',
     'log.framework_usage', 'application_bug'),
    ('pytorch/pytorch torch/csrc/distributed/c10d/reducer.cpp (libtorch_cpu.so strings, v2.13.0)',
     'RuntimeError: Expected to have finished reduction in the prior iteration before starting a new one. This error indicates that your training graph has changed in this iteration, e.g., one parameter is used in first iteration, but then got unused in the second iteration. this is not compatible with static_graph set to True.',
     'log.framework_usage', 'application_bug'),
    ('pytorch/pytorch torch/csrc/distributed/c10d/reducer.cpp (libtorch_cpu.so strings, v2.13.0)',
     'Parameters which did not receive grad for rank 3: module.head.bias, module.head.weight',
     'log.framework_usage', 'application_bug'),
    ('pytorch/pytorch torch/csrc/distributed/c10d/reducer.cpp (libtorch_cpu.so strings, v2.13.0)',
     'RuntimeError: Expected to mark a variable ready only once. This error is caused by one of the following reasons: 1) Use of a module parameter outside the `forward` function. Please make sure model parameters are not shared across multiple concurrent forward-backward passes. or try to use _set_static_graph() as a workaround if this module graph does not change during training loop.2) Reused parameters in multiple reentrant backward passes. For example, if you use multiple `checkpoint` functions to wrap the same part of your model, it would result in the same set of parameters been used by different reentrant backward passes multiple times, and hence marking a variable ready multiple times. DDP does not support such use cases in default. You can try to use _set_static_graph() as a workaround if your module graph does not change over iterations.',
     'log.framework_usage', 'application_bug'),
    ('pytorch/pytorch torch/csrc/distributed/c10d/reducer.cpp (libtorch_cpu.so strings, v2.13.0)',
     'Parameter at index 195 with name module.backbone.layer4.2.conv3.weight has been marked as ready twice. This means that multiple autograd engine  hooks have fired for this particular parameter during this iteration.',
     'log.framework_usage', 'application_bug'),
    ('pytorch/pytorch torch/csrc/distributed/c10d/reducer.cpp (libtorch_cpu.so strings, v2.13.0)',
     'RuntimeError: Your training graph has changed in this iteration, e.g., one parameter is unused in first iteration, but then got used in the second iteration. this is not compatible with static_graph set to True.',
     'log.framework_usage', 'application_bug'),
    ('pytorch/pytorch torch/csrc/distributed/c10d/reducer.cpp (libtorch_cpu.so strings, v2.13.0)',
     'RuntimeError: Compiled autograd is not compatible with C++ DDP Reducer, please use torch._dynamo.config.optimize_ddp="python_reducer".',
     'log.framework_usage', 'application_bug'),
    ('pytorch/pytorch torch/csrc/distributed/c10d/reducer.cpp (libtorch_cpu.so strings, v2.13.0)',
     'RuntimeError: DDP expects same model across all ranks, but Rank 1 has 163 params, while rank 0 has inconsistent 161 params.',
     'log.collective_mismatch', 'hang_collective_mismatch'),
    ('pytorch/pytorch torch/csrc/distributed/c10d/reducer.cpp (libtorch_cpu.so strings, v2.13.0)',
     'RuntimeError: [2]: params[0] in this process with sizes [32001, 4096] appears not to match sizes of the same param in process 0.',
     'log.collective_mismatch', 'hang_collective_mismatch'),
    ('pytorch/pytorch torch/nn/parallel/distributed.py:906@cf30153',
     "RuntimeError: DistributedDataParallel is not needed when a module doesn't have any parameter that requires a gradient.",
     'log.framework_usage', 'application_bug'),
    ('pytorch/pytorch torch/nn/parallel/distributed.py:941@cf30153',
     "ValueError: DistributedDataParallel device_ids and output_device arguments only work with single-device/multiple-device GPU modules or CPU modules, but got device_ids [3], output_device 3, and module parameters {device(type='cpu')}.",
     'log.framework_usage', 'application_bug'),
    ('pytorch/pytorch torch/nn/parallel/distributed.py:913@cf30153',
     'ValueError: device_ids can only be None or contain a single element.',
     'log.framework_usage', 'application_bug'),
    ('pytorch/pytorch torch/csrc/distributed/c10d/reducer.cpp (libtorch_cpu.so strings, v2.13.0)',
     '/usr/local/lib/python3.12/dist-packages/torch/nn/parallel/distributed.py:1837: UserWarning: find_unused_parameters=True was specified in DDP constructor, but did not find any unused parameters in the forward pass. This flag results in an extra traversal of the autograd graph every iteration,  which can adversely affect performance. If your model indeed never has any unused parameters in the forward pass, consider turning this flag off. Note that this warning may be a false positive if your model has flow control causing later iterations to have unused parameters.',
     'log.host_setting', 'performance_config'),
    ('pytorch/pytorch torch/csrc/distributed/c10d/reducer.cpp (libtorch_cpu.so strings, v2.13.0)',
     "/usr/local/lib/python3.12/dist-packages/torch/autograd/graph.py:979: UserWarning: Grad strides do not match bucket view strides. This may indicate grad was not created according to the gradient layout contract, or that the param's strides changed since DDP was constructed.  This is not an error, but may impair performance.",
     'log.host_setting', 'performance_config'),
    # --- torch.multiprocessing.spawn: the signal the first failed child ended on
    ('pytorch/pytorch torch/multiprocessing/spawn.py:193@cf30153',
     'torch.multiprocessing.spawn.ProcessExitedException: process 1 terminated with signal SIGKILL',
     'log.process_killed', 'oom'),
    ('pytorch/pytorch torch/multiprocessing/spawn.py:193@cf30153',
     'torch.multiprocessing.spawn.ProcessExitedException: process 3 terminated with signal SIGSEGV',
     'log.crash', 'other'),
    ('pytorch/pytorch torch/multiprocessing/spawn.py:193@cf30153',
     'torch.multiprocessing.spawn.ProcessExitedException: process 0 terminated with signal SIGBUS',
     'log.shm_error', 'shm_too_small'),
    # --- FSDP (torch/distributed/fsdp)
    ('pytorch/pytorch torch/distributed/fsdp/_exec_order_utils.py:231@cf30153',
     'RuntimeError: Forward order differs across ranks: rank 0 is all-gathering 1 parameters while rank 2 is all-gathering 0 parameters',
     'log.collective_mismatch', 'hang_collective_mismatch'),
    ('pytorch/pytorch torch/distributed/fsdp/_exec_order_utils.py:299@cf30153',
     '/usr/local/lib/python3.12/dist-packages/torch/distributed/fsdp/_exec_order_utils.py:163: UserWarning: Forward order differs from that of the first iteration on rank 1. Collectives are unchecked and may give incorrect results or hang.',
     'log.collective_mismatch', 'hang_collective_mismatch'),
    ('pytorch/pytorch#76949 (torch 1.12 fsdp/fully_sharded_data_parallel.py:2770, its warning wrapped as pasted)',
     'r order differs from that of the first iteration on rank 0 -- collectives are unchecked and may give incorrect results or hang',
     'log.collective_mismatch', 'hang_collective_mismatch'),
    ('pytorch/pytorch torch/distributed/fsdp/_init_utils.py:391@cf30153',
     'RuntimeError: FSDP needs a non-CPU accelerator device, but no accelerator device is detected.',
     'log.gpu_missing', 'cuda_or_driver'),
    ('pytorch/pytorch torch/distributed/fsdp/_init_utils.py:1103@cf30153',
     'ValueError: Inconsistent compute device and `device_id` on rank 3: cuda:0 vs cuda:3',
     'log.framework_usage', 'application_bug'),
    ('pytorch/pytorch torch/distributed/fsdp/_runtime_utils.py:158@cf30153',
     'RuntimeError: An FSDP-managed module unexpectedly has parameters on cpu. Make sure to move the module to cuda:2 before training.',
     'log.framework_usage', 'application_bug'),
    ('pytorch/pytorch torch/distributed/fsdp/_init_utils.py:1177@cf30153',
     'ValueError: The module has CPU parameters or buffers when `sync_module_states=True`, which requires them to be on GPU. Please specify the `device_id` argument or move the module to GPU before passing it to FSDP.',
     'log.framework_usage', 'application_bug'),
    ('pytorch/pytorch torch/distributed/fsdp/_init_utils.py:862@cf30153',
     '/usr/local/lib/python3.12/dist-packages/torch/distributed/fsdp/_init_utils.py:572: UserWarning: FSDP got the argument `device_id` cuda on rank 5, which does not have an explicit index. FSDP will use the current device 0. If this is incorrect, please explicitly call `torch.cuda.set_device()` before FSDP initialization or pass in the explicit device index as the `device_id` argument.',
     'log.framework_usage', 'application_bug'),
    # --- FSDP2 (fully_shard)
    ('pytorch/pytorch torch/distributed/fsdp/_fully_shard/_fsdp_param.py:248@cf30153',
     'AssertionError: Expects the parameter to already be moved to device cuda:3 but got cpu',
     'log.framework_usage', 'application_bug'),
    # --- DeviceMesh and DTensor
    ('pytorch/pytorch torch/distributed/device_mesh.py:478@cf30153',
     '/usr/local/lib/python3.12/dist-packages/torch/distributed/device_mesh.py:312: UserWarning: It seems like you did not set/select the default device for the current process before the DeviceMesh initialization or use a launcher (i.e. torchrun) which populates `LOCAL_RANK` environment variable. It is recommended to set the current device for the process BEFORE the DeviceMesh initialization so that the underlying communicator (i.e. NCCL) can be initialized properly. Given that the current process has no default device selected, DeviceMesh will use a heuristic to set the device_id via `global_rank % num_devices_per_host`, assuming homogeneous hardware cluster. ',
     'log.framework_usage', 'application_bug'),
    ('pytorch/pytorch torch/distributed/device_mesh.py:1574@cf30153',
     'RuntimeError: (\'Device type with index is not supported but got cuda:0. \', "If you maintained a \'torch.device\' object, it\'s recommended to pass in \'device.type\'.")',
     'log.framework_usage', 'application_bug'),
    ('pytorch/pytorch torch/distributed/tensor/_collective_utils.py:299@cf30153',
     'ValueError: Inconsistent tensor metadata (including shape and stride) across ranks.',
     'log.collective_mismatch', 'hang_collective_mismatch'),
    ('pytorch/pytorch torch/distributed/tensor/_random.py:163@cf30153',
     "RuntimeError: OffsetBasedRNGTracker instantiation requires the presence of cuda device but couldn't find.",
     'log.gpu_missing', 'cuda_or_driver'),
    ('pytorch/pytorch torch/distributed/tensor/_redistribute.py:369@cf30153',
     '[rank0]:W1202 04:12:10.123456 51235 torch/distributed/tensor/_redistribute.py:390] While redistributing from (Shard(dim=0), Shard(dim=0)) to (Replicate(), Replicate()), 2 sequential all_gather operations will be performed. This is suboptimal: multiple collective operations have higher latency (separate kernel launches and synchronization points) and may give inconsistent results between ranks due to different reduction orders. To optimize, flatten mesh dimensions ["dp_shard", "cp"] so DTensor can use a single operation instead.',
     'log.host_setting', 'performance_config'),
    # --- pipelining
    ('pytorch/pytorch torch/distributed/pipelining/stage.py:183@cf30153',
     'RuntimeError: Pipeline group size 8 cannot be larger than number of stages 4',
     'log.launch_config', 'application_bug'),
    ('pytorch/pytorch torch/distributed/pipelining/_utils.py:531@cf30153',
     'ValueError: num_stages 6 must be evenly divisible by pp_size 4 for V schedules',
     'log.launch_config', 'application_bug'),
    ('pytorch/pytorch torch/distributed/pipelining/schedules.py:1022@cf30153',
     'ValueError: Number of microbatches (2) must be greater than or equal to the number of stages (4).',
     'log.framework_usage', 'application_bug'),
    # --- distributed checkpoint
    ('pytorch/pytorch torch/distributed/checkpoint/state_dict_saver.py:304@cf30153',
     "AssertionError: A CPU backend must be enabled for async save; try initializing process group with 'cpu:gloo,cuda:nccl'",
     'log.framework_usage', 'application_bug'),
]

NO_CAUSE = [
    'torch.multiprocessing.spawn.ProcessExitedException: process 0 terminated with exit code 1',  # pytorch/pytorch torch/multiprocessing/spawn.py:201@cf30153
    '-- Process 2 terminated with the following error:',  # pytorch/pytorch torch/multiprocessing/spawn.py:209@cf30153
    'torch.multiprocessing.spawn.ProcessRaisedException: ',  # pytorch/pytorch torch/multiprocessing/spawn.py:211@cf30153
    'W1202 04:12:11.002000 51200 torch/multiprocessing/spawn.py:165] Terminating process 51236 via signal SIGTERM',  # pytorch/pytorch torch/multiprocessing/spawn.py:165@cf30153
    'W1202 04:12:41.004000 51200 torch/multiprocessing/spawn.py:176] Unable to shutdown process 51237 via SIGTERM , forcefully exiting via SIGKILL',  # pytorch/pytorch torch/multiprocessing/spawn.py:177@cf30153
    '/usr/local/lib/python3.12/dist-packages/torch/distributed/fsdp/fully_sharded_data_parallel.py:478: UserWarning: FSDP is switching to use `NO_SHARD` instead of ShardingStrategy.FULL_SHARD since the world size is 1.',  # pytorch/pytorch torch/distributed/fsdp/_init_utils.py:433@cf30153
    "/usr/local/lib/python3.12/dist-packages/torch/distributed/fsdp/_init_utils.py:1060: UserWarning: The passed-in `module` is on CPU and will thus have FSDP's sharding initialization run on CPU, which may be slower than on GPU. We recommend passing in the `device_id` argument for FSDP to move `module` to GPU for the sharding initialization. `module` must also be on GPU device to work with the `sync_module_states=True` flag since that requires GPU communication.",  # pytorch/pytorch torch/distributed/fsdp/_init_utils.py:1065@cf30153
    'torch.distributed.checkpoint.api.CheckpointException: CheckpointException ranks:dict_keys([3])',  # pytorch/pytorch torch/distributed/checkpoint/api.py:43@cf30153
    'Traceback (most recent call last): (RANK 3)',  # pytorch/pytorch torch/distributed/checkpoint/api.py:46@cf30153
    'RuntimeError: Timed out after 600s while waiting for response from checkpointer process pid: 51240',  # pytorch/pytorch torch/distributed/checkpoint/_async_process_executor.py:162@cf30153
    '/usr/local/lib/python3.12/dist-packages/torch/distributed/checkpoint/utils.py:485: UserWarning: torch.distributed is disabled, unavailable or uninitialized, assuming the intent is to save in a single process.',  # pytorch/pytorch torch/distributed/checkpoint/state_dict_saver.py:187@cf30153
    '[rank3]:W1202 04:12:10.123456 51238 torch/_dynamo/convert_frame.py:1994] [0/8] torch._dynamo hit config.recompile_limit (8)',  # pytorch/pytorch torch/_dynamo/convert_frame.py:1995@cf30153
    '[rank0]:W1202 04:12:09.881204 51235 torch/_dynamo/variables/tensor.py:1759] [4/0] Graph break from `Tensor.item()`, consider setting:',  # pytorch/pytorch torch/_dynamo/variables/tensor.py:1762@cf30153
    'DDPOptimizer used bucket cap 26214400 and created 12 buckets. Enable debug logs for detailed bucket info.',  # pytorch/pytorch torch/_dynamo/backends/distributed.py:105@cf30153
    '[rank2]:W1202 04:12:07.551302 51237 torch/_inductor/comms.py:61] [0/0] Different ranks have different numbers of scheduler nodes ([812, 812, 790, 812]), skipping runtime estimation alignment',  # pytorch/pytorch torch/_inductor/comms.py:62@cf30153
]
