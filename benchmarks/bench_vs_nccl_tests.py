"""Side by side on the same GPUs: nccl-tests all_reduce_perf (built here from its source) and `ncclkit bench`.

Usage, on a machine with >= 2 GPUs, nvcc and the torch + nvidia-nccl wheels:
    python benchmarks/bench_vs_nccl_tests.py --nccl-tests-src DIR --out DIR [--label NAME]
It builds all_reduce_perf against the libnccl that torch uses, then runs, interleaved, --rounds rounds (3)
of: nccl-tests -G 10 (CUDA graph) and ncclkit bench (CUDA graph, direct NCCL); then once each
nccl-tests without -G, ncclkit --eager, and ncclkit --engine torch (graph and eager), for
information, and ncclkit with torch's allocator instead of ncclMemAlloc. Writes to --out:
<label>.md (commands, machine, comparison table, criteria), <label>.json (every run's parsed
rows) and <label>-raw.txt (every command's full output).
Criteria (the issue's): graph-mode busbw at >= 256 MB >= 0.98x nccl-tests -G, and time at
<= 64 KB <= 1.10x nccl-tests -G, each size compared with the best round per tool.
Every child process inherits NCCL_NVLS_ENABLE=0, TORCH_SYMM_MEM_DISABLE_MULTICAST=1 and
NVSHMEM_DISABLE_NVLS=1 (NVLink multicast stays off on shared hosts).
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import re
import shlex
import subprocess
import sys
import time
from pathlib import Path

SAFE_ENV = {"NCCL_NVLS_ENABLE": "0", "TORCH_SYMM_MEM_DISABLE_MULTICAST": "1",
            "NVSHMEM_DISABLE_NVLS": "1"}
ITERS = ["-w", "5", "-n", "20"]
LAT_MAX, BW_MIN = 64 * 2**10, 256 * 2**20


def sh(cmd: list[str], raw: list[str], env: dict[str, str], timeout_s: int = 400) -> str:
    t0 = time.time()
    proc = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=timeout_s,
                          check=False)
    out = proc.stdout + (f"\n[stderr]\n{proc.stderr}" if proc.stderr.strip() else "")
    raw.append(f"\n===== $ {shlex.join(cmd)}\n===== rc={proc.returncode} "
               f"wall={time.time() - t0:.1f}s\n{out}")
    print(f"rc={proc.returncode} {time.time() - t0:6.1f}s  {shlex.join(cmd)}", flush=True)
    return proc.stdout if proc.returncode in (0, 1) else ""


def nccl_home(build: Path) -> tuple[Path, Path]:
    """A NCCL_HOME for nccl-tests' Makefile from the nvidia-nccl wheel (it has no libnccl.so link)."""
    import nvidia.nccl  # noqa: PLC0415

    wheel = Path(next(iter(nvidia.nccl.__path__)))
    home = build / "ncclhome"
    (home / "lib").mkdir(parents=True, exist_ok=True)
    for name in ("libnccl.so", "libnccl.so.2"):
        link = home / "lib" / name
        if not link.exists():
            link.symlink_to(wheel / "lib" / "libnccl.so.2")
    if not (home / "include").exists():
        (home / "include").symlink_to(wheel / "include")
    return home, wheel / "lib"


def build_nccl_tests(src: Path, build: Path, raw: list[str], env: dict[str, str]) -> Path:
    home, _ = nccl_home(build)
    cmd = ["make", "-C", str(src / "src"), "-j16", f"BUILDDIR={build}", f"NCCL_HOME={home}",
           "CUDA_HOME=/usr/local/cuda", "NVCC_GENCODE=-gencode=arch=compute_90,code=sm_90",
           str(build / "all_reduce_perf")]
    sh(cmd, raw, env, timeout_s=500)
    exe = build / "all_reduce_perf"
    if not exe.exists():
        sys.exit("all_reduce_perf did not build: see the raw log")
    return exe


def parse_rows(text: str) -> dict[int, dict[str, float | None]]:
    from ncclkit.logs.nccl_tests import parse_nccl_tests  # noqa: PLC0415

    return {r.size_bytes: {"time_us": r.time_us, "busbw_gbps": r.busbw_gbps,
                           "ip_time_us": r.ip_time_us, "ip_busbw_gbps": r.ip_busbw_gbps,
                           "wrong": r.wrong, "ip_wrong": r.ip_wrong}
            for r in parse_nccl_tests(text).rows}


