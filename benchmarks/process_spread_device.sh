#!/bin/bash
# One process differs from the next: N processes each of nccl-tests and ncclkit (and ncclkit
# with torch's allocator), graph mode, all_reduce 8 B - 64 KB, -c 0, one GPU, alternating.
# Usage (repository root): [ARGS="-b 8 -e 64K -f 2 -w 5 -n 20 -G 10"] benchmarks/process_spread_device.sh NCCL_TESTS_SRC OUT N
# Table: python3 benchmarks/ab_table.py OUT nt kit kittorch
set -u
src=$1 out=$2 n=$3
mkdir -p "$out"
. "$(dirname "$0")/nccl_tests_env.sh"
export PYTHONPATH=$PWD/src
build_nccl_tests "$src" "$out/build.txt" all_reduce_perf || exit 1
args=${ARGS:--b 8 -e 64K -f 2 -w 5 -n 20 -G 10}
for r in $(seq 1 "$n"); do
  echo "=== round $r" >> "$out/nt.txt"; $build/all_reduce_perf -g 1 $args -c 0 >> "$out/nt.txt" 2>&1
  echo "=== round $r" >> "$out/kit.txt"; python3 -m ncclkit bench --nproc 1 --backend nccl -c all_reduce $args --check 0 >> "$out/kit.txt" 2>&1
  echo "=== round $r" >> "$out/kittorch.txt"; python3 -m ncclkit bench --nproc 1 --backend nccl -c all_reduce $args --check 0 --alloc torch >> "$out/kittorch.txt" 2>&1
done
date -u > "$out/date.txt"
