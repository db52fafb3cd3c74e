"""Every node rule fires on its scenario (facts built in code) and is quiet on the healthy node."""

from __future__ import annotations

from dataclasses import replace

import pytest

from doctor_facts import GPU0, NIC0, healthy, ib_port, ids, pci, roce_gids, with_pci, with_port
from ncclkit.facts import IbDevice, NetIface, OsFacts, PeerMemFacts, ProbeIssue
from ncclkit.findings import Severity
from ncclkit.rules import RULES, run_rules
from ncclkit.rules.gdr import check_gdr_distance, check_gdr_unavailable, check_peermem_version
from ncclkit.rules.gpu import check_driver_missing, check_gpu_none
from ncclkit.rules.os import check_memlock
from ncclkit.rules.pcie import check_link_degraded
from ncclkit.rules.probe import check_nccl_version, check_probe_issues
from ncclkit.rules.rdma import (check_ipoib_missing, check_port_down, check_rate_mismatch, check_rdma_none,
                                check_roce_gid_missing)
from ncclkit.rules.topo import check_flattened


@pytest.mark.parametrize("rule", RULES, ids=lambda r: r.__name__)
def test_each_rule_quiet_on_healthy(rule):
    assert rule(healthy()) == []


def test_run_rules_healthy_is_empty_and_sorted_on_broken():
    assert run_rules(healthy()) == []
    broken = with_port(healthy(), "mlx5_1", ib_port("mlx5_1", active=False))
    broken = replace(broken, os=OsFacts(memlock_unlimited=False, memlock_soft_bytes=65536),
                     nccl=replace(broken.nccl, version=None))
    found = run_rules(broken)
    sev = [f.severity for f in found]
    assert sev == sorted(sev, key=[Severity.ERROR, Severity.WARNING, Severity.INFO].index)
    assert {"ib.port_down", "os.memlock_low", "nccl.version_unknown"} <= set(ids(found))
    for f in found:
        assert f.fix and f.message and set(f.to_json()) == {"id", "severity", "subject", "message",
                                                            "evidence", "fix", "cause"}


def test_gpu_none():
    (f,) = check_gpu_none(replace(healthy(), gpus=()))
    assert (f.id, f.severity, f.subject) == ("gpu.none", Severity.ERROR, "GPU")


def test_driver_missing_only_for_sysfs_gpus_without_module():
    base = healthy()
    sysfs_only = replace(base, gpu_source="sysfs", os=replace(base.os, modules=("mlx5_ib", "ib_core")))
    (f,) = check_driver_missing(sysfs_only)
    assert (f.id, f.severity, f.subject) == ("gpu.driver_missing", Severity.ERROR, "GPU0,GPU1")
    assert GPU0 in f.message and "modprobe nvidia" in f.fix
    # Module loaded (nvidia-smi merely not captured), or module list unknown: nothing to say.
    assert check_driver_missing(replace(sysfs_only, os=base.os)) == []
    assert check_driver_missing(replace(sysfs_only, os=replace(base.os, modules=()))) == []


def test_rdma_none_no_devices_and_all_ports_down():
    (f,) = check_rdma_none(replace(healthy(), ib_devices=()))
    assert (f.id, f.severity) == ("rdma.none", Severity.WARNING)
    down = with_port(with_port(healthy(), "mlx5_0", ib_port("mlx5_0", active=False)),
                     "mlx5_1", ib_port("mlx5_1", active=False))
    assert "no ACTIVE port" in check_rdma_none(down)[0].message


def test_port_down_subject_and_polling_hint():
    facts = with_port(healthy(), "mlx5_1", ib_port("mlx5_1", active=False))
    (f,) = check_port_down(facts)
    assert (f.id, f.subject, f.severity) == ("ib.port_down", "mlx5_1:1", Severity.ERROR)
    assert f.evidence["observed"] == "DOWN / Polling" and f.evidence["expected"] == "ACTIVE / LinkUp"
    assert f.evidence["source"].endswith("mlx5_1/ports/1/state")
    assert "mlxlink -d mlx5_1 -p 1" in f.fix and "cable" in f.fix
    # ACTIVE but phys_state not LinkUp is also down (contract: "or its physical state is not LinkUp").
    odd = replace(ib_port("mlx5_0"), phys_state="Disabled", phys_state_id=3)
    assert ids(check_port_down(with_port(healthy(), "mlx5_0", odd))) == ["ib.port_down"]


