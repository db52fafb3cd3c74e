#!/bin/bash
# DDP scaling of the 163M GPT on one node with 2 GPUs: 1-GPU baseline, 2 GPUs over NVLink with the
# recommended bucket size and accumulation, 2 GPUs forced onto NET/Socket, then `ncclkit plan`
# for both paths from the busbw measured in the same runs. Writes a few files under $OUT and
# prints a summary table (also $OUT/summary.md). Reference: tests/data/measurements/README.md
# (0.968 over NVLink, 0.225 over sockets; 186 ms predicted vs 177 ms measured).
#
#   OUT=/tmp/out bash benchmarks/train_scaling.sh            # on the 2-GPU machine
#   OUT=/tmp/out DRY_RUN=1 bash benchmarks/train_scaling.sh  # CPU + gloo, tiny model: the pipeline
set -euo pipefail

: "${OUT:?set OUT to the output folder}"
mkdir -p "$OUT"
cd "$(dirname "$0")/.."
export PYTHONPATH="$PWD/src${PYTHONPATH:+:$PYTHONPATH}"
PY="${PYTHON:-python3}"
# `timeout` runs programs, not shell functions: call ncclkit through the interpreter everywhere.
NCCLKIT=("$PY" -m ncclkit)

# NVLink SHARP multicast is not available on the lent machines; keep every library off it.
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1

if [ "${DRY_RUN:-0}" = 1 ]; then
  MODEL=(--model-size tiny --micro-batch 2 --device cpu --backend gloo --dtype fp32
         --steps 3 --warmup 1 --nosync-steps 3)
  BUCKETS=1,0.25
  SOCKET_STEPS=(--steps 3 --warmup 1 --nosync-steps 3)
  PLAN_MODEL=tiny PLAN_BUCKET=1
else
  MODEL=(--model-size 163m --micro-batch 16)
  BUCKETS=25,50,100
  SOCKET_STEPS=(--steps 10 --warmup 3 --nosync-steps 5)
  PLAN_MODEL=163m PLAN_BUCKET=25
fi

LOGS="$(mktemp -d)"
trap 'rm -rf "$LOGS"' EXIT
FAILED=()

step() {  # step NAME TIMEOUT_S COMMAND...: run bounded; a failure is recorded, not fatal
  local name=$1 limit=$2; shift 2
  echo "== $name (at most ${limit}s)" >&2
  local t0=$SECONDS rc=0
  timeout --kill-after=10 "$limit" "$@" || rc=$?
  echo "== $name: rc=$rc in $((SECONDS - t0))s" >&2
  if [ "$rc" != 0 ]; then FAILED+=("$name rc=$rc"); fi
}

keep_log() {  # keep_log NAME: rank 0's NCCL lines of a run, bounded in size
  local src="$LOGS/$1/train-rank0.log"
  if [ -f "$src" ]; then
    grep -E 'NCCL (INFO|WARN)|Error|error' "$src" | head -n 300 > "$OUT/nccl-$1-rank0.log" || true
  fi
}

DEBUG=(env NCCL_DEBUG=INFO NCCL_DEBUG_SUBSYS=INIT,NET)

step baseline-1gpu 150 "${NCCLKIT[@]}" train "${MODEL[@]}" --nproc 1 --json --deadline 140 \
  --log-dir "$LOGS/1gpu" > "$OUT/train-1gpu.json"

BASE=()
if [ -s "$OUT/train-1gpu.json" ]; then BASE=(--baseline-json "$OUT/train-1gpu.json"); fi

step nvlink-2gpu 200 "${DEBUG[@]}" "$PY" -m ncclkit train "${MODEL[@]}" --nproc 2 \
  "${BASE[@]}" --bucket-mb "$BUCKETS" --json --deadline 190 --log-dir "$LOGS/nvlink" \
  --bench-json "$OUT/bench-nvlink.json" > "$OUT/train-nvlink.json"
keep_log nvlink

# The network path on one host: no P2P, no SHM, and the socket transport (no RDMA here anyway).
step socket-2gpu 220 "${DEBUG[@]}" NCCL_P2P_DISABLE=1 NCCL_SHM_DISABLE=1 NCCL_NET=Socket \
  NCCL_IB_DISABLE=1 "$PY" -m ncclkit train "${MODEL[@]}" "${SOCKET_STEPS[@]}" --nproc 2 \
  "${BASE[@]}" --bucket-mb "${BUCKETS%%,*}" --json --deadline 210 --log-dir "$LOGS/socket" \
  --bench-json "$OUT/bench-socket.json" > "$OUT/train-socket.json"
