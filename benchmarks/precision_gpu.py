"""Mixed-precision mistakes of multi-GPU jobs, made for real on one GPU and logged as users paste them.

Each scenario runs under torchrun with two ranks on GPU 0; each rank sets its own NCCL_HOSTID, so NCCL treats them as
two hosts (NET/Socket over loopback). After one all_reduce that works, every rank makes the scenario's mistake:
- allgather-fp16-into-bf16: all_gather_into_tensor from a float16 shard into a bfloat16 buffer (ZeRO-3 shards of
  two precisions, yangjianxin1/Firefly#127);
- linear-half-weights: a layer cast to float16 given float32 inputs (a model half-cast by hand);
- conv-half-input: a float32 convolution given float16 inputs;
- gradscaler-fp16-params: GradScaler over parameters kept in float16;
- gradscaler-no-grads: GradScaler.step on an optimizer whose parameters took no part in the loss.
Writes under $OUT: <scenario>.log (torchrun's output with both ranks') and precision.json (per scenario: torchrun's
exit code, the last exception line of rank 0, seconds).
Usage, from the repository root: OUT=/dir python3 benchmarks/precision_gpu.py [scenario ...]
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time

from faults_gpu import SAFE_ENV, SOCKET_ENV  # the same two hosts over loopback as the faults' jobs

OUT = os.environ.get("OUT", "out")
SCENARIOS = ("allgather-fp16-into-bf16", "linear-half-weights", "conv-half-input", "gradscaler-fp16-params",
             "gradscaler-no-grads")
LIMIT_S = 120

RANK = r'''
import datetime, os
rank = int(os.environ["RANK"])
os.environ["NCCL_HOSTID"] = f"host{rank}"  # two ranks on one GPU as two hosts
import torch
import torch.distributed as dist
from torch import nn

scenario = os.environ["SCENARIO"]
torch.cuda.set_device(0)
dist.init_process_group("nccl", timeout=datetime.timedelta(seconds=60), device_id=torch.device("cuda:0"))
t = torch.ones(1 << 16, device="cuda")
dist.all_reduce(t)
torch.cuda.synchronize()
print(f"rank {rank}: all_reduce done", flush=True)
x = torch.randn(4, 8, device="cuda")
if scenario == "allgather-fp16-into-bf16":
    shard = torch.ones(1024, device="cuda", dtype=torch.float16)
    full = torch.empty(2048, device="cuda", dtype=torch.bfloat16)
    dist.all_gather_into_tensor(full, shard)
elif scenario == "linear-half-weights":
    nn.Linear(8, 8).cuda().half()(x)
elif scenario == "conv-half-input":
    nn.Conv2d(3, 8, 3).cuda()(torch.randn(1, 3, 16, 16, device="cuda").half())
elif scenario == "gradscaler-fp16-params":
    model = nn.Linear(8, 1).cuda().half()
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    scaler = torch.amp.GradScaler("cuda")
    scaler.scale(model(x.half()).float().sum()).backward()
    scaler.step(opt)
elif scenario == "gradscaler-no-grads":
    used, unused = nn.Linear(8, 1).cuda(), nn.Linear(8, 1).cuda()
    opt = torch.optim.SGD(unused.parameters(), lr=0.1)
    scaler = torch.amp.GradScaler("cuda")
    with torch.autocast("cuda", dtype=torch.float16):
        loss = used(x).float().sum()
    scaler.scale(loss).backward()
    scaler.step(opt)
torch.cuda.synchronize()
print(f"rank {rank}: {scenario} went through", flush=True)
dist.destroy_process_group()
'''


def _last_exception(log: str) -> str:
    lines = [line for line in log.splitlines() if line.startswith("[rank0]: ") and "Error" in line.split(":")[1]]
    return lines[-1] if lines else ""


def run(scenario: str, script: str) -> dict[str, object]:
    env = {**os.environ, **SAFE_ENV, **SOCKET_ENV, "SCENARIO": scenario}
    start = time.monotonic()
    with open(os.path.join(OUT, f"{scenario}.log"), "w") as log:
        try:
            proc = subprocess.run([sys.executable, "-m", "torch.distributed.run", "--standalone",
                                   "--nproc_per_node", "2", script], env=env, stdout=log, stderr=subprocess.STDOUT,
                                  timeout=LIMIT_S)
            code: int | None = proc.returncode
        except subprocess.TimeoutExpired:
            code = None
    with open(os.path.join(OUT, f"{scenario}.log")) as f:
        text = f.read()
    return {"scenario": scenario, "exit_code": code, "rank0_exception": _last_exception(text),
            "seconds": round(time.monotonic() - start, 1)}


def main() -> None:
    os.makedirs(OUT, exist_ok=True)
    with tempfile.NamedTemporaryFile("w", suffix="_precision_rank.py", delete=False) as f:
        f.write(RANK)
    try:
        results = [run(s, f.name) for s in (sys.argv[1:] or SCENARIOS)]
    finally:
        os.unlink(f.name)
    import torch  # only for the versions the results record

    with open(os.path.join(OUT, "precision.json"), "w") as out:
        json.dump({"date": time.strftime("%Y-%m-%d"), "torch": torch.__version__,
                   "nccl": ".".join(map(str, torch.cuda.nccl.version())),
                   "gpu": torch.cuda.get_device_name(0), "results": results}, out, indent=1)
    print(json.dumps(results, indent=1))


if __name__ == "__main__":
    main()
