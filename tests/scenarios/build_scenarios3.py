#!/usr/bin/env python3
"""Third round of node scenarios: the round-two node checks (ACS, IOMMU, NVSwitch fabric, XID, ECC
and row remapping, NVLinks, IB port counters, /dev/shm and RemoveIPC, firewalls, verbs in a
container, net plugins, NCCL variable names and config files).

Every source is written in the format the kernel or the tool writes it (scenario_sources.py writes most): `lspci -vvv` ACSCtl lines,
PCI config space with the ACS extended capability (id 0x000D, control word at +6), IOMMU group
links and `type` files, `nvidia-smi -q -x` elements (<fabric>, <ecc_errors>, <remapped_rows>,
<gpu_recovery_action>, <persistence_mode>), `NVRM: Xid` dmesg lines, PortCounters files of one
decimal number, proc/mounts, logind.conf, `iptables-save` and `nft list ruleset` output.

usage: NCCLKIT_NODES_OUT=DIR python tests/scenarios/build_scenarios3.py [NAME...]   (no name: all)
The tests build them into a temporary folder (tests/scenarios/test_scenarios3.py).
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from scenario_kit import DGX_BUSES, NODE_IDS, build_named, switch_pair
from nodebuilder import NodeBuilder  # tests/ is on the path once scenario_kit is imported
from scenario_sources import (  # config_space: the probe tests' too
    TARGET,
    aer,
    bridges,
    config_space,
    counters,
    dgx_gpu_subject,
    healthy_xml,
    lspci,
    node,
    nvlink_errors,
)


NEW_IDS = ("pcie.acs_enabled", "pcie.iommu_translated", "pcie.aer_errors", "gpu.fabric_not_ready", "gpu.fabric_manager_inactive",
           "gpu.xid", "gpu.ecc_uncorrectable", "gpu.memory_repair_pending", "gpu.row_remap_failed",
           "gpu.recovery_action", "gpu.persistence_off", "nvlink.inactive", "nvlink.errors", "ib.link_flaps", "ib.port_errors",
           "os.shm_small", "os.remove_ipc", "net.firewall_ephemeral_blocked", "net.firewall_master_blocked",
           "rdma.verbs_unavailable", "nccl.net_plugin_missing", "env.name_misspelled", "env.name_removed",
           "env.conf_file_missing", "env.socket_buffer_capped")
ALL_IDS = NODE_IDS + NEW_IDS

ACS_ON = "SrcValid+ TransBlk- ReqRedir+ CmpltRedir+ UpstreamFwd+ EgressCtrl- DirectTrans-"
SHM_DOCKER = "shm /dev/shm tmpfs rw,nosuid,nodev,noexec,relatime,size=65536k 0 0"


def expect3(must: list[dict], allow: tuple[str, ...] = ()) -> dict:
    ids = {m["id"] for m in must}
    return {"must": must, "must_not": [i for i in ALL_IDS if i not in ids and i not in allow], "env_expect": {}}


# -- scenarios ------------------------------------------------------------------------------------------
def health_ok() -> dict:
    """Every new source present and healthy, ACS off, IOMMU passthrough: nothing new may fire."""
    b = node("node2-healthy")
    root = b.write()
    _iommu(root, b, "identity")
    healthy_xml(root)
    return expect3([])


def _iommu(root: Path, b: NodeBuilder, kind: str) -> None:
    for n, bdf in enumerate(sorted(b._pci)):
        dev = root / "sys" / "devices" / "/".join([*b._pci[bdf].chain, bdf])
        group = root / "sys" / "kernel" / "iommu_groups" / str(n)
        group.mkdir(parents=True, exist_ok=True)
        (group / "type").write_text(kind + "\n")
        (dev / "iommu_group").write_text(f"{'../' * (len(b._pci[bdf].chain) + 2)}kernel/iommu_groups/{n}\n")


def acs_lspci() -> dict:
    """ACS redirect on the switch's downstream ports above GPU0 and mlx5_0 (lspci -vvv as root); the
    root port's ACS (needed for IOMMU isolation, crossed anyway) is also on and must not matter."""
    b = node("pcie-acs-lspci")
    sw = switch_pair(DGX_BUSES[0])
    b.cmd("lspci-vvv.txt", lspci(b, {sw["dn_gpu"]: ACS_ON, sw["dn_nic"]: ACS_ON, sw["root_port"]: ACS_ON,
                                     switch_pair(DGX_BUSES[1])["root_port"]: ACS_ON}))
    healthy_xml(b.write())
    return expect3([{"id": "pcie.acs_enabled", "subject": sw["dn_gpu"], "subject_alt": [sw["dn_nic"]]}])


