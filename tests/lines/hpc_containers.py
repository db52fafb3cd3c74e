"""Lines of the HPC container runtimes that multi-node GPU jobs run in beside Docker and enroot, read alone and
inside an NCCL log: Apptainer/Singularity (apptainer/apptainer 917d665: the legacy --nv/--rocm binds and the --nvccli
path through nvidia-container-cli in internal/pkg/runtime/launch and internal/pkg/util/gpu, CDI --device, /dev binds
under --contain or `mount dev`, namespaces and instances; sylog prints `FATAL:   `, `WARNING: `, and the starter's
master wraps the engine's errors in `container creation failed:`), Podman's CDI devices (containers/podman c6580b4,
the `Error: ` of cmd/podman/root.go) with the CDI library's resolution (cncf-tags/container-device-interface
05ae4b5), Charliecloud (hpc/charliecloud 23de6ee: ch-fromhost --nvidia, ch-run --join; its messages end with the
source file and line) and Sarus (eth-cscs/sarus 4a8fdc4: the MPI hook's ABI checks, whose errors print as an error
trace `#0   function at file:line message`, the glibc hook and the SSH keys of `sarus run --ssh`). Causes decided
from the code around each line: a GPU the runtime could not hand to the container (no driver files or libraries on
the host, nvidia-container-cli absent, a CDI device no spec resolves, --contain without NVIDIA_VISIBLE_DEVICES) is
cuda_or_driver; the --nvccli path refused by the installation itself (set-uid mode, a tool not owned by root, an
image whose /usr/bin cannot be written, --fakeroot with --nvccli in a set-uid install) is a container that cannot
start (other); /dev/infiniband left out by `mount dev = no` is socket_fallback and /dev/shm left out the same way is
shm_too_small; Sarus's MPI hook finding the host's and the image's MPI of different ABI (fatal, or the partial
compatibility it only reports) is a library version mismatch under NCCL's launch (nccl_version_mismatch), an image
without an MPI for the hook to replace is other, as are the missing SSH keys its --ssh needs; ch-run --join run
outside a launcher that gives the peer count is a launch that does not fit (application_bug). A namespace not
virtualised, an instance that did not start, a join that timed out, the error-trace header and the glibc
replacement notice only report and name nothing."""

from __future__ import annotations