def best(runs: list[dict[int, dict]], size: int, key: str, lower: bool) -> float | None:
    vals = [r[size][key] for r in runs if size in r and r[size].get(key) is not None]
    if not vals:
        return None
    return min(vals) if lower else max(vals)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--nccl-tests-src", required=True, type=Path)
    ap.add_argument("--out", required=True, type=Path)
    ap.add_argument("--label", default="bench-2xH200-" + datetime.date.today().isoformat())
    ap.add_argument("--nproc", type=int, default=2)
    ap.add_argument("--min-bytes", default="8", help="nccl-tests -b for both tools")
    ap.add_argument("--max-bytes", default="1G", help="nccl-tests -e for both tools")
    ap.add_argument("--rounds", type=int, default=3, help="interleaved graph-mode rounds per tool")
    ap.add_argument("--kit-args", default="", help="extra `ncclkit bench` arguments")
    args = ap.parse_args()
    env = dict(os.environ, **SAFE_ENV)
    os.environ.update(SAFE_ENV)
    args.out.mkdir(parents=True, exist_ok=True)
    build = Path("/tmp/nccl-tests-build")
    raw: list[str] = []
    _, wheel_lib = nccl_home(build)
    env["LD_LIBRARY_PATH"] = os.pathsep.join(
        p for p in (str(wheel_lib), env.get("LD_LIBRARY_PATH")) if p)
    machine = sh(["nvidia-smi", "--query-gpu=name,driver_version,pci.bus_id",
                  "--format=csv,noheader"], raw, env)
    topo = sh(["nvidia-smi", "topo", "-m"], raw, env)
    exe = build_nccl_tests(args.nccl_tests_src, build, raw, env)
    sizes = ["-b", args.min_bytes, "-e", args.max_bytes, "-f", "2"]
    nt = [str(exe), "-g", str(args.nproc), *sizes, *ITERS, "-c", "1"]
    kit = [sys.executable, "-m", "ncclkit", "bench", "--nproc", str(args.nproc), *sizes, *ITERS,
           "--backend", "nccl", *shlex.split(args.kit_args)]
    runs: dict[str, list[str]] = {}
    cmds: dict[str, list[str]] = {}

    def go(name: str, cmd: list[str]) -> None:
        cmds[name] = cmd
        runs.setdefault(name, []).append(sh(cmd, raw, env))

    for _ in range(args.rounds):  # interleaved, so drift on a shared host hits both tools alike
        go("nccl-tests -G 10", [*nt, "-G", "10"])
        go("ncclkit graph", [*kit, "-G", "10"])
    go("nccl-tests default", nt)
    go("ncclkit --eager", [*kit, "--eager"])
    go("ncclkit graph --alloc torch", [*kit, "-G", "10", "--alloc", "torch"])
    go("ncclkit --engine torch graph", [*kit, "-G", "10", "--engine", "torch"])
    go("ncclkit --engine torch --eager", [*kit, "--eager", "--engine", "torch"])
    parsed = {k: [parse_rows(t) for t in v] for k, v in runs.items()}
    report = render(parsed, cmds, machine, topo, args.rounds)
    (args.out / f"{args.label}.md").write_text(report)
    (args.out / f"{args.label}.json").write_text(json.dumps(
        {"date": datetime.date.today().isoformat(), "machine": machine, "commands":
         {k: shlex.join(v) for k, v in cmds.items()},
         "runs": {k: [{str(s): r for s, r in p.items()} for p in v] for k, v in parsed.items()}},
        indent=1))
    (args.out / f"{args.label}-raw.txt").write_text("".join(raw))
    print(report)
    return 0


def render(parsed: dict[str, list[dict]], cmds: dict[str, list[str]], machine: str,
           topo: str, rounds: int) -> str:
    nt, kit = parsed["nccl-tests -G 10"], parsed["ncclkit graph"]
    sizes = sorted({s for r in nt + kit for s in r})
    lines = [f"# ncclkit bench vs nccl-tests all_reduce_perf, {datetime.date.today().isoformat()}",
             "", "Machine (nvidia-smi): " + ", ".join(machine.strip().splitlines()), "",
             "```", re.sub(r"\x1b\[[0-9;]*m", "", topo).strip(), "```", "",
             f"Commands (each run in this order; the first pair {rounds} times, interleaved):", ""]
    lines += [f"- {k}: `{shlex.join(v)}`" for k, v in cmds.items()]
    lines += ["", "Env of every process: " + " ".join(f"{k}={v}" for k, v in SAFE_ENV.items()),
              "", f"## CUDA-graph mode, out-of-place (best of {rounds} rounds per tool)", "",
              "| size (B) | nccl-tests -G time (us) | ncclkit time (us) | time ratio | "
              "nccl-tests -G busbw | ncclkit busbw | busbw ratio | criterion |",
              "|---|---|---|---|---|---|---|---|"]
    verdicts = []
    for s in sizes:
        for place, tk, bk in (("out", "time_us", "busbw_gbps"), ("in", "ip_time_us",
                                                                  "ip_busbw_gbps")):
            t0, t1 = best(nt, s, tk, True), best(kit, s, tk, True)
            b0, b1 = best(nt, s, bk, False), best(kit, s, bk, False)
            if None in (t0, t1, b0, b1):
                continue
            crit = ""
            if s <= LAT_MAX:
                ok = t1 <= 1.10 * t0
                crit = f"time <= 1.10x: {'PASS' if ok else 'FAIL'}"
                verdicts.append(ok)
            elif s >= BW_MIN:
                ok = b1 >= 0.98 * b0
                crit = f"busbw >= 0.98x: {'PASS' if ok else 'FAIL'}"
                verdicts.append(ok)
            if place == "out":
                lines.append(f"| {s} | {t0:.2f} | {t1:.2f} | {t1 / t0:.3f} | {b0:.2f} | "
                             f"{b1:.2f} | {b1 / b0 if b0 else 0:.3f} | {crit} |")
    lines += ["", f"Criteria over out-of-place and in-place rows: {sum(verdicts)} of "
              f"{len(verdicts)} pass.", "", "## For information: other modes, out-of-place "
              "time (us) / busbw (GB/s)", "",
              "| size (B) | " + " | ".join(parsed) + " |", "|---" * (len(parsed) + 1) + "|"]
    for s in sizes:
        cells = []
        for name in parsed:
            t, b = best(parsed[name], s, "time_us", True), best(parsed[name], s, "busbw_gbps",
                                                                 False)
            cells.append(f"{t:.1f} / {b:.1f}" if t is not None and b is not None else "-")
        lines.append(f"| {s} | " + " | ".join(cells) + " |")
    wrong = {k: sum(int(r[s].get("wrong") or 0) for r in v for s in r) for k, v in parsed.items()}
    lines += ["", "Wrong elements per tool (all rows, out-of-place): " + ", ".join(
        f"{k}: {v}" for k, v in wrong.items()), ""]
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    sys.exit(main())
