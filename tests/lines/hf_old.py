"""Lines of Hugging Face's older releases that 2023 - 2024 threads run, read alone and inside an NCCL log: accelerate
0.25.0 (huggingface/accelerate v0.25.0, read from the 0.25.0 wheel; paths are the repository's src/ paths:
commands/launch.py, utils/launch.py, state.py, utils/environment.py's check_cuda_p2p_ib_support and utils/other.py's
check_os_kernel) and transformers 4.36.2 (huggingface/transformers v4.36.2, read from the 4.36.2 wheel: trainer.py and
training_args.py). accelerate's launch.py logs through a bare logging.getLogger without rich, so its warnings print
as the message alone. Causes decided from the code around each line: the RTX 3090 / 4000-series check fires for
more than one consumer GPU whose PCIe peer-to-peer NCCL cannot use, and the fix (NCCL_P2P_DISABLE) is the one for
broken peer-to-peer, so both the launcher's warning and state.py's NotImplementedError are acs_iommu_p2p, as the
newer wording is in windows_wsl.py (IB is switched off by the same check only because the GPU family matched, not
because of a network fault). The main-process port taken is the rendezvous port in use, as in trainlibs.py. A
multi-node MPI-style start without MASTER_ADDR and Trainer's flag checks (FSDP with DeepSpeed, optimizers passed
with DeepSpeed/FSDP, --debug underflow_overflow under DataParallel) are misuse (application_bug). check_os_kernel's
warning (accelerate issue #1929) is printed on every launch on a kernel before 5.5.0 and names nothing by itself
(modelscope/ms-swift#283: the hang had another cause). TrainingArguments' demand for accelerate>=0.20.1 is a too-old
release of a library (log.framework_release, `other`). The launcher's defaults notice and the XLA process group
failing name nothing."""

from __future__ import annotations

CASES = [
    # accelerate 0.25.0
    ('huggingface/accelerate src/accelerate/utils/launch.py:135@v0.25.0',
     'ConnectionError: Tried to launch distributed communication on port `29500`, but another process is utilizing it. Please specify a different port (such as using the `----main_process_port` flag or specifying a different `main_process_port` in your config file) and rerun your script. To automatically use the next open port (on a single node), you can set this to `0`.',
     'log.port_in_use', 'application_bug'),
    ('huggingface/accelerate src/accelerate/state.py:220@v0.25.0',
     'NotImplementedError: Using RTX 3090 or 4000 series doesn\'t support faster communication broadband via P2P or IB. Please set `NCCL_P2P_DISABLE="1"` and `NCCL_IB_DISABLE="1" or use `accelerate launch` which will do this automatically.',
     'log.p2p_error', 'acs_iommu_p2p'),
    ('huggingface/accelerate src/accelerate/commands/launch.py:656@v0.25.0',
     "Using RTX 3090 or 4000 series which doesn't support faster communication speedups. Ensuring P2P and IB communications are disabled.",
     'log.p2p_error', 'acs_iommu_p2p'),
    ('huggingface/accelerate src/accelerate/state.py:279@v0.25.0',
     "ValueError: Looks like distributed multinode run but MASTER_ADDR env not set, please try exporting rank 0's hostname as MASTER_ADDR",
     'log.framework_usage', 'application_bug'),
    ('huggingface/accelerate src/accelerate/commands/launch.py:882@v0.25.0',
     "ValueError: Less than two GPU ids were configured and tried to run on on multiple GPUs. Please ensure at least two are specified for `--gpu_ids`, or use `--gpu_ids='all'`.",
     'log.launch_config', 'application_bug'),
    # transformers 4.36.2
    ('huggingface/transformers src/transformers/trainer.py:422@v4.36.2',
     'ValueError: Using --fsdp xxx together with --deepspeed is not possible, deactivate one of those flags.',
     'log.framework_usage', 'application_bug'),
    ('huggingface/transformers src/transformers/trainer.py:494@v4.36.2',
     'RuntimeError: Passing `optimizers` is not allowed if Deepspeed or PyTorch FSDP is enabled. You should subclass `Trainer` and override the `create_optimizer_and_scheduler` method.',
     'log.framework_usage', 'application_bug'),
    ('huggingface/transformers src/transformers/trainer.py:1605@v4.36.2',
     'ValueError: Currently --debug underflow_overflow is not supported under DP. Please use DDP (torchrun or torch.distributed.launch (deprecated)).',
     'log.framework_usage', 'application_bug'),
    ('huggingface/transformers src/transformers/training_args.py:1841@v4.36.2',
     'ImportError: Using the `Trainer` with `PyTorch` requires `accelerate>=0.20.1`: Please run `pip install transformers[torch]` or `pip install accelerate -U`',
     'log.framework_release', 'other'),
]

NO_CAUSE = [
    # printed on every launch on such kernels; the hangs reported after it had other causes (modelscope/ms-swift#283)
    'Detected kernel version 5.4.0, which is below the recommended minimum of 5.5.0; this can cause the process to hang. It is recommended to upgrade the kernel to the minimum version or higher.',  # huggingface/accelerate src/accelerate/utils/other.py:319@v0.25.0
    'The following values were not passed to `accelerate launch` and had defaults used instead:',  # huggingface/accelerate src/accelerate/commands/launch.py:985@v0.25.0
    '\t\tMore than one GPU was found, enabling multi-GPU training.',  # huggingface/accelerate src/accelerate/commands/launch.py:950@v0.25.0
    'AssertionError: Failed to initialize torch.distributed process group using XLA backend.',  # huggingface/transformers src/transformers/training_args.py:95@v4.36.2
]
