"""Side by side on the same GPUs: nccl-tests (built here from its source) and `ncclkit bench`.

Usage, on a machine with GPUs, nvcc and the torch + nvidia-nccl wheels:
    python benchmarks/bench_vs_nccl_tests.py --nccl-tests-src DIR --out DIR [--nproc 1]
It builds the nccl-tests binaries of every collective both tools have against the libnccl that
torch uses, then runs --rounds rounds (3), each: nccl-tests -G 10 (one binary a collective),
ncclkit -G 10 (all collectives in one run), nccl-tests without -G, ncclkit --eager; interleaved,
so drift on a shared host hits both tools alike. Then, once each, for information: ncclkit
--timer events, ncclkit --engine torch (graph and eager, all_reduce), and `ncclkit doctor` timed
5 times. Writes to --out: report.md (machine, commands, the ratio of ncclkit's time to
nccl-tests' per collective, size, mode and place, the median of the rounds per tool), runs.json
(every parsed row) and raw.txt (every command's output). ncclkit's -J output is checked to
carry the same keys as nccl-tests' -J output.
--no-extras and --time-budget S keep a run inside a device lease.
Every child process inherits NCCL_NVLS_ENABLE=0, TORCH_SYMM_MEM_DISABLE_MULTICAST=1 and
NVSHMEM_DISABLE_NVLS=1 (NVLink multicast stays off on shared hosts).
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import shlex
import statistics
import subprocess
import sys
import time
from pathlib import Path

SAFE_ENV = {"NCCL_NVLS_ENABLE": "0", "TORCH_SYMM_MEM_DISABLE_MULTICAST": "1",
            "NVSHMEM_DISABLE_NVLS": "1"}
COLLS = ("all_reduce", "all_gather", "reduce_scatter", "alltoall", "broadcast", "sendrecv")
ITERS = ["-w", "5", "-n", "20"]
TOLERANCE = 0.03
# A one-rank in-place call moves nothing (NCCL returns at once: input and output are one buffer);
# both tools time launch overhead only, and ncclkit marks such rows bench.no_time: the ratio is
# shown in brackets, not counted. So are rows where both tools are under 0.5 us a call.
NO_OP_US = 0.5


def sh(cmd: list[str], raw: list[str], env: dict[str, str], timeout_s: int = 400) -> str:
    t0 = time.time()
    try:
        proc = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=timeout_s,
                              check=False)
        out, rc, err = proc.stdout, proc.returncode, proc.stderr
    except subprocess.TimeoutExpired as exc:
        out, rc, err = str(exc.stdout or ""), 124, "timeout"
    raw.append(f"\n===== $ {shlex.join(cmd)}\n===== rc={rc} wall={time.time() - t0:.1f}s\n{out}"
               + (f"\n[stderr]\n{err}" if err.strip() else ""))
    print(f"rc={rc} {time.time() - t0:6.1f}s  {shlex.join(cmd)}", flush=True)
    if rc not in (0, 1):
        print(err[-3000:], flush=True)
    return out if rc in (0, 1) else ""


def nccl_home(build: Path) -> tuple[Path, Path]:
    """A NCCL_HOME for nccl-tests' Makefile from the nvidia-nccl wheel (it has no libnccl.so link)."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))
    from ncclkit.probe.nccl import _torch_dir, torch_libnccl  # noqa: PLC0415

    lib = torch_libnccl(_torch_dir())
    wheel = lib.parent.parent
    home = build / "ncclhome"
    (home / "lib").mkdir(parents=True, exist_ok=True)
    for name in ("libnccl.so", "libnccl.so.2"):
        link = home / "lib" / name
        if not link.exists():
            link.symlink_to(lib)
    if not (home / "include").exists():
        (home / "include").symlink_to(wheel / "include")
    return home, lib.parent


