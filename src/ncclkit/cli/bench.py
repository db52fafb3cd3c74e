"""`ncclkit bench`: collectives like nccl-tests (table or --json), verdicts, --compare, --ib.

Runs under torchrun / srun / mpirun (one process a GPU), or starts its own local ranks with
--nproc N. Flags follow nccl-tests (-b -e -f -i -n -w -d -o -G) except where the issue's
interface differs: -c/--collectives picks collectives (nccl-tests' -c is --check here), and
--root DIR is the node snapshot every ncclkit command accepts (the root rank is -r/--root-rank).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from typing import Any

from ncclkit.cli.argtypes import (
    nonneg_int, parse_size, positive_float, positive_int)
from ncclkit.errors import NcclkitError
from ncclkit.findings import Finding, exit_code_for, sort_findings

__all__ = ["add_parser", "parse_size", "run"]


def add_parser(sub: Any) -> argparse.ArgumentParser:
    p = sub.add_parser("bench", help="run collectives like nccl-tests and judge the bandwidth",
                       description=__doc__.splitlines()[0])
    a = p.add_argument
    a("-c", "--collectives", default="all_reduce",
      help="comma-separated: all_reduce,all_gather,reduce_scatter,alltoall,broadcast,reduce,"
           "sendrecv or 'all' (default all_reduce)")
    a("-b", "--minbytes", type=parse_size, default=parse_size("32M"), help="smallest size")
    a("-e", "--maxbytes", type=parse_size, default=parse_size("32M"), help="largest size")
    a("-f", "--stepfactor", type=positive_int, default=1, help="multiply the size by this (>1)")
    a("-i", "--stepbytes", type=parse_size, default=parse_size("1M"), help="else add this")
    a("-n", "--iters", type=positive_int, default=20, help="timed iterations (default 20)")
    a("-w", "--warmup_iters", type=nonneg_int, default=1, help="warm-up iterations (default 1)")
    a("--check", type=nonneg_int, default=1, help="check results (nccl-tests -c; default 1)")
    a("-d", "--datatype", default="float", help="float half bfloat16 double int8 uint8 int32 int64")
    a("-o", "--op", default="sum", help="sum prod max min avg")
    a("-r", "--root-rank", type=nonneg_int, default=0, help="root of broadcast and reduce")
    a("-G", "--cudagraph", type=nonneg_int, default=10,
      help="replays of a CUDA graph holding the -n iterations (GPUs; default 10)")
    a("--eager", action="store_true", help="time back-to-back calls instead of a CUDA graph "
      "(nccl-tests without -G)")
    a("--timer", choices=("host", "events"), default="host",
      help="host: nccl-tests' host clock to the end of a stream sync (default); events: CUDA "
           "events around the same calls (device time, labelled in the output)")
    a("-I", "--per_iter_timing", type=nonneg_int, default=0,
      help="1: time every eager call with CUDA events and print nccl-tests' i_min i_max i_p99 "
           "i_cv%% columns")
    a("-K", "--per_iter_skip", type=nonneg_int, default=0,
      help="leave the first K iterations out of the -I summary")
    a("-J", "--output_file", metavar="FILE",
      help="also write nccl-tests' JSON (its -J format) to FILE")
    a("--nproc", type=positive_int, default=None, help="start N local ranks here (no launcher needed)")
    a("--backend", choices=("gloo", "nccl"), help="default: nccl with GPUs, gloo without")
    a("--engine", choices=("direct", "torch"), default="direct",
      help="NCCL: call libnccl directly (like nccl-tests) or through torch.distributed")
    a("--alloc", choices=("nccl", "torch"), default="nccl",
      help="direct engine buffers: ncclMemAlloc (as nccl-tests) or torch's caching allocator")
    a("--net-only", action="store_true", help="keep traffic off NVLink and SHM (measure the NIC)")
    a("--algo", default="", help="sweep NCCL_ALGO, e.g. ring,tree")
    a("--json", action="store_true", help="print JSON (docs/CONTRACTS.md section 6)")
    a("--compare", metavar="FILE", help="compare with an nccl-tests output of the same sizes")
    a("--ib", action="store_true", help="run ib_write_bw loopback on each RDMA port instead")
    a("--ib-gpu", type=nonneg_int, default=None, help="with --ib: --use_cuda=N (the GDR path)")
    a("--timeout", type=positive_float, default=120.0, help="bound on every peer wait, seconds")
    a("--libnccl", help="path of libnccl.so.2 (default: the one torch loaded)")
    a("--root", metavar="DIR", help="read link rates from this node snapshot, not the live node")
    a("--nvlink-gbyte", type=positive_float, help="NVLink rate per GPU and direction, GB/s")
    a("--pcie-gbyte", type=positive_float, help="PCIe rate per GPU and direction, GB/s")
    a("--nic-gbit", type=positive_float, help="NIC line rate, Gb/s (as ibstat prints)")
    a("--nics", type=positive_int, help="NICs per node used by NCCL (with --nic-gbit)")
    a("--expect-busbw", type=positive_float, help="expected busbw at >= 256 MB, GB/s (overrides facts)")
    for flag in _NCCL_TESTS_ONLY:  # accepted only to say what to use instead
        a(flag, dest=f"nccl_tests{flag.replace('-', '_')}", default=None, help=argparse.SUPPRESS)
    return p


# nccl-tests flags with no ncclkit twin, and what to use instead.
_NCCL_TESTS_ONLY = {
    "-g": "one process per GPU here: --nproc N (or a launcher)",
    "-t": "one process per GPU here: --nproc N (or a launcher)",
    "-a": "every row shows the mean, and the per-rank min/max table follows",
    "-T": "--timeout SECONDS",
}


def _refuse_nccl_tests_only(args: argparse.Namespace) -> None:
    for flag, instead in _NCCL_TESTS_ONLY.items():
        if getattr(args, f"nccl_tests{flag.replace('-', '_')}") is not None:
            raise NcclkitError(f"{flag} is an nccl-tests flag that ncclkit bench does not take",
                               hint=f"instead: {instead}")


def _config(args: argparse.Namespace) -> Any:
    from ncclkit.bench.collectives import COLLECTIVES, get_collective  # noqa: PLC0415
    from ncclkit.bench.results import BenchConfig  # noqa: PLC0415

    _refuse_nccl_tests_only(args)
    if args.collectives.strip() in ("0", "1"):
        # nccl-tests' -c is its result check (0/1); here -c names collectives, so take it as --check.
        args.check, args.collectives = int(args.collectives), "all_reduce"
    names = list(COLLECTIVES) if args.collectives.strip() == "all" else [
        c for c in args.collectives.split(",") if c.strip()]
    colls = tuple(get_collective(n).name if ":" not in n else n for n in names)
    if not colls:
        raise NcclkitError(f"-c {args.collectives!r}: no collective named",
                           hint="e.g. -c all_reduce,all_gather, or -c all")
    if args.minbytes > args.maxbytes:
        raise NcclkitError(f"-b {args.minbytes} is larger than -e {args.maxbytes}",
                           hint="give -b <= -e")
    if args.iters < 1 or args.warmup_iters < 0:
        raise NcclkitError(f"-n {args.iters} / -w {args.warmup_iters}: need n >= 1, w >= 0",
                           hint="e.g. -n 20 -w 5")
    from ncclkit.bench.engines import DTYPES  # noqa: PLC0415

    if args.datatype not in DTYPES:
        raise NcclkitError(f"-d {args.datatype}: unknown data type",
                           hint=f"use one of {', '.join(DTYPES)} (nccl-tests' -d names)")
    if args.op not in ("sum", "prod", "max", "min", "avg"):
        raise NcclkitError(f"-o {args.op}: unknown reduction op", hint="use sum, prod, max, min or avg")
    backend = args.backend or ("nccl" if _have_gpu() else "gloo")
    if backend == "gloo" and args.op == "avg":
        raise NcclkitError("-o avg is not available with gloo", hint="use -o sum on CPUs")
    algos = tuple(a.strip() for a in args.algo.split(",") if a.strip())
    graph = 0 if args.eager or backend == "gloo" else max(args.cudagraph, 0)
    if args.per_iter_timing not in (0, 1):
        raise NcclkitError(f"-I {args.per_iter_timing}: per-iteration timing is 0 or 1",
                           hint="give -I 1 (with --eager) or leave it out")
    if args.per_iter_timing and (graph or backend == "gloo"):
        raise NcclkitError("-I 1 times every call with CUDA events, which a CUDA graph or gloo "
                           "cannot give (nccl-tests refuses -I with -G too)",
                           hint="add --eager (or -G 0) on GPUs")
    if args.per_iter_skip and (not args.per_iter_timing or args.per_iter_skip >= args.iters):
        raise NcclkitError(f"-K {args.per_iter_skip}: needs -I 1 and fewer than -n {args.iters}",
                           hint="give -I 1 and -K below -n")
    if args.timer == "events" and backend == "gloo":
        raise NcclkitError("--timer events needs GPUs", hint="leave --timer out with gloo")
    return BenchConfig(
        collectives=colls, min_bytes=args.minbytes, max_bytes=args.maxbytes,
        step_factor=args.stepfactor, step_bytes=args.stepbytes, iters=args.iters,
        warmup_iters=args.warmup_iters, check=args.check, dtype=args.datatype, op=args.op,
        root=args.root_rank, graph_launches=graph, backend=backend,
        engine=args.engine if backend == "nccl" else "torch", algos=algos,
        net_only=args.net_only, timeout_s=args.timeout, libnccl=args.libnccl,
        alloc=args.alloc, timer=args.timer, per_iter=bool(args.per_iter_timing),
        per_iter_skip=args.per_iter_skip)


def _have_gpu() -> bool:
    try:
        import torch  # noqa: PLC0415
    except ImportError:
        return False
    return bool(torch.cuda.is_available())


def _facts(args: argparse.Namespace) -> Any | None:
    """Doctor's facts, if the probe can read them; verdicts fall back on the rate flags."""
    try:
        from ncclkit.probe.collect import collect  # noqa: PLC0415
        from ncclkit.probe.root import NodeRoot  # noqa: PLC0415

        return collect(NodeRoot.open(args.root))
    except NcclkitError:
        raise
    except Exception:  # noqa: BLE001 - facts are optional here: flags still give a verdict
        return None


