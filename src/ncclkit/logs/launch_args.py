"""The launch a paste shows beside its errors: the master address the job was given, read against the address its
ranks dialled and the number of nodes it spans.

PyTorch's rendezvous store lives at MASTER_ADDR:MASTER_PORT (torchrun's --master-addr, accelerate's
main_process_ip, DeepSpeed's --master_addr), and every rank's TCPStore client dials exactly that address. So:
- a client that failed to reach an IPv4 address other than every master address the paste configures was handed
  another address on the way: a launcher that substituted the master node's first interface (DeepSpeed's pdsh
  runner did, huggingface/accelerate#2468), an environment that overrode the setting;
- torchrun's help says --master-addr is rank 0's address, 127.0.0.1 only for a single node: a loopback master on a
  launch of several nodes cannot be reached from the others, and each node launched with other arguments than the
  rest starts its own rendezvous (pytorch/pytorch#76367);
- a launch that hides every GPU (CUDA_VISIBLE_DEVICES empty or -1) from a program that starts NCCL, which runs on
  GPUs only: its init fails or the process dies on zero devices (pytorch/ignite#1165: a SIGFPE);
- a multi-node launcher that took two different hosts both for the machine it runs on ran every node's command
  there, two ranks on each GPU (ColossalAI's hostinfo.py matched any shared address before 0.3.1,
  hpcaitech/ColossalAI#4320);
- a rendezvous endpoint or master address of `$(hostname)` on a launch of several nodes expands to each node's own
  name where the command runs on every node (srun, pdsh): each node waits at its own rendezvous
  (NVIDIA/nvidia-resiliency-ext#142);
- a Slurm batch script that asks for several tasks or nodes but starts `python` itself, with no srun or other
  launcher: the script runs once, on the first node, so one process starts where the job expects several (Lightning's
  docs say to start it with srun; Lightning-AI/pytorch-lightning#8707);
- detectron2's launch (and the codebases on it) computes the world size as --num-machines x --num-gpus: machines
  launched with different --num-gpus disagree on it and never finish the rendezvous (facebookresearch/detectron2#2128);
- a rendezvous through a file (`init_method`/`--dist-url` `file://...`, PyTorch's FileStore) works only where every
  rank opens the same file: on a path the nodes do not share, the other nodes never see it, and a file left from an
  earlier run stalls the next (diux-dev/cluster#12 hung in initFile; the init_process_group docs ask for a
  non-existent file on a shared file system);
- a launch of more processes per node (--nproc_per_node, or mpirun's -np on one machine) than the GPUs its
  CUDA_VISIBLE_DEVICES lists or the reporter says the machine has: the ranks past them ask for a device that does not
  exist ("invalid device ordinal") or share one, which NCCL refuses ("Duplicate GPU detected"; with NCCL 2.4 an
  "unhandled cuda error", Siyu-C/ACAR-Net#5: 8 processes on 2 GPUs).

The order of a launch's words (the interpreter or the launcher's options after the script) is launch_order's.
"""

from __future__ import annotations

import ipaddress
import re
from typing import NamedTuple

from ncclkit.causes import Cause
from ncclkit.findings import Finding
from ncclkit.logs.launch_order import NPROC, commands, order_findings
from ncclkit.logs.paste import listed_gpus

__all__ = ["launch_findings"]

# The master address as a launch sets it: MASTER_ADDR=, torchrun's and DeepSpeed's --master_addr / --master-addr,
# accelerate's main_process_ip (its config listing or its flag).
_CONFIGURED = re.compile(r"(?:\bMASTER_ADDR=|--master[_-]addr(?:=|\s+)|\bmain_process_ip:\s*|"
                         r"--main_process_ip(?:=|\s+))[\"']?([\w.:-]+)")
# torch/csrc/distributed/c10d/socket.cpp: "The client socket has failed to connect to any network address of
# (host, port)" and "... failed to connect to host:port (errno: N - ...)".
_DIALLED = re.compile(r"failed to connect to any network address of \(([\d.]+), ?\d+\)|"
                      r"client socket has failed to connect to ([\d.]+):\d+")
