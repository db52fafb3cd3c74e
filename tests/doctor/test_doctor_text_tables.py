"""Doctor text report tables: PCIe link of sysfs-only GPUs, GDR columns per env, cmd/ error files,
and variables NCCL never reads (NCCL_VERSION of NVIDIA's images)."""

from __future__ import annotations

import io
from pathlib import Path

from ncclkit.doctor import run_doctor
from ncclkit.facts import pcie_gen_of_gts
from ncclkit.probe.collect import collect
from ncclkit.probe.root import NodeRoot
from ncclkit.doctor import recommend_checked as recommend_env
from ncclkit.report.text import make_console, render_text
from ncclkit.rules.env import check_env_vars

from nodebuilder import NodeBuilder
from nodes import node



def _text(root: str | Path) -> str:
    out = io.StringIO()
    render_text(run_doctor(NodeRoot.open(str(root))), make_console(out))
    return out.getvalue()


def _row(text: str, first_cell: str, section: str = "GPUs") -> list[str]:
    """Cells of the first row starting with `first_cell` below the `section` heading."""
    lines = text.splitlines()
    start = next(i for i, ln in enumerate(lines) if ln.startswith(section))
    line = next(ln for ln in lines[start:] if ln.startswith(first_cell + " "))
    return [c.strip() for c in line.split("|")]


def test_pcie_gen_of_gts():
    assert [pcie_gen_of_gts(s) for s in (2.5, 5.0, 8.0, 16.0, 32.0, 64.0)] == [1, 2, 3, 4, 5, 6]
    assert pcie_gen_of_gts(None) is None and pcie_gen_of_gts(12.0) is None


def test_sysfs_only_gpus_show_the_pci_link(tmp_path):
    # No usable nvidia-smi output: the GPU table falls back to the sysfs link files.
    root = (NodeBuilder(tmp_path, host="n1")
            .gpu("0000:1b:00.0", pci_path=["pci0000:15", "0000:15:01.0"], gen=(4, 5), width=(8, 16))
            .cmd("nvidia-smi-q-x.xml", "/bin/sh: 1: nvidia-smi: not found").write())
    facts = collect(NodeRoot.open(str(root)))
    assert facts.gpu_source == "sysfs"
    row = _row(_text(root), "GPU0")
    assert row[4:6] == ["4/5", "x8/x16"], row


def test_malformed_fixture_keeps_unknown_max_speed_unknown():
    # max_link_speed is "Unknown" there: only that cell stays "-".
    row = _row(_text(node("malformed-cmds")), "GPU0")
    assert row[4:6] == ["5/-", "x16/x16"], row


def test_gdr_columns_agree_per_env():
    text = _text(node("env-gdr-level-loc"))
    header = next(ln for ln in text.splitlines() if ln.startswith("GPU ") and "nearest NIC" in ln)
    assert [c.strip() for c in header.split("|")][3:] == [
        "level (env in force)", "GDR (env in force)", "level (recommended env)", "GDR (recommended env)"]
    for gpu in range(4):
        assert _row(text, f"GPU{gpu}", "GPUDirect")[3:] == ["<= LOC", "no", "<= PXB", "yes"]


def test_gdr_in_force_follows_ib_disabled():
    # NCCL_IB_DISABLE=1: NET/Socket now, so no GDR whatever the distance; the recommendation fixes it.
    text = _text(node("env-ib-disabled"))
    assert _row(text, "GPU0", "GPUDirect")[3:] == ["<= PXB", "no", "<= PXB", "yes"]


def test_error_text_in_cmd_file_is_named(tmp_path):
    root = (NodeBuilder(tmp_path, host="n1").gpu("0000:1b:00.0")
            .cmd("ip-j-addr.json", "bash: ip: command not found").write())
    issues = {i.path: i.message for i in collect(NodeRoot.open(str(root))).issues}
    assert issues["cmd/ip-j-addr.json"] == ("captured output is an error message "
                                            "('bash: ip: command not found'): interface addresses unknown")
    (root / "cmd" / "ip-j-addr.json").unlink()
    issues = {i.path: i.message for i in collect(NodeRoot.open(str(root))).issues}
    assert issues["cmd/ip-j-addr.json"] == "not captured: interface addresses unknown"


def test_nccl_version_variable_is_shown_but_never_judged(tmp_path):
    def build(sub: str, **env: str) -> Path:
        return (NodeBuilder(tmp_path / sub, host="n1").gpu("0000:1b:00.0")
                .ib_device("mlx5_0", "0000:18:00.0").env(NCCL_IB_HCA="=mlx5_0:1", **env)
                .nccl_version("2.21.5").write())

    plain, image = build("plain"), build("image", NCCL_VERSION="2.28.3-1")
    facts = collect(NodeRoot.open(str(image)))
    assert facts.nccl.env["NCCL_VERSION"] == "2.28.3-1"
    base = collect(NodeRoot.open(str(plain)))
    assert [f.id for f in check_env_vars(facts, dict(facts.nccl.env))] == \
        [f.id for f in check_env_vars(base, dict(base.nccl.env))]
    rec, rec_base = recommend_env(facts), recommend_env(base)
    assert (rec.env, rec.unset) == (rec_base.env, rec_base.unset)
    line = next(ln for ln in _text(image).splitlines() if "NCCL_VERSION=" in ln)
    assert line.strip() == "NCCL_VERSION=2.28.3-1  # set by NVIDIA's container image; NCCL does not read it"