def _run_sweep(args: argparse.Namespace, on_rows: Any = None) -> Any | None:
    from ncclkit.bench.dist import from_env, spawn_local  # noqa: PLC0415
    from ncclkit.bench.results import BenchResult  # noqa: PLC0415

    config = _config(args)
    if args.nproc is not None:
        if "RANK" in os.environ and "WORLD_SIZE" in os.environ:
            raise NcclkitError("--nproc given inside a launcher (RANK/WORLD_SIZE are set)",
                               hint="either start ranks with torchrun/srun/mpirun or use --nproc")
        _check_root_rank(args.root_rank, args.nproc)
        # Each local rank is a process that imports torch (~0.3 GB): far past the cores it only
        # thrashes, and 100000 would never finish.
        limit = max(8, 4 * (os.cpu_count() or 1))
        if args.nproc > limit:
            raise NcclkitError(f"--nproc {args.nproc}: more local ranks than this machine can run "
                               f"({limit}: 4 per CPU core)",
                               hint=f"use --nproc {limit} or fewer here; more ranks need more nodes "
                                    "(torchrun, srun, mpirun)")
        return BenchResult.from_json(spawn_local(config.to_json(), args.nproc,
                                                 timeout_s=args.timeout, on_rows=on_rows))
    from ncclkit.bench.runner import run_rank  # noqa: PLC0415

    ctx = from_env()
    _check_root_rank(args.root_rank, ctx.world_size)
    return run_rank(config, ctx, on_rows=on_rows)