# A proxy's fake-IP DNS (Clash / sing-box TUN mode) answers every name with an address of 198.18.0.0/15, the
# benchmarking range (RFC 2544) no host has: the name of the rank-0 host resolved to the proxy, not to the peer
# (gensyn-ai/rl-swarm#197 dialled [::ffff:198.18.0.1]).
_FAKE_IP = re.compile(r"connect to (?:any network address of \(|\[?(?:::ffff:)?)(198\.1[89]\.\d{1,3}\.\d{1,3})\b")
_NODES = re.compile(r"--nnodes(?:=|\s+)(\d+)")  # an elastic range "MIN:MAX" counts its minimum
_MAX_LINES = 20000
_SELF_ENDPOINT = re.compile(r"--(?:rdzv[_-]endpoint|master[_-]addr)(?:=|\s+)[\"']?"
                            r"\$(?:\(hostname(?: -[sf])?\)|\{?HOSTNAME\b)")
# "#SBATCH --nodes=2", "#SBATCH -N 2", "#SBATCH --ntasks-per-node=4", "#SBATCH --ntasks=8" (a range "2-4" counts its
# minimum)
_SBATCH_TASKS = re.compile(r"^#SBATCH\s+(?:--nodes|--ntasks(?:-per-node)?|-[Nn])(?:=|\s*)(\d+)")
_FILE_INIT = re.compile(r"(?:init_method|dist[_-]url)[\"']?\s*[=:,]?\s*[\"']?file://")
# Waits of the rendezvous itself (a frame in the file store, its barrier or init timing out), not a collective's.
_FILE_WAIT = re.compile(r"initFile|FileStore|Timed out initializing process group|store_based_barrier|[Ww]ait timeout")
_BARE_PYTHON = re.compile(r"^\s*python[\d.]*\s+(?!-m\s+torch\.distributed)[\w./-]")
_LAUNCHER = re.compile(r"\b(?:srun|mpirun|mpiexec|torchrun|torch\.distributed\.(?:run|launch)|deepspeed|accelerate "
                       r"launch|horovodrun|jsrun|pdsh|lightning run)\b")
# detectron2's arguments as typed and as its launch prints them ("Command Line Args: Namespace(... num_gpus=2,
# num_machines=2 ...)").
_NUM_GPUS = re.compile(r"(?:--num-gpus(?:=|\s+)|\bnum_gpus=)(\d+)")
_NUM_MACHINES = re.compile(r"(?:--num-machines(?:=|\s+)|\bnum_machines=)(\d+)")
# torchrun's c10d rendezvous meets at --rdzv-endpoint only: --master-addr/--master-port serve the static backend,
# so without an endpoint each node hosts its own store on localhost and waits there (torch/distributed/run.py:
# "master_addr is only used for static rdzv_backend and when rdzv_endpoint is not specified"; pytorch/pytorch#116304
# says the launch then assumes localhost and times out).
_TORCHRUN = re.compile(r"\btorchrun\b|-m\s+torch\.distributed\.run\b")
_C10D = re.compile(r"--rdzv[_-]backend(?:=|\s+)[\"']?c10d\b")
_ENDPOINT = re.compile(r"--rdzv[_-]endpoint\b")
_NO_GPUS = re.compile(r"\bCUDA_VISIBLE_DEVICES=(?:\"\"|''|-1\b|(?=\s|$))")
# An MPI launch of a Python program (each process takes a GPU by its rank) on one machine: no host list, no map of
# processes per node, so -np counts the processes of that machine.
_MPI_NP = re.compile(r"\b(?:mpirun|mpiexec)\s(?:[^\n]*?\s)?-n(?:p)?\s+(\d+)\s(?:[^\n]*?\s)?python[\d.]*\s")
_MPI_HOSTS = re.compile(r"\s(?:-H|--?host|--?hostfile|-machinefile|-npernode|-ppn|--map-by)\b")
# The reporter's own count of the machine's GPUs ("I only have one gpu(RTX 4070ti)", sshaoshuai/MTR#64; "on single
# machine with 2 GPUs", golosio/NeuronGPU#4), and torch elastic's report of a failed worker ("failed (exitcode: 1)
# local_rank: 1 (pid: ...)", torch/distributed/elastic/multiprocessing/api.py), whose local rank says how many
# workers the node started at least.
_OWN_GPUS = re.compile(r"(?:\bI (?:only )?ha(?:ve|d) (?:only )?|\b(?:machine|node|server|computer|workstation) with "
                       r"(?:only )?)(one|a single|two|four|eight|\d) (?:\w+ )?GPUs?\b", re.IGNORECASE)
