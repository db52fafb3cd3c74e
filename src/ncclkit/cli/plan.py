"""`ncclkit plan`: predict a step's communication volume and time, and memory per GPU."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from ncclkit.cli.argtypes import fraction, positive_float, positive_int
from ncclkit.errors import NcclkitError
from ncclkit.plan import (DTYPE_BYTES, Bandwidth, StepPlan, Strategy, bench_bandwidth,
                          constant_bandwidth, line_rate_bandwidth, plan_step)
from ncclkit.train.config import PRESETS, num_params, parse_count, preset

__all__ = ["add_parser", "run"]


def add_parser(sub: argparse._SubParsersAction) -> argparse.ArgumentParser:
    p = sub.add_parser(
        "plan", help="predict per-step communication and per-GPU memory",
        description="Predict one optimizer step's communication bytes and time and the per-GPU "
                    "memory of weights, gradients and AdamW states, for DDP, ZeRO-1/2/3 or FSDP.")
    size = p.add_mutually_exclusive_group(required=True)
    size.add_argument("--params", help="parameter count, e.g. 163M or 1.4B")
    size.add_argument("--model-size", choices=sorted(PRESETS),
                      help="a model `ncclkit train` runs (its exact parameter count)")
    p.add_argument("--world-size", type=positive_int, help="number of GPUs in the job")
    p.add_argument("--gpus-per-node", type=positive_int, help="with --nodes, instead of --world-size")
    p.add_argument("--nodes", type=positive_int, default=1)
    p.add_argument("--strategy", choices=[str(s) for s in Strategy], default="ddp")
    p.add_argument("--grad-dtype", choices=sorted(DTYPE_BYTES), default="fp32",
                   help="gradient dtype on the wire (fp32 for DDP with autocast)")
    p.add_argument("--param-dtype", choices=sorted(DTYPE_BYTES), default="fp32",
                   help="working weights dtype (bf16: adds fp32 master weights to the optimizer)")
    p.add_argument("--bucket-mb", type=positive_float, default=25.0,
                   help="message size in MiB: DDP bucket_cap_mb (default 25)")
    bw = p.add_mutually_exclusive_group(required=True)
    bw.add_argument("--busbw-gbps", type=positive_float, help="bus bandwidth in GB/s for every size")
    bw.add_argument("--bench", type=Path, help="bench JSON (docs/CONTRACTS.md section 6)")
    bw.add_argument("--line-rate-gbits", type=positive_float, help="inter-node NIC line rate in Gb/s")
    p.add_argument("--nics-per-node", type=positive_int, default=1, help="with --line-rate-gbits")
    p.add_argument("--link-efficiency", type=fraction, default=0.9,
                   help="fraction of line rate reached, with --line-rate-gbits (default 0.9)")
    p.add_argument("--json", action="store_true", help="print JSON (docs/CONTRACTS.md section 8)")
    return p


def _bandwidth(args: argparse.Namespace) -> Bandwidth:
    if args.bench is not None:
        return bench_bandwidth(args.bench)
    if args.line_rate_gbits is not None:
        return line_rate_bandwidth(line_rate_gbits=args.line_rate_gbits,
                                   nics_per_node=args.nics_per_node,
                                   efficiency=args.link_efficiency)
    return constant_bandwidth(args.busbw_gbps)


def _world_size(args: argparse.Namespace) -> int:
    if args.world_size is not None and args.gpus_per_node is not None:
        raise NcclkitError("both --world-size and --gpus-per-node given",
                           hint="give --world-size W, or --gpus-per-node G with --nodes N")
    if args.world_size is not None:
        return args.world_size
    if args.gpus_per_node is None:
        raise NcclkitError("no job size", hint="give --world-size W, or --gpus-per-node G --nodes N")
    return args.gpus_per_node * args.nodes


def _human(plan: StepPlan) -> str:
    gb = 1e9
    lines = [f"{plan.num_params:,} params, {plan.strategy} on {plan.world_size} GPUs, "
             f"grads {plan.grad_dtype}, weights {plan.param_dtype}; bandwidth: "
             f"{plan.bandwidth_source}"]
    for op in plan.ops:
        lines.append(f"  {op.collective:<15} {op.purpose:<16} {op.size_bytes / gb:8.3f} GB in "
                     f"{op.num_messages:>4} x {op.message_bytes / 2**20:.1f} MiB at "
                     f"{op.busbw_gbps:8.2f} GB/s busbw: {op.time_ms:9.2f} ms")
    lines.append(f"  communication per step: {plan.comm_bytes_per_step / gb:.3f} GB, "
                 f"{plan.comm_time_ms:.2f} ms (if none of it overlaps compute)")
    m = plan.memory
    lines.append(f"  memory per GPU: weights {m.weights_bytes / gb:.2f} GB, grads "
                 f"{m.grads_bytes / gb:.2f} GB, AdamW states {m.optimizer_bytes / gb:.2f} GB, "
                 f"total {m.total_bytes / gb:.2f} GB (activations not counted)")
    return "\n".join(lines)


def run(args: argparse.Namespace) -> int:
    count = num_params(preset(args.model_size)) if args.model_size else parse_count(args.params)
    plan = plan_step(num_params=count, world_size=_world_size(args),
                     strategy=Strategy(args.strategy), grad_dtype=args.grad_dtype,
                     param_dtype=args.param_dtype,
                     bucket_bytes=int(args.bucket_mb * 1024 * 1024), bandwidth=_bandwidth(args))
    print(json.dumps(plan.to_json(), indent=2) if args.json else _human(plan))
    return 0
