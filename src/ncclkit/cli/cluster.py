"""`ncclkit cluster`: check every node of a job together (CONTRACTS.md section 7).

Run one process per node the way training starts (torchrun, srun, mpirun, PyTorchJob or
RANK/WORLD_SIZE/MASTER_ADDR/MASTER_PORT by hand). Rank 0 prints the report; every other rank prints
nothing on success and one line on stderr when it cannot take part.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from ncclkit.cli.argtypes import at_least, positive_float, positive_int, tcp_port
from ncclkit.outputfile import check_output_file, write_output_file
from ncclkit.procexit import end_process

__all__ = ["add_parser", "run"]


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    p = subparsers.add_parser(
        "cluster", help="check all nodes of a job: consistency, reachability, NCCL proof, bandwidth",
        description=__doc__.split("\n\n")[0])
    p.add_argument("--timeout", type=positive_float, default=60.0, metavar="S", dest="timeout_s",
                   help="bound of every wait on another node, seconds (default 60)")
    p.add_argument("--probe-port", type=tcp_port, default=None, metavar="P",
                   help="port each node listens on for the reachability test (default MASTER_PORT+1)")
    p.add_argument("--root", default=None, metavar="DIR",
                   help="read this node's facts from a snapshot instead of the live machine")
    p.add_argument("--proof", choices=("auto", "on", "off"), default="auto",
                   help="run a short NCCL job and compare its log with the prediction "
                        "(auto: where every node has a GPU)")
    p.add_argument("--log-dir", default="ncclkit-cluster-logs", metavar="DIR",
                   help="where each rank of the proof run writes its NCCL log")
    p.add_argument("--no-bandwidth", action="store_false", dest="bandwidth",
                   help="skip the pairwise bandwidth test")
    p.add_argument("--bw-size", type=at_least(4), default=16 << 20, metavar="BYTES", dest="bw_size_bytes",
                   help="bytes per message of the bandwidth test (default 16 MiB)")
    p.add_argument("--bw-iters", type=positive_int, default=None, metavar="N",
                   help="messages per direction of the bandwidth test (default 20 over NCCL, "
                        "4 over gloo)")
    p.add_argument("--bw-backend", choices=("auto", "nccl", "gloo"), default="auto",
                   help="transport of the bandwidth test: NCCL between the nodes' GPUs (the "
                        "training network) or gloo over TCP (auto: NCCL where every node has a "
                        "GPU, else gloo)")
    size = p.add_mutually_exclusive_group()
    size.add_argument("--full", action="store_const", const=True, dest="full", default=None,
                      help="keep every reachability row and every node's facts in the report "
                           "(the default up to 16 nodes)")
    size.add_argument("--compact", action="store_const", const=False, dest="full",
                      help="failures in full, successes counted, a summary of each node's facts "
                           "(the default above 16 nodes)")
    p.add_argument("--mesh-max", type=at_least(2), default=64, metavar="N",
                   help="probe every node pair up to N nodes; above, each node probes its ring "
                        "neighbours and a few seeded random peers (default 64)")
    p.add_argument("--seed", type=at_least(0), default=None, metavar="S",
                   help="seed of the random probe peers (default: a fresh one, printed in the report)")
    p.add_argument("--probe-bytes", type=at_least(0), default=4 << 20, metavar="BYTES",
                   help="bytes each node streams to its ring neighbour to find a throttled link "
                        "(default 4 MiB; 0: none)")
    p.add_argument("--json", action="store_true", help="print the JSON report (rank 0)")
    p.add_argument("-v", "--verbose", action="store_true",
                   help="print each phase on stderr as this node enters it")
    p.add_argument("--output", default=None, metavar="FILE",
                   help="also write the JSON report to FILE (rank 0)")
    return p


def _render_text(report: dict[str, Any]) -> str:
    lines = [f"{len(report['nodes'])} node(s):"]
    lines += [f"  rank{n['rank']}  {n['host']}  {n.get('addr') or ''}" for n in report["nodes"]]
    bad = [r for r in report["reachability"] if not r["ok"]]
    counts = report.get("reachability_counts") or {}
    plan = report.get("probe_plan") or {}
    how = (f" ({plan['mode']}, {plan['peers_per_node']} peers per node, seed {plan['seed']})"
           if plan else "")
    lines.append(f"reachability{how}: {counts.get('ok', 0)} of {counts.get('connects', 0)} "
                 f"connections ok")
    lines += [f"  FAIL {r['src']} -> {r['dst']}:{r['port']}: {r['error']}" for r in bad]
    bw = report.get("bandwidth")
    if bw:
        how = bw["backend"] + (f", network {bw['network']}" if bw.get("network") else "")
        if bw.get("fallback_reason"):
            how += f"; not NCCL: {bw['fallback_reason']}"
        lines.append(f"bandwidth over {how}:")
    for pair in (bw or {}).get("pairs", []):
        if pair.get("error"):
            lines.append(f"  pass {pair['pass']}: {pair['a']} <-> {pair['b']}: FAILED "
                         f"{pair['error']}")
            continue
        both = f", both ways {pair['busbw_gbps']:.2f} GB/s busbw" if "busbw_gbps" in pair else ""
        lines.append(f"  pass {pair['pass']}: {pair['a']} <-> {pair['b']}: "
                     f"{pair['a_to_b_gbps']:.2f} / {pair['b_to_a_gbps']:.2f} GB/s{both}")
    for ph in report.get("phases") or []:
        if ph.get("skipped"):
            lines.append(f"phase {ph['phase']}: skipped: {ph['skipped']}")
        else:
            late = f"; late: {', '.join(ph['late'])}" if ph.get("late") else ""
            of = f" of its {ph['budget_s']:.1f} s deadline" if "budget_s" in ph else ""
            lines.append(f"phase {ph['phase']}: {ph.get('took_s', 0):.1f} s{of}{late}")
    lines.append(f"{len(report['findings'])} finding(s):")
    for f in report["findings"]:
        lines.append(f"  [{f['severity']}] {f['id']} {f['subject']}: {f['message']}")
        if f["fix"]:
            lines.append(f"      fix: {f['fix']}")
    return "\n".join(lines)


def run(args: argparse.Namespace) -> int:
    from ncclkit.cluster.launchenv import read_cluster_env
    from ncclkit.cluster.rendezvous import abandoned_threads
    from ncclkit.cluster.runner import ClusterOptions, run_cluster

    if args.output:
        check_output_file(args.output, flag="--output")
    cenv = read_cluster_env()
    opts = ClusterOptions(timeout_s=args.timeout_s, probe_port=args.probe_port, root=args.root,
                          proof=args.proof, bandwidth=args.bandwidth,
                          bw_size_bytes=args.bw_size_bytes, bw_iters=args.bw_iters,
                          bw_backend=args.bw_backend,
                          log_dir=Path(args.log_dir), verbose=args.verbose, seed=args.seed,
                          mesh_max=args.mesh_max, probe_bytes=args.probe_bytes, full=args.full)
    outcome = run_cluster(cenv, opts)
    if args.verbose:
        print(f"ncclkit cluster: rank {cenv.rank}: phase: exit {outcome.exit_code}", file=sys.stderr)
    if outcome.message:
        print(f"ncclkit cluster: {outcome.message}", file=sys.stderr)
    if outcome.report is not None:
        text = json.dumps(outcome.report, indent=2)
        if args.output:
            write_output_file(args.output, text + "\n", flag="--output")
        print(text if args.json else _render_text(outcome.report), flush=True)
    if abandoned_threads() or "torch" in sys.modules:
        end_process(outcome.exit_code)  # results are written; skip torch's teardown (procexit)
    return outcome.exit_code
