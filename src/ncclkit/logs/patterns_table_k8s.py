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
        # The pod network (CNI) not up: the sandbox cannot be created, or the node is NotReady for it.
        p(r"Failed to create pod sandbox|NetworkPluginNotReady|cni plugin not initialized|container runtime network "
          r"not ready", "container_start", E, "the pod's network (its CNI plugin) could not be set up on the node",
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
        p(r"The node was low on resource: (?:ephemeral-storage|memory)|The node had condition: \[(?:Disk|Memory|PID)"
          r"Pressure\]|Preempted by pod \S+ on node|terminated in response to imminent node shutdown", "process_killed",
          E, "Kubernetes stopped the pod: the node ran short of disk or memory, shut down, or preempted it for "
          "another pod", "read the node's events (`kubectl describe node`); give the job the priority class, "
          "disk and memory it needs", C.OTHER, "root", (C.RANK_CRASHED_ELSEWHERE,)),
        # devicemanager: GPUs that turned unhealthy (the device plugin's health check, Xid) or went missing.
        p(r"cannot allocate unhealthy devices nvidia\.com/gpu|requested number of devices unavailable for "
          r"nvidia\.com/gpu|Node didn't have enough resource: nvidia\.com/gpu", "gpu_missing", E,
          "the node has fewer healthy GPUs than the pod asks for (a GPU marked unhealthy by the device plugin, "
          "lost, or in use)", "check the node's GPUs (`nvidia-smi`, Xid lines in dmesg, the device plugin's log) "
          "and drain it if one failed", C.CUDA_OR_DRIVER, "root", (C.APPLICATION_BUG,)),
        p(r"TopologyAffinityError|Resources cannot be allocated with Topology locality", "topology_error", E,
          "the kubelet's topology manager found no NUMA placement for the pod's GPUs, NICs and CPUs",
          "ask for GPUs and NICs that share NUMA nodes, or relax the topology manager policy (single-numa-node)",
          C.TOPOLOGY_OR_NUMA),
        # The scheduler: a pod without the GPU nodes' toleration, or a selector that matches no node.
        p(r"had untolerated taint \{nvidia\.com/gpu|didn't match Pod's node affinity/selector", "launch_config", E,
          "the scheduler found no node for the pod: it lacks the GPU nodes' toleration or its node selector "
          "matches none", "add the GPU taint's toleration (nvidia.com/gpu) and a node selector that GPU nodes "
          "carry", C.APPLICATION_BUG),
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
