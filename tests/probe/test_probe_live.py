"""collect() on the machine running the tests: must never raise; facts checked against the OS."""

from __future__ import annotations

import resource
import shutil
import socket
import subprocess
from pathlib import Path

import pytest

from ncclkit.probe.collect import collect
from ncclkit.probe.root import NodeRoot

from conftest import have_gpu


@pytest.fixture(scope="module")
def live_facts():
    mp = pytest.MonkeyPatch()
    mp.setenv("NCCL_DEBUG", "INFO")
    mp.setenv("NCCLKIT_UNRELATED", "1")
    try:
        yield collect(NodeRoot.live_root())
    finally:
        mp.undo()


def test_live_collect(live_facts):
    f = live_facts
    assert (f.host, f.source) == (socket.gethostname(), "live")
    assert f.captured_at and f.captured_at.endswith("Z")
    lo = f.iface("lo")
    assert lo is not None and lo.kind == "loopback" and lo.is_virtual
    assert lo.addresses_known and "127.0.0.1/8" in lo.ipv4
    soft, _ = resource.getrlimit(resource.RLIMIT_MEMLOCK)
    if soft == resource.RLIM_INFINITY:
        assert f.os.memlock_unlimited is True
    else:
        assert (f.os.memlock_soft_bytes, f.os.memlock_unlimited) == (soft, False)
    assert f.nccl.env_source == "process"
    assert f.nccl.env.get("NCCL_DEBUG") == "INFO" and "NCCLKIT_UNRELATED" not in f.nccl.env
    assert f.peermem.kernel_release == Path("/proc/sys/kernel/osrelease").read_text().strip()
    assert [d.name for d in f.ib_devices] == sorted(p.name for p in Path("/sys/class/infiniband").glob("*"))
    assert {i.name for i in f.ifaces} >= {p.name for p in Path("/sys/class/net").iterdir()}
    if not have_gpu():
        assert f.gpus == () and f.gpu_source is None
        assert all(i.source != "gpu" for i in f.issues)


def test_live_addresses_without_ip_command(monkeypatch):
    # Hide `ip`: addresses come from the ioctl / proc/net/if_inet6 fallback.
    monkeypatch.setenv("PATH", "/nonexistent")
    f = collect(NodeRoot.live_root())
    lo = f.iface("lo")
    assert lo is not None and lo.addresses_known and lo.ipv4 == ("127.0.0.1/8",)
    if Path("/proc/net/if_inet6").read_text().find(" lo\n") >= 0:
        assert "::1/128" in lo.ipv6


@pytest.mark.gpu
def test_live_gpus_match_nvidia_smi(live_facts):
    if not have_gpu():
        pytest.skip("no NVIDIA GPU")
    out = subprocess.run([shutil.which("nvidia-smi") or "nvidia-smi", "--query-gpu=pci.bus_id,name",
                          "--format=csv,noheader"], capture_output=True, text=True, check=True, timeout=60).stdout
    want = [(line.split(",")[0].strip().lower()[4:], line.split(",")[1].strip()) for line in out.splitlines()]
    f = live_facts
    assert f.gpu_source == "nvml"
    assert [(g.bus_id, g.name) for g in f.gpus] == want
    assert all(g.bus_id in f.pci and g.numa_node is not None and g.compute_capability for g in f.gpus)
    assert f.driver_version and f.cuda_version