def build_nccl_tests(src: Path, build: Path, raw: list[str], env: dict[str, str]) -> Path:
    home, _ = nccl_home(build)
    cmd = ["make", "-C", str(src / "src"), "-j16", f"BUILDDIR={build}", f"NCCL_HOME={home}",
           "CUDA_HOME=/usr/local/cuda", "NVCC_GENCODE=-gencode=arch=compute_90,code=sm_90",
           *[str(build / f"{c}_perf") for c in COLLS]]
    sh(cmd, raw, env, timeout_s=500)
    missing = [c for c in COLLS if not (build / f"{c}_perf").exists()]
    if missing:
        sys.exit(f"nccl-tests binaries missing: {missing}: see raw.txt")
    return build


def split_blocks(text: str) -> dict[str, str]:
    """ncclkit's table output: one nccl-tests block per collective, keyed by binary name."""
    out: dict[str, str] = {}
    cur = None
    for line in text.splitlines(keepends=True):
        if line.startswith("# Collective test starting:"):
            cur = line.split(":", 1)[1].strip().removesuffix("_perf")
            out[cur] = ""
        if cur:
            out[cur] += line
    return out


def parse_rows(text: str) -> dict[int, dict]:
    from ncclkit.logs.nccl_tests import parse_nccl_tests  # noqa: PLC0415

    return {r.size_bytes: {"oop": r.time_us, "ip": r.ip_time_us, "wrong": r.wrong,
                           "ip_wrong": r.ip_wrong, "busbw": r.busbw_gbps}
            for r in parse_nccl_tests(text).rows}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--nccl-tests-src", required=True, type=Path)
    ap.add_argument("--out", required=True, type=Path)
    ap.add_argument("--nproc", type=int, default=1)
    ap.add_argument("--min-bytes", default="8")
    ap.add_argument("--max-bytes", default="1G")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--colls", default=",".join(COLLS))
    ap.add_argument("--no-extras", action="store_true",
                    help="only the rounds: no --timer events, --engine torch or doctor runs")
    ap.add_argument("--time-budget", type=float, default=1e9,
                    help="start no new round after this many seconds")
    ap.add_argument("--modes", default="graph,eager", help="graph, eager or both (the default)")
    ap.add_argument("--taskset", default="",
                    help="CPU list: run both tools under `taskset -c LIST` (the same CPUs)")
    args = ap.parse_args()
    t_start = time.time()
    colls = args.colls.split(",")
    env = dict(os.environ, **SAFE_ENV)
    args.out.mkdir(parents=True, exist_ok=True)
    build = Path("/tmp/nccl-tests-build")
    raw: list[str] = []
    _, wheel_lib = nccl_home(build)
    env["LD_LIBRARY_PATH"] = os.pathsep.join(
        p for p in (str(wheel_lib), env.get("LD_LIBRARY_PATH")) if p)
    machine = sh(["nvidia-smi", "--query-gpu=name,driver_version,pci.bus_id,clocks.max.mem",
                  "--format=csv,noheader"], raw, env)
    build_nccl_tests(args.nccl_tests_src, build, raw, env)
    sizes = ["-b", args.min_bytes, "-e", args.max_bytes, "-f", "2"]
    pin = ["taskset", "-c", args.taskset] if args.taskset else []
    kit = [*pin, sys.executable, "-m", "ncclkit", "bench", "--nproc", str(args.nproc), *sizes, *ITERS,
           "--backend", "nccl", "-c", ",".join(colls)]
    modes = {m: f for m, f in {"graph": (["-G", "10"], ["-G", "10"]),
                               "eager": ([], ["--eager"])}.items() if m in args.modes.split(",")}
    runs: dict[str, list[dict]] = {}
    cmds: dict[str, str] = {}
    json_dir = Path("/tmp/bench-json")
    json_dir.mkdir(exist_ok=True)

    def kit_run(rnd: int, mode: str, kit_flag: list[str]) -> None:
        cmd = [*kit, *kit_flag] + (["-J", str(json_dir / f"kit-{mode}.json")] if rnd == 0 else [])
        cmds[f"ncclkit {mode}"] = shlex.join(cmd)
        blocks = split_blocks(sh(cmd, raw, env, timeout_s=900))
        for c in colls:
            runs.setdefault(f"kit {mode} {c}", []).append(parse_rows(blocks.get(c, "")))

    done = 0
    for rnd in range(args.rounds):
        if rnd and time.time() - t_start > args.time_budget:
            break
        done += 1
        for mode, (nt_flag, kit_flag) in modes.items():
            # ABBA: odd rounds run ncclkit first, so drift over a round hits both tools alike
            if rnd % 2:
                kit_run(rnd, mode, kit_flag)
            for c in colls:
                cmd = [*pin, str(build / f"{c}_perf"), "-g", str(args.nproc), *sizes, *ITERS, "-c", "1",
                       *nt_flag]
                if rnd == 0:
                    cmd += ["-J", str(json_dir / f"nt-{mode}-{c}.json")]
                cmds[f"nccl-tests {mode}"] = shlex.join(cmd).replace(c, "<coll>")
                runs.setdefault(f"nt {mode} {c}", []).append(parse_rows(sh(cmd, raw, env)))
            if rnd % 2 == 0:
                kit_run(rnd, mode, kit_flag)
    extra = {"ncclkit graph --timer events": [*kit, "-G", "10", "--timer", "events"],
             "ncclkit --engine torch graph (all_reduce)":
                 [*kit[:-1], "all_reduce", "-G", "10", "--engine", "torch"],
             "ncclkit --engine torch --eager (all_reduce)":
                 [*kit[:-1], "all_reduce", "--eager", "--engine", "torch"]}
    info: dict[str, str] = {}
    if args.no_extras:
        extra = {}
    for name, cmd in extra.items():
        cmds[name] = shlex.join(cmd)
        info[name] = sh(cmd, raw, env, timeout_s=900)
    doctor: list[float] = []
    for _ in range(0 if args.no_extras else 5):
        t0 = time.perf_counter()
        sh([sys.executable, "-m", "ncclkit", "doctor"], raw, env)
        doctor.append(time.perf_counter() - t0)
    keys = json_keys(json_dir, colls)
    report = render(runs, cmds, machine, done, colls, doctor, keys, info, args.nproc)
    (args.out / "report.md").write_text(report)
    (args.out / "runs.json").write_text(json.dumps(
        {"date": datetime.date.today().isoformat(), "machine": machine, "commands": cmds,
         "doctor_s": doctor, "runs": {k: [{str(s): r for s, r in p.items()} for p in v]
                                      for k, v in runs.items()}}, indent=1))
    (args.out / "raw.txt").write_text("".join(raw))
    print(report)
    return 0