def _check_root_rank(root_rank: int, world_size: int) -> None:
    if root_rank >= world_size:
        raise NcclkitError(f"-r {root_rank}: no such rank in a job of {world_size}",
                           hint=f"give a root rank from 0 to {world_size - 1}")


def _run_ib(args: argparse.Namespace) -> list[Finding]:
    from ncclkit.procspawn import free_port  # noqa: PLC0415
    from ncclkit.bench.perftest import (  # noqa: PLC0415
        check_ib_write_bw, parse_ib_write_bw, run_ib_write_bw)

    import shutil  # noqa: PLC0415

    if shutil.which("ib_write_bw") is None:
        raise NcclkitError("--ib needs perftest's ib_write_bw, not found on PATH",
                           hint="install perftest (apt install perftest / dnf install perftest)")
    facts = _facts(args)
    ports = [p for p in getattr(facts, "ib_ports", ()) or () if p.is_active]
    if not ports:
        raise NcclkitError("--ib: no active RDMA port found",
                           hint="run `ncclkit doctor` to see why (ib.port_down, rdma.none)")
    out = []
    for p in ports:
        text = run_ib_write_bw(p.device, p.port, gpu=args.ib_gpu, tcp_port=free_port(),
                               timeout_s=args.timeout)
        out.append(check_ib_write_bw(p.name, parse_ib_write_bw(text), p.rate_gbps,
                                     args.ib_gpu is not None))
    return out


