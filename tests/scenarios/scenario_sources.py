"""The round-two node of tests/scenarios/build_scenarios3.py and its sources, each in the format the kernel or the tool
writes it: PCIe AER counters (drivers/pci/pcie/aer.c), `lspci -vvv` ACSCtl lines, PCI config space with the ACS
extended capability, `nvidia-smi nvlink -e`, IB PortCounters files, `nvidia-smi -q -x` health elements."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

from scenario_kit import DGX_BUSES, OUT, gpu_subject, ib_node, switch_pair
from nodebuilder import NodeBuilder  # tests/ is on the path once scenario_kit is imported

from ncclkit.probe.health_ib import ERROR_COUNTERS

ACS_OFF = "SrcValid- TransBlk- ReqRedir- CmpltRedir- UpstreamFwd- EgressCtrl- DirectTrans-"
ACS_CAP = "SrcValid+ TransBlk+ ReqRedir+ CmpltRedir+ UpstreamFwd+ EgressCtrl+ DirectTrans+"
SHM_HOST = "tmpfs /dev/shm tmpfs rw,nosuid,nodev,inode64 0 0"
IPTABLES_OPEN = "*filter\n:INPUT ACCEPT [1204:88213]\n:FORWARD ACCEPT [0:0]\n:OUTPUT ACCEPT [998:91022]\nCOMMIT\n"
# Where scenarios are written; build_scenarios3.build_all points it at the tests' temporary folder.
TARGET = {"out": OUT}


def node(name: str, gpus: int = 2, **kw: object) -> NodeBuilder:
    """A 2-GPU DGX-like node with every round-two source captured and healthy."""
    b = ib_node(name, gpus=gpus, **kw)
    b.base, b.root = TARGET["out"], TARGET["out"] / name
    b.cmd("lspci-vvv.txt", lspci(b, {}))
    b.file("proc/uptime", "172800.53 2706512.77")
    b.file("proc/mounts", SHM_HOST)
    b.file("proc/sys/net/ipv4/ip_local_port_range", "32768\t60999")
    b.file("etc/systemd/logind.conf", "[Login]\n#KillUserProcesses=no\nRemoveIPC=no\n")
    b.cmd("dmesg.txt", "[    2.113401] nvidia: loading out-of-tree module taints kernel.\n"
                       "[    5.907712] NVRM: loading NVIDIA UNIX x86_64 Kernel Module  550.90.07")
    b.cmd("iptables-save.txt", IPTABLES_OPEN)
    b.cmd("rdma-userspace.json", json.dumps({"uverbs": [f"uverbs{i}" for i in range(gpus)],
                                             "libibverbs": "/usr/lib/x86_64-linux-gnu/libibverbs.so.1.14.50.0",
                                             "providers": ["libmlx5-rdmav34.so"]}))
    b.cmd("nccl-net-plugins.txt", "")
    b.cmd("systemctl-is-active-nvidia-fabricmanager.txt", "inactive")  # no NVSwitch: irrelevant
    b.cmd("nvidia-smi-nvlink-e.txt", nvlink_errors(gpus, {}))
    for i in range(gpus):
        counters(b, f"mlx5_{i}", {})
    for bdf in sorted(b._pci):
        aer(b, bdf, [*b._pci[bdf].chain, bdf], {})
    return b


_AER_NAMES = {"correctable": ("RxErr", "BadTLP", "BadDLLP", "Rollover", "Timeout", "NonFatalErr", "CorrIntErr",
                              "HeaderOF", "TOTAL_ERR_COR"),
              "nonfatal": ("Undefined", "DLP", "SDES", "TLP", "FCP", "CmpltTO", "CmpltAbrt", "UnxCmplt", "RxOF",
                           "MalfTLP", "ECRC", "UnsupReq", "ACSViol", "UncorrIntErr", "BlockedTLP",
                           "AtomicOpBlocked", "TLPBlockedErr", "PoisonTLPBlocked", "TOTAL_ERR_NONFATAL"),
              "fatal": ("Undefined", "DLP", "SDES", "TLP", "FCP", "CmpltTO", "CmpltAbrt", "UnxCmplt", "RxOF",
                        "MalfTLP", "ECRC", "UnsupReq", "ACSViol", "UncorrIntErr", "BlockedTLP",
                        "AtomicOpBlocked", "TLPBlockedErr", "PoisonTLPBlocked", "TOTAL_ERR_FATAL")}


def aer(b: NodeBuilder, bdf: str, path: list[str], counts: dict[str, dict[str, int]]) -> None:
    """aer_dev_{correctable,nonfatal,fatal} of a PCI function as drivers/pci/pcie/aer.c prints them."""
    for kind, names in _AER_NAMES.items():
        values = counts.get(kind, {})
        total = sum(values.values())
        lines = [f"{n} {total if n.startswith('TOTAL_') else values.get(n, 0)}" for n in names]
        b.file("sys/devices/" + "/".join(path) + f"/aer_dev_{kind}", "\n".join(lines))


def nvlink_errors(gpus: int, bad: dict[tuple[int, int, str], int]) -> str:
    """`nvidia-smi nvlink -e`: three counters for each of 18 links per GPU; bad[(gpu, link, name)] = n."""
    lines = []
    for g in range(gpus):
        lines.append(f"GPU {g}: NVIDIA H100 80GB HBM3 (UUID: GPU-{g:08x}-0000-0000-0000-000000000000)")
        lines += [f"\t Link {n}: {name}: {bad.get((g, n, name), 0)}" for n in range(18)
                  for name in ("Replay Errors", "Recovery Errors", "CRC Errors")]
    return "\n".join(lines)


def bridges(b: NodeBuilder) -> list[str]:
    return sorted({c for dev in b._pci.values() for c in dev.chain[1:]})


def lspci(b: NodeBuilder, acs: dict[str, str]) -> str:
    """`lspci -vvv -D` blocks of every bridge: ACS capability and control as lspci prints them."""
    out = []
    for bdf in bridges(b):
        out += [f"{bdf} PCI bridge: Broadcom / LSI PEX890xx PCIe Gen 5 Switch (rev b0) (prog-if 00 [Normal decode])",
                "\tControl: I/O+ Mem+ BusMaster+ SpecCycle- MemWINV- VGASnoop- ParErr+ Stepping- SERR+ FastB2B- DisINTx+",
                "\tCapabilities: [100 v1] Device Serial Number 00-80-5e-ff-ff-ff-ff-00",
                "\tCapabilities: [fb4 v1] Access Control Services",
                f"\t\tACSCap:\t{ACS_CAP}", f"\t\tACSCtl:\t{acs.get(bdf, ACS_OFF)}", ""]
    return "\n".join(out)


def config_space(acs_ctl: int) -> bytes:
    """4 KiB of config space: a type-1 header, DSN at 0x100 -> ACS at 0x148 (control word at +6)."""
    data = bytearray(4096)
    data[0:4] = (0xC030 << 16 | 0x1000).to_bytes(4, "little")
    data[0x0A:0x0C] = (0x0604).to_bytes(2, "little")
    data[0x100:0x104] = (0x148 << 20 | 1 << 16 | 0x0003).to_bytes(4, "little")
    data[0x104:0x10C] = bytes.fromhex("00ffffffff5e8000")
    data[0x148:0x14C] = (0 << 20 | 1 << 16 | 0x000D).to_bytes(4, "little")
    data[0x14C:0x14E] = (0x7F).to_bytes(2, "little")
    data[0x14E:0x150] = acs_ctl.to_bytes(2, "little")
    return bytes(data)


def counters(b: NodeBuilder, dev: str, values: dict[str, int]) -> None:
    """PortCounters files of port 1 of `dev`, at the device's real folder (sys/class links point there)."""
    bdf = next(d["bdf"] for d in b._ib if d["name"] == dev)
    base = "sys/devices/" + "/".join([*b._pci[bdf].chain, bdf]) + f"/infiniband/{dev}/ports/1/counters"
    for name in ERROR_COUNTERS:
        b.file(f"{base}/{name}", str(values.get(name, 0)))


