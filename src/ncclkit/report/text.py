"""Terminal report of a DoctorReport: facts grouped by area, then findings with ready-to-paste fixes.

Rendered with rich. Without a TTY (or with NO_COLOR) rich prints no escape codes; tables use ASCII
borders there so that logs and pastes stay clean. Every piece of node data is printed as plain text
(never parsed as markup), and fix commands are printed on their own line without wrapping.
"""

from __future__ import annotations

import os
import sys
from typing import Any, TextIO

from rich import box
from rich.console import Console
from rich.table import Table
from rich.text import Text

from ncclkit.doctor import DoctorReport
from ncclkit.facts import GpuInfo, NodeFacts, PciDevice, pcie_gen_of_gts
from ncclkit.findings import Finding, Severity
from ncclkit.probe.nccl import NOT_READ_BY_NCCL
from ncclkit.nccl.gdr import DEFAULT_GDR_LEVEL, gdr_by_distance, gdr_support
from ncclkit.nccl.params import parse_level
from ncclkit.nccl.paths import gpu_gpu_link, gpu_nic_paths, nccl_level_of

__all__ = ["make_console", "render_text"]

_STYLE = {Severity.ERROR: "bold red", Severity.WARNING: "yellow", Severity.INFO: "cyan"}
_NON_TTY_WIDTH = 120


def make_console(out: TextIO | None = None) -> Console:
    """A console on `out` (stdout): colour only on a TTY without NO_COLOR; wide when not a TTY."""
    out = out or sys.stdout
    tty = hasattr(out, "isatty") and out.isatty()
    return Console(file=out, width=None if tty else _NON_TTY_WIDTH, no_color=bool(os.environ.get("NO_COLOR")),
                   highlight=False, emoji=False, soft_wrap=True, force_terminal=tty or None)


def _table(console: Console, *columns: str) -> Table:
    ascii_only = not console.is_terminal or console.no_color
    table = Table(box=box.ASCII2 if ascii_only else box.SIMPLE_HEAD, show_edge=False, pad_edge=False,
                  header_style="bold")
    for i, col in enumerate(columns):
        # The key column and a state never split mid-token on a narrow terminal: other cells fold.
        key = i == 0 or col in ("state", "phys")
        table.add_column(col, overflow="fold", no_wrap=key)
    return table


def _txt(value: object) -> str:
    return "-" if value is None or value == "" else str(value)


def _heading(console: Console, title: str) -> None:
    console.print()
    console.print(Text(title, style="bold underline"))


def _pcie_link(gpu: GpuInfo, pci: PciDevice | None) -> tuple[str, str]:
    """("4/5", "x16/x16"): current/max generation and width, from NVML / nvidia-smi, else sysfs."""
    gen_cur, gen_max = gpu.pcie_gen_current, gpu.pcie_gen_max
    width_cur, width_max = gpu.pcie_width_current, gpu.pcie_width_max
    if pci is not None:  # GPUs listed from sysfs only (no NVML, no nvidia-smi): the PCI link files
        gen_cur = gen_cur or pcie_gen_of_gts(pci.current_link_speed_gts)
        gen_max = gen_max or pcie_gen_of_gts(pci.max_link_speed_gts)
        width_cur = width_cur or pci.current_link_width
        width_max = width_max or pci.max_link_width
    return f"{_txt(gen_cur)}/{_txt(gen_max)}", f"x{_txt(width_cur)}/x{_txt(width_max)}"


def _gpus(console: Console, facts: NodeFacts) -> None:
    _heading(console, f"GPUs ({len(facts.gpus)})")
    if not facts.gpus:
        console.print("  none found", markup=False)
        return
    table = _table(console, "GPU", "bus id", "name", "NUMA", "PCIe gen", "width", "NVLinks")
    for gpu in facts.gpus:
        pci = facts.pci.get(gpu.bus_id.lower())
        numa = pci.numa_node if pci and pci.numa_node is not None else gpu.numa_node
        active = sum(1 for link in gpu.nvlinks if link.active)
        gen, width = _pcie_link(gpu, pci)
        table.add_row(f"GPU{gpu.index}", gpu.bus_id, _txt(gpu.name), _txt(numa), gen, width,
                      f"{active} active" if gpu.nvlinks else "not read")
    console.print(table)


