"""`ncclkit snapshot --redact`: no original identifier survives, and doctor still sees the same node."""

from __future__ import annotations

import importlib.util
import ipaddress
import json
import os
import re
from pathlib import Path

import pytest

from ncclkit.cli.main import main
from ncclkit.facts import NodeFacts
from ncclkit.probe.collect import collect
from ncclkit.probe.root import NodeRoot
from ncclkit.probe.snapshot import write_snapshot
from ncclkit.redact import Redactor, redact_tree

FIXTURES = ("dgx-h100-ib-ok", "h200x2-vm-no-rdma", "ib-port-down-memlock", "roce-2nic-gid")
HAVE_DOCTOR = importlib.util.find_spec("ncclkit.doctor") is not None


def everything(folder: Path) -> str:
    """All file contents, relative names and link targets below folder, as one text."""
    chunks: list[str] = []
    for dirpath, dirnames, filenames in os.walk(folder):
        for name in [*dirnames, *filenames]:
            p = Path(dirpath) / name
            chunks.append(p.relative_to(folder).as_posix())
            if p.is_symlink():
                chunks.append(os.readlink(p))
            elif p.is_file():
                chunks.append(p.read_text(errors="replace"))
    return "\n".join(chunks)


def originals(facts: NodeFacts, src: Path) -> dict[str, set[str]]:
    """Identifiers of the source node, found from its facts (not by the redactor's own patterns)."""
    out: dict[str, set[str]] = {"host": {facts.host}, "ipv4": set(), "ipv6": set(), "mac": set(),
                                "guid": set(), "uuid": set(), "serial": set()}
    for dev in facts.ib_devices:
        out["guid"] |= {g for g in (dev.node_guid, dev.sys_image_guid) if g}
        for port in dev.ports:
            for gid in port.gids:
                addr = ipaddress.IPv6Address(gid.gid)
                if gid.ipv4:
                    out["ipv4"].add(gid.ipv4)
                elif not gid.is_empty:
                    out["ipv6"].add(str(addr))
        desc = src.glob(f"sys/**/infiniband/{dev.name}/node_desc")
        out["host"] |= {p.read_text().split()[0] for p in desc if p.read_text().split()}
    for iface in facts.ifaces:
        if iface.address and len(iface.address) == 17 and iface.address not in (
                "00:00:00:00:00:00", "ff:ff:ff:ff:ff:ff"):
            out["mac"].add(iface.address)
        out["ipv4"] |= {a.split("/")[0] for a in iface.ipv4 if not a.startswith("127.")}
        out["ipv6"] |= {str(ipaddress.IPv6Address(a.split("/")[0])) for a in iface.ipv6} - {"::1"}
    out["uuid"] = {g.uuid.removeprefix("GPU-") for g in facts.gpus if g.uuid and re.search(r"[1-9a-f]", g.uuid)}
    smi = src / "cmd" / "nvidia-smi-q-x.xml"
    if smi.exists():
        out["serial"] = {s for s in re.findall(r"<serial>([^<]+)</serial>", smi.read_text())
                         if s.strip("0") and s != "N/A"}
    return out


def forms(kind: str, value: str) -> list[re.Pattern[str]]:
    """Every spelling of one identifier that may appear in a snapshot."""
    def token(text: str) -> re.Pattern[str]:
        return re.compile(rf"(?<![\w.:-]){re.escape(text)}(?![\w:-]|\.\d)", re.IGNORECASE)
    if kind == "guid":
        digits = value.replace(":", "")
        octets = ":".join(digits[i:i + 2] for i in range(0, 16, 2))  # inside IPoIB hardware addresses
        return [token(value), token("0x" + digits), re.compile(re.escape(octets), re.IGNORECASE)]
    if kind == "ipv6":
        addr = ipaddress.IPv6Address(value)
        return [token(addr.compressed), token(addr.exploded)]
    if kind == "ipv4":
        hexed = "{:02x}{:02x}:{:02x}{:02x}".format(*ipaddress.IPv4Address(value).packed)
        return [token(value), re.compile(rf"ffff:{hexed}(?![\w:])", re.IGNORECASE)]
    return [token(value)]


@pytest.fixture(scope="module")
def redacted(data: Path, tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[Path, Path]]:
    """fixture name -> (source folder, its redacted snapshot), written once for this module."""
    base = tmp_path_factory.mktemp("redacted")
    out: dict[str, tuple[Path, Path]] = {}
    for name in FIXTURES:
        src = data / "nodes" / name
        result = write_snapshot(NodeRoot.open(str(src)), base / name, redact=True)
        assert result.redaction is not None
        out[name] = (src, base / name)
    return out


