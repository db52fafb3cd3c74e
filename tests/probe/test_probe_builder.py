"""collect() over trees written by tests/nodebuilder.py: healthy, malformed and hostile ones."""

from __future__ import annotations

import dataclasses
import os

import pytest

from ncclkit.facts import GidEntry
from ncclkit.probe import collect as collect_mod
from ncclkit.probe.collect import collect
from ncclkit.errors import NcclkitError
from ncclkit.probe.root import NodeRoot

from nodebuilder import Gid, NodeBuilder, Port

SW = ["pci0000:15", "0000:15:01.0", "0000:16:00.0"]


def _node(tmp_path, **kw) -> NodeBuilder:
    return (NodeBuilder(tmp_path, host="n1", **kw)
            .gpu("0000:1b:00.0", pci_path=[*SW, "0000:17:03.0"], numa=0, nvlinks=[True, True, False])
            .gpu("0000:9d:00.0", pci_path=["pci0000:97", "0000:97:01.0"], numa=1)
            .ib_device("mlx5_0", "0000:18:00.0", pci_path=[*SW, "0000:17:00.0"], netdev="ibp24s0")
            .iface("ibp24s0", ipv4=["192.168.10.17/24"])
            .ib_device("mlx5_1", "0000:37:00.0", numa=1, netdev="ens1f0np0",
                       ports=[Port(1, rate="100 Gb/sec (4X EDR)", link_layer="Ethernet")])
            .iface("ens1f0np0", ipv4=["10.1.0.5/24"], mtu=9000)
            .iface("lo", ipv4=["127.0.0.1/8"])
            .iface("eno1", ipv4=["10.0.0.5/24"], pci="0000:0a:00.0", speed_mbps=10000)
            .module("nvidia_peermem", version="550.90.07").peermem()
            .env(NCCL_IB_HCA="mlx5_0", NCCL_DEBUG="INFO").nccl_version("2.21.5"))


def _facts(root):
    return collect(NodeRoot.open(str(root)))


def _issue_paths(facts) -> set[str]:
    return {i.path for i in facts.issues}


def test_healthy_builder_node(tmp_path):
    f = _facts(_node(tmp_path).write())
    assert f.issues == ()
    assert f.host == "n1"
    assert [(g.index, g.bus_id, g.numa_node) for g in f.gpus] == [(0, "0000:1b:00.0", 0), (1, "0000:9d:00.0", 1)]
    assert [lk.active for lk in f.gpus[0].nvlinks] == [True, True, False]
    assert f.gpus[1].nvlinks == ()
    roce = f.ib_devices[1].ports[0]
    assert roce.is_roce and [g.ipv4 for g in roce.gids] == [None, None, "10.1.0.5", "10.1.0.5"]
    assert roce.gids[3].gid_type == "RoCE v2" and roce.gids[3].ndev == "ens1f0np0"
    assert f.pci["0000:18:00.0"].path == (*SW, "0000:17:00.0", "0000:18:00.0")
    assert {"0000:15:01.0", "0000:16:00.0", "0000:17:00.0", "0000:17:03.0", "0000:97:01.0"} <= f.pci.keys()
    assert f.iface("lo").ifindex == 1 and f.iface("eno1").speed_mbps == 10000
    assert f.nccl.env == {"NCCL_DEBUG": "INFO", "NCCL_IB_HCA": "mlx5_0"}
    assert f.peermem.nv_mem and f.peermem.nvidia_peermem_module and f.peermem.dmabuf_possible
    assert f.os.memlock_unlimited is True


def test_link_files_and_symlinks_give_the_same_facts(tmp_path):
    real = _facts(_node(tmp_path / "a").write())
    files = _facts(_node(tmp_path / "b", link_files=True).write())
    assert os.path.islink(tmp_path / "a" / "n1" / "sys/class/infiniband/mlx5_0")
    assert not os.path.islink(tmp_path / "b" / "n1" / "sys/class/infiniband/mlx5_0")
    assert dataclasses.replace(files, source=real.source) == real


def test_garbage_rate_and_state(tmp_path):
    b = _node(tmp_path).ib_device("mlx5_2", "0000:4f:00.0", ports=[Port(1, rate="fast", state="ACTIVE!")])
    f = _facts(b.write())
    port = f.ib_devices[2].ports[0]
    assert (port.rate_gbps, port.rate_text, port.state, port.state_id) == (None, "fast", None, None)
    assert {i.path.rsplit("/", 1)[-1] for i in f.issues if i.source == "infiniband"} == {"rate", "state"}
    assert f.ib_devices[0].ports[0].rate_gbps == 400.0


