"""Rows of the line classifier (patterns.py) for the HPC container runtimes beside Docker and enroot: Apptainer /
Singularity, Podman with CDI, Charliecloud and Sarus (tests/lines/hpc_containers.py holds every line with
file:line@commit).

Apptainer's sylog prefixes its lines with `FATAL:   ` or `WARNING: ` and its starter wraps the engine's errors in
`container creation failed: `; Charliecloud ends its messages with the source file and line; Sarus prints a hook's
error as an error trace (`#0   function at file:line message`). A GPU the runtime could not hand to the container is
the driver's side (cuda_or_driver); an installation that refuses the --nvccli path is a container that cannot start
(other); Sarus's MPI hook finding host and image MPIs of different ABI is a library version mismatch. Docker's
NVIDIA hook (libnvidia-container) asked for a GPU the host does not have is the launch (application_bug).

Read before the generic families: "timeout" in ch-run's join lock, "interface"-like words and "does not support" in
Apptainer's set-uid refusal would send these lines elsewhere.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ncclkit.causes import Cause as C
from ncclkit.findings import Severity

E, W, I = Severity.ERROR, Severity.WARNING, Severity.INFO

# Words the log scanner's prefilter (nccl_log_words.OTHER_WORDS) needs for these rows' lines; no word may contain
# another of the whole list.
HPCCTR_WORDS: tuple[bytes, ...] = (b"on this host!", b"bind mount:")

_NVCCLI_FIX = ("use the legacy --nv binds instead of --nvccli, or have the administrator fix the installation: "
               "nvidia-container-cli and ldconfig owned by root, --nvccli only in a non-set-uid (user namespace) "
               "install, and --writable-tmpfs (or a sandbox image) so the tool can write /usr/bin")


def hpcctr_rows(p: Callable[..., Any]) -> tuple[Any, ...]:
    return (
        # -- lines that state no cause ---------------------------------------------------------------------------
        # hpc/charliecloud bin/ch_core.c:727@23de6ee sem_timedwait_relative: a ch-run --join peer waited JOIN_TIMEOUT
        # for the semaphore the peer that creates the shared namespaces holds (that peer was slow, failed or never
        # started): its own error says why. Before the timeout rows, which would call it a hung collective (and not
        # log.timeout, whose id defaults to that cause).
        p(r"timeout waiting for join lock", "worker_failed", E,
          "ch-run --join waited too long for the peer that sets up the shared namespaces: that peer failed or "
          "never started", "read the first error of the other ch-run processes of the node", None, "collateral"),
        # -- Apptainer / Singularity -----------------------------------------------------------------------------
        # apptainer/apptainer internal/pkg/runtime/launch/launcher_linux.go:1015,1036@917d665 (the legacy --nv and
        # --rocm binds find no driver files or libraries on the host), :892 (--nvccli with --contain passes no GPU
        # unless NVIDIA_VISIBLE_DEVICES is set), internal/pkg/util/gpu/nvidia.go:93 (bin.FindBin found no
        # nvidia-container-cli for --nvccli): the container starts without the GPUs.
        p(r"Could not find any (?:nv|rocm) (?:files|libraries) on this host!|When using nvidia-container-cli with "
          r"--contain NVIDIA_VISIBLE_DEVICES must be set|container creation failed: exec: \"nvidia-container-cli\": "
          r"executable file not found", "gpu_missing", E,
          "Apptainer could not hand the GPUs to the container: it found no GPU driver files or libraries on the "
          "host, no nvidia-container-cli for --nvccli, or --contain without NVIDIA_VISIBLE_DEVICES",
          "run on a node whose driver is loaded (`nvidia-smi` / `rocm-smi` on the host), install libnvidia-container's "
          "nvidia-container-cli for --nvccli, and with --contain set NVIDIA_VISIBLE_DEVICES=all (or the GPU list)",
          C.CUDA_OR_DRIVER),
        # apptainer/apptainer internal/pkg/util/gpu/nvidia.go:31 (errNvCCLIInsecure: in set-uid mode the tool runs
        # as root, so it must be root's), :110 (--nvccli writes into the image's /usr/bin), engine/apptainer/
        # prepare_linux.go:249 and launch/launcher_linux.go:869 (--nvccli, or --fakeroot with it, refused in a
        # set-uid install): the installation refuses the GPU setup and the container does not start.
        # --nvccli's own mounts failing ("container creation failed: nvidia-container-cli failed with exit status 1:
        # nvidia-container-cli: mount error: file creation failed: ...", apptainer/apptainer#1208 on XFS), and
        # Singularity 2's --nv staging ("Failed creating directory /var/singularity/mnt/final/...", singularity#1548).
        p(r"nvidia-container-cli is not owned by root user|container creation failed: /usr/bin not writable in the "
          r"container|container creation failed: nvidia-container-cli failed with exit status \d+|"
          r"Failed creating directory /var/singularity/mnt/|nvidia-container-cli not allowed in setuid mode|"
          r"--fakeroot does not support --nvccli in "
          r"set-uid installations", "container_start", E,
          "Apptainer could not set the GPUs up through nvidia-container-cli (--nvccli, or Singularity's --nv): the "
          "installation's set-uid mode, the tool's owner, a read-only image or a mount it could not make stopped it, "
          "so the container did not start", _NVCCLI_FIX,
          C.OTHER),
        # apptainer/apptainer internal/pkg/runtime/engine/apptainer/container_linux.go:2146@917d665: `mount dev =
        # no` in apptainer.conf leaves the host's /dev entries out of the container: without /dev/infiniband NCCL
        # finds no RDMA device and uses sockets, without /dev/shm its shared-memory segments have no room.
        p(r"Skipping /dev/infiniband bind mount: disallowed by configuration", "no_ib_device", W,
          "Apptainer's configuration keeps /dev/infiniband out of the container: NCCL finds no RDMA device and "
          "falls back to TCP sockets", "bind it explicitly (`--bind /dev/infiniband`) or have the administrator "
          "set `mount dev = yes` (or minimal plus the device) in apptainer.conf", C.SOCKET_FALLBACK),
        p(r"Skipping /dev/shm bind mount: disallowed by configuration", "shm_error", W,
          "Apptainer's configuration keeps the host's /dev/shm out of the container: NCCL's shared-memory segments "
          "land in a small or missing /dev/shm", "bind it explicitly (`--bind /dev/shm`) or have the administrator "
          "set `mount dev = yes` in apptainer.conf", C.SHM_TOO_SMALL),
        # -- Podman with CDI -------------------------------------------------------------------------------------
        # containers/podman libpod/util.go:325@c6580b4: `--gpus` turned into CDI names needs a CDI spec naming a GPU
        # vendor; none is installed, so no GPU reaches the container.
        p(r"could not discover GPU vendor: no known GPU vendor found in CDI specs", "gpu_missing", E,
          "Podman found no CDI spec for any GPU vendor: the GPUs asked for cannot be given to the container",
          "generate the CDI spec on the host (`sudo nvidia-ctk cdi generate --output=/etc/cdi/nvidia.yaml`; "
          "`nvidia-ctk cdi list` shows the names) and request `--device nvidia.com/gpu=all`", C.CUDA_OR_DRIVER),
        # -- Charliecloud ----------------------------------------------------------------------------------------
        # hpc/charliecloud bin/ch-fromhost:266@23de6ee: --nvidia asks nvidia-container-cli for the driver's files
        # and it failed (the script's own question: no GPU or driver on this host).
        p(r"nvidia-container-cli failed; does this host have GPUs\?", "gpu_missing", E,
          "ch-fromhost --nvidia could not list the host's GPU driver files: no GPU or driver on this host",
          "run it on a GPU node whose driver is loaded (`nvidia-smi`), with libnvidia-container's "
          "nvidia-container-cli installed", C.CUDA_OR_DRIVER),
        # hpc/charliecloud bin/ch-run.c:359@23de6ee join_ct: --join needs the peer count from --join-ct or the
        # launcher's variables (SLURM_CPUS_ON_NODE, OMPI_COMM_WORLD_LOCAL_SIZE); none gave a positive one.
        p(r"join: no valid peer group size found", "launch_config", E,
          "ch-run --join found no peer count: it was started outside a launcher that sets one, and --join-ct "
          "was not given", "start ch-run --join under srun or mpirun, or pass `--join-ct=<processes per node>`",
          C.APPLICATION_BUG),
        # -- Sarus -----------------------------------------------------------------------------------------------
        # eth-cscs/sarus src/hooks/mpi/AbiChecker.cpp:22@4a8fdc4 (the MPI hook throws: host and image MPI of
        # different major ABI) and :38 (same major, older host minor: it replaces the library and warns).
        p(r"Host's MPI library \S+ is not ABI compatible with container's MPI library", "library_version", E,
          "Sarus's MPI hook found the host's MPI of another ABI than the image's: it cannot swap the host's MPI in",
          "build the image with an MPI of the host's ABI family (MPICH-ABI: MPICH, Cray MPICH, MVAPICH) and a "
          "version no newer than the host's, or run without --mpi", C.NCCL_VERSION_MISMATCH),
        p(r"Partial ABI compatibility detected\. Host's MPI library \S+ is older than", "library_version", W,
          "Sarus's MPI hook replaced the image's MPI with the host's older one of the same major ABI: programs that "
          "use symbols only the newer library has will fail", "build the image against an MPI no newer than the "
          "host's (`ldd` of the program shows which libmpi it needs)", C.NCCL_VERSION_MISMATCH),
        # eth-cscs/sarus src/hooks/mpi/MpiHook.cpp:59@4a8fdc4: --mpi found no libmpi in the image's linker cache.
        p(r"Failed to activate MPI support\. No MPI libraries found in the container", "mpi_library_missing", E,
          "Sarus's MPI hook found no MPI library in the image for the host's to replace",
          "install an MPICH-ABI MPI in the image and run `ldconfig` when building it, or run without --mpi",
          C.OTHER),
        # eth-cscs/sarus src/cli/CommandRun.hpp:55@4a8fdc4: `sarus run --ssh` needs the user's keys made first.
        p(r"Failed to check the SSH keys\. Hint: try to generate the SSH keys with 'sarus ssh-keygen'",
          "mpi_launch", E, "`sarus run --ssh` found no SSH keys of the user: the containers cannot reach each other",
          "run `sarus ssh-keygen` once, then start the job again", C.OTHER),
        # Apptainer's sharens mode removing an instance's file that is already gone when the job ends ("unable to
        # unlink path: /dev/shm/sharens_instance_N (deleted)", apptainer/apptainer#2713, the maintainers: "has to do
        # with cleaning up an apptainer instance"): no segment failed.
        p(r"unable to unlink path: /dev/shm/sharens_instance_|container cleanup failed: no instance found", "noise",
          I, "Apptainer cleaning up a sharens instance that is already gone", "nothing to fix for the job", None,
          "noise"),
        # libnvidia-container's device selection: a GPU index, count or UUID (--gpus, NVIDIA_VISIBLE_DEVICES) the host
        # does not have ("nvidia-container-cli: device error: 1: unknown device", NVIDIA/nvidia-docker#1283: --gpus 2
        # on a one-GPU host).
        p(r"nvidia-container-cli(?:\.real)?: device error: [^\n:]+: unknown device", "launch_config", E,
          "the container asked for a GPU the host does not have (an index, count or UUID beyond its GPUs)",
          "request GPUs the host has (`nvidia-smi -L`): `--gpus all`, `--gpus 1` or `--gpus '\"device=0,1\"'`, or "
          "NVIDIA_VISIBLE_DEVICES with existing indices or UUIDs", C.APPLICATION_BUG),
    )
