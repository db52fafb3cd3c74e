"""Predict what NCCL will choose on a node under an environment: net, ports, GDR, bootstrap, transports.

Produces the `prediction` object of `ncclkit env --json` (`Prediction.to_json()`). Each part is asked
of the module that owns that NCCL rule (net, ports, gid, ifaces, gdr, p2p, paths), for the version
in the facts, so a later run's NCCL_DEBUG=INFO log can confirm or refute it line by line.
"""

from __future__ import annotations

from dataclasses import dataclass, field
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
from ncclkit.typedjson import build_typed

__all__ = ["Prediction", "predict"]


# The prediction's JSON shape as records: results read back from a file (report, prometheus) are
# checked against them, so a damaged field is named instead of failing inside a renderer.
@dataclass(frozen=True, slots=True, kw_only=True)
class NetPrediction:
    plugin: str | None
    why: str
    external: bool = False
    init_fails: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class PortPrediction:
    port: str
    link_layer: str
    rate_gbps: float | None = None
    speed_mbps: int | None = None
    gid_index: int | None = None
    gid_why: str | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class NetDevicePrediction:
    name: str
    ports: tuple[str, ...]
    speed_mbps: int | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class BootstrapPrediction:
    interface: str | None
    address: str | None
    why: str
    init_fails: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class GdrPrediction:
    gdr: bool
    why: str
    nic: str | None = None
    path: str | None = None
    via: str | None = None
    level: str | None = None
    mode: str | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class TransportPrediction:
    transport: str
    link: str
    why: str


@dataclass(frozen=True, slots=True, kw_only=True)
class TopologyPrediction:
    flattened: bool
    why: str


@dataclass(frozen=True, slots=True, kw_only=True)
class Prediction:
    net: NetPrediction
    bootstrap: BootstrapPrediction
    topology: TopologyPrediction
    nccl_version: str | None = None
    hca_ports: tuple[PortPrediction, ...] = ()
    net_devices: tuple[NetDevicePrediction, ...] = ()
    gdr: dict[str, GdrPrediction] = field(default_factory=dict)
    transports: dict[str, TransportPrediction] = field(default_factory=dict)
    env_assumed: dict[str, str] = field(default_factory=dict)

    @classmethod
    def from_json(cls, data: Any, where: str = "prediction") -> Prediction:
        """The records of a `prediction` object; ValueError naming the first bad field."""
        result: Prediction = build_typed(cls, data, where)
        return result


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
