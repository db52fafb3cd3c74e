"""A small /dev/shm met for real: a DataLoader with worker processes (this machine's CPU torch) in a private mount
namespace whose /dev/shm is a tmpfs of a few megabytes, as Docker's default of 64 MB is for real batches. Its whole
output (`df -h /dev/shm`, then torch's traceback) is read back as a user pastes it. The same run with room to spare
is the control: no shared-memory cause may come out of it. Skipped where the test cannot make a mount namespace (no
root, or a container without CAP_SYS_ADMIN)."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from ncclkit.logs.analyze import analyze_path

pytest.importorskip("torch")

# Batches of 4 x 16 MB: a worker puts each batch in shared memory before the main process reads it.
_LOADER = """\
import torch
from torch.utils.data import DataLoader, Dataset
class Samples(Dataset):
    def __len__(self):
        return 32
    def __getitem__(self, i):
        return torch.ones(4 << 20)
if __name__ == "__main__":
    for batch in DataLoader(Samples(), batch_size=4, num_workers=2):
        pass
    print("all batches read")
"""


def _run(tmp_path: Path, shm_size: str) -> tuple[int, Path]:
    """Exit code and the output file of the loader under a /dev/shm of `shm_size`."""
    script = tmp_path / "loader.py"
    script.write_text(_LOADER)
    out = tmp_path / f"shm-{shm_size}.log"
    inner = f"mount -t tmpfs -o size={shm_size} tmpfs /dev/shm && df -h /dev/shm && {sys.executable} {script}"
    with out.open("w") as fh:
        rc = subprocess.run(["unshare", "-m", "sh", "-c", inner], stdout=fh, stderr=subprocess.STDOUT,
                            timeout=180, check=False).returncode
    return rc, out


@pytest.fixture(scope="module")
def can_mount(tmp_path_factory: pytest.TempPathFactory) -> None:
    if shutil.which("unshare") is None:
        pytest.skip("no unshare(1) here")
    probe = subprocess.run(["unshare", "-m", "sh", "-c", "mount -t tmpfs -o size=1m tmpfs /dev/shm"],
                           capture_output=True, timeout=30, check=False)
    if probe.returncode != 0:
        pytest.skip(f"cannot make a mount namespace here: {probe.stderr.decode(errors='replace').strip()}")


def test_a_dataloader_under_a_small_dev_shm_reads_as_shared_memory(can_mount: None, tmp_path: Path) -> None:
    rc, out = _run(tmp_path, "8m")
    text = out.read_text()
    assert rc != 0 and "No space left on device" in text, text[-2000:]
    findings = analyze_path(out)["findings"]
    lead = next(f for f in findings if f["cause"])
    assert lead["cause"] == "shm_too_small", findings
    assert lead["severity"] == "error"


def test_the_same_loader_with_room_names_no_shared_memory_cause(can_mount: None, tmp_path: Path) -> None:
    rc, out = _run(tmp_path, "1g")
    assert rc == 0 and "all batches read" in out.read_text(), out.read_text()[-2000:]
    causes = [f["cause"] for f in analyze_path(out)["findings"] if f["cause"]]
    assert "shm_too_small" not in causes, causes
