"""The node's PCI topology drawn as an inline SVG: NUMA nodes, root complexes, PCIe switches, GPUs, NICs.

The tree is built from each GPU's and RDMA NIC's PciDevice.path chain the way NCCL walks it
(nccl-internals.md section 4, ncclTopoGetXmlFromSys in src/graph/xml.cc; same walk as
ncclkit.nccl.paths): a device's parent is two path components up, so a switch's upstream and
downstream ports make one node, and a non-BDF component (`pci0000:15`) is the CPU root complex.
Each GPU box says whether NCCL will use GPUDirect RDMA for it (the env prediction), each NIC box
shows its ports with rate and state. No scripts, no external references: only shapes and text.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from markupsafe import Markup, escape

from ncclkit.facts import NodeFacts
from ncclkit.nccl.paths import pci_ancestors

__all__ = ["TopoNode", "build_tree", "topology_svg"]

_BOX_W, _BOX_H, _GAP_X, _ROW_H, _MARGIN = 150, 58, 14, 92, 16
_COLOURS = {"numa": ("#eef1f6", "#5b6b85"), "rc": ("#f4f4f4", "#777777"), "switch": ("#fff6e0", "#b7862b"),
            "gpu": ("#e6f4e6", "#3c8c3c"), "nic": ("#e4eefa", "#2f6db5")}
_BAD = "#c62828"


@dataclass(slots=True)
class TopoNode:
    """A box of the drawing; `lines` are its text lines, first in bold; `bad` draws it red."""

    key: str
    kind: str  # numa, rc, switch, gpu, nic
    lines: list[str]
    bad: bool = False
    children: list[TopoNode] = field(default_factory=list)
    x: float = 0.0
    depth: int = 0
    band_y: float = 0.0


def _switches(chain: tuple[str, ...]) -> list[str]:
    """NCCL's PCI parents of the device at the end of `chain`, outermost first (module docstring)."""
    return list(reversed(pci_ancestors(chain) or ()))


def _gdr_line(prediction: dict[str, Any], index: int) -> tuple[str, bool]:
    entry = (prediction.get("gdr") or {}).get(f"GPU{index}")
    if not isinstance(entry, dict):
        return "GDR: not predicted", False
    if entry.get("gdr"):
        via = f" via {entry['via']}" if entry.get("via") else ""
        return f"GDR on: {entry.get('nic')} {entry.get('path') or ''}{via}".rstrip(), False
    return "GDR off", True


def _leaves(facts: NodeFacts, prediction: dict[str, Any]) -> list[tuple[str, int | None, tuple[str, ...], TopoNode]]:
    """(bdf, numa, chain, box) of every GPU and RDMA NIC."""
    out = []
    for gpu in facts.gpus:
        pci = facts.pci.get(gpu.bus_id.lower())
        numa = pci.numa_node if pci and pci.numa_node is not None else gpu.numa_node
        gdr, off = _gdr_line(prediction, gpu.index)
        name = (gpu.name or "").replace("NVIDIA ", "")
        box = TopoNode(key=gpu.bus_id, kind="gpu", lines=[f"GPU{gpu.index} {name}".strip(), gpu.bus_id, gdr],
                       bad=off and bool(facts.ib_devices))
        out.append((gpu.bus_id.lower(), numa, pci.path if pci else (), box))
    for dev in facts.ib_devices:
        pci = facts.pci.get((dev.pci_bdf or "").lower())
        numa = pci.numa_node if pci and pci.numa_node is not None else dev.numa_node
        ports = [f"{p.port}: {p.rate_gbps:g}G {p.state or '?'}" if p.rate_gbps else f"{p.port}: {p.state or '?'}"
                 for p in dev.ports]
        kinds = sorted({"RoCE" if p.is_roce else "IB" for p in dev.ports})
        box = TopoNode(key=dev.name, kind="nic", lines=[f"{dev.name} {'/'.join(kinds)}".strip(),
                                                         dev.pci_bdf or "PCI unknown", "; ".join(ports)],
                       bad=any(not p.is_active for p in dev.ports))
        out.append(((dev.pci_bdf or dev.name).lower(), numa, pci.path if pci else (), box))
    return sorted(out, key=lambda t: t[0])


