"""One node's part of `ncclkit cluster`: join, probe, gather, judge; rank 0 builds the report.

Phases (each bounded by --timeout): collect this node's facts -> reach MASTER_ADDR:MASTER_PORT ->
open the probe listener -> join (store key node/<rank>) -> rank 0 waits for every rank and names
the missing ones -> all probe each other -> gloo group -> facts and probe rows gathered on rank 0
-> proof run (NCCL, where GPUs exist) -> pairwise bandwidth (NCCL where every node has a GPU,
else gloo) -> rank 0 publishes the exit code.
A failed phase on rank 0 still yields a report naming the node(s) that stopped answering.
"""

from __future__ import annotations

import socket
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ncclkit.cluster import proof as proof_mod
from ncclkit.cluster.bandwidth import judge_run, run_pair_passes
from ncclkit.cluster.consistency import check_consistency
from ncclkit.cluster.launchenv import ClusterEnv
from ncclkit.cluster.model import NodeEntry, NodeInfo, ReachRow, node_label
from ncclkit.cluster.reach import ProbeListener, probe, send_message
from ncclkit.cluster.rendezvous import (
    PeerTimeout,
    Session,
    interface_of,
    wait_for_master,
)
from ncclkit.cluster.verdicts import missing_findings, phase_failed, reach_findings
from ncclkit.facts import NodeFacts, facts_to_json
from ncclkit.findings import Finding, exit_code_for, sort_findings
from ncclkit.probe.root import NodeRoot

__all__ = ["ClusterOptions", "ClusterOutcome", "run_cluster"]

_PEER_GIVE_UP = 0.8  # share of the timeout after which a peer stops trying to reach the master
_FINISH_WAIT_S = 3.0  # rank 0 lingers this long so others can read the result before the store goes


@dataclass(frozen=True, slots=True, kw_only=True)
class ClusterOptions:
    timeout_s: float = 60.0
    probe_port: int | None = None  # None: MASTER_PORT + 1
    root: str | None = None  # a snapshot instead of the live node (tests, dry runs)
    proof: str = "auto"  # auto (where GPUs exist), on, off
    bandwidth: bool = True
    bw_size_bytes: int = 16 << 20
    bw_iters: int | None = None  # None: the transport's default (bw_backend.DEFAULT_ITERS)
    bw_backend: str = "auto"  # auto (NCCL where every node can), nccl, gloo
    log_dir: Path = Path("ncclkit-cluster-logs")  # per-rank NCCL logs of the proof run
    verbose: bool = False  # phase lines on stderr (what a stuck node was doing)

    @property
    def connect_timeout_s(self) -> float:
        """One probe connect: a dropped SYN is retried by the kernel at 1, 3, 7 s; a quarter of
        the run timeout (at most 10 s) sees those retries and keeps all probes well inside it."""
        return max(1.0, min(self.timeout_s / 4, 10.0))


@dataclass(slots=True, kw_only=True)
class ClusterOutcome:
    exit_code: int
    report: dict[str, Any] | None = None  # rank 0 only
    message: str | None = None  # for stderr


@dataclass(slots=True, kw_only=True)
class _Rank0State:
    infos: dict[int, NodeInfo] = field(default_factory=dict)
    facts: dict[int, NodeFacts] = field(default_factory=dict)
    reach: list[ReachRow] = field(default_factory=list)
    findings: list[Finding] = field(default_factory=list)
    extra: dict[str, Any] = field(default_factory=dict)


_T0 = time.monotonic()


def _say(opts: ClusterOptions, rank: int, phase: str) -> None:
    if opts.verbose:
        print(f"ncclkit cluster: rank {rank}: phase: {phase} (t+{time.monotonic() - _T0:.1f}s)",
              file=sys.stderr, flush=True)


def collect_facts(root_spec: str | None) -> NodeFacts:
    from ncclkit.probe.collect import collect

    return collect(NodeRoot.open(root_spec))


def _probe_all(me: NodeInfo, infos: dict[int, NodeInfo], cenv: ClusterEnv,
               opts: ClusterOptions) -> list[ReachRow]:
    """Bounded connects, in parallel, to the master port and to every other node's probe port."""
    jobs = [(f"master {cenv.master_addr}", cenv.master_addr, cenv.master_port)]
    jobs += [(i.label, i.addr, i.probe_port) for r, i in sorted(infos.items())
             if r != me.rank and i.probe_error is None]
    message = {"kind": "probe", "src": me.label}
    with ThreadPoolExecutor(max_workers=min(64, len(jobs))) as pool:
        return list(pool.map(lambda j: probe(me.label, j[0], j[1], j[2], opts.connect_timeout_s,
                                             message), jobs))


def _open_listener(addr: str, port: int) -> tuple[ProbeListener | None, str | None]:
    try:
        return ProbeListener(addr, port), None
    except OSError as exc:
        return None, f"cannot listen on {addr}:{port}: {exc.strerror or exc}"


