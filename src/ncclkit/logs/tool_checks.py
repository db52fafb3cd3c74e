"""Judges of the tool outputs users paste beside their logs: `nvidia-smi topo -m`, ibstat / ibstatus /
ibv_devinfo / `rdma link` port listings and show_gids tables (the NCCL log's judges are in checks.py)."""

from __future__ import annotations

from collections import Counter

from ncclkit.causes import Cause
from ncclkit.findings import Finding, Severity
from ncclkit.logs.gids import GidEntry, recommend_gid_index
from ncclkit.logs.ports import PortListing
from ncclkit.logs.topo import GDR_OK_LEVELS, TopoMatrix

__all__ = ["check_gids", "check_ports", "check_topo"]

E, W, I = Severity.ERROR, Severity.WARNING, Severity.INFO


def check_topo(t: TopoMatrix) -> list[Finding]:
    out: list[Finding] = []
    # `topo -p2p` pasted alone or after `topo -m` (noonghunna/club-3090#1125): its verdicts first either way.
    verdicts = _p2p_verdicts(t) if t.gpu_p2p else []
    if not t.gpus:
        return verdicts or [Finding(id="topo.no_rows", severity=W, subject="topo",
                                    message="no complete GPU row in the matrix",
                                    fix="paste the whole `nvidia-smi topo -m`")]
    pcie = verdicts + _pcie_p2p(t)
    if not t.nics:
        return pcie + [Finding(id="topo.no_nic", severity=I, subject="topo",
                               message="the matrix shows no NIC: no RDMA device is visible to the driver")]
    pairs = {}
    for gpu in t.gpus:
        nic, level = t.nearest_nic(gpu) or ("", "")
        pairs[gpu] = f"{t.nic_names.get(nic, nic)} ({level})"
        if level not in GDR_OK_LEVELS:
            out.append(Finding(
                id="topo.gdr_distance", severity=W, subject=gpu,
                message=f"{gpu} has no NIC at PIX/PXB (nearest {pairs[gpu]}): NCCL will not use "
                        "GPUDirect RDMA for it by default",
                fix="accept staging through host memory, or set NCCL_NET_GDR_LEVEL=PHB/SYS only if "
                    "the platform's PCIe root complex handles peer-to-peer well",
                # GDR off by distance is GPUDirect RDMA unavailable (NCCL_NET_GDR_LEVEL) as much as placement
                evidence={"nearest": pairs[gpu], "alternatives": [str(Cause.GDR_UNAVAILABLE)]}))
    out.extend(pcie)
    out.insert(0, Finding(id="topo.gpu_nic", severity=I, subject="topo",
                          message="nearest NIC per GPU: " + ", ".join(f"{g} {p}" for g, p in pairs.items()),
                          evidence={"nearest": pairs}))
    return out


def _pcie_p2p(t: TopoMatrix) -> list[Finding]:
    """GPU pairs joined only through PCIe: NCCL's P2P transport there is PCIe peer-to-peer DMA, which
    PCIe ACS or an IOMMU in translation mode silently breaks (hangs, wrong data)."""
    pairs = sorted({(a, b, v) if a < b else (b, a, v) for a, row in t.gpu_gpu.items() for b, v in row.items()
                    if v in ("PIX", "PXB", "PHB", "NODE")})
    if not pairs:
        return []
    shown = ", ".join(f"{a}-{b} {v}" for a, b, v in pairs[:8])
    return [Finding(id="topo.pcie_p2p", severity=I, subject="topo",
                    message=f"GPUs talk over PCIe, not NVLink ({shown}): peer-to-peer there needs PCIe ACS "
                            "off on the switches and the IOMMU in passthrough",
                    fix="if NCCL hangs or gives wrong results between these GPUs: disable ACS (BIOS/`setpci`), "
                        "boot with iommu=pt, and confirm with NCCL_P2P_DISABLE=1 or nccl-tests",
                    evidence={"pairs": [f"{a}-{b} {v}" for a, b, v in pairs[:32]]})]


def _p2p_verdicts(t: TopoMatrix) -> list[Finding]:
    """`nvidia-smi topo -p2p`: pairs the driver refuses peer-to-peer. NCCL asks the same driver
    (cudaDeviceCanAccessPeer, transport/p2p.cc) and moves their data through host memory (SHM) instead;
    where the pair should have P2P (one PCIe switch, NVLink) ACS, an IOMMU, a VM or the board disables it."""
    pairs = sorted({(a, b, v) if a < b else (b, a, v) for a, row in t.gpu_p2p.items() for b, v in row.items()
                    if v not in ("OK", "X")})
    if not pairs:
        return [Finding(id="topo.p2p_ok", severity=I, subject="topo",
                        message="the driver allows peer-to-peer between every GPU pair shown")]
    shown = ", ".join(f"{a}-{b} {v}" for a, b, v in pairs[:8])
    return [Finding(id="topo.p2p_unsupported", severity=W, subject="topo",
                    message=f"the driver refuses peer-to-peer between GPUs ({shown}; NS not supported, CNS chipset, "
                            "GNS GPU, TNS topology): NCCL stages their traffic through host memory, and a driver or "
                            "board that reports P2P wrongly makes NCCL hang",
                    fix="on a server whose GPUs share a PCIe switch: disable ACS and boot with iommu=pt; on "
                        "consumer boards and VMs without P2P: export NCCL_P2P_DISABLE=1 so NCCL never tries it",
                    evidence={"pairs": [f"{a}-{b} {v}" for a, b, v in pairs[:32]]})]


