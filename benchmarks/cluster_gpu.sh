#!/usr/bin/env bash
# `ncclkit cluster` on one host with 2 GPUs, proving NCCL's transport choices from its own logs.
#  (a) two simulated nodes (NCCL_HOSTID=node0/node1, one GPU each): predicted NET/Socket (no RDMA
#      device), proven by the proof run's per-rank NCCL_DEBUG=INFO logs; then the pairwise
#      bandwidth phase measures the pair over NCCL (one GPU per node, sendrecv, CUDA events);
#  (b) one node with both GPUs: P2P over NVLink predicted and proven.
# Writes the JSON reports, stderr of every process and the NCCL logs under $OUT (default ./out).
# Usage, from the repository root: OUT=/some/dir bash benchmarks/cluster_gpu.sh
set -u
cd "$(dirname "$0")/.."
OUT="${OUT:-$PWD/out}"
mkdir -p "$OUT"
export PYTHONPATH="$PWD/src${PYTHONPATH:+:$PYTHONPATH}"
# Multicast/NVLS stays off on these shared machines.
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1
PY="${PYTHON:-python3}"
TIMEOUT_S="${TIMEOUT_S:-90}"
BW_SIZE="${BW_SIZE:-67108864}"  # bytes per pair message: 64 MiB, near peak bandwidth
ADDR="$(hostname -I 2>/dev/null | awk '{print $1}')"
ADDR="${ADDR:-127.0.0.1}"
status=0

nvidia-smi -L > "$OUT/nvidia-smi-L.txt" 2>&1
"$PY" -c 'import torch; print(torch.__version__, torch.cuda.nccl.version())' > "$OUT/versions.txt" 2>&1

echo "== (a) two simulated nodes, one GPU each, master $ADDR"
PORT=29710
for r in 0 1; do
  # Both "nodes" share one address: each listens on its own probe port (published via the store).
  env RANK=$r WORLD_SIZE=2 MASTER_ADDR="$ADDR" MASTER_PORT=$PORT NCCL_HOSTID=node$r \
      CUDA_VISIBLE_DEVICES=$r \
      timeout $((TIMEOUT_S * 3)) "$PY" -m ncclkit.cluster --json -v --timeout "$TIMEOUT_S" \
      --proof on --probe-port $((PORT + 1 + r)) --log-dir "$OUT/logs-2sim" --bw-size "$BW_SIZE" \
      --output "$OUT/cluster-2sim-nodes-rank$r.json" \
      > "$OUT/cluster-2sim-rank$r.stdout" 2> "$OUT/cluster-2sim-rank$r.stderr" &
  pids[$r]=$!
done
for r in 0 1; do
  wait "${pids[$r]}"; rc=$?
  echo "rank $r exit $rc"; echo "$rc" > "$OUT/cluster-2sim-rank$r.rc"
  [ "$rc" = 0 ] || status=1
done
[ -f "$OUT/cluster-2sim-nodes-rank0.json" ] && mv "$OUT/cluster-2sim-nodes-rank0.json" "$OUT/cluster-2sim-nodes.json"

echo "== (b) one node, both GPUs"
env RANK=0 WORLD_SIZE=1 MASTER_ADDR="$ADDR" MASTER_PORT=$((PORT + 10)) \
    timeout $((TIMEOUT_S * 3)) "$PY" -m ncclkit.cluster --json -v --timeout "$TIMEOUT_S" \
    --proof on --log-dir "$OUT/logs-1node" --output "$OUT/cluster-1node-2gpu.json" \
    > "$OUT/cluster-1node.stdout" 2> "$OUT/cluster-1node.stderr"
rc=$?; echo "exit $rc"; echo "$rc" > "$OUT/cluster-1node.rc"
[ "$rc" = 0 ] || status=1

# One-line verdicts: the predicted vs observed transports, and the finding ids.
"$PY" - "$OUT" <<'PYEOF'
import json, sys, pathlib
out = pathlib.Path(sys.argv[1])
for name in ("cluster-2sim-nodes.json", "cluster-1node-2gpu.json"):
    p = out / name
    if not p.exists():
        print(f"{name}: missing"); continue
    r = json.loads(p.read_text())
    for node in r.get("proof", {}).get("nodes", []):
        pred = node["prediction"]
        for w in node["ranks"]:
            print(f"{name}: {node['node']} rank {w['rank']}: predicted net={pred['net']['plugin']} "
                  f"local={ {k: v['transport'] for k, v in pred['transports'].items()} } "
                  f"observed network={w['observed']['network']} transports={w['observed']['transports']}")
    bw = r.get("bandwidth") or {}
    print(f"{name}: bandwidth backend={bw.get('backend')} network={bw.get('network')} "
          f"op={bw.get('op')} size={bw.get('size_bytes')} iters={bw.get('iters')} "
          f"fallback={bw.get('fallback_reason')}")
    for p in bw.get("pairs", []):
        print(f"{name}: pass {p['pass']} {p['a']} <-> {p['b']}: a->b {p['a_to_b_gbps']} GB/s, "
              f"b->a {p['b_to_a_gbps']} GB/s, both ways busbw {p.get('busbw_gbps')} GB/s"
              + (f", error {p['error']}" if p.get("error") else ""))
    print(f"{name}: findings", [(f["id"], f["severity"], f["subject"]) for f in r["findings"]])
PYEOF
exit $status
