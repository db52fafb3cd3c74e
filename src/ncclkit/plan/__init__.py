"""`ncclkit plan`: predicted communication per step and memory per GPU (CONTRACTS.md section 8)."""

from ncclkit.plan.bandwidth import (Bandwidth, bench_bandwidth, constant_bandwidth,
                                    line_rate_bandwidth)
from ncclkit.plan.step import DTYPE_BYTES, CommOp, MemoryPerGpu, StepPlan, Strategy, plan_step

__all__ = ["DTYPE_BYTES", "Bandwidth", "CommOp", "MemoryPerGpu", "StepPlan", "Strategy",
           "bench_bandwidth", "constant_bandwidth", "line_rate_bandwidth", "plan_step"]
