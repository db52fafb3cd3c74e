"""The network facts of NCCL's INFO lines, for LogState (nccl_log_state.py): the IB devices and the interfaces NCCL
uses (NET/IB, NET/Socket, Bootstrap), whether GPUDirect RDMA is on per GPU and NIC and why not, the NIC's speed and
the net plugin it loaded. A mixin: LogState owns the attributes it fills.
"""

from __future__ import annotations

import re

__all__ = ["MAX_GDR_REASONS", "MAX_IB_DEVICES", "NetFacts"]

MAX_GDR_REASONS = 16
MAX_IB_DEVICES = 64

_SPEED = re.compile(r"speed=(\d+)")
# "[0]mlx5_0:1/IB", "[8]mlx5_bond_0:1/RoCE": a device, its port and (2.4+) its link layer.
_IB_DEV = re.compile(r"\[\d+\]\s*([\w.+\-]+:\d+(?:/(?:IB|RoCE)\b)?)")
_GDR_REASON = re.compile(r"GPU Direct RDMA Disabled for (.*)")
# An interface listed with an IPv6 link-local address only ("ib0:fe80::a288:c203:d2:aaf2%ib0<0>"): NCCL took it when
# it had no other address, and only that link reaches it (NVIDIA/nccl#1291); IPv4's link-local 169.254.0.0/16 alike
# (AWS Batch's per-host "ecs-eth0:169.254.172.2", NVIDIA/nccl#859: the peers' connects were refused).
_LINK_LOCAL = re.compile(r"(?:Using |\s)(?:\[\d+\])?([A-Za-z][\w.\-]*):(?:fe80:[0-9a-fA-F:]*(?:%[\w.\-]+)?|"
                         r"169\.254\.\d+\.\d+)<\d+>")
_IFACE = re.compile(r"(?:Using |\s)(?:\[\d+\])?([A-Za-z][\w.\-]*):[0-9a-fA-F.:%\w\-]*<\d+>")
# An interface with its IPv4 address: one interface name listed with two addresses is two machines (NCCL takes an
# interface's first address, the same in every process of a node; misc/socket.cc findInterfaces).
_IFACE_V4 = re.compile(r"(?:Using |\s)(?:\[\d+\])?([A-Za-z][\w.\-]*):(\d{1,3}(?:\.\d{1,3}){3})<\d+>")


class NetFacts:
    """What NCCL's NET/, Bootstrap, GPU Direct RDMA and NIC-distance INFO lines add (LogState's attributes)."""

    ib_devices: list[str]
    socket_devices: bool
    socket_ifaces: list[str]
    link_local_ifaces: set[str]
    iface_v4: dict[str, set[str]]
    no_ib_device: bool
    gdr_disabled: list[str]
    gdr_enabled_lines: int
    nic_speed_mbps: int | None
    plugins: set[str]

    def _net_line(self, rest: str, count: int) -> None:
        if rest.startswith("NET/IB") and "Using [" in rest:
            devs, _, oob = rest.partition(";")
            found = _IB_DEV.findall(devs)
            if found and len(self.ib_devices) < MAX_IB_DEVICES:
                self.ib_devices.extend(d for d in found if d not in self.ib_devices)
            # "; OOB ib0:10.0.0.1<0>": NET/IB's out-of-band socket takes the interface NCCL_SOCKET_IFNAME
            # selects, as bootstrap does (net_ib.cc ncclIbInit -> ncclFindInterfaces).
            self._ifaces(oob)
        elif (rest.startswith("NET/Socket") and "Using [" in rest) or rest.startswith("NET : Using interface"):
            # "NET : Using interface eth0:10.0.0.1<0>", one line an interface: NCCL 2.3 and older.
            self.socket_devices = True
            self._ifaces(rest)
        elif "No device found" in rest:
            self.no_ib_device = True
        elif "GPU Direct RDMA" in rest:
            # TCP transports print "GPU Direct RDMA Disabled for HCA 0 'eth0'" for every interface on every run, as
            # they never can do GDR: Google's FastSocket plugin (nccl#1519) and NCCL's own NET/Socket (its
            # properties offer host pointers only; nccl#901), so that line says nothing about peer memory.
            if not rest.startswith(("NET/FastSocket", "NET/Socket")):
                self._gdr_line(rest, count)
        elif "speed=" in rest:
            m = _SPEED.search(rest)
            if m:
                self.nic_speed_mbps = max(self.nic_speed_mbps or 0, int(m.group(1)))
        elif (rest.startswith("NET/Plugin") and ("Loaded net plugin" in rest or "Using" in rest)
              and "internal" not in rest):  # "Using internal network plugin." (2.21-2.25) names none
            self.plugins.add(rest.split(":", 1)[-1].strip()[:80])

    def _ifaces(self, rest: str) -> None:
        """Interfaces of "Bootstrap : Using [0]eth0:10.0.0.1<0> [1]veth1:fe80::..<0>" (and NET/Socket's)."""
        for name in _IFACE.findall(rest):
            if name not in self.socket_ifaces and len(self.socket_ifaces) < 16:
                self.socket_ifaces.append(name)
        self.link_local_ifaces.update(_LINK_LOCAL.findall(rest)[:16])
        for name, addr in _IFACE_V4.findall(rest):
            if name in self.iface_v4 or len(self.iface_v4) < 16:
                addrs = self.iface_v4.setdefault(name, set())
                if len(addrs) < 16:
                    addrs.add(addr)

    def _nic_distance(self, rest: str) -> None:
        """2.4's "CUDA Dev 0[0], IB NIC distance :  PHB" (transport/net.cc netDevices): GDR only below PHB (its
        NCCL_NET_GDR_LEVEL default, netGetGdrSupport "distance >= netGdrLevel"), so a GPU whose every NIC is PHB or
        farther runs without it, for its placement; the GDR lines saying so print only with NCCL_DEBUG_SUBSYS=NET."""
        gpu, _, dists = rest.partition(", ")
        far = dists.partition(":")[2].split()
        if far and all(d in ("PHB", "SOC", "SYS", "NODE") for d in far) and len(self.gdr_disabled) < MAX_GDR_REASONS:
            reason = f"GPU {gpu.removeprefix('CUDA Dev ')} / every NIC (distance {far[0]} >= PHB)"
            if reason not in self.gdr_disabled:
                self.gdr_disabled.append(reason)

    def _gdr_line(self, rest: str, count: int) -> None:
        if "Disabled" in rest:
            m = _GDR_REASON.search(rest)
            if m:
                if len(self.gdr_disabled) < MAX_GDR_REASONS and m.group(1) not in self.gdr_disabled:
                    self.gdr_disabled.append(m.group(1).strip())
            else:
                take = min(count, MAX_GDR_REASONS - len(self.gdr_disabled))
                self.gdr_disabled.extend([rest.strip()[:160]] * max(take, 0))
        elif "Enabled" in rest:
            self.gdr_enabled_lines += count
