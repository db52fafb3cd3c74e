"""Lines of Kubernetes and the container runtime about a GPU/RDMA training pod that cannot start or was stopped, read
alone and inside an NCCL log: `kubectl describe` events and node conditions of the scheduler and the kubelet
(Kubernetes v1.32 as kubeedge/kubeedge 16cd854 vendors it), runc and containerd's refusals as the kubelet reports
them (opencontainers/runc 76d9cf5, containerd/containerd 301026e), NVIDIA's device plugin (k8s-device-plugin
1b826ac), multus and the SR-IOV CNI and device plugin (multus-cni 95a0932, sriov-cni 1b7acc5,
sriov-network-device-plugin 40b6f50) and the RDMA shared device plugin (Mellanox/k8s-rdma-shared-dev-plugin
410b0f3). Each cause reviewed one by one; the routine lines of the same sources name nothing."""

from __future__ import annotations

CASES = [
    ('aws-samples/aws-do-eks#39 (a manifest exec-ing a venv the Dynamo 1.3 image no longer has)',
     '- **frontend**: `exec /opt/dynamo/venv/bin/python3: no such file or directory`',
     'log.container_start', 'other'),
    ('NVIDIA/k8s-device-plugin internal/rm/health.go:126@1b826ac',
     'I0314 10:22:31.223456       1 health.go:126] Error waiting for event: GPU is lost; Marking all devices as unhealthy',
     'log.gpu_fault', 'cuda_or_driver'),
    ('NVIDIA/k8s-device-plugin internal/plugin/factory.go:100@1b826ac',
     'E0314 10:22:30.012345       1 factory.go:100] If this is a GPU node, did you set the docker default runtime to `nvidia`?',
     'log.cuda_driver_load', 'cuda_or_driver'),
    ('NVIDIA/k8s-device-plugin cmd/nvidia-device-plugin/plugin-manager.go:108@1b826ac',
     'W0314 10:22:30.010001       1 plugin-manager.go:108] Unsupported platform detected; defaulting to nvml',
     'log.cuda_error', 'cuda_or_driver'),
    ('k8snetworkplumbingwg/sriov-network-device-plugin cmd/sriovdp/manager.go:142@40b6f50',
     'I0314 10:22:30.812345       1 manager.go:142] no devices in device pool, skipping creating resource server for mlnx_sriov_rdma',
     'log.no_ib_device', 'socket_fallback'),
    ('k8snetworkplumbingwg/sriov-network-device-plugin pkg/infoprovider/rdmaInfoProvider.go:52@40b6f50',
     'E0314 10:22:41.912345       1 rdmaInfoProvider.go:52] GetDeviceSpecs(): rdma is required in the configuration but the device is not rdma device',
     'log.no_ib_device', 'socket_fallback'),
    # the node's exclusive netns mode is the cause, the pods' missing RDMA its consequence (the plugin's #87)
    ('Mellanox/k8s-rdma-shared-dev-plugin cmd/k8s-rdma-shared-dp/main.go:95@410b0f3',
     '2026/03/14 10:22:30 Exiting.. can not change : incorrect RDMA subsystem network namespace',
     'log.no_ib_device', 'other'),
    ('k8snetworkplumbingwg/multus-cni pkg/k8sclient/k8sclient.go:302@95a0932',
     'Warning  FailedCreatePodSandBox  kubelet  Failed to create pod sandbox: rpc error: code = Unknown desc = failed to setup network for sandbox "9b1c7e4a2f3d5b6c8e0a1d2f3b4c5d6e7f8091a2b3c4d5e6f708192a3b4c5d6e": plugin type="multus" name="multus-cni-network" failed (add): Multus: [default/trainer-worker-0/8c2f6a1e-3b7d-4f0e-9a15-2d4c6b8e0f31]: error loading k8s delegates k8s args: TryLoadPodDelegates: error in getting k8s network for pod: GetNetworkDelegates: failed getting the delegate: getKubernetesDelegate: cannot find a network-attachment-definition (sriov-rdma) in namespace (default): network-attachment-definitions.k8s.cni.cncf.io "sriov-rdma" not found',
     'log.container_start', 'other'),
    ('k8snetworkplumbingwg/sriov-cni pkg/config/config.go:49@1b7acc5',
     'Warning  FailedCreatePodSandBox  kubelet  Failed to create pod sandbox: rpc error: code = Unknown desc = failed to setup network for sandbox "9b1c7e4a2f3d5b6c8e0a1d2f3b4c5d6e7f8091a2b3c4d5e6f708192a3b4c5d6e": plugin type="multus" name="multus-cni-network" failed (add): [default/trainer-worker-0/8c2f6a1e-3b7d-4f0e-9a15-2d4c6b8e0f31:sriov-rdma]: error adding container to network "sriov-rdma": SRIOV-CNI failed to load netconf: LoadConf(): VF pci addr is required',
     'log.container_start', 'other'),
    ('k8snetworkplumbingwg/sriov-cni pkg/config/config.go:75@1b7acc5',
     'Warning  FailedCreatePodSandBox  kubelet  Failed to create pod sandbox: rpc error: code = Unknown desc = failed to setup network for sandbox "9b1c7e4a2f3d5b6c8e0a1d2f3b4c5d6e7f8091a2b3c4d5e6f708192a3b4c5d6e": plugin type="multus" name="multus-cni-network" failed (add): [default/trainer-worker-1/8c2f6a1e-3b7d-4f0e-9a15-2d4c6b8e0f31:sriov-rdma]: error adding container to network "sriov-rdma": SRIOV-CNI failed to load netconf: pci address 0000:3b:00.3 is already allocated',
     'log.container_start', 'other'),
    ('opencontainers/runc libcontainer/process_linux.go:986@76d9cf5',
     'Warning  Failed  kubelet  Error: failed to create containerd task: failed to create shim task: OCI runtime create failed: runc create failed: unable to start container process: error during container init: error setting rlimits for ready process: error setting rlimit type 8: operation not permitted: unknown',
     'log.memlock', 'memlock_or_ulimit'),
    ('opencontainers/runc libcontainer/process_linux.go:798@76d9cf5',
     'Warning  Failed  kubelet  Error: failed to create containerd task: failed to create shim task: OCI runtime create failed: runc create failed: unable to start container process: container init was OOM-killed (memory limit too low?): unknown',
     'log.oom', 'oom'),
    ('containerd/containerd internal/cri/server/container_create.go:282@301026e',
     'Warning  Failed  kubelet  Error: failed to generate container "4f1e2d3c5b6a79808172635445362718f9e0d1c2b3a4958677869504132a1b0c" spec: failed to generate spec: lstat /dev/infiniband/uverbs2: no such file or directory',
     'log.no_ib_device', 'socket_fallback'),
    ('kubeedge/kubeedge vendor/k8s.io/kubernetes/pkg/scheduler/framework/plugins/tainttoleration/taint_toleration.go:118@16cd854',
     'Warning  FailedScheduling  default-scheduler  0/4 nodes are available: 4 node(s) had untolerated taint {nvidia.com/gpu: present}. preemption: 0/4 nodes are available: 4 Preemption is not helpful for scheduling.',
     'log.launch_config', 'application_bug'),
    ('kubeedge/kubeedge vendor/k8s.io/kubernetes/pkg/scheduler/framework/plugins/nodeaffinity/node_affinity.go:63@16cd854',
     "Warning  FailedScheduling  default-scheduler  0/8 nodes are available: 8 node(s) didn't match Pod's node affinity/selector. preemption: 0/8 nodes are available: 8 Preemption is not helpful for scheduling.",
     'log.launch_config', 'application_bug'),
    ('kubeedge/kubeedge vendor/k8s.io/kubernetes/pkg/scheduler/framework/preemption/preemption.go:199@16cd854',
     'Normal  Preempted  default-scheduler  Preempted by pod 5d7e9a0b-1c2d-4e3f-8a9b-0c1d2e3f4a5b on node gpu-node-3',
     'log.process_killed', 'other'),
    ('kubeedge/kubeedge vendor/k8s.io/kubernetes/pkg/kubelet/eviction/helpers.go:53@16cd854',
     'Warning  Evicted  kubelet  Usage of EmptyDir volume "dshm" exceeds the limit "16Gi".',
     'log.shm_small', 'shm_too_small'),
    ('kubeedge/kubeedge vendor/k8s.io/kubernetes/pkg/kubelet/eviction/helpers.go:43@16cd854',
     'Warning  Evicted  kubelet  The node was low on resource: ephemeral-storage. Threshold quantity: 10Gi, available: 8123456Ki. Container pytorch was using 412Gi, request is 0, has larger consumption of ephemeral-storage.',
     'log.process_killed', 'other'),
    ('kubeedge/kubeedge vendor/k8s.io/kubernetes/pkg/kubelet/eviction/helpers.go:45@16cd854',
     'Warning  Evicted  kubelet  The node had condition: [DiskPressure].',
     'log.process_killed', 'other'),
    # The count of healthy devices not in use: short for GPUs other pods hold or bookkeeping gone stale as often as
    # for a lost GPU (kubernetes/kubernetes#130145 and #96519 found the first two): the device manager's, not the GPU's.
    ('kubeedge/kubeedge vendor/k8s.io/kubernetes/pkg/kubelet/cm/devicemanager/manager.go:670@16cd854',
     'Warning  UnexpectedAdmissionError  kubelet  Allocate failed due to requested number of devices unavailable for nvidia.com/gpu. Requested: 8, Available: 7, which is unexpected',
     'log.gpu_missing', 'other'),
    ('kubeedge/kubeedge vendor/k8s.io/kubernetes/pkg/kubelet/cm/devicemanager/manager.go:624@16cd854',
     'Warning  UnexpectedAdmissionError  kubelet  Allocate failed due to previously allocated devices are no longer healthy; cannot allocate unhealthy devices nvidia.com/gpu, which is unexpected',
     'log.gpu_missing', 'cuda_or_driver'),
    ('kubeedge/kubeedge vendor/k8s.io/kubernetes/pkg/kubelet/cm/topologymanager/topology_manager.go:49@16cd854',
     'Warning  TopologyAffinityError  kubelet  Resources cannot be allocated with Topology locality',
     'log.topology_error', 'topology_or_numa'),
    ('kubeedge/kubeedge vendor/k8s.io/kubernetes/pkg/kubelet/lifecycle/predicate.go:309@16cd854',
     "Message:      Pod was rejected: Node didn't have enough resource: nvidia.com/gpu, requested: 8, used: 0, capacity: 7",
     'log.gpu_missing', 'cuda_or_driver'),
    ('kubeedge/kubeedge vendor/k8s.io/kubernetes/pkg/volume/hostpath/host_path.go:471@16cd854',
     'Warning  FailedMount  kubelet  MountVolume.SetUp failed for volume "infiniband" : hostPath type check failed: /dev/infiniband is not a directory',
     'log.no_ib_device', 'socket_fallback'),
    ('kubeedge/kubeedge vendor/k8s.io/kubernetes/pkg/kubelet/oom/oom_watcher_linux.go:86@16cd854',
     'Warning  SystemOOM  kubelet  System OOM encountered, victim process: python, pid: 48211',
     'log.oom', 'oom'),
    ('kubeedge/kubeedge vendor/k8s.io/kubernetes/pkg/kubelet/nodeshutdown/nodeshutdown_manager.go:91@16cd854',
     'Message:      Pod was terminated in response to imminent node shutdown.',
     'log.process_killed', 'other'),
    ('kubeedge/kubeedge vendor/k8s.io/kubernetes/pkg/kubelet/kubelet.go:2865@16cd854',
     'Ready            False   Fri, 14 Mar 2026 10:22:31 +0000   Fri, 14 Mar 2026 10:20:01 +0000   KubeletNotReady              container runtime network not ready: NetworkReady=false reason:NetworkPluginNotReady message:Network plugin returns error: cni plugin not initialized',
     'log.container_start', 'other'),
]