def test_rate_mismatch_only_active_same_link_layer():
    slow = with_port(healthy(), "mlx5_1", ib_port("mlx5_1", rate_gbps=200.0))
    (f,) = check_rate_mismatch(slow)
    assert (f.id, f.subject, f.severity) == ("ib.rate_mismatch", "mlx5_1:1", Severity.WARNING)
    assert f.evidence["fastest_ports"] == ["mlx5_0:1"]
    # A down port's 10 Gb/s is not a mismatch; a RoCE port at another rate is another kind.
    assert check_rate_mismatch(with_port(healthy(), "mlx5_1", ib_port("mlx5_1", active=False))) == []
    roce = with_port(healthy(), "mlx5_1", ib_port("mlx5_1", rate_gbps=100.0, link_layer="Ethernet",
                                                  gids=roce_gids("10.1.0.5")))
    assert check_rate_mismatch(roce) == []


def test_ipoib_missing():
    facts = healthy()
    no_addr = replace(facts, ifaces=tuple(replace(i, ipv4=()) if i.kind == "ipoib" else i for i in facts.ifaces))
    (f,) = check_ipoib_missing(no_addr)
    assert (f.id, f.severity) == ("ib.ipoib_missing", Severity.WARNING)
    assert "NCCL_SOCKET_IFNAME=eno1" in f.fix and "ibp24s0" in f.subject
    # Addresses never read: cannot tell, stay quiet (the probe issue says so).
    unknown = replace(no_addr, ifaces=tuple(replace(i, addresses_known=False) for i in no_addr.ifaces))
    assert check_ipoib_missing(unknown) == []
    # RoCE-only node: IPoIB does not apply.
    roce = with_port(with_port(no_addr, "mlx5_0", ib_port("mlx5_0", link_layer="Ethernet",
                                                          gids=roce_gids("10.1.0.5"))),
                     "mlx5_1", ib_port("mlx5_1", link_layer="Ethernet", gids=roce_gids("10.1.1.5")))
    assert check_ipoib_missing(roce) == []


def test_roce_gid_missing():
    good = with_port(healthy(), "mlx5_0", ib_port("mlx5_0", link_layer="Ethernet", gids=roce_gids("10.1.0.5")))
    assert check_roce_gid_missing(good) == []
    bad = with_port(healthy(), "mlx5_0", ib_port("mlx5_0", link_layer="Ethernet", gids=roce_gids(None)))
    (f,) = check_roce_gid_missing(bad)
    assert (f.id, f.subject, f.severity) == ("roce.gid_missing", "mlx5_0:1", Severity.ERROR)
    assert "dev ens1f0np0" in f.fix
    v1_only = tuple(g for g in roce_gids("10.1.0.5") if g.roce_version == 1)
    assert ids(check_roce_gid_missing(with_port(healthy(), "mlx5_0", ib_port(
        "mlx5_0", link_layer="Ethernet", gids=v1_only)))) == ["roce.gid_missing"]


def _no_peermem(facts):
    return replace(facts, peermem=PeerMemFacts(kernel_release="5.4.0", open_kernel_module=False,
                                               dmabuf_possible=False),
                   os=replace(facts.os, modules=("nvidia", "mlx5_ib")))


def test_gdr_unavailable():
    (f,) = check_gdr_unavailable(_no_peermem(healthy()))
    assert (f.id, f.severity) == ("gdr.unavailable", Severity.ERROR)
    assert "modprobe nvidia_peermem" in f.fix
    # dma-buf alone is enough; no RDMA at all means nothing to say.
    dmabuf = replace(_no_peermem(healthy()), peermem=PeerMemFacts(dmabuf_possible=True))
    assert check_gdr_unavailable(dmabuf) == []
    old_nccl = replace(dmabuf, nccl=replace(dmabuf.nccl, version="2.12.12"))  # dma-buf is NCCL 2.13+
    assert ids(check_gdr_unavailable(old_nccl)) == ["gdr.unavailable"]
    assert check_gdr_unavailable(replace(_no_peermem(healthy()), ib_devices=())) == []


