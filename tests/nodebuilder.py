"""NodeBuilder: write a synthetic node snapshot (CONTRACTS.md section 1 layout) from a short description.

The tree looks like the captured trees (tests/data/nodes, see its README "Conventions"):
devices live under sys/devices/pci<dom>:<bus>/<bridge>/.../<bdf>, and sys/bus/pci/devices,
sys/class/infiniband and sys/class/net are links into it (real symlinks, or link files holding the
target with `link_files=True`, as the shared copies have). cmd/nvidia-smi-q-x.xml,
cmd/nvidia-smi-nvlink-s.txt (when GPUs have NVLinks) and cmd/ip-j-addr.json are generated
(tests/nodebuilder_cmd.py).

Defaults give a complete, healthy node; every call returns the builder, so calls chain:

    root = (NodeBuilder(tmp_path, host="n1")
            .gpu("0000:1b:00.0", pci_path=["pci0000:15", "0000:15:01.0", "0000:17:03.0"], numa=0)
            .ib_device("mlx5_0", "0000:18:00.0", pci_path=["pci0000:15", "0000:15:01.0", "0000:17:00.0"],
                       ports=[Port(1, rate="400 Gb/sec (4X NDR)")], netdev="ibp24s0")
            .iface("ibp24s0", ipv4=["192.168.10.17/24"])
            .iface("eno1", ipv4=["10.0.0.5/24"], pci="0000:0a:00.0")
            .module("nvidia_peermem", version="550.90.07").peermem()
            .memlock("unlimited").env(NCCL_IB_HCA="mlx5_0").nccl_version("2.21.5")
            .write())                      # -> Path of the snapshot folder (tmp_path / host)

Methods:
- gpu(bdf, pci_path=None, name=..., numa=0, gen=(cur, max), width=(cur, max), nvlinks=0 | [bool...],
  uuid=None): an NVIDIA GPU in sysfs and in the nvidia-smi XML (index = order of bus ids).
- ib_device(name, bdf, pci_path=None, ports=[Port(1)], netdev=None, numa=0, gen, width, **attrs):
  an RDMA device; attrs override fw_ver, board_id, hca_type, node_type, node_guid, sys_image_guid.
  RoCE ports (link_layer="Ethernet") without gids get the usual table built from the netdev's MAC
  and first IPv4: 0/1 link-local v1/v2, 2/3 IPv4 v1/v2 (see roce_gids()).
- pci_device(bdf, pci_path=None, class_code="0x020000", ...) / bridge(bdf, gen=..., width=...):
  any PCI function, or attributes of a bridge that pci_path chains create implicitly.
- iface(name, ipv4=(), ipv6=(), pci=None, type=None, mtu=None, operstate="up", mac=None,
  speed_mbps=None, in_ip_json=True): a network interface (virtual unless pci or an RDMA netdev).
- module(name, version=None), peermem(nv_mem=True, legacy=False), driver(version, cuda, open_module),
  kernel(release), memlock("unlimited" | bytes, limits=True, ulimit=True), numa_nodes({0: "0-31"}),
  sysctl(max_map_count=..., rmem_max=..., wmem_max=..., numa_balancing=...), os_name(pretty),
  env(**vars), nccl_version(text | None), torch_nccl(text)
- cmd(name, text): raw cmd/<name>; file(rel, text): raw file written last (garbage injection);
  remove(rel): delete a file or folder after writing; meta(**fields): extra meta.json fields.

Every str field of Port is written verbatim (None: file omitted), so malformed values are easy.
"""

from __future__ import annotations

import json
import os
import shutil
from collections.abc import Sequence
from pathlib import Path

from nodebuilder_cmd import ip_entry, render_nvlink_status, render_smi_xml
from nodebuilder_parts import ZERO_GID, Gid, Iface, PciFunction, Port, pci_attrs, roce_gids

__all__ = ["Gid", "NodeBuilder", "Port", "roce_gids"]  # Gid, Port, roce_gids: nodebuilder_parts', for the callers