def build_tree(facts: NodeFacts, prediction: dict[str, Any]) -> list[TopoNode]:
    """NUMA boxes (roots) -> root complexes -> switches -> GPUs and NICs."""
    roots: dict[str, TopoNode] = {}
    index: dict[str, TopoNode] = {}

    def child(parent: TopoNode, key: str, kind: str, lines: list[str]) -> TopoNode:
        node = index.get(key)
        if node is None:
            node = index[key] = TopoNode(key=key, kind=kind, lines=lines)
            parent.children.append(node)
        return node

    for _bdf, numa, chain, box in _leaves(facts, prediction):
        known = numa is not None and numa >= 0
        nkey = f"numa{numa}" if known else "numa?"
        cpus = facts.numa_nodes.get(numa) if known and numa is not None else None
        numa_box = roots.setdefault(nkey, TopoNode(
            key=nkey, kind="numa", lines=[f"NUMA {numa}" if known else "NUMA unknown",
                                          f"CPUs {cpus}" if cpus else ("numa_node -1" if numa == -1 else "")]))
        if not chain:
            child(numa_box, f"{nkey}/nopath", "rc", ["PCI path", "not read"]).children.append(box)
            continue
        parent = child(numa_box, f"{nkey}/{chain[0]}", "rc", ["root complex", chain[0]])
        for sw in _switches(chain):
            parent = child(parent, sw, "switch", ["PCIe switch", sw])
        parent.children.append(box)
    return [roots[k] for k in sorted(roots)]


def _layout(nodes: list[TopoNode], depth: int, next_x: list[float]) -> int:
    """Leaves left to right, parents centred over their children; returns the tree's depth."""
    deepest = depth
    for node in nodes:
        node.depth = depth
        if node.children:
            deepest = max(deepest, _layout(node.children, depth + 1, next_x))
            node.x = (node.children[0].x + node.children[-1].x) / 2
        else:
            node.x = next_x[0]
            next_x[0] += _BOX_W + _GAP_X
    return deepest


def _walk(nodes: list[TopoNode]) -> list[TopoNode]:
    return [n for node in nodes for n in (node, *_walk(node.children))]


def _y(node: TopoNode, bottom: int) -> float:
    # Devices all sit on the bottom row of their band, so GPUs and NICs line up whatever their
    # switch depth; `band_y` is where the band of the node's NUMA node starts.
    row = bottom if node.kind in ("gpu", "nic") else node.depth
    return node.band_y + row * _ROW_H


def _box(node: TopoNode, bottom: int) -> str:
    fill, stroke = _COLOURS[node.kind]
    stroke = _BAD if node.bad else stroke
    x, y = node.x, _y(node, bottom)
    parts = [f'<g class="topo-{node.kind}{" topo-bad" if node.bad else ""}" data-key="{escape(node.key)}">',
             (f'<rect x="{x:.0f}" y="{y:.0f}" width="{_BOX_W}" height="{_BOX_H}" rx="6" fill="{fill}" '
              f'stroke="{stroke}" stroke-width="{2.5 if node.bad else 1.2}"/>')]
    for i, line in enumerate(node.lines[:3]):
        weight = ' font-weight="bold"' if i == 0 else ""
        colour = _BAD if node.bad and i == 2 else "#222"
        text = line if len(line) <= 26 else line[:25] + "~"
        parts.append(f'<text x="{x + _BOX_W / 2:.0f}" y="{y + 17 + i * 16:.0f}" text-anchor="middle"{weight} '
                     f'fill="{colour}"><title>{escape(line)}</title>{escape(text)}</text>')
    parts.append("</g>")
    return "".join(parts)


def topology_svg(facts: NodeFacts, prediction: dict[str, Any], *, element_id: str) -> Markup:
    """The SVG (safe to insert into the page as is); empty when the node has no GPU and no NIC."""
    roots = build_tree(facts, prediction)
    if not roots:
        return Markup("")
    # One band per NUMA node, stacked: an 8-GPU, 8-NIC node stays readable at page width.
    bottom = max(_layout([root], 0, [float(_MARGIN)]) for root in roots)
    band_h = bottom * _ROW_H + _BOX_H + _MARGIN * 2
    for i, root in enumerate(roots):
        for n in _walk([root]):
            n.band_y = _MARGIN + i * band_h
    nodes = _walk(roots)
    width = max(n.x for n in nodes) + _BOX_W + _MARGIN
    height = len(roots) * band_h
    edges = []
    for n in nodes:
        for c in n.children:
            x1, y1 = n.x + _BOX_W / 2, _y(n, bottom) + _BOX_H
            x2, y2 = c.x + _BOX_W / 2, _y(c, bottom)
            edges.append(f'<path d="M{x1:.0f},{y1:.0f} C{x1:.0f},{y1 + 30:.0f} {x2:.0f},{y2 - 30:.0f} '
                         f'{x2:.0f},{y2:.0f}" fill="none" stroke="#999" stroke-width="1.2"/>')
    body = "".join(edges) + "".join(_box(n, bottom) for n in nodes)
    return Markup(f'<svg id="{escape(element_id)}" class="topology" xmlns="http://www.w3.org/2000/svg" '
                  f'viewBox="0 0 {width:.0f} {height:.0f}" width="{width:.0f}" height="{height:.0f}" '
                  f'font-family="sans-serif" font-size="12" role="img" '
                  f'aria-label="PCI topology of {escape(facts.host)}">{body}</svg>')