def run_cluster(cenv: ClusterEnv, opts: ClusterOptions) -> ClusterOutcome:
    """This node's whole run; never waits longer than the timeout on any one peer."""
    probe_port = opts.probe_port or cenv.master_port + 1
    _say(opts, cenv.rank, "facts")
    facts = collect_facts(opts.root)
    host = socket.gethostname()
    where = f"{cenv.master_addr}:{cenv.master_port}"
    start = time.monotonic()
    session: Session | None = None
    if cenv.rank != 0 or cenv.agent_store:
        try:
            # Give up a little before rank 0 stops waiting for joins, so that rank 0 still hears
            # (through its probe port) which node could not reach it and why.
            addr = wait_for_master(cenv.master_addr, cenv.master_port,
                                   start + _PEER_GIVE_UP * opts.timeout_s)
        except PeerTimeout as exc:
            # Tell rank 0 through its probe port, so its report names this node and the port.
            send_message(cenv.master_addr, probe_port,
                         {"kind": "no_master", "rank": cenv.rank, "host": host,
                          "port": cenv.master_port, "error": exc.what},
                         opts.connect_timeout_s)
            return ClusterOutcome(exit_code=1, message=(
                f"rank {cenv.rank}: cannot reach rank 0 at {where} within {opts.timeout_s:g}s: "
                f"{exc.what}"))
    try:
        session = Session(cenv, opts.timeout_s)
        if cenv.rank == 0 and not cenv.agent_store:
            addr = wait_for_master(cenv.master_addr, cenv.master_port, start + opts.timeout_s)
    except PeerTimeout as exc:
        return ClusterOutcome(exit_code=1, message=(
            f"rank {cenv.rank}: cannot reach rank 0 at {where} within {opts.timeout_s:g}s: {exc.what}"))
    listener, listen_error = _open_listener(addr, probe_port)
    me = NodeInfo(rank=cenv.rank, host=host, addr=addr, probe_port=probe_port,
                  probe_error=listen_error)
    try:
        if cenv.rank == 0:
            return _run_rank0(session, me, facts, listener, opts, start)
        return _run_peer(session, me, facts, opts, start)
    finally:
        if listener is not None:
            listener.close()
        session.close()


def _run_peer(session: Session, me: NodeInfo, facts: NodeFacts, opts: ClusterOptions,
              start: float) -> ClusterOutcome:
    cenv = session.cenv
    where = f"{cenv.master_addr}:{cenv.master_port}"
    try:
        session.set_json(f"node/{cenv.rank}", me.to_json())
        session.store.add("joined", 1)
        session.start_heartbeat()
        _say(opts, cenv.rank, "joined")
        # rank 0 waits up to the timeout for the last node, then publishes the roster.
        roster = session.wait_key("roster", start + 2 * opts.timeout_s + 5,
                                  f"no roster from rank 0 at {where}")
        if roster.get("abort"):
            session.set_json(f"done/{cenv.rank}", 1)
            return ClusterOutcome(exit_code=1, message=f"rank {cenv.rank}: rank 0 stopped the run: "
                                                       f"{roster['abort']}")
        infos = {int(r): NodeInfo.from_json(i) for r, i in roster["nodes"].items()}
        _say(opts, cenv.rank, "reachability")
        rows = _probe_all(me, infos, cenv, opts)
        _say(opts, cenv.rank, "gloo group")
        session.init_gloo(interface_of(me.addr))
        session.gather({"facts": facts, "reach": rows}, "facts gather")
        _say(opts, cenv.rank, "proof")
        plan = proof_mod.exchange_plan(session, opts)
        if plan.active:
            session.gather(proof_mod.run_local(session, me, plan, opts), "proof gather")
        if opts.bandwidth:
            _say(opts, cenv.rank, "bandwidth")
            run_pair_passes(session, opts, me.host, lambda r: infos[r].label)
        result = session.wait_key("result", time.monotonic() + opts.timeout_s + 5,
                                  f"no result from rank 0 at {where}")
        session.set_json(f"done/{cenv.rank}", 1)
        return ClusterOutcome(exit_code=int(result["code"]))
    except PeerTimeout as exc:
        # Say so before the heartbeat stops, so rank 0 does not count this node as the dead one.
        try:
            session.set_json(f"bailed/{cenv.rank}", exc.what)
        except (RuntimeError, ConnectionError):
            pass
        return ClusterOutcome(exit_code=1, message=f"rank {cenv.rank}: {exc.what}")
    except (RuntimeError, ConnectionError) as exc:  # store gone: rank 0 ended or died
        return ClusterOutcome(exit_code=1, message=(
            f"rank {cenv.rank}: lost rank 0 at {where}: {exc}"))


