"""Bounded rendezvous of the per-node processes over torch's c10d TCPStore, and the gloo group.

Every wait here has a deadline and names the peer it waits for. torch is imported lazily so the
rest of ncclkit works without it. Why not rely on init_process_group alone: its TCPStore client
retries a refused connect until its own timeout and gloo's full-mesh connect can outlive that
timeout, and neither says which rank never came. So ranks first connect to MASTER_ADDR:MASTER_PORT
with plain bounded TCP, then join through per-rank store keys that rank 0 can list, and every
collective runs in a thread that is abandoned (and the process later ended with os._exit) when
it overruns.
"""

from __future__ import annotations

import json
import os
import socket
import threading
import time
import warnings
from collections.abc import Callable, Iterable
from datetime import timedelta
from typing import Any, TypeVar

from ncclkit.cluster.launchenv import ClusterEnv
from ncclkit.cluster.reach import bounded_connect, connect_error_text
from ncclkit.errors import NcclkitError

__all__ = ["PeerTimeout", "Session", "abandoned_threads", "bounded_call", "import_dist",
           "interface_of", "wait_for_master"]

T = TypeVar("T")
_POLL_S = 0.1
_HEARTBEAT_S = 0.5
_abandoned: list[threading.Thread] = []


class PeerTimeout(Exception):
    """A bounded wait ran out; `what` says what was awaited."""

    def __init__(self, what: str, cause: BaseException | None = None) -> None:
        super().__init__(what)
        self.what = what
        self.cause = cause


