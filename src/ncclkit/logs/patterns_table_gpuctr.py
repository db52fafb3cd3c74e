"""Rows of the line classifier (patterns.py) for the layers that hand GPUs to a container or pod, beyond the toolkit
lines patterns_table_cluster reads: the NVIDIA container toolkit's legacy hook, runtime, CDI injection and GPU
Operator installer (NVIDIA/nvidia-container-toolkit d34b304, with the CDI library it vendors), runc's errors around
them as Docker and the kubelet print them (opencontainers/runc 76d9cf5), NVIDIA's device plugin
(NVIDIA/k8s-device-plugin 1b826ac, klog's `E0314 ... file.go:N]` prefix) and the GPU Operator's validator
(NVIDIA/gpu-operator a22dbf6 cmd/nvidia-validator, logrus's `time=... level=... msg=...`). tests/lines/
gpu_containers2.py holds every line with file:line@commit.

A GPU, driver file, device node or IMEX channel that never reaches the container (a CDI spec older than the driver,
two specs of one device, a MIG layout the plugin's strategy refuses, NVML missing in the plugin's container, the
toolkit unable to reload containerd, the validator's driver and toolkit checks) is cuda_or_driver, as the device
plugin's own hint says ("did you set the docker default runtime to nvidia"); a GPU the plugin's NVML health check
finds lost or needing a reset is a GPU fault; the validator finding nvidia-peermem or gdrdrv not loaded, or the
operator's GPUDirect RDMA switched off, is gdr_unavailable; MOFED not ready leaves no RDMA device
(socket_fallback); a container or pod asking for what the toolkit or plugin refuses (a driver capability that does
not exist, the automatic CDI vendor beside other CDI devices, several replicas of a shared GPU) is the launch
(application_bug). The validator's waits and retries and the plugin's restarts name nothing and match no row here.

Read before the generic families: "not supported" in the CDI vendor refusal, "invalid" in the plugin's lines, and
"plugin" beside "not discovered" in the validator's would send these lines elsewhere.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ncclkit.causes import Cause as C
from ncclkit.findings import Severity

E, W, I = Severity.ERROR, Severity.WARNING, Severity.INFO

# Words the log scanner's prefilter (nccl_log_words.OTHER_WORDS) needs for these rows' lines; no word may contain
# another of the whole list. The validator prints its toolkit and gdrcopy checks' failures bare (fmt.Println,
# log.Info) with no error word.
GPUCTR_WORDS: tuple[bytes, ...] = (b"nvproxy: unknown", b"no NVML found", b"toolkit is not ready", b"server API version", b"the Docker daemon",
                                   b"driver is not ready", b"run command '",
                                   b"could not load module", b"Could not load UVM",
                                   b"Unable to load the kernel module", b"nvidia_p2p_get_pages", b"/dev/nvidia",
                                   b"pending disable", b"pending enable", b"Mode change pending",
                                   b"not found in directory", b"FATAL: Module nvidia", b"Unlicensed",
                                   b"acquire license")

_CDI_FIX = ("regenerate the CDI spec after every driver install or upgrade (`sudo nvidia-ctk cdi generate "
            "--output=/etc/cdi/nvidia.yaml`; the nvidia-cdi-refresh service does it at boot), keep one spec per "
            "device (`nvidia-ctk cdi list`; delete the stale file in /etc/cdi or /var/run/cdi), recreate the pod or "
            "container, and in an unprivileged container request IMEX channels by volume mount "
            "(/var/run/nvidia-container-devices/imex/<n>) rather than NVIDIA_IMEX_CHANNELS")


_RDMA_FIX = ("enable it in the operator (`helm upgrade gpu-operator nvidia/gpu-operator -n gpu-operator "
             "--reuse-values --set driver.rdma.enabled=true`, plus driver.rdma.useHostMofed=true with a host MOFED) "
             "and check `lsmod | grep nvidia_peermem` on the node")

def gpuctr_rows(p: Callable[..., Any]) -> tuple[Any, ...]:
    return (
        # docker's client with no daemon: "Error while fetching server API version: ('Connection aborted.',
        # ConnectionRefusedError(...))" (docker-py) or "Cannot connect to the Docker daemon at unix:///var/run/
        # docker.sock": the daemon is not running here; no port between nodes is involved. "Got permission denied while
        # trying to connect to the Docker daemon socket" is the user outside the docker group (kubeflow/trainer's docs).
        p(r"Error while fetching server API version|Cannot connect to the Docker daemon at|permission denied while "
          r"trying to connect to the Docker daemon socket", "launch_config", E,
          "the docker client cannot reach the docker daemon on this machine: it is not running, or this user may "
          "not use its socket", "start the daemon (`systemctl start docker`) or use a user in the docker group; "
          "check DOCKER_HOST", C.OTHER),
        # libnvidia-container's CLI failing to talk to the driver ("nvidia-container-cli: initialization error: driver
        # rpc error: timed out" / "driver error: failed to process request", nvidia-container-toolkit#237, #183,
        # #556) and the driver's user-space failing to start in the container ("driverInitFileInfo 531 result=1",
        # #1399, gpu-operator#130 as nvidia-container-cli.real): the host's driver state (not loaded, a GPU that
        # fell off, persistenced, a driver update without a reboot), not the job; "timed out" here is the driver
        # RPC, not a collective. Its other initialization errors are the host's driver too: the driver's libraries
        # absent ("load library failed: libnvidia-ml.so.1", nvidia/libnvidia-container#231), or a CUDA error of
        # the driver's own device query ("cuda error: invalid device ordinal", nvidia-docker#709: a GPU without
        # enough power), which no rank of the job chose; its device detection words the same query "detection error"
        # (NVIDIA/gpu-feature-discovery#11, MIG slices at the device plugin's start).
        p(r"nvidia-container-cli(?:\.real)?: (?:initialization|detection) error: (?:driver (?:rpc )?error|"
          r"load library failed|cuda error)|driverInitFileInfo \d+ result=\d+",
          "gpu_missing", E, "the container toolkit could not reach the NVIDIA driver on the host, so the container "
          "gets no GPU", "check the host: `nvidia-smi`, `dmesg | grep -i -E 'nvrm|xid'`, nvidia-persistenced "
          "running; reboot after a driver update, and reinstall the driver if it stays", C.CUDA_OR_DRIVER),
        # -- the NVIDIA container toolkit ------------------------------------------------------------------------
        # NVIDIA/nvidia-container-toolkit cmd/nvidia-container-runtime-hook/container_config.go:174@d34b304: the
        # legacy hook checks NVIDIA_DRIVER_CAPABILITIES against the capabilities it knows and exits, so runc's
        # prestart hook fails ('gpu' is no capability); internal/modifier/cdi.go:61@d34b304: the automatic CDI
        # vendor (runtime.nvidia.com/gpu=...) may not be mixed with other CDI device requests. Both refuse what
        # the container asked for.
        p(r"unsupported capabilities found in '[^']*' \(allowed '[^']*'\)|requesting a CDI device with vendor "
          r"'runtime\.nvidia\.com' is not supported when requesting other CDI devices", "launch_config", E,
          "the container asked the NVIDIA container runtime for something it refuses: a driver capability that "
          "does not exist (NVIDIA_DRIVER_CAPABILITIES), or the toolkit's automatic CDI devices "
          "(runtime.nvidia.com/gpu) beside other CDI devices; the container did not start",
          "set NVIDIA_DRIVER_CAPABILITIES to capabilities the message allows (`-e NVIDIA_DRIVER_CAPABILITIES="
          "compute,utility` is what CUDA and NCCL need, `all` for every one), and request GPUs either as "
          "runtime.nvidia.com/gpu=... alone or all through a generated spec's names (nvidia.com/gpu=all)",
          C.APPLICATION_BUG),
        # The CDI library the toolkit vendors (tags.cncf.io/container-device-interface v1.1.0):
        # pkg/cdi/container-edits_unix.go:95@d34b304 stats each device node a spec names, so a spec listing
        # /dev/nvidiaN the host no longer has (a GPU gone, a driver reinstalled) fails the start; pkg/cdi/cache.go:
        # 167@d34b304 drops a device that two spec files define ("conflicting device"), so it cannot be resolved.
        # opencontainers/runc libcontainer/process_linux.go:922@76d9cf5: a bind mount whose host file is gone,
        # here a versioned driver library (libcuda.so.<driver>) named by a spec made for the driver before an
        # upgrade. NVIDIA/nvidia-container-toolkit internal/config/image/cuda_image.go:442@d34b304: an unprivileged
        # container's NVIDIA_IMEX_CHANNELS is ignored, so no IMEX channel reaches it (multi-node NVLink fails).
        p(r"failed to stat CDI host device \\?\"?/dev/(?:nvidia|dri/)|conflicting device \\?\"nvidia\.com/|"
          r"failed to fulfil mount request: open \S*(?:libcuda|libnvidia|/nvidia)\S*: no such file|"
          r"Ignoring request by environment variable\(s\) in unprivileged container", "gpu_missing", E,
          "the container runtime could not hand the GPU, its driver files or the IMEX channel to the container: "
          "the CDI spec names device nodes or driver libraries the host no longer has (made for another driver), "
          "two CDI specs define the same device, or an unprivileged container asked for IMEX channels by "
          "environment variable", _CDI_FIX, C.CUDA_OR_DRIVER),
        # NVIDIA/nvidia-container-toolkit cmd/nvidia-ctk-installer/container/runtime/containerd/
        # containerd_linux.go:102@d34b304: the GPU Operator's toolkit container wrote the nvidia runtime into
        # containerd's config and sends containerd SIGHUP through its socket to load it; a socket it cannot dial
        # (another path on k3s, RKE2, microk8s) leaves containerd without the nvidia runtime after 6 tries.
        p(r"Error signaling containerd, attempt \d+/\d+: unable to dial", "gpu_missing", W,
          "the GPU Operator's toolkit container cannot reach containerd's socket to load the nvidia runtime it "
          "configured: containerd keeps running without it and pods get no GPU",
          "point the toolkit at the node's containerd (the toolkit's CONTAINERD_SOCKET and CONTAINERD_CONFIG "
          "env in the ClusterPolicy: on k3s /run/k3s/containerd/containerd.sock and "
          "/var/lib/rancher/k3s/agent/etc/containerd/config.toml.tmpl), then check `kubectl -n gpu-operator logs "
          "ds/nvidia-container-toolkit-daemonset`", C.CUDA_OR_DRIVER),
        # -- NVIDIA's device plugin ------------------------------------------------------------------------------
        # NVIDIA/k8s-device-plugin internal/rm/rm.go:122@1b826ac: go-nvlib found no libnvidia-ml.so.1 in the
        # plugin's container: no driver on the node, or the container not run by the NVIDIA runtime (the plugin's
        # factory hint: "did you set the docker default runtime to `nvidia`?"); it advertises no GPUs.
        p(r"NVML not detected: could not load NVML library", "gpu_missing", E,
          "NVIDIA's device plugin could not load NVML (libnvidia-ml.so.1) in its container: the driver is not "
          "installed, or the plugin does not run under the NVIDIA container runtime, so the node offers no GPUs",
          "check `nvidia-smi` on the node; make nvidia containerd's default runtime (`sudo nvidia-ctk runtime "
          "configure --runtime=containerd --set-as-default && sudo systemctl restart containerd`) or run the "
          "plugin with `runtimeClassName: nvidia`", C.CUDA_OR_DRIVER),
        # NVIDIA/k8s-device-plugin internal/rm/device_map.go:101,171,195@1b826ac: a MIG-enabled GPU with no MIG
        # devices, and for migStrategy=single GPUs with and without MIG or MIG devices of several profiles: the
        # plugin builds no device map and starts no plugin, so the node offers no GPUs.
        p(r"invalid MIG configuration: (?:at least one device with migEnabled=true|more than one MIG device "
          r"type)|all devices on the node must be configured with the same migEnabled value", "gpu_missing", E,
          "NVIDIA's device plugin refuses the node's MIG layout for its MIG strategy (a MIG-enabled GPU without "
          "MIG instances; for migStrategy=single, GPUs with and without MIG or instances of several profiles): "
          "it starts no plugin and the node offers no GPUs",
          "make the layout fit the strategy: create the instances on every MIG-enabled GPU (`nvidia-smi mig "
          "-cgi <profile>,... -C`, or the MIG manager's `nvidia.com/mig.config` node label with one profile "
          "across the node for single), disable MIG where it is not used (`nvidia-smi -mig 0`), or deploy the "
          "plugin with migStrategy=mixed", C.CUDA_OR_DRIVER),
        # NVIDIA's MIG manager (mig-parted, the GPU Operator's nvidia-mig-manager) failing to apply the layout a node
        # label asks for: "failed to apply MIG config: incompatible MIG mode on device 0", "device 0 has an invalid
        # MIG configuration" (NVIDIA/gpu-operator's production runbook: MIG mode off or pending a reset, a profile
        # the GPU lacks, or processes holding the GPU).
        p(r"failed to apply MIG config|device \d+ has an invalid MIG configuration|error applying MIG configuration",
          "gpu_missing", E,
          "NVIDIA's MIG manager could not apply the MIG layout asked for (MIG mode off or waiting for a GPU reset, a "
          "profile this GPU does not have, or processes still holding the GPU): the node offers no MIG devices",
          "check `nvidia-smi -q | grep -A2 'MIG Mode'` (Current and Pending), stop what holds the GPU, reset it "
          "(`nvidia-smi -r`) or reboot, and use a profile `nvidia-smi mig -lgip` lists", C.CUDA_OR_DRIVER),
        # NVIDIA/k8s-device-plugin internal/imex/imex.go:55@1b826ac: a channel of the plugin's imex.channelIDs
        # has no device node under /dev/nvidia-caps-imex-channels: the host never created it, and the plugin
        # does not start.
        p(r"requested IMEX channel \S+ does not exist", "gpu_missing", E,
          "NVIDIA's device plugin was told to hand out an IMEX channel the host never created: it does not start "
          "(multi-node NVLink needs the channel in every pod)",
          "create the channel on the host (load nvidia with `NVreg_CreateImexChannel0=1`, or `nvidia-modprobe "
          "-i 0`; check /dev/nvidia-caps-imex-channels), or drop it from the plugin's imex.channelIDs",
          C.CUDA_OR_DRIVER),
        # NVIDIA/k8s-device-plugin internal/rm/health.go:109@1b826ac: registering a GPU for NVML's Xid events
        # failed with NVML's "GPU requires reset" (NVML_ERROR_RESET_REQUIRED) or "GPU is lost"
        # (NVML_ERROR_GPU_IS_LOST; strings checked in NVIDIA/DCGM 72fa3fe): the GPU itself failed and is
        # withdrawn. ("Not Supported" there is a GPU too old for health checks, no fault.)
        p(r"Marking device \S+ as unhealthy: GPU (?:requires reset|is lost)", "gpu_fault", E,
          "NVIDIA's device plugin found a GPU that is lost or needs a reset and withdrew it from the node",
          "drain the node, read `dmesg | grep -i -e NVRM -e Xid` for the Xid that caused it, reset the GPU "
          "(`nvidia-smi -r -i <n>`) or reboot, and have it replaced if it comes back", C.CUDA_OR_DRIVER),
        # NVIDIA/k8s-device-plugin internal/rm/rm.go:99@1b826ac: a time-sliced (failRequestsGreaterThanOne) or MPS
        # shared GPU is given one replica per container; a pod asking for several is refused.
        p(r"invalid request: maximum request size for shared resources is 1; found \d+", "launch_config", E,
          "the pod asked for several replicas of a shared (time-sliced or MPS) GPU: NVIDIA's device plugin gives "
          "one per container, so the pod was refused",
          "request `nvidia.com/gpu: 1` from a shared resource; a job that needs several GPUs per pod (multi-GPU "
          "NCCL) must request whole GPUs: turn sharing off on those nodes, or expose the replicas under another "
          "name (`renameByDefault: true` gives nvidia.com/gpu.shared) and keep nvidia.com/gpu whole",
          C.APPLICATION_BUG),
        # -- the GPU Operator's validator ------------------------------------------------------------------------
        # NVIDIA/gpu-operator cmd/nvidia-validator/main.go:924@a22dbf6 (nvidia-smi of the host's or the driver
        # container's driver failed), :931 (the /dev/char links runc's systemd cgroup driver needs to keep the
        # GPU device nodes allowed, gpu-operator#430), :1160 (nvidia-smi inside a container the toolkit set up
        # failed), :1466 (the device plugin advertised no nvidia.com/gpu or MIG resource in 30 tries): each
        # readiness check stops the stack before any pod gets a GPU.
        p(r"(?:^|msg=\")driver is not ready: |Failed to create symlinks under /dev/char that point to all possible "
          r"NVIDIA character devices|^\s*toolkit is not ready\s*$|GPU resources are not discovered by the node",
          "gpu_missing", E,
          "the GPU Operator's validator found the GPU stack not ready on this node: the driver does not answer "
          "nvidia-smi, the /dev/char links for the GPU device nodes could not be made, the container toolkit "
          "does not give containers the GPU, or the device plugin advertises no GPUs",
          "read the validator's and the named component's logs (`kubectl -n gpu-operator logs "
          "ds/nvidia-operator-validator -c driver-validation` and the driver, toolkit or device-plugin pods); "
          "check `nvidia-smi` on the node and that the driver pod is Ready", C.CUDA_OR_DRIVER),
        # NVIDIA/gpu-operator cmd/nvidia-validator/main.go:1121,581@a22dbf6: with GPUDirect RDMA enabled the
        # validator checks `lsmod | grep ^nvidia_peermem` and exits; :1219: GPU_DIRECT_RDMA_ENABLED is not true,
        # so the operator loads no nvidia-peermem. Either way GPU memory cannot be registered with the NIC. The
        # failed check is an error (as the imbue check's row in patterns_table_suites: the module is not loaded
        # at all, whatever NCCL's version); the skipped one is the operator's default, a warning.
        p(r"nvidia-peermem driver is not ready|error validating nvidia-peermem driver installation",
          "gdr_disabled", E, "GPUDirect RDMA is off on this node: the GPU Operator's validator found no "
          "nvidia-peermem module loaded, so inter-node data is staged through host memory", _RDMA_FIX,
          C.GDR_UNAVAILABLE),
        p(r"GPUDirect RDMA is disabled, skipping MOFED driver validation", "gdr_disabled", W,
          "the GPU Operator runs with GPUDirect RDMA disabled (its default): it loads no nvidia-peermem, so "
          "inter-node data is staged through host memory", _RDMA_FIX, C.GDR_UNAVAILABLE),
        # NVIDIA/gpu-operator cmd/nvidia-validator/main.go:1089@a22dbf6: `lsmod | grep ^gdrdrv` found no GDRCopy
        # module although the operator was asked for it.
        p(r"gdrcopy driver is not ready|error validating gdrcopy driver installation", "gdrcopy_error", W,
          "the GPU Operator's validator found the GDRCopy module (gdrdrv) not loaded: GDRCopy cannot map GPU "
          "memory", "check the driver pod's gdrcopy container (`kubectl -n gpu-operator logs <driver pod> -c "
          "nvidia-gdrcopy-ctr`) and `lsmod | grep gdrdrv` on the node, or unset NCCL_GDRCOPY_ENABLE",
          C.GDR_UNAVAILABLE),
        # NVIDIA/gpu-operator cmd/nvidia-validator/main.go:615@a22dbf6: the MOFED check (mlx5_core loaded, or the
        # MOFED driver container's .driver-ready) failed on a node with Mellanox NICs: no RDMA device is usable.
        p(r"error validating MOFED driver installation", "no_ib_device", W,
          "the GPU Operator's validator found the Mellanox (MOFED) driver not ready on a node with Mellanox NICs: "
          "no RDMA device is usable, so NCCL falls back to TCP sockets",
          "check the Network Operator's MOFED driver pod (`kubectl -n nvidia-network-operator get pods`) or, "
          "with a host MOFED, `lsmod | grep mlx5_core` and `ibv_devinfo` on the node", C.SOCKET_FALLBACK),
        # cmd/nvidia-validator/main.go:785@a22dbf6 validateHostDriver: `chroot /host nvidia-smi` for a driver
        # installed on the host; "No such file or directory" there is no driver on the host where the operator was
        # told one is (driver.enabled=false: NVIDIA/gpu-operator#1063), or a driver root it cannot chroot into.
        p(r"chroot: failed to run command '\S*nvidia-smi': No such file or directory", "gpu_missing", E,
          "the GPU Operator's validator found no nvidia-smi on the host: no driver is installed where it was told one "
          "is (the driver root)", "install the NVIDIA driver on the host, or let the operator deploy it "
          "(driver.enabled=true), and check the driver root it uses (hostPaths.driverInstallDir)", C.CUDA_OR_DRIVER),
        # -- the driver's kernel modules and device nodes under the job -------------------------------------------
        # modprobe's "Module nvidia_uvm not found in directory /lib/modules/<kernel>" (older modprobe: "FATAL: Module
        # nvidia not found.", NVIDIA/nvidia-docker#365) (a driver built for another kernel: NVIDIA/nvidia-docker#481),
        # nvidia-docker's "Could not load UVM kernel module", the driver installer's "Unable to load the kernel module
        # 'nvidia.ko'" (gpu-operator#206), and a GPU device node absent from the node or the container ("cannot access
        # '/dev/nvidia0'", pyxis#47; slurmd's "can't stat gres.conf file /dev/nvidia0", bibigrid#705): the driver is
        # not loaded where the job runs.
        p(r"Module nvidia(?:_uvm|_drm|_modeset)? not found(?: in directory|\.)|Could not load UVM kernel module|"
          r"Unable to load the kernel module '?nvidia(?:-uvm)?\.ko|(?:cannot access|can't stat [^\n]*file) "
          r"'?/dev/nvidia(?:\d+|ctl|-uvm)'?: No such file or directory", "gpu_missing", E,
          "the NVIDIA driver's kernel modules are not loaded where the job runs (built for another kernel, or never "
          "installed), or the GPU device nodes were not created or not passed into the container",
          "install the driver for the running kernel (`uname -r`; DKMS or the distribution's package), load it "
          "(`modprobe nvidia nvidia_uvm`; `nvidia-smi` must list the GPUs), and start the container with the GPUs "
          "(--gpus all, or the container hook of the cluster)", C.CUDA_OR_DRIVER),
        # gdrcopy's module not built or not loaded ("insmod: ERROR: could not load module src/gdrdrv/gdrdrv.ko",
        # NVIDIA/gdrcopy#242), and its pin of GPU memory refused by the driver (gdrdrv.c "nvidia_p2p_get_pages(...)
        # failed [ret = -22]": a GPU without GPUDirect RDMA support, a GeForce board in gdrcopy#206).
        p(r"could not load module \S*gdrdrv\.ko|nvidia_p2p_get_pages\([^\n]*\) failed", "gdrcopy_error", E,
          "GDRCopy cannot map GPU memory: its kernel module (gdrdrv) is not loaded, or the driver refused to pin the "
          "GPU's memory for peers (a GPU without GPUDirect RDMA support)",
          "build and load gdrdrv for the running kernel (`sudo ./insmod.sh` in gdrcopy, `lsmod | grep gdrdrv`); on "
          "a GPU without GPUDirect RDMA (GeForce), leave GDRCopy off (NCCL_GDRCOPY_ENABLE=0)", C.GDR_UNAVAILABLE),
        # nvidia-smi -mig and nvidia-mig-manager: a MIG mode change that waits for a GPU reset ("MIG mode is in
        # pending disable state for GPU ...: In use by another client", gpu-operator#118; "Mode change pending:
        # true", #668): the GPU still runs in its old mode until every process leaves it and it is reset.
        p(r"MIG mode is in pending (?:enable|disable) state|Mode change pending: true", "gpu_fault", W,
          "a MIG mode change waits for a GPU reset: the GPU keeps its old mode until no process holds it (often "
          "nvidia-persistenced or a monitoring agent) and it is reset or the node rebooted",
          "stop what holds the GPU (`nvidia-smi` processes, nvidia-persistenced, DCGM), then `nvidia-smi -r -i "
          "<gpu>` or reboot the node", C.CUDA_OR_DRIVER),
        # nvidia-smi's warning of a GPU whose infoROM checksum fails ("WARNING: infoROM is corrupted at gpu
        # 0000:00:05.0"): the GPU's firmware storage, a fault of the board (NVIDIA's Xid catalogue: Xid 92/94 kin).
        p(r"infoROM is corrupted at gpu", "gpu_fault", W,
          "nvidia-smi reports the GPU's infoROM (its firmware storage) corrupted: a fault of that board",
          "take the GPU out of service and have it checked (an RMA, or the vendor's infoROM recovery); `nvidia-smi "
          "-q` shows the infoROM versions", C.CUDA_OR_DRIVER),
        # NVIDIA vGPU licensing: the guest's nvidia-gridd could not get a licence ("nvidia-gridd: Failed to acquire
        # license from ...", NVIDIA/nvidia-docker#1787) or `nvidia-smi -q` shows "License Status : Unlicensed
        # (Restricted)" (NVIDIA/gpu-operator#628, #220): an unlicensed vGPU restricts CUDA, and jobs then fail with
        # "all CUDA-capable devices are busy or unavailable" (DDMAL/Rodan#1332, Azure/AKS#4870).
        # (The syslog prefix, "host nvidia-gridd: ", is taken off before the rows read a line.)
        p(r"(?:nvidia-gridd: )?Failed to acquire license from|License Status\s*:\s*Unlicensed", "vgpu_unlicensed", E,
          "this vGPU has no licence: the driver restricts CUDA on an unlicensed vGPU, so CUDA calls fail as if the "
          "GPU were busy or unavailable",
          "make the guest reach the licence server (the client configuration token in "
          "/etc/nvidia/ClientConfigToken, `/etc/nvidia/gridd.conf`, nvidia-gridd's log), then check `nvidia-smi -q "
          "| grep -i license`", C.CUDA_OR_DRIVER),
        # gVisor's GPU proxy (runsc --nvproxy, pkg/sentry/devices/nvproxy) logs the driver control commands it does
        # not implement, "nvproxy: unknown control command 0x3d05 (paramsSize=24)": that call fails in the sandbox
        # (google/gvisor#10413: multi-GPU training hung; 0x3d05 exports GPU memory to a file descriptor, the sharing
        # between processes that CUDA IPC and NCCL use).
        p(r"nvproxy: unknown control command", "gpu_missing", W,
          "gVisor's GPU proxy (runsc --nvproxy) does not implement a driver call the program made: the call fails "
          "inside the sandbox, and CUDA or NCCL with it (GPU memory shared between processes among them)",
          "run the GPU job under runc, or a gVisor release whose nvproxy supports this driver and call (its "
          "supported driver list); a single-process job needs fewer of these calls", C.CUDA_OR_DRIVER, "root",
          (C.OTHER,)),
    )
