"""RDMA rules on IbDevice/IbPort/NetIface facts: rdma.none, ib.port_down, ib.rate_mismatch,
ib.ipoib_missing, roce.gid_missing.

NCCL's IB transport keeps only ports whose state is ACTIVE (`ncclIbInitDevices`, net_ib/init.cc;
nccl-internals.md section 1); with none left it logs `NET/IB : No device found.` and uses NET/Socket.
"""

from __future__ import annotations

from collections import defaultdict

from ncclkit.facts import IbDevice, IbPort, NodeFacts
from ncclkit.findings import Finding, Severity
from ncclkit.rules.common import evidence

__all__ = ["check_ipoib_missing", "check_port_down", "check_rate_mismatch", "check_rdma_none", "unopenable_rdma",
           "check_roce_gid_missing"]


def _port_src(port: IbPort, attr: str) -> str:
    return f"sys/class/infiniband/{port.device}/ports/{port.port}/{attr}"


def check_rdma_none(facts: NodeFacts) -> list[Finding]:
    """rdma.none (warning): no RDMA device NCCL can use, so inter-node traffic uses sockets."""
    if any(p.is_active for p in facts.ib_ports):
        return unopenable_rdma(facts)
    if any(i.path == "sys/class/infiniband" for i in facts.issues):
        return []  # unreadable, not empty: probe.source_missing says so
    if facts.ib_devices:
        message = (f"{len(facts.ib_devices)} RDMA device(s) but no ACTIVE port: NCCL skips them and "
                   "sends inter-node traffic over NET/Socket (TCP)")
        fix = "ibstat   # bring a port up (cable, switch port, subnet manager), see ib.port_down"
    else:
        message = ("no RDMA device (sys/class/infiniband is empty): inter-node NCCL traffic would use "
                   "NET/Socket (TCP), far slower than InfiniBand/RoCE")
        fix = ("ls /sys/class/infiniband; lsmod | grep -E 'mlx5_ib|ib_uverbs'   # on a VM, attach the "
               "RDMA/InfiniBand NICs (an RDMA-capable instance type); single-node jobs are unaffected")
    return [Finding(id="rdma.none", severity=Severity.WARNING, subject="NET/IB", message=message,
                    fix=fix, evidence=evidence("sys/class/infiniband", len(facts.ib_devices),
                                               ">= 1 device with an ACTIVE port"))]


def unopenable_rdma(facts: NodeFacts) -> list[Finding]:
    """ACTIVE ports that this process cannot open: no libibverbs, or no uverbs device node."""
    rdma = facts.rdma
    if rdma.libibverbs_known and rdma.libibverbs is None:
        message = ("RDMA ports are ACTIVE but libibverbs is not installed: NCCL logs `Failed to open "
                   "libibverbs.so[.1]` and sends inter-node traffic over NET/Socket (TCP)")
        fix = "apt-get install -y ibverbs-providers libibverbs1   # or rdma-core in the container image"
        found, want = "libibverbs not found", "libibverbs.so.1"
    elif rdma.uverbs == ():
        message = ("RDMA ports are ACTIVE in sysfs but /dev/infiniband has no uverbs device node (a container "
                   "without the RDMA devices): NCCL opens no HCA and uses NET/Socket (TCP)")
        fix = ("docker run --device=/dev/infiniband ...   # Kubernetes: the RDMA device plugin resource "
               "(e.g. rdma/hca_shared_devices_a: 1)")
        found, want = "no uverbs*", "/dev/infiniband/uverbs0 ..."
    else:
        return []
    return [Finding(id="rdma.none", severity=Severity.WARNING, subject="NET/IB", message=message, fix=fix,
                    evidence=evidence("/dev/infiniband, libibverbs", found, want))]


def check_port_down(facts: NodeFacts) -> list[Finding]:
    """ib.port_down (error): a port whose state is not ACTIVE or whose phys_state is not LinkUp."""
    out = []
    for port in facts.ib_ports:
        if port.state_id is None and port.state is None:
            continue  # not read: reported by the probe issue rule
        if port.is_active:
            continue
        state = port.state or f"state {port.state_id}"
        phys = port.phys_state or "unknown"
        if (port.phys_state or "").lower() == "disabled":
            hint = "the port is administratively disabled; enable it on the switch or with `ibportstate`"
        elif (port.phys_state or "").lower() == "polling":
            hint = "no link partner: reseat or replace the cable, check the switch port"
        elif port.phys_state_id == 5 or (port.phys_state or "").lower() == "linkup":
            hint = ("link is up but the port is not ACTIVE: on InfiniBand, start/check the subnet "
                    "manager (`sminfo`)")
        else:
            hint = "check the cable and the switch port"
        out.append(Finding(
            id="ib.port_down", severity=Severity.ERROR, subject=port.name,
            message=(f"{port.name} is {state} / {phys}: NCCL skips it, so the GPUs near "
                     f"{port.device} lose their closest NIC ({hint})"),
            fix=f"sudo mlxlink -d {port.device} -p {port.port}   # link diagnosis; {hint}",
            evidence=evidence(_port_src(port, "state"), f"{state} / {phys}", "ACTIVE / LinkUp",
                              link_layer=port.link_layer, rate=port.rate_text)))
    return out