NO_CAUSE = [
    'I0314 10:22:30.101234       1 health.go:64] Ignoring the following XIDs for health checks: map[13:true 31:true 43:true 45:true 68:true 109:true]',  # NVIDIA/k8s-device-plugin internal/rm/health.go:64@1b826ac
    'W0314 10:22:30.105678       1 health.go:107] Device GPU-3f2a7c1e-5b6d-4e8f-9a01-23456789abcd is too old to support healthchecking.',  # NVIDIA/k8s-device-plugin internal/rm/health.go:107@1b826ac
    "I0314 10:22:31.323456       1 server.go:149] Registered device plugin for 'nvidia.com/gpu' with Kubelet",  # NVIDIA/k8s-device-plugin internal/plugin/server.go:149@1b826ac
    'I0314 10:22:36.612345       1 main.go:302] Failed to start one or more plugins. Retrying in 30s...',  # NVIDIA/k8s-device-plugin cmd/nvidia-device-plugin/main.go:302@1b826ac
    'I0314 10:22:30.912345       1 manager.go:156] New resource server is created for mlnx_sriov_rdma ResourcePool',  # k8snetworkplumbingwg/sriov-network-device-plugin cmd/sriovdp/manager.go:156@40b6
    'W0314 11:05:12.412345       1 server.go:343] most likely Kubelet restarted',  # k8snetworkplumbingwg/sriov-network-device-plugin pkg/resources/server.go:343@40b
    '2026/03/14 10:22:31 exposing "63" devices',  # Mellanox/k8s-rdma-shared-dev-plugin pkg/resources/server.go:378@410b0f3
    'Warning  FailedMount  kubelet  Unable to attach or mount volumes: unmounted volumes=[infiniband], unattached volumes=[], failed to process volumes=[]: context deadline exceeded',  # kubeedge/kubeedge vendor/k8s.io/kubernetes/pkg/kubelet/kubelet.go:1866@16cd854
    'Warning  BackOff  kubelet  Back-off restarting failed container pytorch in pod trainer-worker-1_default(8c2f6a1e-3b7d-4f0e-9a15-2d4c6b8e0f31)',  # kubeedge/kubeedge vendor/k8s.io/kubernetes/pkg/kubelet/kuberuntime/kuberuntime_m
    'Normal  Killing  kubelet  Container pytorch failed liveness probe, will be restarted',  # kubeedge/kubeedge vendor/k8s.io/kubernetes/pkg/kubelet/kuberuntime/kuberuntime_m
]
