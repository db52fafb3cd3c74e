"""`ncclkit train`: run the reference GPT job, measure scaling and exposed communication, advise."""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
from pathlib import Path
from typing import Any

from ncclkit.procexit import end_process
from ncclkit.cli.argtypes import positive_float
from ncclkit.errors import NcclkitError
from ncclkit.hang.evidence import DEFAULT_PREFIX, hang_evidence_env
from ncclkit.inputfile import read_input_json
from ncclkit.outputfile import check_output_file, write_output_file
from ncclkit.train.config import PRESETS
from ncclkit.train.options import TrainOptions

__all__ = ["add_parser", "run"]


def _buckets(text: str) -> tuple[float, ...]:
    try:
        values = tuple(positive_float(v) for v in text.split(",") if v.strip())
    except argparse.ArgumentTypeError as exc:
        raise argparse.ArgumentTypeError(f"{exc}; want MiB values like 25 or 25,100") from None
    if not values:
        raise argparse.ArgumentTypeError("no bucket size given")
    return values


def add_parser(sub: argparse._SubParsersAction) -> argparse.ArgumentParser:
    p = sub.add_parser(
        "train", help="run a reference GPT training job and measure its scaling",
        description="Train a GPT-style model on synthetic tokens with DDP (or FSDP) and measure "
                    "step time, tokens/s per GPU, scaling efficiency against one GPU and the "
                    "exposed communication time; then recommend bucket size and accumulation. "
                    "Start it with --nproc N on one node, or under torchrun on many.")
    p.add_argument("--model-size", choices=list(PRESETS), default="163m")
    p.add_argument("--micro-batch", type=int, default=16, help="sequences per GPU per micro-batch")
    p.add_argument("--accum", type=int, default=1, help="micro-batches per optimizer step")
    p.add_argument("--bucket-mb", type=_buckets, default=(25.0,),
                   help="DDP bucket_cap_mb in MiB; a comma list tries each (first = as given)")
    p.add_argument("--strategy", choices=["ddp", "fsdp"], default="ddp")
    p.add_argument("--dtype", choices=["bf16", "fp32"], default="bf16", help="autocast dtype")
    p.add_argument("--device", choices=["cuda", "cpu"], default="cuda")
    p.add_argument("--backend", choices=["nccl", "gloo"],
                   help="default: nccl on cuda, gloo on cpu")
    p.add_argument("--steps", type=int, default=20, help="timed steps per configuration")
    p.add_argument("--warmup", type=int, default=5, help="untimed steps first")
    p.add_argument("--nosync-steps", type=int, default=10, help="timed steps without grad sync")
    p.add_argument("--no-busbw", action="store_true",
                   help="skip timing all_reduce by size and the isolated gradient sync")
    p.add_argument("--no-verify", action="store_true",
                   help="do not measure the recommended configuration")
    p.add_argument("--target-efficiency", type=float, default=0.96)
    p.add_argument("--max-accum", type=int, default=32)
    p.add_argument("--timeout", type=float, default=300.0,
                   help="seconds to wait for the group to form and for any collective")
    p.add_argument("--nproc", type=int,
                   help="start this many local ranks (one per GPU); omit under torchrun")
    p.add_argument("--deadline", type=positive_float, default=1800.0,
                   help="with --nproc: seconds the whole job may take")
    base = p.add_mutually_exclusive_group()
    base.add_argument("--baseline", action="store_true",
                      help="with --nproc: first run the same job on one GPU")
    base.add_argument("--baseline-json", type=Path,
                      help="a previous one-GPU `ncclkit train --json` result")
    p.add_argument("--log-dir", type=Path, help="with --nproc: keep each rank's log here")
    p.add_argument("--bench-json", type=Path,
                   help="also write the all_reduce busbw samples as a bench JSON for `plan`")
    p.add_argument("--hang-evidence", nargs="?", const=DEFAULT_PREFIX, default=None, metavar="PREFIX",
                   help="record collectives and dump them on a timeout to PREFIX<rank> (default "
                        f"{DEFAULT_PREFIX}), RAS on; read them with `ncclkit hang --dumps PREFIX`")
    p.add_argument("--json", action="store_true", help="print the result as JSON")
    return p


def _baseline_tps(path: Path) -> float:
    data = read_input_json(path, flag="--baseline-json",
                           hint="give the JSON of `ncclkit train --nproc 1 --json`")
    try:
        tps = float(data["tokens_per_s_per_gpu"])
        world = int(data["world_size"])
    except (ValueError, KeyError, TypeError):
        raise NcclkitError(f"{path}: not a `ncclkit train --json` result",
                           hint="run `ncclkit train --nproc 1 --json > base.json` first") from None
    if world != 1 or not tps > 0:
        raise NcclkitError(f"{path}: world_size {world}, tokens/s {tps}: not a one-GPU baseline",
                           hint="run the baseline with --nproc 1")
    return tps


