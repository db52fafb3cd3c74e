"""NCCL's own behaviour, re-done from NodeFacts and an environment, keyed by NCCL version.

Every rule lives in one module and cites the NCCL source file and the tag where it changed:

| rule | module |
|---|---|
| version strings, every version threshold by name | `versions` |
| list syntax (NCCL_IB_HCA, NCCL_SOCKET_IFNAME), NCCL_PARAM integers, path levels (`ncclGetLevel`) | `params` |
| PCI path types, NVLink between GPUs, flattened VMs, Grace C2C paths | `paths` |
| which IB/RoCE ports NCCL opens, NIC merging (vNICs) | `ports` |
| socket interfaces, bootstrap interface, NCCL_COMM_ID | `ifaces` |
| RoCE/IB GID index | `gid` |
| GPUDirect RDMA: NIC capability, dma-buf, distance and level, C2C, PXN | `gdr` |
| NET plugin selection: external plugins, internal IB, Socket, unmet NCCL_NET | `net` |
| transports inside a node: P2P, SHM, NET (`ncclTopoCheckNet`) | `p2p` |
| config files (`/etc/nccl.conf`, `~/.nccl.conf`, NCCL_CONF_FILE) | `config` |
| NCCL_DEBUG_SUBSYS of a verification run, by version | `debug` |
| the whole prediction (`ncclkit env --json` `prediction`) | `predict` |

The package is pure: no I/O, no findings. rules/, recommend/, logs/, cluster/ and launch/ ask it.
"""
