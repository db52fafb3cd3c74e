"""`ncclkit launch`: write torchrun / Slurm / Kubeflow / mpirun launch files with NCCL env, preflight."""

from __future__ import annotations

import argparse
import ipaddress
import json
import os
import sys
from pathlib import Path

from ncclkit.cli.argtypes import positive_float, positive_int, tcp_port
from ncclkit.errors import NcclkitError
from ncclkit.findings import Finding, exit_code_for, sort_findings
from ncclkit.hang.evidence import DEFAULT_PREFIX, hang_evidence_env
from ncclkit.launch import (DEBUG_ENV, FORMATS, HostList, LaunchFile, LaunchSpec, NodeEnv,
                            check_hosts, check_master_port, env_from_json, env_from_root,
                            expand_nodelist, parse_hostfile, render, split_env, validate_host,
                            validate_job_name)
from ncclkit.launch.hosts import parse_hosts_arg
from ncclkit.launch.nodeenv import validate_env

__all__ = ["add_parser", "run"]


def add_parser(sub: argparse._SubParsersAction) -> argparse.ArgumentParser:
    p = sub.add_parser(
        "launch", help="write per-node launch commands with the recommended NCCL env",
        description="Write torchrun commands per node, a Slurm sbatch script, a Kubeflow "
                    "PyTorchJob or an mpirun line for COMMAND, each carrying the nodes' "
                    "recommended NCCL variables, after checking host names and the master port.",
        usage="ncclkit launch (--hosts H1,H2 | --hostfile F | in a Slurm allocation) "
              "--nproc-per-node N --format FMT [options] -- COMMAND...")
    hosts = p.add_mutually_exclusive_group()
    hosts.add_argument("--hosts", help="comma-separated node names or IPs, master first")
    hosts.add_argument("--hostfile", type=Path, help="one host a line (`host slots=N` accepted)")
    p.add_argument("--nodes", type=positive_int, help="node count when no host list is given (slurm, k8s)")
    # torchrun's older underscore spellings too: users paste them from torchrun command lines.
    p.add_argument("--nproc-per-node", "--nproc_per_node", type=positive_int,
                   help="processes (GPUs) per node")
    p.add_argument("--format", choices=list(FORMATS), required=True,
                   help="what to write: " + ", ".join(FORMATS))
    p.add_argument("--root", action="append", default=[], metavar="[HOST=]DIR",
                   help="node snapshot to take the recommended env from; HOST=DIR per node")
    p.add_argument("--env-json", action="append", default=[], metavar="[HOST=]FILE",
                   help="`ncclkit env --json` output to use instead; HOST=FILE per node")
    p.add_argument("--env", action="append", default=[], metavar="NAME=VALUE",
                   help="extra variable for every node")
    p.add_argument("--master-addr", "--master_addr", help="default: the first host")
    p.add_argument("--master-port", "--master_port", type=tcp_port, default=29500,
                   help="rendezvous (c10d store) port on the master (default 29500)")
    p.add_argument("--timeout", type=positive_int, default=300,
                   help="seconds nodes wait for each other to join (c10d join_timeout)")
    p.add_argument("--name", default="ncclkit-job", help="job name / rendezvous id")
    p.add_argument("--image", help="container image (k8s)")
    p.add_argument("--no-debug-env", action="store_true",
                   help="leave out NCCL_DEBUG=INFO (set by default for the first run)")
    p.add_argument("--hang-evidence", nargs="?", const=DEFAULT_PREFIX, default=None, metavar="PREFIX",
                   help="set the variables that make a hang leave evidence: flight recorder dumped on timeout "
                        f"to PREFIX<rank> (default {DEFAULT_PREFIX}), RAS on; read with `ncclkit hang`")
    p.add_argument("--no-preflight", action="store_true", help="skip name and port checks")
    p.add_argument("--preflight-timeout", type=positive_float, default=3.0,
                   help="seconds for each name lookup and port check (default 3)")
    p.add_argument("--out", type=Path, help="write the files into this folder")
    p.add_argument("--force", action="store_true", help="replace launch files already in --out")
    p.add_argument("--json", action="store_true", help="print the files and findings as JSON")
    p.add_argument("program", nargs=argparse.REMAINDER, metavar="COMMAND",
                   help="after --: what to run")
    return p