def _run_rank0(session: Session, me: NodeInfo, facts: NodeFacts, listener: ProbeListener | None,
               opts: ClusterOptions, start: float) -> ClusterOutcome:
    cenv = session.cenv
    st = _Rank0State(infos={0: me}, facts={0: facts})
    session.set_json("node/0", me.to_json())
    session.store.add("joined", 1)
    _say(opts, 0, "joined; waiting for the others")
    missing = session.wait_count("joined", [f"node/{r}" for r in range(cenv.world_size)],
                                 start + opts.timeout_s)
    for r in range(1, cenv.world_size):
        if f"node/{r}" not in missing:
            st.infos[r] = NodeInfo.from_json(session.get_json(f"node/{r}"))
    if missing:
        ranks = sorted(int(k.split("/")[1]) for k in missing)
        notes = _notes_from(listener, ranks, time.monotonic() + opts.connect_timeout_s)
        st.findings += missing_findings(ranks, notes, me, cenv, opts.timeout_s, "join")
        session.set_json("roster", {"abort": f"{len(ranks)} node(s) did not join within "
                                             f"{opts.timeout_s:g}s: "
                                             + ", ".join(node_label(r) for r in ranks)})
        return _finish(session, st, opts)
    session.set_json("roster", {"nodes": {str(r): i.to_json() for r, i in st.infos.items()}})
    _say(opts, 0, "reachability")
    st.reach = _probe_all(me, st.infos, cenv, opts)
    try:
        _gather_and_judge(session, me, facts, st, opts)
    except PeerTimeout as exc:
        silent = [r for r in session.silent_ranks(range(1, cenv.world_size))
                  if not session.has(f"bailed/{r}")]
        if silent:
            st.findings += missing_findings(silent, [], me, cenv, opts.timeout_s, exc.what,
                                            infos=st.infos)
        else:
            st.findings.append(phase_failed(exc.what))
    return _finish(session, st, opts)


def _notes_from(listener: ProbeListener | None, ranks: list[int],
                deadline: float) -> list[dict[str, Any]]:
    """The `no_master` notes of the missing ranks, waiting a little for late ones (a node
    sends its note only after its last connect attempt to the master port has run out)."""
    if listener is None:
        return []
    while True:
        notes = listener.messages()
        if {n.get("rank") for n in notes} >= set(ranks) or time.monotonic() >= deadline:
            return notes
        time.sleep(0.1)


def _gather_and_judge(session: Session, me: NodeInfo, facts: NodeFacts, st: _Rank0State,
                      opts: ClusterOptions) -> None:
    _say(opts, 0, "gloo group")
    session.init_gloo(interface_of(me.addr))
    parts = session.gather({"facts": facts, "reach": st.reach}, "facts gather") or []
    st.reach = [row for part in parts for row in part["reach"]]
    st.facts = {r: part["facts"] for r, part in enumerate(parts)}
    entries = [NodeEntry(rank=r, host=st.infos[r].host, addr=st.infos[r].addr, facts=f)
               for r, f in sorted(st.facts.items())]
    st.findings += reach_findings(st.reach, st.infos)
    st.findings += check_consistency(entries)
    _say(opts, 0, "proof")
    plan = proof_mod.exchange_plan(session, opts)
    if not plan.active:
        st.findings.append(proof_mod.skipped_finding(plan, opts))
    else:
        local = proof_mod.run_local(session, me, plan, opts)
        results = session.gather(local, "proof gather") or []
        proof_json, proof_findings = proof_mod.judge(results, entries, plan.gpus_per_node)
        st.extra["proof"] = proof_json
        st.findings += proof_findings
    if opts.bandwidth:
        _say(opts, 0, "bandwidth")
        run = run_pair_passes(session, opts, me.host, lambda r: st.infos[r].label)
        if run is not None:
            st.extra["bandwidth"], found = judge_run(run, lambda r: st.infos[r].label,
                                                     opts.bw_backend, opts.bw_size_bytes)
            st.findings += found


def _finish(session: Session, st: _Rank0State, opts: ClusterOptions) -> ClusterOutcome:
    _say(opts, 0, "report")
    findings = sort_findings(st.findings)
    code = exit_code_for(findings)
    report: dict[str, Any] = {
        "schema_version": 1,
        "nodes": [{"host": st.infos[r].host, "rank": r, "addr": st.infos[r].addr,
                   "facts": facts_to_json(f)} for r, f in sorted(st.facts.items())],
        "reachability": [row.to_json() for row in st.reach],
        "findings": [f.to_json() for f in findings],
        **st.extra,
    }
    try:
        session.set_json("result", {"code": code})
        deadline = time.monotonic() + min(_FINISH_WAIT_S, opts.timeout_s)
        waiting = [r for r in st.infos if r != 0]
        while waiting and time.monotonic() < deadline:
            waiting = [r for r in waiting if not session.has(f"done/{r}")]
            time.sleep(0.05)
    except (RuntimeError, ConnectionError) as exc:
        print(f"ncclkit cluster: rank 0: could not publish the result: {exc}", file=sys.stderr)
    return ClusterOutcome(exit_code=code, report=report)
