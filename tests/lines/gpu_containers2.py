"""Lines of the layers that hand GPUs to a container or pod, beyond those of containers.py, read alone and inside an
NCCL log: the NVIDIA container toolkit's runtime, legacy hook, CDI injection (the CDI library it vendors,
tags.cncf.io/container-device-interface v1.1.0) and the installer of its GPU Operator container
(NVIDIA/nvidia-container-toolkit d34b304), runc's errors around them as Docker and the kubelet print them
(opencontainers/runc 76d9cf5: a prestart hook's exit, a bind mount whose host file is gone), NVIDIA's device plugin
(NVIDIA/k8s-device-plugin 1b826ac: NVML loading, the MIG strategy's checks, IMEX channels, health checks, shared-GPU
requests; klog's `E0314 ... file.go:N]` prefix; NVML's strings checked in NVIDIA/DCGM 72fa3fe) and the GPU
Operator's validator (NVIDIA/gpu-operator a22dbf6: cmd/nvidia-validator's driver, toolkit, plugin, nvidia-peermem,
gdrcopy and MOFED checks, logrus's `time=... level=... msg=...`, its exit printed as `msg="Error: ..."`).
NVIDIA/libnvidia-container (nvidia-container-cli) could not be fetched (its snapshot is over the size limit), so
none of its lines are listed. Causes decided from the code around each line: a GPU, driver file, device node or IMEX
channel the container cannot get (a driver not loaded or not ready, a CDI spec that names files or nodes the host no
longer has after a driver upgrade, two CDI specs that define one device, a MIG layout the plugin's strategy refuses,
an IMEX channel the host never created, the toolkit unable to reach containerd to register its runtime, the
/dev/char links runc's systemd cgroup driver needs) is cuda_or_driver, as the device plugin's own help says (`did
you set the docker default runtime to nvidia`); a GPU the plugin's NVML health check finds lost or needing a reset
is log.gpu_fault; the validator finding nvidia-peermem or gdrdrv not loaded, or the operator's GPUDirect RDMA
switched off, is gdr_unavailable; MOFED not ready leaves no RDMA device (socket_fallback); a container that asks for
a driver capability that does not exist, mixes the toolkit's automatic CDI vendor with other devices, or a pod that
asks for several replicas of a time-sliced GPU, is a launch that does not fit (application_bug). The validator's and
init containers' waits and retries, a failed validation pod and the plugin's restarts only report and name nothing."""

from __future__ import annotations

