"""NCCL topology XML (NCCL_TOPO_FILE): read it, check it against a node's facts, write one from facts.

Format (nccl-internals.md section 4, `ncclTopoGetSystem`, src/graph/topo.cc and xml.cc):
`<system version="1">` holding `<cpu numaid=..>` elements, nested `<pci busid class ...>` bridges,
and PCI leaves for GPUs (class 0x03...) and NICs (0x02...), optionally with `<gpu>`/`<nic><net>`
children. NCCL loads the file before detecting, keeps the attributes it finds there, and detects
the rest from sysfs, so a file only needs the PCI placement of GPUs and NICs.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Mapping
from dataclasses import dataclass, field

from ncclkit.errors import NcclkitError
from ncclkit.facts import NodeFacts, PciDevice
from ncclkit.findings import Finding, Severity
from ncclkit.nccl.ports import pci_path_key
from ncclkit.nccl.paths import PathType, is_flattened, pci_ancestors, pci_path_type

__all__ = ["TopoDevice", "TopoFile", "check_topo_text", "parse_topo_xml", "validate_topo", "write_topo_xml"]

FINDING_ID = "env.topo_file_invalid"
_SUBJECT = "NCCL_TOPO_FILE"


def _norm_bdf(busid: str) -> str:
    """`00000000:18:00.0` or `0000:18:00.0` (any case) -> `0000:18:00.0`."""
    text = busid.strip().lower()
    dom, _, rest = text.partition(":")
    return f"{dom[-4:].rjust(4, '0')}:{rest}" if rest else text


@dataclass(frozen=True, slots=True, kw_only=True)
class TopoDevice:
    """A GPU or NIC leaf of the file: its bus id, kind, NUMA id of its <cpu> and the bridges above it."""

    busid: str
    kind: str  # "gpu" or "nic"
    numaid: int | None
    bridges: tuple[str, ...]  # nearest first
    net_names: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class TopoFile:
    version: str | None
    devices: tuple[TopoDevice, ...] = field(default_factory=tuple)

    def path_type(self, a: TopoDevice, b: TopoDevice) -> PathType:
        """Path type between two leaves as NCCL would compute it from this file."""
        common = [x for x in a.bridges if x in b.bridges]
        if common:
            return PathType.PIX if a.bridges.index(common[0]) == 0 and b.bridges.index(common[0]) == 0 else PathType.PXB
        return PathType.PHB if a.numaid == b.numaid else PathType.SYS


def _kind(elem: ET.Element) -> str | None:
    cls = (elem.get("class") or "").lower()
    if elem.find("gpu") is not None or cls.startswith("0x03"):
        return "gpu"
    if elem.find("nic") is not None or cls.startswith("0x02"):
        return "nic"
    return None


def parse_topo_xml(text: str, source: str) -> TopoFile:
    """Parse the XML; a file that is not XML raises NcclkitError naming it and the line."""
    try:
        root = ET.fromstring(text)
    except ET.ParseError as exc:
        line = exc.position[0] if exc.position else "?"
        raise NcclkitError(f"{source}: line {line}: not valid XML ({exc})",
                           hint="give an NCCL topology file (NCCL_TOPO_DUMP_FILE writes one)") from None
    if root.tag != "system":
        raise NcclkitError(f"{source}: the top element is <{root.tag}>, not <system>",
                           hint="an NCCL topology file starts with <system version=\"1\">")
    devices: list[TopoDevice] = []

    def walk(elem: ET.Element, numaid: int | None, bridges: tuple[str, ...]) -> None:
        for child in elem:
            if child.tag == "cpu":
                try:
                    nid = int(child.get("numaid", ""))
                except ValueError:
                    nid = None
                walk(child, nid, ())
            elif child.tag == "pci" and child.get("busid"):
                bdf = _norm_bdf(child.get("busid", ""))
                kind = _kind(child)
                if kind is None:
                    walk(child, numaid, (bdf, *bridges))
                    continue
                nets = tuple(n.get("name", "") for n in child.iter("net") if n.get("name"))
                devices.append(TopoDevice(busid=bdf, kind=kind, numaid=numaid, bridges=bridges, net_names=nets))

    walk(root, None, ())
    return TopoFile(version=root.get("version"), devices=tuple(devices))


def _finding(severity: Severity, message: str, fix: str, **evidence: object) -> Finding:
    return Finding(id=FINDING_ID, severity=severity, subject=_SUBJECT, message=message, fix=fix,
                   evidence=dict(evidence))


def validate_topo(topo: TopoFile, facts: NodeFacts, source: str) -> list[Finding]:
    """Devices that do not exist, GPUs/NICs missing from the file, placements contradicting the facts."""
    out: list[Finding] = []
    if topo.version != "1":
        out.append(_finding(Severity.ERROR, f"{source}: <system version=\"{topo.version}\">: NCCL stops with "
                            "`XML Topology has wrong version`", "write <system version=\"1\">"))
    gpus = {g.bus_id.lower(): g for g in facts.gpus}
    nics = {pci_path_key(d.pci_bdf): d for d in facts.ib_devices if d.pci_bdf}
    nic_names = {d.name for d in facts.ib_devices}
    in_file = {d.busid: d for d in topo.devices}
    ghost = [d.busid for d in topo.devices
             if (d.kind == "gpu" and d.busid not in gpus) or (d.kind == "nic" and pci_path_key(d.busid) not in nics)]
    if ghost:
        out.append(_finding(Severity.ERROR, f"{source} places devices this node does not have: {', '.join(ghost)}",
                            "use the file made for this machine type, or regenerate it", missing_on_node=ghost))
    bad_names = sorted({n for d in topo.devices for n in d.net_names if n.split("+")[0] not in nic_names})
    if bad_names:
        out.append(_finding(Severity.ERROR, f"{source} names NICs that do not exist: {', '.join(bad_names)}",
                            "fix the <net name=...> entries or drop them (NCCL fills them in)", names=bad_names))
    lost_gpus = [f"GPU{g.index} {b}" for b, g in gpus.items() if b not in in_file]
    file_nics = {pci_path_key(d.busid) for d in topo.devices if d.kind == "nic"}
    lost_nics = [f"{d.name} {d.pci_bdf}" for k, d in nics.items() if k not in file_nics]
    if lost_gpus or lost_nics:
        out.append(_finding(Severity.WARNING, f"{source} leaves out {', '.join(lost_gpus + lost_nics)}: NCCL "
                            "places those from sysfs, where this node's placement may be wrong",
                            "list every GPU and RDMA NIC of the node", missing_in_file=lost_gpus + lost_nics))
    out += _contradictions(topo, facts, source, gpus)
    return out


def _contradictions(topo: TopoFile, facts: NodeFacts, source: str, gpus: Mapping[str, object]) -> list[Finding]:
    if is_flattened(facts):
        return []  # the facts cannot be trusted about placement: that is why the file exists
    out: list[Finding] = []
    numa_bad = []
    for d in topo.devices:
        dev = facts.pci.get(d.busid)
        if dev is not None and dev.numa_node is not None and dev.numa_node >= 0 and d.numaid is not None \
                and d.numaid >= 0 and d.numaid != dev.numa_node:
            numa_bad.append(f"{d.busid} (file NUMA {d.numaid}, node {dev.numa_node})")
    if numa_bad:
        out.append(_finding(Severity.WARNING, f"{source} puts devices under the wrong CPU: {', '.join(numa_bad)}",
                            "move them under the <cpu numaid> sysfs reports", devices=numa_bad))
    pairs = []
    gpu_leaves = [d for d in topo.devices if d.kind == "gpu" and d.busid in gpus]
    nic_leaves = [d for d in topo.devices if d.kind == "nic"]
    for g in gpu_leaves:
        for n in nic_leaves:
            real = _real_path(facts, g.busid, n.busid)
            said = topo.path_type(g, n)
            if real is None:
                continue
            near_real, near_said = real <= PathType.PXB, said <= PathType.PXB
            if near_real != near_said:
                pairs.append(f"{g.busid}-{n.busid} file {said.name}, node {real.name}")
    if pairs:
        out.append(_finding(Severity.WARNING, f"{source} contradicts the node's PCI tree: {'; '.join(pairs)}",
                            "regenerate it with `ncclkit env --topo-out FILE` on this node", pairs=pairs))
    return out


def _real_path(facts: NodeFacts, a: str, b: str) -> PathType | None:
    da, db = facts.pci.get(a), facts.pci.get(b) or facts.pci.get(b[:-1] + "0")
    return pci_path_type(da, db) if da and db and da.path and db.path else None


def check_topo_text(facts: NodeFacts, text: str | None, source: str) -> list[Finding]:
    """Findings for a topology file's text (None: the file does not exist on the node)."""
    if text is None:
        return [_finding(Severity.ERROR, f"NCCL_TOPO_FILE={source} does not exist on this node: NCCL warns and "
                         "falls back to detection", "fix the path or unset NCCL_TOPO_FILE", path=source)]
    try:
        return validate_topo(parse_topo_xml(text, source), facts, source)
    except NcclkitError as exc:
        return [_finding(Severity.ERROR, exc.message, exc.hint, path=source)]


