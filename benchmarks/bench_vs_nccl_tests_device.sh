#!/bin/bash
# One device session for issue 15: a smoke run of every collective in both modes, the side-by-side
# comparison with nccl-tests (bench_vs_nccl_tests.py), and two ranks sharing one GPU.
# Usage (from the repository root): benchmarks/bench_vs_nccl_tests_device.sh NCCL_TESTS_SRC OUT
set -u
src=$1 out=$2
here=$(cd "$(dirname "$0")/.." && pwd)
export PYTHONPATH=$here/src PYTHONUNBUFFERED=1
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1
kit() { python3 -m ncclkit bench --backend nccl "$@"; }
echo "== smoke"; date -u
kit --nproc 1 -c all -b 8 -e 1M -f 32 -n 5 -w 2 -G 10 || exit 1
kit --nproc 1 -c all_reduce -b 8 -e 1M -f 32 -n 5 -w 2 --eager -I 1 -K 1 -J /tmp/smoke.json || exit 1
echo "== shared GPU: two ranks, one GPU, different NCCL_HOSTID"
port=$((20000 + RANDOM % 20000))
for r in 1 0; do
  RANK=$r WORLD_SIZE=2 LOCAL_RANK=0 MASTER_ADDR=127.0.0.1 MASTER_PORT=$port NCCL_HOSTID=host$r \
    timeout 120 python3 -m ncclkit bench --backend nccl -b 8 -e 8K -f 4 -n 5 -w 1 -G 10 \
    > /tmp/shared-$r.txt 2>&1 &
done
wait
cat /tmp/shared-0.txt > "$out/shared-gpu.txt"; tail -25 /tmp/shared-0.txt
echo "== comparison"; date -u
python3 "$here/benchmarks/bench_vs_nccl_tests.py" --nccl-tests-src "$src" --out "$out" --nproc 1
date -u
