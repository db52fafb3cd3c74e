"""One node's part of `ncclkit cluster`: join, probe, publish, judge; rank 0 builds the report.

Phases, each with a deadline that does not grow with the number of nodes (printed with -v and in
the report's `phases`): collect this node's facts -> reach MASTER_ADDR:MASTER_PORT -> open the probe
listeners -> join (store keys node/<rank>, facts/<rank>) -> rank 0 waits for every rank, names the
missing ones and publishes the roster of those that came -> each node probes its planned peers
(probeplan) and publishes a summary (reach/<rank>) -> rank 0 judges the summaries and the facts
-> only when every node came and reached every other: gloo group, proof run (NCCL, where GPUs
exist) and pairwise bandwidth -> rank 0 publishes the exit code.
Rank 0 reads one summary and one facts record per node, so its memory and the report grow
linearly with N; the report lists failures in full and counts successes (`--full`: every row).
"""

from __future__ import annotations

import json
import resource
import secrets
import socket
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ncclkit.cluster import proof as proof_mod
from ncclkit.cluster.bandwidth import judge_run, run_pair_passes
from ncclkit.cluster.consistency import check_consistency, node_errors
from ncclkit.cluster.launchenv import ClusterEnv
from ncclkit.cluster.model import NodeEntry, NodeInfo, node_label, node_summary
from ncclkit.cluster.probeplan import MESH_MAX_NODES, targets
from ncclkit.cluster.reach import ProbeListener, send_message
from ncclkit.cluster.reachphase import judge_summaries, probe_budget_s, run_probes
from ncclkit.cluster.rendezvous import (
    PeerTimeout,
    Session,
    interface_of,
    wait_for_master,
)
from ncclkit.cluster.verdicts import missing_findings, phase_failed
from ncclkit.facts import NodeFacts, facts_to_json
from ncclkit.factsjson import facts_from_json
from ncclkit.findings import Finding, exit_code_for, sort_findings
from ncclkit.probe.root import NodeRoot

__all__ = ["ClusterOptions", "ClusterOutcome", "run_cluster"]

_PEER_GIVE_UP = 0.8  # share of the timeout after which a peer stops trying to reach the master
_FINISH_WAIT_S = 3.0  # rank 0 lingers this long so others can read the result before the store goes
_FULL_REPORT_MAX_NODES = 16  # up to here the report keeps every row and every node's facts
_GRACE_S = 3.0  # rank 0 waits this much past a peer's own budget for its summary (store latency)


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
    seed: int | None = None  # the probe plan's seed; None: a fresh one, printed in the report
    mesh_max: int = MESH_MAX_NODES  # full mesh up to this many nodes, sampled peers above
    probe_bytes: int = 4 << 20  # the bulk stream each node sends its ring successor (0: none)
    full: bool | None = None  # every row and all facts in the report; None: up to 16 nodes

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
    reach_rows: list[dict[str, Any]] = field(default_factory=list)
    reach_counts: dict[str, int] = field(default_factory=dict)
    findings: list[Finding] = field(default_factory=list)
    phases: list[dict[str, Any]] = field(default_factory=list)
    extra: dict[str, Any] = field(default_factory=dict)


_T0 = time.monotonic()


def _say(opts: ClusterOptions, rank: int, phase: str) -> None:
    if opts.verbose:
        print(f"ncclkit cluster: rank {rank}: phase: {phase} (t+{time.monotonic() - _T0:.1f}s)",
              file=sys.stderr, flush=True)


def collect_facts(root_spec: str | None) -> NodeFacts:
    from ncclkit.probe.collect import collect

    return collect(NodeRoot.open(root_spec))


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
    # Port 0: the kernel picks from ip_local_port_range, as it does for NCCL's listeners.
    ephemeral, _ = _open_listener(addr, 0)
    me = NodeInfo(rank=cenv.rank, host=host, addr=addr, probe_port=probe_port,
                  probe_error=listen_error,
                  ephemeral_port=None if ephemeral is None else ephemeral.port)
    try:
        session.set_json(f"facts/{cenv.rank}", facts_to_json(facts))
        if cenv.rank == 0:
            return _run_rank0(session, me, facts, listener, opts, start)
        return _run_peer(session, me, opts, start)
    finally:
        for lst in (listener, ephemeral):
            if lst is not None:
                lst.close()
        session.close()


def _probe(session: Session, me: NodeInfo, roster: dict[str, Any],
           infos: dict[int, NodeInfo], opts: ClusterOptions) -> dict[str, Any]:
    cenv = session.cenv
    return run_probes(me, infos, (cenv.master_addr, cenv.master_port), int(roster["seed"]),
                      int(roster["mesh_max"]), opts.connect_timeout_s, int(roster["probe_bytes"]),
                      keep_rows=bool(roster["full"]))