_COUNTS = {"one": 1, "a single": 1, "two": 2, "four": 4, "eight": 8}
# The words a crowded launch shows at all (a cheap test before reading every command)
_CROWD_WORDS = re.compile(r"nproc|local_rank: |mpirun|mpiexec")
_RANK_FAILED = re.compile(r"failed \(exitcode: -?\d+\) local_rank: (\d+)")
# ColossalAI cli/launcher/multinode_runner.py: "Error: failed to run {cmds} on {host}, is localhost: {bool},
# exception: {e}".
_LOCAL_HOST = re.compile(r"failed to run .* on (\S+), is localhost: True, exception:")
_NCCL_BACKEND = re.compile(r"init_process_group\(\s*(?:backend\s*=\s*)?[\"']nccl[\"']|--(?:dist[_-])?backend[= ]nccl\b|"
                           r"\bbackend\s*[:=]\s*[\"']?nccl\b")


def _ipv4(text: str) -> ipaddress.IPv4Address | None:
    try:
        return ipaddress.IPv4Address(text)
    except ValueError:
        return None


def _loopback(addr: str) -> bool:
    ip = _ipv4(addr)
    return addr.lower() == "localhost" or addr == "::1" or (ip is not None and ip.is_loopback)


def _c10d_without_endpoint(lines: list[str]) -> tuple[int, str] | None:
    """(line, command) of a torchrun launch of several nodes through the c10d rendezvous that names no endpoint."""
    if not any("c10d" in line for line in lines):
        return None
    for start, command in commands(lines):
        nodes = _NODES.search(command)
        if _TORCHRUN.search(command) and _C10D.search(command) and nodes and int(nodes.group(1)) > 1 \
                and not _ENDPOINT.search(command):
            return start, command.strip()
    return None


class _Crowded(NamedTuple):
    line: int  # the launch, or the failed worker's report
    ranks: int  # processes per node it starts, or at least shows
    shown: str  # how that line shows them
    gpus: int
    source: str  # where the GPU count comes from
    counted: int  # the line that gives it
    option: str  # the launcher's option that sets the processes ("--nproc_per_node=", "-np ")


def _more_ranks_than_gpus(lines: list[str]) -> _Crowded | None:
    """A launch that starts more processes per node than the GPUs it lists (in its own command or an earlier
    `export CUDA_VISIBLE_DEVICES=`) or than the reporter says the machine has, None if none does. A failed worker of
    local rank N shows N + 1."""
    visible, source, counted = 0, "", 0
    for start, command in commands(lines):
        listed, owned = listed_gpus(command), _OWN_GPUS.search(command)
        if listed:
            visible, source, counted = len(listed[0]), "lists", start
        elif owned:
            count = owned[1].lower()
            visible, source, counted = _COUNTS.get(count) or int(count), "the reporter says the machine has", start
        nproc, failed = NPROC.search(command), _RANK_FAILED.search(command)
        mpi = None if _MPI_HOSTS.search(command) else _MPI_NP.search(command)
        if nproc and 0 < visible < int(nproc[1]):
            return _Crowded(start, int(nproc[1]), "starts", visible, source, counted, "--nproc_per_node=")
        if mpi and 0 < visible < int(mpi[1]):
            return _Crowded(start, int(mpi[1]), "starts", visible, source, counted, "-np ")
        if failed and 0 < visible <= int(failed[1]):
            return _Crowded(start, int(failed[1]) + 1, f"shows a failed worker of local rank {failed[1]}, so at least",
                            visible, source, counted, "--nproc_per_node=")
    return None