def _host_list(args: argparse.Namespace) -> HostList | None:
    if args.hosts is not None:
        return parse_hosts_arg(args.hosts)
    if args.hostfile is not None:
        return parse_hostfile(args.hostfile)
    if os.environ.get("SLURM_JOB_NODELIST"):
        return expand_nodelist(os.environ["SLURM_JOB_NODELIST"])
    return None


def _per_host(specs: list[str], hosts: tuple[str, ...], flag: str) -> dict[str | None, str]:
    """'DIR' -> {None: DIR}; 'HOST=DIR' -> {HOST: DIR} (HOST must be one of the nodes)."""
    out: dict[str | None, str] = {}
    for spec in specs:
        head, sep, tail = spec.partition("=")
        if sep and head in hosts:
            out[head] = tail
        elif sep and not Path(spec).exists():
            raise NcclkitError(f"{flag} {spec!r}: {head!r} is not one of the nodes",
                               hint=f"nodes: {', '.join(hosts) or '(none given)'}")
        else:
            out[None] = spec
    return out


def _node_envs(args: argparse.Namespace, hosts: tuple[str, ...]) -> tuple[dict[str, NodeEnv],
                                                                          NodeEnv | None]:
    """Env per host, and the env for every node when one source covers all."""
    sources = {**{k: ("root", v) for k, v in _per_host(args.root, hosts, "--root").items()},
               **{k: ("json", v) for k, v in _per_host(args.env_json, hosts, "--env-json").items()}}
    loaded: dict[tuple[str, str], NodeEnv] = {}

    def load(kind: str, where: str) -> NodeEnv:
        if (kind, where) not in loaded:
            loaded[kind, where] = env_from_root(where) if kind == "root" else \
                env_from_json(Path(where))
        return loaded[kind, where]

    default = load(*sources[None]) if None in sources else None
    per = {h: load(*sources[h]) for h in hosts if h in sources}
    if default is not None:
        per = {h: per.get(h, default) for h in hosts} if hosts else per
    return per, default


def _extra_env(args: argparse.Namespace) -> dict[str, str]:
    pairs = {}
    for item in args.env:
        name, sep, value = item.partition("=")
        if not sep:
            raise NcclkitError(f"--env {item!r}", hint="write NAME=VALUE")
        pairs[name] = value
    return validate_env(pairs, source="--env")


def build_spec(args: argparse.Namespace) -> tuple[LaunchSpec, dict[str, NodeEnv]]:
    command = args.program[1:] if args.program[:1] == ["--"] else args.program
    host_list = _host_list(args)
    hosts = host_list.hosts if host_list else ()
    nodes = len(hosts) if hosts else args.nodes
    if nodes is None:
        raise NcclkitError("no nodes given",
                           hint="pass --hosts or --hostfile (or --nodes N for slurm and k8s)")
    if hosts and args.nodes is not None and args.nodes != len(hosts):
        raise NcclkitError(f"--nodes {args.nodes} but {len(hosts)} hosts listed",
                           hint="drop --nodes; the host list sets the node count")
    nproc = args.nproc_per_node or (host_list.slots if host_list else None)
    if nproc is None:
        raise NcclkitError("processes per node unknown", hint="pass --nproc-per-node N (GPUs)")
    per_host, default = _node_envs(args, hosts)
    extra = _extra_env(args)
    if args.hang_evidence:  # --env wins over these defaults
        extra = {**validate_env(hang_evidence_env(args.hang_evidence), source="--hang-evidence"), **extra}
    full = {h: {**e.env, **extra} for h, e in per_host.items()}
    common = split_env(full) if full else {**(default.env if default else {}), **extra}
    master = validate_host(args.master_addr, source="--master-addr") if args.master_addr \
        else (hosts[0] if hosts else None)
    spec = LaunchSpec(hosts=hosts, num_nodes=nodes, nproc_per_node=nproc, master_addr=master,
                      master_port=args.master_port, command=tuple(command), node_env=full,
                      common_env=common, debug_env={} if args.no_debug_env else dict(DEBUG_ENV),
                      join_timeout_s=args.timeout, job_name=validate_job_name(args.name),
                      image=args.image)
    return spec, per_host