def _options(args: argparse.Namespace) -> TrainOptions:
    return TrainOptions(
        model_size=args.model_size, micro_batch=args.micro_batch, accum=args.accum,
        bucket_mbs=args.bucket_mb, strategy=args.strategy, dtype=args.dtype, device=args.device,
        backend=args.backend or ("nccl" if args.device == "cuda" else "gloo"),
        warmup_steps=args.warmup, steps=args.steps, nosync_steps=args.nosync_steps,
        measure_busbw=not args.no_busbw, verify=not args.no_verify,
        target_efficiency=args.target_efficiency, max_accum=args.max_accum,
        timeout_s=args.timeout,
        baseline_tokens_per_s=_baseline_tps(args.baseline_json) if args.baseline_json else None)


def _execute(args: argparse.Namespace, opts: TrainOptions) -> dict[str, Any] | None:
    if args.nproc is not None:
        from ncclkit.train.spawn import run_local

        baseline = None
        if args.baseline:
            one = opts.replace(bucket_mbs=opts.bucket_mbs[:1], measure_busbw=False, verify=False)
            baseline = run_local(one, nproc=1, deadline_s=args.deadline, log_dir=args.log_dir,
                                 tag="baseline")
            opts = opts.replace(baseline_tokens_per_s=baseline["tokens_per_s_per_gpu"])
        result = run_local(opts, nproc=args.nproc, deadline_s=args.deadline,
                           log_dir=args.log_dir)
        if baseline is not None:
            result["baseline"] = {**(result.get("baseline") or {}), "run": baseline}
        return result
    if args.baseline:
        raise NcclkitError("--baseline needs --nproc",
                           hint="under torchrun, run a one-GPU job first and pass --baseline-json")
    if importlib.util.find_spec("torch") is None:
        raise NcclkitError("torch is not installed", hint="pip install torch (matching your CUDA)")
    from ncclkit.train.loop import run_job

    return run_job(opts)


def _human(r: dict[str, Any]) -> str:
    eff = r.get("scaling_efficiency")
    lines = [f"{r['model']['size']} GPT ({r['model']['params']:,} params), {r['strategy']} on "
             f"{r['world_size']} x {r['device_name']}, {r['dtype']}, micro-batch "
             f"{r['micro_batch']} x {r['model']['seq_len']} tokens",
             f"  step {r['step_ms']:.1f} ms, {r['tokens_per_s_per_gpu']:,.0f} tokens/s per GPU"
             + (f", scaling efficiency {eff:.3f}" if eff is not None else "")]
    if r.get("exposed_comm_ms") is not None:
        lines.append(f"  without gradient sync {r['step_nosync_ms']:.1f} ms: exposed communication "
                     f"{r['exposed_comm_ms']:.1f} ms"
                     + (f"; gradient sync alone {r['comm_ms']:.1f} ms" if r.get("comm_ms") is not None else ""))
    for run in r["runs"][1:]:
        e = run["scaling_efficiency"]
        bucket = "-" if run["bucket_mb"] is None else f"{run['bucket_mb']:g} MiB"
        lines.append(f"  bucket {bucket}, accum {run['accum']}: step "
                     f"{run['step_ms']:.1f} ms, {run['tokens_per_s_per_gpu']:,.0f} tokens/s per GPU"
                     + (f", efficiency {e:.3f}" if e is not None else ""))
    rec = r["recommendation"]
    lines.append(f"  recommended: bucket_cap_mb={rec['bucket_mb']} accumulation={rec['accum']}")
    lines += [f"    - {reason}" for reason in rec["reasons"]]
    return "\n".join(lines)


def run(args: argparse.Namespace) -> int:
    if args.bench_json is not None:  # before the job: a typo must not cost the whole run
        check_output_file(args.bench_json, flag="--bench-json")
    opts = _options(args)
    if args.hang_evidence:
        # Before any process group exists (ProcessGroupNCCL reads them when created); the ranks
        # --nproc starts inherit them. Variables the user already set win.
        for name, value in hang_evidence_env(args.hang_evidence).items():
            os.environ.setdefault(name, value)
    result = _execute(args, opts)
    if args.nproc is None and int(os.environ.get("WORLD_SIZE", "1")) > 1:
        _report(args, result)
        end_process(0)  # a rank of a multi-process job: no torch teardown (ncclkit.procexit)
    _report(args, result)
    return 0


def _report(args: argparse.Namespace, result: dict[str, Any] | None) -> None:
    if result is None:  # a rank other than 0 under torchrun
        return
    if args.bench_json is not None and result.get("bench"):
        write_output_file(args.bench_json, json.dumps(result["bench"], indent=2), flag="--bench-json")
    if args.json:
        print(json.dumps(result, indent=2))
    else:
        print(_human(result))
