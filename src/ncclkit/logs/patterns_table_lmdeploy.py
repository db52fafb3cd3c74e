"""Rows of the line classifier (patterns.py) for lmdeploy's engines and xtuner's trainer (tests/lines/lmdeploy.py
holds every line with file:line@commit): InternLM/lmdeploy 1263d5c (the PyTorch engine's check_env, DistConfig, the
Ray executor's placement-group bundles, the executor's memory checks, the DP launcher of `lmdeploy serve api_server`,
the Mooncake KV-migration backend, the proxy; TurboMind's parallel-config derivation, its TM_CHECK lines in the
`[TM][LEVEL][MMDD.hh:mm:ss.us][file:line]` format, its NCCL and cuda-ipc communicators, its engine and warm-up) and
InternLM/xtuner b934f46 (the legacy train tool, the v1 trainer's parallel checks and health check, its FSDP/MoE
configs, its Ray accelerator workers, the NCCL suspend/resume helper).

Parallel sizes, Ray bundles, devices and ports that do not fit the machines or the launch are launch_config
(application_bug), as is a GPU older than the model format and TurboMind's TM_COMM_MAX_CTAS differing between
ranks; no GPU visible is gpu_missing; a build without NCCL is package_build; NCCL older than 2.18 where Split is
needed is nccl_too_old; the state cache, the KV cache and warm-up's kOutOfMemory are oom; XTuner's health check
failing is a GPU computing wrong results (gpu_fault). Read before the generic rows: a bare "AssertionError:" or
"ValueError:" would be the program's own error, "timeout" in a serving line a collective timeout, "failed to bind"
an error-words guess at the topology.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ncclkit.causes import Cause as C
from ncclkit.findings import Severity

E, W, I = Severity.ERROR, Severity.WARNING, Severity.INFO

# Words the log scanner's prefilter (nccl_log_words.OTHER_WORDS) needs for these rows' lines; no word may contain
# another of the whole list.
LMDEPLOY_WORDS: tuple[bytes, ...] = (
    b"GPUs exceeds", b"requires ep %", b"model_format=", b"Unknown communication backend", b"Must be non NULL",
    b"ParallelConfigException",
)

_LAUNCH_FIX = ("make the launch fit the machines: as many GPUs (or Ray bundles) as the parallel sizes multiply to "
               "(tp x dp x ep, no more per node than the node's GPUs, every size a divisor of the world size and of "
               "the model's heads), then run it again")


def lmdeploy_rows(p: Callable[..., Any]) -> tuple[Any, ...]:
    return (
        # -- lines that state no cause -------------------------------------------------------------------------
        # InternLM/xtuner xtuner/v1/train/trainer.py:1528@b934f46: logged at INFO when numa binding is not
        # possible, and training goes on unbound. Before the error-words rows ("failed to bind").
        p(r"\[XTuner\]\[[^\]]*\]\[INFO\] Rank: \d+ failed to bind process to numa node", "noise", I,
          "XTuner could not pin this rank to its GPU's NUMA node and trains on without it", "nothing to fix", None,
          "noise"),
        # InternLM/lmdeploy lmdeploy/serve/proxy/proxy.py:342@1263d5c (an HTTP request to a serving node timed out),
        # lmdeploy/pytorch/disagg/conn/proxy_conn.py:263 (the prefill/decode connection handshake timed out);
        # InternLM/xtuner xtuner/v1/rl/rollout/worker.py:1086@b934f46 (the rollout's inference server did not
        # answer its health endpoint in time). HTTP and serving timeouts, not a collective: the node's own log says
        # why. Before the timeout rows.
        p(r"\bproxy\.py:\d+ - api timeout: https?://|TimeoutError: PDConnection Failure|TimeoutError: Server failed "
          r"to start within the timeout period", "other", W,
          "a serving request or server start timed out (lmdeploy's proxy, its prefill/decode connection, XTuner's "
          "rollout server): not a collective, the server's own log says why",
          "read the log of the server or node it waited for (its first error); it may only be slow to load",
          None, "collateral"),
        # -- launches that do not fit the machines --------------------------------------------------------------
        # InternLM/lmdeploy lmdeploy/pytorch/ray.py:124 (the placement group has fewer GPUs than the engine asks),
        # pytorch/engine/executor/ray_executor.py:604, :613 (LMDEPLOY_RAY_EXTERNAL bundle indices out of range or
        # too few for the attention TP), pytorch/config.py:198 (DistConfig: dp larger than world_size),
        # pytorch/check_env/dist.py:36, :50 (the uni executor on several GPUs; ep not a multiple of dp),
        # pytorch/check_env/cuda.py:22 (a model format the GPU's architecture cannot run: fp8 needs sm90),
        # serve/openai/launch_server.py:120 (the DP launcher without tp or ep)@1263d5c.
        # vLLM's ray_utils.py logs the same words as a WARNING and then waits for the placement group (until its
        # timeout): the Ray cluster it joined has fewer GPUs than tp x pp, often a local Ray instance the engine
        # started itself instead of joining the cluster (vllm-project/aibrix#927).
        p(r"(?:WARNING|WARN|NING) [^\n]*ray_utils\.py:\d+\] The number of required GPUs exceeds", "launch_config", W,
          "vLLM's Ray executor needs more GPUs than its placement group can get, and waits for them: the Ray "
          "cluster it sees has fewer GPUs than tensor x pipeline parallel (often a local Ray instance the engine "
          "started instead of joining the cluster)", "check `ray status` on the head node; start the engine "
          "inside the Ray cluster (RAY_ADDRESS, or `ray start` on every node first) or lower tp x pp",
          C.APPLICATION_BUG),
        p(r"The number of required GPUs exceeds the total number of available GPUs in the placement group|Not enough "
          r"bundle indices for [\w ]+\. Required: \d+|External bundle index \d+ is out of range\. Placement group has "
          r"\d+ bundles|AssertionError: world_size \d+, dp \d+\s*$|Does not support distributed_executor_backend="
          r"\"\w+\" and world_size!=1|ep>1 requires ep % dp == 0\. Get dp=|model_format=\w+ requires sm>=[\d.]+|"
          r"only support tp > 1 or ep > 1, but given tp=", "launch_config", E,
          "the serving engine (lmdeploy's PyTorch engine; vLLM's Ray executor raises the placement-group words too) "
          "refused the launch: its parallel sizes (tp, dp, ep) do not fit the GPUs, the Ray placement group or each "
          "other, or the GPU is older than the model format needs (fp8 needs sm90)",
          _LAUNCH_FIX + " (`lmdeploy serve api_server --tp N --dp M --ep K`, `vllm serve --tensor-parallel-size N`, "
          "`ray status` for the bundles; a quantized format the GPU supports)", C.APPLICATION_BUG),
        # InternLM/lmdeploy lmdeploy/turbomind/parallel_config.py:91, :122, turbomind/turbomind.py:100@1263d5c (no
        # split of dp x tp x ep fits the devices; expert parallel over nodes); src/turbomind/models/llama/
        # unified_attention_layer.cc:210 (heads not divisible by tp), unified_decoder.cc:100 (ep on a dense model);
        # src/turbomind/comm/cuda_ipc/cuda_ipc_comm.cu:94 (TM_COMM_MAX_CTAS all-reduced to its minimum and every
        # rank must have kept it: the variable was set differently on the ranks).
        p(r"no valid parallel config: dp=\d+|config requires \d+ devices; device_num=\d+ is not a divisor|ep > 1 is "
          r"only supported in single-node mode|Check failed: \S*head_num % tp_size == 0|Dense model is not supported "
          r"with ep_size > 1|MAX_CTAS set to different values", "launch_config", E,
          "TurboMind refused the launch: its parallel sizes do not fit the devices, the model (heads divisible by "
          "tp, experts for ep) or one node, or TM_COMM_MAX_CTAS differs between ranks",
          _LAUNCH_FIX + "; ep only on one node and only for MoE models; set TM_COMM_MAX_CTAS the same on every "
          "rank (or unset it)", C.APPLICATION_BUG),
        # InternLM/xtuner xtuner/v1/train/trainer.py:1033, :1111 (ParallelConfigException: tp not a divisor of the
        # world size, global batch not divisible by dp), v1/config/fsdp.py:51 (HSDP with ep), v1/model/moe/moe.py:201
        # (the AGRS dispatcher's fixed ep), v1/rl/utils/ray_accelerator_worker.py:106, :221 (the Ray cluster has fewer
        # GPUs than asked; an accelerator id outside CUDA_VISIBLE_DEVICES)@b934f46.
        p(r"ParallelConfigException: |HSDP requires expert parallel size to be \d+|AGRS dispatcher requires ep_size "
          r"and router_n_groups to be \d+|Not enough available GPUS in Ray cluster, [\d.]+ less than|Assigned "
          r"accelerator id \d+ is not present in CUDA_VISIBLE_DEVICES", "launch_config", E,
          "XTuner refused the launch: its parallel sizes or batch size do not fit the world size, or the Ray cluster "
          "has fewer GPUs than the workers ask for", _LAUNCH_FIX + " (the global batch a multiple of dp; `ray "
          "status` for the GPUs the cluster has)", C.APPLICATION_BUG),
        # InternLM/lmdeploy serve/openai/launch_server.py:141@1263d5c: the DP launcher found the server port bound.
        p(r"ValueError: Port \d+ is not available", "port_in_use", E,
          "lmdeploy's server launcher found its port already taken (a previous server still alive, or another "
          "job on it)", "stop the old server (`ss -ltnp | grep PORT`) or pass another `--server-port`",
          C.APPLICATION_BUG),
        # -- devices, builds and releases ------------------------------------------------------------------------
        # InternLM/lmdeploy lmdeploy/turbomind/parallel_config.py:113@1263d5c: available_devices is
        # torch.cuda.device_count(), 0 when torch sees no GPU.
        p(r"available_devices must be a positive integer or None, got 0\b", "gpu_missing", E,
          "TurboMind found no GPU: torch.cuda.device_count() is 0 (no driver, or no GPU in this container)",
          "check `nvidia-smi` and CUDA_VISIBLE_DEVICES; run the container with the GPUs (`--gpus all`)",
          C.CUDA_OR_DRIVER),
        # InternLM/lmdeploy lmdeploy/pytorch/disagg/backend/mooncake.py:113@1263d5c: Mooncake's transfer engine
        # found no RDMA device for the KV migration.
        p(r"RuntimeError: No RDMA devices available", "no_ib_device", W,
          "the Mooncake KV-migration backend found no RDMA device on this node",
          "check `ibv_devinfo` inside the container (mount /dev/infiniband, request the RDMA device plugin's "
          "resource)", C.SOCKET_FALLBACK),
        # InternLM/lmdeploy src/turbomind/comm/device_comm.cc:28@1263d5c: the nccl branch is compiled only under
        # USE_NCCL, so a build without NCCL names it unknown. Older TurboMind logged "[TM][FATAL] comm\device_comm.cc
        # (28): Check failed: 0 Unknown communication backend: nccl" (lmdeploy#4032, a Windows build asked for --tp 2).
        p(r"(?:\[device_comm\.cc:\d+\]|device_comm\.cc\(\d+\): Check failed: \S+) Unknown communication backend: nccl",
          "package_build", E,
          "this TurboMind build has no NCCL communicator: it was built without NCCL",
          "install an lmdeploy wheel built with NCCL, or rebuild with NCCL present (`-DUSE_NCCL=ON`)", C.OTHER),
        # InternLM/lmdeploy src/turbomind/comm/nccl/nccl.cu:229@1263d5c: ncclCommSplit is loaded only from NCCL 2.18,
        # and Split needs it (attn_dp > 1).
        p(r"'nccl_apis\(\)\.ncclCommSplit' Must be non NULL", "nccl_too_old", E,
          "TurboMind needs ncclCommSplit (NCCL 2.18+) for this parallel layout and the loaded NCCL is older",
          "load NCCL 2.18 or newer (`pip install -U nvidia-nccl-cu12`, or LD_LIBRARY_PATH to it)",
          C.NCCL_VERSION_MISMATCH),
        # InternLM/xtuner xtuner/v1/utils/nccl_process_group.py:208 (PyTorch's NCCL backend without suspend/resume),
        # xtuner/tools/train.py:284 (DeepSpeed older than 0.12.3)@b934f46.
        p(r"NCCL backend does not expose native suspend/resume APIs|Please upgrade your DeepSpeed version by using "
          r"the command pip install", "framework_release", E,
          "the installed PyTorch (its NCCL suspend/resume) or DeepSpeed is older than XTuner needs",
          "upgrade to the release the message names (`pip install -U 'deepspeed>=0.12.3'`, PyTorch 2.12+ with NCCL "
          "2.29.7+)", C.OTHER),
        # -- memory ----------------------------------------------------------------------------------------------
        # InternLM/lmdeploy lmdeploy/pytorch/engine/executor/base.py:358 (no GPU memory left for the state cache),
        # src/turbomind/turbomind.cc:453 (warm-up status 11 is Request::kOutOfMemory, request.h)@1263d5c.
        p(r"No enough gpu memory for state cache|Warm-up for \d+ tokens failed with status 11\b", "oom", E,
          "the engine ran out of GPU memory for its caches", "lower max_batch_size or the cache share "
          "(`--cache-max-entry-count 0.5`), or use more GPUs (tp)", C.OOM),
        # -- the health check ------------------------------------------------------------------------------------
        # InternLM/xtuner xtuner/v1/utils/check_health.py:74 and v1/train/trainer.py:1233@b934f46: fails only when a
        # bf16 matmul over broadcast input differs between ranks: a GPU computing wrong results.
        p(r"\[XTuner\]\[[^\]]*\]\[ERROR\] Health check failed: gather_check=|Health check failed, exit training",
          "gpu_fault", E, "XTuner's health check found ranks computing different results from the same input: "
          "a GPU computes wrongly", "find the rank whose result differs, drain its node and run `dcgmi diag -r 3`; "
          "resume from the last checkpoint without it", C.CUDA_OR_DRIVER),
    )