def _topology(console: Console, facts: NodeFacts) -> None:
    """A `nvidia-smi topo -m`-like matrix computed from the PCI chains (GPU rows; GPU and NIC columns)."""
    if not facts.gpus:
        return
    _heading(console, "Topology (computed from PCI chains and NVLink facts)")
    nic_paths = gpu_nic_paths(facts)
    table = _table(console, "", *(f"GPU{g.index}" for g in facts.gpus), *(d.name for d in facts.ib_devices))
    for gpu in facts.gpus:
        by_nic = {p.device.name: p.path.name if p.path else "?" for p in nic_paths.get(gpu.index, [])}
        cells = ["X" if o is gpu else gpu_gpu_link(facts, gpu, o).label for o in facts.gpus]
        table.add_row(f"GPU{gpu.index}", *cells, *(by_nic.get(d.name, "?") for d in facts.ib_devices))
    console.print(table)
    if not any(g.nvlinks for g in facts.gpus):
        source = ("NV# cells from cmd/nvidia-smi-topo-m.txt" if facts.topo_matrix
                  else "GPU<->GPU cells show the PCI path only")
        console.print(f"  NVLink state not read (no NVML, no nvidia-smi nvlink output): {source}", markup=False)


def _rdma(console: Console, facts: NodeFacts) -> None:
    _heading(console, f"RDMA ports ({len(facts.ib_ports)})")
    if not facts.ib_devices:
        console.print("  no RDMA device (sys/class/infiniband is empty)", markup=False)
        return
    table = _table(console, "port", "state", "phys", "rate", "link layer", "netdev", "PCI", "NUMA",
                   "firmware")
    for dev in facts.ib_devices:
        for port in dev.ports:
            state = Text(_txt(port.state), style="" if port.is_active else "bold red")
            table.add_row(port.name, state, _txt(port.phys_state), _txt(port.rate_text),
                          _txt(port.link_layer), ",".join(dev.netdevs) or "-", _txt(dev.pci_bdf),
                          _txt(dev.numa_node), _txt(dev.fw_ver))
    console.print(table)


def _ifaces(console: Console, facts: NodeFacts) -> None:
    shown = [i for i in facts.ifaces if i.kind != "loopback"]
    _heading(console, f"Interfaces ({len(shown)})")
    table = _table(console, "name", "kind", "state", "MTU", "speed", "IPv4", "PCI")
    for iface in shown:
        ipv4 = ", ".join(iface.ipv4) if iface.ipv4 else ("-" if iface.addresses_known else "unknown")
        speed = f"{iface.speed_mbps // 1000} Gb/s" if iface.speed_mbps and iface.speed_mbps > 0 else "-"
        table.add_row(iface.name, iface.kind + (" (virtual)" if iface.is_virtual else ""),
                      _txt(iface.operstate), _txt(iface.mtu), speed, ipv4, _txt(iface.pci_bdf))
    console.print(table)


def _gdr_cell(prediction: dict[str, Any], gpu_index: int) -> Text:
    """NCCL's predicted GDR for a GPU (PXN included) from one prediction's "gdr" object."""
    entry = (prediction.get("gdr") or {}).get(f"GPU{gpu_index}")
    if not isinstance(entry, dict):
        return Text("-")
    if not entry.get("gdr"):
        return Text("no", style="yellow")
    return Text(f"yes ({entry['via']})" if entry.get("via") else "yes")


def _gdr(console: Console, report: DoctorReport) -> None:
    facts = report.facts
    _heading(console, "GPUDirect RDMA")
    sup = gdr_support(facts)
    dmabuf = {True: "possible", False: "no", None: "unknown"}[facts.peermem.dmabuf_possible]
    seen = [path.split("/")[-2] if path.endswith("/version") else path.split("/")[-1] for path in sup.seen]
    console.print(f"  peer memory: {', '.join(seen) or 'none'}; dma-buf: {dmabuf}", markup=False)
    if not facts.gpus or not facts.ib_devices:
        return
    # Both pairs of columns come from one model (ncclkit.nccl.predict), once with the env NCCL sees
    # now and once with `ncclkit env`'s recommendation applied, so that they can be compared.
    in_force = report.prediction_in_force
    recommended = report.env.get("prediction") or {}

    def level(pred: dict, env: dict[str, str], index: int) -> str:
        # The prediction knows the per-GPU default (P2C for C2C-attached GPUs on NCCL 2.27+).
        return ((pred.get("gdr") or {}).get(f"GPU{index}") or {}).get("level") \
            or parse_level(env.get("NCCL_NET_GDR_LEVEL")) or DEFAULT_GDR_LEVEL
    table = _table(console, "GPU", "nearest NIC", "path", "level (env in force)", "GDR (env in force)",
                   "level (recommended env)", "GDR (recommended env)")
    for entry in gdr_by_distance(facts):
        nic = entry.nic
        path = nic.path.name if nic and nic.path else "?"
        if nic and nic.path and nccl_level_of(nic.path) != nic.path.name:
            path += f" ({nccl_level_of(nic.path)})"
        table.add_row(f"GPU{entry.gpu.index}", nic.device.name if nic else "none usable", path,
                      f"<= {level(in_force, facts.nccl.env, entry.gpu.index)}",
                      _gdr_cell(in_force, entry.gpu.index),
                      f"<= {level(recommended, recommended.get('env_assumed') or {}, entry.gpu.index)}"
                      if recommended else "-", _gdr_cell(recommended, entry.gpu.index))
    console.print(table)


