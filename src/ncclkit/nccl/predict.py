"""Predict what NCCL will choose on a node under an environment: net, ports, GDR, bootstrap, transports.

Produces the `prediction` object of `ncclkit env --json` (`Prediction.to_json()`). Each part is asked
of the module that owns that NCCL rule (net, ports, gid, ifaces, gdr, p2p, paths), for the version
in the facts, so a later run's NCCL_DEBUG=INFO log can confirm or refute it line by line.
"""

from __future__ import annotations

from typing import Any

from ncclkit.facts import NodeFacts
from ncclkit.nccl.gdr import predict_gdr
from ncclkit.nccl.gid import gid_choice
from ncclkit.nccl.ifaces import bootstrap_interface, nccl_interfaces
from ncclkit.nccl.net import choose_net
from ncclkit.nccl.p2p import predict_transports
from ncclkit.nccl.paths import is_flattened
from ncclkit.nccl.ports import nccl_ib_ports, net_devices
from ncclkit.nccl.versions import nccl_version

__all__ = ["predict"]


def predict(facts: NodeFacts, env: dict[str, str]) -> dict[str, Any]:
    """What NCCL (the version in the facts) will choose on this node with `env` in force."""
    version = nccl_version(facts)
    ports = nccl_ib_ports(facts, env)
    ifaces = nccl_interfaces(facts, env)
    net = choose_net(facts, env, ports, bool(ifaces))
    boot = bootstrap_interface(facts, env)
    internal_ib = net.plugin == "IB"
    hca_ports: list[dict[str, Any]] = []
    for p in ports if internal_ib else []:
        entry: dict[str, Any] = {"port": p.name, "link_layer": "RoCE" if p.is_roce else "IB",
                                 "rate_gbps": p.rate_gbps,
                                 "speed_mbps": int(p.rate_gbps * 1000) if p.rate_gbps else None}
        if p.is_roce:
            gid = gid_choice(p, env, version)
            entry["gid_index"], entry["gid_why"] = gid.index, gid.why
        hca_ports.append(entry)
    flat = is_flattened(facts)
    topo_note = ("every GPU and NIC sits directly on a root bus with numa_node -1 (a VM hiding the host's PCI "
                 "tree): NCCL sees all GPU-NIC and GPU-GPU PCI paths as PHB, so GDR is off at the "
                 "default level, NIC choice per GPU is arbitrary and PCIe P2P is off (NVLink still works)"
                 if flat else "PCI tree read from sysfs; NCCL computes the same paths")
    if env.get("NCCL_TOPO_FILE"):
        topo_note += f"; NCCL_TOPO_FILE={env['NCCL_TOPO_FILE']} overrides what it describes"
    return {
        "nccl_version": facts.nccl.version,
        "net": {"plugin": net.plugin, "why": net.why, "external": net.external, "init_fails": net.fails},
        "hca_ports": hca_ports,
        "net_devices": [d.to_json() for d in net_devices(facts, ports, env, version)] if internal_ib else [],
        "bootstrap": {"interface": boot.interface, "address": boot.address, "why": boot.why,
                      "init_fails": boot.fails},
        "gdr": predict_gdr(facts, env, ports, net.plugin),
        "transports": predict_transports(facts, env, {p.device for p in ports} if internal_ib else set()),
        "topology": {"flattened": flat, "why": topo_note},
    }
