"""Rows of the line classifier (patterns.py) for launch commands that fail before the program runs: the shell that
runs the launch script, Python given a script that is not there, a launcher that is not installed in the
environment, a script's argument parser refusing what torch.distributed.launch adds, and a script started without
the launcher whose variables it reads. All are the launch (application_bug); each row names the thread that
resolved it.

Read before torchrun's own summary ("failed (exitcode: 2) local_rank: 0"), which says only that a worker exited."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ncclkit.causes import Cause as C
from ncclkit.findings import Severity

E, W, I = Severity.ERROR, Severity.WARNING, Severity.INFO

# Words the log scanner's prefilter (nccl_log_words.OTHER_WORDS) needs for these rows' lines; no word may contain
# another of the whole list.
LAUNCHCMD_WORDS: tuple[bytes, ...] = (b"can't open file", b": not found", b"Could not consume arg",
                                      b"but ignoring it because", b"LOCAL_RANK'", b"WORLD_SIZE'")

_ENV_FIX = ("start the script with a launcher that sets RANK, WORLD_SIZE, LOCAL_RANK, MASTER_ADDR and MASTER_PORT "
            "(`torchrun --nproc_per_node=N script.py`, or srun with the variables exported), or pass them to "
            "init_process_group yourself")


def launchcmd_rows(p: Callable[..., Any]) -> tuple[Any, ...]:
    return (
        # CPython's "python: can't open file '%s': [Errno 2] No such file or directory" (exit code 2, which torchrun
        # then reports): the path given as the training script is not there on this node.
        p(r"python[\d.]*(?:\.exe)?: can't open file '[^']*': \[Errno 2\] No such file or directory", "launch_config", E,
          "Python was started on a script path that does not exist (on this node, from the directory the launch ran "
          "in): every worker exits with code 2", "give the launcher the script's path as it is on every node "
          "(absolute, or relative to the directory the launch runs in) and check it is there on each node",
          C.APPLICATION_BUG),
        # dash's "sh: 1: /env/bin/torchrun: not found" and bash's "command not found": the launcher is not in the
        # environment the shell runs (a conda env without torch >= 1.10's torchrun, not activated on the node).
        p(r"(?:sh|bash|zsh): (?:\d+: |line \d+: )?\S*\b(?:torchrun|deepspeed|accelerate|mpirun|horovodrun)\b\S*: "
          r"(?:not found|command not found)", "launch_config", E,
          "the shell could not find the launcher: it is not installed in the environment the launch runs in, or "
          "that environment is not activated (on this node)", "install it in the job's environment (torchrun comes "
          "with torch 1.10+; `python -m torch.distributed.run` works without the script) and activate that "
          "environment on every node before the launch", C.APPLICATION_BUG, "root", (C.OTHER,)),
        # A launcher that execs its command through /bin/sh (torchpack's dist-run: os.execve('/bin/sh', ...)) started
        # on Windows, which has none (mit-han-lab/bevfusion#610): a Unix launcher on the wrong system.
        p(r"No such file or directory: '/bin/(?:ba)?sh'", "launch_config", E,
          "the launcher runs its command through /bin/sh, which this system does not have (Windows): it works "
          "on Linux only", "run the job on Linux or inside WSL2, or start the ranks with a launcher made for this "
          "system (torchrun)", C.APPLICATION_BUG, "root", (C.OTHER,)),
        # bash's "script.sh: line 2: --task_name: command not found": an argument of the launch command ran as a
        # command of its own, so the backslash continuing the line above is broken (CRLF line endings, a space after
        # it; yongliang-wu/DFT#26).
        p(r"^\s*\S+\.sh: ?line \d+: (?:--?[\w.-]+|[\w.]+=\S*): command not found", "launch_config", E,
          "an argument of the launch command ran as a command of its own: the line continuation above it is broken "
          "(Windows line endings, or a space after the backslash), so the launch got none of the arguments below it",
          "convert the script to Unix line endings (`dos2unix script.sh`, or `sed -i 's/\\r$//' script.sh`) and "
          "leave nothing after each line's final backslash", C.APPLICATION_BUG),
        # python-fire rejecting the "--local_rank=N" torch.distributed.launch appends to the script's arguments.
        p(r"Could not consume arg: --local[_-]rank", "launch_config", E,
          "the script's argument parser (python-fire) refuses the --local_rank that torch.distributed.launch adds "
          "to its arguments", "launch with torchrun (it passes LOCAL_RANK in the environment, not as an argument) or "
          "make the script accept --local_rank", C.APPLICATION_BUG),
        # torch/distributed/rendezvous.py _env_rendezvous_handler raising _env_error("MASTER_ADDR"), and a KeyError
        # printed as the bare key under "During handling of the above exception": env:// read a variable only a
        # launcher sets (the script was started with python alone).
        p(r"raise _env_error\(\"(?:MASTER_ADDR|MASTER_PORT|RANK|WORLD_SIZE)\"\)|^\s*'(?:LOCAL_RANK|RANK|WORLD_SIZE|"
          r"LOCAL_WORLD_SIZE|MASTER_ADDR)'\s*$", "framework_usage", E,
          "the script reads a variable only a launcher sets (RANK, LOCAL_RANK, WORLD_SIZE, MASTER_ADDR): it was "
          "started with python alone", _ENV_FIX, C.APPLICATION_BUG),
        # deepspeed/launcher/runner.py: CUDA_VISIBLE_DEVICES is dropped when --include/--exclude/--num_gpus/
        # --num_nodes are given, so the job runs on other GPUs than the variable lists. A list of the first GPUs
        # ("0,1,2,3,4,5,6,7" beside --num_gpus 8) names the ones the launcher takes anyway: the notice then says
        # nothing (databrickslabs/dolly#32, an 8-GPU job killed for host memory).
        p(r"Detected CUDA_VISIBLE_DEVICES=(?!0(?:,1(?:,2(?:,3(?:,4(?:,5(?:,6(?:,7)?)?)?)?)?)?)? )\S+ but ignoring it "
          r"because", "launch_config", W,
          "DeepSpeed's launcher ignored CUDA_VISIBLE_DEVICES because --include/--exclude/--num_gpus/--num_nodes "
          "were given: the job runs on other GPUs than the variable lists",
          "name the GPUs with `--include localhost:2,4,5,7` and drop --num_gpus (or drop those arguments and keep "
          "CUDA_VISIBLE_DEVICES)", C.APPLICATION_BUG),
        # CUDA reads CUDA_VISIBLE_DEVICES as a comma-separated list and stops at the first character it cannot parse,
        # so a range ("0-3", Flux's idset notation) shows the first GPU only (flux-framework/flux-core#3315).
        p(r"\bCUDA_VISIBLE_DEVICES=[\"']?\d+-\d+\b", "launch_config", W,
          "CUDA_VISIBLE_DEVICES holds a range (\"0-3\"): CUDA reads a comma-separated list and stops at the dash, "
          "so only the first GPU of the range is visible", "list the GPUs one by one: CUDA_VISIBLE_DEVICES=0,1,2,3 "
          "(or let the launcher bind GPUs in that form)", C.APPLICATION_BUG),
        # Kokkos::initialize() finds a rank's index on its node from launcher variables (OMPI_COMM_WORLD_LOCAL_RANK,
        # MV2_COMM_WORLD_LOCAL_RANK, MPI_LOCALRANKID, SLURM_LOCALID ...): a launcher it does not know (HPE PALS's
        # PALS_LOCAL_RANKID on Aurora, kokkos/kokkos#8889) puts every rank of the node on the same GPU.
        p(r"unable to detect local MPI rank\. Falling back to the first GPU", "launch_config", W,
          "the program could not tell each rank's index on its node (its launcher's local-rank variable is not one "
          "it reads), so every rank of a node uses the first GPU",
          "bind one GPU per rank: pass the device explicitly (e.g. --kokkos-map-device-id-by=mpi_rank, or set "
          "CUDA_VISIBLE_DEVICES per rank from the launcher's local rank) or export a variable the program reads",
          C.APPLICATION_BUG),
    )
