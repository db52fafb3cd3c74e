"""Rows of the line classifier (patterns.py) for the older releases of two stacks that 2023 - 2024 threads run:
DeepSpeed 0.9 - 0.14 (deepspeedai/DeepSpeed v0.14.4 d254d75, texts unchanged since v0.9.5; tests/lines/deepspeed_old.py)
and vLLM 0.4 - 0.6 (the PyPI source archives of 0.4.3, 0.5.5 and 0.6.6; tests/lines/serving_old.py). Their newest
releases are patterns_table_trainers' and patterns_table_stacks'. Read before those: a bare "AssertionError:" or
"ValueError:" prefix would read these lines as the program's own error, and vLLM's advisories that a healthy run
prints (custom all-reduce off on PCIe-only GPUs or an odd world size, Ray not installed) would read as faults.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ncclkit.causes import Cause as C
from ncclkit.findings import Severity

E, W, I = Severity.ERROR, Severity.WARNING, Severity.INFO

# Words the log scanner's prefilter (nccl_log_words.OTHER_WORDS) needs for these rows' lines; no word may contain
# another of the whole list.
OLDERSTACK_WORDS: tuple[bytes, ...] = (b"disagreement between rank", b"unique IP address")

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
        # custom_all_reduce.py (0.4.3 - 0.6.6): "Custom allreduce is disabled because it's not supported on more
        # than two PCIe-only GPUs" (world_size > 2 without full NVLink) and "... due to an unsupported world size"
        # are advisories a healthy machine prints; vLLM goes on with NCCL. ray_utils.py:46 (0.4.3): Ray is
        # imported at start-up on every install, needed only for multi-node.
        p(r"Custom allreduce is disabled because it's not supported on more than two PCIe-only GPUs|Custom "
          r"allreduce is disabled due to an unsupported world size|Failed to import Ray with ModuleNotFoundError",
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
        p(r"No available memory for the cache blocks|is larger than the maximum number of tokens that can be "
          r"stored in KV cache", "oom", E,
          "the GPU memory left after loading the model holds too little KV cache for the requested length",
          "raise gpu_memory_utilization, lower max_model_len, or spread the model over more GPUs "
          "(tensor_parallel_size)", C.OOM, "root", (C.APPLICATION_BUG,)),
    )
