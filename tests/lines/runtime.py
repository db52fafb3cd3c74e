"""Lines of the process runtime under a training job that users paste beside NCCL errors, read alone and inside an
NCCL log: glibc's dynamic loader (bminor/glibc 04e750e, 2.42.9000: elf/dl-load.c, dl-lookup.c, dl-version.c,
dl-reloc.c, with dl-catch.c's "PROGRAM: error while loading shared libraries: ..." / "symbol lookup error" form for a
program and dlerror.c's "object: text" form that Python raises) and its strerror and gai_strerror texts
(sysdeps/gnu/errlist.h, sysdeps/posix/gai_strerror-strs.h) as CPython 3.12 raises them (ConnectionResetError,
BrokenPipeError, ConnectionRefusedError, TimeoutError, OSError, socket.gaierror), CPython 3.12's multiprocessing,
concurrent.futures and warnings output (Lib/ read from the v3.12.1 standard library of a pyenv build: python/cpython
is too large to fetch here), CPython's C-level texts (faulthandler, the thread module, the buffered-io shutdown
check, os.fork's warning) checked in that build's libpython3.12.so, so they carry no source line, libstdc++'s
terminate handler (vterminate.cc; gcc-mirror/gcc is too large to fetch, its texts checked in libstdc++.so.6.0.30),
pip 26.3 (pypa/pip, read from the pip-26.3 wheel: the resolver's reports, install's conflict warning, pip check)
and conda (conda/conda 0f64223: the exception classes and their guidance, the __cuda virtual-package probe).

Causes decided from what the code means for a multi-GPU job, reviewed one by one:
- The loader: libnccl missing is log.nccl_library_missing (other), libmpi missing (nccl-tests built with MPI=1)
  log.mpi_library_missing (other), as in cuda_libs.py. A binary built against a newer NCCL that the loaded libnccl
  lacks (dl-lookup.c's undefined symbol, lazily bound: "symbol lookup error") is nccl_version_mismatch; a libc or
  libstdc++ older than what libnccl or torch was linked against (dl-version.c's "version `GLIBC_2.34' / `GLIBCXX_...'
  not found") is log.library_version, the library under the stack older than its user: nccl_version_mismatch where
  libnccl requires it, the OS or C++ runtime (`other`) otherwise (conda's older libstdc++ first on the path, ztxz16/
  fastllm#301). An extension compiled against another torch (flash_attn's undefined c10
  symbol) is log.package_build (other). dl-reloc.c's "cannot allocate memory in static TLS block" is no memory
  shortage: the loader has no static TLS surplus left for a library dlopen'ed late (aarch64 libgomp), fixed by
  LD_PRELOAD; no finding fits, so a new id is proposed (log.static_tls, other).
- errno texts: a reset or broken pipe is the peer process gone (socket_closed, rank_crashed_elsewhere), as in
  gloo.py; a refused port, a connect that timed out (ETIMEDOUT: SYNs dropped) and EHOSTUNREACH (firewalld's default
  reject is icmp-host-prohibited, which connect() reports as "No route to host"; cluster.py's hydra line) are
  firewall_or_port_blocked; EADDRINUSE is the rendezvous port taken (log.port_in_use, application_bug); EMFILE is the
  fd limit; ENOMEM (os.fork of a large process, mmap) is host memory; EAI_NONAME and EAI_AGAIN are the resolver.
- multiprocessing: reduction.py's "received 0 items of ancdata" is recvmsg() getting no SCM_RIGHTS message: the
  kernel drops the passed descriptors when the receiver is at RLIMIT_NOFILE (torch's file_descriptor sharing), so
  the fd limit; connection.py's end of file inside a message is the peer process gone; spawn's bootstrapping error,
  assert_spawning and the fork/spawn SemLock check are the program's misuse (log.program_error); connection.py's
  "digest received was wrong" is a client with another authkey on the listener's port (log.socket_foreign).
- faulthandler's "Bus error" is SIGBUS, which a training process gets when it touches a page of a /dev/shm mapping
  tmpfs cannot back (NCCL's SHM transport, shared tensors): log.shm_error, whose documented signal it is. Its
  "Segmentation fault" and "Aborted" headers are the crash and the abort (log.crash, log.process_aborted, both
  `other`, as the other families read those signals); the thread dump and the extension list name no cause; "can't start new thread" is the thread limit (log.thread_limit). libstdc++'s terminate names
  std::bad_alloc as memory; the exception type it names otherwise (c10::DistBackendError) is only a wrapper. With no
  exception in flight it is a std::thread destroyed while still running, which in a training process is the process
  group's thread as the rank exits early: log.exit_without_cleanup (application_bug), as torch 2.13's gloo ranks that
  called sys.exit() or raised under mp.spawn printed it (tests/analyze/data/rank-abort).
- pip: install's "requires nvidia-nccl-cu12==X, but you have nvidia-nccl-cu12 Y" and pip check's "has requirement"
  report an environment whose NCCL is not the one torch pins (log.version_mismatch); "which is not installed" is
  torch without its NCCL wheel (log.nccl_library_missing). The resolver's "Cannot install ... conflicting
  dependencies", ResolutionImpossible and "No matching distribution" install nothing: the job's environment is
  unchanged, so they name no cause of the job's failure.
- conda: CondaMemoryError is host memory (oom); NoSpaceLeftError is the package cache or prefix filesystem, not
  /dev/shm (log.disk_full, other); the solver's UnsatisfiableError summary, PackagesNotFoundError and the __cuda
  probe's permission warning name nothing.
resource_tracker's leaked-object and relaunch warnings, the fork-with-threads DeprecationWarning, BrokenProcessPool
and the shutdown lock error only report that some process died or may deadlock; they name nothing."""

