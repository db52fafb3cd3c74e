"""NCCL's parameter syntax, exactly as NCCL reads it: device lists, integers, path levels.

Path levels (NCCL_NET_GDR_LEVEL, NCCL_P2P_LEVEL) are read by `ncclGetLevel` (src/graph/paths.cc, all
versions): strcmp against the version's `topoPathTypeStr` names up to SYS (case-sensitive), else, when
the first character is a digit, strtol(str, NULL, 0) as an old level (0 LOC, 1 PIX, 2 PXB, 3 PHB,
4+ SYS); anything else leaves the default. `parse_level` and `path_order` do the same.

Device lists (NCCL_IB_HCA, NCCL_SOCKET_IFNAME):

NCCL reads these lists with `parseStringList` and matches them with `matchIfList`
(src/misc/utils.cc; nccl-internals.md section 1 "NCCL_IB_HCA syntax"):
- a leading `^` makes the list an exclude list, then an optional `=` asks for exact names (`^=`);
- entries are comma separated, `name[:port]` (2.30.7+: `name[:port[:rail[:plane]]]`, empty port = any);
- without `=` a name is a prefix: `mlx5_1` also matches `mlx5_10`..`mlx5_19`;
- nothing is stripped: `" mlx5_1"` (with a space) is a different name and matches nothing;
- an empty list selects everything (and `^` with an empty list therefore selects nothing).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from ncclkit.nccl.versions import IB_RAIL_PLANE, NcclVersion

__all__ = ["MAX_IB_DEVS", "MAX_IFS", "NcclList", "NcclListEntry", "env_flag", "env_int", "format_exact_list",
           "parse_level", "parse_nccl_int", "parse_nccl_list", "path_order"]

MAX_IB_DEVS = 32  # src/transport/net_ib: entries beyond this are dropped by parseStringList
MAX_IFS = 16  # src/misc/socket.cc: NCCL_SOCKET_IFNAME entries kept


@dataclass(frozen=True, slots=True, kw_only=True)
class NcclListEntry:
    """One `name[:port]` entry; port None means any port (no port given, or 2.30.7's empty field)."""

    name: str
    port: int | None = None

    def matches(self, name: str, port: int | None, *, exact: bool) -> bool:
        # matchIf: exact compares strlen(name)+1 bytes (so the '\0' too), prefix compares strlen(entry).
        name_ok = name == self.name if exact else name.startswith(self.name)
        # matchPort: -1 on either side matches any port.
        port_ok = self.port is None or port is None or self.port == port
        return name_ok and port_ok


@dataclass(frozen=True, slots=True, kw_only=True)
class NcclList:
    """A parsed list: `exclude` (leading ^), `exact` (=), and its entries in order."""

    raw: str
    exclude: bool = False
    exact: bool = False
    entries: tuple[NcclListEntry, ...] = ()

    def selects(self, name: str, port: int | None = None) -> bool:
        """Whether NCCL keeps device/interface `name` (and `port`) under this list."""
        # matchIfList returns true for an empty list; the caller XORs with the exclude flag.
        hit = not self.entries or any(e.matches(name, port, exact=self.exact) for e in self.entries)
        return hit != self.exclude

    def prefix_overreach(self, names: Iterable[str]) -> dict[str, tuple[str, ...]]:
        """Entries (prefix mode) that match names other than themselves: {"mlx5_1": ("mlx5_10",)}."""
        if self.exact:
            return {}
        out: dict[str, tuple[str, ...]] = {}
        known = sorted(set(names))
        for e in self.entries:
            extra = tuple(n for n in known if n != e.name and n.startswith(e.name))
            if extra and e.name in known:
                out[e.name] = extra
        return out


def _atoi(text: str) -> int:
    """C atoi(): optional sign and leading digits; 0 when there are none."""
    digits = ""
    for i, ch in enumerate(text):
        if ch.isdigit() or (i == 0 and ch in "+-"):
            digits += ch
        else:
            break
    try:
        return int(digits)
    except ValueError:
        return 0


def parse_nccl_list(value: str, *, version: NcclVersion | None = None,
                    max_entries: int = MAX_IB_DEVS) -> NcclList:
    """Parse like NCCL: `^`, then `=`, then `name[:port...]` entries; empty names are skipped."""
    rest = value
    exclude = rest.startswith("^")
    if exclude:
        rest = rest[1:]
    exact = rest.startswith("=")
    if exact:
        rest = rest[1:]
    entries: list[NcclListEntry] = []
    for part in rest.split(","):
        if len(entries) >= max_entries:
            break
        name, colon, tail = part.partition(":")
        if not name:
            continue  # parseStringList only stores an entry once it has a character
        port: int | None = None
        if colon:
            port_field = tail.split(":", 1)[0]
            # 2.30.7 reads hca:port:rail:plane and an empty port field means "any port";
            # before that atoi(":0:1") is 0, a port that never exists.
            if port_field == "" and (version is None or version >= IB_RAIL_PLANE):
                port = None
            else:
                port = _atoi(port_field)
        entries.append(NcclListEntry(name=name, port=port))
    return NcclList(raw=value, exclude=exclude, exact=exact, entries=tuple(entries))


def format_exact_list(items: Iterable[tuple[str, int | None]]) -> str:
    """`=mlx5_0:1,mlx5_1:1`: exact names, so prefix matching cannot add mlx5_10.. by accident."""
    parts = [name if port is None else f"{name}:{port}" for name, port in items]
    return "=" + ",".join(parts)


def parse_nccl_int(value: str) -> int | None:
    """NCCL_PARAM integers are read with strtoll(value, 0): leading number, base from 0x/0 prefix.

    Returns None for an empty value (NCCL treats it as unset); text with no leading number is 0.
    """
    text = value.strip()
    if not text:
        return None
    sign = -1 if text[0] == "-" else 1
    body = text[1:] if text[0] in "+-" else text
    base, digits = 10, "0123456789"
    if body[:2].lower() == "0x":
        base, digits, body = 16, "0123456789abcdef", body[2:]
    elif body.startswith("0") and len(body) > 1:
        base, digits = 8, "01234567"
    num = ""
    for ch in body.lower():
        if ch not in digits:
            break
        num += ch
    return sign * int(num, base) if num else 0


def env_int(env: dict[str, str], name: str, default: int) -> int:
    """An NCCL_PARAM integer from `env` (strtoll semantics), `default` when unset or empty."""
    value = parse_nccl_int(env.get(name, ""))
    return default if value is None else value


def env_flag(env: dict[str, str], name: str) -> bool:
    """True when an NCCL_PARAM with default 0 is set to non-zero (NCCL_IB_DISABLE=1, ...)."""
    return env_int(env, name, 0) != 0


# topoPathTypeStr (src/graph/topo.cc) by version, up to SYS: the names ncclGetLevel accepts, in
# NCCL's numeric order (a level compares by this order). C2C appears in v2.26.2-1, P2C in v2.27.3-1
# (after PXN), and P2C moves before PXN in v2.28.3-1.
_ORDER_2_18 = ("LOC", "NVL", "NVB", "PIX", "PXB", "PXN", "PHB", "SYS")
_ORDER_2_26 = ("LOC", "NVL", "NVB", "C2C", "PIX", "PXB", "PXN", "PHB", "SYS")
_ORDER_2_27 = ("LOC", "NVL", "NVB", "C2C", "PIX", "PXB", "PXN", "P2C", "PHB", "SYS")
_ORDER_2_28 = ("LOC", "NVL", "NVB", "C2C", "PIX", "PXB", "P2C", "PXN", "PHB", "SYS")
_OLD_LEVELS = ("LOC", "PIX", "PXB", "PHB", "SYS")  # levelsOldToNew; larger numbers are capped at SYS


def _order_names(version: NcclVersion | None) -> tuple[str, ...]:
    if version is None or version >= (2, 28, 0):
        return _ORDER_2_28
    if version >= (2, 27, 0):
        return _ORDER_2_27
    if version >= (2, 26, 0):
        return _ORDER_2_26
    return _ORDER_2_18


def path_order(version: NcclVersion | None = None) -> dict[str, int]:
    """NCCL's path types up to SYS with their rank for `version` (None: the newest order).

    Every name ncclkit compares is present: a type the version lacks (C2C, P2C before 2.26/2.27)
    gets the rank it has in the newest order, so only levels read from the env are version-checked.
    """
    names = _order_names(version)
    order = {name: i for i, name in enumerate(names)}
    for name in _ORDER_2_28:
        if name not in order:
            order[name] = order["PXB"] if name == "P2C" else order["NVB"]
    return order


def parse_level(value: str | None, version: NcclVersion | None = None) -> str | None:
    """ncclGetLevel: the level NCCL reads from `value`, or None when NCCL ignores it (default kept).

    `phb` and `Phb` are ignored (strcmp), `2abc` is PXB and `010` is octal 8, capped at SYS (strtol).
    """
    if not value:
        return None
    if value in _order_names(version):
        return value
    if "0" <= value[0] <= "9":
        old = parse_nccl_int(value) or 0
        return _OLD_LEVELS[min(old, len(_OLD_LEVELS) - 1)]
    return None
