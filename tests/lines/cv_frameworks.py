"""Lines of the launch and distributed code of computer-vision training frameworks, read alone and inside an NCCL
log: OpenMMLab's mmengine beyond the lines of olderfw (open-mmlab/mmengine 2543429: dist/utils.py init_dist and its
launchers, runner/runner.py resume and model wrapping, model/utils.py detect_anomalous_params printed through
print_log's ERROR format, utils/dl_utils/setup_env.py), mmcv 1.x (open-mmlab/mmcv v1.7.2 = 4c01b02:
parallel/data_parallel.py, runner/base_runner.py; its runner/dist_utils.py repeats mmengine's lines, which are not
repeated), Ultralytics (ultralytics/ultralytics, read from the PyPI wheels v8.4.190 and v8.3.0: engine/trainer.py's DDP
subprocess and OOM retry, utils/torch_utils.py select_device, utils/dist.py, utils/autodevice.py, utils/autobatch.py,
utils/tal.py; LOGGER's `WARNING ⚠️` prefix), detectron2 beyond olderfw (facebookresearch/detectron2 02b5c4e:
data/build.py, engine/defaults.py, engine/train_loop.py, utils/collect_env.py, utils/memory.py; its logger's
`[%m/%d %H:%M:%S name]:` format, d2 for detectron2) and YOLOX (Megvii-BaseDetection/YOLOX 6ddff48: core/launch.py
with loguru's default format, core/trainer.py, utils/dist.py and utils/setup_env.py with its own format).
Causes decided from the code around each line: batch sizes, device lists, launcher names, world sizes that differ
from a checkpoint's and dist_url=auto on several machines do not fit the launch (application_bug, log.launch_config);
a script started with --launcher pytorch/slurm outside torchrun/srun (KeyError on RANK or SLURM_PROCID: the launcher's
variables are missing), MMDataParallel given several GPUs, parameters on the wrong device, parameters outside the
loss's graph (what DDP's unused-parameter error is about) and a torch build without the XPU backend are misuse
(application_bug, log.framework_usage). Ultralytics' "Invalid CUDA 'device=...' requested" fires both when torch sees
no GPU and when the list names more GPUs than are visible, and tells the user to pass valid devices: the request does
not fit the machine (launch_config); the lines it prints under it that say torch sees no GPU at all
(`torch.cuda.is_available(): False`, the install hint printed only when device_count() is 0) are log.gpu_missing, as
are YOLOX's "cuda is not available", detectron2's collect_env row and pynvml's "Driver Not Loaded". Ultralytics'
OOM retries, the TaskAlignedAssigner fallback, AutoBatch finding no batch that fits ("free GPU memory") and
detectron2's retry_if_cuda_oom are oom. YOLOX's configure_nccl sets NCCL_IB_HCA to the output of a `pushd` script
run by /bin/sh: on a dash /bin/sh (Debian, Ubuntu) subprocess.getoutput returns the shell's error text, NCCL echoes
it (net_ib/init.cc:318 of NVIDIA/nccl 5067397), no device matches it and NCCL runs the job over sockets
(socket_fallback, log.no_ib_device). Progress, notices, command echoes, the CalledProcessError of the DDP
subprocess and "Exception in training" wrappers name nothing. None of these programs wraps NCCL's bare result."""

from __future__ import annotations

