"""`--ib`: ib_write_bw (perftest) in loopback on each RDMA port, parsed, judged against the port rate.

Each HCA port runs a server and a client of `ib_write_bw -d DEV -i PORT -s 8M -D 3 -F
--report_gbits` on this host (the azurehpc-health-checks way: traffic leaves and re-enters the
HCA, so the NIC, its PCIe link and, with --use_cuda=N, the GPUDirect RDMA path are measured).
The output's last `#bytes #iterations BW peak[Gb/sec] BW average[Gb/sec] MsgRate[Mpps]` row
is the figure; with -D the peak column reads 0.00, so the average is the one judged.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import time
from dataclasses import dataclass
from typing import Any

from ncclkit.findings import Finding, Severity

__all__ = ["IbWriteBw", "check_ib_write_bw", "parse_ib_write_bw", "run_ib_write_bw"]

_ROW = re.compile(r"^\s*(\d+)\s+(\d+)\s+([\d.]+)\s+([\d.]+)(?:\s+([\d.]+))?\s*$")
_DEVICE = re.compile(r"Device\s*:\s*(\S+)")
_LINK = re.compile(r"Link type\s*:\s*(\S+)")


@dataclass(frozen=True, slots=True, kw_only=True)
class IbWriteBw:
    device: str | None
    link_type: str | None  # "IB" or "Ethernet"
    size_bytes: int
    iterations: int
    peak_gbit: float
    average_gbit: float
    msg_rate_mpps: float | None
    units: str  # "Gb/sec" or "MB/sec" (without --report_gbits)


def parse_ib_write_bw(text: str) -> list[IbWriteBw]:
    """Every result row of ib_write_bw output (one per size with -a), in Gb/s; [] when none."""
    units = "Gb/sec" if "[Gb/sec]" in text else "MB/sec" if "[MB/sec]" in text else None
    if units is None:
        return []
    dev = _DEVICE.search(text)
    link = _LINK.search(text)
    scale = 1.0 if units == "Gb/sec" else 8e6 / 1e9 * (2**20 / 1e6)  # MiB/s -> Gb/s
    rows = []
    in_table = False
    for line in text.splitlines():
        if "#bytes" in line and "BW average" in line:
            in_table = True
            continue
        m = _ROW.match(line) if in_table else None
        if m:
            rows.append(IbWriteBw(
                device=dev.group(1) if dev else None, link_type=link.group(1) if link else None,
                size_bytes=int(m.group(1)), iterations=int(m.group(2)),
                peak_gbit=float(m.group(3)) * scale, average_gbit=float(m.group(4)) * scale,
                msg_rate_mpps=float(m.group(5)) if m.group(5) else None, units=units))
    return rows


def check_ib_write_bw(port: str, rows: list[IbWriteBw], rate_gbit: float | None,
                      gdr: bool) -> Finding:
    """Judge the largest size's average against the port rate (>= 90% healthy: peers.md 1.12)."""
    path = "GPUDirect RDMA" if gdr else "host memory"
    if not rows:
        return Finding(id="bench.ib_write_bw_failed", severity=Severity.ERROR, subject=port,
                       message=f"ib_write_bw on {port} ({path}) printed no result",
                       fix="run it by hand to see perftest's error; check `ncclkit doctor`")
    best = max(rows, key=lambda r: r.size_bytes)
    ev: dict[str, Any] = {"average_gbit": best.average_gbit, "size_bytes": best.size_bytes,
                          "port_rate_gbit": rate_gbit, "gdr": gdr}
    if not rate_gbit:
        return Finding(id="bench.ib_write_bw", severity=Severity.INFO, subject=port,
                       message=f"ib_write_bw {best.average_gbit:.1f} Gb/s ({path}); port rate "
                               "unknown", evidence=ev)
    ratio = best.average_gbit / rate_gbit
    ev["ratio"] = round(ratio, 3)
    if ratio >= 0.9:
        return Finding(id="bench.ib_write_bw", severity=Severity.INFO, subject=port,
                       message=f"ib_write_bw {best.average_gbit:.1f} Gb/s is {ratio:.0%} of the "
                               f"{rate_gbit:g} Gb/s port ({path})", evidence=ev)
    fix = ("half the line rate often means a PCIe link trained at half width, or a GPU far from "
           "the NIC: see `ncclkit doctor` (pcie.link_degraded, gdr.distance)")
    if gdr:
        fix += "; a GDR figure far below the host-memory one means GPUDirect RDMA is not working"
    return Finding(id="bench.ib_write_bw_low",
                   severity=Severity.WARNING if ratio >= 0.5 else Severity.ERROR, subject=port,
                   message=f"ib_write_bw {best.average_gbit:.1f} Gb/s is only {ratio:.0%} of the "
                           f"{rate_gbit:g} Gb/s port ({path})", fix=fix, evidence=ev)


def run_ib_write_bw(device: str, port: int, *, gpu: int | None, tcp_port: int,
                    duration_s: int = 3, timeout_s: float = 60.0) -> str:
    """Loopback server + client on one HCA port; the client's output (bounded by timeout_s)."""
    exe = shutil.which("ib_write_bw")
    if exe is None:
        return ""
    args = [exe, "-d", device, "-i", str(port), "-s", str(8 * 2**20), "-D", str(duration_s),
            "-F", "--report_gbits", "-p", str(tcp_port)]
    if gpu is not None:
        args.append(f"--use_cuda={gpu}")
    server = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    try:
        time.sleep(1.0)  # the server must listen before the client connects
        client = subprocess.run([*args, "127.0.0.1"], capture_output=True, text=True,
                                timeout=timeout_s, check=False)
        return client.stdout + client.stderr
    except subprocess.TimeoutExpired:
        return ""
    finally:
        if server.poll() is None:
            server.terminate()
        try:
            server.wait(timeout=5)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()