def gpu_health(root: Path, index: int, **fields: str) -> None:
    """Add nvidia-smi -q -x health elements to GPU `index` of cmd/nvidia-smi-q-x.xml (as 550-580 write them)."""
    path = root / "cmd" / "nvidia-smi-q-x.xml"
    doc = ET.fromstring(path.read_text())
    gpu = doc.findall("gpu")[index]
    ET.SubElement(gpu, "persistence_mode").text = fields.get("persistence", "Enabled")
    ET.SubElement(gpu, "vbios_version").text = "96.00.74.00.01"
    ET.SubElement(gpu, "gpu_recovery_action").text = fields.get("recovery", "None")
    ecc = ET.SubElement(gpu, "ecc_errors")
    for scope in ("volatile", "aggregate"):
        block = ET.SubElement(ecc, scope)
        for tag in ("sram_correctable", "sram_uncorrectable_parity", "sram_uncorrectable_secded",
                    "dram_correctable", "dram_uncorrectable"):
            ET.SubElement(block, tag).text = fields.get(f"{scope}_{tag}", "0")
    retired = ET.SubElement(gpu, "retired_pages")
    ET.SubElement(retired, "pending_retirement").text = "N/A"
    rows = ET.SubElement(gpu, "remapped_rows")
    for tag, default in (("remapped_row_corr", "0"), ("remapped_row_unc", "0"), ("remapped_row_pending", "No"),
                         ("remapped_row_failure", "No")):
        ET.SubElement(rows, tag).text = fields.get(tag, default)
    fabric = ET.SubElement(gpu, "fabric")
    ET.SubElement(fabric, "state").text = fields.get("fabric_state", "N/A")
    ET.SubElement(fabric, "status").text = fields.get("fabric_status", "N/A")
    ET.SubElement(fabric, "cliqueId").text = "N/A"
    health = ET.SubElement(fabric, "health")
    ET.SubElement(health, "summary").text = fields.get("fabric_health", "N/A")
    ET.SubElement(health, "bandwidth").text = "N/A"
    ET.indent(doc, space="\t")
    path.write_text('<?xml version="1.0" ?>\n' + ET.tostring(doc, encoding="unicode") + "\n")


def healthy_xml(root: Path, gpus: int = 2, **per_gpu: dict[str, str]) -> Path:
    for i in range(gpus):
        gpu_health(root, i, **per_gpu.get(f"gpu{i}", {}))
    return root


def dgx_gpu_subject(i: int) -> dict:
    """The finding subject of GPU i of the DGX-like node (scenario_kit.switch_pair's bus ids)."""
    return gpu_subject(i, switch_pair(DGX_BUSES[i])["gpu"])
