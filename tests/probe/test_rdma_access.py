"""One record of RDMA user space (facts.rdma): the snapshot forms of every version, and live."""

from __future__ import annotations

import json
from pathlib import Path

from ncclkit.probe.collect import collect
from ncclkit.probe.common import IssueLog
from ncclkit.probe.rdma_access import read_rdma_access
from ncclkit.probe.root import NodeRoot
from ncclkit.probe.snapshot import capture_tree

LIB = "/usr/lib/x86_64-linux-gnu/libibverbs.so.1.14.50.0"


def _read(tmp_path: Path, files: dict[str, str]) -> tuple[object, IssueLog]:
    for rel, text in files.items():
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text(text)
    issues = IssueLog()
    return read_rdma_access(NodeRoot(tmp_path, False), issues), issues


def test_current_record_with_versions(tmp_path: Path) -> None:
    r, issues = _read(tmp_path, {
        "cmd/rdma-userspace.json": json.dumps({"uverbs": ["uverbs1", "uverbs0"], "libibverbs": LIB,
                                               "providers": ["libmlx5-rdmav34.so"]}),
        "cmd/ofed_info-s.txt": "MLNX_OFED_LINUX-23.10-1.1.9.0:\n"})
    assert (r.source, r.uverbs, r.libibverbs, r.libibverbs_known) == (
        "cmd/rdma-userspace.json", ("uverbs0", "uverbs1"), LIB, True)
    assert (r.providers, r.rdma_core_version, r.ofed_version) == (
        ("libmlx5-rdmav34.so",), "50.0", "MLNX_OFED_LINUX-23.10-1.1.9.0")
    assert not issues.items()


def test_library_not_found_is_known_absent(tmp_path: Path) -> None:
    r, _ = _read(tmp_path, {"cmd/rdma-userspace.json": '{"uverbs": [], "libibverbs": "", "providers": []}'})
    assert (r.libibverbs, r.libibverbs_known, r.uverbs) == (None, True, ())


def test_earlier_snapshot_files(tmp_path: Path) -> None:
    r, _ = _read(tmp_path, {"cmd/dev-infiniband.txt": "rdma_cm\nuverbs0\n", "cmd/libibverbs.txt": "libibverbs.so.1\n"})
    assert (r.source, r.uverbs, r.libibverbs, r.providers) == ("cmd/libibverbs.txt", ("uverbs0",), "libibverbs.so.1", None)


def test_copied_dev_folder_and_nothing(tmp_path: Path) -> None:
    (tmp_path / "a/dev/infiniband").mkdir(parents=True)
    (tmp_path / "a/dev/infiniband/uverbs3").write_text("")
    (tmp_path / "b").mkdir()
    a, b = read_rdma_access(NodeRoot(tmp_path / "a", False), IssueLog()), read_rdma_access(NodeRoot(tmp_path / "b", False), IssueLog())
    assert (a.source, a.uverbs, a.libibverbs_known) == ("dev/", ("uverbs3",), False)
    assert (b.source, b.uverbs, b.libibverbs_known) == (None, None, False)


def test_broken_record_is_an_issue_not_a_crash(tmp_path: Path) -> None:
    r, issues = _read(tmp_path, {"cmd/rdma-userspace.json": '["uverbs0"]'})
    assert r.uverbs is None and [i.path for i in issues.items()] == ["cmd/rdma-userspace.json"]


def test_live_and_its_snapshot_agree(tmp_path: Path) -> None:
    live = collect(NodeRoot.live_root()).rdma
    (tmp_path / "snap").mkdir()
    capture_tree(NodeRoot.live_root(), tmp_path / "snap")
    again = collect(NodeRoot(tmp_path / "snap", False)).rdma
    assert live.source == "live" and again.source == "cmd/rdma-userspace.json"
    assert (live.uverbs, live.libibverbs, live.providers) == (again.uverbs, again.libibverbs, again.providers)