class NodeBuilder:
    """Collects a node description; write() renders it as a snapshot folder."""

    def __init__(self, base: Path, host: str = "node1", *, link_files: bool = False,
                 captured_at: str = "2026-01-01T00:00:00Z") -> None:
        self.base, self.host, self.link_files, self.captured_at = Path(base), host, link_files, captured_at
        self.root = self.base / host
        self._pci: dict[str, PciFunction] = {}
        self._bridges: dict[str, dict[str, str]] = {}
        self._gpus: list[dict] = []
        self._ib: list[dict] = []
        self._ifaces: dict[str, Iface] = {}
        self._modules: dict[str, str | None] = {}
        self._driver = ("550.90.07", "12.4", True)
        self._kernel = "5.15.0-1056-nvidia"
        self._peermem: tuple[bool, bool] = (False, False)
        self._memlock: tuple[str | int, bool, bool] = ("unlimited", True, True)
        self._numa = {0: "0-31", 1: "32-63"}
        self._sysctl = {"vm/max_map_count": 65530, "net/core/rmem_max": 212992,
                        "net/core/wmem_max": 212992, "kernel/numa_balancing": 1}
        self._os_name = "Ubuntu 22.04.5 LTS"
        self._env: dict[str, str] = {}
        self._cmd: dict[str, str | None] = {"nccl-version.txt": "2.21.5"}
        self._files: dict[str, str] = {}
        self._removed: list[str] = []
        self._meta: dict[str, object] = {}

    # -- description ------------------------------------------------------------------------
    def pci_device(self, bdf: str, pci_path: list[str] | None = None, *, class_code: str = "0x020000",
                   vendor: str = "0x8086", device: str = "0x1572", numa: int = 0,
                   gen: tuple[int, int] = (4, 4), width: tuple[int, int] = (16, 16),
                   driver: str | None = None) -> NodeBuilder:
        chain = [c for c in (pci_path or [f"pci{bdf[:4]}:{bdf[5:7]}"]) if c != bdf]
        attrs = pci_attrs(vendor=vendor, device=device, class_code=class_code, numa=numa, gen=gen, width=width)
        self._pci[bdf] = PciFunction(bdf, chain, attrs, driver)
        return self

    def bridge(self, bdf: str, *, gen: tuple[int, int] = (5, 5), width: tuple[int, int] = (16, 16),
               numa: int = 0, vendor: str = "0x1000", device: str = "0xc030") -> NodeBuilder:
        self._bridges[bdf] = pci_attrs(vendor=vendor, device=device, class_code="0x060400", numa=numa,
                                        gen=gen, width=width)
        return self

    def gpu(self, bdf: str, pci_path: list[str] | None = None, *, name: str = "NVIDIA H100 80GB HBM3",
            numa: int = 0, gen: tuple[int, int] = (5, 5), width: tuple[int, int] = (16, 16),
            nvlinks: int | list[bool] = 0, uuid: str | None = None) -> NodeBuilder:
        self.pci_device(bdf, pci_path, class_code="0x030200", vendor="0x10de", device="0x2330", numa=numa,
                        gen=gen, width=width, driver="nvidia")
        links = [True] * nvlinks if isinstance(nvlinks, int) else list(nvlinks)
        self._gpus.append({"bdf": bdf, "name": name, "gen": gen, "width": width, "nvlinks": links,
                           "uuid": uuid or f"GPU-{len(self._gpus):08x}-0000-0000-0000-{bdf[5:7]}0000000000"})
        return self

    def ib_device(self, name: str, bdf: str, pci_path: list[str] | None = None, *,
                  ports: list[Port] | None = None, netdev: str | None = None, numa: int = 0,
                  gen: tuple[int, int] = (5, 5), width: tuple[int, int] = (16, 16), **attrs: str) -> NodeBuilder:
        ports = ports if ports is not None else [Port(1)]
        roce = any((p.link_layer or "").lower() == "ethernet" for p in ports)
        self.pci_device(bdf, pci_path, class_code="0x020000" if roce else "0x020700", vendor="0x15b3",
                        device="0x1021", numa=numa, gen=gen, width=width, driver="mlx5_core")
        guid = f"b83f:d203:00{len(self._ib):02x}:{int(bdf[5:7], 16):04x}"
        # The functions of one adapter (same domain:bus:device) report the first function's node GUID
        # as sys_image_guid, as ConnectX cards do: NCCL 2.20-2.23 merges ports only when it matches.
        first = next((d for d in self._ib if d["bdf"][:-1] == bdf[:-1]), None)
        system = first["attrs"]["sys_image_guid"] if first else guid
        dev_attrs = {"fw_ver": "28.39.2048", "board_id": "MT_0000000838", "hca_type": "MT4129",
                     "node_type": "1: CA", "node_guid": guid, "sys_image_guid": system, **attrs}
        self._ib.append({"name": name, "bdf": bdf, "ports": ports, "netdev": netdev, "attrs": dev_attrs})
        if netdev:
            spec = self._ifaces.setdefault(netdev, Iface(netdev))
            spec.pci = bdf
            if spec.type is None:
                spec.type = 1 if roce else 32
        return self

    def iface(self, name: str, ipv4: Sequence[str] = (), ipv6: Sequence[str] = (), *, pci: str | None = None,
              **kw: object) -> NodeBuilder:
        spec = self._ifaces.setdefault(name, Iface(name))
        spec.ipv4, spec.ipv6 = list(ipv4), list(ipv6)
        for key, value in kw.items():
            if key not in Iface.__dataclass_fields__:
                raise TypeError(f"iface(): unknown field {key!r}")
            setattr(spec, key, value)
        if pci:
            spec.pci = pci
            if pci not in self._pci:
                self.pci_device(pci, driver="i40e")
        return self

    def module(self, name: str, version: str | None = None) -> NodeBuilder:
        self._modules[name] = version
        return self

    def peermem(self, *, nv_mem: bool = True, legacy: bool = False) -> NodeBuilder:
        self._peermem = (nv_mem, legacy)
        return self

    def driver(self, version: str = "550.90.07", cuda: str = "12.4", *, open_module: bool = True) -> NodeBuilder:
        self._driver = (version, cuda, open_module)
        return self

    def kernel(self, release: str) -> NodeBuilder:
        self._kernel = release
        return self

    def memlock(self, value: str | int, *, limits: bool = True, ulimit: bool = True) -> NodeBuilder:
        """"unlimited" or a soft limit in bytes, in proc/self/limits and/or cmd/ulimit-l.txt (KiB)."""
        self._memlock = (value, limits, ulimit)
        return self

    def numa_nodes(self, nodes: dict[int, str]) -> NodeBuilder:
        self._numa = dict(nodes)
        return self

    def sysctl(self, **values: int) -> NodeBuilder:
        keys = {"max_map_count": "vm/max_map_count", "rmem_max": "net/core/rmem_max",
                "wmem_max": "net/core/wmem_max", "numa_balancing": "kernel/numa_balancing"}
        self._sysctl.update({keys[k]: v for k, v in values.items()})
        return self

    def os_name(self, pretty: str) -> NodeBuilder:
        self._os_name = pretty
        return self

    def env(self, **variables: str) -> NodeBuilder:
        self._env.update(variables)
        return self

    def nccl_version(self, text: str | None) -> NodeBuilder:
        return self.cmd("nccl-version.txt", text)

    def torch_nccl(self, text: str) -> NodeBuilder:
        return self.cmd("torch-nccl.txt", text)

    def cmd(self, name: str, text: str | None) -> NodeBuilder:
        self._cmd[name] = text
        return self

    def file(self, rel: str, text: str) -> NodeBuilder:
        self._files[rel] = text
        return self

    def remove(self, rel: str) -> NodeBuilder:
        self._removed.append(rel)
        return self

    def meta(self, **fields: object) -> NodeBuilder:
        self._meta.update(fields)
        return self

    # -- rendering --------------------------------------------------------------------------
    def write(self) -> Path:
        """Render the snapshot into base/host (replacing it) and return that folder."""
        if self.root.exists():
            shutil.rmtree(self.root)
        self._put("meta.json", json.dumps({"schema": 1, "hostname": self.host,
                                           "captured_at": self.captured_at, **self._meta}))
        dirs = self._write_pci()
        self._write_ib(dirs)
        self._write_net(dirs)
        self._write_os()
        self._write_gpu_cmds()
        for rel, text in self._files.items():
            self._put(rel, text)
        for rel in self._removed:
            target = self.root / rel
            if target.is_dir() and not target.is_symlink():
                shutil.rmtree(target)
            elif target.exists() or target.is_symlink():
                target.unlink()
        return self.root

    def _put(self, rel: str, text: str) -> None:
        path = self.root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text if text.endswith("\n") or not text else text + "\n")

    def _link(self, rel: str, target_rel: str) -> None:
        """Link rel -> target_rel (both root-relative), written relative like sysfs does."""
        path = self.root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        target = os.path.relpath(self.root / target_rel, path.parent)
        if self.link_files:
            path.write_text(target + "\n")
        else:
            path.symlink_to(target)

    def _write_pci(self) -> dict[str, str]:
        dirs: dict[str, str] = {}
        for dev in sorted(self._pci.values(), key=lambda d: d.bdf):
            rel = "sys/devices/" + "/".join([*dev.chain, dev.bdf])
            dirs[dev.bdf] = rel
            for name, value in dev.attrs.items():
                self._put(f"{rel}/{name}", value)
            if dev.driver:
                self._link(f"{rel}/driver", f"sys/bus/pci/drivers/{dev.driver}")
                self._put(f"sys/bus/pci/drivers/{dev.driver}/bind", "")
            self._link(f"{rel}/subsystem", "sys/bus/pci")
            self._link(f"sys/bus/pci/devices/{dev.bdf}", rel)
            numa = int(dev.attrs["numa_node"])
            for depth, bridge in enumerate(dev.chain[1:], start=2):
                brel = "sys/devices/" + "/".join(dev.chain[:depth])
                attrs = self._bridges.get(bridge) or pci_attrs(
                    vendor="0x1000", device="0xc030", class_code="0x060400", numa=numa, gen=(5, 5), width=(16, 16))
                if not (self.root / brel / "class").exists():
                    for name, value in attrs.items():
                        self._put(f"{brel}/{name}", value)
                    self._link(f"sys/bus/pci/devices/{bridge}", brel)
            self._put(f"sys/devices/{dev.chain[0]}/uevent", "")
        return dirs

    def _write_ib(self, dirs: dict[str, str]) -> None:
        for dev in self._ib:
            rel = f"{dirs[dev['bdf']]}/infiniband/{dev['name']}"
            for name, value in dev["attrs"].items():
                self._put(f"{rel}/{name}", value)
            self._link(f"{rel}/device", dirs[dev["bdf"]])
            self._link(f"sys/class/infiniband/{dev['name']}", rel)
            for port in dev["ports"]:
                self._write_port(f"{rel}/ports/{port.num}", port, dev)

    def _write_port(self, prel: str, port: Port, dev: dict) -> None:
        roce = (port.link_layer or "").lower() == "ethernet"
        lid = port.lid or ("0x0" if roce else "0xffff" if (port.state or "").startswith("1") else "0x1")
        for name, value in (("state", port.state), ("phys_state", port.phys), ("rate", port.rate),
                            ("link_layer", port.link_layer), ("lid", lid)):
            if value is not None:
                self._put(f"{prel}/{name}", value)
        gids = port.gids
        if gids is None and roce and dev["netdev"]:
            spec = self._ifaces[dev["netdev"]]
            gids = roce_gids(dev["netdev"], self._mac(spec), spec.ipv4[0] if spec.ipv4 else None)
        if gids is None:
            guid = dev["attrs"]["node_guid"]
            gids = [Gid(f"fe80:0000:0000:0000:{guid}", "IB/RoCE v1"), None, None, None]
        for index, entry in enumerate(gids):
            gid = Gid(entry) if isinstance(entry, str) else entry or Gid(ZERO_GID)
            self._put(f"{prel}/gids/{index}", gid.gid)
            if gid.type is not None:
                self._put(f"{prel}/gid_attrs/types/{index}", gid.type)
            if gid.ndev is not None:
                self._put(f"{prel}/gid_attrs/ndevs/{index}", gid.ndev)

    def _mac(self, spec: Iface) -> str:
        if spec.mac:
            return spec.mac
        n = sorted(self._ifaces).index(spec.name)
        return "00:00:00:00:00:00" if spec.name == "lo" else f"a0:88:c2:12:ab:{n:02x}"

    def _iface_type(self, spec: Iface) -> int:
        return spec.type if spec.type is not None else 772 if spec.name == "lo" else 1

    def _write_net(self, dirs: dict[str, str]) -> None:
        ip_json = []
        # ifindex: lo first, then the order of declaration (NCCL's getifaddrs walk follows it).
        ordered = sorted(self._ifaces.values(), key=lambda s: s.name != "lo")
        for index, spec in enumerate(ordered, start=1):
            rel = f"{dirs[spec.pci]}/net/{spec.name}" if spec.pci else f"sys/devices/virtual/net/{spec.name}"
            up = spec.operstate in ("up", "unknown")
            kind = self._iface_type(spec)
            mtu = spec.mtu or (65536 if kind == 772 else 4092 if kind == 32 else 1500)
            attrs = {"operstate": spec.operstate, "mtu": str(mtu), "type": str(kind), "address": self._mac(spec),
                     "flags": hex(0x9 if kind == 772 else 0x1003 if up else 0x1002), "ifindex": str(index)}
            if spec.speed_mbps is not None:
                attrs["speed"] = str(spec.speed_mbps)
            for name, value in attrs.items():
                self._put(f"{rel}/{name}", value)
            if spec.pci:
                self._link(f"{rel}/device", dirs[spec.pci])
            self._link(f"sys/class/net/{spec.name}", rel)
            if spec.in_ip_json:
                ip_json.append(ip_entry(index=index, name=spec.name, kind=kind, mtu=mtu, operstate=spec.operstate,
                                        mac=self._mac(spec), ipv4=spec.ipv4, ipv6=spec.ipv6))
        if ip_json and "ip-j-addr.json" not in self._cmd:
            self._put("cmd/ip-j-addr.json", json.dumps(ip_json))

    def _write_os(self) -> None:
        version, _, open_module = self._driver
        modules = dict(self._modules)
        if self._gpus:
            modules.setdefault("nvidia", version)
        if self._ib:
            modules.setdefault("mlx5_core", None)
            modules.setdefault("ib_core", None)
        lines = [f"{m} 16384 0 - Live 0xffffffffc0000000 (OE)" for m in modules]
        self._put("proc/modules", "\n".join(lines))
        for name, mod_version in modules.items():
            self._put(f"sys/module/{name}/initstate", "live")
            if mod_version:
                self._put(f"sys/module/{name}/version", mod_version)
        nv_mem, legacy = self._peermem
        for peer in (["nv_mem", "nv_mem_nc"] if nv_mem else []) + (["nvidia-peermem"] if legacy else []):
            self._put(f"sys/kernel/mm/memory_peers/{peer}/version", version)
        self._put("proc/version", f"Linux version {self._kernel} (builder@host) (gcc 11.4.0) #1 SMP")
        if self._gpus:
            kind = "Open Kernel Module" if open_module else "Kernel Module"
            self._put("proc/driver/nvidia/version", f"NVRM version: NVIDIA UNIX {kind} for x86_64  {version}  "
                      "Release Build\nGCC version:  gcc 11.4.0")
        value, limits, ulimit = self._memlock
        if limits:
            soft = str(value)
            self._put("proc/self/limits", "Limit                     Soft Limit           Hard Limit           Units\n"
                      f"Max locked memory         {soft:<20} {soft:<20} bytes")
        if ulimit and "ulimit-l.txt" not in self._cmd:
            self._put("cmd/ulimit-l.txt", "unlimited" if value == "unlimited" else str(int(value) // 1024))
        for key, number in self._sysctl.items():
            self._put(f"proc/sys/{key}", str(number))
        self._put("etc/os-release", f'PRETTY_NAME="{self._os_name}"\nNAME="Ubuntu"\nID=ubuntu')
        for node, cpus in self._numa.items():
            self._put(f"sys/devices/system/node/node{node}/cpulist", cpus)
        self._put("cmd/env.txt", "".join(f"{k}={v}\n" for k, v in self._env.items()))
        for name, text in self._cmd.items():
            if text is not None:
                self._put(f"cmd/{name}", text)

    def _write_gpu_cmds(self) -> None:
        if not self._gpus:
            return
        version, cuda, _ = self._driver
        gpus = sorted(self._gpus, key=lambda g: g["bdf"])
        if "nvidia-smi-q-x.xml" not in self._cmd:
            self._put("cmd/nvidia-smi-q-x.xml", render_smi_xml(gpus, version, cuda))
        nvlinks = render_nvlink_status(gpus)
        if nvlinks and "nvidia-smi-nvlink-s.txt" not in self._cmd:
            self._put("cmd/nvidia-smi-nvlink-s.txt", nvlinks)