def test_peermem_version_old_nccl_misses_inbox_module():
    only_module = replace(healthy(), peermem=PeerMemFacts(nvidia_peermem_module=True, dmabuf_possible=False))
    old = replace(only_module, nccl=replace(only_module.nccl, version="2.18.5"))
    (f,) = check_peermem_version(old)
    assert (f.id, f.severity) == ("gdr.peermem_version", Severity.WARNING)
    assert ">=2.23" in f.fix and "nvidia-nccl-cu12" in f.fix
    assert check_gdr_unavailable(old) == []
    new = replace(only_module, nccl=replace(only_module.nccl, version="2.23.4"))
    assert check_peermem_version(new) == []
    with_ofed = replace(old, peermem=replace(old.peermem, nv_mem=True))
    assert check_peermem_version(with_ofed) == []


def test_gdr_distance_when_close_nic_is_down():
    facts = with_port(healthy(), "mlx5_0", ib_port("mlx5_0", active=False))
    (f,) = check_gdr_distance(facts)
    assert (f.id, f.subject, f.severity) == ("gdr.distance", "GPU0", Severity.WARNING)
    assert f.evidence["bus_id"] == GPU0 and f.evidence["nic"] == "mlx5_1"
    assert f.evidence["observed"] == "SYS" and "mlxlink -d mlx5_0" in f.fix
    assert "NVLink peer GPU1, PXN" in f.message  # GPU1 is NV4-joined and PIX to mlx5_1
    wide = replace(facts, nccl=replace(facts.nccl, env={"NCCL_NET_GDR_LEVEL": "SYS"}))
    assert check_gdr_distance(wide) == []


def test_gdr_distance_node_path_suggests_level():
    facts = healthy()
    # Move mlx5_0 to another host bridge of NUMA 0: NODE from GPU0, PHB for NCCL.
    nic = pci(NIC0, ("pci0000:3d", "0000:3d:01.0"), numa=0, cls="0x020700")
    (f,) = check_gdr_distance(with_pci(facts, nic))
    assert "NODE (PHB for NCCL)" in f.message and "NCCL_NET_GDR_LEVEL=PHB" in f.fix


def test_pcie_link_degraded_nic_width_reported_once():
    facts = healthy()
    nic = replace(facts.pci[NIC0], current_link_width=8)
    port = replace(facts.pci["0000:17:00.0"], current_link_width=8)
    (f,) = check_link_degraded(with_pci(with_pci(facts, nic), port))
    assert (f.id, f.subject, f.severity) == ("pcie.link_degraded", NIC0, Severity.WARNING)
    assert f.evidence["device"] == "mlx5_0" and "x8" in f.evidence["observed"]
    assert "lspci -vv -s 18:00.0" in f.fix


def test_pcie_degraded_port_above_nic_is_reported_on_the_nic():
    facts = healthy()
    port = replace(facts.pci["0000:17:00.0"], current_link_width=4)
    (f,) = check_link_degraded(with_pci(facts, port))
    assert f.subject == NIC0 and f.evidence["device"] == "mlx5_0" and "0000:17:00.0" in f.message


def test_pcie_slower_partner_is_not_degraded_but_bridge_above_is():
    facts = healthy()
    # A Gen4 NIC below a Gen5 switch port: the port trains at 16 GT/s; nothing is wrong.
    nic = replace(facts.pci[NIC0], max_link_speed_gts=16.0, current_link_speed_gts=16.0)
    port = replace(facts.pci["0000:17:00.0"], current_link_speed_gts=16.0)
    assert check_link_degraded(with_pci(with_pci(facts, nic), port)) == []
    # The root port link to the switch at Gen3: reported on the switch upstream port, naming both below.
    up = replace(facts.pci["0000:16:00.0"], current_link_speed_gts=8.0)
    rp = replace(facts.pci["0000:15:01.0"], current_link_speed_gts=8.0)
    (f,) = check_link_degraded(with_pci(with_pci(facts, up), rp))
    assert f.subject == "0000:16:00.0" and f.evidence["devices_below"] == ["GPU0", "mlx5_0"]


