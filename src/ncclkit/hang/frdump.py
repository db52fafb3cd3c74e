"""PyTorch flight-recorder dumps -> RankTrace records.

Two forms: the JSON of `_dump_fr_trace_json()` / `_dump_nccl_trace_json()`, and the pickle that
TORCH_NCCL_DUMP_ON_TIMEOUT writes to TORCH_FR_DUMP_TEMP_FILE<rank> (and `_dump_fr_trace()`
returns). A pickle can run code when loaded, so it goes through an unpickler that resolves no
global at all: a dump holds only dicts, lists, tuples, strings, numbers, bools and None, which the
pickle opcodes build without looking anything up. A dump holds no rank, host or pid: the rank is the
number that ends the file name (torch names the files prefix+rank; torchfrtrace reads it the same
way, torch/distributed/flight_recorder/components/loader.py).
"""

from __future__ import annotations

import io
import json
import pickle
import re
from typing import Any

from ncclkit.hang.records import GroupTrace, Op, RankTrace, short_frame

__all__ = ["DumpError", "looks_like_dump", "looks_like_pickle_dump", "rank_from_name", "read_dump"]

_RANK_IN_NAME = re.compile(r"(\d+)(?:\.(?:json|pkl|pickle|bin|txt))?$")
# Frames inside torch itself say nothing about the user's program.
_TORCH_FRAME = re.compile(r"/torch/(?:distributed|nn/parallel|_dynamo|utils)/|c10d_logger")


class DumpError(ValueError):
    """The bytes are not a readable flight-recorder dump (message says why, in one line)."""


class _PlainUnpickler(pickle.Unpickler):
    def find_class(self, module: str, name: str) -> Any:
        raise DumpError(f"the pickle asks for {module}.{name}; a flight-recorder dump holds plain data only "
                        "(refused: loading it could run code)")


def looks_like_dump(head: str) -> bool:
    """JSON of a flight-recorder dump (its top-level keys)."""
    if not head.lstrip().startswith("{"):
        return False
    # keys are sorted in torch's JSON, so a cut-short dump may hold only "entries" and its first records
    return '"pg_config"' in head or '"entries"' in head and ('"pg_status"' in head or '"collective_seq_id"' in head)


def looks_like_pickle_dump(head: bytes) -> bool:
    """A pickle (protocol 2+) whose first bytes name a flight-recorder key."""
    return head[:1] == b"\x80" and any(k in head[:4096] for k in (b"pg_config", b"entries", b"pg_status"))


def rank_from_name(name: str) -> int | None:
    m = _RANK_IN_NAME.search(name.rsplit("/", 1)[-1])
    return int(m.group(1)) if m else None


def read_dump(data: bytes, name: str) -> RankTrace:
    """One rank's dump; DumpError (never another exception) when it cannot be read."""
    if data[:1] == b"\x80":
        try:
            raw = _PlainUnpickler(io.BytesIO(data)).load()
        except DumpError:
            raise
        except (pickle.UnpicklingError, EOFError, ValueError, TypeError, IndexError, KeyError,
                AttributeError, RecursionError, MemoryError, UnicodeDecodeError, OverflowError) as exc:
            raise DumpError(f"not a complete pickle ({type(exc).__name__}: {str(exc)[:80]}); "
                            "truncated while being written?") from None
    else:
        try:
            raw = json.loads(data.decode("utf-8", errors="replace"))
        except (json.JSONDecodeError, RecursionError) as exc:
            raise DumpError(f"not complete JSON ({exc}); truncated while being written?") from None
    if not isinstance(raw, dict) or not any(k in raw for k in ("entries", "pg_config", "pg_status")):
        raise DumpError("no entries, pg_config or pg_status: not a flight-recorder dump")
    try:
        return _trace(raw, name)
    except (TypeError, ValueError, AttributeError, KeyError) as exc:
        raise DumpError(f"unexpected dump layout ({type(exc).__name__}: {str(exc)[:80]})") from None


def _int(v: Any) -> int | None:
    try:
        return int(v)
    except (TypeError, ValueError):
        return None


def _ranks(v: Any) -> list[int] | None:
    """pg_config ranks: a string "[0, 1, 2]" in the dumps, a list in some versions."""
    if isinstance(v, str):
        v = [x for x in re.split(r"[\[\],\s]+", v) if x]
    if not isinstance(v, list):
        return None
    out = [r for r in (_int(x) for x in v) if r is not None]
    return out or None


def _frames(frames: Any) -> list[str]:
    if not isinstance(frames, list):
        return []
    own = [f for f in frames if isinstance(f, dict) and not _TORCH_FRAME.search(str(f.get("filename")))]
    return [short_frame(f) for f in own[:4]]


def _trace(raw: dict[str, Any], name: str) -> RankTrace:
    trace = RankTrace(rank=rank_from_name(name), source=name, version=str(raw.get("version") or ""))
    config = raw.get("pg_config")
    config = config if isinstance(config, dict) else {}
    for key, status in (raw.get("pg_status") or {}).items():
        if isinstance(status, dict):
            trace.groups[str(key)] = GroupTrace(
                pg_id=str(key), last_enqueued=_int(status.get("last_enqueued_collective")),
                last_started=_int(status.get("last_started_collective")),
                last_completed=_int(status.get("last_completed_collective")))
    for e in raw.get("entries") or []:
        if not isinstance(e, dict) or e.get("is_p2p"):
            continue  # point-to-point ops are numbered apart (p2p_seq_id); only collectives are matched
        pg = e.get("process_group") or ("", "")
        pg_name, desc = (str(pg[0]), str(pg[1])) if isinstance(pg, (list, tuple)) and len(pg) == 2 else ("", "")
        key = str(e.get("pg_id", pg_name))
        group = trace.groups.setdefault(key, GroupTrace(pg_id=key))
        group.name, group.desc = group.name or pg_name, group.desc or desc
        backend, _, op = str(e.get("profiling_name") or "?").partition(":")
        trace.backend = trace.backend or (backend if op else "")
        seq = _int(e.get("collective_seq_id"))
        if seq is None:
            continue
        group.ops.append(Op(seq=seq, name=(op or backend).split(" ")[0], in_sizes=e.get("input_sizes") or [],
                            in_dtypes=e.get("input_dtypes") or [], out_sizes=e.get("output_sizes") or [],
                            out_dtypes=e.get("output_dtypes") or [], state=str(e.get("state") or ""),
                            frames=_frames(e.get("frames"))))
    for group in trace.groups.values():
        cfg = config.get(group.name) or config.get(group.pg_id)
        # gloo in torch 2.10-2.13 records one pg_config entry under the empty name, holding the ranks of
        # the default group (see tests/hang/data/README.md); it applies to group 0 only.
        if cfg is None and set(config) == {""} and group.pg_id == "0":
            cfg = config[""]
        if isinstance(cfg, dict):
            group.ranks = _ranks(cfg.get("ranks"))
            group.desc = group.desc or str(cfg.get("desc") or "")
    return trace