def check_ports(p: PortListing) -> list[Finding]:
    out: list[Finding] = []
    states: dict[str, list[str]] = {}  # a port listed several times (rdma link run again): its states
    for port in p.ports:
        subject = f"{port.device}:{port.port}" if port.port is not None else port.device
        states.setdefault(subject, []).append(f"{port.state or '?'}/{port.phys_state or '?'}")
    down: set[str] = set()
    for port in p.ports:
        subject = f"{port.device}:{port.port}" if port.port is not None else port.device
        if port.node_guid is not None and set(port.node_guid) == {"0"}:
            out.append(Finding(id="ibstat.zero_node_guid", severity=W, subject=subject,
                               message=f"{port.device} has node GUID 0: an SR-IOV VF without an assigned GUID",
                               fix="assign GUIDs to the VFs (ip link set <pf> vf N node_guid/port_guid ...)"))
        bad_state = port.state is not None and port.state != "ACTIVE"
        bad_phys = port.phys_state is not None and port.phys_state != "LinkUp"
        if (bad_state or bad_phys) and subject not in down:
            down.add(subject)
            seen = list(dict.fromkeys(states[subject]))
            out.append(Finding(
                id="ibstat.port_down", severity=E, subject=subject,
                message=f"{subject} is {port.state or '?'} / {port.phys_state or '?'}: NCCL skips it" + (
                    f" (listed {len(states[subject])} times: {', '.join(seen)}: the link is flapping, a "
                    "cable, transceiver or switch port fault)" if len(seen) > 1 else ""),
                fix="check the cable and switch port; `ibstat`; exclude it with NCCL_IB_HCA=^" + port.device,
                evidence={**port.to_json(), "lines": [p.state_lines[subject]] if subject in p.state_lines else []}))
    by_layer: dict[str, set[float]] = {}
    for port in p.ports:
        if port.state == "ACTIVE" and port.rate_gbps:
            by_layer.setdefault(port.link_layer or "?", set()).add(port.rate_gbps)
    for layer, rates in by_layer.items():
        if len(rates) > 1:
            out.append(Finding(id="ibstat.rate_mismatch", severity=W, subject=layer,
                               message=f"active {layer} ports run at different rates {sorted(rates)} Gb/s: "
                                       "a degraded link slows every ring through it",
                               fix="reseat/replace the slow link; check `ibstat` width and speed",
                               evidence={"rates_gbps": sorted(rates)}))
    if p.gids:
        out.extend(check_gids(p.gids))
    return out


def check_gids(gids: tuple[GidEntry, ...], *, none_found: bool = False) -> list[Finding]:
    out: list[Finding] = []
    if not gids and none_found:
        # An empty table is the worst case, not the absence of a problem: no port of the host (or pod) has a GID,
        # as in a pod whose only interface is a veth (Mellanox/k8s-rdma-sriov-dev-plugin#30), so RoCE cannot run.
        out.append(Finding(id="show_gids.gid_missing", severity=E, subject="show_gids",
                           message="show_gids found no GID at all (n_gids_found=0): no RDMA port here has a RoCE "
                                   "GID, so NCCL cannot use RoCE from this host or container",
                           fix="give the container an RDMA device together with its RoCE netdev (the RDMA shared "
                               "device plugin or an SR-IOV VF with an IPv4 address, not only a veth); check "
                               "`ibv_devices` and `rdma link` there"))
    rec = recommend_gid_index(gids)
    ports = sorted({f"{g.device}:{g.port}" for g in gids})
    rows = Counter(f"{g.device}:{g.port}" for g in gids)
    # A paste cut inside the table: the last port listed has fewer rows than every other one.
    cut = f"{gids[-1].device}:{gids[-1].port}" if len(rows) >= 2 and gids else None
    if cut is not None and not all(rows[cut] < n for k, n in rows.items() if k != cut):
        cut = None
    for key in ports:
        if key == cut and key not in rec:
            out.append(Finding(id="show_gids.listing_cut", severity=I, subject=key,
                               message=f"the listing ends inside {key}'s rows ({rows[key]} row(s), the other ports "
                                       f"show {min(n for k, n in rows.items() if k != key)} or more): its RoCE v2 "
                                       "GID may be in the rows cut off",
                               fix="paste the whole `show_gids` output", evidence={"rows": rows[key]}))
        elif key in rec:
            first = min(g.index for g in gids if f"{g.device}:{g.port}" == key)
            # Slots below the first listed index are not mapped into this container: NCCL 2.21 - 2.26.1
            # abort on reading their RoCE type (EINVAL, net_ib.cc ncclIbRoceGetVersionNum).
            sparse = (f"; the table starts at index {first} (a container's sparse table): NCCL 2.21 - 2.26.1 "
                      f"can fail on the unmapped slots, set NCCL_IB_GID_INDEX={rec[key]} there") if first > 0 else ""
            out.append(Finding(id="show_gids.gid_index", severity=I, subject=key,
                               message=f"{key}: RoCE v2 IPv4 GID index {rec[key]} (NCCL >= 2.21 picks it "
                                       f"itself; older NCCL needs NCCL_IB_GID_INDEX={rec[key]}){sparse}",
                               evidence={"index": rec[key], "first_index": first}))
        else:
            out.append(Finding(id="show_gids.gid_missing", severity=E, subject=key,
                               message=f"{key} shows no RoCE v2 GID with an IPv4 address",
                               fix="give the port's netdev an IPv4 address; check the GID table in the "
                                   "container (rdma shared device plugin)"))
    if len(set(rec.values())) > 1:
        out.append(Finding(id="show_gids.gid_index_differs", severity=I, subject="NCCL_IB_GID_INDEX",
                           message="ports need different GID indices: one NCCL_IB_GID_INDEX cannot fit all; "
                                   "leave it unset on NCCL >= 2.21",
                           evidence={"recommended": rec}))
    return out