from __future__ import annotations

CASES = [
    # -- glibc's dynamic loader ---------------------------------------------------------------------------------------
    ('bminor/glibc elf/dl-load.c:2183@04e750e',
     './build/all_reduce_perf: error while loading shared libraries: libnccl.so.2: cannot open shared object file: No such file or directory',
     'log.nccl_library_missing', 'other'),
    ('bminor/glibc elf/dl-load.c:2183@04e750e',
     './build/all_reduce_perf: error while loading shared libraries: libmpi.so.40: cannot open shared object file: No such file or directory',
     'log.mpi_library_missing', 'other'),
    ('bminor/glibc elf/dl-lookup.c:806@04e750e',
     './build/all_reduce_perf: symbol lookup error: ./build/all_reduce_perf: undefined symbol: ncclMemAlloc',
     'log.version_mismatch', 'nccl_version_mismatch'),
    ('bminor/glibc elf/dl-version.c:144@04e750e',
     "ImportError: /lib/x86_64-linux-gnu/libc.so.6: version `GLIBC_2.34' not found (required by /usr/lib/x86_64-linux-gnu/libnccl.so.2)",
     'log.library_version', 'nccl_version_mismatch'),
    ('bminor/glibc elf/dl-version.c:144@04e750e',
     "ImportError: /opt/conda/lib/libstdc++.so.6: version `GLIBCXX_3.4.30' not found (required by /opt/conda/lib/python3.12/site-packages/torch/lib/libtorch_python.so)",
     'log.library_version', 'other'),
    ('bminor/glibc elf/dl-lookup.c:806@04e750e',
     'ImportError: /opt/conda/lib/python3.12/site-packages/flash_attn_2_cuda.cpython-312-x86_64-linux-gnu.so: undefined symbol: _ZN3c104cuda9SetDeviceEi',
     'log.package_build', 'other'),
    ('bminor/glibc elf/dl-reloc.c:141@04e750e',
     'OSError: /lib/aarch64-linux-gnu/libgomp.so.1: cannot allocate memory in static TLS block',
     'log.static_tls', 'other'),
    # -- strerror / gai_strerror texts as CPython 3.12 raises them ---------------------------------------------------
    ('bminor/glibc sysdeps/gnu/errlist.h:374@04e750e',
     'ConnectionResetError: [Errno 104] Connection reset by peer',
     'log.socket_closed', 'rank_crashed_elsewhere'),
    ('bminor/glibc sysdeps/gnu/errlist.h:216@04e750e',
     'BrokenPipeError: [Errno 32] Broken pipe',
     'log.socket_closed', 'rank_crashed_elsewhere'),
    ('bminor/glibc sysdeps/gnu/errlist.h:422@04e750e',
     'ConnectionRefusedError: [Errno 111] Connection refused',
     'log.socket_connect_failed', 'firewall_or_port_blocked'),
    ('bminor/glibc sysdeps/gnu/errlist.h:416@04e750e',
     'TimeoutError: [Errno 110] Connection timed out',
     'log.socket_connect_failed', 'firewall_or_port_blocked'),
    ('bminor/glibc sysdeps/gnu/errlist.h:445@04e750e',
     'OSError: [Errno 113] No route to host',
     'log.socket_connect_failed', 'firewall_or_port_blocked'),
    ('bminor/glibc sysdeps/gnu/errlist.h:339@04e750e',
     'OSError: [Errno 98] Address already in use',
     'log.port_in_use', 'application_bug'),
    ('bminor/glibc sysdeps/gnu/errlist.h:157@04e750e',
     'OSError: [Errno 24] Too many open files',
     'log.fd_limit', 'memlock_or_ulimit'),
    ('bminor/glibc sysdeps/gnu/errlist.h:85@04e750e',
     'OSError: [Errno 12] Cannot allocate memory',
     'log.oom', 'oom'),
    ('bminor/glibc sysdeps/posix/gai_strerror-strs.h:9@04e750e',
     'socket.gaierror: [Errno -2] Name or service not known',
     'log.name_resolution', 'hostname_resolution'),
    ('bminor/glibc sysdeps/posix/gai_strerror-strs.h:3@04e750e',
     'socket.gaierror: [Errno -3] Temporary failure in name resolution',
     'log.name_resolution', 'hostname_resolution'),
    # -- CPython 3.12: multiprocessing, the thread module, faulthandler ------------------------------------------------
    ('python/cpython Lib/multiprocessing/reduction.py:164@v3.12.1',
     'RuntimeError: received 0 items of ancdata',
     'log.fd_limit', 'memlock_or_ulimit'),
    ('python/cpython Lib/multiprocessing/connection.py:401@v3.12.1',
     'OSError: got end of file during message',
     'log.socket_closed', 'rank_crashed_elsewhere'),
    ('python/cpython Lib/multiprocessing/spawn.py:140@v3.12.1',
     '        An attempt has been made to start a new process before the',
     'log.program_error', 'application_bug'),
    ('python/cpython Lib/multiprocessing/context.py:374@v3.12.1',
     'RuntimeError: Queue objects should only be shared between processes through inheritance',
     'log.program_error', 'application_bug'),
    ('python/cpython Lib/multiprocessing/synchronize.py:107@v3.12.1',
     'RuntimeError: A SemLock created in a fork context is being shared with a process in a spawn context. This is not supported. Please use the same context to create multiprocessing objects and Process.',
     'log.program_error', 'application_bug'),
    ('python/cpython Lib/multiprocessing/connection.py:924@v3.12.1',
     'multiprocessing.context.AuthenticationError: digest received was wrong',
     'log.socket_foreign', 'application_bug'),
    ('python/cpython Modules/_threadmodule.c@v3.12.1 (libpython3.12.so)',
     "RuntimeError: can't start new thread",
     'log.thread_limit', 'memlock_or_ulimit'),
    ('python/cpython Modules/faulthandler.c@v3.12.1 (libpython3.12.so)',
     'Fatal Python error: Bus error',
     'log.shm_error', 'shm_too_small'),
    # faulthandler's SIGSEGV and SIGABRT headers name the crash and the abort, as fabric_rocm, schedulers2 and
    # mpifabric read them (moved from NO_CAUSE).
    ('python/cpython Modules/faulthandler.c@v3.12.1 (libpython3.12.so)',
     'Fatal Python error: Segmentation fault',
     'log.crash', 'other'),
    ('python/cpython Modules/faulthandler.c@v3.12.1 (libpython3.12.so)',
     'Fatal Python error: Aborted',
     'log.process_aborted', 'other'),
    # -- libstdc++'s terminate handler ------------------------------------------------------------------------------
    ('gcc-mirror/gcc libstdc++-v3/libsupc++/vterminate.cc@gcc-12 (libstdc++.so.6.0.30)',
     "terminate called after throwing an instance of 'std::bad_alloc'",
     'log.oom', 'oom'),
    ('gcc-mirror/gcc libstdc++-v3/libsupc++/vterminate.cc@gcc-12 (libstdc++.so.6.0.30)',
     'terminate called without an active exception',
     'log.exit_without_cleanup', 'application_bug'),
    # -- pip 26.3 ---------------------------------------------------------------------------------------------------
    ('pypa/pip src/pip/_internal/commands/install.py:891@26.3',
     'torch 2.5.1+cu124 requires nvidia-nccl-cu12==2.21.5; platform_system == "Linux" and platform_machine == "x86_64", but you have nvidia-nccl-cu12 2.26.2 which is incompatible.',
     'log.version_mismatch', 'nccl_version_mismatch'),
    ('pypa/pip src/pip/_internal/commands/check.py:49@26.3',
     'torch 2.5.1+cu124 has requirement nvidia-nccl-cu12==2.21.5; platform_system == "Linux" and platform_machine == "x86_64", but you have nvidia-nccl-cu12 2.26.2.',
     'log.version_mismatch', 'nccl_version_mismatch'),
    ('pypa/pip src/pip/_internal/commands/install.py:882@26.3',
     'torch 2.5.1+cu124 requires nvidia-nccl-cu12==2.21.5; platform_system == "Linux" and platform_machine == "x86_64", which is not installed.',
     'log.nccl_library_missing', 'other'),
    # -- conda ------------------------------------------------------------------------------------------------------
    ('conda/conda conda/exceptions.py:1356@0f64223',
     'CondaMemoryError: The conda process ran out of memory. Increase system memory and/or try again.',
     'log.oom', 'oom'),
    ('conda/conda conda/exceptions.py:1539@0f64223',
     'NoSpaceLeftError: No space left on devices.',
     'log.disk_full', 'other'),
]