def acs_root_ports() -> dict:
    """ACS on every root port only (usual for IOMMU isolation): each GPU reaches its NIC inside its
    switch, and cross-switch traffic crosses the root complex anyway: nothing to report."""
    b = node("pcie-acs-root-ports-only")
    b.cmd("lspci-vvv.txt", lspci(b, {switch_pair(DGX_BUSES[i])["root_port"]: ACS_ON for i in range(2)}))
    healthy_xml(b.write())
    return expect3([])


def acs_upstream() -> dict:
    """ACS redirect set on the switch's upstream port above GPU1 and mlx5_1 (a platform script that
    set it on every bridge): reported, with the downstream ports clean."""
    b = node("pcie-acs-switch-upstream")
    sw = switch_pair(DGX_BUSES[1])
    b.cmd("lspci-vvv.txt", lspci(b, {sw["upstream"]: ACS_ON}))
    healthy_xml(b.write())
    return expect3([{"id": "pcie.acs_enabled", "subject": sw["upstream"]}])


def acs_config() -> dict:
    """The same from raw config space (root read of sys/bus/pci/devices/<bdf>/config), no lspci."""
    b = node("pcie-acs-config")
    b.cmd("lspci-vvv.txt", None)
    root = b.write()
    (root / "cmd" / "lspci-vvv.txt").unlink(missing_ok=True)
    sw = switch_pair(DGX_BUSES[1])
    for bdf in bridges(b):
        dev = next(d for d in (root / "sys" / "devices").rglob(bdf) if d.is_dir())
        (dev / "config").write_bytes(config_space(0x001D if bdf == sw["dn_nic"] else 0x0000))
    healthy_xml(root)
    return expect3([{"id": "pcie.acs_enabled", "subject": sw["dn_nic"]}])


def iommu_dma() -> dict:
    """Translated IOMMU domains (DMA-FQ, the default with intel_iommu=on and no iommu=pt)."""
    b = node("pcie-iommu-dma-fq").file("proc/cmdline", "BOOT_IMAGE=/vmlinuz-5.15.0 root=/dev/sda1 ro intel_iommu=on")
    root = b.write()
    _iommu(root, b, "DMA-FQ")
    healthy_xml(root)
    return expect3([{"id": "pcie.iommu_translated", "subject": "IOMMU"}])


def aer_errors() -> dict:
    """mlx5_1 logged 2 non-fatal completion timeouts; the switch port above GPU0 replays (BadTLP,
    BadDLLP by thousands); a handful of correctable errors on GPU1 is normal noise."""
    b = node("pcie-aer-nic-nonfatal")
    sw0, sw1 = switch_pair(DGX_BUSES[0]), switch_pair(DGX_BUSES[1])
    aer(b, sw1["nic"], [*sw1["nic_path"], sw1["nic"]], {"nonfatal": {"CmpltTO": 2}})
    aer(b, sw0["dn_gpu"], sw0["gpu_path"], {"correctable": {"BadTLP": 3120, "BadDLLP": 1877}})
    aer(b, sw1["gpu"], [*sw1["gpu_path"], sw1["gpu"]], {"correctable": {"RxErr": 3}})
    healthy_xml(b.write())
    return expect3([{"id": "pcie.aer_errors", "subject": sw1["nic"]},
                    {"id": "pcie.aer_errors", "subject": sw0["dn_gpu"]}])


