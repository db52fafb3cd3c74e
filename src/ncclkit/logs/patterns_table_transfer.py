"""The line classifier's rows for the RDMA transfer libraries of disaggregated serving and MoE that run beside
NCCL: Mooncake's transfer engine, MSCCL++, UCCL and NIXL. Each comment names the file the text is printed from
(Mooncake 3b5a594, mscclpp 1f5f065, uccl da914a2, nixl 8770b65) and what the code around it means. They come
before patterns_table.py's generic verbs, socket and timeout rows. Same row shape as patterns_table.py.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ncclkit.causes import Cause as C
from ncclkit.findings import Severity

E, W, I = Severity.ERROR, Severity.WARNING, Severity.INFO
_PEER_FIX = ("find the peer that never registered or went away (its own log: a crash, an OOM kill, a pod not yet "
             "started) and check that every instance reaches the metadata server")


def transfer_rows(p: Callable[..., Any]) -> tuple[Any, ...]:
    return (
        # Mooncake transfer_engine_impl.cpp "not valid LAN address found"; mscclpp socket.cc "NET/Socket : No
        # interface named %s found" (its NCCL-derived interface list).
        p(r"not valid LAN address found|No interface named \S+ found", "no_interface", E,
          "the library found no usable address for its own connections (the interface named does not exist, or "
          "the host has no private LAN address)", "name the interface that joins the nodes (MSCCLPP_SOCKET_IFNAME, "
          "MC_TCP_BIND_ADDRESS / the engine's local hostname) on every node", C.WRONG_INTERFACE),
        # Mooncake rdma_context.cpp: "Device %s port not active" (ibv_query_port's state is not ACTIVE) comes
        # before the same device's "Failed to open device ... with GID": the port, not the GID, is the cause.
        p(r"Device \S+ port not active", "ib_port_event", E,
          "the library found an RDMA port that is not ACTIVE (down, polling or not configured by a subnet manager)",
          "check `ibstat` / `ibv_devinfo` for that device: its cable and switch port, or the subnet manager for a "
          "port in INIT; or leave it out of the library's device list", C.IB_PORT_DOWN_OR_LINK),
        # Mooncake rdma_context.cpp "Failed to open device %s on port %d with GID %d": its summary of a device it
        # could not open, whatever the reason logged before it (the port not active, MoonshotAI/checkpoint-engine#1;
        # ibv_get_device_list failed in a container without the device, kvcache-ai/Mooncake#75); it names the GID
        # index it was given, which is one reason among several.
        p(r"Failed to open device \S+ on port \d* ?with GID -?\d+", "ibv_call_failed", E,
          "the transfer engine could not open its RDMA device (the reason is the line before: no device in the "
          "container, the port down, or its GID)", "check `ibv_devinfo` in the same container (mount "
          "/dev/infiniband, give IPC_LOCK); without an RDMA device use the engine's TCP transport",
          C.IB_RESOURCE_ERROR, "collateral", (C.GID_INDEX_OR_ROCE_CONFIG, C.SOCKET_FALLBACK)),
        # Mooncake rdma_context.cpp (LOG(WARNING), then the device is closed): the GID at the index it chose is all
        # zeros, as on RoCE ports whose automatic choice finds no RoCEv2 GID (sgl-project/sglang#30737).
        p(r"GID is NULL, please check your GID index", "gid_error", E,
          "the transfer engine's RDMA device has an empty GID at the index it chose: on RoCE the index must name a "
          "RoCEv2 GID with the node's address", "set MC_GID_INDEX to the RoCEv2 GID of the devices (`show_gids`), "
          "per node if their tables differ", C.GID_INDEX_OR_ROCE_CONFIG),
        # SGLang's disaggregation (mooncake/conn.py): "Failed to get kvcache from prefill instance, it might be
        # dead", "Decode instance could be dead, remote mooncake session %s is not alive": the other side's
        # failure, or a transfer engine that never connected.
        p(r"Failed to get kvcache from prefill instance|Decode instance could be dead", "remote_exited", E,
          "the KV transfer between prefill and decode failed: the other instance is gone, or its transfer engine "
          "never connected", _PEER_FIX, C.RANK_CRASHED_ELSEWHERE, "collateral", (C.GID_INDEX_OR_ROCE_CONFIG,)),
        # mscclpp ib.cc "DMABUF is required but is not supported in this platform": no GPUDirect RDMA by DMA-BUF.
        p(r"DMABUF is required but is not supported", "gdr_disabled", E,
          "the library needs GPUDirect RDMA through DMA-BUF and this driver, kernel or NIC stack has none",
          "use a kernel (5.12+) and driver with DMA-BUF and a recent rdma-core, or load nvidia_peermem",
          C.GDR_UNAVAILABLE),
        # uccl "RDMA buffer MR registration failed: %s", Mooncake rdma_context.cpp "Failed to register memory %p: %s",
        # rdma_endpoint.cpp "Failed to create QP: %s": decoded like NCCL's verbs errors (EFAULT is GPU memory the NIC
        # cannot pin, ENOMEM the locked-memory limit).
        p(r"MR registration failed: |Failed to register memory \S+: ", "ibv_reg_mr_failed", E,
          "the NIC could not register a buffer", "see the error after the colon", C.IB_RESOURCE_ERROR),
        p(r"Failed to create QP: ", "ibv_create_qp_failed", E,
          "the NIC could not create a queue pair", "see the error after the colon", C.IB_RESOURCE_ERROR),
        # The metadata server or the peer's entry: Mooncake transfer_metadata_plugin.cpp "EtcdStoragePlugin: unable
        # to connect %s" (etcd unreachable), "EtcdStoragePlugin: unable to get %s in %s", transfer_metadata.cpp
        # "Failed to find location of %s"; nixl nixl_agent.cpp "metadata for remote agent '%s' not found",
        # nixl_etcd_metadata_backend.cpp "Watch timed out for key: %s": the peer never registered or left.
        p(r"EtcdStoragePlugin: unable to connect", "socket_connect_failed", E,
          "the transfer library cannot reach its metadata server (etcd)", "check the etcd address and port "
          "(MOONCAKE / NIXL_ETCD_ENDPOINTS) from this node, and the firewall between them", C.FIREWALL_OR_PORT_BLOCKED,
          "root", (C.WRONG_INTERFACE, C.HOSTNAME_RESOLUTION)),
        p(r"EtcdStoragePlugin: unable to get |Failed to find location of \S+|metadata for remote agent '[^']*' not "
          r"found|Watch timed out for key: /nixl/", "remote_exited", E,
          "the peer's entry is not in the metadata server: that instance never registered or went away",
          _PEER_FIX, C.RANK_CRASHED_ELSEWHERE, "likely", (C.FIREWALL_OR_PORT_BLOCKED,)),
        p(r"NIXL_ERR_REMOTE_DISCONNECT", "remote_exited", E, "the remote agent disconnected during the transfer",
          _PEER_FIX, C.RANK_CRASHED_ELSEWHERE, "collateral"),
        # NIXL's UCX backend (ucx_utils.cpp): "N NVIDIA GPU(s) were detected, but UCX CUDA support was not found!",
        # "VRAM memory is detected as host by UCX": the UCX it loaded has no CUDA transport (built without CUDA,
        # or UCX_TLS leaves cuda_copy out, TensorRT-LLM#18373 inherited UCX_TLS=tcp), so GPU memory cannot be
        # registered.
        # UCX's own context ("ucp_context.c:1321 UCX WARN transports 'cuda_ipc','cuda_copy' are not available"): the
        # same UCX without CUDA (LMCache/LMCache#605: a pip UCX built without it).
        p(r"UCX CUDA support was not found|VRAM memory is detected as host by UCX|transports '?cuda_\w+'?"
          r"(?:,'?cuda_\w+'?)* (?:is|are) not available", "net_plugin_error", E,
          "UCX sees no CUDA transport (a UCX built without CUDA, or UCX_TLS without cuda_copy), so GPU buffers "
          "are host memory to it and cannot be registered", "unset UCX_TLS in the job's environment (a launcher "
          "may pass it in) or list cuda_copy in it (UCX_TLS=rc,cuda_copy,cuda_ipc), and use a UCX built with CUDA "
          "(`ucx_info -d | grep cuda`)", C.NET_PLUGIN_ERROR, "root", (C.SOCKET_FALLBACK,)),
        # UCX warning that the process forked after it opened the RDMA device without fork support (dask-cuda's UCX
        # docs: a process pool started with fork after UCX came up; the forkserver method avoids it), and its
        # sockcm listener out of file descriptors (ucx-py's debugging notes: the open-files limit).
        p(r"ibv_fork_init\(\) was disabled or failed, yet a fork\(\) has been issued", "framework_usage", W,
          "the program forked a process after UCX opened the RDMA device without fork support: the child can "
          "break the parent's registered memory", "start worker processes with the spawn or forkserver method "
          "(multiprocessing.set_start_method('forkserver'); dask's distributed.worker.multiprocessing-method), or "
          "before UCX starts", C.APPLICATION_BUG),
        p(r"sockcm_listener: unable to create handler for new connection", "fd_limit", E,
          "UCX could not accept another connection: the process ran out of file descriptors (its open-files limit)",
          "raise the open-files limit (`ulimit -n 65536`; LimitNOFILE= for a service, the pod's or container's "
          "nofile limit)", C.MEMLOCK_OR_ULIMIT),
        # ucp_device.c "failed to select lane for local device GPU0": UCX's device API found no transport for GPU
        # memory on this GPU (ai-dynamo/nixl#1110: an image exporting UCX_TLS=^cuda_ipc; unsetting it fixed it).
        p(r"UCX +ERROR +failed to select lane for local device GPU", "net_plugin_error", E,
          "UCX found no transport for this GPU's memory: UCX_TLS leaves out cuda_ipc / cuda_copy (or UCX lacks "
          "CUDA support)", "unset UCX_TLS (or list cuda_ipc,cuda_copy in it) and use a UCX built with CUDA "
          "(`ucx_info -d | grep cuda`)", C.NET_PLUGIN_ERROR, "root", (C.OTHER,)),
        # UCX as the KV transport of NIXL (not mpirun's): "ibv_create_ah(... dgid=fe80::... sgid_index=0 ...) for UD
        # mlx5 connect on mlx5_0 failed: No such device" (ai-dynamo/dynamo#814: GID index 0 on RoCE, its link-local
        # GID) and "mlx5dv_devx_obj_create(CQ) failed on mlx5_1" (sgl-project/sglang#27894): the verbs objects.
        # Only the RoCE form, which names a GID (an IB port's names a LID: mpirun's UCX, NVIDIA/nccl-tests#327).
        p(r"UCX +ERROR +ibv_create_ah\([^)\n]*\bdgid=[^\n]*failed", "gid_error", E,
          "UCX could not create an address handle to reach the peer's port: on RoCE the GID index it uses holds no "
          "usable address (index 0 is the link-local one)", "set UCX_IB_GID_INDEX to the RoCEv2 IPv4 GID (`show_gids`)",
          C.GID_INDEX_OR_ROCE_CONFIG),
        p(r"UCX +ERROR +mlx5dv_devx_obj_create\S* failed", "ibv_call_failed", E,
          "UCX could not create a verbs object (completion queue, queue pair) on the RDMA device",
          "check the device's state and limits (`ibv_devinfo -v`, `dmesg` for mlx5 errors), the locked-memory limit "
          "and the MOFED/rdma-core version", C.IB_RESOURCE_ERROR, "root", (C.MEMLOCK_OR_ULIMIT,)),
        # SGLang's disaggregation (disaggregation/*/conn.py and decode/prefill): KVTransferError's texts. "Failed due
        # to an unknown reason from another rank" and a request "timed out after N s in KVPoll.Bootstrapping" (or no
        # "transfer done signal after bootstrapping") are the other instance that failed or never answered; "Aborted
        # by AbortReq" is a request its client cancelled. Their "bootstrap" is SGLang's own handshake, not NCCL's
        # (sgl-project/sglang#10110, #9926, kvcache-ai/Mooncake#851).
        p(r"KVTransferError\([^)]*\): Aborted by AbortReq", "noise", I,
          "a request its client cancelled (AbortReq), not a transfer failure", "nothing to fix", None, "noise"),
        p(r"Failed due to an unknown reason from another rank|timed out after [\d.]+s in KVPoll\.Bootstrapping|"
          r"fail to receive KV Cache transfer done signal after bootstrapping", "remote_exited", E,
          "the KV-cache handshake or transfer between the prefill and decode instances failed on the other side, or "
          "it never answered", "read the other instance's log for its own error (a transfer-engine or RDMA error, "
          "a crash, an overload), and check that both reach each other's bootstrap port",
          C.RANK_CRASHED_ELSEWHERE, "collateral", (C.FIREWALL_OR_PORT_BLOCKED,)),
        # Mooncake's store (client.cpp): "Failed to start put operation: NO_AVAILABLE_HANDLE": no segment has room
        # for the object (kvcache-ai/Mooncake#197: "try increasing global_segment_size").
        p(r"put operation: NO_AVAILABLE_HANDLE", "oom", E,
          "Mooncake's store has no space left for the object (its segments are full)",
          "give the store more memory (global_segment_size of each client, more clients) or fewer replicas",
          C.OOM),
        # nixl_agent.cpp "loadRemoteMD: no common backend found" (the two agents loaded different backends).
        p(r"loadRemoteMD: no common backend found", "net_plugin_error", E,
          "the two NIXL agents have no transfer backend in common (a plugin missing on one side)",
          "load the same backends (UCX, ...) on both sides: NIXL_PLUGIN_DIR and the backends the engine creates",
          C.NET_PLUGIN_ERROR),
        # A transfer library that found no RDMA transport and took TCP: UCX's "no RDMA transports available" and
        # NIXL's "falling back to TCP transport", as ai-dynamo/dynamo's disaggregation guide quotes them for a pod
        # without its RDMA device (docs/kubernetes/disagg-communication-guide.md): the KV transfers run at TCP speed.
        p(r"no RDMA transports available|falling back to TCP transport", "no_ib_device", W,
          "the transfer library found no usable RDMA device and moves data over TCP: transfers between GPUs of "
          "different nodes run far slower", "give the pod or container its RDMA device (the device plugin's "
          "resource such as rdma/ib or the EFA resource, /dev/infiniband, IPC_LOCK) and check `ibv_devinfo` and "
          "`ucx_info -d` there", C.SOCKET_FALLBACK),
    )
