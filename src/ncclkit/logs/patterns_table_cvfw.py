"""Rows of the line classifier (patterns.py) for the launch and distributed code of computer-vision training
frameworks: mmengine and mmcv 1.x, Ultralytics, detectron2 and YOLOX (tests/lines/cv_frameworks.py holds every line
with file:line@commit).

- batch sizes, device lists, launcher names and world sizes that do not fit the processes launched (or the checkpoint
  resumed, or a job of several machines with dist_url=auto) are the launch (launch_config);
- a script started with --launcher pytorch/slurm outside torchrun/srun (the KeyError of the variable they set),
  MMDataParallel given several GPUs, parameters on the wrong device, parameters outside the loss's graph and a torch
  build without the XPU backend are the program's use of its framework (framework_usage);
- torch seeing no GPU at all (Ultralytics' device check and its install hint, pynvml's "Driver Not Loaded", YOLOX's
  launch check, detectron2's collect_env row) is gpu_missing; the OOM retries and fallbacks are oom;
- YOLOX's configure_nccl exports the output of a `pushd` script run by /bin/sh as NCCL_IB_HCA: on a dash /bin/sh it
  is the shell's error text, which no device matches, so NCCL runs over sockets (no_ib_device).

Read before the generic families: a bare "ValueError:", "KeyError:" or "AssertionError:" (program_error) and the
"ERROR" of mmengine's log format (error_words) would send these lines elsewhere.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ncclkit.causes import Cause as C
from ncclkit.findings import Severity

E, W, I = Severity.ERROR, Severity.WARNING, Severity.INFO

# Words the log scanner's prefilter (nccl_log_words.OTHER_WORDS) needs for these rows' lines; no word may contain
# another of the whole list.
CVFW_WORDS: tuple[bytes, ...] = (b"is_available(): False", b"is_available() == False", b"CUDA devices are seen",
                                 b"due to CUDA OOM")

_LAUNCH_FIX = ("launch as many processes as the configuration expects: a batch size divisible by the number of GPUs "
               "(Ultralytics: batch=<multiple of the GPU count>, detectron2: SOLVER.IMS_PER_BATCH), only the GPUs "
               "the node has (device=0,1,2,3; check `nvidia-smi -L`), a launcher the framework knows, and the "
               "checkpoint's GPU count when resuming (or auto_scale_lr enabled)")
_GPU_FIX = ("check `nvidia-smi` where the program runs (the container's --gpus, CUDA_VISIBLE_DEVICES, the driver) "
            "and that torch is a CUDA build: `python -c 'import torch; print(torch.version.cuda, "
            "torch.cuda.is_available())'`")


def cvfw_rows(p: Callable[..., Any]) -> tuple[Any, ...]:
    return (
        # -- mmengine and mmcv 1.x -------------------------------------------------------------------------------
        # open-mmlab/mmengine mmengine/dist/utils.py:91@2543429 init_dist: the launcher is none of pytorch, mpi,
        # slurm; :141 init_backend other than torch or deepspeed; runner/runner.py:2036 resume(): the world size
        # differs from the one saved in the checkpoint while auto_scale_lr is off (the learning rate would be wrong).
        p(r"Invalid launcher type: \S+|supported \"init_backend\" is \"torch\" or \"deepspeed\", but got|Number of "
          r"GPUs used for current experiment is not consistent with the checkpoint being resumed from",
          "launch_config", E, "mmengine's launch does not fit: a launcher or init backend it does not know, or "
          "another number of GPUs than the checkpoint it resumes was trained with", "pass --launcher pytorch "
          "(under torchrun), slurm (under srun) or mpi (under mpirun), an init_backend of 'torch' or 'deepspeed', "
          "and resume on the checkpoint's number of GPUs or set auto_scale_lr=dict(enable=True, base_batch_size=...)",
          C.APPLICATION_BUG),
        # open-mmlab/mmengine mmengine/dist/utils.py:102 and :189@2543429 (mmcv 1.x runner/dist_utils.py the same):
        # _init_dist_pytorch reads os.environ['RANK'], _init_dist_mpi OMPI_COMM_WORLD_RANK, _init_dist_slurm
        # SLURM_PROCID/SLURM_NTASKS/SLURM_NODELIST: the script was started with --launcher by hand, not by the
        # launcher that sets them (mmdetection#77).
        p(r"^KeyError: '(?:RANK|LOCAL_RANK|SLURM_PROCID|SLURM_NTASKS|SLURM_NODELIST|OMPI_COMM_WORLD_RANK)'\s*$",
          "framework_usage", E, "the script was told to use a distributed launcher (--launcher pytorch / slurm / "
          "mpi) but was not started by it: the rank variable that launcher sets is missing",
          "start it through the launcher: tools/dist_train.sh <config> <gpus> (torchrun --nproc_per_node=N ... "
          "--launcher pytorch), srun for --launcher slurm, mpirun for mpi; or drop --launcher for one GPU",
          C.APPLICATION_BUG),
        # open-mmlab/mmcv mmcv/parallel/data_parallel.py:64 and :71@4c01b02 (torch's DataParallel words the second
        # the same): MMDataParallel drives one GPU; the module's parameters are not all on device_ids[0].
        # open-mmlab/mmengine mmengine/model/utils.py:89@2543429 detect_anomalous_params (printed through print_log
        # at ERROR): parameters that require gradients but are not in the loss's autograd graph, which is what
        # DDP's "Expected to have finished reduction" error is about.
        p(r"MMDataParallel only supports single GPU training|module must have its parameters and buffers on device "
          r"\S+ \(device_ids\[0\]\) but found one of them on device|with shape torch\.Size\(\[[\d, ]*\]\) is not in "
          r"the computational graph", "framework_usage", E,
          "the model is used in a way its wrapper refuses: MMDataParallel given several GPUs, parameters on another "
          "GPU than the wrapper's first, or parameters that take no part in the loss (DDP's unused parameters)",
          "train on several GPUs with MMDistributedDataParallel under a launcher (one GPU per process), move the "
          "model to its GPU before wrapping it, and make every parameter reach the loss or set "
          "find_unused_parameters=True in the model wrapper's config", C.APPLICATION_BUG),
        # -- Ultralytics -----------------------------------------------------------------------------------------
        # ultralytics/ultralytics engine/trainer.py:246@v8.4.190 (AutoBatch, batch<1, with several GPUs);
        # utils/torch_utils.py:203@v8.3.0 (batch not divisible by the GPU count); utils/torch_utils.py:338@v8.4.190
        # select_device: the device list names GPUs torch does not see (or none are seen) and asks for valid ones.
        p(r"AutoBatch with batch<1 not supported for Multi-GPU training|'batch=\d+' must be a multiple of GPU count "
          r"\d+|Invalid CUDA 'device=[^']*' requested\. Use 'device=cpu' or pass valid CUDA device",
          "launch_config", E, "Ultralytics' device list or batch size does not fit the GPUs: a GPU index the "
          "process does not see, a batch not divisible by the GPU count, or AutoBatch (batch=-1) on several GPUs",
          _LAUNCH_FIX, C.APPLICATION_BUG),
        # ultralytics/ultralytics utils/torch_utils.py:341 and :332@v8.4.190: select_device's lines under that error
        # when torch.cuda.is_available() is False (the install hint only when device_count() is 0);
        # utils/autodevice.py:58: pynvml's NVML_ERROR_DRIVER_NOT_LOADED (no NVIDIA kernel driver).
        p(r"^torch\.cuda\.is_available\(\): False\s*$|for up-to-date torch install instructions if no CUDA devices "
          r"are seen by torch|Failed to initialize pynvml, GPU stats disabled: Driver Not Loaded",
          "gpu_missing", E, "the process sees no GPU: torch finds no CUDA device, or the NVIDIA driver is not "
          "loaded", _GPU_FIX, C.CUDA_OR_DRIVER, "root", (C.APPLICATION_BUG,)),
        # ultralytics/ultralytics engine/trainer.py:583@v8.4.190 (halves the batch after an OOM and retries),
        # utils/tal.py:108 (the assigner falls back to one image at a time); detectron2/utils/memory.py:79@02b5c4e
        # retry_if_cuda_oom (retries on the CPU after an OOM): the run goes on, with less on the GPU.
        p(r"CUDA out of memory with batch=\d+\. Reducing to batch=\d+ and retrying|CUDA out of memory in "
          r"TaskAlignedAssigner with batch_size=|Attempting to copy inputs of .* to CPU due to CUDA OOM", "oom", W,
          "the GPU ran out of memory; the framework retries with less (a smaller batch, one image at a time, or "
          "on the CPU)", "lower the batch size or image size (batch=, imgsz=; SOLVER.IMS_PER_BATCH) and check that "
          "no other process holds the GPU (`nvidia-smi`)", C.OOM),
        # ultralytics/ultralytics utils/autobatch.py:137@v8.4.190: every batch size AutoBatch profiled ran out of
        # memory ("free GPU memory, reduce imgsz").
        p(r"AutoBatch: no usable batch size found while profiling", "oom", E,
          "AutoBatch found no batch size that fits in the GPU's free memory", "free the GPU (`nvidia-smi` for other "
          "processes), lower imgsz, or set batch= explicitly", C.OOM),
        # ultralytics/ultralytics engine/trainer.py:293@v8.4.190: several Intel GPUs need torch's XCCL backend,
        # which this torch build lacks.
        p(r"Multi-XPU training requires XCCL, which is not available in this PyTorch build", "framework_usage", E,
          "training on several XPUs needs PyTorch's XCCL backend, which this PyTorch build does not have",
          "install a PyTorch XPU build with XCCL (torch 2.8+ from the XPU wheel index), or train on one XPU",
          C.APPLICATION_BUG),
        # -- detectron2 ------------------------------------------------------------------------------------------
        # facebookresearch/detectron2 detectron2/data/build.py:340@02b5c4e (the total batch split over the
        # processes); engine/defaults.py:717 auto_scale_workers (launched on another world size than
        # REFERENCE_WORLD_SIZE, whose batch it does not divide).
        p(r"Total batch size \(\d+\) must be divisible by the number of gpus \(\d+\)|Invalid REFERENCE_WORLD_SIZE in "
          r"config!", "launch_config", E, "detectron2's batch size does not fit the number of processes launched "
          "(SOLVER.IMS_PER_BATCH against the GPUs, or against SOLVER.REFERENCE_WORLD_SIZE)", _LAUNCH_FIX,
          C.APPLICATION_BUG),
        # facebookresearch/detectron2 detectron2/utils/collect_env.py:146@02b5c4e: its environment table's row when
        # torch.cuda.is_available() is False; Megvii-BaseDetection/YOLOX yolox/core/launch.py:112@6ddff48 asserts it.
        p(r"GPU available\s+No: torch\.cuda\.is_available\(\) == False|AssertionError: cuda is not available\. "
          r"Please check your installation", "gpu_missing", E, "the process sees no GPU (torch.cuda.is_available() "
          "is False)", _GPU_FIX, C.CUDA_OR_DRIVER, "root", (C.APPLICATION_BUG,)),
        # -- YOLOX -----------------------------------------------------------------------------------------------
        # Megvii-BaseDetection/YOLOX yolox/core/launch.py:65@6ddff48: `assert num_machines == 1` when dist_url is
        # "auto" (a free port on this machine only).
        p(r"dist_url=auto cannot work with distributed training", "launch_config", E,
          "YOLOX's dist_url=auto finds a port on one machine only: a job of several machines needs an address",
          "pass --dist-url tcp://<machine 0's address>:<port> on every machine", C.APPLICATION_BUG),
        # Megvii-BaseDetection/YOLOX yolox/utils/setup_env.py:19@6ddff48 configure_nccl sets NCCL_IB_HCA to
        # subprocess.getoutput("pushd /sys/class/infiniband/ > /dev/null; ..."): /bin/sh (dash) has no pushd, so
        # the value is the shell's error, NCCL echoes it (NVIDIA/nccl net_ib/init.cc:318@5067397), no device
        # matches it and NCCL uses sockets.
        p(r"NCCL_IB_HCA set (?:by environment )?to /bin/(?:da)?sh: \d+: pushd: not found", "no_ib_device", E,
          "NCCL_IB_HCA holds a shell's error text (YOLOX's configure_nccl ran `pushd` under /bin/sh, which lacks "
          "it): no RDMA device matches it, so NCCL sends inter-node traffic over TCP sockets",
          "configure_nccl overwrites any NCCL_IB_HCA you export: delete its NCCL_IB_HCA line in "
          "yolox/utils/setup_env.py (NCCL then picks the active ports itself) or run its script with bash "
          "(subprocess.getoutput(\"bash -c '...'\")), and drop its NCCL_IB_GID_INDEX=3 where that is not the "
          "RoCE v2 GID", C.SOCKET_FALLBACK),
    )