def fabric_in_progress() -> dict:
    """HGX board: 4 NVSwitches on the bus, Fabric Manager inactive, GPU fabric state In Progress."""
    b = node("nvswitch-fm-down").cmd("systemctl-is-active-nvidia-fabricmanager.txt", "inactive")
    for i in range(4):
        b.pci_device(f"0000:{0x05 + i:02x}:00.0", class_code="0x068000", vendor="0x10de", device="0x22a3")
    healthy_xml(b.write(), gpu0={"fabric_state": "In Progress", "fabric_status": "N/A"},
                gpu1={"fabric_state": "In Progress", "fabric_status": "N/A"})
    return expect3([{"id": "gpu.fabric_not_ready", **dgx_gpu_subject(0)}, {"id": "gpu.fabric_manager_inactive", "subject": None}])


def fabric_failed() -> dict:
    """Fabric Manager running, but one GPU's registration completed with an error status."""
    b = node("nvswitch-fabric-failed").cmd("systemctl-is-active-nvidia-fabricmanager.txt", "active")
    for i in range(4):
        b.pci_device(f"0000:{0x05 + i:02x}:00.0", class_code="0x068000", vendor="0x10de", device="0x22a3")
    healthy_xml(b.write(), gpu0={"fabric_state": "Completed", "fabric_status": "Success"},
                gpu1={"fabric_state": "Completed", "fabric_status": "NVML_ERROR_INSUFFICIENT_RESOURCES"})
    return expect3([{"id": "gpu.fabric_not_ready", **dgx_gpu_subject(1)}])


def xid_remap() -> dict:
    """GPU1: XID 79 (fallen off the bus) and 63, 2 volatile DRAM uncorrectable errors, a pending row
    remap; GPU0 only an application XID 13 (info), persistence off on both."""
    g0, g1 = switch_pair(DGX_BUSES[0])["gpu"], switch_pair(DGX_BUSES[1])["gpu"]
    b = node("gpu-xid79-remap-pending").cmd("dmesg.txt", "\n".join([
        f"[ 8812.113401] NVRM: Xid (PCI:{g0[:-2]}): 13, pid=48211, name=python, Graphics Exception: ESR 0x50da30=0x1000e",
        f"[91245.552190] NVRM: Xid (PCI:{g1[:-2]}): 63, pid=51002, name=python, Row Remapper: New row (0x000000000f3a1c80) marked for remapping, reset gpu to activate.",
        f"[91302.000117] NVRM: Xid (PCI:{g1[:-2]}): 79, pid=51002, name=python, GPU has fallen off the bus.",
        "[91302.000200] NVRM: GPU 0000:3e:00.0: GPU has fallen off the bus."]))
    healthy_xml(b.write(), gpu0={"persistence": "Disabled"},
                gpu1={"persistence": "Disabled", "volatile_dram_uncorrectable": "2",
                      "aggregate_dram_uncorrectable": "2", "remapped_row_unc": "1", "remapped_row_pending": "Yes"})
    return expect3([{"id": "gpu.xid", **dgx_gpu_subject(1)}, {"id": "gpu.ecc_uncorrectable", **dgx_gpu_subject(1)},
                    {"id": "gpu.memory_repair_pending", **dgx_gpu_subject(1)}, {"id": "gpu.persistence_off", "subject": None}])


def remap_failed_reset() -> dict:
    """GPU0: row remapping failed and the driver asks for a reset."""
    b = node("gpu-remap-failed-reset")
    healthy_xml(b.write(), gpu0={"remapped_row_failure": "Yes", "recovery": "Reset"})
    return expect3([{"id": "gpu.row_remap_failed", **dgx_gpu_subject(0)}, {"id": "gpu.recovery_action", **dgx_gpu_subject(0)}])


def nvlink_down() -> dict:
    """8 H100 SXM; GPU3 has 6 of its 18 NVLinks inactive."""
    b = node("nvlink-gpu3-six-down", gpus=8, gpu_kw={3: {"nvlinks": [True] * 12 + [False] * 6}})
    healthy_xml(b.write(), gpus=8)
    return expect3([{"id": "nvlink.inactive", **dgx_gpu_subject(3)}])