CASES = [
    # NVIDIA container toolkit: legacy hook, runtime, CDI, installer
    ('NVIDIA/nvidia-container-toolkit cmd/nvidia-container-runtime-hook/container_config.go:174@d34b304',
     "docker: Error response from daemon: failed to create task for container: failed to create shim task: OCI runtime create failed: runc create failed: unable to start container process: error during container init: error running prestart hook #0: exit status 1, stdout: , stderr: unsupported capabilities found in 'compute,gpu,utility' (allowed 'compute,utility'): unknown.",
     'log.launch_config', 'application_bug'),
    ('NVIDIA/nvidia-container-toolkit internal/modifier/cdi.go:61@d34b304',
     "docker: Error response from daemon: failed to create task for container: failed to create shim task: OCI runtime create failed: could not apply required modification to OCI specification: error modifying OCI spec: requesting a CDI device with vendor 'runtime.nvidia.com' is not supported when requesting other CDI devices: unknown.",
     'log.launch_config', 'application_bug'),
    ('NVIDIA/nvidia-container-toolkit internal/config/image/cuda_image.go:442@d34b304',
     'time="2026-03-14T10:22:30Z" level=warning msg="Ignoring request by environment variable(s) in unprivileged container: [NVIDIA_IMEX_CHANNELS]"',
     'log.gpu_missing', 'cuda_or_driver'),
    ('NVIDIA/nvidia-container-toolkit '
     'vendor/tags.cncf.io/container-device-interface/pkg/cdi/container-edits_unix.go:95@d34b304',
     'docker: Error response from daemon: failed to create task for container: failed to create shim task: OCI runtime create failed: could not apply required modification to OCI specification: error modifying OCI spec: failed to inject CDI devices: failed to inject devices: failed to stat CDI host device "/dev/nvidia3": no such file or directory: unknown.',
     'log.gpu_missing', 'cuda_or_driver'),
    ('NVIDIA/nvidia-container-toolkit vendor/tags.cncf.io/container-device-interface/pkg/cdi/cache.go:167@d34b304',
     'time="2026-03-14T10:22:30Z" level=warning msg="Refreshing the CDI registry generated errors: conflicting device \\"nvidia.com/gpu=all\\" (specs \\"/etc/cdi/nvidia.yaml\\", \\"/etc/cdi/nvidia.json\\")"',
     'log.gpu_missing', 'cuda_or_driver'),
    ('NVIDIA/nvidia-container-toolkit '
     'cmd/nvidia-ctk-installer/container/runtime/containerd/containerd_linux.go:102@d34b304',
     'time="2026-03-14T10:22:30Z" level=warning msg="Error signaling containerd, attempt 1/6: unable to dial: dial unix /runtime/sock-dir/containerd.sock: connect: no such file or directory"',
     'log.gpu_missing', 'cuda_or_driver'),
    # runc
    ('opencontainers/runc libcontainer/process_linux.go:922@76d9cf5',
     'Warning  Failed  kubelet  Error: failed to create containerd task: failed to create shim task: OCI runtime create failed: runc create failed: unable to start container process: error during container init: failed to fulfil mount request: open /usr/lib/x86_64-linux-gnu/libcuda.so.550.54.15: no such file or directory: unknown',
     'log.gpu_missing', 'cuda_or_driver'),
    # NVIDIA device plugin
    ('NVIDIA/k8s-device-plugin internal/rm/rm.go:122@1b826ac',
     'W0314 10:22:30.011234       1 rm.go:122] NVML not detected: could not load NVML library: libnvidia-ml.so.1: cannot open shared object file: No such file or directory',
     'log.gpu_missing', 'cuda_or_driver'),
    ('NVIDIA/k8s-device-plugin internal/rm/device_map.go:171@1b826ac',
     'E0314 10:22:30.912345       1 main.go:198] error starting plugins: error getting plugins: unable to create plugins: failed to construct resource managers: error building device map: error building device map from config.resources: invalid MIG configuration: at least one device with migEnabled=true was not configured correctly: device 0 has no MIG devices configured',
     'log.gpu_missing', 'cuda_or_driver'),
    ('NVIDIA/k8s-device-plugin internal/rm/device_map.go:101@1b826ac',
     'E0314 10:22:30.912345       1 main.go:198] error starting plugins: error getting plugins: unable to create plugins: failed to construct resource managers: error building device map: error building device map from config.resources: all devices on the node must be configured with the same migEnabled value',
     'log.gpu_missing', 'cuda_or_driver'),
    ('NVIDIA/k8s-device-plugin internal/rm/device_map.go:195@1b826ac',
     'E0314 10:22:30.912345       1 main.go:198] error starting plugins: error getting plugins: unable to create plugins: failed to construct resource managers: error building device map: error building device map from config.resources: invalid MIG configuration: more than one MIG device type present on node',
     'log.gpu_missing', 'cuda_or_driver'),
    ('NVIDIA/k8s-device-plugin internal/imex/imex.go:55@1b826ac',
     'E0314 10:22:30.912345       1 main.go:198] error starting plugins: error getting plugins: error querying IMEX channels: requested IMEX channel channel0 does not exist',
     'log.gpu_missing', 'cuda_or_driver'),
    ('NVIDIA/k8s-device-plugin internal/rm/health.go:92@1b826ac',
     'I0314 10:22:31.223456       1 health.go:92] unable to get device handle from UUID: GPU is lost; marking it as unhealthy',
     'log.gpu_fault', 'cuda_or_driver'),
    ('NVIDIA/k8s-device-plugin internal/rm/health.go:109@1b826ac',
     'I0314 10:22:31.223456       1 health.go:109] Marking device GPU-3f2a7c1e-5b6d-4e8f-9a01-23456789abcd as unhealthy: GPU requires reset',
     'log.gpu_fault', 'cuda_or_driver'),
    ('NVIDIA/k8s-device-plugin internal/rm/rm.go:99@1b826ac',
     'invalid allocation request for "nvidia.com/gpu": invalid request: maximum request size for shared resources is 1; found 8',
     'log.launch_config', 'application_bug'),
    # GPU Operator validator
    ('NVIDIA/gpu-operator cmd/nvidia-validator/main.go:924@a22dbf6',
     'time="2026-03-14T10:22:30Z" level=error msg="driver is not ready: error validating driver: exit status 9"',
     'log.gpu_missing', 'cuda_or_driver'),
    ('NVIDIA/gpu-operator cmd/nvidia-validator/main.go:931@a22dbf6',
     'Failed to create symlinks under /dev/char that point to all possible NVIDIA character devices.',
     'log.gpu_missing', 'cuda_or_driver'),
    ('NVIDIA/gpu-operator cmd/nvidia-validator/main.go:1160@a22dbf6',
     'toolkit is not ready',
     'log.gpu_missing', 'cuda_or_driver'),
    ('NVIDIA/gpu-operator cmd/nvidia-validator/main.go:1466@a22dbf6',
     'time="2026-03-14T10:31:40Z" level=info msg="Error: error validating plugin installation: GPU resources are not discovered by the node"',
     'log.gpu_missing', 'cuda_or_driver'),
    ('NVIDIA/gpu-operator cmd/nvidia-validator/main.go:1121@a22dbf6',
     'time="2026-03-14T10:22:30Z" level=info msg="nvidia-peermem driver is not ready"',
     'log.gdr_disabled', 'gdr_unavailable'),
    ('NVIDIA/gpu-operator cmd/nvidia-validator/main.go:581@a22dbf6',
     'time="2026-03-14T10:22:30Z" level=info msg="Error: error validating nvidia-peermem driver installation: exit status 1"',
     'log.gdr_disabled', 'gdr_unavailable'),
    ('NVIDIA/gpu-operator cmd/nvidia-validator/main.go:1089@a22dbf6',
     'time="2026-03-14T10:22:30Z" level=info msg="gdrcopy driver is not ready"',
     'log.gdrcopy_error', 'gdr_unavailable'),
    ('NVIDIA/gpu-operator cmd/nvidia-validator/main.go:1219@a22dbf6',
     'time="2026-03-14T10:22:30Z" level=info msg="GPUDirect RDMA is disabled, skipping MOFED driver validation..."',
     'log.gdr_disabled', 'gdr_unavailable'),
    ('NVIDIA/gpu-operator cmd/nvidia-validator/main.go:615@a22dbf6',
     'time="2026-03-14T10:22:30Z" level=info msg="Error: error validating MOFED driver installation: exit status 1"',
     'log.no_ib_device', 'socket_fallback'),
]

