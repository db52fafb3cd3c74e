"""Rows of the line classifier (patterns.py) for NCCL's topology: the PCI paths it resolves in /sys, its graph
search and the patterns it falls back from, the topology and graph files it loads, the older ring search. Read after
the NVLink / P2P rows and before the socket rows (patterns_table.py)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ncclkit.causes import Cause as C
from ncclkit.findings import Severity

E, W = Severity.ERROR, Severity.WARNING


def topology_rows(p: Callable[..., Any]) -> tuple[Any, ...]:
    return (
        # graph/xml.cc, xml.h: "Attribute %s of node %s not found", "Could not open XML graph file",
        # "XML Mismatch"; topo.cc/paths.cc "Could not find ..." path and node errors.
        # graph/paths.cc, search.cc, topo.cc: "Could not find intermediate GPU between GPU rank %d and NIC %d"
        # (PXN), "Rank %d requires NIC %d but that NIC is not available for rank %d", "Set CPU affinity :
        # unable to find GPU/CPU for rank %d", "TOPO/NET : ...", "Fusing NET devices from different NUMA
        # domains is not supported".
        # search.cc "Could not find a path for pattern %d, falling back to simple order": the graph search found
        # no tree or ring of the preferred pattern over the GPUs and NICs it may use, and goes on with a simpler
        # one at less bandwidth. What it may use is what the environment left it (NCCL_P2P_LEVEL=LOC in
        # open-mmlab/mmdetection#8353, a CONTEXT_RULE), else the machine or a search bug (2.25.1 - 2.27 on
        # Leonardo's A100 nodes, NVIDIA/nccl#1876). Not a /sys problem: no path of it failed.
        p(r"Could not find a path for pattern", "graph_fallback", W,
          "NCCL's topology search found no path of its preferred pattern over the GPUs and NICs it may use and "
          "falls back to a simpler order, at less bandwidth: P2P or NICs limited by the environment, or a search "
          "that does not fit this machine",
          "unset variables that limit P2P or the NICs (NCCL_P2P_LEVEL, NCCL_P2P_DISABLE, NCCL_IB_HCA) and compare "
          "`nvidia-smi topo -m` with the bandwidth nccl-tests reaches; on NCCL 2.25 - 2.27 try NCCL_PXN_DISABLE=1 "
          "or a newer release", C.TOPOLOGY_OR_NUMA, "root", (C.PERFORMANCE_CONFIG,)),
        # "Could not find real path of %s" (virtual NICs): NCCL copes and goes on. Under WSL2 the GPU's own path
        # fails before NCCL 2.10 (NVIDIA/nccl#511, the maintainers: "WSL2 is not supported by NCCL 2.7.6 ... try
        # NCCL 2.10").
        p(r"Could not find real path", "topology_error", W,
          "NCCL could not resolve a device's PCI path in /sys: for a "
          "virtual NIC it goes on with a simpler placement, for a GPU (WSL, a container without the "
          "host's /sys) it cannot build the topology",
          "give the job the host's /sys PCI tree (containers: do not mask /sys; under WSL2 use NCCL 2.10+); for a "
          "virtual NIC there is nothing to fix", C.TOPOLOGY_OR_NUMA),
        # misc/rings.cc (2.3 - 2.4): "Could not create rings, falling back on simple ring": the pattern search of
        # NCCL before 2.5 found no ring over this set of GPUs (a subset of an NVLink hybrid cube mesh, a VM
        # whose GPUs it could not place) and uses one ring in rank order, at a fraction of the bandwidth.
        # 2.5 replaced that search with the topology graph search (graph/search.cc).
        p(r"Could not create rings, falling back on simple ring", "topology_error", W,
          "NCCL before 2.5 found no ring over this set of GPUs and falls back to one ring in rank order, at a "
          "fraction of the bandwidth", "upgrade NCCL to 2.5 or newer (its topology search replaced the ring "
          "patterns), or run on a set of GPUs that forms NVLink rings (all of a node's GPUs)",
          C.TOPOLOGY_OR_NUMA, "root", (C.PERFORMANCE_CONFIG,)),
        # xml.h's NCCL_TOPO_XML_MAX_NODES: a host whose PCI tree outgrows it (32 EFA NICs of a p5.48xlarge) fails
        # NCCL's own detection, with a topology file or without (aws-ofi-nccl PR#1226): no mismatched file.
        p(r"too many XML nodes \(max \d+\)", "topology_error", E,
          "this host's topology (its PCI tree and NICs) has more nodes than NCCL's topology XML holds (a limit "
          "compiled into NCCL), whatever the topology file", "use an NCCL or net plugin release that keeps this "
          "instance type's topology under the limit; keeping NCCL_TOPO_FILE does not avoid it", C.OTHER, "root",
          (C.TOPOLOGY_OR_NUMA,)),
        # NCCL writes XML in capitals ("XML Import Channel", "XML Topology has wrong version"); a command's "--of xml"
        # (hwloc-ls, flux-framework/flux-core#3315) is no topology error.
        p(r"Attribute \w+ of node \w+ not found|(?-i:\bXML\b)|Could not find (?:NET with id|net id|node of type|"
          r"any local path|CPU close|PCI device)|No path computed|Could not find NIC for rank|"
          r"does not loop back|ring \d+ does not contain|topology file|NCCL_TOPO_FILE|NCCL_GRAPH_FILE|"
          r"Could not find intermediate GPU|requires NIC -?\d+ but that NIC is not available|unable to find "
          r"GPU/CPU for rank|Could not find local GPU with rank|Add (?:NVLink|PCI Link|C2c) error|TOPO/NET :|"
          r"Fusing NET devices from different NUMA|Specified fused NIC|number of network devices = -?\d+ for policy|"
          # graph/paths.cc ncclTopoSetPaths (2.5 - 2.28): a link with no link back (a topology file or a PCI tree
          # NCCL mis-read: ChatGLM3#1174's 2.14.3, ROCm/rccl#1728); RCCL's alt_rsmi.cc cannot read a KFD node.
          r"Failed to find reverse path from remNode|alt_rsmi\.cc:\d+ NCCL WARN Could not read node",
          "topology_error", E, "NCCL could not build or read the node topology: a topology/graph file that "
          "does not match the machine, or a virtual machine or container that hides the PCI tree",
          "unset NCCL_TOPO_FILE / NCCL_GRAPH_FILE (or give the file for this exact instance type); in VMs "
          "and containers expose /sys (PCI paths) to the job", C.TOPOLOGY_OR_NUMA, "root", (C.NET_PLUGIN_ERROR,)),
    )
