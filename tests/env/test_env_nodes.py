"""`ncclkit env` end to end: every shared fixture (expected.json env_expect), a NodeBuilder scenario, the CLI."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from nodebuilder import NodeBuilder, Port

from ncclkit.cli.main import main
from ncclkit.findings import Severity
from ncclkit.nccl.params import parse_nccl_list
from ncclkit.probe.collect import collect
from ncclkit.probe.root import NodeRoot
from ncclkit.doctor import recommend_checked as recommend_env
from ncclkit.rules.env import check_env_vars


def run_cli(capsys, *argv: str) -> tuple[int, str, str]:
    rc = main(["env", *argv])
    out = capsys.readouterr()
    return rc, out.out, out.err


def fixture_dirs(data: Path) -> list[Path]:
    return sorted(p for p in (data / "nodes").iterdir() if (p / "meta.json").exists())


def check_expect(env: dict[str, str], expect: dict, names: list[str]) -> list[str]:
    """The fixtures' env_expect, judged with ncclkit's own NCCL matcher."""
    misses = []
    for var, rule in expect.items():
        val = env.get(var)
        if "one_of" in rule and val not in [None if x is None else str(x) for x in rule["one_of"]]:
            misses.append(f"{var}={val!r} not in {rule['one_of']}")
        if val is None:
            continue
        lst = parse_nccl_list(val)
        sel = {n for n in names if lst.selects(n)}
        misses += [f"{var} selects {d}" for d in rule.get("excludes", []) if d in sel]
        misses += [f"{var} misses {d}" for d in rule.get("includes_all", []) if d not in sel]
        if "selects_any" in rule and not sel & set(rule["selects_any"]):
            misses.append(f"{var} selects none of {rule['selects_any']}")
    return misses


def test_every_shared_fixture(data, capsys):
    dirs = fixture_dirs(data)
    assert len(dirs) >= 4
    for d in dirs:
        rc, out, err = run_cli(capsys, "--root", str(d), "--json")
        assert rc in (0, 1), (d.name, err)
        data = json.loads(out)
        assert data["schema_version"] == 1 and set(data) >= {"env", "reasons", "prediction", "findings"}
        for var in data["env"]:
            assert data["reasons"].get(var), (d.name, var)
        facts = collect(NodeRoot.open(str(d)))
        names = [x.name for x in facts.ib_devices] + [i.name for i in facts.ifaces]
        exp_path = d / "expected.json"
        if exp_path.exists():
            exp = json.loads(exp_path.read_text())
            assert check_expect(data["env"], exp.get("env_expect", {}), names) == [], d.name
            got = {f["id"] for f in data["findings"]}
            assert not got & set(exp.get("must_not", [])), d.name
            for m in exp.get("must", []):
                if m["id"].startswith("env."):
                    assert m["id"] in got, d.name
        # the recommendation passes its own validators
        rec = recommend_env(facts)
        applied = {k: v for k, v in facts.nccl.env.items() if k not in rec.unset} | rec.env
        assert [f.id for f in check_env_vars(facts, applied) if f.severity == Severity.ERROR] == [], d.name


def test_fixture_specifics(data, capsys):
    nodes = data / "nodes"
    rc, out, _ = run_cli(capsys, "--root", str(nodes / "roce-2nic-gid"), "--json")
    data = json.loads(out)
    assert rc == 1  # NCCL_IB_GID_INDEX=1 in cmd/env.txt is an error
    assert data["env"]["NCCL_IB_GID_INDEX"] == "3"
    assert data["prediction"]["net"]["plugin"] == "IB"
    assert all(g["gdr"] is False for g in data["prediction"]["gdr"].values())  # no peer memory
    rc, out, _ = run_cli(capsys, "--root", str(nodes / "h200x2-vm-no-rdma"), "--json")
    data = json.loads(out)
    assert rc == 0 and data["prediction"]["net"]["plugin"] == "Socket"
    assert data["prediction"]["topology"]["flattened"] is True
    assert data["prediction"]["transports"]["GPU0-GPU1"]["transport"] == "P2P/CUMEM"
    rc, out, _ = run_cli(capsys, "--root", str(nodes / "dgx-h100-ib-ok"), "--json")
    data = json.loads(out)
    assert data["prediction"]["bootstrap"] == {**data["prediction"]["bootstrap"],
                                               "interface": "ibp24s0", "address": "192.168.10.17"}
    assert len(data["prediction"]["hca_ports"]) == 8
    assert all(g["gdr"] and g["path"] == "PIX" for g in data["prediction"]["gdr"].values())
    rc, out, _ = run_cli(capsys, "--root", str(nodes / "ib-port-down-memlock"), "--explain")
    assert "GPU2: GDR yes via PXN through GPU3" in out and "mlx5_2:1 not ACTIVE" in out


def storage_node(tmp_path: Path) -> Path:
    """2 GPUs + 2 NDR compute HCAs behind PCIe switches, a RoCE storage NIC on its own root port, docker0."""
    b = NodeBuilder(tmp_path, host="gpu-st-01")
    for i, (rc, nic_bdf, gpu_bdf) in enumerate([("15", "0000:18:00.0", "0000:1b:00.0"),
                                                ("97", "0000:9a:00.0", "0000:9d:00.0")]):
        sw = [f"pci0000:{rc}", f"0000:{rc}:01.0", f"0000:{int(rc, 16) + 1:02x}:00.0"]
        b.gpu(gpu_bdf, [*sw, f"0000:{int(rc, 16) + 2:02x}:03.0"], numa=i, nvlinks=4)
        b.ib_device(f"mlx5_{i}", nic_bdf, [*sw, f"0000:{int(rc, 16) + 2:02x}:00.0"], numa=i,
                    netdev=f"ibp{int(nic_bdf[5:7], 16)}s0")
        b.iface(f"ibp{int(nic_bdf[5:7], 16)}s0", ipv4=[f"192.168.{10 + i}.7/24"])
    b.ib_device("mlx5_10", "0000:c1:00.0", ["pci0000:c0", "0000:c0:01.0"], numa=1, netdev="ens10f0",
                ports=[Port(1, rate="100 Gb/sec (4X EDR)", link_layer="Ethernet")])
    b.iface("ens10f0", ipv4=["10.50.0.7/16"])
    b.iface("docker0", ipv4=["172.17.0.1/16"])
    b.iface("eno1", ipv4=["10.0.0.7/16"], pci="0000:0a:00.0")
    b.module("nvidia_peermem", version="550.90.07").peermem().memlock("unlimited").nccl_version("2.23.4")
    b.env(NCCL_IB_HCA="mlx5_1")
    return b.write()


def test_storage_scenario_end_to_end(tmp_path, capsys):
    root = storage_node(tmp_path)
    rc, out, _ = run_cli(capsys, "--root", str(root), "--json")
    data = json.loads(out)
    assert data["env"]["NCCL_IB_HCA"] == "=mlx5_0:1,mlx5_1:1"
    ids = {(f["id"], f["subject"]) for f in data["findings"]}
    assert ("env.hca_prefix_ambiguous", "NCCL_IB_HCA") in ids  # mlx5_1 also selects mlx5_10
    assert [p["port"] for p in data["prediction"]["hca_ports"]] == ["mlx5_0:1", "mlx5_1:1"]
    assert data["prediction"]["bootstrap"]["interface"].startswith("ibp")
    rc, out, _ = run_cli(capsys, "--root", str(root), "--format", "shell")
    assert "export NCCL_IB_HCA==mlx5_0:1,mlx5_1:1" in out
    rc, out, _ = run_cli(capsys, "--root", str(root), "--format", "dotenv")
    assert out.splitlines() == ["NCCL_IB_HCA==mlx5_0:1,mlx5_1:1"]
    rc, out, _ = run_cli(capsys, "--root", str(root), "--format", "slurm")
    assert "srun --export=ALL,NCCL_IB_HCA==mlx5_0:1,mlx5_1:1" in out


def test_check_file(tmp_path, data, capsys):
    node = data / "nodes" / "dgx-h100-ib-ok"
    good = tmp_path / "good.env"
    rails = ",".join(f"mlx5_{i}:1" for i in range(8))
    good.write_text(f"# tuned\nexport NCCL_IB_HCA='={rails}'\nNCCL_SOCKET_IFNAME=eno1\n")
    rc, out, _ = run_cli(capsys, "--root", str(node), "--check", str(good), "--json")
    assert rc == 0 and json.loads(out)["findings"] == []
    # Two of the eight rails: valid names, but 2/8 of the node's bandwidth (env.hca_subset).
    good.write_text("NCCL_IB_HCA==mlx5_0:1,mlx5_1:1\n")
    rc, out, _ = run_cli(capsys, "--root", str(node), "--check", str(good), "--json")
    assert rc == 0 and [f["id"] for f in json.loads(out)["findings"]] == ["env.hca_subset"]
    bad = tmp_path / "bad.env"
    bad.write_text("NCCL_IB_HCA=mlx5_9\nNCCL_IB_DISABLE=1\n")
    rc, out, _ = run_cli(capsys, "--root", str(node), "--check", str(bad), "--json")
    data = json.loads(out)
    assert rc == 1
    assert {f["id"] for f in data["findings"]} == {"env.hca_unknown", "env.ib_disabled"}
    assert data["unset"] == ["NCCL_IB_DISABLE", "NCCL_IB_HCA"]
    broken = tmp_path / "broken.env"
    broken.write_text("NCCL_DEBUG=INFO\nthis is not a variable\n")
    rc, _, err = run_cli(capsys, "--root", str(node), "--check", str(broken))
    assert rc == 2 and f"{broken}:2" in err and "fix:" in err
    rc, _, err = run_cli(capsys, "--root", str(tmp_path / "nope"))
    assert rc == 2 and "nope" in err


@pytest.mark.parametrize("fmt", ["shell", "dotenv", "json", "torchrun", "slurm"])
def test_formats_render(data, capsys, fmt):
    rc, out, _ = run_cli(capsys, "--root", str(data / "nodes" / "roce-2nic-gid"), "--format", fmt)
    assert "NCCL_IB_GID_INDEX" in out and rc == 1
