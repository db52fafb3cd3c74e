"""Benchmark: `ncclkit analyze` on a large multi-rank NCCL log vs a bare Python line loop.

Builds a synthetic NCCL_DEBUG=INFO log of many ranks (default 200 MB, 512 hosts x 8 ranks) from the
real lines of shared/corpus/nccl_logs and shared/measurements, in a temporary directory. Then runs,
each in its own subprocess so memory is measured alone:
  1. baseline:   `for line in open(path, errors="replace")` counting lines;
  2. analyze:    ncclkit.logs.analyze.analyze_path(path) (streamed parse + findings; a file this
                 large is read as two byte ranges in two processes on a 2+ core machine);
  3. sequential: the same parse in one process (parse_nccl_log_stream(f, workers=1)), for reference.
Each is run --repeat times; the best time counts (the machine may be shared). Peak memory is
ru_maxrss of the process plus that of its forked reader (RUSAGE_CHILDREN), summed.
Prints and records (benchmarks/results/analyze_stream.json) sizes, times, MB/s, peak RSS and the
ratio analyze/baseline. Requirements checked: RSS < 200 MB, >= 100 MB/s, ratio <= 4.
benchmarks/results/analyze_stream.md keeps the history of runs and what each step gained.

usage: python benchmarks/analyze_stream.py [--size-mb 200] [--repeat 3] [--shared /work/shared] [--out FILE]
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

CHILD = r"""
import resource, sys, time, json
path, mode = sys.argv[1], sys.argv[2]
t0 = time.perf_counter()
if mode == "baseline":
    n = 0
    with open(path, encoding="utf-8", errors="replace") as f:
        for line in f:
            n += 1
    out = {"lines": n}
elif mode == "sequential":
    from ncclkit.logs.nccl_log import parse_nccl_log_stream
    with open(path, "rb") as f:
        s = parse_nccl_log_stream(f, workers=1)
    out = {"nranks": s.nranks, "hosts": len(s.hosts), "errors": len(s.errors)}
else:
    from ncclkit.logs.analyze import analyze_path
    r = analyze_path(path)
    out = {"kind": r["kind"], "nranks": r.get("nranks"), "hosts": len(r.get("hosts") or []),
           "transports": r.get("transports"), "errors": len(r.get("errors") or []),
           "findings": len(r["findings"])}
out["seconds"] = time.perf_counter() - t0
out["maxrss_mb"] = (resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
                    + resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss) / 1024