NO_CAUSE = [
    'time="2026-03-14T10:22:30Z" level=warning msg="Unable to get exclusive lock on \'/run/nvidia/toolkit/toolkit.pid\'"',  # NVIDIA/nvidia-container-toolkit cmd/nvidia-ctk-installer/main.go:357@d34b304
    'W0314 10:22:30.011234       1 rm.go:121] mig-strategy="mixed" is only supported with NVML',  # NVIDIA/k8s-device-plugin internal/rm/rm.go:121@1b826ac
    "I0314 10:22:31.323456       1 server.go:198] Starting GRPC server for 'nvidia.com/gpu'",  # NVIDIA/k8s-device-plugin internal/plugin/server.go:198@1b826ac
    "F0314 10:25:02.512345       1 server.go:195] GRPC server for 'nvidia.com/gpu' has repeatedly crashed recently. Quitting",  # NVIDIA/k8s-device-plugin internal/plugin/server.go:195@1b826ac
    'time="2026-03-14T10:22:30Z" level=info msg="No pre-installed driver detected on the host: failed to find an executable \'nvidia-smi\' on the host"',  # NVIDIA/gpu-operator cmd/nvidia-validator/main.go:852@a22dbf6
    'time="2026-03-14T10:22:35Z" level=warning msg="failed to validate the driver, retrying after 5 seconds\\n"',  # NVIDIA/gpu-operator cmd/nvidia-validator/main.go:837@a22dbf6
    'time="2026-03-14T10:23:40Z" level=info msg="GPU resources are not yet discovered by the node, retry: 3"',  # NVIDIA/gpu-operator cmd/nvidia-validator/main.go:1463@a22dbf6
    'time="2026-03-14T10:24:10Z" level=info msg="pod cuda-validator-7x2kq is curently in Pending phase"',  # NVIDIA/gpu-operator cmd/nvidia-validator/main.go:1395@a22dbf6
    'time="2026-03-14T10:31:40Z" level=info msg="Error: error validating cuda workload: gave up waiting for pod cuda-validator-7x2kq to be available"',  # NVIDIA/gpu-operator cmd/nvidia-validator/main.go:1403@a22dbf6
    'time="2026-03-14T10:22:30Z" level=info msg="No Mellanox device label found, skipping MOFED driver validation..."',  # NVIDIA/gpu-operator cmd/nvidia-validator/main.go:1245@a22dbf6
    'waiting for nvidia container stack to be setup',  # NVIDIA/gpu-operator assets/state-dcgm-exporter/0800_daemonset.yaml:32@a22dbf6
]