def run(args: argparse.Namespace) -> int:
    if args.ib:
        findings = sort_findings(_run_ib(args))
        if args.json:
            print(json.dumps({"schema_version": 1, "findings": [f.to_json() for f in findings]},
                             indent=2))
        else:
            for f in findings:
                print(f"[{f.severity}] {f.id} {f.subject}: {f.message}"
                      + (f"\n  fix: {f.fix}" if f.fix else ""))
        return exit_code_for(findings)
    from ncclkit.bench.compare import read_compare_file  # noqa: PLC0415

    # Read --compare and check -J's directory before the sweep: a wrong path must not cost a run.
    compare_text = read_compare_file(args.compare) if args.compare else None
    if args.output_file:
        from ncclkit.outputfile import check_output_file  # noqa: PLC0415

        check_output_file(args.output_file, flag="-J")
    args.started = time.time()
    stream = None
    if not args.json:  # the table grows as each size ends; --json stays one document at the end
        from ncclkit.bench.table import TableStream  # noqa: PLC0415

        stream = TableStream(_write_now)
    result = _run_sweep(args, on_rows=stream.rows if stream else None)
    if result is None:
        return 0  # not rank 0: rank 0 prints
    return _report(args, result, compare_text, stream)


def _write_now(text: str) -> None:
    sys.stdout.write(text)
    sys.stdout.flush()  # a row is news only when it is seen: through a pipe or a file too


def _write_json(args: argparse.Namespace, result: Any) -> None:
    """-J FILE: nccl-tests' JSON, one document a collective (ntjson.json_paths)."""
    from ncclkit.bench.ntjson import json_paths, nccl_tests_json  # noqa: PLC0415
    from ncclkit.outputfile import write_output_file  # noqa: PLC0415

    names = list(dict.fromkeys(s.collective for s in result.samples))
    for name, path in json_paths(args.output_file, names).items():
        doc = nccl_tests_json(result, name, argv=sys.argv[1:], start=args.started,
                              end=time.time())
        write_output_file(path, json.dumps(doc, indent=1), flag="-J")


def _report(args: argparse.Namespace, result: Any, compare_text: str | None,
            stream: Any = None) -> int:
    import dataclasses  # noqa: PLC0415

    from ncclkit.bench.compare import compare_with_nccl_tests, render_compare  # noqa: PLC0415
    from ncclkit.bench.table import render_table  # noqa: PLC0415
    from ncclkit.bench.verdict import check_result, expectation_from  # noqa: PLC0415

    single_node = len({r.host for r in result.ranks}) <= 1
    exp = expectation_from(
        _facts(args), single_node=single_node, net_only=result.config.net_only,
        nvlink_gbyte=args.nvlink_gbyte, pcie_gbyte=args.pcie_gbyte, nic_gbit=args.nic_gbit,
        nics=args.nics, expect_busbw_gbyte=args.expect_busbw)
    from ncclkit.bench.sanity import check_sanity  # noqa: PLC0415

    result, sane = check_sanity(result, exp.line_rate_gbyte if exp else None)
    findings = sort_findings(sane + check_result(result, exp))
    result = dataclasses.replace(result, findings=tuple(findings))
    if args.output_file:
        _write_json(args, result)
    compared = None
    if compare_text is not None:
        compared = compare_with_nccl_tests(result, compare_text, source=args.compare)
    if args.json:
        doc = result.to_json()
        if compared is not None:
            doc["compare"] = {"file": args.compare, "rows": [r.to_json() for r in compared]}
        print(json.dumps(doc, indent=2))
    else:
        streamed = stream is not None and stream.printed
        out = stream.finish(result) if streamed else render_table(result)
        if compared is not None:
            out += render_compare(compared, args.compare)
        for f in findings:
            out += f"# [{f.severity}] {f.id} {f.subject}: {f.message}\n"
            if f.fix:
                out += f"#   fix: {f.fix}\n"
        sys.stdout.write(out)
    return exit_code_for(findings)
