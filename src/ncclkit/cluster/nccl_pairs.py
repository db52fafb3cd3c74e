"""NCCL rounds of the pairwise bandwidth test: this node's pair worker, driven with deadlines.

Every NCCL call happens in cluster.pair_worker, a child process of the cluster process, so a pair
that hangs inside NCCL (a dead peer, a black-holed route) costs one deadline: the process is
killed, the pair is reported failed, and the next pair gets a fresh worker. Rounds end at a
barrier kept in the run's store (not gloo's, whose own timeout would fire while a pair still
runs within its deadline). Reads the workers' NCCL_DEBUG=INFO logs for the network NCCL used.
"""

from __future__ import annotations

import json
import os
import queue
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ncclkit.bench.collectives import COLLECTIVES, busbw_gbps
from ncclkit.cluster.model import node_label
from ncclkit.cluster.pairs import Pair, PairResult
from ncclkit.cluster.rendezvous import PeerTimeout, Session

__all__ = ["START_SHARE", "PairSide", "PairWorker", "WorkerSlot", "merge_sides", "run_nccl_rounds",
           "store_barrier"]

# Share of --timeout a worker may take to start (torch import, CUDA context, libnccl): the
# gather that follows is bounded by --timeout as seen from rank 0, which started waiting first.
START_SHARE = 0.75
_DEBUG_SUBSYS = "INIT,NET,P2P"  # "Using network", and the channel lines of p2p connections
_POLL_S = 0.05