def json_keys(json_dir: Path, colls: list[str]) -> str:
    """Do ncclkit's -J documents carry every key of nccl-tests' (top level and per row)?"""
    lines = []
    for mode in ("graph", "eager"):
        for c in colls:
            nt, kit = json_dir / f"nt-{mode}-{c}.json", json_dir / f"kit-{mode}-{c}_perf.json"
            if not kit.exists():
                kit = json_dir / f"kit-{mode}.json"
            try:
                a, b = json.loads(nt.read_text()), json.loads(kit.read_text())
            except (OSError, ValueError) as exc:
                lines.append(f"- {mode} {c}: not compared ({exc})")
                continue
            top = sorted(set(a) - set(b))
            row = sorted(set(a["results"][0]) - set(b["results"][0])) if a.get(
                "results") and b.get("results") else ["results"]
            lines.append(f"- {mode} {c}: keys missing in ncclkit's: top {top or 'none'}, "
                         f"row {row or 'none'}")
    return "\n".join(lines)


def _med(runs: list[dict], size: int, key: str) -> float | None:
    vals = [r[size][key] for r in runs if size in r and r[size].get(key)]
    return statistics.median(vals) if vals else None


def render(runs: dict[str, list[dict]], cmds: dict[str, str], machine: str, rounds: int,
           colls: list[str], doctor: list[float], keys: str, info: dict[str, str],
           nproc: int) -> str:
    today = datetime.date.today().isoformat()
    lines = [f"# ncclkit bench vs nccl-tests, every collective, {today}", "",
             "Machine (nvidia-smi): " + ", ".join(machine.strip().splitlines()), "",
             f"Commands ({rounds} rounds, interleaved in this order):", ""]
    lines += [f"- {k}: `{v}`" for k, v in cmds.items()]
    lines += ["", "Env of every process: " + " ".join(f"{k}={v}" for k, v in SAFE_ENV.items()),
              "", "Ratio = ncclkit time / nccl-tests time, each the median of the rounds; "
              f"PASS within +-{TOLERANCE:.0%}. Rounds alternate which tool runs first (ABBA). "
              "`no-op (r)`: a one-rank in-place call, which moves nothing (NCCL returns at once; "
              "ncclkit marks it bench.no_time): ratio r in brackets, not counted.", ""]
    total = passed = 0
    worst: list[tuple[float, str]] = []
    for c in colls:
        lines += [f"## {c}", "", "| size (B) | graph oop | graph ip | eager oop | eager ip | "
                  "nccl-tests -G oop (us) | nccl-tests eager oop (us) |", "|---" * 7 + "|"]
        sizes = sorted({s for k in (f"nt graph {c}", f"nt eager {c}") for r in runs.get(k, [])
                        for s in r})
        for s in sizes:
            cells = []
            for mode in ("graph", "eager"):
                for place in ("oop", "ip"):
                    t0 = _med(runs.get(f"nt {mode} {c}", []), s, place)
                    t1 = _med(runs.get(f"kit {mode} {c}", []), s, place)
                    if not t0 or not t1:
                        cells.append("-")
                        continue
                    r = t1 / t0
                    if nproc == 1 and place == "ip" or max(t0, t1) < NO_OP_US:
                        cells.append(f"no-op ({r:.2f})")  # nothing moved: not compared
                        continue
                    ok = abs(r - 1) <= TOLERANCE
                    total += 1
                    passed += ok
                    worst.append((abs(r - 1), f"{c} {s} B {mode} {place}: {r:.3f}"))
                    cells.append(f"{r:.3f}" + ("" if ok else " **"))
            g = _med(runs.get(f"nt graph {c}", []), s, "oop")
            e = _med(runs.get(f"nt eager {c}", []), s, "oop")
            lines.append(f"| {s} | " + " | ".join(cells) + f" | {g or '-'} | {e or '-'} |")
        lines.append("")
    worst.sort(reverse=True)
    doc = (f"## ncclkit doctor on this node: {statistics.median(doctor):.2f} s median of 5 "
           f"({', '.join(f'{d:.2f}' for d in doctor)})" if doctor else "")
    lines += [f"**{passed} of {total} (collective, size, mode, place) ratios within "
              f"+-{TOLERANCE:.0%}** (`**` marks the others).", "", "Largest deviations:", ""]
    lines += [f"- {w}" for _, w in worst[:15]]
    wrong = {k: sum(int(r[s].get("wrong") or 0) + int(r[s].get("ip_wrong") or 0)
                    for r in v for s in r) for k, v in runs.items()}
    lines += ["", "Wrong elements, all runs: " + (", ".join(f"{k}: {v}" for k, v in wrong.items()
                                                          if v) or "none"), "",
              "## -J output against nccl-tests' -J", "", keys, "", doc, ""]
    for name, text in info.items():
        lines += [f"## For information: {name}", "", "```", text.strip()[-6000:], "```", ""]
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    sys.exit(main())
