"""Round-two readers on the formats the kernel and tools write, and NCCL's own lookup rules."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pytest

from ncclkit.doctor import run_doctor
from ncclkit.nccl.names import close_known_name, plugin_library_names
from ncclkit.probe import firewall
from ncclkit.probe.health_gpu import parse_fabric_manager, parse_gpu_health, parse_xids
from ncclkit.probe.health_host import parse_shm_mount
from ncclkit.probe.health_pci import parse_acs_config, parse_lspci_acs
from ncclkit.probe.root import NodeRoot
from ncclkit.probe.snapshot import write_snapshot
from ncclkit.probe.snapshot_health import zero_serial

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "scenarios"))
import build_scenarios3  # noqa: E402

H200_XML = Path(__file__).resolve().parents[1] / "data" / "nodes" / "h200x2-device-live" / "cmd" / "nvidia-smi-q-x.xml"


def test_acs_config_space():
    data = build_scenarios3.config_space(0x001D)
    assert parse_acs_config(data) == 0x001D
    assert parse_acs_config(data[:64]) is None  # what a non-root read of config returns
    assert parse_acs_config(data[:256]) is None
    cleared = zero_serial(data)
    assert cleared[0x104:0x10C] == bytes(8) and parse_acs_config(cleared) == 0x001D
    looped = bytearray(4096)
    looped[0x100:0x104] = (0x100 << 20 | 0x0001).to_bytes(4, "little")  # next points at itself
    assert parse_acs_config(bytes(looped)) is None


def test_lspci_acs_with_and_without_domain():
    text = ("0000:17:00.0 PCI bridge: Broadcom / LSI PEX890xx\n\t\tACSCtl:\tSrcValid+ TransBlk- ReqRedir+ "
            "CmpltRedir- UpstreamFwd+ EgressCtrl- DirectTrans-\n17:03.0 PCI bridge: x\n\t\tACSCtl:\tSrcValid- "
            "TransBlk- ReqRedir- CmpltRedir- UpstreamFwd- EgressCtrl- DirectTrans-\n")
    acs = parse_lspci_acs(text)
    assert acs["0000:17:00.0"]["request_redirect"] and not acs["0000:17:00.0"]["completion_redirect"]
    assert not any(acs["0000:17:03.0"].values())


def test_gpu_health_real_capture():
    """The H200 capture of the device machine: healthy, fabric Completed/Success, persistence on."""
    if not H200_XML.exists():
        pytest.skip("device capture not present")
    gpus = parse_gpu_health(H200_XML.read_text())
    assert gpus and all(g.fabric_state == "Completed" and g.ecc_volatile_uncorrectable == 0 for g in gpus)
    assert parse_gpu_health("<not xml") == ()


def test_xid_lines():
    xids = parse_xids("[91302.000117] NVRM: Xid (PCI:0000:3e:00): 79, pid=51002, name=python, GPU has fallen off "
                      "the bus.\nDec 01 10:00:01 host kernel: NVRM: Xid (PCI:0000:1b:00): 48, pid='<unknown>', "
                      "DBE (0x1,0x0)\n[ 1.0] NVRM: loading driver")
    assert [(x.bus_id, x.code) for x in xids] == [("0000:3e:00.0", 79), ("0000:1b:00.0", 48)]
    assert xids[0].seconds_since_boot == 91302.000117 and xids[1].seconds_since_boot is None
    assert parse_fabric_manager("inactive\n") == "inactive"
    assert parse_fabric_manager("System has not been booted with systemd as init system (PID 1).") is None


def test_shm_mount_sizes():
    assert parse_shm_mount("shm /dev/shm tmpfs rw,nosuid,nodev,noexec,relatime,size=65536k 0 0") == 64 << 20
    assert parse_shm_mount("tmpfs /dev/shm tmpfs rw,size=16g 0 0") == 16 << 30
    assert parse_shm_mount("tmpfs /dev/shm tmpfs rw,nosuid,nodev,inode64 0 0") is None  # half of RAM
    assert parse_shm_mount("tmpfs /run tmpfs rw,size=65536k 0 0") is None


def _iptables(*rules: str, policy: str = "DROP") -> str:
    return "\n".join(["*filter", f":INPUT {policy} [0:0]", ":NCCL - [0:0]", *rules, "COMMIT"])


@pytest.mark.parametrize(("text", "port", "want"), [
    (_iptables("-A INPUT -p tcp -m tcp --dport 29500 -j ACCEPT"), 40000, "drop"),
    (_iptables("-A INPUT -p tcp -m tcp --dport 29500 -j ACCEPT"), 29500, "accept"),
    (_iptables("-A INPUT -p tcp -m multiport --dports 22,32768:60999 -j ACCEPT"), 40000, "accept"),
    (_iptables("-A INPUT -s 10.0.0.0/16 -j ACCEPT"), 40000, "accept"),  # cluster subnet: assume a peer
    (_iptables("-A INPUT -m state --state RELATED,ESTABLISHED -j ACCEPT"), 40000, "drop"),
    (_iptables("-A INPUT -i lo -j ACCEPT"), 40000, "drop"),
    (_iptables("-A INPUT -p udp --dport 40000 -j ACCEPT"), 40000, "drop"),
    (_iptables("-A INPUT -j NCCL", "-A NCCL -p tcp --dport 30000:61000 -j ACCEPT"), 40000, "accept"),
    (_iptables("-A INPUT -p tcp --dport 40000 -j REJECT", policy="ACCEPT"), 40000, "drop"),
    (_iptables("-A INPUT -s 192.168.0.0/16 -j DROP", policy="ACCEPT"), 40000, "accept"),
    (_iptables("-A INPUT -p tcp ! --dport 22 -j ACCEPT"), 40000, "accept"),
    (_iptables("-A INPUT -p tcp ! --dport 40000 -j DROP", policy="ACCEPT"), 40000, "accept"),
])
def test_iptables_verdicts(text: str, port: int, want: str):
    policies, rules = firewall.parse_iptables(text)
    assert firewall.verdict(policies, rules, port, nft=False) == want


def test_nft_two_base_chains():
    """A packet must pass every input base chain: an accept in one does not override a drop in another."""
    text = ("table inet a {\n\tchain input {\n\t\ttype filter hook input priority 0; policy accept;\n\t}\n}\n"
            "table inet b {\n\tchain in2 {\n\t\ttype filter hook input priority 10; policy drop;\n"
            "\t\ttcp dport 32768-60999 accept\n\t}\n}\n")
    policies, rules = firewall.parse_nft(text)
    assert firewall.verdict(policies, rules, 40000, nft=True) == "accept"
    assert firewall.verdict(policies, rules, 29500, nft=True) == "drop"


def test_plugin_names_by_version():
    assert plugin_library_names(None, "2.28.9") == [["libnccl-net.so"]]
    assert plugin_library_names("ofi", "2.19.3") == [["libnccl-net-ofi.so"]]
    assert plugin_library_names("ofi", "2.23.4") == [["ofi", "libnccl-net-ofi.so"]]
    assert plugin_library_names("libfoo.so,ofi", "2.28.9") == [["libfoo.so"], ["ofi", "libnccl-net-ofi.so"]]
    assert plugin_library_names("none", "2.28.9") == []


def test_close_names():
    assert close_known_name("NCCL_SOCKET_IFNAMES") == "NCCL_SOCKET_IFNAME"
    assert close_known_name("NCCL_HCA_IB") == "NCCL_IB_HCA"
    assert close_known_name("NCCL_IB_HCA") is None
    assert close_known_name("NCCL_FASTRAK_IFNAME") is None  # a plugin's own variable, not a typo


def test_health_facts_survive_json(tmp_path: Path):
    """doctor --json facts read back (report, bundle) give the same round-two facts."""
    import json

    from ncclkit.factsjson import facts_from_json
    from ncclkit.facts import facts_to_json
    from ncclkit.probe.collect import collect

    build_scenarios3.build_all(tmp_path, ["ib-counters-flapping", "firewall-master-port-only", "nvlink-errors-fabric-degraded"])
    for name in ("ib-counters-flapping", "firewall-master-port-only", "nvlink-errors-fabric-degraded"):
        facts = collect(NodeRoot.open(str(tmp_path / name)))
        assert facts_from_json(json.loads(json.dumps(facts_to_json(facts)))) == facts, name


def test_snapshot_keeps_round_two_sources(tmp_path: Path):
    """Snapshotting a scenario tree keeps every new source: doctor says the same on the copy."""
    names = ["pcie-acs-config", "pcie-iommu-dma-fq", "ib-counters-flapping", "docker-shm-64m-removeipc",
             "firewall-nft-reject", "net-plugin-missing", "gpu-xid79-remap-pending", "env-conf-typos"]
    built = build_scenarios3.build_all(tmp_path / "src", names)
    for name in built:
        copy = tmp_path / "copy" / name
        copy.parent.mkdir(exist_ok=True)
        write_snapshot(NodeRoot.open(str(tmp_path / "src" / name)), copy)
        before = sorted((f.id, f.subject) for f in run_doctor(NodeRoot.open(str(tmp_path / "src" / name))).findings)
        after = sorted((f.id, f.subject) for f in run_doctor(NodeRoot.open(str(copy))).findings)
        assert before == after, name
    shutil.rmtree(tmp_path / "copy")