CASES = [
    # -- mmengine ----------------------------------------------------------------------------------------------
    ('open-mmlab/mmengine mmengine/dist/utils.py:91@2543429',
     'ValueError: Invalid launcher type: mpirun',
     'log.launch_config', 'application_bug'),
    ('open-mmlab/mmengine mmengine/dist/utils.py:102@2543429',
     "KeyError: 'RANK'",
     'log.framework_usage', 'application_bug'),
    ('open-mmlab/mmengine mmengine/dist/utils.py:189@2543429',
     "KeyError: 'SLURM_PROCID'",
     'log.framework_usage', 'application_bug'),
    ('open-mmlab/mmengine mmengine/dist/utils.py:141@2543429',
     'ValueError: supported "init_backend" is "torch" or "deepspeed", but got fsdp',
     'log.launch_config', 'application_bug'),
    ('open-mmlab/mmengine mmengine/runner/runner.py:2036@2543429',
     'RuntimeError: Number of GPUs used for current experiment is not consistent with the checkpoint being resumed from. This will result in poor performance due to the learning rate. You must set the `auto_scale_lr` parameter for Runner and make `auto_scale_lr["enable"]=True`.',
     'log.launch_config', 'application_bug'),
    ('open-mmlab/mmengine mmengine/model/utils.py:89@2543429 (print_log: mmengine/logging/logger.py:355)',
     '12/01 10:31:40 - mmengine - ERROR - /usr/local/lib/python3.10/site-packages/mmengine/logging/logger.py - print_log - 355 - roi_head.mask_head.conv_logits.weight with shape torch.Size([80, 256, 1, 1]) is not in the computational graph',
     'log.framework_usage', 'application_bug'),
    # -- mmcv 1.x ----------------------------------------------------------------------------------------------
    ('open-mmlab/mmcv mmcv/parallel/data_parallel.py:64@4c01b02',
     'AssertionError: MMDataParallel only supports single GPU training, if you need to train with multiple GPUs, please use MMDistributedDataParallel instead.',
     'log.framework_usage', 'application_bug'),
    ('open-mmlab/mmcv mmcv/parallel/data_parallel.py:71@4c01b02',
     'RuntimeError: module must have its parameters and buffers on device cuda:0 (device_ids[0]) but found one of them on device: cuda:1',
     'log.framework_usage', 'application_bug'),
    # -- Ultralytics -------------------------------------------------------------------------------------------
    ('ultralytics/ultralytics ultralytics/engine/trainer.py:246@v8.4.190',
     'ValueError: AutoBatch with batch<1 not supported for Multi-GPU training, please specify a valid batch size multiple of GPU count 4, i.e. batch=32.',
     'log.launch_config', 'application_bug'),
    ('ultralytics/ultralytics ultralytics/utils/torch_utils.py:203@v8.3.0',
     "ValueError: 'batch=16' must be a multiple of GPU count 3. Try 'batch=15' or 'batch=18', the nearest batch sizes evenly divisible by 3.",
     'log.launch_config', 'application_bug'),
    ('ultralytics/ultralytics ultralytics/utils/torch_utils.py:338@v8.4.190',
     "ValueError: Invalid CUDA 'device=4,5,6,7' requested. Use 'device=cpu' or pass valid CUDA device(s) if available, i.e. 'device=0' or 'device=0,1,2,3' for Multi-GPU.",
     'log.launch_config', 'application_bug'),
    ('ultralytics/ultralytics ultralytics/utils/torch_utils.py:341@v8.4.190',
     'torch.cuda.is_available(): False',
     'log.gpu_missing', 'cuda_or_driver'),
    ('ultralytics/ultralytics ultralytics/utils/torch_utils.py:332@v8.4.190',
     'See https://pytorch.org/get-started/locally/ for up-to-date torch install instructions if no CUDA devices are seen by torch.',
     'log.gpu_missing', 'cuda_or_driver'),
    ('ultralytics/ultralytics ultralytics/utils/autodevice.py:58@v8.4.190',
     'WARNING ⚠️ Failed to initialize pynvml, GPU stats disabled: Driver Not Loaded',
     'log.gpu_missing', 'cuda_or_driver'),
    ('ultralytics/ultralytics ultralytics/engine/trainer.py:583@v8.4.190',
     'WARNING ⚠️ CUDA out of memory with batch=32. Reducing to batch=16 and retrying (1/3).',
     'log.oom', 'oom'),
    ('ultralytics/ultralytics ultralytics/utils/tal.py:108@v8.4.190',
     'WARNING ⚠️ CUDA out of memory in TaskAlignedAssigner with batch_size=16 and max_num_obj=412; retrying assignment one image at a time on GPU. Model forward batch size is unchanged.',
     'log.oom', 'oom'),
    ('ultralytics/ultralytics ultralytics/utils/autobatch.py:137@v8.4.190',
     'RuntimeError: AutoBatch: no usable batch size found while profiling batch=[1, 2, 4, 8, 16, 32, 64]. See the errors above, free GPU memory, reduce imgsz, or set batch explicitly.',
     'log.oom', 'oom'),
    ('ultralytics/ultralytics ultralytics/engine/trainer.py:293@v8.4.190',
     'RuntimeError: Multi-XPU training requires XCCL, which is not available in this PyTorch build.',
     'log.framework_usage', 'application_bug'),
    # -- detectron2 --------------------------------------------------------------------------------------------
    ('facebookresearch/detectron2 detectron2/data/build.py:340@02b5c4e',
     'AssertionError: Total batch size (18) must be divisible by the number of gpus (16).',
     'log.launch_config', 'application_bug'),
    ('facebookresearch/detectron2 detectron2/engine/defaults.py:717@02b5c4e',
     'AssertionError: Invalid REFERENCE_WORLD_SIZE in config!',
     'log.launch_config', 'application_bug'),
    ('facebookresearch/detectron2 detectron2/utils/collect_env.py:146@02b5c4e',
     'GPU available                    No: torch.cuda.is_available() == False',
     'log.gpu_missing', 'cuda_or_driver'),
    ('facebookresearch/detectron2 detectron2/utils/collect_env.py:254@02b5c4e',
     'Unable to copy tensor to device=cuda:3: CUDA error: uncorrectable ECC error encountered',
     'log.cuda_error', 'cuda_or_driver'),
    ('facebookresearch/detectron2 detectron2/utils/memory.py:79@02b5c4e',
     '[12/01 10:31:40 d2.utils.memory]: Attempting to copy inputs of <function pairwise_iou at 0x7f3a2c1b5e50> to CPU due to CUDA OOM',
     'log.oom', 'oom'),
    # -- YOLOX -------------------------------------------------------------------------------------------------
    ('Megvii-BaseDetection/YOLOX yolox/core/launch.py:65@6ddff48',
     'AssertionError: dist_url=auto cannot work with distributed training.',
     'log.launch_config', 'application_bug'),
    ('Megvii-BaseDetection/YOLOX yolox/core/launch.py:112@6ddff48',
     'AssertionError: cuda is not available. Please check your installation.',
     'log.gpu_missing', 'cuda_or_driver'),
    ('Megvii-BaseDetection/YOLOX yolox/utils/setup_env.py:19@6ddff48 (echoed: NVIDIA/nccl net_ib/init.cc:318@5067397)',
     'gpu-node-01:3120:3120 [0] NCCL INFO NCCL_IB_HCA set to /bin/sh: 1: pushd: not found',
     'log.no_ib_device', 'socket_fallback'),
]