def nvlink_errors_gpu1() -> dict:
    """GPU1's link 4 replays and fails CRC; GPU0 is registered on a fabric whose health is Limited
    Capacity (an NVSwitch tray down)."""
    b = node("nvlink-errors-fabric-degraded")
    b.cmd("nvidia-smi-nvlink-e.txt", nvlink_errors(2, {(1, 4, "Replay Errors"): 37, (1, 4, "CRC Errors"): 12,
                                                       (0, 2, "Replay Errors"): 1}))
    healthy_xml(b.write(), gpu0={"fabric_state": "Completed", "fabric_status": "Success",
                                 "fabric_health": "Limited Capacity"})
    return expect3([{"id": "nvlink.errors", **dgx_gpu_subject(1)}, {"id": "gpu.fabric_not_ready", **dgx_gpu_subject(0)}])


def counters_interval() -> dict:
    """mlx5_1:1 flapping right now: link_downed +2 and symbol errors rising over a 3 s sample."""
    b = node("ib-counters-flapping")
    before = {"symbol_error": 1180, "link_error_recovery": 7, "link_downed": 4, "port_rcv_errors": 311}
    after = {"symbol_error": 1466, "link_error_recovery": 9, "link_downed": 6, "port_rcv_errors": 402}
    counters(b, "mlx5_1", after)
    b.cmd("ib-counters.json", json.dumps({"interval_s": 3.0, "before": {
        "mlx5_0:1": {"symbol_error": 0, "link_downed": 0}, "mlx5_1:1": before}}))
    healthy_xml(b.write())
    return expect3([{"id": "ib.link_flaps", "subject": "mlx5_1:1"}, {"id": "ib.port_errors", "subject": "mlx5_1:1"}])


def counters_boot() -> dict:
    """One reading: mlx5_0:1 went down 3 times and counted 65535 (saturated) symbol errors in 2 days."""
    b = node("ib-counters-since-boot")
    counters(b, "mlx5_0", {"symbol_error": 65535, "link_downed": 3, "link_error_recovery": 255})
    counters(b, "mlx5_1", {"symbol_error": 3, "port_xmit_discards": 12})  # small, normal noise
    healthy_xml(b.write())
    return expect3([{"id": "ib.link_flaps", "subject": "mlx5_0:1"}, {"id": "ib.port_errors", "subject": "mlx5_0:1"}])


def docker_shm() -> dict:
    """A container with Docker's default 64 MiB /dev/shm on a host whose logind removes IPC."""
    b = node("docker-shm-64m-removeipc").file("proc/mounts", SHM_DOCKER)
    b.file("etc/systemd/logind.conf", "[Login]\n#RemoveIPC=yes\n")
    b.file("etc/systemd/logind.conf.d/50-site.conf", "[Login]\nRemoveIPC=yes\n")
    healthy_xml(b.write())
    return expect3([{"id": "os.shm_small", "subject": "/dev/shm"}, {"id": "os.remove_ipc", "subject": "RemoveIPC"}])


def firewall_master_only() -> dict:
    """iptables: INPUT policy DROP, ssh and MASTER_PORT 29500 open, NCCL's ephemeral range closed."""
    b = node("firewall-master-port-only").env(MASTER_PORT="29500", MASTER_ADDR="10.0.0.17")
    b.cmd("iptables-save.txt", "\n".join([
        "# Generated by iptables-save v1.8.7 on Tue Dec  1 10:12:01 2026", "*filter",
        ":INPUT DROP [118:9233]", ":FORWARD DROP [0:0]", ":OUTPUT ACCEPT [5120:712004]",
        "-A INPUT -i lo -j ACCEPT", "-A INPUT -m conntrack --ctstate RELATED,ESTABLISHED -j ACCEPT",
        "-A INPUT -p icmp -j ACCEPT", "-A INPUT -p tcp -m tcp --dport 22 -j ACCEPT",
        "-A INPUT -p tcp -m tcp --dport 29500 -j ACCEPT", "COMMIT", "# Completed on Tue Dec  1 10:12:01 2026"]))
    healthy_xml(b.write())
    return expect3([{"id": "net.firewall_ephemeral_blocked", "subject": "ip_local_port_range"}])