class PairWorker:
    """One pair_worker process: JSON lines in on stdin, out on stdout, every read with a deadline."""

    def __init__(self, argv: Sequence[str], env: dict[str, str], stderr_path: Path) -> None:
        self.stderr_path = stderr_path
        with open(stderr_path, "w") as err:  # the child keeps its own descriptor
            self.proc = subprocess.Popen(list(argv), env=env, stdin=subprocess.PIPE,
                                         stdout=subprocess.PIPE, stderr=err, text=True)
        self._lines: queue.Queue[dict[str, Any] | None] = queue.Queue()
        threading.Thread(target=self._pump, name="ncclkit-pair-worker-out", daemon=True).start()

    def _pump(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            if line.startswith("{"):
                self._lines.put(json.loads(line))
        self._lines.put(None)  # end of output: the process is gone

    def _stderr_tail(self) -> str:
        try:
            lines = self.stderr_path.read_text(errors="replace").strip().splitlines()
        except OSError:
            lines = []
        return lines[-1] if lines else "no output"

    def read(self, timeout_s: float, what: str) -> dict[str, Any]:
        """The next JSON line; on timeout or exit the worker is killed and the error returned."""
        try:
            msg = self._lines.get(timeout=max(timeout_s, 0.01))
        except queue.Empty:
            self.kill()
            return {"ok": False, "ready": False,
                    "error": f"{what}: no answer from the NCCL worker within {timeout_s:g} s "
                             f"(killed)"}
        if msg is None:
            self.kill()
            return {"ok": False, "ready": False,
                    "error": f"{what}: the NCCL worker exited with code {self.proc.returncode}: "
                             f"{self._stderr_tail()}"}
        return msg

    def send(self, cmd: dict[str, Any]) -> bool:
        try:
            assert self.proc.stdin is not None
            self.proc.stdin.write(json.dumps(cmd) + "\n")
            self.proc.stdin.flush()
            return True
        except (BrokenPipeError, OSError):
            return False

    def kill(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
        self.proc.wait()

    def close(self) -> None:
        """Ask it to end, then kill it if it does not within a few seconds."""
        if self.proc.poll() is None and self.send({"cmd": "exit"}):
            try:
                self.proc.wait(timeout=5)
            except subprocess.TimeoutExpired:
                pass
        self.kill()


class WorkerSlot:
    """This node's worker across the phase: started on demand, replaced after a failed pair."""

    def __init__(self, session: Session, device: int, log_dir: Path, host: str) -> None:
        cenv = session.cenv
        self.timeout_s = session.timeout_s
        self.spec = {"device": device, "master_addr": cenv.master_addr,
                     "master_port": cenv.master_port, "prefix": cenv.store_prefix + "bwnccl/",
                     "timeout_s": session.timeout_s}
        self.log_dir = log_dir
        self.stem = f"{host}-rank{cenv.rank}"
        self.logs: list[Path] = []
        self.worker: PairWorker | None = None
        self.hello: dict[str, Any] | None = None

    def start(self) -> str | None:
        """Start a worker and wait for its hello; the error text when it does not come up."""
        self.log_dir.mkdir(parents=True, exist_ok=True)
        log = (self.log_dir / f"nccl-bw-{self.stem}-{len(self.logs)}.log").resolve()
        log.unlink(missing_ok=True)
        self.logs.append(log)
        env = {**os.environ, "NCCL_DEBUG": "INFO", "NCCL_DEBUG_FILE": str(log)}
        env.setdefault("NCCL_DEBUG_SUBSYS", _DEBUG_SUBSYS)
        argv = [sys.executable, "-m", "ncclkit.cluster.pair_worker", json.dumps(self.spec)]
        self.worker = PairWorker(argv, env, log.with_suffix(".stderr"))
        hello = self.worker.read(START_SHARE * self.timeout_s, "NCCL worker start")
        if not hello.get("ready"):
            self.worker.kill()
            self.worker = None
            return str(hello.get("error") or "no hello")
        self.hello = hello
        return None

    def measure(self, cmd: dict[str, Any], what: str) -> dict[str, Any]:
        if self.worker is None or self.worker.proc.poll() is not None:
            error = self.start()
            if error is not None:
                return {"ok": False, "error": error}
        assert self.worker is not None
        if not self.worker.send(cmd):
            self.worker.kill()
            self.worker = None
            return {"ok": False, "error": f"{what}: the NCCL worker is gone"}
        reply = self.worker.read(self.timeout_s, what)
        if not reply.get("ok"):
            # A communicator that failed may leave NCCL's state broken: the next pair starts afresh.
            self.worker.kill()
            self.worker = None
        return reply

    def close(self) -> None:
        if self.worker is not None:
            self.worker.close()
            self.worker = None

    def observed(self) -> dict[str, Any]:
        """Network, transports and GDR seen in this node's worker logs (logs.nccl_log)."""
        from ncclkit.logs.nccl_log import parse_nccl_log

        lines: list[str] = []
        for log in self.logs:
            if log.exists():
                lines += log.read_text(errors="replace").splitlines()
        s = parse_nccl_log(lines).to_json()
        return {"network": s["network"], "transports": s["transports"], "gdr": s["gdr"],
                "logs": [str(p) for p in self.logs]}


@dataclass(frozen=True, slots=True, kw_only=True)
class PairSide:
    """One end's reply for one pair (role 0 is `a`)."""

    a: int
    b: int
    role: int
    reply: dict[str, Any]


def _gbps(algbw_bytes: int, time_us: float) -> float:
    # nccl-tests sendrecv_perf: busbw = algbw x 1 for any rank count (collectives.py)
    return busbw_gbps(COLLECTIVES["sendrecv"], algbw_bytes, time_us, 2)[1]


def merge_sides(sides: Iterable[PairSide], label: Callable[[int], str]) -> list[PairResult]:
    """One PairResult per pair from both ends' replies: the figures of an end that succeeded
    (both hold the same, exchanged inside the pair), else both ends' errors."""
    by_pair: dict[tuple[int, int], list[PairSide]] = {}
    for s in sides:
        by_pair.setdefault((s.a, s.b), []).append(s)
    out: list[PairResult] = []
    for (a, b), ends in by_pair.items():
        ends.sort(key=lambda s: s.role)
        good = next((s.reply for s in ends if s.reply.get("ok")), None)
        if good is not None:
            n = int(good["algbw_bytes"])
            out.append(PairResult(a=a, b=b, a_to_b_gbps=_gbps(n, float(good["a_to_b_us"])),
                                  b_to_a_gbps=_gbps(n, float(good["b_to_a_us"])),
                                  busbw_gbps=_gbps(n, float(good["bidir_us"]))))
            continue
        errors = "; ".join(f"{label(a if s.role == 0 else b)}: {s.reply.get('error')}"
                           for s in ends)
        out.append(PairResult(a=a, b=b, a_to_b_gbps=0.0, b_to_a_gbps=0.0, error=errors))
    return out


def store_barrier(session: Session, key: str, deadline: float, what: str) -> None:
    """Every rank reaches `key`, or PeerTimeout naming the ranks that did not by the deadline."""
    me, world = session.cenv.rank, session.cenv.world_size
    session.set_json(f"{key}/{me}", 1)
    session.store.add(f"{key}/count", 1)
    while session.store.add(f"{key}/count", 0) < world:
        if time.monotonic() >= deadline:
            late = [r for r in range(world) if not session.has(f"{key}/{r}")]
            raise PeerTimeout(f"{what}: no word from {', '.join(map(node_label, late))} by the "
                              f"deadline")
        time.sleep(_POLL_S)


def run_nccl_rounds(session: Session, slot: WorkerSlot | None, rounds: list[list[Pair]],
                    pass_no: int, size_bytes: int, iters: int, warmup_iters: int,
                    label: Callable[[int], str] = node_label) -> list[PairSide]:
    """This rank's end of each pair it is in, over all rounds."""
    me, timeout_s = session.cenv.rank, session.timeout_s
    # A pair may need a fresh worker (START_SHARE x timeout) and then its own deadline.
    round_budget_s = (1 + START_SHARE) * timeout_s + 10
    mine: list[PairSide] = []
    for i, rnd in enumerate(rounds):
        what = f"bandwidth pass {pass_no} round {i + 1}"
        start = time.monotonic()
        pair = next((p for p in rnd if me in p), None)
        if pair is not None:
            a, b = pair
            role = 0 if me == a else 1
            peer = label(b if role == 0 else a)
            cmd = {"cmd": "pair", "key": f"p{pass_no}r{i}/{a}-{b}", "role": role,
                   "size_bytes": size_bytes, "iters": iters, "warmup_iters": warmup_iters}
            reply = ({"ok": False, "error": "no NCCL worker on this node"} if slot is None
                     else slot.measure(cmd, f"{what}, NCCL with {peer}"))
            mine.append(PairSide(a=a, b=b, role=role, reply=reply))
        store_barrier(session, f"bw/p{pass_no}r{i}/done", start + round_budget_s, what)
    return mine
