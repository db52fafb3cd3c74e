"""Open MPI's own refusals made for real (benchmarks/mpi_launch_device.sh): their outputs from Open MPI 4.1.4 (the CI
machine) and 4.1.6 (the device machine) are kept in tests/analyze/data/mpi-launch-ompi-*. Each mistake is put in by
construction, so the cause each must lead with is known, and the controls (ranks bound to cores with their bindings
reported, a plain run) must name none. Where mpirun is installed, the last test makes them again with that release."""

from __future__ import annotations

import csv
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from ncclkit.logs.analyze import analyze_path

DATA = Path(__file__).parent / "data"
SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "mpi_launch_device.sh"
LAUNCH = ("log.launch_config", "application_bug")
# What each mistake is, hence the cause it must lead with.
MISTAKES = {
    "as-root": LAUNCH,  # root without --allow-run-as-root
    "too-many-ranks": LAUNCH,  # -np four times the cores
    "bind-overload": LAUNCH,  # --bind-to core with more ranks than cores
    "no-program": LAUNCH,  # a program the node does not have
    "no-hostfile": LAUNCH,  # --hostfile of a path that is not there
    "unknown-option": LAUNCH,  # an option this mpirun does not have
}
# Mistakes mpirun only warns of: the run goes on, without what was meant.
WARNED = {"unset-export": LAUNCH}  # -x NAME with NAME unset where mpirun runs
# -H of a name that does not resolve: an mpirun that starts its daemon there asks ssh, which cannot resolve it;
# one with an allocation of its own (4.1.6 on the device) refuses a host outside it first.
UNRESOLVABLE = {"4.1.4": ("log.name_resolution", "hostname_resolution"), "4.1.6": LAUNCH}
CONTROLS = ("bound-healthy", "healthy")


def _lead(log: Path) -> tuple[str, str] | None:
    return next(((f["id"], f["cause"]) for f in analyze_path(log)["findings"] if f["cause"]), None)


def _check(folder: Path, unresolvable: set[tuple[str, str]], skip: frozenset[str] = frozenset()) -> None:
    runs = {r["scenario"]: r for r in csv.DictReader((folder / "runs.tsv").open(), delimiter="\t")}
    assert {*MISTAKES, *WARNED, "unresolvable-host", "rank-exits", *CONTROLS} <= set(runs)
    for name, expected in MISTAKES.items():
        if name in skip:
            continue
        assert runs[name]["exit_code"] != "0", name
        assert _lead(folder / f"{name}.log") == expected, name
    for name, expected in WARNED.items():
        assert runs[name]["exit_code"] == "0", name
        lead = next(f for f in analyze_path(folder / f"{name}.log")["findings"] if f["cause"])
        assert (lead["id"], lead["cause"], lead["severity"]) == (*expected, "warning"), name
    assert runs["unresolvable-host"]["exit_code"] != "0"
    assert _lead(folder / "unresolvable-host.log") in unresolvable
    for name in CONTROLS:
        assert runs[name]["exit_code"] == "0", name
        assert _lead(folder / f"{name}.log") is None, name
    # A rank that exits 3 without a word: mpirun's report names the rank, and no cause can be read from it.
    findings = analyze_path(folder / "rank-exits.log")["findings"]
    assert runs["rank-exits"]["exit_code"] == "3"
    assert "log.worker_failed" in [f["id"] for f in findings] and not any(f["cause"] for f in findings)


@pytest.mark.parametrize("release", sorted(UNRESOLVABLE))
def test_open_mpis_refusals_lead_with_their_causes(release: str) -> None:
    _check(DATA / f"mpi-launch-ompi-{release}", {UNRESOLVABLE[release]})


def test_the_same_mistakes_with_the_installed_mpirun(tmp_path: Path) -> None:
    if shutil.which("mpirun") is None or shutil.which("ompi_info") is None:
        pytest.skip("no Open MPI here")
    subprocess.run(["bash", str(SCRIPT)], env={**os.environ, "OUT": str(tmp_path)}, check=True, timeout=600,
                   capture_output=True)
    # mpirun refuses root only; run as another user, that scenario is a healthy run
    skip = frozenset() if os.geteuid() == 0 else frozenset({"as-root"})
    _check(tmp_path / "mpi-launch", set(UNRESOLVABLE.values()), skip)
