"""A throw-away cluster of network namespaces: one bridge, one veth per node, each node running the
real `python -m ncclkit cluster` in its own namespace (and its own UTS namespace, so host names
differ). Everything is removed by down(), also after a failure. Used by the netns tests and by
benchmarks/cluster_scale.py."""

from __future__ import annotations

import os
import secrets
import shutil
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


def _sh(*cmd: str, check: bool = True) -> subprocess.CompletedProcess[str]:
    return subprocess.run(cmd, check=check, capture_output=True, text=True, timeout=30)


def netns_usable() -> bool:
    """Root, `ip netns` and iptables work here (tests/cluster/setup_netns_deps.sh installs them)."""
    if os.geteuid() != 0 or not shutil.which("ip") or not shutil.which("iptables"):
        return False
    name = f"nkprobe{secrets.token_hex(3)}"
    try:
        ok = _sh("ip", "netns", "add", name, check=False).returncode == 0
    except (OSError, subprocess.SubprocessError):
        return False
    if ok:
        ok = _sh("ip", "netns", "exec", name, "iptables", "-S", check=False).returncode == 0
        _sh("ip", "netns", "del", name, check=False)
    return ok


@dataclass
class Node:
    index: int
    ns: str
    addr: str
    host: str
    proc: subprocess.Popen[str] | None = None
    stderr_lines: list[str] = field(default_factory=list)
    stdout: str = ""
    started: float = 0.0
    ended: float | None = None

    def wait(self, timeout_s: float) -> int:
        assert self.proc is not None
        return self.proc.wait(timeout=timeout_s)

    @property
    def elapsed_s(self) -> float:
        return (self.ended or time.monotonic()) - self.started

    @property
    def stderr(self) -> str:
        return "".join(self.stderr_lines)


class NetnsCluster:
    """N namespaces on one bridge, 10.X.Y.1.. N addresses."""

    def __init__(self, n: int) -> None:
        tag = secrets.token_hex(2)
        self.bridge = f"nkb{tag}"
        sub = secrets.randbelow(200) + 20
        self.prefix = f"10.{sub}.{secrets.randbelow(250) + 1}"
        self.nodes = [Node(index=i, ns=f"nkc{tag}n{i}", addr=f"{self.prefix}.{i + 1}",
                           host=f"node{i}") for i in range(n)]
        self.master_port = 20000 + secrets.randbelow(20000)
        self._veths: list[str] = []
        self._procs: list[subprocess.Popen[str]] = []

    def up(self) -> None:
        _sh("ip", "link", "add", self.bridge, "type", "bridge")
        _sh("ip", "link", "set", self.bridge, "up")
        for node in self.nodes:
            veth = f"{self.bridge}v{node.index}"
            _sh("ip", "netns", "add", node.ns)
            _sh("ip", "link", "add", veth, "type", "veth", "peer", "name", "eth0", "netns", node.ns)
            self._veths.append(veth)
            _sh("ip", "link", "set", veth, "master", self.bridge, "up")
            _sh("ip", "-n", node.ns, "addr", "add", f"{node.addr}/24", "dev", "eth0")
            _sh("ip", "-n", node.ns, "link", "set", "eth0", "up")
            _sh("ip", "-n", node.ns, "link", "set", "lo", "up")

    def down(self) -> None:
        for proc in self._procs:
            if proc.poll() is None:
                proc.kill()
                proc.wait(timeout=10)
        for node in self.nodes:
            _sh("ip", "netns", "del", node.ns, check=False)
        for veth in self._veths:
            _sh("ip", "link", "del", veth, check=False)
        _sh("ip", "link", "del", self.bridge, check=False)

    def iptables(self, node: Node, *rule: str) -> None:
        _sh("ip", "netns", "exec", node.ns, "iptables", *rule)

    def veth(self, node: Node) -> str:
        return f"{self.bridge}v{node.index}"

    def start(self, node: Node, argv: list[str], env: dict[str, str]) -> None:
        """Run argv inside the node's namespace with its own host name."""
        full_env = {k: v for k, v in os.environ.items()
                    if not k.startswith(("RANK", "WORLD_SIZE", "MASTER_", "TORCHELASTIC", "GLOO_"))}
        full_env.update(env)
        full_env["PYTHONPATH"] = str(REPO / "src")
        cmd = ["ip", "netns", "exec", node.ns, "unshare", "--uts", "sh", "-c",
               f'hostname {node.host} && exec "$@"', "sh", *argv]
        node.started = time.monotonic()
        node.proc = subprocess.Popen(cmd, env=full_env, stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE, text=True, cwd=REPO)
        self._procs.append(node.proc)

        def pump_err() -> None:
            assert node.proc is not None and node.proc.stderr is not None
            for line in node.proc.stderr:
                node.stderr_lines.append(line)

        def pump_out() -> None:
            assert node.proc is not None and node.proc.stdout is not None
            node.stdout = node.proc.stdout.read()
            node.proc.wait()
            node.ended = time.monotonic()

        threading.Thread(target=pump_err, daemon=True).start()
        threading.Thread(target=pump_out, daemon=True).start()

    def start_cluster(self, *extra: str, timeout_s: float = 10, skip: tuple[int, ...] = ()) -> None:
        """Every node (but `skip`) runs ncclkit cluster with RANK/WORLD_SIZE/MASTER_* set by hand."""
        for node in self.nodes:
            if node.index in skip:
                continue
            env = {"RANK": str(node.index), "WORLD_SIZE": str(len(self.nodes)),
                   "MASTER_ADDR": self.nodes[0].addr, "MASTER_PORT": str(self.master_port)}
            self.start(node, [sys.executable, "-m", "ncclkit", "cluster", "--json", "-v",
                              "--timeout", f"{timeout_s:g}", "--bw-size", str(1 << 20), "--bw-iters",
                              "3", *extra], env)

    def wait_all(self, timeout_s: float) -> list[int | None]:
        deadline = time.monotonic() + timeout_s
        codes: list[int | None] = []
        for node in self.nodes:
            if node.proc is None:
                codes.append(None)
                continue
            try:
                codes.append(node.wait(max(deadline - time.monotonic(), 0.1)))
            except subprocess.TimeoutExpired:
                codes.append(None)
        time.sleep(0.2)  # let the pump threads drain the pipes
        return codes
