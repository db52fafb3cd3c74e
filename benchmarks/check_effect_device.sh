#!/bin/bash
# Does the per-row data check change the next row's time? nccl-tests and ncclkit, graph mode,
# all_reduce 8 B - 64 KB on one GPU, with and without the check (-c 0/1, --check 0/1), 3 rounds
# interleaved (ABBA). Usage (repository root): benchmarks/check_effect_device.sh NCCL_TESTS_SRC OUT
set -u
src=$1 out=$2
mkdir -p "$out"
. "$(dirname "$0")/nccl_tests_env.sh"
export PYTHONPATH=$PWD/src
build_nccl_tests "$src" "$out/build.txt" all_reduce_perf || exit 1
args="-b 8 -e 64K -f 2 -w 5 -n 20 -G 10"
nt() { $build/all_reduce_perf -g 1 $args -c "$1" > "$out/nt-c$1-r$2.txt" 2>&1; }
kit() { python3 -m ncclkit bench --nproc 1 --backend nccl -c all_reduce $args --check "$1" > "$out/kit-c$1-r$2.txt" 2>&1; }
for r in 1 2 3; do
  if [ $((r % 2)) = 1 ]; then nt 0 $r; nt 1 $r; kit 0 $r; kit 1 $r; else kit 0 $r; kit 1 $r; nt 0 $r; nt 1 $r; fi
done
date -u > "$out/date.txt"
