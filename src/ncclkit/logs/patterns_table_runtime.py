"""Rows of the line classifier (patterns.py) for the process runtime under a job (CPython, glibc's loader, libstdc++,
pip, conda) (tests/lines/runtime.py holds every line with file:line@commit):

- glibc's dynamic loader (bminor/glibc 04e750e: elf/dl-load.c, dl-lookup.c, dl-version.c, dl-reloc.c), in its
  "PROGRAM: error while loading shared libraries: ..." form and the "object: text" form Python raises: a libmpi
  that is not there, a libc or libstdc++ older than what a library was linked against, an extension built against
  another torch, a static TLS block that is full;
- CPython 3.12's multiprocessing (Lib/multiprocessing of v3.12.1), the thread module and faulthandler (texts of
  libpython3.12.so): a descriptor passing that lost its descriptors at the fd limit, a peer process gone mid-message,
  the program's misuse of spawn, a client with another authkey, the thread limit;
- libstdc++'s terminate handler (vterminate.cc, libstdc++.so.6.0.30) on std::bad_alloc;
- pip 26.3 (pypa/pip: install's conflict report, pip check) about torch's nvidia-nccl wheel, and the resolver's
  failures that install nothing; conda (conda/conda 0f64223 conda/exceptions.py).

Read before the generic families: their words ("No space left on device" in /dev/shm's row, "Cannot allocate memory"
in the host memory row, "abort" in the communicator's, "no matching" in the interface row) would send these lines
elsewhere.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ncclkit.causes import Cause as C
from ncclkit.findings import Severity

E, W, I = Severity.ERROR, Severity.WARNING, Severity.INFO

# Words the log scanner's prefilter (nccl_log_words.OTHER_WORDS) needs for these rows' lines; no word may contain
# another of the whole list.
RUNTIME_WORDS: tuple[bytes, ...] = (
    b"block: [", b"has already been reduced",
    b"start a new process", b"bootstrapping phase", b"bad_alloc", b"version `GLIBC", b"static TLS", b"thread: Resource",
    b"while loading shared libraries", b"cannot open shared object", b"with link time reference",
    b"context has already been set", b"Cowardly refusing to serialize", b"reduction.pickle.load(from_parent)",
    b"Can't get attribute '",
    b"ForkingPickler(file, protocol).dump",
    b"The conflict is caused by",
)


def runtime_rows(p: Callable[..., Any]) -> tuple[Any, ...]:
    return (
        # -- multiprocessing's start of the ranks -------------------------------------------------------------------
        # set_start_method called a second time (xinntao/EDVR#34: comment out the second call, or force=True), a
        # tensor of the autograd graph handed to spawned processes (torch/multiprocessing/reductions.py "Cowardly
        # refusing to serialize non-leaf tensor which requires_grad"), and a spawned child that found its parent's
        # pickle empty ("self = reduction.pickle.load(from_parent)" then EOFError: the parent failed to pickle what
        # it passes; "likely": the parent's own error reads first).
        p(r"RuntimeError: context has already been set|Cowardly refusing to serialize non-leaf tensor",
          "framework_usage", E, "the program starts its processes against multiprocessing's rules: the start method "
          "set twice, or a tensor that is part of the autograd graph passed to spawned processes",
          "set the start method once, under `if __name__ == '__main__':` (or `set_start_method(..., force=True)`); "
          "pass tensors detached (`.detach()`) or build them inside each process", C.APPLICATION_BUG),
        # The child's own words when what it unpickles names a function of the parent's main module it does not have:
        # defined in a notebook cell or under `if __name__ == "__main__":`, which a spawned child does not run
        # (Sleepychord/CogLTX#2: moved out of the guard; ThomasDelteil/HandwrittenTextRecognition_MXNet#27, Jupyter).
        p(r"Can't get attribute '[\w.]+' on <module '__(?:mp_)?main__'", "framework_usage", E,
          "a spawned process could not find a function its parent passed it by name: the function is defined in a "
          "notebook cell or under `if __name__ == '__main__':`, which the child does not run",
          "define the function at the top level of an importable .py module (in a notebook, move it to a module and "
          "import it), keeping only the start of the job under the main guard", C.APPLICATION_BUG),
        p(r"^\s*self = reduction\.pickle\.load\(from_parent\)", "framework_usage", E,
          "a spawned process found nothing to unpickle from its parent: the parent failed to pickle what it "
          "passes (a lambda, a local function, an open handle) or died first",
          "read the parent's error (\"Can't pickle ...\"); pass only module-level functions and picklable objects "
          "to spawned processes, or run the DataLoader with num_workers=0 to see it", C.APPLICATION_BUG, "likely"),
        # The parent's side of the same hand-over (Lib/multiprocessing/popen_spawn_win32.py, reduction.dump): the
        # broken pipe under "ForkingPickler(file, protocol).dump(obj)" is the child gone before it read its start-up
        # data, not a network peer (PyTorch's Windows FAQ; ildoonet/tf-pose-estimation#546).
        p(r"^\s*ForkingPickler\(file, protocol\)\.dump\(obj\)", "framework_usage", E,
          "a spawned process ended before its parent finished sending it what it starts with: the child failed "
          "at start-up (its own error, often an unguarded script or what it unpickles)",
          "run the DataLoader with num_workers=0 (or the pool with one process) to see the child's error; guard the "
          "script's entry with `if __name__ == '__main__':`", C.APPLICATION_BUG, "likely"),
        # -- the resolvers' failures, which install nothing ---------------------------------------------------------
        # pypa/pip src/pip/_internal/resolution/resolvelib/factory.py:755,768,850,898@26.3 ("Could not find a version
        # that satisfies the requirement", "No matching distribution found for", "Cannot install ... because these
        # package versions have conflicting dependencies.", "The conflict is caused by:", "ResolutionImpossible: for
        # help visit"); conda/conda conda/exceptions.py:1181,774@0f64223 (UnsatisfiableError's summary,
        # PackagesNotFoundError): the install stopped before changing anything, so the job's environment is the one
        # it had ("no matching" is the interface row's word).
        p(r"No matching distribution found for \S|Could not find a version that satisfies the requirement|because "
          r"these package versions have conflicting dependencies|^\s*The conflict is caused by:|ResolutionImpossible: "
          r"for help visit|Conda could not find a compatible set of packages|"
          r"PackagesNotFoundError: The following packages are not available",
          "noise", I, "the package manager found no set of versions to install and installed nothing: the job's "
          "environment is unchanged", "nothing to fix for the job; to install, ask for versions that exist for "
          "this platform and Python (`pip index versions <pkg>`, the right --index-url for +cuXXX builds)", None,
          "noise"),
        # -- glibc's dynamic loader ---------------------------------------------------------------------------------
        # bminor/glibc elf/dl-load.c:2183@04e750e (_dl_map_object: "cannot open shared object file"): nccl-tests
        # built with MPI=1, or a binding linked to libmpi, started where that libmpi is not on the library path.
        p(r"\blibmpi\w*\.so[\w.]*: cannot open shared object file", "mpi_library_missing", E,
          "the program was built against an MPI library (libmpi.so) the loader cannot find here",
          "load the MPI the program was built with (`module load` it, or add its lib directory to LD_LIBRARY_PATH; "
          "`ldd <program> | grep mpi` shows what is missing), or rebuild nccl-tests without MPI=1", C.OTHER),
        # Any other program the job starts whose library the loader does not find (GoogleCloudPlatform/nim-deploy#18:
        # TensorRT-LLM's executorWorker without libnvinfer.so.10): the libraries of CUDA, NCCL and MPI have the rows
        # that name them; this one names the program and the library.
        # A sanitizer's report inside NCCL's or RCCL's own source ("src/transport/net_ib.cc:592:12: runtime error: index
        # 3 out of bounds"): a bug of that release (ROCm/rccl#1469: ncclIbGdrSupport read past its array on a kernel
        # without peer memory, fixed by #1470).
        # compute-sanitizer's memcheck ("========= Invalid __global__ write of size 16 bytes", then the kernel, NCCL's
        # ncclDevFunc_AllReduce_... included): a kernel touched memory outside what it was given; in NCCL's kernel
        # the buffer the program passed is not valid for it (ggml-org/llama.cpp#24489: a memory pool the peer GPU
        # could not reach, fixed in llama.cpp).
        p(r"^=+\s+Invalid __global__ (?:read|write) of size \d+ bytes", "crash", E,
          "compute-sanitizer caught a GPU kernel reading or writing memory outside its buffers: a buffer the program "
          "passed is too small, freed, or not mapped for that GPU", "read the kernel and host frames the report "
          "names; check the sizes and the GPU each buffer lives on (a pool or allocation the peer GPU cannot reach)",
          C.APPLICATION_BUG, "root", (C.OTHER,)),
        p(r"/src/(?:transport|graph|misc|device|plugin|ras)/[\w/]+\.(?:cc|cu|h):\d+:\d+: runtime error:", "crash", E,
          "a sanitizer caught a memory error inside NCCL's (or RCCL's) own code: a bug of that release",
          "upgrade NCCL/RCCL to a release that fixes it (search its issues for the function named in the report); "
          "meanwhile avoid the code path (the settings around the function, e.g. NCCL_NET_GDR_LEVEL for GDR checks)",
          C.OTHER, "root", (C.APPLICATION_BUG,)),
        # A program's module loader quotes the same words ("RVS-CLI: could not load .so '.../libgm.so.0' reason:
        # librocm_smi64.so: cannot open shared object file", ROCm/ROCmValidationSuite#205, #239).
        p(r"(?:error while loading shared libraries|reason): (?!lib(?:nccl|rccl|mpi|cu|nvrtc|nvidia))\S+: cannot open "
          r"shared object file", "library_missing", E,
          "a program the job starts cannot load a shared library it was linked against (the library named): it is "
          "not installed here or not on the loader's path", "install the library's package, or add its directory "
          "to LD_LIBRARY_PATH where the program runs (`ldd <program> | grep 'not found'` lists what is missing)",
          C.OTHER),
        # bminor/glibc elf/dl-version.c:144@04e750e (match_symbol: "version `%s' not found (required by %s)"): the
        # library named last (libnccl, libtorch_python) was linked against a newer glibc or libstdc++ than the one
        # loaded (an old OS image, conda's older libstdc++ first on the path).
        # It is NCCL's own build only where libnccl is the library that requires it; otherwise the OS or C++ runtime
        # (ztxz16/fastllm#301, kvcache-ai/ktransformers#524: conda's older libstdc++ first on the path).
        p(r"version `(?:GLIBC|GLIBCXX|CXXABI)_[\d.]+' not found \(required by [^)]*libnccl", "library_version", E,
          "the NCCL library was built against a newer glibc or libstdc++ than this system loads",
          "install the NCCL build for this OS (`ldd --version`), or the one PyTorch's wheel brings",
          C.NCCL_VERSION_MISMATCH, "root", (C.OTHER,)),
        p(r"version `(?:GLIBC|GLIBCXX|CXXABI)_[\d.]+' not found", "library_version", E,
          "a library (the one after `required by`) was built against a newer glibc or libstdc++ than this system "
          "loads: the wheel or build targets a newer OS, or an older libstdc++ comes first on the library path",
          "install a build for this OS's glibc (`ldd --version`), or put the newer libstdc++ first "
          "(`conda install -c conda-forge libstdcxx-ng`, or LD_PRELOAD the system's libstdc++.so.6)",
          C.OTHER, "root", (C.NCCL_VERSION_MISMATCH,)),
        # bminor/glibc elf/dl-lookup.c:806@04e750e ("undefined symbol: %s"): an extension module missing a c10, at::
        # or torch:: symbol (mangled _ZN3c10, _ZN2at, _ZN5torch) was compiled against another torch than the one
        # imported (flash_attn, apex, a cpp_extension wheel; intel-extension-for-pytorch's FAQ quotes it without
        # the library's name). torchvision's own check (torchvision/extension.py) of the CUDA its ops were built
        # for against torch's (m-bain/whisperX#320: reinstall torchvision from torch's CUDA index).
        p(r"undefined symbol: _ZN(?:K|St)?(?:3c10|2at|5torch)\d|Detected that PyTorch and torchvision were compiled "
          r"with different(?: CUDA versions|\s*$)", "package_build", E,
          "an extension module was compiled against another PyTorch (or its CUDA) than the one installed: a C++ "
          "symbol of torch it needs is not there, or torchvision's ops target another CUDA",
          "reinstall the extension built for this torch (`pip install --no-build-isolation "
          "--force-reinstall --no-cache-dir <package>`, or the wheel matching torch's version and CUDA)", C.OTHER),
        # libnuma's symbols missing ("undefined symbol: numa_parse_nodestring", SkyRL's troubleshooting: libnuma is
        # not installed): a package of the host, not the node's NUMA layout.
        p(r"undefined symbol: numa_\w+", "package_build", E,
          "a library needs libnuma, which is not installed (or an older one is loaded)", "install libnuma "
          "(`apt install libnuma-dev` / `dnf install numactl-libs`) in the image or on every node", C.OTHER),
        # bminor/glibc elf/dl-reloc.c:141@04e750e (_dl_allocate_static_tls fails): a library with initial-exec TLS
        # (libgomp on aarch64) loaded late finds the loader's fixed static TLS surplus used up; memory is not short.
        p(r"cannot allocate memory in static TLS block", "static_tls", E,
          "the loader could not place a library loaded late (dlopen'ed after start-up): glibc's static TLS "
          "reserve is used up, not memory", "preload the library the line names (`LD_PRELOAD=/path/to/libgomp.so.1`"
          ") or import it first; glibc 2.32+ can grow the reserve "
          "(`GLIBC_TUNABLES=glibc.rtld.optional_static_tls=16384`)", C.OTHER),
        # -- CPython's multiprocessing and threads -------------------------------------------------------------------
        # python/cpython Lib/multiprocessing/reduction.py:164@v3.12.1 (recvfds: recvmsg() got no SCM_RIGHTS message):
        # the kernel drops descriptors passed to a receiver at RLIMIT_NOFILE (torch's file_descriptor sharing).
        p(r"received 0 items of ancdata", "fd_limit", E,
          "a process could not receive the file descriptors another passed to it (shared tensors): it is at its "
          "open-file limit", "raise the limit (`ulimit -n 1048576`, docker --ulimit nofile) or share tensors "
          "through files: `torch.multiprocessing.set_sharing_strategy('file_system')`", C.MEMLOCK_OR_ULIMIT),
        # python/cpython Lib/multiprocessing/connection.py:401@v3.12.1 (_recv_bytes: the stream ended inside a
        # message): the process at the other end exited while sending.
        p(r"got end of file during message", "socket_closed", E,
          "the process at the other end of a multiprocessing connection exited in the middle of a message",
          "find why that process died (its own error, the OOM killer in `dmesg`)", C.RANK_CRASHED_ELSEWHERE,
          "collateral"),
        # python/cpython Lib/multiprocessing/spawn.py:140@v3.12.1 (_check_not_importing_main: the main module
        # starts processes at import, without `if __name__ == '__main__':`), context.py:374 (assert_spawning: a
        # Queue or Lock passed other than at creation), synchronize.py:107 (a SemLock of a fork context given to a
        # spawned process): the program's use of multiprocessing.
        p(r"An attempt has been made to start a new process before the|current process has finished its "
          r"bootstrapping phase|objects should only be shared between processes through inheritance|A SemLock "
          r"created in a \w+ context is being shared with a process in a \w+ context", "program_error", E,
          "the program misuses multiprocessing: it starts processes while its main module is imported (no `if "
          "__name__ == '__main__':` guard), or passes a queue or lock other than at creation or across contexts",
          "start processes under `if __name__ == '__main__':`, pass queues and locks as Process arguments, and "
          "create them from the same context (`mp.get_context('spawn').Queue()`) as the processes",
          C.APPLICATION_BUG),
        # python/cpython Lib/multiprocessing/connection.py:924@v3.12.1 (deliver_challenge; answer_challenge's
        # "digest sent was rejected" is the client's side): the HMAC handshake failed, a client with another
        # authkey (another job's manager or store) connected to this listener's port.
        p(r"AuthenticationError: digest (?:received was wrong|sent was rejected)", "socket_foreign", E,
          "a process that is not this program's peer connected to its multiprocessing listener (another authkey): "
          "two jobs use one port", "give each job its own port (MASTER_PORT, the manager's address); kill stale "
          "runs still holding it", C.APPLICATION_BUG),
        # python/cpython Modules/_threadmodule.c@v3.12.1 (pthread_create failed): the thread limit (ulimit -u,
        # pids.max) or no memory for the thread's stack. boost::thread (as Ray's raylet and C++ extensions start their
        # threads) throws system_error "thread: Resource temporarily unavailable" on the same EAGAIN.
        p(r"\bcan't start new thread|\bthread: Resource temporarily unavailable", "thread_limit", E,
          "Python could not start a thread: the process or container reached its thread limit (or memory for "
          "thread stacks)", "raise the limit (`ulimit -u`, docker `--pids-limit -1`, the pod's pids limit) or use "
          "fewer DataLoader workers and threads (OMP_NUM_THREADS)", C.MEMLOCK_OR_ULIMIT),
        # python/cpython Modules/faulthandler.c@v3.12.1 (libpython3.12.so): the SIGABRT header of faulthandler's
        # dump; the error printed before it (terminate, an assertion, the watchdog) is the cause ("abort" is the
        # communicator row's word).
        # Ray prefixes its workers' output with the actor's name, coloured ("[36m(WorkerDict pid=3175143, ip=...)[0m
        # Fatal Python error: Aborted", volcengine/verl#184: the CUDA fault printed before it).
        p(r"^(?:\x1b?\[\d+m)?(?:\(\w+ pid=\d+(?:, ip=[\d.]+)?\)(?:\x1b?\[0m)? ?)?Fatal Python error: Aborted$",
          "process_aborted", W,
          "a Python process aborted itself (SIGABRT) after an error of its own, printed before this line",
          "read the error the process printed before it aborted (`terminate called after throwing`, an assertion, "
          "the watchdog's timeout)", C.OTHER, "collateral", (C.HANG_COLLECTIVE_MISMATCH, C.APPLICATION_BUG)),
        # -- libstdc++ ----------------------------------------------------------------------------------------------
        # gcc-mirror/gcc libstdc++-v3/libsupc++/vterminate.cc@gcc-12: operator new failed and nothing caught it.
        # A kernel's own assert() (PyTorch's ClassNLLCriterion.cu "Assertion `t >= 0 && t < n_classes` failed", the
        # index kernels' bounds): a label or index out of range in the program's data (open-mmlab/mmaction2#2120: the
        # num_classes setting); the device-side assert error that follows is this.
        # PyTorch's NaN check on a collective's input (c10d/NanCheck.cu checkForNaN, TORCH_NCCL_NAN_CHECK=1; pytorch/
        # pytorch#174990) is the program's data too, but NaN, not an index.
        p(r"NanCheck\.cu:\d+: checkForNaN: block: ", "kernel_assert", E,
          "PyTorch's NaN check (TORCH_NCCL_NAN_CHECK) found NaN in a tensor passed to a collective: the rank's own "
          "computation produced it", "find where NaN first appears on that rank (torch.autograd.set_detect_anomaly, "
          "a lower learning rate, the loss scale, the data); the collective only carried it", C.APPLICATION_BUG),
        # The function may be a lambda's "operator()" (ATen's IndexKernel.cu).
        # torch 1.4 - 1.6 printed the lambda whole ("lambda [](int)->auto::operator()(int)->auto: block:",
        # megvii-model/YOLOF#20) and THC its templates ("void THCudaTensor_scatterKernel(...) [with IndexType =
        # unsigned int, Real = float, Dims = 1]: block:").
        p(r"\.cu:\d+: (?:[\w:]+(?:\(\))?|lambda \[\]\([^)]*\)->auto::operator\(\)\([^)]*\)->auto|void \w+\([^\n]*?\)"
          r"(?: \[with [^\]\n]*\])?): block: \[\d+,\d+,\d+\], thread: \[\d+,\d+,\d+\] Assertion `", "kernel_assert",
          E,
          "a GPU kernel's own assertion failed on the program's data (a label or index out of range: more classes "
          "in the data than the model's num_classes, an embedding id past its table)",
          "check the labels and indices against the model's sizes (num_classes, vocabulary); rerun with "
          "CUDA_LAUNCH_BLOCKING=1 to see the operation", C.APPLICATION_BUG),
        # DeepSpeed ZeRO stage_1_and_2.py's check: one parameter's gradient reduced twice in a step (the parameter
        # used twice in the graph, or reentrant activation checkpointing recomputing it; deepspeedai/DeepSpeed#1962).
        p(r"has already been reduced\.\s+Gradient computed twice", "framework_usage", E,
          "DeepSpeed ZeRO got a second gradient for a parameter in one step: the model uses that parameter twice, or "
          "reentrant activation checkpointing recomputes it", "use non-reentrant checkpointing "
          "(gradient_checkpointing_kwargs={'use_reentrant': False}) or ZeRO stage 3/1, and do not reuse a module twice "
          "in one forward", C.APPLICATION_BUG),
        # c10's CUDA exception escaping a thread (the watchdog's, a destructor's): its "what():  CUDA error: ..." on the
        # next line names the error (open-mmlab/mmaction2#1749: a device-side assert); this line only wraps it.
        p(r"terminate called after throwing an instance of 'c10::CUDAError'", "cuda_wrapper", W,
          "a CUDA error escaped a thread and ended the process: the `what():` line after it names the error",
          "read the `what():` line", None, "collateral"),
        p(r"terminate called after throwing an instance of 'std::bad_alloc'", "oom", E,
          "a C++ allocation failed: the process ran out of host memory", "check host memory (`free -g`, `dmesg | "
          "grep -i oom`); fewer ranks or DataLoader workers per node, or a smaller host-side buffer", C.OOM),
        # libstdc++'s terminate handler with no exception in flight (vterminate.cc): std::terminate from a std::thread
        # destroyed while still joinable, as the process ends with its process group's threads running: a rank that
        # left the program (sys.exit, the end of its script) while its peers went on (tests/analyze/data/rank-abort:
        # torch 2.13's gloo, the rank then dies on SIGABRT and its peer reads "Connection closed by peer"). An error
        # the rank raised is why it left, and leads (mp.spawn's report of rank 1's KeyError beside it).
        p(r"terminate called without an active exception", "exit_without_cleanup", E,
          "a process ended while its process group's threads still ran (std::terminate with no exception, then "
          "SIGABRT): that rank left the program before its peers were done, without destroying its process group",
          "make every rank run the same steps to the end and call dist.destroy_process_group() before it exits (a "
          "rank that returns or calls sys.exit() early leaves its peers waiting); an error printed before it is the "
          "reason it left", C.APPLICATION_BUG, "likely", (C.OTHER,)),
        # -- pip, conda -----------------------------------------------------------------------------------------
        # pypa/pip src/pip/_internal/commands/check.py:49@26.3 ("%s %s has requirement %s, but you have %s %s."), the
        # install report's "requires %s, but you have" (install.py:891): torch pins an nvidia-nccl wheel and another
        # one is installed.
        p(r"(?:has requirement|requires) nvidia-nccl-cu\d+\S*[^\n]*, but you have nvidia-nccl", "version_mismatch", E,
          "the environment's NCCL wheel is not the version torch was built and pinned against",
          "install the version torch pins (`pip install nvidia-nccl-cu12==<version named>`) or the torch build "
          "made for this NCCL", C.NCCL_VERSION_MISMATCH),
        # pypa/pip src/pip/_internal/commands/install.py:882@26.3 ("%s %s requires %s, which is not installed."):
        # torch without its NCCL wheel (uninstalled, or --no-deps).
        p(r"requires nvidia-nccl-cu\d+\S*[^\n]*, which is not installed", "nccl_library_missing", E,
          "torch's NCCL wheel (nvidia-nccl) is not installed: torch cannot load libnccl",
          "install the version torch pins (`pip install nvidia-nccl-cu12==<version named>`), or reinstall torch "
          "with its dependencies", C.OTHER),
        # conda/conda conda/exceptions.py:1539@0f64223 (ENOSPC while writing the package cache or the prefix): the
        # disk conda installs to is full, not /dev/shm ("No space left on device" is /dev/shm's row's word).
        p(r"NoSpaceLeftError: No space left on devices?", "disk_full", E,
          "conda's package cache or environment filesystem is full", "free space there (`conda clean --all`, `df -h "
          "$(conda info --base)`) or point CONDA_PKGS_DIRS at a larger disk", C.OTHER),
    )
