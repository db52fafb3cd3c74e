"""Rows of the line classifier (patterns.py) for torch.compile under multi-GPU jobs: Dynamo, Inductor and the Triton
compiler (tests/lines/torch_compile.py holds every line with file:line@commit).

Sources: the torch 2.13.0 wheel (pytorch/pytorch git_version cf30153: torch/_dynamo, torch/_inductor), the triton
3.9.0 wheel (triton-lang/triton v3.9.0: python/triton/runtime, third_party/nvidia/backend) and the ptxas 12.9.86 it
ships. What these rows name: ranks that compiled different graphs (their collectives then differ), the program's or
build's use of the framework, the GPU, driver and CUDA toolchain Triton needs, and the node's build environment
(compilers, headers, the cache directory). Dynamo's graph breaks around collectives, its recompile limits, the
backend's failure wrapper, a compile worker that exited or timed out and ptxas's bare exit code name nothing; the
rows that read such lines first keep generic rows from naming a cause for a word in them ("P2P"). ONNX Runtime's
ORTModule, another graph compiler of torch models, has its row here too.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ncclkit.causes import Cause as C
from ncclkit.findings import Severity

E, W, I = Severity.ERROR, Severity.WARNING, Severity.INFO

# Words the log scanner's prefilter (nccl_log_words.OTHER_WORDS) needs for these rows' lines; no word may contain
# another of the whole list.
COMPILE_WORDS: tuple[bytes, ...] = (
    # Dynamo's explanation line of the FSDP graph break, Inductor's GPU check, ptxas's own errors
    b"use_orig_params", b"GPUTooOldForTriton", b"ptxas ",
    b"set_runtime_stats_and_log",  # DDP's logger call in its forward, which Dynamo cannot trace
    b"waiting for baton release", b"filelock/_api.py",
)


def compile_rows(p: Callable[..., Any]) -> tuple[Any, ...]:
    return (
        # XLA's check of the ptxas it found ("INTERNAL: XLA requires ptxas version 11.8 or higher", levanter's FAQ: a
        # local CUDA toolkit older than the jaxlib): the toolkit on the PATH, not the GPU.
        p(r"XLA requires ptxas version [\d.]+ or higher", "build_toolchain", E,
          "the CUDA toolkit's ptxas that XLA found is older than this jaxlib needs",
          "install jax with its CUDA wheels (`pip install -U \"jax[cuda12]\"`), or put a newer CUDA toolkit's bin "
          "first on PATH", C.CUDA_OR_DRIVER, "root", (C.OTHER,)),
        # -- lines that name no cause ----------------------------------------------------------------------
        # pytorch/pytorch torch/_dynamo/variables/functions.py:2758,2769@cf30153: Dynamo does not trace a
        # collective called with async_op=True, nor batch_isend_irecv while its point-to-point compilation is off
        # (torch._dynamo.config); it breaks the graph and runs them eagerly (an error only under fullgraph=True).
        # "P2P" here is send/receive, not PCIe peer-to-peer: read before the peer-access rows.
        p(r"Unsupported: (?:P2P compilation disabled for batch_isend_irecv|async_op=True for distributed "
          r"collectives)", "noise", I,
          "Dynamo does not compile this collective (an async_op=True collective, or batch_isend_irecv's "
          "point-to-point sends and receives): it breaks the graph there and runs it eagerly",
          "nothing to fix for the job; with fullgraph=True, call the collective outside the compiled function",
          None, "noise"),
        # -- ranks that compiled different graphs ------------------------------------------------------------
        # pytorch/pytorch torch/_inductor/fx_passes/spmd_check.py:147,179@cf30153: Inductor all-gathers a hash of
        # each rank's graph and reports "SPMD GRAPH MISMATCH — rank %d, world_size=%d" and raises "SPMD graph
        # verification failed" when the ranks compiled different graphs: their collectives then differ in order
        # or count, and the job would hang in the first one that does not match.
        p(r"SPMD GRAPH MISMATCH\b|SPMD graph verification failed", "collective_mismatch", E,
          "Inductor's cross-rank check found that the ranks compiled different graphs: their collectives would "
          "differ in order, count or shape and the job would hang in them",
          "make every rank trace the same graph: no rank-dependent Python branches, shapes or inputs inside the "
          "compiled region (compare the ranks' graphs with TORCH_LOGS=graph_code); "
          "aten_distributed_optimizations.spmd_mismatch=\"warn\" only reports it", C.HANG_COLLECTIVE_MISMATCH),
        # -- the program's or the build's use of the framework ---------------------------------------------------
        # torch/nn/parallel/distributed.py: DDP's forward calls self.logger.set_runtime_stats_and_log(), a C++
        # binding Dynamo cannot trace: torch.compile was applied to the DDP wrapper instead of the module inside
        # it (huggingface/accelerate#3991, fixed by compiling before wrapping in accelerate#4017).
        p(r"does not know how to trace method \W?set_runtime_stats_and_log\b", "framework_usage", E,
          "torch.compile was applied to the DistributedDataParallel wrapper: Dynamo traced into DDP's own forward "
          "(its logger) and cannot", "compile the module and wrap the compiled module: `model = DDP(torch.compile("
          "model))` (accelerate: a release with huggingface/accelerate#4017)", C.APPLICATION_BUG),
        # Dynamo running an operation of the traced graph on fake tensors failed ("TorchRuntimeError: Dynamo failed to
        # run FX node with fake tensors", pytorch/pytorch#161153: torch.compile over FSDP, a PyTorch bug): the
        # compiler's failure, not the GPUs' or NCCL's.
        p(r"Dynamo failed to run FX node", "framework_release", E,
          "torch.compile failed tracing an operation of the model (Dynamo running it on fake tensors): a PyTorch "
          "compiler bug or a use it does not support, not the GPUs or NCCL", "read the exception Dynamo names after "
          "this line; run without torch.compile to confirm, then upgrade PyTorch or leave that module uncompiled",
          C.OTHER, "root", (C.APPLICATION_BUG,)),
        # Inductor's generated code checks each input's size and stride against those it was compiled for
        # (assert_size_stride: "AssertionError: expected size 4096==1024, stride 1024==1024 at dim=0",
        # pytorch/pytorch#138715: FSDP's sharded weight under float8 and torch.compile, a PyTorch bug).
        p(r"AssertionError: expected size \d+==\d+, stride \d+==\d+ at dim=\d+", "framework_release", E,
          "a kernel torch.compile generated got an input of another size or stride than it was compiled for: a "
          "compiler bug, or a tensor changed under it (a parameter sharded or wrapped after compiling)",
          "run without torch.compile to confirm; compile after wrapping the model (FSDP, DDP), and upgrade PyTorch",
          C.OTHER, "root", (C.APPLICATION_BUG,)),
        # ONNX Runtime's ORTModule exports the model to ONNX and refuses what it cannot run, with an exception of its
        # fallback module (orttraining/.../ortmodule/_fallback_exceptions.py: ORTModuleTorchModelException,
        # ORTModuleDeviceException, ORTModuleONNXModelException, ...): "ORTModule does not support adding modules to
        # it" after Lightning's sync_batchnorm=True converted layers of the wrapped model (pytorch/ort#101).
        p(r"\bORTModule\w*(?:Exception|Error): ", "framework_usage", E,
          "ONNX Runtime's ORTModule refused the model or how the program uses it (a module added or converted after "
          "wrapping, a wrapper around it, inputs on another device)", "make the model final before wrapping it in "
          "ORTModule (convert SyncBatchNorm, move it to the rank's GPU, then wrap), put DDP outside ORTModule, not "
          "DataParallel; the exception's message names what it refused", C.APPLICATION_BUG, "root", (C.OTHER,)),
        # pytorch/pytorch torch/_dynamo/variables/builder.py:2483,2485@cf30153: Dynamo refuses an FSDP module
        # wrapped with use_orig_params=False (its flat parameters hide the module's own): the program's choice.
        p(r"Unsupported: FSDP with use_orig_params=False|Dynamo only supports FSDP with use_orig_params=True",
          "framework_usage", E,
          "torch.compile cannot trace an FSDP module wrapped with use_orig_params=False",
          "wrap the model with FSDP(model, use_orig_params=True, ...) before torch.compile (or use FSDP2's "
          "fully_shard, which keeps the original parameters)", C.APPLICATION_BUG),
        # pytorch/pytorch torch/_dynamo/variables/distributed.py:56@cf30153: the program calls torch.distributed
        # in a compiled function while torch.distributed.is_available() is False: a torch built without it.
        p(r"Unsupported: torch\.distributed package is not available!", "framework_usage", E,
          "the compiled code calls torch.distributed, but this torch build has no torch.distributed "
          "(built with USE_DISTRIBUTED=0)",
          "install a torch build with distributed support (the Linux CUDA wheels from pytorch.org have it; check "
          "`python -c 'import torch.distributed as d; print(d.is_available())'`)", C.APPLICATION_BUG),
        # triton-lang/triton python/triton/runtime/errors.py:22@v3.9.0 OutOfResources: "out of resource: %s,
        # Required: %d, Hardware limit: %d. Reducing block sizes or `num_stages` may help.": a kernel whose block
        # sizes and pipeline stages need more shared memory than this GPU has: the kernel's configuration.
        p(r"out of resource: shared memory, Required: \d+, Hardware limit: \d+", "framework_usage", E,
          "a Triton kernel's configuration (block sizes, num_stages) needs more shared memory than this GPU has",
          "lower the kernel's BLOCK sizes or num_stages in its triton.Config (or autotune configs) until it fits "
          "the GPU's shared memory; for Inductor's kernels, try torch.compile without mode=\"max-autotune\"",
          C.APPLICATION_BUG),
        # -- the GPU, the driver and the CUDA toolchain ------------------------------------------------------------
        # pytorch/pytorch torch/_inductor/exc.py:151@cf30153 GPUTooOldForTriton: "Found %s which is too old to be
        # supported by the triton GPU compiler ... CUDA Capability >= 7.0": the GPU itself.
        p(r"GPUTooOldForTriton: Found .* too old to be supported by the triton GPU compiler", "cuda_error", E,
          "this GPU's compute capability is below 7.0, the oldest Triton (Inductor's GPU backend) compiles for",
          "run the compiled job on GPUs of compute capability 7.0 or newer (V100, T4, A100, H100), or do not "
          "compile for this one: torch.compile(model, backend=\"aot_eager\") or no torch.compile",
          C.CUDA_OR_DRIVER, decode=False),
        # triton-lang/triton python/triton/runtime/driver.py:20@v3.9.0: "%d active drivers (%s). There should only
        # be one." with none: no backend found a usable GPU driver (no GPU, or its driver library, in the process);
        # a package that breaks Triton's backend discovery does the same (LLaVA-VL/LLaVA-NeXT's EasyR1 FAQ: uninstall
        # deepspeed from that environment).
        p(r"\b0 active drivers \(\[\]\)\. There should only be one", "gpu_missing", E,
          "Triton found no active GPU driver: this process sees no GPU, or not the driver library (libcuda.so), or a "
          "package installed beside Triton breaks its backend discovery",
          "check `nvidia-smi` and `python -c 'import torch; print(torch.cuda.is_available())'` in the same "
          "environment; run the container with the GPUs (--gpus all) and the driver libraries; if the GPU is "
          "there, remove the package the framework's docs name as conflicting (EasyR1: deepspeed)", C.CUDA_OR_DRIVER,
          "root", (C.OTHER,)),
        # The ptxas 12.9.86 the triton 3.9.0 wheel ships (its strings): "Value '%s' is not defined for option
        # '%s'" (a GPU architecture this ptxas does not know) and "Unsupported .version %s; current version is
        # '%s'" (a PTX version newer than this ptxas): the CUDA toolchain Triton runs does not fit the GPU or PTX.
        p(r"ptxas fatal\s+: Value '\w+' is not defined for option 'gpu-name'|ptxas \S+\.ptx, line \d+; fatal\s+: "
          r"Unsupported \.version [\d.]+; current version is", "cuda_error", E,
          "the ptxas Triton ran does not know this GPU's architecture or the PTX version Triton emits: an older "
          "CUDA toolchain than the GPU and Triton need",
          "unset TRITON_PTXAS_PATH to use the ptxas Triton ships, or point it at the ptxas of a CUDA toolkit "
          "that knows this GPU (`$TRITON_PTXAS_PATH --version`); keep torch and its pinned triton together",
          C.CUDA_OR_DRIVER, decode=False),
        # -- the node's build environment ---------------------------------------------------------------------
        # pytorch/pytorch torch/_inductor/exc.py:88@cf30153 InvalidCxxCompiler ("No working C++ compiler found in
        # torch._inductor.config.cpp.cxx"); triton-lang/triton python/triton/runtime/build.py:33@v3.9.0 "Failed to
        # find C compiler. Please specify via CC environment variable"; third_party/nvidia/backend/driver.c:9
        # @v3.9.0 includes Python.h, which Triton compiles as cuda_utils.c (and its launcher as
        # __triton_launcher.c): no compiler, or no Python headers, on the node.
        p(r"InvalidCxxCompiler: No working C\+\+ compiler found|Failed to find C compiler\. Please specify via CC|"
          r"(?:cuda_utils|__triton_launcher)\.c:\d+:\d+: fatal error: Python\.h: No such file",
          "package_build", E,
          "Inductor or Triton could not build its host code on this node: no working C/C++ compiler, or no "
          "Python development headers (Python.h)",
          "install a compiler and the Python headers in the job's image (`apt-get install -y gcc g++ "
          "python3-dev`, or python3.X-dev for the job's Python), or set CC / CXX to a working one", C.OTHER),
        # pytorch/pytorch torch/_inductor/exc.py:136@cf30153 TritonMissing: "Cannot find a working triton
        # installation": triton absent or older than the torch release needs.
        p(r"TritonMissing: Cannot find a working triton installation", "package_build", E,
          "torch.compile's GPU backend needs Triton, and no working Triton (or one too old for this torch) is "
          "installed", "install the Triton this torch pins: `pip install triton==$(python -c \"import importlib."
          "metadata as m; print([r for r in m.requires('torch') if r.startswith('triton')][0].split('==')[1]."
          "split(';')[0])\")` (or reinstall torch from pytorch.org, which brings it)", C.OTHER),
        # triton-lang/triton python/triton/runtime/cache.py:64@v3.9.0: the cache directory (TRITON_CACHE_DIR,
        # default ~/.triton/cache) cannot be created: a home directory that is read-only or absent on the node.
        p(r"Could not create or locate cache dir", "package_build", E,
          "Triton could not create its kernel cache directory (TRITON_CACHE_DIR, by default ~/.triton/cache): "
          "the home directory is read-only or missing on this node",
          "point the cache at a writable local directory: `export TRITON_CACHE_DIR=/tmp/triton-cache-$USER` "
          "(and TORCHINDUCTOR_CACHE_DIR likewise)", C.OTHER),
        # A JIT build's lock that another process holds or a dead one left: aiter's file baton (vLLM on ROCm,
        # SemiAnalysisAI/InferenceX#1360: TP ranks "waiting for baton release at /tmp/aiter_configs/....lock" while the
        # engine waits on them), a stack of the filelock package's acquire (flashinfer-ai/flashinfer#993: a
        # worker stuck on flashinfer's JIT lock; Hugging Face's download locks take the same call).
        # (A traceback's frame never reaches the classifier: the log scanner reads a traceback by its exception.)
        p(r"waiting for baton release at \S+|^\s*acquire \(\S*filelock/_api\.py:\d+\)\s*$", "extension_lock_wait", E,
          "a process waits for a file lock of a JIT build or download cache: another process holds it while it "
          "builds, or one that was killed left it behind, and the ranks behind it wait before any collective",
          "find the lock file the stack or line names; if no process of the job is building, delete it (and the "
          "half-built module beside it) and run again; warm the JIT caches once before multi-rank runs",
          C.OTHER, "root", (C.HANG_COLLECTIVE_MISMATCH,)),
        # triton-lang/triton python/triton/runtime/cache.py (FileCacheManager.put): a kernel is written to
        # "<name>.tmp.pid_<pid>_<n>" and renamed into place; processes with one cache directory that compile the
        # same kernel at once (tensor-parallel ranks, pods sharing a home directory with the same pid) lose each
        # other's file: vllm-project/vllm#6103 (fixed by triton-lang/triton#4295), IBM/vllm#34 (TP > 1 pods), the same
        # files under Inductor's cache (/tmp/torchinductor_<user>/triton: pytorch/pytorch#134384, 64 ranks).
        p(r"No such file or directory: '[^']*\.tmp\.pid_\d+", "package_build", E,
          "Triton's kernel cache lost a file while it was being written: several processes (the ranks of one job, "
          "or pods sharing one home directory) compiled the same kernel into one cache directory at once",
          "give each rank its own cache on a local disk (`export TRITON_CACHE_DIR=/tmp/triton-cache-$RANK`, "
          "TORCHINDUCTOR_CACHE_DIR likewise), or upgrade triton, whose later releases name the temporary files "
          "uniquely", C.OTHER, "root", (C.APPLICATION_BUG,)),
    )