@pytest.mark.parametrize("name", FIXTURES)
def test_no_original_identifier_remains(redacted: dict[str, tuple[Path, Path]], name: str) -> None:
    src, out = redacted[name]
    found = originals(collect(NodeRoot.open(str(src))), src)
    text = everything(out)
    assert json.loads((out / "meta.json").read_text())["redacted"] is True
    checked = 0
    for kind, values in found.items():
        for value in values:
            if kind == "host" and len(value) < 4:
                # A short generic name ("vm") is replaced in the host fields only (see redact.py).
                assert json.loads((out / "meta.json").read_text())["hostname"] != value
                continue
            for pattern in forms(kind, value):
                hit = pattern.search(text)
                assert hit is None, f"{kind} {value!r} left in the output: ...{text[hit.start() - 60:hit.end() + 20]!r}"
            checked += 1
    assert checked >= 3


@pytest.mark.parametrize("name", FIXTURES)
def test_redacted_snapshot_keeps_its_structure(redacted: dict[str, tuple[Path, Path]], name: str) -> None:
    src, out = redacted[name]
    a, b = collect(NodeRoot.open(str(src))), collect(NodeRoot.open(str(out)))
    assert a.host != b.host
    assert [(g.index, g.bus_id) for g in a.gpus] == [(g.index, g.bus_id) for g in b.gpus]
    assert a.pci == b.pci  # bus ids and link data are kept
    assert a.issues == b.issues
    assert len(a.ib_devices) == len(b.ib_devices)
    for da, db in zip(a.ib_devices, b.ib_devices, strict=True):
        assert (da.name, da.pci_bdf, da.netdevs) == (db.name, db.pci_bdf, db.netdevs)
        assert (da.node_guid == da.sys_image_guid) == (db.node_guid == db.sys_image_guid)
        for pa, pb in zip(da.ports, db.ports, strict=True):
            assert (pa.state, pa.phys_state, pa.rate_gbps, pa.link_layer) == (
                pb.state, pb.phys_state, pb.rate_gbps, pb.link_layer)
            for ga, gb in zip(pa.gids, pb.gids, strict=True):
                assert (ga.index, ga.gid_type, ga.ndev, ga.is_empty, ga.is_link_local) == (
                    gb.index, gb.gid_type, gb.ndev, gb.is_empty, gb.is_link_local)
                assert (ga.ipv4 is None) == (gb.ipv4 is None)
                if gb.ipv4:
                    assert ipaddress.IPv4Address(gb.ipv4).is_private
    ifaces_b = {i.name: i for i in b.ifaces}
    for ia in a.ifaces:
        ib = ifaces_b[ia.name]
        assert (ia.mtu, ia.type, ia.flags, ia.pci_bdf, ia.kind) == (ib.mtu, ib.type, ib.flags, ib.pci_bdf, ib.kind)
        assert [x.split("/")[1] for x in ia.ipv4] == [x.split("/")[1] for x in ib.ipv4]
        for x in ib.ipv4:
            assert ipaddress.IPv4Interface(x).ip.is_private
        if ia.address and ia.address.count(":") == 5 and ia.address != "00:00:00:00:00:00":
            assert re.fullmatch(r"([0-9a-f]{2}:){5}[0-9a-f]{2}", ib.address or "")
    # Consistency: a RoCE GID's IPv4 is the address of its netdev; a link-local GID is the EUI-64
    # of that netdev's (redacted) MAC, as on the real system.
    for port in b.ib_ports:
        for gid in port.gids:
            dev = ifaces_b.get(gid.ndev or "")
            if gid.ipv4 and dev and dev.ipv4:
                assert gid.ipv4 in {x.split("/")[0] for x in dev.ipv4}
            if gid.is_link_local and port.is_roce and dev and dev.address:
                mac = bytearray.fromhex(dev.address.replace(":", ""))
                mac[0] ^= 0x02
                eui = bytes(mac[:3]) + b"\xff\xfe" + bytes(mac[3:])
                assert ipaddress.IPv6Address(gid.gid).packed[8:] == eui


