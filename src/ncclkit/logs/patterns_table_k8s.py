"""Rows of the line classifier for what Kubernetes says about a GPU/RDMA training pod that cannot start or was
stopped (`kubectl describe pod` events and node conditions): the scheduler's and the kubelet's messages (Kubernetes
v1.32: pkg/scheduler, pkg/kubelet/eviction, pkg/kubelet/cm/devicemanager and topologymanager) and the RDMA
device plugins (Mellanox/k8s-rdma-shared-dev-plugin 410b0f3, sriov-network-device-plugin 40b6f50). Read with
patterns_table_cluster's rows, before the host rows.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ncclkit.causes import Cause as C
from ncclkit.findings import Severity

E, W = Severity.ERROR, Severity.WARNING

# The pods of a node's GPU stack (NVIDIA's device plugin and GKE's, the driver installer or daemonset, the container
# toolkit, the GPU Operator's validator, DCGM): one failing leaves the node without a working GPU for pods.
GPU_STACK_POD = r"nvidia-(?:device-plugin|gpu-device-plugin|driver|container-toolkit|operator-validator|dcgm)"
GPU_STACK_FIX = ("read its logs (`kubectl logs -n <ns> <pod> --all-containers --previous`): a driver not installed or "
                 "not loadable on the node's kernel, or NVML not found because nvidia is not the container runtime's "
                 "default")

_RDMA_FIX = ("give the pod the node's RDMA devices: the RDMA device plugin's resource (rdma/... or the SR-IOV VF "
             "resource) in its requests, on nodes whose plugin lists RDMA-capable devices, with the RDMA subsystem "
             "in shared network-namespace mode (`rdma system show`)")


def k8s_rows(p: Callable[..., Any]) -> tuple[Any, ...]:
    return (
        # kubectl wait: "error: timed out waiting for the condition on pods/<name>": the object never reached the
        # condition (Ready, Complete) within --timeout; no collective is involved (aws-samples' HyperPod EKS set-up).
        p(r"error: timed out waiting for the condition on \w+/\S+", "kubectl_wait_timeout", W,
          "kubectl wait gave up: the object it names never reached the condition asked for (a pod not Ready, a job "
          "not Complete)", "`kubectl describe <object>` and its events (scheduling, image pull, a failing probe, "
          "the device plugin's resources)", C.OTHER),
        # The pod network (CNI) not up: the sandbox cannot be created, or the node is NotReady for it; older kubelets
        # word it "Failed create pod sandbox" (sriov-cni#72), the kubelet's journal "Failed to create sandbox for
        # pod" and "failed to setup network for sandbox" (sriov-network-device-plugin#555).
        p(r"Failed (?:to )?create pod sandbox|Failed to create sandbox for pod|failed to setup network for sandbox|"
          r"NetworkPluginNotReady|cni plugin not initialized|container runtime network not ready", "container_start",
          E, "the pod's network (its CNI plugin) could not be set up on the node",
          "check the CNI pods (multus, the SR-IOV CNI, the cluster's primary CNI) and their logs on that node, and "
          "that every NetworkAttachmentDefinition the pod names exists in its namespace", C.OTHER, "root",
          (C.WRONG_INTERFACE,)),
        # eviction/helpers.go: an emptyDir over its sizeLimit evicts the pod; "dshm"/"shm" is the /dev/shm mount.
        p(r"Usage of EmptyDir volume \"[\w-]*shm[\w-]*\" exceeds the limit", "shm_small", E,
          "the pod's /dev/shm (an emptyDir in memory) outgrew its sizeLimit and the kubelet evicted the pod",
          "raise the sizeLimit of the /dev/shm emptyDir (medium: Memory) and the pod's memory limit with it",
          C.SHM_TOO_SMALL),
        # The kubelet stopped the pod from outside: node memory, disk, shutdown, a higher-priority pod.
        p(r"System OOM encountered, victim process", "oom", E, "the node ran out of memory and the kernel killed a "
          "process of the job", "give the pod a memory limit that fits the node, or lower the job's host memory "
          "(data loader workers, pinned buffers)", C.OOM),
        # The pod's own ephemeral-storage limit ("Pod ephemeral local storage usage exceeds the total limit of
        # containers 5Gi", eviction/helpers.go: substratusai/runbooks#92) is the same stop.
        p(r"The node was low on resource: (?:ephemeral-storage|memory)|The node had condition: \[(?:Disk|Memory|PID)"
          r"Pressure\]|Preempted by pod \S+ on node|terminated in response to imminent node shutdown|Pod ephemeral "
          r"local storage usage exceeds the total limit of containers", "process_killed",
          E, "Kubernetes stopped the pod: the node ran short of disk or memory, shut down, or preempted it for "
          "another pod", "read the node's events (`kubectl describe node`); give the job the priority class, "
          "disk and memory it needs", C.OTHER, "root", (C.RANK_CRASHED_ELSEWHERE,)),
        # `kubectl get pods` listing a pod of the node's GPU stack that keeps failing (NVIDIA/k8s-device-plugin#13: the
        # device plugin crash-looped while nvidia was not the container runtime's default; GKE's driver installer
        # crash-looping, GoogleCloudPlatform/container-engine-accelerators#132): that node offers no working GPU.
        p(r"\b" + GPU_STACK_POD + r"\S*\s+\d+/\d+\s+(?:Init:)?(?:CrashLoopBackOff|Error)\b", "gpu_missing", E,
          "a pod of the node's GPU stack (the NVIDIA device plugin, driver installer, container toolkit or "
          "validator) keeps failing: that node offers pods no working GPU", GPU_STACK_FIX, C.CUDA_OR_DRIVER),
        # GKE's GPU device plugin waits in its init container for a driver that the node pool was told not to install
        # ("GPU driver auto installation is disabled", container-engine-accelerators#407): nvidia.com/gpu never shows.
        p(r"GPU driver auto installation is disabled|Waiting for GPU driver libraries to be available", "gpu_missing",
          W, "the node's GPU device plugin waits for an NVIDIA driver that nothing installs on this node",
          "install the driver: create the node pool with gpu-driver-version=default (or latest), or apply the "
          "driver-installer DaemonSet for the node image", C.CUDA_OR_DRIVER),
        # devicemanager: GPUs that turned unhealthy (the device plugin's health check, Xid) or went missing.
        # "requested number of devices unavailable" is the device manager's own count: GPUs held by other pods,
        # its bookkeeping stale after a plugin restart, or a GPU-sharing plugin's bug (kubernetes#130145, #96519).
        p(r"requested number of devices unavailable for nvidia\.com/gpu", "gpu_missing", E,
          "the kubelet's device manager has no free GPU for the pod: other pods hold them, its bookkeeping went "
          "stale (a device plugin restarted), or a GPU was lost", "list the pods on the node and their GPUs "
          "(`kubectl describe node`), restart the device plugin and the kubelet if the counts disagree, and check "
          "`nvidia-smi` for a lost GPU", C.OTHER, "root", (C.CUDA_OR_DRIVER,)),
        # GKE's GPU nodes mount the driver from /home/kubernetes/bin/nvidia: absent until the driver is installed
        # (nebari-dev/nebari#1200).
        p(r"hostPath type check failed: \S*/bin/nvidia is not a directory", "gpu_missing", E,
          "the node has no NVIDIA driver installed where its GPU pods mount it from (GKE's /home/kubernetes/bin/"
          "nvidia)", "install the driver on the node pool (GKE's driver installer DaemonSet or the node pool's "
          "gpu-driver-version)", C.CUDA_OR_DRIVER),
        p(r"cannot allocate unhealthy devices nvidia\.com/gpu|Node didn't have enough resource: nvidia\.com/gpu",
          "gpu_missing", E,
          "the node has fewer healthy GPUs than the pod asks for (a GPU marked unhealthy by the device plugin, "
          "lost, or in use)", "check the node's GPUs (`nvidia-smi`, Xid lines in dmesg, the device plugin's log) "
          "and drain it if one failed", C.CUDA_OR_DRIVER, "root", (C.APPLICATION_BUG,)),
        # The kubelet's device manager: its checkpoint unwritable on a full disk ("failed to write checkpoint file
        # \"kubelet_internal_checkpoint\": ... no space left on device"); a device plugin refusing the pod
        # ("Update plugin resources failed due to", "Allocate failed due to rpc error", "PreStartContainer rpc
        # failed": a GPU-sharing plugin, tkestack/gpu-manager#37, Project-HAMi/HAMi#710); NVIDIA's old device plugin
        # marking GPUs it could not health-check unhealthy ("is too old to support healtchecking ... Marking it
        # unhealthy", its own spelling, fixed by k8s-device-plugin PR#1562; newer releases only skip the check).
        p(r"failed to write checkpoint file \S+: .*no space left on device", "disk_full", E,
          "the kubelet could not write its device-manager checkpoint: the node's disk (/var/lib/kubelet) is full",
          "free space on the node's /var/lib/kubelet (images, logs, old pods) or drain it", C.OTHER),
        p(r"Update plugin resources failed due to|Allocate failed due to rpc error|device plugin PreStartContainer "
          r"rpc failed", "gpu_sharing_layer", E,
          "the node's GPU device plugin refused the pod's devices (a GPU-sharing plugin's own check or its state)",
          "read the device plugin's log on that node; restart it, and upgrade a GPU-sharing plugin (HAMi, volcano's, "
          "gpu-manager) to a release with the fix", C.OTHER),
        p(r"is too old to support healt?h?checking.*Marking it unhealthy", "framework_release", W,
          "the NVIDIA device plugin could not health-check these GPUs and marked them unhealthy: a bug of that "
          "plugin release, not a GPU fault", "upgrade the device plugin, or set DP_DISABLE_HEALTHCHECKS=all",
          C.OTHER),
        # A label Kubernetes builds from the workload's names over its 63-character limit ("metadata.labels: Invalid
        # value: ...: must be no more than 63 characters", LeaderWorkerSet's troubleshooting page).
        p(r"metadata\.labels: Invalid value: .*must be no more than 63 characters", "launch_config", E,
          "a label Kubernetes derives from the workload's names is longer than 63 characters, so the pod is refused",
          "shorten the workload's name (the job, LeaderWorkerSet or StatefulSet name the label is built from)",
          C.APPLICATION_BUG),
        # The API server's "Internal error occurred: failed calling webhook ...: no endpoints available for service"
        # (ai-on-gke's KubeRay TPU webhook page: a webhook left by an uninstalled chart, or cert-manager's own not yet
        # ready): no pod of that webhook answers, so the objects it admits cannot be created. Not NCCL's internal error.
        p(r"Internal error occurred: failed calling webhook", "container_start", E,
          "the Kubernetes API server could not call an admission webhook: its service has no ready pods (a webhook "
          "left behind by an uninstalled operator, or one such as cert-manager still starting)",
          "check the webhook's service (`kubectl get endpoints -n <namespace> <service>`): wait for its pods, or "
          "delete the stale ValidatingWebhookConfiguration / MutatingWebhookConfiguration", C.OTHER),
        # Image pulls, quotas and admission policies: the pod never starts (grgalex/nvshare#5, microsoft/pai#5215).
        p(r"\bErrImagePull\b|\bImagePullBackOff\b|Failed to pull image", "container_start", E,
          "the node could not pull the pod's image: its name or tag, the registry's credentials, or the node's "
          "access to the registry", "check the image reference, the imagePullSecrets and that the node reaches the "
          "registry (`crictl pull <image>` on the node)", C.OTHER),
        p(r"is forbidden: (?:failed quota|exceeded quota)|admission webhook (?:\S+ )?denied the request|\d+ "
          r"ExceedsGPUQuota|\d+/\d+ nodes are available:.*\b\d+ Insufficient (?:memory|cpu)\b", "launch_config", E,
          "Kubernetes refused or could not place the pod as asked: a namespace quota, an admission policy, or more "
          "memory or CPU than any node has free", "give the pod the limits and requests the namespace's quota and "
          "policies ask for, within what a node has (`kubectl describe quota`, `kubectl describe node`)",
          C.APPLICATION_BUG, "root", (C.OTHER,)),
        p(r"TopologyAffinityError|Resources cannot be allocated with Topology locality", "topology_error", E,
          "the kubelet's topology manager found no NUMA placement for the pod's GPUs, NICs and CPUs",
          "ask for GPUs and NICs that share NUMA nodes, or relax the topology manager policy (single-numa-node)",
          C.TOPOLOGY_OR_NUMA),
        # The scheduler: a pod without the GPU nodes' toleration, or a selector that matches no node.
        p(r"had untolerated taint \{nvidia\.com/gpu|didn't match Pod's node affinity/selector", "launch_config", E,
          "the scheduler found no node for the pod: it lacks the GPU nodes' toleration or its node selector "
          "matches none", "add the GPU taint's toleration (nvidia.com/gpu) and a node selector that GPU nodes "
          "carry", C.APPLICATION_BUG),
        # The container's command names a program its image does not have: runc's "exec <path>: no such file or
        # directory" (aws-samples/aws-do-eks#39: templates that exec /opt/dynamo/venv/bin/python3 on images of a
        # release without that venv).
        p(r"(?:^|[\s`:])exec (/\S+): no such file or directory", "container_start", E,
          "the container's command names a program its image does not have: an image of another release or build "
          "than the manifest was written for (a virtualenv or install path that moved), or a script for another "
          "image", "run the image and look (`kubectl debug` / `docker run --entrypoint sh <image> -c 'ls <path>'`); "
          "point the manifest's command at the image's own interpreter (`python3` on PATH), or pin the image the "
          "manifest was written for", C.OTHER, "root", (C.APPLICATION_BUG,)),
        # The RDMA device plugins: the RDMA subsystem in exclusive mode, devices without RDMA.
        # k8s-rdma-shared-dev-plugin "Exiting.. can not change : incorrect RDMA subsystem network namespace": the
        # shared plugin refuses to run once the node's RDMA subsystem is in exclusive mode (`rdma system set netns
        # exclusive`): the node's setting is the cause, the pods' missing devices its consequence
        # (Mellanox/k8s-rdma-shared-dev-plugin#87).
        p(r"incorrect RDMA subsystem network namespace", "no_ib_device", E,
          "the RDMA shared device plugin exits because the node's RDMA subsystem is in exclusive network-namespace "
          "mode, which it does not support: pods get no RDMA device and NCCL falls back to TCP or fails",
          "switch the node back to shared mode (`rdma system set netns shared`, persist it in "
          "/etc/modprobe.d: `options ib_core netns_mode=1`), or for per-pod isolation use SR-IOV VFs with the RDMA "
          "CNI instead of the shared plugin", C.OTHER, "root", (C.SOCKET_FALLBACK,)),
        p(r"rdma is required in the configuration but the device is not rdma device|"
          r"hostPath type check failed: /dev/infiniband|lstat /dev/infiniband", "no_ib_device", E,
          "the pod gets no usable RDMA device (the plugin's devices lack RDMA, or /dev/infiniband is not on the "
          "node): NCCL falls back to TCP or fails", _RDMA_FIX,
          C.SOCKET_FALLBACK, "root", (C.NET_PLUGIN_ERROR,)),
    )