def _run_peer(session: Session, me: NodeInfo, opts: ClusterOptions, start: float) -> ClusterOutcome:
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
        infos = {int(r): NodeInfo.from_json(i) for r, i in roster["nodes"].items()}
        if cenv.rank not in infos:
            return ClusterOutcome(exit_code=1, message=f"rank {cenv.rank}: rank 0 closed the roster "
                                                       f"without this node (joined too late)")
        _say(opts, cenv.rank, f"reachability (deadline {roster['reach_budget_s']:g}s)")
        session.set_json(f"reach/{cenv.rank}", _probe(session, me, roster, infos, opts))
        go = session.wait_key("collective", time.monotonic() + opts.timeout_s + 5,
                              f"no word from rank 0 at {where} after the reachability phase")
        if go["go"]:
            _say(opts, cenv.rank, "gloo group")
            session.init_gloo(interface_of(me.addr))
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


class _Phase:
    """One phase of rank 0's run: its budget (independent of N), what it took, who was late."""

    def __init__(self, st: _Rank0State, opts: ClusterOptions, name: str, budget_s: float) -> None:
        self.start = time.monotonic()
        self.deadline = self.start + budget_s
        self.record: dict[str, Any] = {"phase": name, "budget_s": round(budget_s, 1)}
        st.phases.append(self.record)
        _say(opts, 0, f"{name} (deadline {budget_s:.1f}s)")

    def end(self, late: list[str] | None = None, skipped: str | None = None) -> None:
        self.record["took_s"] = round(time.monotonic() - self.start, 2)
        self.record["late"] = late or []
        if skipped:
            self.record["skipped"] = skipped


def _run_rank0(session: Session, me: NodeInfo, facts: NodeFacts, listener: ProbeListener | None,
               opts: ClusterOptions, start: float) -> ClusterOutcome:
    cenv = session.cenv
    st = _Rank0State(infos={0: me}, facts={0: facts})
    session.set_json("node/0", me.to_json())
    session.store.add("joined", 1)
    join = _Phase(st, opts, "join", max(opts.timeout_s - (time.monotonic() - start), 0.0))
    missing = session.wait_count("joined", [f"node/{r}" for r in range(cenv.world_size)],
                                 join.deadline)
    for r in range(1, cenv.world_size):
        if f"node/{r}" not in missing:
            st.infos[r] = NodeInfo.from_json(session.get_json(f"node/{r}"))
    absent = sorted(int(k.split("/")[1]) for k in missing)
    if absent:
        notes = _notes_from(listener, absent, time.monotonic() + opts.connect_timeout_s)
        st.findings += missing_findings(absent, notes, me, cenv, opts.timeout_s, "join")
    join.end(late=[node_label(r) for r in absent])
    full = opts.full if opts.full is not None else cenv.world_size <= _FULL_REPORT_MAX_NODES
    seed = opts.seed if opts.seed is not None else secrets.randbelow(1 << 31)
    n_targets = len(targets(0, list(range(cenv.world_size)), seed, opts.mesh_max))
    budget = probe_budget_s(opts.connect_timeout_s, 1 + 2 * n_targets)
    roster = {"nodes": {str(r): i.to_json() for r, i in st.infos.items()}, "seed": seed,
              "mesh_max": opts.mesh_max, "probe_bytes": opts.probe_bytes, "full": full,
              "reach_budget_s": round(budget, 1)}
    st.extra["probe_plan"] = {"mode": "mesh" if cenv.world_size <= opts.mesh_max else "sampled",
                              "seed": seed, "peers_per_node": n_targets,
                              "mesh_max_nodes": opts.mesh_max}
    reach = _Phase(st, opts, "reachability", budget + _GRACE_S)
    session.set_json("roster", roster)
    session.set_json("reach/0", _probe(session, me, roster, st.infos, opts))
    summaries, late = _read_summaries(session, st.infos, reach.deadline)
    if late:
        st.findings += missing_findings(late, [], me, cenv, budget + _GRACE_S, "reachability",
                                        infos=st.infos)
    reach.end(late=[st.infos[r].label for r in late])
    label = lambda r: st.infos[r].label if r in st.infos else node_label(r)  # noqa: E731
    judge_start = time.monotonic()
    found, st.reach_rows, st.reach_counts = judge_summaries(summaries, st.infos, label, full, frozenset(late))
    st.findings += found
    state_bytes = sum(len(json.dumps(v)) for v in summaries.values())
    for r in st.infos:
        if r != 0 and r not in late:
            raw = session.get_json(f"facts/{r}")
            state_bytes += len(json.dumps(raw))
            st.facts[r] = facts_from_json(raw)
    entries = [NodeEntry(rank=r, host=st.infos[r].host, addr=st.infos[r].addr, facts=f)
               for r, f in sorted(st.facts.items())]
    st.findings += check_consistency(entries) + node_errors(entries)
    # Rank 0's own work on what the nodes sent: linear in N, no wait on any peer.
    st.phases.append({"phase": "judge", "took_s": round(time.monotonic() - judge_start, 3),
                      "state_bytes": state_bytes})
    why_not = _why_no_collectives(absent, late, found)
    session.set_json("collective", {"go": why_not is None, "why": why_not})
    if why_not is None:
        try:
            _collectives(session, me, st, entries, opts)
        except PeerTimeout as exc:
            silent = [r for r in session.silent_ranks(range(1, cenv.world_size))
                      if not session.has(f"bailed/{r}")]
            if silent:
                st.findings += missing_findings(silent, [], me, cenv, opts.timeout_s, exc.what,
                                                infos=st.infos)
            else:
                st.findings.append(phase_failed(exc.what))
    else:
        st.phases.append({"phase": "proof and bandwidth", "skipped": why_not})
    return _finish(session, st, opts, full)