@pytest.mark.skipif(not HAVE_DOCTOR, reason="ncclkit.doctor not built yet")
@pytest.mark.parametrize("name", FIXTURES)
def test_doctor_findings_survive_redaction(redacted: dict[str, tuple[Path, Path]], name: str,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    src, out = redacted[name]

    def findings(folder: Path) -> list[tuple[str, str, str]]:
        capsys.readouterr()
        main(["doctor", "--root", str(folder), "--json"])
        report = json.loads(capsys.readouterr().out)
        return sorted((f["id"], f["severity"], f["subject"]) for f in report["findings"])

    assert findings(out) == findings(src)


def test_cli_redact_tar(data: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    src = data / "nodes" / "roce-2nic-gid"
    assert main(["snapshot", "--root", str(src), str(tmp_path / "bug"), "--tar", "--redact", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["path"] == str(tmp_path / "bug.tar.gz")
    assert report["redaction"]["macs"] >= 4 and report["redaction"]["ipv4"] >= 2
    back = collect(NodeRoot.open(str(tmp_path / "bug.tar.gz")))
    assert back.host == "host-1" and "10.1.0.5/24" not in back.iface("ens1f0np0").ipv4


def test_redactor_text_forms() -> None:
    r = Redactor()
    sample = "\n".join([
        "Node GUID: 0xb83fd203004493b7",
        "node_guid: b83f:d203:0044:93b7",
        "gid fe80:0000:0000:0000:b83f:d203:0044:93b7",
        "ipoib 00:00:10:29:fe:80:00:00:00:00:00:00:b8:3f:d2:03:00:44:93:b7",
        "mapped ::ffff:10.1.0.5 and 0000:0000:0000:0000:0000:ffff:0a01:0005",
        "global 2001:db8:5:1:a288:c2ff:fe12:abb1",
        "mac A0:88:C2:12:AB:B1 bcast ff:ff:ff:ff:ff:ff",
        "pci 0000:18:00.0 00000000:18:00.0 version 535.104.05 fw 28.39.1002 time 08:21:37",
        "max_mr_size: 0xffffffffffffffff",
    ])
    r.learn("cmd/ip-j-addr.json", json.dumps([{"ifname": "eth0", "addr_info": [
        {"family": "inet", "local": "10.1.0.5", "prefixlen": 24, "broadcast": "10.1.0.255"}]}]))
    r.learn("cmd/x.txt", sample)
    r.freeze()
    out = r.apply("cmd/x.txt", sample).splitlines()
    guid = out[0].split("0x")[1]
    assert out[1].endswith(":".join(guid[i:i + 4] for i in range(0, 16, 4)))  # same GUID both forms
    assert out[2].endswith(out[1].split()[-1])  # the IB GID embeds the port GUID
    assert out[3].replace(":", "").endswith(guid) and out[3].startswith("ipoib 00:00:10:29:fe:80")
    mapped = out[4].split()
    v4 = mapped[1].removeprefix("::ffff:")
    assert ipaddress.IPv4Address(v4) in ipaddress.IPv4Network("10.0.0.0/8") and v4 != "10.1.0.5"
    assert ipaddress.IPv6Address(mapped[3]).ipv4_mapped == ipaddress.IPv4Address(v4)
    assert len(mapped[3]) == 39  # full 8-group form kept
    glob = ipaddress.IPv6Address(out[5].split()[1])
    assert glob.packed[:1] == b"\xfd"  # unique-local prefix
    mac = out[6].split()[1]
    assert mac == mac.upper() and mac != "A0:88:C2:12:AB:B1" and "ff:ff:ff:ff:ff:ff" in out[6]
    assert glob.packed[8:11] == bytes([int(mac[:2], 16) ^ 0x02, *bytes.fromhex(mac[3:8].replace(":", ""))])
    assert out[7] == "pci 0000:18:00.0 00000000:18:00.0 version 535.104.05 fw 28.39.1002 time 08:21:37"
    assert out[8] == "max_mr_size: 0xffffffffffffffff"
    assert r.apply("cmd/y.txt", "bcast 10.1.0.255") == f"bcast {v4.rsplit('.', 1)[0]}.255"


def test_redact_tree_renames_and_retargets(tmp_path: Path) -> None:
    tree = tmp_path / "t"
    (tree / "by-mac" / "a0:88:c2:12:ab:b1").mkdir(parents=True)
    (tree / "by-mac" / "a0:88:c2:12:ab:b1" / "note").write_text("host gpu-node-07.cluster.local up\n")
    (tree / "link").symlink_to("by-mac/a0:88:c2:12:ab:b1")
    (tree / "meta.json").write_text('{"hostname": "gpu-node-07.cluster.local"}')
    (tree / "cmd").mkdir()
    (tree / "cmd" / "env.txt").write_text("MASTER_ADDR=gpu-node-01\nNCCL_DEBUG=INFO\n")
    summary = redact_tree(tree)
    assert summary.macs == 1 and summary.names_changed == 1
    text = everything(tree)
    for value in ("a0:88:c2:12:ab:b1", "gpu-node-07", "gpu-node-01", "cluster.local"):
        assert value not in text
    assert (tree / "link" / "note").read_text().startswith("host host-")
    assert "NCCL_DEBUG=INFO" in (tree / "cmd" / "env.txt").read_text()
    assert json.loads((tree / "meta.json").read_text())["hostname"].endswith(".example")
