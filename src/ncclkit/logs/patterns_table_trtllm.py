"""Rows of the line classifier (patterns.py) for TensorRT and TensorRT-LLM serving multi-GPU engines
(tests/analyze/test_diagnose_sweep_rules_16.py quotes each line with its thread):

- an engine serialised by another TensorRT than the runtime's is the install, not NCCL (TensorRT's own
  "Internal Error" that follows it is no NCCL internal error);
- an MPI world of another size than the engine's tensor x pipeline parallel size is the launch: the fix is
  starting tp*pp ranks, not rebuilding the engine;
- CUDA IPC that TensorRT-LLM finds unusable only turns its own all-reduce off: NCCL carries on;
- its other assertions check what the program passes, an engine of another TensorRT-LLM is the install, and a node
  address its KV-cache transfer cannot find is the host name.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ncclkit.causes import Cause as C
from ncclkit.findings import Severity

E, W, I = Severity.ERROR, Severity.WARNING, Severity.INFO

# Words the log scanner's prefilter (nccl_log_words.OTHER_WORDS) needs for these rows' lines; no word may contain
# another of the whole list.
TRTLLM_WORDS: tuple[bytes, ...] = (b"CUDA IPC is",)


def trtllm_rows(p: Callable[..., Any]) -> tuple[Any, ...]:
    return (
        # TensorRT's runtime deserialising a plan of another version ("The engine plan file is not compatible with
        # this version of TensorRT, expecting library version 9.2.0.5 got 9.3.0.1, please rebuild."; older:
        # "Serialization assertion ... Version tag does not match"): a second tensorrt wheel over the container's
        # (triton-inference-server/triton_cli#59: `pip install tensorrt_llm` pulled TensorRT 9.3 into a 9.2 image).
        p(r"engine plan file is not compatible with this version of TensorRT|Version tag does not match",
          "engine_version", E,
          "the TensorRT engine was built by another TensorRT version than the runtime loading it (the line names "
          "both)", "rebuild the engine with the TensorRT that serves it, or keep the image's own TensorRT: one "
          "tensorrt / tensorrt_llm pair in the environment (`pip list | grep -i tensorrt`)", C.OTHER, "root",
          (C.NCCL_VERSION_MISMATCH,)),
        # A plan built on a GPU of another compute capability ("The engine plan file is generated on an incompatible
        # device, expecting compute 6.1 got compute 7.5, please rebuild.", NVIDIA/TensorRT#564): TensorRT's plans
        # hold kernels chosen for the GPU that built them.
        p(r"engine plan file is generated on an incompatible device", "engine_version", E,
          "the TensorRT engine was built on a GPU of another compute capability than the one loading it (the line "
          "names both)", "build the engine on (or for) the GPU model that runs it; one engine per GPU model",
          C.OTHER, "root", (C.CUDA_OR_DRIVER,)),
        # TensorRT-LLM's world checks (runtime/worldConfig.cpp "Assertion failed: mpiSize == tp * pp", "MPI size %d
        # != TP size %d * PP size %d", the leader mode's "MPI worldSize is expected to be equal to tp*pp", the Python
        # runner's "Engine world size (2 * 1) != Runtime world size (1)"): the job started another number of MPI
        # ranks than the engine was built for (Tlntin/Qwen-TensorRT-LLM#123: "Why not try run n 4?" solved it;
        # triton-inference-server/tensorrtllm_backend#398 the same with tritonserver).
        p(r"mpiSize == tp \* pp|MPI size \d+ != TP size|MPI worldSize is expected to be equal to tp ?\* ?pp|"
          r"Engine world size \([^)]*\) != Runtime world size", "launch_config", E,
          "the job runs another number of MPI ranks than the engine's tensor x pipeline parallel size",
          "start tp*pp ranks: `mpirun -n <tp*pp> python run.py ...`; Triton: `launch_triton_server.py "
          "--world_size=<tp*pp>` (or `mpirun -n <tp*pp> tritonserver ...`). Where mpirun -n already says so and "
          "the runtime still sees 1, mpi4py was built against another MPI than that mpirun", C.APPLICATION_BUG),
        # TensorRT-LLM's TLLM_CHECK (cpp/include/tensorrt_llm/common/assert.h: "[TensorRT-LLM][ERROR] Assertion
        # failed: %s"): most check what the program passes the runtime (a tensor's shape or dtype, the engine's
        # parallel sizes, a request's settings); one naming CUDA, NCCL or memory is read by those rows.
        p(r"\[TensorRT-LLM\]\[ERROR\] Assertion failed: (?!.*(?:CUDA|cuda|NCCL|nccl|[Mm]emory|OOM))",
          "framework_check", E, "an assertion of TensorRT-LLM's runtime failed: it checks the inputs and the "
          "engine's configuration the program passes (shapes, dtypes, parallel sizes)",
          "compare what the program passes with what the engine was built for (the assertion names the tensor or "
          "setting); rebuild the engine for that configuration if it differs", C.APPLICATION_BUG, "root",
          (C.OTHER,)),
        # TensorRT-LLM allreducePlugin.cpp "Expected length (%d) != real length (%d). This is often caused by using
        # different TensorRT LLM version to build engine and run engine"; ucxCacheCommunicator "getLocalIp: Can't get
        # local ip", "getLocalIpByHostname: Can't get local ip from hostname".
        p(r"often caused by using different TensorRT[- ]LLM version", "library_version", E,
          "the engine was built with another TensorRT-LLM version than the one running it (or the job's processes "
          "run different versions)", "rebuild the engine with the TensorRT-LLM that runs it, and install that "
          "version in every image and on every node", C.NCCL_VERSION_MISMATCH),
        p(r"getLocalIp(?:ByHostname)?: Can't get local ip", "name_resolution", E,
          "TensorRT-LLM could not find this node's address for its KV-cache transfer (its host name does not "
          "resolve, or no interface was named)", "make the node's hostname resolve to the address of the "
          "network that joins the nodes, or set TRTLLM_UCX_INTERFACE to that interface", C.HOSTNAME_RESOLUTION,
          "root", (C.WRONG_INTERFACE,)),
        # TensorRT-LLM's check before its custom all-reduce ("CUDA IPC is not usable on this system:
        # cudaErrorInvalidDevice: 101. Custom all-reduce kernels are disabled, falling back to NCCL.", "CUDA IPC is
        # unavailable, falling back from AUTO to NCCL allreduce."; NVIDIA/TensorRT-LLM#16899, PCIe-only RTX GPUs):
        # the run goes on with NCCL's all-reduce, slower; the CUDA error it quotes is not a device choice.
        p(r"CUDA IPC is (?:not usable|unavailable)\b[^\n]*falling back", "p2p_unavailable", W,
          "CUDA IPC between the GPUs is not usable (PCIe-only or consumer GPUs, a VM, containers without a shared "
          "IPC namespace): TensorRT-LLM's own all-reduce is off and NCCL's carries the traffic, correct but slower",
          "nothing to fix for correctness; for speed run the ranks in one IPC namespace (--ipc=host) and check "
          "peer access (`nvidia-smi topo -p2p r`)", C.ACS_IOMMU_P2P, "root", (), False),
    )