# -- writing -------------------------------------------------------------------------------------
def _leaf_attrs(dev: PciDevice) -> dict[str, str]:
    attrs = {"busid": dev.bdf}
    if dev.class_code:
        attrs["class"] = dev.class_code
    if dev.max_link_speed_gts:
        attrs["link_speed"] = f"{dev.max_link_speed_gts:.1f} GT/s PCIe"
    if dev.max_link_width:
        attrs["link_width"] = str(dev.max_link_width)
    return attrs


def write_topo_xml(facts: NodeFacts) -> str:
    """An NCCL_TOPO_FILE with every GPU and RDMA NIC placed as sysfs shows them, bridges as NCCL groups them.

    Refuses (NcclkitError) where the facts cannot be trusted: a flattened VM tree, or devices whose
    PCI path was not read."""
    if is_flattened(facts):
        raise NcclkitError("this node's PCI tree is flattened (a VM: every device on one root bus, numa_node -1): "
                           "a file written from it would repeat the wrong layout",
                           hint="use the topology file of your cloud provider for this VM type")
    bdfs = [g.bus_id.lower() for g in facts.gpus]
    bdfs += sorted({pci_path_key(d.pci_bdf) or "" for d in facts.ib_devices if d.pci_bdf} - {""})
    devs = [facts.pci.get(b) for b in bdfs]
    missing = [b for b, d in zip(bdfs, devs, strict=True) if d is None or not d.path]
    if not bdfs or missing:
        raise NcclkitError(f"no PCI path known for {', '.join(missing) or 'any GPU'}: cannot place it",
                           hint="run on the node itself (or a full `ncclkit snapshot`) so sysfs can be read")
    system = ET.Element("system", version="1")
    cpus: dict[int, ET.Element] = {}
    bridges: dict[str, ET.Element] = {}
    for dev in devs:
        assert dev is not None
        numa = dev.numa_node if dev.numa_node is not None else -1
        parent = cpus.get(numa)
        if parent is None:
            parent = cpus[numa] = ET.SubElement(system, "cpu", numaid=str(numa))
        chain = pci_ancestors(dev.path) or ()  # NCCL's bridges, nearest first
        for bridge in reversed(chain):
            key = f"{numa}/{bridge}"
            if key not in bridges:
                bridges[key] = ET.SubElement(parent, "pci", {"busid": bridge, "class": "0x060400"})
            parent = bridges[key]
        ET.SubElement(parent, "pci", _leaf_attrs(dev))
    ET.indent(system, space="  ")
    return ET.tostring(system, encoding="unicode") + "\n"
