"""Lines of torch.compile under multi-GPU jobs, read alone and inside an NCCL log: Dynamo (torch/_dynamo: exc.py,
convert_frame.py's recompile limit, variables/builder.py, distributed.py and functions.py's graph breaks around FSDP
and collectives), Inductor (torch/_inductor: exc.py, async_compile.py and the compile_worker subprocess pool,
fx_passes/spmd_check.py's cross-rank graph check) as the torch 2.13.0 wheel holds them (git_version cf30153,
torch-2.13.0+cpu-cp311 manylinux_2_28), and the Triton compiler it drives as the triton 3.9.0 wheel holds it
(python/triton/runtime: build.py, cache.py, driver.py, errors.py; third_party/nvidia/backend: compiler.py, driver.c;
the ptxas 12.9.86 the wheel ships, read from its strings). pytorch/pytorch and triton-lang/triton themselves are
over the fetch limit. Causes decided from the code around each line: Inductor's SPMD check all-gathers a hash of
every rank's graph and reports the ranks that compiled different graphs, whose collectives then differ in order or
count: hang_collective_mismatch. FSDP with use_orig_params=False and a torch built without torch.distributed are the
program's or build's use of the framework (application_bug). A GPU below capability 7.0, no active driver, and a
ptxas that does not know the GPU's architecture or the PTX version Triton emits are the GPU, driver and CUDA
toolchain (cuda_or_driver). A kernel whose block sizes or stages need more shared memory than this GPU has is the
program's configuration: Triton's message names reducing them as the fix (log.framework_usage, application_bug). A
missing C compiler, Python headers or Triton cache directory is the node's build environment (log.package_build,
other). Recompile limits, graph breaks, the backend's failure wrapper, a compile worker that exited or timed out
(async_compile.py says only "likely due to a crash"; the OOM killer is one reason, a segfault another), ptxas's exit
code 255 (Triton names it an internal codegen error, but ptxas exits 255 on every fatal error) and the cache's load
warning name nothing. No line of this family wraps NCCL's bare result (no RESULT_ONLY)."""

from __future__ import annotations

CASES = [
    # --- Inductor: the cross-rank SPMD graph check
    ('pytorch/pytorch torch/_inductor/fx_passes/spmd_check.py:179@cf30153',
     'SPMD GRAPH MISMATCH — rank 3, world_size=8',
     'log.collective_mismatch', 'hang_collective_mismatch'),
    ('pytorch/pytorch torch/_inductor/fx_passes/spmd_check.py:147@cf30153',
     'RuntimeError: SPMD graph verification failed. Set aten_distributed_optimizations.spmd_mismatch="warn" to warn instead of fail.',
     'log.collective_mismatch', 'hang_collective_mismatch'),
    # --- Dynamo: graph breaks that are the program's or the build's
    ('pytorch/pytorch torch/_dynamo/variables/builder.py:2483@cf30153',
     'torch._dynamo.exc.Unsupported: FSDP with use_orig_params=False',
     'log.framework_usage', 'application_bug'),
    ('pytorch/pytorch torch/_dynamo/variables/builder.py:2485@cf30153',
     '  Explanation: Dynamo only supports FSDP with use_orig_params=True',
     'log.framework_usage', 'application_bug'),
    ('pytorch/pytorch torch/_dynamo/variables/distributed.py:56@cf30153',
     'torch._dynamo.exc.Unsupported: torch.distributed package is not available!',
     'log.framework_usage', 'application_bug'),
    # --- Inductor: GPU, Triton and toolchain checks
    ('pytorch/pytorch torch/_inductor/exc.py:151@cf30153',
     'torch._inductor.exc.GPUTooOldForTriton: Found Tesla P100-PCIE-16GB which is too old to be supported by the triton GPU compiler, which is used as the backend. Triton only supports devices of CUDA Capability >= 7.0, but your device is of CUDA capability 6.0',
     'log.cuda_error', 'cuda_or_driver'),
    ('pytorch/pytorch torch/_inductor/exc.py:136@cf30153',
     'torch._inductor.exc.TritonMissing: Cannot find a working triton installation. Either the package is not installed or it is too old. More information on installing Triton can be found at: https://github.com/triton-lang/triton',
     'log.package_build', 'other'),
    ('pytorch/pytorch torch/_inductor/exc.py:88@cf30153',
     "torch._inductor.exc.InvalidCxxCompiler: No working C++ compiler found in torch._inductor.config.cpp.cxx: (None, 'g++')",
     'log.package_build', 'other'),
    # --- Triton 3.9.0
    ('triton-lang/triton python/triton/runtime/driver.py:20@v3.9.0',
     'RuntimeError: 0 active drivers ([]). There should only be one.',
     'log.gpu_missing', 'cuda_or_driver'),
    ('triton-lang/triton python/triton/runtime/errors.py:22@v3.9.0',
     'triton.runtime.errors.OutOfResources: out of resource: shared memory, Required: 196608, Hardware limit: 101376. Reducing block sizes or `num_stages` may help.',
     'log.framework_usage', 'application_bug'),
    ('triton-lang/triton python/triton/runtime/build.py:33@v3.9.0',
     'RuntimeError: Failed to find C compiler. Please specify via CC environment variable or set triton.knobs.build.impl.',
     'log.package_build', 'other'),
    ('triton-lang/triton third_party/nvidia/backend/driver.c:9@v3.9.0',
     '/tmp/tmpq0d7o2x1/cuda_utils.c:9:10: fatal error: Python.h: No such file or directory',
     'log.package_build', 'other'),
    ("pytorch/pytorch#134384 (Inductor's Triton cache, 64 ranks)",
     "[rank60]: FileNotFoundError: [Errno 2] No such file or directory: '/tmp/torchinductor_ubuntu/triton/4/"
     "5eba80077c5d5c6def3f812b8cccbc7d/triton_.cubin.tmp.pid_93828_100098'", 'log.package_build', 'other'),
    ("SemiAnalysisAI/InferenceX#1360 (vLLM on ROCm, aiter's JIT lock under expert parallelism)",
     '(Worker_TP2_EP2) [aiter] waiting for baton release at /tmp/aiter_configs/tuned_fmoe.csv.lock',
     'log.extension_lock_wait', 'other'),
    ("flashinfer-ai/flashinfer#993 (py-spy of a worker on flashinfer's JIT lock)",
     '    acquire (/usr/local/lib/python3.10/dist-packages/filelock/_api.py:344)', 'log.extension_lock_wait', 'other'),
    ('triton-lang/triton python/triton/runtime/cache.py:64@v3.9.0',
     'RuntimeError: Could not create or locate cache dir',
     'log.package_build', 'other'),
    ('pypi/triton triton/backends/nvidia/bin/ptxas@3.9.0 (ptxas 12.9.86 strings)',
     "ptxas fatal   : Value 'sm_90a' is not defined for option 'gpu-name'",
     'log.cuda_error', 'cuda_or_driver'),
    ('pypi/triton triton/backends/nvidia/bin/ptxas@3.9.0 (ptxas 12.9.86 strings)',
     "ptxas /tmp/tmp8xk2l1ve.ptx, line 5; fatal   : Unsupported .version 8.8; current version is '8.4'",
     'log.cuda_error', 'cuda_or_driver'),
]