keep_log socket

for path in nvlink socket; do
  if [ -s "$OUT/bench-$path.json" ]; then
    step "plan-$path" 30 "${NCCLKIT[@]}" plan --model-size "$PLAN_MODEL" --world-size 2 \
      --bench "$OUT/bench-$path.json" --bucket-mb "$PLAN_BUCKET" --json > "$OUT/plan-$path.json"
  fi
done

"$PY" - "$OUT" <<'EOF' | tee "$OUT/summary.md"
import json, re, sys
from pathlib import Path

out = Path(sys.argv[1])

def load(name):
    p = out / name
    try:
        return json.loads(p.read_text())
    except (OSError, ValueError):
        return None

def transports(name):
    p = out / f"nccl-{name}-rank0.log"
    if not p.exists():
        return "-"
    found = sorted(set(re.findall(r"via (NET/\w+|P2P/\w+|SHM)", p.read_text())))
    return ", ".join(found) or "-"

def f(v, fmt):
    return "-" if v is None else format(v, fmt)

base, nv, so = load("train-1gpu.json"), load("train-nvlink.json"), load("train-socket.json")
print("| setup | bucket MiB | accum | step ms | tokens/s per GPU | efficiency | exposed comm ms | transports |")
print("|---|---|---|---|---|---|---|---|")
if base:
    print(f"| 1 GPU | - | {base['accum']} | {base['step_ms']:.1f} | {base['tokens_per_s_per_gpu']:,.0f} | - | - | - |")
for label, r, name in (("2 GPUs NVLink", nv, "nvlink"), ("2 GPUs forced NET/Socket", so, "socket")):
    if not r:
        print(f"| {label} | missing | | | | | | |")
        continue
    for i, run in enumerate(r["runs"]):
        tag = label if i == 0 else f"{label} (run {i + 1})"
        print(f"| {tag} | {run['bucket_mb']} | {run['accum']} | {run['step_ms']:.1f} | "
              f"{run['tokens_per_s_per_gpu']:,.0f} | {f(run['scaling_efficiency'], '.3f')} | "
              f"{f(run['exposed_comm_ms'], '.1f')} | {transports(name)} |")
print()
for label, r in (("NVLink", nv), ("forced socket", so)):
    if not r:
        continue
    rec = r["recommendation"]
    m = rec.get("measured") or {}
    print(f"- {label}: recommended bucket_cap_mb={rec['bucket_mb']} accum={rec['accum']}, "
          f"predicted efficiency {f(rec['predicted_efficiency'], '.3f')}, measured "
          f"{f(m.get('scaling_efficiency'), '.3f')}. " + " ".join(rec["reasons"]))
print()
print("| path | plan comm ms | gradient sync alone ms | plan/alone | exposed comm ms | plan/exposed | busbw at bucket GB/s |")
print("|---|---|---|---|---|---|---|")
for label, r, name in (("NVLink", nv, "nvlink"), ("forced socket", so, "socket")):
    plan = load(f"plan-{name}.json")
    if not (r and plan):
        print(f"| {label} | missing | | | | | |")
        continue
    pc, alone, exposed = plan["comm_time_ms"], r.get("comm_ms"), r.get("exposed_comm_ms")
    ratio = lambda a, b: "-" if not (a and b and b > 0) else f"{a / b:.3f}"
    print(f"| {label} | {pc:.2f} | {f(alone, '.2f')} | {ratio(pc, alone)} | {f(exposed, '.2f')} | "
          f"{ratio(pc, exposed)} | {plan['comm_ops'][0]['busbw_gbps']:.2f} |")
print()
print("Reference (tests/data/measurements/README.md): 1 GPU 51.4 ms; NVLink 53.1 ms, 0.968; "
      "NET/Socket 228.3 ms, 0.225; plan 186 ms vs 177 ms measured.")
EOF

if [ "${#FAILED[@]}" != 0 ]; then
  echo "failed steps: ${FAILED[*]}" >&2
  exit 1
fi