def _closed_iptables(master_addr: str) -> NodeBuilder:
    b = node(f"firewall-closed-master-{master_addr}").env(MASTER_PORT="29500", MASTER_ADDR=master_addr)
    b.cmd("iptables-save.txt", "\n".join([
        "*filter", ":INPUT DROP [40:2810]", ":FORWARD DROP [0:0]", ":OUTPUT ACCEPT [812:90114]",
        "-A INPUT -i lo -j ACCEPT", "-A INPUT -m conntrack --ctstate RELATED,ESTABLISHED -j ACCEPT",
        "-A INPUT -p tcp -m tcp --dport 22 -j ACCEPT", "COMMIT"]))
    return b


def firewall_closed_on_master() -> dict:
    """MASTER_ADDR is this node's own eno1 address and INPUT drops everything but ssh: the
    rendezvous port is closed where the store listens."""
    healthy_xml(_closed_iptables("10.0.0.17").write())
    return expect3([{"id": "net.firewall_ephemeral_blocked", "subject": "ip_local_port_range"},
                    {"id": "net.firewall_master_blocked", "subject": "MASTER_PORT=29500"}])


def firewall_closed_off_master() -> dict:
    """The same firewall on a node whose MASTER_ADDR is another host: only the ephemeral range matters
    here (no store listens on MASTER_PORT on this node)."""
    healthy_xml(_closed_iptables("10.0.0.1").write())
    return expect3([{"id": "net.firewall_ephemeral_blocked", "subject": "ip_local_port_range"}])


def nft_reject() -> dict:
    """nftables (firewalld-like): an accept for 29500 and a final reject in the input chain."""
    b = node("firewall-nft-reject").cmd("iptables-save.txt", None)
    b.cmd("nft-ruleset.txt", "\n".join([
        "table inet filter {", "\tchain input {", "\t\ttype filter hook input priority filter; policy accept;",
        '\t\tiifname "lo" accept', "\t\tct state established,related accept", "\t\tct state invalid drop",
        "\t\ttcp dport { 22, 29500 } accept", "\t\tudp dport 53 accept",
        "\t\treject with icmpx type admin-prohibited", "\t}", "}"]))
    root = b.write()
    (root / "cmd" / "iptables-save.txt").unlink(missing_ok=True)
    healthy_xml(root)
    return expect3([{"id": "net.firewall_ephemeral_blocked", "subject": "ip_local_port_range"}])


def nft_open() -> dict:
    """nftables with policy drop that accepts the cluster subnet: NCCL's ports are reachable."""
    b = node("firewall-nft-subnet-ok").cmd("iptables-save.txt", None)
    b.cmd("nft-ruleset.txt", "\n".join([
        "table inet filter {", "\tchain input {", "\t\ttype filter hook input priority filter; policy drop;",
        '\t\tiif "lo" accept', "\t\tct state { established, related } accept",
        "\t\tip saddr 10.0.0.0/16 accept", "\t\ttcp dport 22 accept", "\t}", "}"]))
    root = b.write()
    (root / "cmd" / "iptables-save.txt").unlink(missing_ok=True)
    healthy_xml(root)
    return expect3([])


def no_uverbs() -> dict:
    """A container started without --device=/dev/infiniband: sysfs shows the HCAs, no uverbs nodes."""
    b = node("container-no-uverbs").cmd("rdma-userspace.json", json.dumps(
        {"uverbs": [], "libibverbs": "/usr/lib/x86_64-linux-gnu/libibverbs.so.1.14.50.0",
         "providers": ["libmlx5-rdmav34.so"]}))
    healthy_xml(b.write())
    return expect3([{"id": "rdma.none", "subject": "NET/IB"}])


def no_provider() -> dict:
    """An image with libibverbs but without ibverbs-providers: the HCAs and device nodes are there,
    libibverbs lists no device."""
    b = node("image-no-verbs-provider").cmd("rdma-userspace.json", json.dumps(
        {"uverbs": ["uverbs0", "uverbs1"], "libibverbs": "/usr/lib/x86_64-linux-gnu/libibverbs.so.1.14.50.0",
         "providers": []}))
    healthy_xml(b.write())
    return expect3([{"id": "rdma.verbs_unavailable", "subject": "/dev/infiniband"}])