print(json.dumps(out))
"""

_PREFIX = re.compile(r"^.*?[A-Za-z0-9_][\w.\-]* ?:\d+:\d+ \[\d+\] ")
_VIA = re.compile(r" via (\S+(?: pointer)?)")


# "Init/fact" lines of the synthetic log: the lines the first streaming reader looked at one by one
# (kept fixed so that every run builds the same log).
_INTEREST = re.compile(rb"NCCL (?:WARN|failure|error|version|INFO (?:Using network|NET/|NCCL|P2P plugin|"
                       rb"Initialized NET|GPU Direct|nranks))|Test NCCL failure")
_KEYS = (b"nranks ", b"nRanks ", b"rror", b"imeout", b"# Rank", b"#  Rank", b"#   Rank")


def real_messages(shared: Path) -> tuple[list[str], list[str], list[str], list[str]]:
    """(bulk INFO messages, init INFO messages, WARN tails, transports) from the real logs."""
    bulk, init, warns, transports = [], [], [], set()
    files = sorted((shared / "corpus" / "nccl_logs").glob("*.txt")) + sorted((shared / "measurements").glob("*.log"))
    for f in files:
        for line in f.read_text(encoding="utf-8", errors="replace").splitlines():
            m = _VIA.search(line)
            if m:
                transports.add(m.group(1))
                continue
            if "NCCL INFO " in line:
                raw = line.encode()
                interesting = _INTEREST.search(raw) or any(k in raw for k in _KEYS) or " -> " in line
                (init if interesting else bulk).append(line.split("NCCL INFO ", 1)[1])
            elif " NCCL WARN " in line:
                m2 = _PREFIX.match(line)
                warns.append(line[m2.end():] if m2 else line.split("NCCL WARN", 1)[1])
    return bulk, init, warns, sorted(transports)


def build_log(path: Path, size_bytes: int, shared: Path, hosts: int = 512, per_host: int = 8) -> int:
    """Ranks interleaved at random; per line: 50% channel lines (the pair's transport is fixed:
    P2P/SHM inside a host, NET between hosts), 45% other runtime INFO lines, 5% init/fact lines,
    and a WARN line in about 1 of 2000."""
    rng = random.Random(7)
    bulk, init, warns, transports = real_messages(shared)
    local = [t for t in transports if not t.upper().startswith(("NET", "COLLNET"))]
    remote = [t for t in transports if t.upper().startswith("NET")]
    nranks = hosts * per_host
    written = 0
    with path.open("w", encoding="utf-8") as out:
        buf: list[str] = []
        while written < size_bytes:
            for _ in range(2000):
                rank = rng.randrange(nranks)
                host, dev = divmod(rank, per_host)
                prefix = f"node{host:04d}:{100000 + rank}:{200000 + rank} [{dev}] "
                x = rng.random()
                if x < 0.5:
                    peer = (rank + rng.choice((1, -1, per_host))) % nranks
                    pool = local if peer // per_host == host else remote
                    tr = pool[(rank * 31 + peer) % len(pool)]
                    line = (f"{prefix}NCCL INFO Channel {rng.randrange(32):02d}/0 : {rank}[{dev}] -> "
                            f"{peer}[{peer % per_host}] [send] via {tr}\n")
                elif x < 0.95:
                    line = f"{prefix}NCCL INFO {rng.choice(bulk)}\n"
                elif x < 0.9995:
                    line = f"{prefix}NCCL INFO {rng.choice(init)}\n"
                else:
                    line = f"\n{prefix}{rng.choice(warns)}\n"
                buf.append(line)
            chunk = "".join(buf)
            buf.clear()
            out.write(chunk)
            written += len(chunk.encode())
    return written


def run_child(path: Path, mode: str) -> dict:
    proc = subprocess.run([sys.executable, "-c", CHILD, str(path), mode], capture_output=True, text=True,
                          check=True)
    return json.loads(proc.stdout)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--size-mb", type=float, default=200.0)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--shared", type=Path, default=Path("/work/shared"))
    ap.add_argument("--out", type=Path, default=Path(__file__).parent / "results" / "analyze_stream.json")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "multi_rank_nccl.log"
        size = build_log(path, int(args.size_mb * 1e6), args.shared)
        run_child(path, "baseline")  # warm the page cache
        runs: dict[str, list[dict]] = {"baseline": [], "analyze": [], "sequential": []}
        for _ in range(args.repeat):  # interleaved, so a busy moment hits all three alike
            for mode, out in runs.items():
                out.append(run_child(path, mode))
        base, ana, seq = (min(runs[m], key=lambda r: r["seconds"]) for m in ("baseline", "analyze", "sequential"))
    mb = size / 1e6
    result = {
        "machine": f"{platform.machine()} {platform.python_implementation()} {platform.python_version()}",
        "log_mb": round(mb, 1), "lines": base["lines"],
        "baseline_s": round(base["seconds"], 3), "baseline_mb_per_s": round(mb / base["seconds"], 1),
        "baseline_maxrss_mb": round(base["maxrss_mb"], 1),
        "analyze_s": round(ana["seconds"], 3), "analyze_mb_per_s": round(mb / ana["seconds"], 1),
        "analyze_maxrss_mb": round(max(r["maxrss_mb"] for r in runs["analyze"]), 1),
        "ratio_analyze_over_baseline": round(ana["seconds"] / base["seconds"], 2),
        "sequential_s": round(seq["seconds"], 3), "sequential_maxrss_mb": round(seq["maxrss_mb"], 1),
        "ratio_sequential_over_baseline": round(seq["seconds"] / base["seconds"], 2),
        "all_s": {m: [round(r["seconds"], 3) for r in rs] for m, rs in runs.items()},
        "cpus": os.cpu_count(),
        "analyze_result": {k: v for k, v in ana.items() if k not in ("seconds", "maxrss_mb")},
        "measured_at": time.strftime("%Y-%m-%dT%H:%M:%S"),
    }
    result["ok"] = (result["analyze_maxrss_mb"] < 200 and result["analyze_mb_per_s"] >= 100
                    and result["ratio_analyze_over_baseline"] <= 4)
    # One process is what a user gets when the second core is busy: reported, not part of "ok".
    result["sequential_within_4x"] = result["ratio_sequential_over_baseline"] <= 4
    print(json.dumps(result, indent=1))
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(result, indent=1) + "\n")
    return 0 if result["ok"] else 1


if __name__ == "__main__":
    sys.exit(main())