def _os_nccl(console: Console, report: DoctorReport) -> None:
    facts = report.facts
    osf = facts.os
    _heading(console, "OS")
    memlock = ("unlimited" if osf.memlock_unlimited else
               f"{osf.memlock_soft_bytes} bytes" if osf.memlock_soft_bytes is not None else "unknown")
    console.print(f"  memlock: {memlock}; max_map_count: {_txt(osf.max_map_count)}; "
                  f"rmem_max: {_txt(osf.rmem_max)}; wmem_max: {_txt(osf.wmem_max)}; "
                  f"kernel: {_txt(facts.peermem.kernel_release)}", markup=False)
    _heading(console, "NCCL")
    console.print(f"  version: {_txt(facts.nccl.version)} (from {_txt(facts.nccl.version_source)}); "
                  f"torch: {_txt(facts.nccl.torch_version)}", markup=False)
    if facts.nccl.env:
        console.print(f"  env in force ({_txt(facts.nccl.env_source)}):", markup=False)
        for key, value in sorted(facts.nccl.env.items()):
            note = f"  # {NOT_READ_BY_NCCL[key]}" if key in NOT_READ_BY_NCCL else ""
            console.print(f"    {key}={value}{note}", markup=False, soft_wrap=True)
    else:
        console.print(f"  env in force: none ({_txt(facts.nccl.env_source)})", markup=False)
    rec = report.env.get("env") or {}
    reasons = report.env.get("reasons") or {}
    console.print("  recommended (ncclkit env):" if rec else "  recommended (ncclkit env): nothing to set",
                  markup=False)
    for key, value in rec.items():
        if key in reasons:
            console.print(f"    # {reasons[key]}", markup=False)
        console.print(f"    export {key}={value}", markup=False)
    unset = [k for k in reasons if k not in rec]
    if unset:
        console.print(f"    left unset: {', '.join(unset)} (`ncclkit env` says why)", markup=False)


def _findings(console: Console, findings: tuple[Finding, ...]) -> None:
    counts = {s: sum(1 for f in findings if f.severity == s) for s in Severity}
    _heading(console, f"Findings: {counts[Severity.ERROR]} error, {counts[Severity.WARNING]} warning, "
                      f"{counts[Severity.INFO]} info")
    if not findings:
        console.print("  no findings: the node looks ready for NCCL", markup=False)
    for f in findings:
        head = Text("  ")
        head.append(f"{f.severity.upper():7}", style=_STYLE[f.severity])
        head.append(f" {f.id}  {f.subject}", style="bold")
        console.print(head, soft_wrap=True)
        console.print(f"    {f.message}", markup=False, soft_wrap=True)
        if f.fix:
            console.print("    fix:", markup=False)
            # Own line, unwrapped, no markup: safe to copy-paste as is.
            console.print(f"      {f.fix}", markup=False, soft_wrap=True, highlight=False)


def render_text(report: DoctorReport, console: Console | None = None) -> None:
    console = console or make_console()
    facts = report.facts
    console.print(Text(f"ncclkit doctor: {facts.host}", style="bold"))
    console.print(f"  source: {facts.source}; captured: {_txt(facts.captured_at)}; driver: "
                  f"{_txt(facts.driver_version)}; CUDA: {_txt(facts.cuda_version)}", markup=False)
    _gpus(console, facts)
    _topology(console, facts)
    _rdma(console, facts)
    _ifaces(console, facts)
    _gdr(console, report)
    _os_nccl(console, report)
    _findings(console, report.findings)