def test_missing_port_files_and_odd_gids(tmp_path):
    gids = [Gid("fe80:0000:0000:0000:0000:0000:0000:0001", "IB/RoCE v1"), None,
            Gid("0000:0000:0000:0000:0000:0000:0000:0000", "RoCE v2"), "0000:0000:0000:0000:0000:ffff:0a00:0001"]
    b = _node(tmp_path).ib_device("mlx5_2", "0000:4f:00.0", ports=[Port(1, link_layer=None, phys=None, gids=gids)])
    f = _facts(b.write())
    port = f.ib_devices[2].ports[0]
    assert port.link_layer is None and port.phys_state is None
    # An empty slot with a type is kept (sysfs had something to say); one without is dropped.
    assert port.gids == (
        GidEntry(index=0, gid="fe80:0000:0000:0000:0000:0000:0000:0001", gid_type="IB/RoCE v1"),
        GidEntry(index=2, gid="0000:0000:0000:0000:0000:0000:0000:0000", gid_type="RoCE v2"),
        GidEntry(index=3, gid="0000:0000:0000:0000:0000:ffff:0a00:0001", ipv4="10.0.0.1"),
    )
    missing = {i.path.rsplit("/", 1)[-1] for i in f.issues if i.source == "infiniband"}
    assert missing == {"link_layer", "phys_state"}


def test_memlock_sources(tmp_path):
    f = _facts(_node(tmp_path / "a").memlock(65536).write())
    assert (f.os.memlock_soft_bytes, f.os.memlock_unlimited) == (65536, False)
    f = _facts(_node(tmp_path / "b").memlock(8 << 20, limits=False).write())
    assert (f.os.memlock_soft_bytes, f.os.memlock_unlimited) == (8 << 20, False)
    f = _facts(_node(tmp_path / "c").memlock("unlimited", limits=False, ulimit=False).write())
    assert (f.os.memlock_soft_bytes, f.os.memlock_unlimited) == (None, None)
    assert "cmd/ulimit-l.txt" in _issue_paths(f)
    f = _facts(_node(tmp_path / "d").memlock(0, limits=False).cmd("ulimit-l.txt", "lots").write())
    assert f.os.memlock_unlimited is None and "cmd/ulimit-l.txt" in _issue_paths(f)


@pytest.mark.parametrize("error", [
    "NVIDIA-SMI has failed because it couldn't communicate with the NVIDIA driver.",
    "/bin/sh: 1: nvidia-smi: not found",
    '<?xml version="1.0" ?>\n<nvidia_smi_log><gpu id="00000000:1B:00.0"><product_na',
    "<html>not nvidia-smi</html>",
])
def test_unusable_gpu_xml_falls_back_to_sysfs(tmp_path, error):
    f = _facts(_node(tmp_path).cmd("nvidia-smi-q-x.xml", error).write())
    assert f.gpu_source == "sysfs"
    assert [(g.bus_id, g.numa_node, g.name) for g in f.gpus] == [("0000:1b:00.0", 0, None), ("0000:9d:00.0", 1, None)]
    assert f.driver_version == "550.90.07"  # sys/module/nvidia/version
    assert {i.source for i in f.issues} == {"gpu"}
    assert "cmd/nvidia-smi-q-x.xml" in _issue_paths(f)


def test_error_text_in_cmd_files(tmp_path):
    b = (_node(tmp_path).nccl_version("bash: nccl-version: command not found")
         .cmd("ip-j-addr.json", "/bin/sh: 1: ip: not found")
         .cmd("env.txt", "sh: env: Permission denied"))
    f = _facts(b.write())
    assert (f.nccl.version, f.nccl.version_source) == (None, None)
    assert (f.nccl.env, f.nccl.env_source) == ({}, None)
    assert all(not i.addresses_known and i.ipv4 == () for i in f.ifaces)
    assert f.iface("ibp24s0").pci_bdf == "0000:18:00.0"  # sysfs still read
    assert {"cmd/nccl-version.txt", "cmd/ip-j-addr.json", "cmd/env.txt"} <= _issue_paths(f)


def test_garbage_values_become_issues(tmp_path):
    gpu_dir = "sys/devices/pci0000:15/0000:15:01.0/0000:16:00.0/0000:17:03.0/0000:1b:00.0"
    b = (_node(tmp_path)
         .file(f"{gpu_dir}/numa_node", "zero")
         .file(f"{gpu_dir}/current_link_speed", "very fast")
         .file("proc/sys/vm/max_map_count", "many")
         .file("sys/devices/system/node/node1/cpulist", "0-x")
         .file("cmd/ip-j-addr.json", "{truncated")
         .file("cmd/env.txt", "NCCL_DEBUG=INFO\nthis is not a variable\n")
         .file("proc/modules", "\x00\x01garbage")
         .file("proc/self/limits", "Max locked memory  lots  lots  bytes"))
    f = _facts(b.write())
    assert f.gpus[0].numa_node is None and f.pci["0000:1b:00.0"].current_link_speed_gts is None
    assert f.os.max_map_count is None and f.numa_nodes == {0: "0-31"}
    assert f.nccl.env == {"NCCL_DEBUG": "INFO"}
    assert f.os.memlock_unlimited is True  # proc/self/limits garbage -> cmd/ulimit-l.txt
    assert "nvidia_peermem" in f.os.modules  # proc/modules garbage -> sys/module/*/initstate
    assert {f"{gpu_dir}/numa_node", f"{gpu_dir}/current_link_speed", "proc/sys/vm/max_map_count",
            "sys/devices/system/node/node1/cpulist", "cmd/ip-j-addr.json", "cmd/env.txt", "proc/modules",
            "proc/self/limits"} <= _issue_paths(f)


