"""Lines of the container layers under a GPU job, read alone and inside an NCCL log: the NVIDIA container
toolkit and Docker handing GPUs to a container, enroot and pyxis starting a Slurm job's container, the Kubernetes
RDMA device plugins and the pod network (patterns_table_cluster.py). Each text is the one its source prints (format
fields filled, the file named beside it); the expected cause is what the code around it says, reviewed one by one
(a GPU or RDMA device the container never got, an image that could not be imported, a driver older than the
image)."""

from __future__ import annotations

import pytest

from line_reading import assert_reads

CASES = [
    ('moby/moby daemon/errors.go:82',
     'docker: Error response from daemon: could not select device driver "" with capabilities: [[gpu]].',
     'log.cuda_error', 'cuda_or_driver'),
    ('moby/moby daemon/cdi.go:121',
     'docker: Error response from daemon: CDI device injection failed: unresolvable CDI devices nvidia.com/gpu=all',
     'log.gpu_missing', 'cuda_or_driver'),
    ('NVIDIA/nvidia-container-toolkit internal/requirements/constraints/binary.go:46',
     'unsatisfied condition: cuda>=12.4, please update your driver to a newer version, or use an earlier cuda container',
     'log.cuda_driver_unsupported', 'cuda_or_driver'),
    ('NVIDIA/nvidia-container-toolkit internal/requirements/constraints/binary.go:47',
     'requirements not met: unsatisfied condition: cuda>=12.4 (cuda=12.2)',
     'log.cuda_driver_unsupported', 'cuda_or_driver'),
    ('NVIDIA/nvidia-container-toolkit internal/modifier/cdi/registry.go:48',
     'could not resolve CDI devices: [nvidia.com/gpu=all]',
     'log.gpu_missing', 'cuda_or_driver'),
    ('NVIDIA/nvidia-container-toolkit vendor/tags.cncf.io/container-device-interface/pkg/cdi/cache.go:257',
     'could not apply required modification to OCI specification: error modifying OCI spec: failed to inject CDI devices: unresolvable CDI devices nvidia.com/gpu=0',
     'log.gpu_missing', 'cuda_or_driver'),
    ('NVIDIA/nvidia-container-toolkit internal/oci/runtime_modifier.go:58',
     'could not apply required modification to OCI specification: error modifying OCI spec: failed to inject CDI devices: unresolvable CDI devices nvidia.com/gpu=all',
     'log.gpu_missing', 'cuda_or_driver'),
    ('NVIDIA/nvidia-container-toolkit internal/runtime/runtime.go:85',
     'failed to create NVIDIA Container Runtime: failed to construct OCI spec modifier: requirements not met: unsatisfied condition: cuda>=12.4 (cuda=12.2)',
     'log.cuda_driver_unsupported', 'cuda_or_driver'),
    ('NVIDIA/nvidia-container-toolkit cmd/nvidia-ctk/cdi/generate/generate.go:319',
     'failed to generate CDI spec: failed to create device CDI specs: failed to initialize NVML: ERROR_LIBRARY_NOT_FOUND',
     'log.gpu_missing', 'cuda_or_driver'),
    ('NVIDIA/nvidia-container-toolkit pkg/nvcdi/lib-imex.go:121',
     'IMEX channel 0 not found at /dev/nvidia-caps-imex-channels/channel0: stat /dev/nvidia-caps-imex-channels/channel0: no such file or directory',
     'log.gpu_missing', 'cuda_or_driver'),
    ('NVIDIA/nvidia-container-toolkit internal/config/image/cuda_image.go:286',
     'Ignoring devices requested by environment variable(s) in unprivileged container: [NVIDIA_VISIBLE_DEVICES]',
     'log.gpu_missing', 'cuda_or_driver'),
    ('NVIDIA/enroot conf/hooks/98-nvidia.sh:77',
     '[WARN] Kernel module nvidia_uvm is not loaded. Make sure the NVIDIA device driver is installed and loaded.',
     'log.gpu_missing', 'cuda_or_driver'),
    ('NVIDIA/enroot bin/enroot-mount.c:540',
     'enroot-mount: failed to mount: /dev/infiniband/rdma_cm at /run/enroot/overlay/dev/infiniband/rdma_cm: No such file or directory',
     'log.no_ib_device', 'socket_fallback'),
    ('NVIDIA/pyxis pyxis_slurmstepd.c:753',
     'slurmstepd: error: pyxis: failed to import docker image: nvcr.io#nvidia/pytorch:24.05-py3',
     'log.container_start', 'other'),
    ('NVIDIA/pyxis pyxis_slurmstepd.c:788',
     'slurmstepd: error: pyxis: failed to create container filesystem for image: nvcr.io#nvidia/pytorch:24.05-py3',
     'log.container_start', 'other'),
    ('NVIDIA/pyxis pyxis_slurmstepd.c:1492',
     'slurmstepd: error: pyxis: a previous task terminated unexpectedly during container setup',
     'log.remote_exited', 'rank_crashed_elsewhere'),
    ('NVIDIA/pyxis pyxis_slurmstepd.c:1526',
     'slurmstepd: error: pyxis: container was not started successfully by another task',
     'log.remote_exited', 'rank_crashed_elsewhere'),
    ('SchedMD/slurm src/common/spank.c:756',
     'slurmstepd: error: spank: required plugin spank_pyxis.so: task_init() failed with rc=-1',
     'log.container_start', 'other'),
    ('SchedMD/slurm src/api/step_launch.c:1122',
     'srun: error: task 0 launch failed: Plugin initialization failed',
     'log.container_start', 'other'),
    ('Mellanox/k8s-rdma-shared-dev-plugin pkg/resources/resources_manager.go:238',
     'Warning: no devices in device pool, creating empty resource server for rdma_shared_device_a',
     'log.no_ib_device', 'socket_fallback'),
    ('Mellanox/k8s-rdma-shared-dev-plugin pkg/resources/server.go:164',
     'Warning: no Rdma Devices were found for resource rdma_shared_device_a',
     'log.no_ib_device', 'socket_fallback'),
    ('Mellanox/k8s-rdma-shared-dev-plugin pkg/resources/resources_manager.go:361',
     'error creating new device: "missing RDMA device spec for device 0000:3b:00.0, RDMA device \\"rdma_cm\\" not found"',
     'log.no_ib_device', 'socket_fallback'),
    ('k8snetworkplumbingwg/sriov-network-device-plugin pkg/netdevice/pciNetDevice.go:74',
     'RDMA resources for 0000:3b:00.2 not found. Are RDMA modules loaded?',
     'log.no_ib_device', 'socket_fallback'),
    ('k8snetworkplumbingwg/sriov-network-device-plugin pkg/netdevice/netResourcePool.go:125',
     'No RDMA devices available for RDMA capable device: 0000:3b:00.2',
     'log.no_ib_device', 'socket_fallback'),
    ('k8snetworkplumbingwg/sriov-cni pkg/cnicommands/cni.go:129',
     'failed to set up IPAM plugin type "host-local" from the device "ens1f0np0": failed to allocate for range 0: no IP addresses available in range set: 192.168.10.1-192.168.10.254',
     'log.container_start', 'other'),
    ('k8snetworkplumbingwg/multus-cni pkg/multus/multus.go:789',
     'Multus: [default/trainer-worker-0/5f3c2a1e-9d7b-4c1e-8f00-1a2b3c4d5e6f]: have you checked that your default network is ready? still waiting for readinessindicatorfile @ /host/run/multus/cni/net.d/10-calico.conflist. pollimmediate error: timed out waiting for the condition',
     'log.container_start', 'other'),
]


@pytest.mark.parametrize(("source", "line", "fid", "cause"), CASES, ids=[c[0] for c in CASES])
def test_line_names_its_cause(source: str, line: str, fid: str, cause: str) -> None:
    assert_reads(line, fid, cause)
