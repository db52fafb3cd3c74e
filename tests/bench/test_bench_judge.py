"""Launcher variables, verdicts, stragglers, --compare and the ib_write_bw parser (no torch)."""

from __future__ import annotations

from pathlib import Path

import pytest

from ncclkit.bench.compare import compare_with_nccl_tests, render_compare
from ncclkit.bench.dist import first_slurm_host, from_env
from ncclkit.bench.perftest import check_ib_write_bw, parse_ib_write_bw
from ncclkit.bench.results import BenchConfig, BenchResult, BenchSample, RankInfo
from ncclkit.bench.verdict import check_result, check_stragglers, expectation_from
from ncclkit.errors import NcclkitError
from ncclkit.facts import GpuInfo, NodeFacts, NvLink, PciDevice

DATA = Path(__file__).parent / "data"


def test_launchers_are_read() -> None:
    t = from_env({"RANK": "3", "WORLD_SIZE": "8", "LOCAL_RANK": "1", "MASTER_ADDR": "n0",
                  "MASTER_PORT": "1234"})
    assert (t.rank, t.world_size, t.local_rank, t.master_port, t.launcher) == (3, 8, 1, 1234,
                                                                                "torchrun")
    s = from_env({"SLURM_PROCID": "5", "SLURM_NTASKS": "16", "SLURM_LOCALID": "5",
                  "SLURM_JOB_NODELIST": "gpu[07-09,12]"})
    assert (s.rank, s.world_size, s.local_rank, s.master_addr, s.launcher) == (
        5, 16, 5, "gpu07", "slurm")
    m = from_env({"OMPI_COMM_WORLD_RANK": "2", "OMPI_COMM_WORLD_SIZE": "4",
                  "OMPI_COMM_WORLD_LOCAL_RANK": "0", "MASTER_ADDR": "10.0.0.1"})
    assert (m.rank, m.world_size, m.launcher, m.master_port) == (2, 4, "mpirun", 29500)
    assert from_env({}).world_size == 1


def test_launcher_mistakes_are_explained() -> None:
    with pytest.raises(NcclkitError, match="MASTER_ADDR"):
        from_env({"OMPI_COMM_WORLD_RANK": "0", "OMPI_COMM_WORLD_SIZE": "2"})
    with pytest.raises(NcclkitError, match="RANK='x'"):
        from_env({"RANK": "x", "WORLD_SIZE": "2", "MASTER_ADDR": "a"})
    with pytest.raises(NcclkitError, match="outside"):
        from_env({"RANK": "4", "WORLD_SIZE": "2", "MASTER_ADDR": "a"})
    assert first_slurm_host("node5,node6") == "node5"


def _sample(size: int, time_us: float, busbw: float, *, ranks: tuple[float, ...] = (),
            coll: str = "all_reduce", wrong: int = 0) -> BenchSample:
    return BenchSample(collective=coll, size_bytes=size, count=size // 4, dtype="float",
                       redop="sum", root=-1, in_place=False, time_us=time_us, algbw_gbps=busbw,
                       busbw_gbps=busbw, wrong=wrong, checked=True,
                       time_us_min=min(ranks or (time_us,)), time_us_max=max(ranks or (time_us,)),
                       rank_time_us=ranks or (time_us, time_us))


def _result(samples: list[BenchSample], nranks: int = 2, mode: str = "graph") -> BenchResult:
    ranks = tuple(RankInfo(rank=r, host="gpu1", pid=1, local_rank=r, device=f"cuda:{r}",
                           bus_id=f"0000:{r + 6:02x}:00.0") for r in range(nranks))
    return BenchResult(nranks=nranks, backend="nccl", engine="direct", mode=mode,
                       config=BenchConfig(), ranks=ranks, samples=tuple(samples))


def _h200(links: int) -> NodeFacts:
    gpus = tuple(GpuInfo(index=i, bus_id=f"0000:0{i + 6}:00.0", compute_capability="9.0",
                         nvlinks=tuple(NvLink(link=k, active=True) for k in range(links)))
                 for i in range(2))
    return NodeFacts(host="gpu1", source="live", gpus=gpus)


def test_nvlink_verdict_from_facts() -> None:
    exp = expectation_from(_h200(18), single_node=True, net_only=False)
    assert exp is not None and exp.path == "NVLink"
    assert exp.line_rate_gbyte == pytest.approx(478.125)
    good = check_result(_result([_sample(1 << 30, 3271.0, 328.3)]), exp)
    assert [f.id for f in good] == ["bench.busbw_ok"]
    slow = check_result(_result([_sample(1 << 30, 9000.0, 120.0)]), exp)
    assert slow[0].id == "bench.busbw_low" and slow[0].severity == "error"
    # 4 of 18 links left: the expectation follows the facts
    few = expectation_from(_h200(4), single_node=True, net_only=False)
    assert few is not None and few.line_rate_gbyte == pytest.approx(106.25)


