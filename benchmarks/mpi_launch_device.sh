#!/usr/bin/env bash
# Open MPI's own refusals and reports, made for real with the mpirun of the device machine: each scenario runs one
# mpirun command with one launch mistake put in by construction (or none, for the controls), and its whole output is
# kept verbatim as $OUT/mpi-launch/<scenario>.log, with the command, the exit code and the seconds in
# $OUT/mpi-launch/runs.tsv (tests/analyze/test_mpi_launch_logs.py reads them).
#
# Usage, from the repository root on a machine with Open MPI: OUT=/dir bash benchmarks/mpi_launch_device.sh
set -u
dir="${OUT:-out}/mpi-launch"
mkdir -p "$dir"
unset OMPI_ALLOW_RUN_AS_ROOT OMPI_ALLOW_RUN_AS_ROOT_CONFIRM
cores=$(nproc)
root=(--allow-run-as-root)
{ ompi_info --version 2>&1 | head -2; echo "cores: $cores"; uname -r; } > "$dir/version.txt"
printf 'scenario\tcommand\texit_code\tseconds\n' > "$dir/runs.tsv"

run() {  # name, then the command
  local name=$1; shift
  local start=$SECONDS
  timeout 60 "$@" > "$dir/$name.log" 2>&1
  printf '%s\t%s\t%s\t%s\n' "$name" "$*" "$?" "$((SECONDS - start))" >> "$dir/runs.tsv"
}

# A launch by root without Open MPI's consent.
run as-root mpirun -np 2 hostname
# More ranks than the node has slots (one per core by default).
run too-many-ranks mpirun "${root[@]}" -np $((cores * 4)) hostname
# More ranks than cores, each bound to a core (--oversubscribe lifts the slot count, not the binding's).
run bind-overload mpirun "${root[@]}" -np $((cores * 2)) --oversubscribe --bind-to core hostname
# A program that is not there on the node.
run no-program mpirun "${root[@]}" -np 2 ./no-such-trainer
# A host name that does not resolve (ssh starts Open MPI's daemon on each host it is given).
run unresolvable-host mpirun "${root[@]}" -np 2 -H nosuchhost.invalid:2 hostname
# A hostfile path that is not there.
run no-hostfile mpirun "${root[@]}" --hostfile /nonexistent/hosts -np 2 hostname
# An option this mpirun does not have.
run unknown-option mpirun "${root[@]}" -np 2 --no-such-option hostname
# A variable to pass to the ranks that is not set where mpirun runs.
run unset-export env -u NCCL_SOCKET_IFNAME mpirun "${root[@]}" -np 2 -x NCCL_SOCKET_IFNAME hostname
# One rank returns a non-zero exit code after the other finished.
run rank-exits mpirun "${root[@]}" -np 2 sh -c 'test "$OMPI_COMM_WORLD_RANK" = 1 && exit 3; exit 0'
# Controls: the ranks bound to cores with their bindings reported, and a plain healthy run.
run bound-healthy mpirun "${root[@]}" -np 2 --bind-to core --report-bindings hostname
run healthy mpirun "${root[@]}" -np 2 --bind-to none hostname
cat "$dir/runs.tsv"