CASES = [
    # Apptainer / Singularity
    ('apptainer/apptainer internal/pkg/runtime/launch/launcher_linux.go:1015@917d665',
     'WARNING: Could not find any nv files on this host!',
     'log.gpu_missing', 'cuda_or_driver'),
    ('apptainer/apptainer internal/pkg/runtime/launch/launcher_linux.go:1036@917d665',
     'WARNING: Could not find any nv libraries on this host!',
     'log.gpu_missing', 'cuda_or_driver'),
    ('apptainer/apptainer internal/pkg/runtime/launch/launcher_linux.go:1036@917d665',
     'WARNING: Could not find any rocm libraries on this host!',
     'log.gpu_missing', 'cuda_or_driver'),
    ('apptainer/apptainer internal/pkg/runtime/launch/launcher_linux.go:892@917d665',
     'WARNING: When using nvidia-container-cli with --contain NVIDIA_VISIBLE_DEVICES must be set or no GPUs will be available in container.',
     'log.gpu_missing', 'cuda_or_driver'),
    ('apptainer/apptainer internal/pkg/util/gpu/nvidia.go:93@917d665',
     'FATAL:   container creation failed: exec: "nvidia-container-cli": executable file not found in $PATH',
     'log.gpu_missing', 'cuda_or_driver'),
    ('apptainer/apptainer internal/pkg/runtime/engine/apptainer/prepare_linux.go:188@917d665',
     'FATAL:   while setting up CDI devices: while setting up CDI devices: unresolvable CDI devices nvidia.com/gpu=all',
     'log.gpu_missing', 'cuda_or_driver'),
    ('apptainer/apptainer internal/pkg/util/gpu/nvidia.go:31@917d665',
     'FATAL:   container creation failed: nvidia-container-cli is not owned by root user',
     'log.container_start', 'other'),
    ('apptainer/apptainer internal/pkg/util/gpu/nvidia.go:110@917d665',
     'FATAL:   container creation failed: /usr/bin not writable in the container',
     'log.container_start', 'other'),
    ('apptainer/apptainer internal/pkg/runtime/engine/apptainer/prepare_linux.go:249@917d665',
     'FATAL:   nvidia-container-cli not allowed in setuid mode',
     'log.container_start', 'other'),
    ('apptainer/apptainer internal/pkg/runtime/launch/launcher_linux.go:869@917d665',
     'FATAL:   While setting GPU configuration: --fakeroot does not support --nvccli in set-uid installations',
     'log.container_start', 'other'),
    ('apptainer/apptainer internal/pkg/runtime/engine/apptainer/container_linux.go:2146@917d665',
     'WARNING: Skipping /dev/infiniband bind mount: disallowed by configuration',
     'log.no_ib_device', 'socket_fallback'),
    ('apptainer/apptainer internal/pkg/runtime/engine/apptainer/container_linux.go:2146@917d665',
     'WARNING: Skipping /dev/shm bind mount: disallowed by configuration',
     'log.shm_error', 'shm_too_small'),
    # Podman with CDI
    ('containers/podman pkg/specgen/generate/config_linux.go:40@c6580b4',
     'Error: setting up CDI devices: unresolvable CDI devices nvidia.com/gpu=all',
     'log.gpu_missing', 'cuda_or_driver'),
    ('containers/podman libpod/util.go:325@c6580b4',
     'Error: getting CDI device names: converting GPU identifiers to CDI devices: could not discover GPU vendor: no known GPU vendor found in CDI specs',
     'log.gpu_missing', 'cuda_or_driver'),
    ('cncf-tags/container-device-interface pkg/cdi/cache.go:270@05ae4b5',
     'Error: setting up CDI devices: unresolvable CDI devices nvidia.com/gpu=4, nvidia.com/gpu=5',
     'log.gpu_missing', 'cuda_or_driver'),
    # Charliecloud
    ('hpc/charliecloud bin/ch-fromhost:266@23de6ee',
     'error: nvidia-container-cli failed; does this host have GPUs?',
     'log.gpu_missing', 'cuda_or_driver'),
    ('hpc/charliecloud bin/ch-run.c:359@23de6ee',
     'ch-run[48213]: error: join: no valid peer group size found (ch-run.c:359)',
     'log.launch_config', 'application_bug'),
    # Sarus
    ('eth-cscs/sarus src/hooks/mpi/AbiChecker.cpp:22@4a8fdc4',
     "#0   checkHostContainerAbiCompatibility at MpiHook.cpp:228 Failed to activate MPI support. Host's MPI library libmpi.so.12.5.0 is not ABI compatible with container's MPI library libmpi.so.40.30.4.",
     'log.library_version', 'nccl_version_mismatch'),
    ('eth-cscs/sarus src/hooks/mpi/AbiChecker.cpp:38@4a8fdc4',
     "[2712.384756001] [nid001234-48213] [MPI hook] [INFO] Partial ABI compatibility detected. Host's MPI library libmpi.so.12.1.8 is older than the container's MPI library libmpi.so.12.4.2. The hook will attempt to proceed with the library replacement. Be aware that applications are likely to fail if they use symbols which are only present in the container's library. More information available at https://sarus.readthedocs.io/en/stable/user/abi_compatibility.html",
     'log.library_version', 'nccl_version_mismatch'),
    ('eth-cscs/sarus src/hooks/mpi/MpiHook.cpp:59@4a8fdc4',
     "#0   activateMpiSupport at MpiHook.cpp:59 Failed to activate MPI support. No MPI libraries found in the container. The container should be configured to access the MPI libraries through the dynamic linker. Hint: run 'ldconfig' when building the container image to configure the dynamic linker.",
     'log.mpi_library_missing', 'other'),
    ('eth-cscs/sarus src/cli/CommandRun.hpp:55@4a8fdc4',
     "Failed to check the SSH keys. Hint: try to generate the SSH keys with 'sarus ssh-keygen'.",
     'log.mpi_launch', 'other'),
]

NO_CAUSE = [
    'WARNING: Not virtualizing ipc namespace by configuration',  # apptainer/apptainer internal/pkg/runtime/engine/apptainer/prepare_linux.go:594@917d665
    'FATAL:   failed to start instance: exit status 255',  # apptainer/apptainer internal/pkg/runtime/launch/launcher_linux.go:1365@917d665
    'ch-run[48213]: error: timeout waiting for join lock (ch_core.c:727)',  # hpc/charliecloud bin/ch_core.c:727@23de6ee
    'ch-run[48213]: error: can’t join mnt namespace of pid 48190: Invalid argument (ch_core.c:539 22)',  # hpc/charliecloud bin/ch_core.c:539@23de6ee
    '[2712.384756001] [nid001234-48213] [MPI hook] [ERROR] Error trace (most nested error last):',  # eth-cscs/sarus src/libsarus/Logger.cpp:71@4a8fdc4
    'Detected glibc 2.28 (< 2.31) in the container. Replacing it with glibc 2.31 from the host. Please consider upgrading the container image to a distribution with glibc >= 2.31.',  # eth-cscs/sarus src/hooks/glibc/GlibcHook.cpp:145@4a8fdc4
]