def _odd_address(fake_ip: tuple[int, str] | None, dialled: list[tuple[int, str]]) -> list[Finding]:
    """The rank-0 address the store client dialled is no host's: what the name resolved to, or the name, is wrong."""
    if fake_ip is not None:
        no, addr = fake_ip
        return [Finding.root_error(
            "log.master_addr_fake_ip", "MASTER_ADDR",
            f"the store client dialled {addr} (line {no}), an address of 198.18.0.0/15 that no host has: a proxy's "
            "fake-IP DNS (Clash, sing-box or another TUN-mode proxy) answered for the rank-0 host's name",
            "stop the proxy's TUN/fake-IP mode on the nodes (or exclude the cluster's names and subnet from it), "
            "or set MASTER_ADDR to the rank-0 node's IP address instead of its name",
            Cause.HOSTNAME_RESOLUTION, [no], peer_address=addr,
            alternatives=[str(Cause.FIREWALL_OR_PORT_BLOCKED)])]
    # getaddrinfo reads a name of digits alone as a 32-bit IPv4 address ("6841231" -> 0.104.99.143): the master
    # address was given a number, a job id or a port, not a host (hpcaitech/Open-Sora#667).
    number = next(((no, a) for no, a in dialled if a.isdigit()), None)
    if number is None:
        return []
    no, value = number
    return [Finding.root_error(
        "log.master_addr_number", "MASTER_ADDR",
        f"the store client dialled \"{value}\" (line {no}): a master address of digits alone, which the resolver "
        "reads as a 32-bit IPv4 address that no host has, so the launch passed a number (a job id, a port) where the "
        "rank-0 host belongs",
        "set MASTER_ADDR (--master_addr) to the rank-0 node's host name or IP address; in Slurm, "
        "$(scontrol show hostnames \"$SLURM_JOB_NODELIST\" | head -n1)",
        Cause.HOSTNAME_RESOLUTION, [no], peer_address=value, alternatives=[str(Cause.APPLICATION_BUG)])]