NO_CAUSE = [
    '/opt/conda/lib/python3.12/multiprocessing/resource_tracker.py:254: UserWarning: resource_tracker: There appear to be 6 leaked shared_memory objects to clean up at shutdown',  # python/cpython Lib/multiprocessing/resource_tracker.py:254@v3.12.1
    '/opt/conda/lib/python3.12/multiprocessing/resource_tracker.py:254: UserWarning: resource_tracker: There appear to be 1 leaked semaphore objects to clean up at shutdown',  # python/cpython Lib/multiprocessing/resource_tracker.py:254@v3.12.1
    "/opt/conda/lib/python3.12/multiprocessing/resource_tracker.py:267: UserWarning: resource_tracker: '/psm_6f1c2a9e': [Errno 2] No such file or directory: '/psm_6f1c2a9e'",  # python/cpython Lib/multiprocessing/resource_tracker.py:267@v3.12.1
    '/opt/conda/lib/python3.12/multiprocessing/resource_tracker.py:123: UserWarning: resource_tracker: process died unexpectedly, relaunching.  Some resources might leak.',  # python/cpython Lib/multiprocessing/resource_tracker.py:123@v3.12.1
    '/opt/conda/lib/python3.12/multiprocessing/popen_fork.py:66: DeprecationWarning: This process (pid=48213) is multi-threaded, use of fork() may lead to deadlocks in the child.',  # python/cpython Modules/posixmodule.c@v3.12.1 (libpython3.12.so; warned at Lib/multiprocessing/popen_fork.py:66)
    'concurrent.futures.process.BrokenProcessPool: A process in the process pool was terminated abruptly while the future was running or pending.',  # python/cpython Lib/concurrent/futures/process.py:499@v3.12.1
    'Current thread 0x00007f3a2c1ff740 (most recent call first):',  # python/cpython Python/traceback.c@v3.12.1 (libpython3.12.so)
    'Extension modules: numpy._core._multiarray_umath, torch._C, torch._C._dynamo.autograd_compiler, torch._C._dynamo.eval_frame, torch._C._dynamo.guards, torch._C._dynamo.utils, torch._C._fft, torch._C._linalg, torch._C._nested, torch._C._nn, torch._C._sparse, torch._C._special (total: 12)',  # python/cpython Python/pylifecycle.c@v3.12.1 (libpython3.12.so)
    "Fatal Python error: _enter_buffered_busy: could not acquire lock for <_io.BufferedWriter name='<stderr>'> at interpreter shutdown, possibly due to daemon threads",  # python/cpython Modules/_io/bufferedio.c@v3.12.1 (libpython3.12.so)
    "terminate called after throwing an instance of 'c10::DistBackendError'",  # gcc-mirror/gcc libstdc++-v3/libsupc++/vterminate.cc@gcc-12 (libstdc++.so.6.0.30)
    "ERROR: pip's dependency resolver does not currently take into account all the packages that are installed. This behaviour is the source of the following dependency conflicts.",  # pypa/pip src/pip/_internal/commands/install.py:872@26.3
    'ERROR: Cannot install nvidia-nccl-cu12==2.23.4 and torch==2.5.1 because these package versions have conflicting dependencies.',  # pypa/pip src/pip/_internal/resolution/resolvelib/factory.py:850@26.3
    'ERROR: ResolutionImpossible: for help visit https://pip.pypa.io/en/latest/topics/dependency-resolution/#dealing-with-dependency-conflicts',  # pypa/pip src/pip/_internal/resolution/resolvelib/factory.py:898@26.3
    'ERROR: Could not find a version that satisfies the requirement torch==2.5.1+cu124 (from versions: 2.6.0, 2.7.0, 2.7.1, 2.8.0)',  # pypa/pip src/pip/_internal/resolution/resolvelib/factory.py:755@26.3
    'ERROR: No matching distribution found for torch==2.5.1+cu124',  # pypa/pip src/pip/_internal/resolution/resolvelib/factory.py:768@26.3
    'UnsatisfiableError: Conda could not find a compatible set of packages to satisfy the requested specifications.',  # conda/conda conda/exceptions.py:1181@0f64223
    'PackagesNotFoundError: The following packages are not available from current channels:',  # conda/conda conda/exceptions.py:774@0f64223
    '/opt/conda/lib/python3.12/site-packages/conda/plugins/virtual_packages/cuda.py:85: UserWarning: Unable to detect CUDA version due to permission error: [Errno 13] Permission denied. Assuming CUDA is not available.',  # conda/conda conda/plugins/virtual_packages/cuda.py:54@0f64223
]