def plugin_missing() -> dict:
    """NCCL_NET_PLUGIN=ofi (aws-ofi-nccl) on a node where no libnccl-net-ofi.so is installed."""
    b = node("net-plugin-missing", nccl="2.23.4").env(NCCL_NET_PLUGIN="ofi")
    healthy_xml(b.write())
    return expect3([{"id": "nccl.net_plugin_missing", "subject": "NCCL_NET_PLUGIN"}])


def conf_typos() -> dict:
    """/etc/nccl.conf sets a misspelled NCCL_SOCKET_IFNAMES; the job exports NCCL_LL_THRESHOLD=0."""
    b = node("env-conf-typos").env(NCCL_LL_THRESHOLD="0")
    b.file("etc/nccl.conf", "# site defaults\nNCCL_DEBUG=WARN\nNCCL_SOCKET_IFNAMES=eno1\n")
    healthy_xml(b.write())
    return expect3([{"id": "env.name_misspelled", "subject": "NCCL_SOCKET_IFNAMES"},
                    {"id": "env.name_removed", "subject": "NCCL_LL_THRESHOLD"}])


def socket_buffers() -> dict:
    """A socket-transport node asking NCCL for 16 MiB socket buffers with the kernel's 208 KiB caps."""
    b = node("env-socket-buffer-capped").env(NCCL_SOCKET_SNDBUF="16777216", NCCL_SOCKET_RCVBUF="16777216")
    b.sysctl(rmem_max=212992, wmem_max=212992)
    healthy_xml(b.write())
    return expect3([{"id": "env.socket_buffer_capped", "subject": "NCCL_SOCKET_RCVBUF"},
                    {"id": "env.socket_buffer_capped", "subject": "NCCL_SOCKET_SNDBUF"}])


def conf_missing() -> dict:
    """NCCL_CONF_FILE names a file that is not there (NCCL skips it silently)."""
    b = node("env-conf-file-missing").env(NCCL_CONF_FILE="/opt/site/nccl.conf")
    healthy_xml(b.write())
    return expect3([{"id": "env.conf_file_missing", "subject": "NCCL_CONF_FILE"}])


SCENARIOS: dict[str, Callable[[], dict]] = {
    "node2-healthy": health_ok,
    "pcie-acs-lspci": acs_lspci,
    "pcie-acs-config": acs_config,
    "pcie-acs-root-ports-only": acs_root_ports,
    "pcie-acs-switch-upstream": acs_upstream,
    "pcie-iommu-dma-fq": iommu_dma,
    "pcie-aer-nic-nonfatal": aer_errors,
    "nvswitch-fm-down": fabric_in_progress,
    "nvswitch-fabric-failed": fabric_failed,
    "gpu-xid79-remap-pending": xid_remap,
    "gpu-remap-failed-reset": remap_failed_reset,
    "nvlink-gpu3-six-down": nvlink_down,
    "nvlink-errors-fabric-degraded": nvlink_errors_gpu1,
    "ib-counters-flapping": counters_interval,
    "ib-counters-since-boot": counters_boot,
    "docker-shm-64m-removeipc": docker_shm,
    "firewall-master-port-only": firewall_master_only,
    "firewall-closed-master-10.0.0.17": firewall_closed_on_master,
    "firewall-closed-master-10.0.0.1": firewall_closed_off_master,
    "firewall-nft-reject": nft_reject,
    "firewall-nft-subnet-ok": nft_open,
    "container-no-uverbs": no_uverbs,
    "image-no-verbs-provider": no_provider,
    "net-plugin-missing": plugin_missing,
    "env-conf-typos": conf_typos,
    "env-conf-file-missing": conf_missing,
    "env-socket-buffer-capped": socket_buffers,
}


def build_all(out: Path, names: list[str] | None = None) -> dict[str, dict]:
    """Build the scenarios into `out` (each in out/<name>/ with expected.json); name -> expected."""
    TARGET["out"] = out
    result = {}
    for name in names or list(SCENARIOS):
        expected = SCENARIOS[name]()
        (out / name / "expected.json").write_text(json.dumps(expected, indent=2) + "\n")
        result[name] = expected
    return result


def main(argv: list[str]) -> int:
    return build_named(SCENARIOS, argv)


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
