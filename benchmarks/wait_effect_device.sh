#!/bin/bash
# nccl-tests, ncclkit from another checkout (OLD_SRC, its src/ folder) and this one, side by
# side: all_reduce, ARGS (default 8 B - 64 KB, -G 10), -c 0, one GPU, ROUNDS rounds (3) with the
# order rotated each round. Writes OUT/{nt,kitold,kit}.txt, the rounds appended with
# "=== round N" lines; table: python3 benchmarks/ab_table.py OUT nt kitold kit.
# KIT_EXTRA: more flags for both ncclkit runs (--eager: nccl-tests without -G).
# Usage (repository root): [ARGS=...] [ROUNDS=N] [KIT_EXTRA=...] benchmarks/wait_effect_device.sh NCCL_TESTS_SRC OLD_SRC OUT
set -u
src=$1 old=$2 out=$3
mkdir -p "$out"
. "$(dirname "$0")/nccl_tests_env.sh"
build_nccl_tests "$src" "$out/build.txt" all_reduce_perf || exit 1
args=${ARGS:--b 8 -e 64K -f 2 -w 5 -n 20 -G 10}
nt() { echo "=== round $1" >> "$out/nt.txt"; $build/all_reduce_perf -g 1 $args -c 0 >> "$out/nt.txt" 2>&1; }
kit() { echo "=== round $1" >> "$out/kit.txt"; PYTHONPATH=$PWD/src python3 -m ncclkit bench --nproc 1 --backend nccl -c all_reduce $args ${KIT_EXTRA:-} --check 0 >> "$out/kit.txt" 2>&1; }
kitold() { echo "=== round $1" >> "$out/kitold.txt"; PYTHONPATH=$old python3 -m ncclkit bench --nproc 1 --backend nccl -c all_reduce $args ${KIT_EXTRA:-} --check 0 >> "$out/kitold.txt" 2>&1; }
for r in $(seq 1 "${ROUNDS:-3}"); do
  case $((r % 3)) in 1) nt $r; kitold $r; kit $r;; 2) kitold $r; kit $r; nt $r;; 0) kit $r; nt $r; kitold $r;; esac
done
date -u > "$out/date.txt"