NO_CAUSE = [
    "/usr/local/lib/python3.10/site-packages/mmengine/utils/dl_utils/setup_env.py:56: UserWarning: Setting MKL_NUM_THREADS environment variable for each process to be 1 in default, to avoid your system being overloaded, please further tune the variable for optimal performance in your application as needed.",  # open-mmlab/mmengine mmengine/utils/dl_utils/setup_env.py:56@2543429
    '12/01 10:14:03 - mmengine - INFO - Distributed training is not used, all SyncBatchNorm (SyncBN) layers in the model will be automatically reverted to BatchNormXd layers if they are used.',  # open-mmlab/mmengine mmengine/runner/runner.py:877@2543429
    '2026-12-01 10:14:03,512 - mmdet - INFO - the iteration number is changed due to change of GPU number',  # open-mmlab/mmcv mmcv/runner/base_runner.py:392@4c01b02
    'DDP: debug command /usr/bin/python3 -m torch.distributed.run --nproc_per_node 4 --master_port 21397 /root/.config/Ultralytics/DDP/_temp_k2x9q1ab140230480.py',  # ultralytics/ultralytics ultralytics/engine/trainer.py:255@v8.4.190
    "subprocess.CalledProcessError: Command '['/usr/bin/python3', '-m', 'torch.distributed.run', '--nproc_per_node', '4', '--master_port', '21397', '/root/.config/Ultralytics/DDP/_temp_k2x9q1ab140230480.py']' returned non-zero exit status 1.",  # ultralytics/ultralytics ultralytics/engine/trainer.py:256@v8.4.190
    "WARNING ⚠️ 'rect=True' is incompatible with Multi-GPU training, setting 'rect=False'",  # ultralytics/ultralytics ultralytics/engine/trainer.py:243@v8.4.190
    "os.environ['CUDA_VISIBLE_DEVICES']: None",  # ultralytics/ultralytics ultralytics/utils/torch_utils.py:343@v8.4.190
    'WARNING ⚠️ No GPUs met criteria (free memory >= 20.0% and free utilization >= 0.0%).',  # ultralytics/ultralytics ultralytics/utils/autodevice.py:193@v8.4.190
    'Ultralytics 8.4.190 🚀 Python-3.11.9 torch-2.9.1+cu128 CUDA:0 (NVIDIA H100 80GB HBM3, 81079MiB)',  # ultralytics/ultralytics ultralytics/utils/torch_utils.py:368@v8.4.190
    '[12/01 10:14:03 detectron2]: Rank of current process: 0. World size: 16',  # facebookresearch/detectron2 detectron2/engine/defaults.py:218@02b5c4e
    'ERROR [12/01 10:31:40 d2.engine.train_loop]: Exception during training:',  # facebookresearch/detectron2 detectron2/engine/train_loop.py:159@02b5c4e
    'Testing NCCL connectivity ... this should not hang.',  # facebookresearch/detectron2 detectron2/utils/collect_env.py:225@02b5c4e
    '2026-12-01 10:44:02.118 | ERROR    | yolox.core.launch:_distributed_worker:126 - Process group URL: tcp://10.0.0.1:12312',  # Megvii-BaseDetection/YOLOX yolox/core/launch.py:126@6ddff48
    '2026-12-01 10:14:03.407 | INFO     | yolox.core.launch:_distributed_worker:116 - Rank 3 initialization finished.',  # Megvii-BaseDetection/YOLOX yolox/core/launch.py:116@6ddff48
    '2026-12-01 10:31:40 | ERROR    | yolox.core.trainer:79 - Exception in training: ',  # Megvii-BaseDetection/YOLOX yolox/core/trainer.py:79@6ddff48
    '2026-12-01 10:52:11 | WARNING  | yolox.utils.dist:155 - Rank 0 trying to all-gather 1.37 GB of data on device cuda',  # Megvii-BaseDetection/YOLOX yolox/utils/dist.py:155@6ddff48
]