NO_CAUSE = [
    'torch._dynamo.exc.Unsupported: Dynamo recompile limit exceeded',  # pytorch/pytorch torch/_dynamo/convert_frame.py:2009@cf30153
    'torch._dynamo.exc.FailOnRecompileLimitHit: Hard failure due to fullgraph=True',  # pytorch/pytorch torch/_dynamo/convert_frame.py:2032@cf30153
    'torch._dynamo.exc.FailOnRecompileLimitHit: Hard failure due to fail_on_recompile_limit_hit',  # pytorch/pytorch torch/_dynamo/convert_frame.py:2028@cf30153
    'torch._dynamo.exc.Unsupported: async_op=True for distributed collectives',  # pytorch/pytorch torch/_dynamo/variables/functions.py:2758@cf30153
    'torch._dynamo.exc.Unsupported: P2P compilation disabled for batch_isend_irecv',  # pytorch/pytorch torch/_dynamo/variables/functions.py:2769@cf30153
    "torch._dynamo.exc.BackendCompilerFailed: backend='inductor' raised:",  # pytorch/pytorch torch/_dynamo/exc.py:261@cf30153
    'torch._inductor.exc.InductorError: RuntimeError: A compilation subprocess exited unexpectedly. This is likely due to a crash. To facilitate debugging, you can re-run with TORCHINDUCTOR_COMPILE_THREADS=1 to cause compilation to occur in the main process.',  # pytorch/pytorch torch/_inductor/async_compile.py:861@cf30153
    "torch._inductor.exc.InductorError: RuntimeError: Inductor compile-worker future for 'cpgwq3nmnx5ryd3jbt7kdzwphb2ceqn2dnnfmxrqzvqwrtoypqb2' did not complete within 1800s. Override with TORCHINDUCTOR_COMPILE_WORKER_WAIT_TIMEOUT=<seconds>.",  # pytorch/pytorch torch/_inductor/async_compile.py:855@cf30153
    '[rank5]:W1202 04:12:31.402118 51240 torch/_inductor/compile_worker/subproc_pool.py:281] SubprocPool unclean exit',  # pytorch/pytorch torch/_inductor/compile_worker/subproc_pool.py:281@cf30153
    'torch._inductor.exc.InductorError: SubprocException: An exception occurred in a subprocess:',  # pytorch/pytorch torch/_inductor/compile_worker/subproc_pool.py:100@cf30153
    'torch._inductor.exc.InductorError: CppCompileError: C++ compile error',  # pytorch/pytorch torch/_inductor/exc.py:112@cf30153
    'triton.runtime.errors.PTXASError: PTXAS error: Internal Triton PTX codegen error',  # triton-lang/triton third_party/nvidia/backend/compiler.py:633@v3.9.0
    'W1202 04:12:19.207441 51236 triton/runtime/build.py:146] Triton cache error: compiled module cuda_utils.so could not be loaded',  # triton-lang/triton python/triton/runtime/build.py:146@v3.9.0
]
