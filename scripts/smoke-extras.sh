#!/usr/bin/env bash
# Each extra alone in a clean venv runs the commands it is for:
#   .[torch]  -> bench (gloo), cluster under torchrun on this machine, train;
#   .[report] -> report (HTML) and doctor --format prometheus.
# torch is pinned to the CPU build this CI uses: an unpinned torch from PyPI pulls ~15 CUDA wheels.
set -euo pipefail
cd "$(dirname "$0")/.."
repo="$PWD"
tmp="$(mktemp -d "${TMPDIR:-/tmp}/ncclkit-extras.XXXXXX")"
trap 'rm -rf "$tmp"' EXIT
node="$repo/tests/data/nodes/ib-port-down-memlock"

# A command that must finish and say something, with an exit code of 0 or 1 (findings), not 2.
findings_exit() {
  local rc=0
  "$@" || rc=$?
  if [ "$rc" -gt 1 ]; then echo "FAILED (exit $rc): $*" >&2; exit 1; fi
}

echo "-- .[torch]"
python3 -m venv "$tmp/torch"
"$tmp/torch/bin/python" -m pip install -q "torch==2.13.0" -e "$repo[torch]"
(cd "$tmp" && "$tmp/torch/bin/ncclkit" bench --nproc 2 --backend gloo -b 1K -e 64K -f 4 -n 5 -w 1 \
  --timeout 120 | tee bench.txt)
grep -q "Avg bus bandwidth" "$tmp/bench.txt"
port=$((29500 + RANDOM % 1000))
(cd "$tmp" && findings_exit "$tmp/torch/bin/torchrun" --standalone --nnodes 1 --nproc-per-node 2 \
  --master-port "$port" -m ncclkit cluster --timeout 60 --bw-size 1048576 --bw-iters 3 --json \
  --output cluster.json)
"$tmp/torch/bin/python" -c "import json,sys; d=json.load(open(sys.argv[1])); assert len(d['nodes']) == 2, d['nodes']" \
  "$tmp/cluster.json"
(cd "$tmp" && "$tmp/torch/bin/ncclkit" train --model-size tiny --device cpu --nproc 2 --steps 3 \
  --warmup 1 --nosync-steps 2 --no-busbw --no-verify --micro-batch 2)

echo "-- .[report]"
python3 -m venv "$tmp/report"
"$tmp/report/bin/python" -m pip install -q -e "$repo[report]"
(cd "$tmp" && findings_exit "$tmp/report/bin/ncclkit" doctor --root "$node" --json > doctor.json)
(cd "$tmp" && "$tmp/report/bin/ncclkit" report doctor.json --out report.html && test -s report.html)
(cd "$tmp" && findings_exit "$tmp/report/bin/ncclkit" doctor --root "$node" --format prometheus > m.prom)
grep -q "^ncclkit_" "$tmp/m.prom"
echo "extras: ok"
