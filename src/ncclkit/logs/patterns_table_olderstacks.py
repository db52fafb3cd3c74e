"""Rows of the line classifier (patterns.py) for the older releases of the stacks that 2023 - 2024 threads run:
DeepSpeed 0.9 - 0.14 (deepspeedai/DeepSpeed v0.14.4 d254d75, texts unchanged since v0.9.5;
tests/lines/deepspeed_old.py), vLLM 0.4 - 0.6 (the PyPI source archives of 0.4.3, 0.5.5 and 0.6.6;
tests/lines/serving_old.py), accelerate 0.25 and transformers 4.36 (their wheels; tests/lines/hf_old.py), Lightning
1.9.5 and 2.1.4 (Lightning-AI/pytorch-lightning a020506, 8623143; tests/lines/lightning_old.py). Their newest releases
are patterns_table_trainers' and patterns_table_stacks'. Read before those: a bare "AssertionError:" or "ValueError:"
prefix would read these lines as the program's own error, and vLLM's advisories that a healthy run prints (custom
all-reduce off for an odd world size, Ray not installed) would read as faults.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ncclkit.causes import Cause as C
from ncclkit.findings import Severity

E, W, I = Severity.ERROR, Severity.WARNING, Severity.INFO

# Words the log scanner's prefilter (nccl_log_words.OTHER_WORDS) needs for these rows' lines; no word may contain
# another of the whole list.
OLDERSTACK_WORDS: tuple[bytes, ...] = (
    b"disagreement between rank", b"unique IP address", b"3090 or 4000 series", b"below the recommended minimum",
    b"is not allowed if Deepspeed", b"MisconfigurationException", b"no GPU memory for the KV cache",
    b"allocate any GPUs on the driver", b"didn't reply within", b"the profiled value -", b"self.global_rank == 0")

_DS_LAUNCH_FIX = ("make the launch agree with itself: either --include or --exclude, the same GPU count on every "
                  "node for Intel MPI, one local rank per process (the launcher's LOCAL_RANK, not a different "
                  "--local_rank), and more nodes than one for expert-parallel all-to-all")
_RAY_FIX = ("start the Ray cluster so that the node running the vLLM driver has GPUs (run `vllm serve` on a GPU node "
            "of the cluster), and give each node its own VLLM_HOST_IP")


def olderstack_rows(p: Callable[..., Any]) -> tuple[Any, ...]:
    return (
        # -- DeepSpeed 0.9 - 0.14 ------------------------------------------------------------------------------
        # runner.py:276 parse_inclusion_exclusion (both filters given), multinode_runner.py:271 IMPIRunner
        # validate_args (uneven slots per node), engine.py:989 and :1010 (_configure_with_arguments: the launcher's
        # LOCAL_RANK against Open MPI's, or against --local_rank), groups.py:384 (expert-parallel all-to-all needs
        # more than one node): a launch that does not fit itself.
        p(r"include_str and exclude_str are mutually exclusive|Intel MPI requires same number of devices per node|"
          r"LOCAL_RANK \(\d+\) != OMPI_COMM_WORLD_LOCAL_RANK \(\d+\)|Mismatch in local rank setting, "
          r"args\.local_rank=\d+ but env\['LOCAL_RANK'\]=\d+|num_nodes<2 cannot initialize All-To-All",
          "launch_config", E, "DeepSpeed refuses the launch: the filters, the node GPU counts or the local rank "
          "the launcher and MPI give a process disagree, or the job is too small for its all-to-all groups",
          _DS_LAUNCH_FIX, C.APPLICATION_BUG),
        # engine.py:999 _do_args_sanity_check (no launcher set LOCAL_RANK), groups.py:310 (the expert-parallel group
        # used before deepspeed.init_distributed / the engine created it).
        p(r"DeepSpeed requires the LOCAL_RANK environment variable|Warning! Process group not initialized",
          "framework_usage", E, "DeepSpeed used without its start-up: no launcher set LOCAL_RANK, or a process group "
          "was used before DeepSpeed created it", "start the script with the deepspeed launcher, torchrun or "
          "mpirun (which set LOCAL_RANK), and call deepspeed.init_distributed() before using its groups",
          C.APPLICATION_BUG),
        # launch.py:139 main echoes every NCCL_* variable it passes to the ranks ("1 NCCL_P2P_DISABLE=1"): the ranks
        # run with P2P (or SHM) off.
        p(r"\[launch\.py:\d+:main\] \d+ NCCL_(?:P2P|SHM)_DISABLE=1\b", "p2p_disabled", W,
          "DeepSpeed's launcher passes NCCL_P2P_DISABLE / NCCL_SHM_DISABLE=1 to the ranks: GPUs of one node cannot use "
          "NVLink/PCIe P2P (or shared memory) between them", "unset it (in the environment or .deepspeed_env) unless "
          "it works around a known bug", C.PERFORMANCE_CONFIG),
        # zero/utils.py:88 assert_ints_same_as_other_ranks: ZeRO compares every rank's module order and the
        # parameter ids of its next all-gather / reduce bucket; a disagreement means the ranks would issue
        # different collectives.
        p(r"disagreement between rank\d+ and rank\d+:", "collective_mismatch", E,
          "ZeRO found the ranks about to gather or reduce different parameters (a model or its execution order "
          "that differs between ranks)", "make every rank build the same model and run the same modules in the same "
          "order (no rank-dependent branches or module lists)", C.HANG_COLLECTIVE_MISMATCH),
        # -- vLLM 0.4 - 0.6 ------------------------------------------------------------------------------------
        # custom_all_reduce.py (0.4.3 - 0.6.6): "Custom allreduce is disabled due to an unsupported world size" is
        # an advisory a healthy machine prints; vLLM goes on with NCCL. ray_utils.py:46 (0.4.3): Ray is imported at
        # start-up on every install, needed only for multi-node. (The "more than two PCIe-only GPUs" advisory stays
        # patterns_table_stacks' hint: a PCIe-only box is where NCCL's P2P hangs, vllm-project/vllm#14025.)
        p(r"Custom allreduce is disabled due to an unsupported world size|Failed to import Ray with "
          r"ModuleNotFoundError",
          "noise", I, "vLLM turning an optional fast path off, or noting Ray is not installed: it goes on without "
          "it", "nothing to fix", None, "noise"),
        # ray_gpu_executor.py:226 (0.5.5): two Ray nodes report one IP (containers or hosts that share an address):
        # vLLM cannot tell the hosts apart.
        p(r"Every node should have a unique IP address", "host_identity", E,
          "two nodes of the Ray cluster report the same IP address, so vLLM cannot tell the hosts apart",
          "give every node its own address (VLLM_HOST_IP per node; no shared docker bridge address such as "
          "172.17.0.x)", C.HOSTNAME_RESOLUTION, "root", (C.WRONG_INTERFACE,)),
        # ray_gpu_executor.py / ray_utils.py:130, :276 (0.4.3 - 0.6.6): the node running the driver has no GPU of
        # the placement: the cluster was started without GPUs on the driver's node.
        p(r"Ray does not allocate any GPUs on the driver node|driver node id \S+ is not included in a placement "
          r"group|Current node has no GPU available", "launch_config", E,
          "vLLM's driver runs on a node where Ray gives it no GPU", _RAY_FIX, C.APPLICATION_BUG),
        # worker.py:370 (0.4.3) "No available memory for the cache blocks", and the KV-cache check of the engine
        # ("The model's max seq len (N) is larger than the maximum number of tokens that can be stored in KV
        # cache (M)"): the GPU memory left after the weights holds no (or too little) KV cache.
        # Newer vLLM (kv_cache_utils.py): "... GiB KV cache is needed, which is larger than the available KV cache
        # memory (28.57 GiB)" (vllm-project/vllm#32105).
        # SGLang's colocated engines: "Loaded weights leave no GPU memory for the KV cache under
        # --mem-fraction-static=0.5. Raise above 0.627" (the RL trainers' memory split); its model runner's "max_total_
        # tokens=131072 is larger than the profiled value -561981": a negative budget, no KV cache at all
        # (sgl-project/sglang#7691: DeepSeek-R1 with DP attention, 21 GB left after the weights).
        # vLLM 0.6's OpenAI server asks its engine process over a ZMQ socket (entrypoints/openai/rpc/client.py:
        # "Server didn't reply within 5000 ms", "RPCServer didn't reply within", "MQLLMEngine didn't reply within"):
        # the engine busy or stalled under load, not a collective (vllm-project/vllm#9230: raise VLLM_RPC_TIMEOUT).
        p(r"\b(?:RPCServer|MQLLMEngine|Server) didn't reply within \d+ ?ms", "serving_timeout", W,
          "vLLM's API server did not hear from its own engine process in time: the engine is busy (long prompts, "
          "many requests) or stalled; not a collective", "raise VLLM_RPC_TIMEOUT (milliseconds) or lower the load; "
          "if the engine died, its own first error is the cause", C.OTHER),
        # vLLM's shared-memory broadcast queue (distributed/device_communicators/shm_broadcast.py): "No available
        # shared memory broadcast block found in 60 seconds. This typically happens when some processes are hanging
        # or doing some time-consuming work (e.g. compilation ...)". Printed by healthy slow loads too
        # (gpustack/gpustack#3888) and before a worker's own fault (vllm-project/vllm#18416): no cause by itself.
        p(r"No available shared memory broadcast block found in \d+ seconds?", "engine_stalled", W,
          "a vLLM process has not taken the engine's broadcast for a minute: a worker hangs (or died), or is still "
          "compiling, loading or quantizing; no cause by itself", "if it repeats and the engine never serves, read "
          "each worker's first error (and py-spy dump the stuck one); during a long load, wait", None),
        p(r"No available memory for the cache blocks|is larger than the maximum number of tokens that can be "
          r"stored in KV cache|KV cache is needed, which is larger than the available KV cache memory|Loaded weights "
          r"leave no GPU memory for the KV cache|is larger than the profiled value -\d+", "oom", E,
          "the GPU memory left after loading the model holds too little KV cache for the requested length",
          "raise gpu_memory_utilization (SGLang: --mem-fraction-static), lower max_model_len, or spread the model "
          "over more GPUs (tensor_parallel_size)", C.OOM, "root", (C.APPLICATION_BUG,)),
        # -- accelerate 0.25 and transformers 4.36 ----------------------------------------------------------------
        # accelerate commands/launch.py:656@v0.25.0: check_cuda_p2p_ib_support() found RTX 3090 / RTX 40 GPUs and
        # the launcher turns P2P and IB off itself (the newer "RTX 4000 series" wording is patterns_table_stacks').
        p(r"Using RTX 3090 or 4000 series which doesn't support faster communication speedups", "p2p_error", E,
          "accelerate found consumer RTX 3090 / 40 GPUs, whose peer-to-peer it does not trust, and turns NCCL's P2P "
          "and IB off (NCCL_P2P_DISABLE=1, NCCL_IB_DISABLE=1)", "update the NVIDIA driver (550.40.07 or later for RTX "
          "40) and accelerate; on several nodes set NCCL_IB_DISABLE=0 again where the nodes have RDMA NICs",
          C.ACS_IOMMU_P2P, "root", (C.SOCKET_FALLBACK,)),
        # accelerate utils/other.py:319@v0.25.0 check_os_kernel prints this on every launch on a kernel before 5.5.0
        # (huggingface/accelerate#1929); the hangs users then report had other causes (modelscope/ms-swift#283: an
        # offline model check, "the kernel is unrelated"), so it names none by itself.
        p(r"Detected kernel version \S+, which is below the recommended minimum of \S+; this can cause the process "
          r"to hang", "noise", I, "accelerate's warning about a kernel older than 5.5, printed on every launch there: "
          "rarely what hangs", "read the last line each rank printed before the hang; upgrade the kernel only when "
          "nothing else explains it", None, "noise"),
        # accelerate state.py:279 (MASTER_ADDR unset on an MPI-style multi-node start), commands/launch.py:882
        # (--multi_gpu with fewer than two --gpu_ids; 0.25's text says "on on"); transformers trainer.py:422 (--fsdp
        # with --deepspeed), :494 (optimizers passed under DeepSpeed/FSDP), :1605 (--debug underflow_overflow
        # under DataParallel).
        p(r"Looks like distributed multinode run but MASTER_ADDR env not set|Using --fsdp \S+ together with "
          r"--deepspeed is not possible|Passing `optimizers` is not allowed if Deepspeed or PyTorch FSDP is enabled|"
          r"--debug underflow_overflow is not supported under DP", "framework_usage", E,
          "accelerate or the Trainer refuses how it was used: MASTER_ADDR missing on a multi-node start, two "
          "distributed back-ends at once, or an option they do not support together",
          "export rank 0's address as MASTER_ADDR, pick one of FSDP and DeepSpeed, let the Trainer build the "
          "optimizer (or pass it to DeepSpeed's config), and launch with torchrun / accelerate launch",
          C.APPLICATION_BUG),
        p(r"Less than two GPU ids were configured and tried to run on on multiple GPUs", "launch_config", E,
          "accelerate launch --multi_gpu was given fewer than two GPU ids", "pass at least two --gpu_ids (or all) "
          "with --multi_gpu, or drop --multi_gpu", C.APPLICATION_BUG),
        # transformers training_args.py:1841@v4.36.2: the Trainer needs a newer accelerate.
        p(r"Using the `Trainer` with `PyTorch` requires `accelerate>=", "framework_release", E,
          "this transformers release needs a newer accelerate than the one installed",
          "pip install -U accelerate (to the version the message names)", C.OTHER),
        # transformers training_args.py:95@v4.36.2: the XLA group assertion only says init did not produce it.
        p(r"Failed to initialize torch\.distributed process group using XLA backend", "noise", I,
          "the XLA process group did not come up; the error before it says why", "read the error printed before "
          "this line", None, "noise"),
        # -- Lightning 1.2 -------------------------------------------------------------------------------------------
        # pytorch_lightning/plugins/training_type/ddp.py:96@1.2.8 (1.2.0 - 1.2.10): DDPPlugin._call_children_scripts
        # runs on each node's first process and asserts global rank 0, so every node but the first fails as it starts
        # its processes; 1.3.0 asserts local rank 0 (PR #7061, Lightning-AI/pytorch-lightning#7060).
        p(r"assert self\.global_rank == 0", "framework_release", E,
          "Lightning 1.2's DDP launcher asserts global rank 0 where each node starts its processes, so every node but "
          "the first fails at start: a bug of that release",
          "upgrade pytorch-lightning to 1.3.0 or newer (`pip install -U 'pytorch-lightning>=1.3'`)", C.OTHER, "root",
          (C.APPLICATION_BUG,)),
        # -- Lightning 1.9.5 / 2.1.4 ------------------------------------------------------------------------------
        # device_parser.py:136 (a GPU index the machine does not have), accelerator_connector.py:446 (devices=0 / []
        # for the GPU accelerator), :324@8623143 (num_nodes below 1), :688 (num_nodes / num_gpus with horovodrun):
        # the devices and nodes asked for do not fit the machines or the launcher.
        p(r"You requested gpu: \[[\d, ]*\]|`Trainer\(devices=\S+\)` value is not a valid input using gpu accelerator|"
          r"`num_nodes` must be a positive integer, but got|Horovod does not support setting num_nodes / num_gpus "
          r"explicitly", "launch_config", E,
          "Lightning refuses the devices or nodes asked for: GPUs the machine does not have, zero devices or nodes, "
          "or node and GPU counts that horovodrun decides", "ask for the GPUs the node has (devices=N or 'auto', "
          "indices from `nvidia-smi -L`), num_nodes of 1 or more, and leave the counts to horovodrun / mpirun under "
          "Horovod", C.APPLICATION_BUG),
        # device_parser.py:91@a020506 (GPUs asked for, none visible), pytorch_lightning/accelerators/cuda.py:120
        # (nvidia-smi not on the PATH: the driver's tools are not in the container).
        p(r"MisconfigurationException: GPUs requested but none are available|FileNotFoundError: nvidia-smi: command "
          r"not found", "gpu_missing", E, "no GPU (or not the driver's tools) is visible to this process",
          "run on a GPU node with the driver's tools visible (`nvidia-smi` in the container: --gpus all or the "
          "device plugin's resource), and check CUDA_VISIBLE_DEVICES", C.CUDA_OR_DRIVER),
        # accelerator_connector.py:679@a020506 and launchers/multiprocessing.py:70@8623143 (a fork start method the
        # platform lacks), lsf.py:150@a020506 (the LSF environment read outside an LSF job's jsrun).
        p(r"strategy='ddp_fork'\)` but process forking is not supported on this platform|The start method 'fork' is "
          r"not available on this platform|Did not find the environment variable `LSB_DJOB_RANKFILE`",
          "framework_usage", E, "Lightning was asked for what this platform or launch does not offer: a fork start "
          "where only spawn exists, or LSF's rank file outside an LSF job", "use strategy='ddp' or 'ddp_spawn' "
          "where fork is missing (Windows, macOS), and start LSF jobs with jsrun", C.APPLICATION_BUG),
    )