def import_dist() -> Any:
    """torch.distributed, imported on first use; NcclkitError with the fix when torch is absent."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # torch's "Failed to initialize NumPy" on minimal installs
            import torch.distributed as dist
    except ImportError:
        raise NcclkitError("`ncclkit cluster` needs torch (torch.distributed) on every node",
                           hint="pip install torch (the version your training uses)") from None
    if not dist.is_available():
        raise NcclkitError("this torch build has no torch.distributed",
                           hint="install a torch build with distributed support") from None
    return dist


def bounded_call(fn: Callable[[], T], timeout_s: float, what: str) -> T:
    """fn() in a daemon thread; PeerTimeout when it does not return within timeout_s.

    An overrunning thread is left behind (it may be stuck inside gloo or NCCL); the command then
    ends with os._exit so interpreter shutdown cannot wait on it (see abandoned_threads()).
    """
    box: dict[str, Any] = {}

    def target() -> None:
        try:
            box["value"] = fn()
        except BaseException as exc:  # noqa: BLE001 - handed to the caller's thread
            box["error"] = exc

    thread = threading.Thread(target=target, name=f"ncclkit-{what}", daemon=True)
    thread.start()
    thread.join(timeout_s)
    if thread.is_alive():
        _abandoned.append(thread)
        raise PeerTimeout(f"{what}: no answer within {timeout_s:g} s")
    if "error" in box:
        raise PeerTimeout(f"{what}: {box['error']}", box["error"])
    return box["value"]


def abandoned_threads() -> bool:
    """True when a bounded call was left running: the process must end with os._exit."""
    return any(t.is_alive() for t in _abandoned)


def wait_for_master(addr: str, port: int, deadline: float) -> str:
    """Connect to addr:port, retrying until `deadline` (rank 0 may start later than us).

    Returns the local address of the connection (this node's bootstrap address); PeerTimeout with
    the last connect error when the deadline passes.
    """
    last = "not tried"
    while True:
        left = deadline - time.monotonic()
        if left <= 0:
            raise PeerTimeout(last)
        try:
            with bounded_connect(addr, port, min(left, 5.0)) as sock:
                return str(sock.getsockname()[0])
        except OSError as exc:
            last = connect_error_text(exc, round(min(left, 5.0), 1))
        time.sleep(min(0.5, max(deadline - time.monotonic(), 0)))


class Session:
    """This rank's store connection, heartbeats and gloo group for one `ncclkit cluster` run."""

    def __init__(self, cenv: ClusterEnv, timeout_s: float) -> None:
        self.cenv = cenv
        self.timeout_s = timeout_s
        self.dist = import_dist()
        self._beat_stop = threading.Event()
        self._beat_thread: threading.Thread | None = None
        self.store = self._prefixed(self._open_store(is_master=cenv.rank == 0 and not cenv.agent_store))
        self.pg_ready = False

    # -- store ---------------------------------------------------------------------------------
    def _open_store(self, *, is_master: bool) -> Any:
        kw = {"world_size": None, "is_master": is_master,
              "timeout": timedelta(seconds=self.timeout_s), "wait_for_workers": False}
        try:
            return self.dist.TCPStore(self.cenv.master_addr, self.cenv.master_port, **kw)
        except (RuntimeError, ValueError, OSError) as exc:
            where = f"{self.cenv.master_addr}:{self.cenv.master_port}"
            if is_master:
                raise NcclkitError(f"rank 0 cannot open the rendezvous store on port "
                                   f"{self.cenv.master_port}: {exc}",
                                   hint="pick a free MASTER_PORT (is another job using it?)") from None
            raise PeerTimeout(f"store at {where}: {exc}", exc) from None

    def _prefixed(self, store: Any) -> Any:
        return self.dist.PrefixStore(self.cenv.store_prefix, store)

    def set_json(self, key: str, value: Any) -> None:
        self.store.set(key, json.dumps(value))

    def get_json(self, key: str) -> Any:
        return json.loads(self.store.get(key).decode())

    def has(self, key: str) -> bool:
        return bool(self.store.check([key]))

    def wait_key(self, key: str, deadline: float, what: str) -> Any:
        """The JSON value of `key` once set; PeerTimeout(what) at the deadline."""
        while not self.has(key):
            if time.monotonic() >= deadline:
                raise PeerTimeout(what)
            time.sleep(_POLL_S)
        return self.get_json(key)

    def wait_count(self, counter: str, keys: Iterable[str], deadline: float) -> list[str]:
        """Wait until `counter` reaches len(keys); returns the keys still absent at the deadline."""
        keys = list(keys)
        while self.store.add(counter, 0) < len(keys) and time.monotonic() < deadline:
            time.sleep(_POLL_S)
        return [k for k in keys if not self.has(k)]

    # -- heartbeats ----------------------------------------------------------------------------
    def start_heartbeat(self) -> None:
        """Count beat/<rank> up every 0.5 s on a connection of its own (store clients are not
        shared across threads here), so rank 0 can tell a dead node from a slow one."""
        store = self._prefixed(self._open_store(is_master=False))
        key = f"beat/{self.cenv.rank}"

        def beat() -> None:
            while not self._beat_stop.wait(_HEARTBEAT_S):
                try:
                    store.add(key, 1)
                except Exception:  # noqa: BLE001 - the store is gone: rank 0 ended; stop beating
                    return

        store.add(key, 1)
        self._beat_thread = threading.Thread(target=beat, name="ncclkit-heartbeat", daemon=True)
        self._beat_thread.start()

    def stop_heartbeat(self) -> None:
        self._beat_stop.set()

    def silent_ranks(self, ranks: Iterable[int], window_s: float = 4 * _HEARTBEAT_S) -> list[int]:
        """Ranks whose heartbeat did not move during window_s: dead or cut off."""
        ranks = list(ranks)
        before = {r: self.store.add(f"beat/{r}", 0) for r in ranks}
        time.sleep(window_s)
        return [r for r in ranks if self.store.add(f"beat/{r}", 0) == before[r]]

    # -- gloo group ----------------------------------------------------------------------------
    def init_gloo(self, bootstrap_iface: str | None) -> None:
        """The gloo group over the store. gloo binds to the address the host name resolves to,
        which in containers and network namespaces is often not this node's address (it then
        falls back to loopback and peers cannot connect); GLOO_SOCKET_IFNAME pins the
        bootstrap interface unless the user set it."""
        if bootstrap_iface and not os.environ.get("GLOO_SOCKET_IFNAME"):
            os.environ["GLOO_SOCKET_IFNAME"] = bootstrap_iface
        pg_store = self.dist.PrefixStore("pg/", self.store)
        bounded_call(lambda: self.dist.init_process_group(
            backend="gloo", store=pg_store, rank=self.cenv.rank, world_size=self.cenv.world_size,
            timeout=timedelta(seconds=self.timeout_s)), self.timeout_s + 5, "gloo group init")
        self.pg_ready = True

    def gather(self, obj: Any, what: str) -> list[Any] | None:
        """gather_object to rank 0 (None elsewhere), bounded."""
        out: list[Any] | None = [None] * self.cenv.world_size if self.cenv.rank == 0 else None
        bounded_call(lambda: self.dist.gather_object(obj, out, dst=0), self.timeout_s + 5, what)
        return out

    def close(self) -> None:
        self.stop_heartbeat()
        if self.pg_ready and not abandoned_threads():
            self.dist.destroy_process_group()
            self.pg_ready = False


def interface_of(addr: str) -> str | None:
    """Name of the local interface holding IPv4 address `addr` (SIOCGIFADDR per interface)."""
    import fcntl
    import struct

    siocgifaddr = 0x8915
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock:
        for _, name in socket.if_nameindex():
            try:
                raw = fcntl.ioctl(sock.fileno(), siocgifaddr, struct.pack("256s", name.encode()[:15]))
            except OSError:
                continue
            if socket.inet_ntoa(raw[20:24]) == addr:
                return name
    return None