def check_rate_mismatch(facts: NodeFacts) -> list[Finding]:
    """ib.rate_mismatch (warning): an ACTIVE port slower than the fastest ACTIVE port of its link layer."""
    by_layer: dict[str, list[IbPort]] = defaultdict(list)
    for port in facts.ib_ports:
        if port.is_active and port.rate_gbps is not None:
            by_layer[(port.link_layer or "unknown").lower()].append(port)
    out = []
    for ports in by_layer.values():
        top = max(p.rate_gbps or 0.0 for p in ports)
        fastest = [p.name for p in ports if p.rate_gbps == top]
        for port in ports:
            if (port.rate_gbps or 0.0) >= top:
                continue
            out.append(Finding(
                id="ib.rate_mismatch", severity=Severity.WARNING, subject=port.name,
                message=(f"{port.name} runs at {port.rate_gbps:g} Gb/s while {', '.join(fastest)} run at "
                         f"{top:g} Gb/s: a degraded link (fewer lanes or a lower speed) slows every "
                         "collective to the slowest rail"),
                fix=(f"sudo mlxlink -d {port.device} -p {port.port} -e   # check lanes/speed and cable "
                     "errors; reseat or replace the cable"),
                evidence=evidence(_port_src(port, "rate"), port.rate_text or f"{port.rate_gbps:g} Gb/sec",
                                  f"{top:g} Gb/sec", link_layer=port.link_layer, fastest_ports=fastest)))
    return out


def check_ipoib_missing(facts: NodeFacts) -> list[Finding]:
    """ib.ipoib_missing (warning): InfiniBand ports but no IPoIB interface that is up with an IPv4."""
    ib_ports = [p for p in facts.ib_ports if not p.is_roce and p.is_active]
    if not ib_ports or not any(i.addresses_known for i in facts.ifaces):
        return []
    ipoib = [i for i in facts.ifaces if i.kind == "ipoib"]
    if any(i.ipv4 and i.is_up for i in ipoib):
        return []
    names = [i.name for i in ipoib]
    other = next((i.name for i in facts.ifaces
                  if i.ipv4 and i.is_up and i.kind == "ethernet" and not i.is_virtual), None)
    target = names[0] if names else "<ipoib-interface>"
    fix = f"sudo ip addr add <ipv4>/<prefix> dev {target} && sudo ip link set {target} up"
    if other:
        fix = f"export NCCL_SOCKET_IFNAME={other}   # or give an IPoIB interface an address: {fix}"
    return [Finding(
        id="ib.ipoib_missing", severity=Severity.WARNING, subject=",".join(names) or "IPoIB",
        message=("InfiniBand ports but no IPoIB interface with an IPv4 address: NCCL prefers ib* for "
                 "bootstrap and the IB out-of-band exchange, and falls back to "
                 f"{other or 'another interface, if any'}"),
        fix=fix,
        evidence=evidence("sys/class/net + addresses", {n: list(nif.ipv4) for n in names
                                                        if (nif := facts.iface(n))},
                          "an up IPoIB interface with an IPv4 address",
                          ib_ports=[p.name for p in ib_ports]))]


def _netdev_of(dev: IbDevice, port: IbPort) -> str | None:
    ndevs = [g.ndev for g in port.gids if g.ndev]
    return ndevs[0] if ndevs else (dev.netdevs[0] if dev.netdevs else None)


def check_roce_gid_missing(facts: NodeFacts) -> list[Finding]:
    """roce.gid_missing (error): an ACTIVE RoCE port without a RoCE v2 GID holding an IPv4 address.

    NCCL's auto GID selection (2.21+, `ncclIbGetGidIndex`) wants a valid IPv4 RoCE v2 GID; without one
    it falls back to a link-local or v1 GID that does not route across subnets.
    """
    out = []
    for dev in facts.ib_devices:
        for port in dev.ports:
            if not (port.is_roce and port.is_active):
                continue
            good = [g for g in port.gids if g.ipv4 and g.roce_version == 2 and not g.is_empty]
            if good:
                continue
            netdev = _netdev_of(dev, port) or "<netdev>"
            present = [f"{g.index}:{g.gid_type or '?'}:{g.ipv4 or g.gid}" for g in port.gids if not g.is_empty]
            out.append(Finding(
                id="roce.gid_missing", severity=Severity.ERROR, subject=port.name,
                message=(f"RoCE port {port.name} has no RoCE v2 GID with an IPv4 address: NCCL cannot "
                         f"pick a routable GID; give {netdev} an IPv4 address"),
                fix=f"sudo ip addr add <ipv4>/<prefix> dev {netdev} && sudo ip link set {netdev} up",
                evidence=evidence(_port_src(port, "gids"), present, "a RoCE v2 GID ::ffff:a.b.c.d",
                                  netdev=netdev)))
    return out