def launch_findings(text: str) -> list[Finding]:
    """Findings of the master address a paste's launch configures against what its ranks did with it."""
    configured: list[tuple[int, str]] = []
    dialled: list[tuple[int, str]] = []
    loopback_launch: tuple[int, str] | None = None
    no_gpus = nccl = 0
    local: dict[str, int] = {}
    self_endpoint: tuple[int, str] | None = None
    tasks = bare_python = launcher = 0
    per_machine: dict[str, int] = {}  # detectron2's --num-gpus value -> the first line that gives it
    fake_ip: tuple[int, str] | None = None
    file_init = file_wait = 0
    files = "file://" in text  # the usual paste meets through no file: no line to test for its wait
    lines = text.splitlines()[:_MAX_LINES]
    crowded = _more_ranks_than_gpus(lines) if _CROWD_WORDS.search(text) else None
    no_endpoint = _c10d_without_endpoint(lines)
    for no, line in enumerate(lines, 1):
        host = _LOCAL_HOST.search(line)
        if host and not _loopback(host[1]) and host[1] != "0.0.0.0":
            local.setdefault(host[1], no)
        no_gpus = no_gpus or (no if _NO_GPUS.search(line) else 0)
        nccl = nccl or (no if _NCCL_BACKEND.search(line) else 0)
        addrs = [m.group(1).rstrip(".,;") for m in _CONFIGURED.finditer(line)]
        configured += [(no, a) for a in addrs]
        nodes = _NODES.search(line)
        if nodes and int(nodes.group(1)) > 1 and any(_loopback(a) for a in addrs):
            loopback_launch = loopback_launch or (no, line.strip())
        if nodes and int(nodes.group(1)) > 1 and _SELF_ENDPOINT.search(line):
            self_endpoint = self_endpoint or (no, line.strip())
        sbatch = _SBATCH_TASKS.match(line)
        tasks = tasks or (no if sbatch and int(sbatch.group(1)) > 1 else 0)
        bare_python = bare_python or (no if _BARE_PYTHON.match(line) else 0)
        launcher = launcher or (no if _LAUNCHER.search(line) else 0)
        machines, gpus = _NUM_MACHINES.search(line), _NUM_GPUS.search(line)
        if machines and gpus and int(machines.group(1)) > 1:
            per_machine.setdefault(gpus.group(1), no)
        dialled += [(no, m.group(1) or m.group(2)) for m in _DIALLED.finditer(line)]
        if files and "file://" in line:
            file_init = file_init or (no if _FILE_INIT.search(line) else 0)
        elif files and not file_wait and _FILE_WAIT.search(line):
            file_wait = no
        fake = _FAKE_IP.search(line)
        fake_ip = fake_ip or ((no, fake[1]) if fake else None)
    out = _odd_address(fake_ip, dialled)
    out += order_findings(lines, bool(launcher))
    if crowded is not None:
        out.append(Finding.root_error(
            "log.ranks_exceed_gpus", crowded.option.rstrip("= "),
            f"line {crowded.line} {crowded.shown} {crowded.ranks} processes per node, but {crowded.source} "
            f"{crowded.gpus} GPU(s) ({lines[crowded.line - 1].strip()[:120]}): the ranks past GPU {crowded.gpus - 1} "
            "ask for a device that does not exist (invalid device ordinal) or share one, which NCCL refuses; the CUDA "
            "and NCCL errors after it follow from that",
            f"start as many processes per node as the GPUs listed ({crowded.option}{crowded.gpus}), or list as many "
            "GPUs in CUDA_VISIBLE_DEVICES as processes", Cause.APPLICATION_BUG,
            sorted({crowded.counted, crowded.line})))
    if no_endpoint is not None:
        no, command = no_endpoint
        out.append(Finding.root_error(
            "log.rendezvous_no_endpoint", "--rdzv_endpoint",
            f"line {no} launches several nodes through torchrun's c10d rendezvous with no --rdzv_endpoint "
            f"({command[:160]}): c10d meets only at the endpoint (--master_addr/--master_port serve the static "
            "backend), so each node hosts its own rendezvous on localhost and waits there for the others",
            "give every node the same --rdzv_endpoint=<node 0's address>:<port> and the same --rdzv_id, or use "
            "--rdzv_backend=static with --master_addr/--master_port and --node_rank",
            Cause.APPLICATION_BUG, [no]))
    if loopback_launch is not None:
        no, line = loopback_launch
        out.append(Finding.root_error(
            "log.master_addr_loopback", "MASTER_ADDR",
            f"line {no} launches several nodes with a loopback master address ({line[:160]}): the other nodes cannot "
            "reach the rendezvous there",
            "launch every node with the same arguments, --master_addr set to node 0's address on the network that "
            "joins the nodes (`hostname -I` on node 0)",
            Cause.WRONG_INTERFACE, [no], alternatives=[str(Cause.APPLICATION_BUG)]))
    if self_endpoint is not None:
        no, line = self_endpoint
        out.append(Finding.root_error(
            "log.rendezvous_self", "--rdzv_endpoint",
            f"line {no} launches several nodes with the rendezvous at $(hostname) ({line[:160]}): run on every node, "
            "it names each node's own host, so each node waits at its own rendezvous for nodes that never come",
            "give every node the same endpoint, node 0's address: in Slurm, head=$(scontrol show hostnames "
            "\"$SLURM_JOB_NODELIST\" | head -n1) and --rdzv_endpoint=$head:29500 (or --master_addr=$head)",
            Cause.APPLICATION_BUG, [no]))
    if tasks and bare_python and not launcher:
        out.append(Finding.root_error(
            "log.sbatch_without_srun", "srun",
            f"the batch script asks Slurm for several tasks or nodes (line {tasks}: {lines[tasks - 1].strip()[:80]}) "
            f"but starts the program with python itself (line {bare_python}: {lines[bare_python - 1].strip()[:80]}) "
            "and no srun: the script runs once, on the first node, not once per "
            "task, so the processes the job expects on the other tasks never start and the ranks wait for them",
            "start the program with srun (`srun python train.py`, --ntasks-per-node = GPUs per node), or run "
            "torchrun once per node under srun", Cause.APPLICATION_BUG, [tasks, bare_python]))
    if len(per_machine) >= 2:
        counts = sorted(per_machine, key=per_machine.__getitem__)
        out.append(Finding.root_error(
            "log.machines_uneven", "--num-gpus",
            f"the machines of one job were launched with different --num-gpus ({' and '.join(counts[:3])}, lines "
            f"{', '.join(str(per_machine[c]) for c in counts[:3])}): detectron2's launch computes the world size as "
            "--num-machines x --num-gpus, so the machines disagree on it and the rendezvous never completes",
            "launch every machine with the same --num-gpus (use as many GPUs on each), or the smallest count on all",
            Cause.APPLICATION_BUG, [per_machine[c] for c in counts[:3]]))
    if file_init and file_wait:
        out.append(Finding.root_error(
            "log.file_rendezvous", "init_method",
            f"line {file_init} meets through a file (file://) and line {file_wait} shows the ranks waiting on it: "
            "every rank must open the same file, so a path the nodes do not share is never seen by the other nodes, "
            "and a file left by an earlier run stalls the next",
            "use env:// (MASTER_ADDR/MASTER_PORT, as torchrun sets them) or tcp://<node 0>:<port>; or a file:// path "
            "on a file system every node shares, deleted before each run", Cause.APPLICATION_BUG,
            [file_init, file_wait]))
    if no_gpus and nccl:
        out.append(Finding.root_error(
            "log.nccl_without_gpu", "CUDA_VISIBLE_DEVICES",
            f"line {no_gpus} hides every GPU from the job (CUDA_VISIBLE_DEVICES empty) and line {nccl} starts NCCL, "
            "which runs on GPUs only: its init fails or the process dies on zero devices",
            "give each rank a GPU (CUDA_VISIBLE_DEVICES lists them, as many processes per node as GPUs), or use the "
            "gloo backend for a run on CPUs", Cause.APPLICATION_BUG, [no_gpus, nccl]))
    if len(local) >= 2:
        out.append(Finding.root_error(
            "log.launcher_local_hosts", "--host",
            f"the launcher took {', '.join(list(local)[:4])} all for the machine it runs on (lines "
            f"{', '.join(map(str, list(local.values())[:4]))}): every node's command ran on this one, two ranks on "
            "each GPU",
            "make each host of --host/--hostfile resolve to its own address on the launching node (`getent hosts "
            "<host>`, /etc/hosts), upgrade ColossalAI to 0.3.1 or newer, or start torchrun on each node yourself",
            Cause.HOSTNAME_RESOLUTION, list(local.values())[:8], alternatives=[str(Cause.APPLICATION_BUG)]))
    masters = {ip for _, a in configured if (ip := _ipv4(a)) is not None and not ip.is_loopback}
    other = next(((no, a) for no, a in dialled if (ip := _ipv4(a)) is not None and masters and ip not in masters),
                 None)
    if other is not None:
        no, addr = other
        set_at = next(n for n, a in configured if _ipv4(a) in masters)
        out.append(Finding.root_error(
            "log.master_addr_differs", "MASTER_ADDR",
            f"the store client dialled {addr} (line {no}), which is none of the master addresses the launch "
            f"configures ({', '.join(sorted(map(str, masters)))}, line {set_at}): something between the setting "
            "and the ranks replaced it, most often a launcher taking the master node's first interface, which the "
            "other nodes do not reach",
            "make the launcher pass the configured address on as MASTER_ADDR (DeepSpeed's runner: --master_addr; "
            "accelerate: main_process_ip) and check `echo $MASTER_ADDR` in each rank",
            Cause.WRONG_INTERFACE, [set_at, no], peer_address=addr,
            alternatives=[str(Cause.FIREWALL_OR_PORT_BLOCKED)]))
    return out