def _preflight(args: argparse.Namespace, spec: LaunchSpec,
               per_host: dict[str, NodeEnv]) -> list[Finding]:
    if args.no_preflight or not spec.hosts or args.format == "k8s":
        return []
    findings = check_hosts(spec.hosts, facts_by_host={h: e.facts for h, e in per_host.items()
                                                      if e.facts is not None},
                           env_by_host=spec.node_env, timeout_s=args.preflight_timeout)
    if spec.master_addr is not None:
        findings += check_master_port(spec.master_addr, spec.master_port,
                                      timeout_s=args.preflight_timeout)
    return sort_findings(findings)


def _check_out(out: Path) -> None:
    """--out is a folder made here or one that exists; its parent must exist (a typo stays a typo)."""
    if out.exists() and not out.is_dir():
        raise NcclkitError(f"--out {out}: exists and is not a folder",
                           hint="give a folder for the launch files")
    if not out.parent.is_dir():
        raise NcclkitError(f"--out {out}: folder {out.parent} does not exist",
                           hint=f"create it first: mkdir -p {out.parent}")


def _write(out: Path, files: list[LaunchFile]) -> None:
    try:
        out.mkdir(exist_ok=True)
        for f in files:
            path = out / f.name
            path.write_text(f.text)
            path.chmod(0o755 if f.executable else 0o644)
    except OSError as exc:
        raise NcclkitError(f"--out {out}: cannot write ({exc.strerror or exc})",
                           hint="choose a writable folder") from None


def _check_hosts_for_format(hosts: tuple[str, ...], fmt: str) -> None:
    """Slurm's --nodelist takes node names; mpirun's `--host h:slots` cannot carry an IPv6 literal."""
    def is_ip(h: str) -> bool:
        try:
            ipaddress.ip_address(h)
        except ValueError:
            return False
        return True

    ips = [h for h in hosts if is_ip(h)]
    if fmt == "slurm" and ips:
        raise NcclkitError(f"--format slurm: {', '.join(ips)} is an address, but #SBATCH --nodelist "
                           "takes Slurm node names", hint="give the node names `sinfo -N` lists")
    v6 = [h for h in ips if ":" in h]
    if fmt == "mpirun" and v6:
        raise NcclkitError(f"--format mpirun: {', '.join(v6)} is an IPv6 address, which `--host "
                           "HOST:SLOTS` cannot tell from its slot count",
                           hint="give the host names (or IPv4 addresses)")


def run(args: argparse.Namespace) -> int:
    if args.out is not None:
        _check_out(args.out)
    spec, per_host = build_spec(args)
    _check_hosts_for_format(spec.hosts, args.format)
    files = render(spec, args.format)
    if args.out is not None and not args.force:
        there = [f.name for f in files if (args.out / f.name).exists()]
        if there:
            raise NcclkitError(f"--out {args.out}: {', '.join(there)} already there",
                               hint="give another folder, or add --force to replace them")
    findings = _preflight(args, spec, per_host)
    if args.out is not None:
        _write(args.out, files)
    if args.json:
        print(json.dumps({"schema_version": 1, "format": args.format,
                          "files": [{"name": f.name, "host": f.host, "text": f.text}
                                    for f in files],
                          "findings": [f.to_json() for f in findings]}, indent=2))
    else:
        if args.out is None:
            for f in files:
                if len(files) > 1:
                    print(f"# ===== {f.name} (run on {f.host}) =====")
                sys.stdout.write(f.text)
        else:
            print("\n".join(str(args.out / f.name) for f in files))
        if not (per_host or spec.common_env):
            print("note: no --root or --env-json: no recommended NCCL variables included",
                  file=sys.stderr)
        for finding in findings:
            print(f"{finding.severity}: {finding.subject}: {finding.message}\n  fix: {finding.fix}",
                  file=sys.stderr)
    return exit_code_for(findings)