def test_pcie_gpu_speed_mentions_idle():
    facts = healthy()
    gpu = replace(facts.pci[GPU0], current_link_speed_gts=2.5)
    port = replace(facts.pci["0000:17:03.0"], current_link_speed_gts=2.5)
    (f,) = check_link_degraded(with_pci(with_pci(facts, gpu), port))
    assert f.subject == GPU0 and "idle" in f.message


def test_memlock_low_only_with_rdma():
    low = replace(healthy(), os=OsFacts(memlock_unlimited=False, memlock_soft_bytes=65536))
    (f,) = check_memlock(low)
    assert (f.id, f.severity, f.evidence["observed"]) == ("os.memlock_low", Severity.ERROR, 65536)
    assert "memlock unlimited" in f.fix
    assert check_memlock(replace(low, ib_devices=())) == []
    assert check_memlock(replace(low, os=OsFacts(memlock_unlimited=None))) == []


def test_flattened_warning_with_rdma_info_without():
    flat_pci = {b: pci(b, ("pci0000:00",), numa=-1, cls=c) for b, c in
                (("0000:00:06.0", "0x030200"), ("0000:00:07.0", "0x030200"), ("0000:00:08.0", "0x020700"))}
    base = healthy()
    gpus = (replace(base.gpus[0], bus_id="0000:00:06.0"), replace(base.gpus[1], bus_id="0000:00:07.0"))
    vm = replace(base, gpus=gpus, pci=flat_pci, ib_devices=(
        IbDevice(name="mlx5_0", pci_bdf="0000:00:08.0", ports=(ib_port("mlx5_0"),)),))
    (f,) = check_flattened(vm)
    assert (f.id, f.severity) == ("topo.flattened", Severity.WARNING) and "NCCL_TOPO_FILE=" in f.fix
    assert check_flattened(replace(vm, ib_devices=()))[0].severity is Severity.INFO
    set_file = replace(vm, nccl=replace(vm.nccl, env={"NCCL_TOPO_FILE": "/etc/topo.xml"}))
    assert check_flattened(set_file) == []
    # NCCL sees PHB from every GPU there, but topo.flattened already says so with the right fix; a
    # per-GPU gdr.distance ("put a NIC near GPU0") would mislead, with or without a topology file.
    assert check_gdr_distance(vm) == [] and check_gdr_distance(set_file) == []
    # The same tree with real NUMA nodes is a bare-metal layout: there the distance verdict stands.
    numa_pci = {b: replace(d, numa_node=0) for b, d in flat_pci.items()}
    assert ids(check_gdr_distance(replace(vm, pci=numa_pci))) == ["gdr.distance", "gdr.distance"]


def test_probe_issue_and_version_unknown():
    issue = ProbeIssue(source="infiniband", path="sys/class/infiniband/mlx5_0/ports/1/rate", message="unreadable")
    facts = replace(healthy(), issues=(issue, issue), nccl=replace(healthy().nccl, version=None))
    (f,) = check_probe_issues(facts)
    assert (f.id, f.severity, f.subject) == ("probe.source_missing", Severity.INFO, "infiniband")
    assert "could not check infiniband" in f.message
    (v,) = check_nccl_version(facts)
    assert (v.id, v.severity) == ("nccl.version_unknown", Severity.INFO)


def test_virtual_iface_pci_not_checked():
    facts = healthy()
    ifaces = (*facts.ifaces, NetIface(name="veth0", type=1, is_virtual=True, pci_bdf=None))
    assert check_link_degraded(replace(facts, ifaces=ifaces)) == []