def test_missing_files_everywhere(tmp_path):
    b = _node(tmp_path)
    for rel in ("meta.json", "proc/version", "cmd/nccl-version.txt", "cmd/env.txt", "proc/modules",
                "sys/devices/system/node", "etc/os-release", "proc/driver/nvidia/version"):
        b.remove(rel)
    f = _facts(b.write())
    assert f.host == "n1"  # folder name
    assert f.captured_at is None and f.peermem.kernel_release is None and f.peermem.dmabuf_possible is None
    assert f.os.os_name is None and f.numa_nodes == {}
    assert {"meta.json", "proc/version", "cmd/nccl-version.txt", "cmd/env.txt", "proc/modules"} <= _issue_paths(f)
    assert len(f.gpus) == 2 and len(f.ib_ports) == 2


def test_hostile_trees_do_not_raise(tmp_path):
    (tmp_path / "empty").mkdir()
    with pytest.raises(NcclkitError, match="not a node snapshot"):
        NodeRoot.open(str(tmp_path / "empty"))
    f = collect(NodeRoot(tmp_path / "empty", live=False))  # a bare tree still reads, empty
    assert f.gpus == () and f.ib_devices == () and f.host == "empty"
    root = _node(tmp_path / "loop").write()
    (root / "sys/class/net/loop0").symlink_to("loop0")  # a link to itself
    (root / "sys/class/infiniband/mlx5_9").write_text("../../devices/nowhere/mlx5_9\n")  # dangling link file
    (root / "proc/self/limits").unlink()
    (root / "proc/self/limits").mkdir()  # a folder where a file belongs
    f = _facts(root)
    assert f.iface("loop0") is None or f.iface("loop0").pci_bdf is None
    assert [d.name for d in f.ib_devices] == ["mlx5_0", "mlx5_1", "mlx5_9"]
    assert f.os.memlock_unlimited is True  # from cmd/ulimit-l.txt


def test_reader_crash_is_isolated(tmp_path, monkeypatch):
    # No tree makes a reader crash today; stand in for a future bug in one reader.
    def boom(root, issues):
        raise RuntimeError("bug in reader")

    monkeypatch.setattr(collect_mod, "read_ib_devices", boom)
    f = _facts(_node(tmp_path).write())
    assert f.ib_devices == ()
    assert len(f.gpus) == 2 and f.ifaces
    assert [(i.source, i.message) for i in f.issues] == [("infiniband", "reader failed: RuntimeError: bug in reader")]


def test_torch_nccl_preferred_and_gpu_without_xml(tmp_path):
    b = _node(tmp_path).torch_nccl("2.11.0+cu130 13.0 (2, 28, 9)").cmd("nvidia-smi-q-x.xml", None)
    b.remove("sys/module/nvidia").remove("proc/modules")
    f = _facts(b.write())
    assert (f.nccl.version, f.nccl.version_source, f.nccl.torch_version) == ("2.28.9", "cmd/torch-nccl.txt",
                                                                            "2.11.0+cu130")
    assert f.gpu_source == "sysfs" and f.driver_version is None


def test_builder_matches_the_shared_fixture_layout(data, tmp_path):
    # Rebuild GPU0 + mlx5_0 of dgx-h100-ib-ok: the builder's tree must read like the real layout.
    sw = ["pci0000:15", "0000:15:01.0", "0000:16:00.0"]
    root = (NodeBuilder(tmp_path, host="dgx-h100-017")
            .gpu("0000:1b:00.0", pci_path=[*sw, "0000:17:03.0"])
            .ib_device("mlx5_0", "0000:18:00.0", pci_path=[*sw, "0000:17:00.0"], netdev="ibp24s0")
            .iface("ibp24s0", ipv4=["192.168.10.17/24"])
            .write())
    built = _facts(root)
    ref = collect(NodeRoot.open(str(data / "nodes/dgx-h100-ib-ok")))
    for bdf in ("0000:1b:00.0", "0000:18:00.0"):
        ours, theirs = built.pci[bdf], ref.pci[bdf]
        assert dataclasses.replace(ours, local_cpulist=None) == dataclasses.replace(theirs, local_cpulist=None)
    port, ref_port = built.ib_ports[0], ref.ib_ports[0]
    assert dataclasses.replace(port, lid=None, gids=()) == dataclasses.replace(ref_port, lid=None, gids=())
    assert [g.gid_type for g in port.gids] == [g.gid_type for g in ref_port.gids]
    ours_if, ref_if = built.iface("ibp24s0"), ref.iface("ibp24s0")
    for attr in ("kind", "mtu", "pci_bdf", "ipv4", "is_virtual", "addresses_known", "is_up"):
        assert getattr(ours_if, attr) == getattr(ref_if, attr), attr