def test_pcie_verdict_falls_back_to_the_sysfs_link() -> None:
    # No NVLink and no NVML PCIe figures (nvidia-smi missing): the GPU's sysfs link decides.
    gpus = tuple(GpuInfo(index=i, bus_id=f"0000:0{i + 6}:00.0") for i in range(2))
    pci = {g.bus_id: PciDevice(bdf=g.bus_id, current_link_speed_gts=16.0, current_link_width=8)
           for g in gpus}
    exp = expectation_from(NodeFacts(host="gpu1", source="live", gpus=gpus, pci=pci),
                           single_node=True, net_only=False)
    assert exp is not None and exp.path == "PCIe" and "Gen4 x8" in exp.source
    assert exp.line_rate_gbyte == pytest.approx(1.969 * 8)
    assert expectation_from(NodeFacts(host="gpu1", source="live", gpus=gpus),
                            single_node=True, net_only=False) is None


def test_nic_verdict_from_flags_and_unknown_rate() -> None:
    exp = expectation_from(None, single_node=False, net_only=False, nic_gbit=400, nics=8)
    assert exp is not None and exp.path == "NIC" and exp.line_rate_gbyte == 400
    f = check_result(_result([_sample(1 << 30, 3000.0, 250.0)]), exp)
    assert f[0].id == "bench.busbw_low" and f[0].severity == "warning"
    none = check_result(_result([_sample(1 << 30, 3000.0, 250.0)]), None)
    assert none[0].id == "bench.no_expectation" and "--nic-gbit" in none[0].fix


def test_eager_latency_is_flagged_against_nvlink_reference() -> None:
    exp = expectation_from(_h200(18), single_node=True, net_only=False)
    rows = [_sample(s, 45.0, 0.0) for s in (8, 1024, 65536)]
    f = {x.id: x for x in check_result(_result(rows, mode="graph"), exp)}
    assert f["bench.latency"].severity == "warning"
    ok = {x.id: x for x in check_result(_result([_sample(8, 6.0, 0.0)]), exp)}
    assert ok["bench.latency"].severity == "info"


def test_straggler_rank_is_named() -> None:
    rows = [_sample(1 << 24, 100.0, 1.0, ranks=(100.0, 101.0, 70.0, 99.0)) for _ in range(4)]
    f = check_stragglers(_result(rows, nranks=4))
    assert len(f) == 1 and f[0].id == "bench.rank_straggler"
    assert f[0].subject.startswith("gpu1/rank2") and "wait" in f[0].message
    even = [_sample(1 << 24, 100.0, 1.0, ranks=(100.0, 101.0, 99.0, 100.0))] * 4
    assert check_stragglers(_result(even, nranks=4)) == []


def test_compare_with_a_real_nccl_tests_table(data: Path) -> None:
    text = (data / "measurements" / "nccl-tests-allreduce-2xH200-nvlink.txt").read_text()
    ours = _result([_sample(1 << 30, 3271.01 * 1.02, 321.8), _sample(3, 1.0, 0.0)])
    rows = compare_with_nccl_tests(ours, text, source="nt.txt")
    hit = next(r for r in rows if r.size_bytes == 1 << 30)
    assert hit.time_ratio == pytest.approx(1.02) and hit.theirs_busbw_gbps == 328.26
    assert "1073741824" in render_compare(rows, "nt.txt")
    with pytest.raises(NcclkitError, match="no size"):
        compare_with_nccl_tests(_result([_sample(3, 1.0, 0.0)]), text, source="nt.txt")


def test_ib_write_bw_sweep_with_gdr_is_parsed_and_judged() -> None:
    rows = parse_ib_write_bw((DATA / "ib_write_bw-gpu-operator-use_cuda-sweep.txt").read_text())
    assert len(rows) == 23 and rows[0].size_bytes == 2 and rows[-1].size_bytes == 8388608
    assert rows[-1].average_gbit == 92.39 and rows[-1].device == "mlx5_0"
    assert rows[-1].link_type == "Ethernet"
    assert check_ib_write_bw("mlx5_0:1", rows, 100.0, gdr=True).id == "bench.ib_write_bw"
    low = check_ib_write_bw("mlx5_0:1", rows, 200.0, gdr=True)
    assert low.id == "bench.ib_write_bw_low" and low.severity == "error"  # 46% of 200G


def test_ib_write_bw_duration_mode_uses_the_average() -> None:
    rows = parse_ib_write_bw((DATA / "ib_write_bw-duration-server.txt").read_text())
    assert [(r.size_bytes, r.peak_gbit, r.average_gbit) for r in rows] == [(65536, 0.0, 98.03)]
    f = check_ib_write_bw("mlx5_0:1", rows, 100.0, gdr=False)
    assert f.severity == "info" and f.evidence["ratio"] == pytest.approx(0.98, abs=0.001)
    assert check_ib_write_bw("mlx5_0:1", parse_ib_write_bw("Couldn't connect"), 100.0,
                             gdr=False).id == "bench.ib_write_bw_failed"