def _why_no_collectives(absent: list[int], late: list[int], found: list[Finding]) -> str | None:
    """Why the gloo phases cannot run: they need every node, connected to every other."""
    if absent or late:
        return f"{len(absent) + len(late)} node(s) missing"
    if any(f.id == "cluster.unreachable" for f in found):
        return "nodes cannot reach each other (see cluster.unreachable)"
    return None


def _read_summaries(session: Session, infos: dict[int, NodeInfo],
                    deadline: float) -> tuple[dict[int, dict[str, Any]], list[int]]:
    """Every roster node's reach summary by the deadline; the ranks that sent none."""
    summaries: dict[int, dict[str, Any]] = {}
    waiting = sorted(infos)
    while waiting:
        for r in [r for r in waiting if session.has(f"reach/{r}")]:
            summaries[r] = session.get_json(f"reach/{r}")
            waiting.remove(r)
        if not waiting or time.monotonic() >= deadline:
            break
        time.sleep(0.05)
    return summaries, waiting


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


def _collectives(session: Session, me: NodeInfo, st: _Rank0State, entries: list[NodeEntry],
                 opts: ClusterOptions) -> None:
    gloo = _Phase(st, opts, "gloo group", opts.timeout_s + 5)
    session.init_gloo(interface_of(me.addr))
    gloo.end()
    proof = _Phase(st, opts, "proof", 2 * opts.timeout_s + 10)
    plan = proof_mod.exchange_plan(session, opts)
    if not plan.active:
        st.findings.append(proof_mod.skipped_finding(plan, opts))
    else:
        local = proof_mod.run_local(session, me, plan, opts)
        results = session.gather(local, "proof gather") or []
        proof_json, proof_findings = proof_mod.judge(results, entries, plan.gpus_per_node)
        st.extra["proof"] = proof_json
        st.findings += proof_findings
    proof.end()
    if opts.bandwidth:
        bw = _Phase(st, opts, "bandwidth", 4 * opts.timeout_s + 20)
        run = run_pair_passes(session, opts, me.host, lambda r: st.infos[r].label)
        if run is not None:
            st.extra["bandwidth"], found = judge_run(run, lambda r: st.infos[r].label,
                                                     opts.bw_backend, opts.bw_size_bytes)
            st.findings += found
        bw.end()


def _finish(session: Session, st: _Rank0State, opts: ClusterOptions, full: bool) -> ClusterOutcome:
    _say(opts, 0, "report")
    findings = sort_findings(st.findings)
    code = exit_code_for(findings)
    report: dict[str, Any] = {
        "schema_version": 1,
        "nodes": [{"host": st.infos[r].host, "rank": r, "addr": st.infos[r].addr,
                   "facts": facts_to_json(f) if full else node_summary(f)}
                  for r, f in sorted(st.facts.items())],
        "reachability": st.reach_rows,
        "reachability_counts": st.reach_counts,
        "findings": [f.to_json() for f in findings],
        "phases": st.phases,
        **st.extra,
        # ru_maxrss is in KiB on Linux: rank 0's peak, the figure that must stay linear in N.
        "rank0_peak_rss_mb": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1),
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
