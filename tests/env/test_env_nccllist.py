"""NCCL list syntax (NCCL_IB_HCA / NCCL_SOCKET_IFNAME) against the rules of nccl-internals.md section 1."""

from __future__ import annotations

import pytest

from ncclkit.nccl.params import format_exact_list, parse_nccl_int, parse_nccl_list

DEVS = ["mlx5_0", "mlx5_1", "mlx5_10", "mlx5_11", "mlx5_2"]


def chosen(value: str, names=DEVS, port=None, version=None) -> list[str]:
    lst = parse_nccl_list(value, version=version)
    return [n for n in names if lst.selects(n, port)]


@pytest.mark.parametrize(("value", "want"), [
    ("mlx5_1", ["mlx5_1", "mlx5_10", "mlx5_11"]),       # prefix: mlx5_1 also takes mlx5_10..
    ("=mlx5_1", ["mlx5_1"]),                             # '=' exact
    ("^mlx5_1", ["mlx5_0", "mlx5_2"]),                   # exclude, still prefix
    ("^=mlx5_1", ["mlx5_0", "mlx5_10", "mlx5_11", "mlx5_2"]),
    ("=mlx5_0,mlx5_2", ["mlx5_0", "mlx5_2"]),           # several entries
    ("mlx5", DEVS),
    ("", DEVS),                                          # empty list selects all
    ("^", []),                                           # ...and its negation none
    (" mlx5_0", []),                                     # spaces are part of the name
    ("mlx5_0,,mlx5_2", ["mlx5_0", "mlx5_2"]),           # empty entries skipped
])
def test_matching_rules(value, want):
    assert chosen(value) == want


def test_port_suffix():
    lst = parse_nccl_list("=mlx5_0:1,mlx5_1:2")
    assert lst.selects("mlx5_0", 1) and not lst.selects("mlx5_0", 2)
    assert lst.selects("mlx5_1", 2) and not lst.selects("mlx5_1", 1)
    # a socket interface is matched with port -1: the port part is ignored
    assert lst.selects("mlx5_0", None)


def test_port_parsing_by_version():
    # 2.30.7: hca:port:rail:plane with an empty port meaning any port
    new = parse_nccl_list("mlx5_0::0:1", version=(2, 30, 7))
    assert new.entries[0].port is None and new.selects("mlx5_0", 1)
    # before: atoi("") = 0, a port that never exists
    old = parse_nccl_list("mlx5_0::0:1", version=(2, 21, 5))
    assert old.entries[0].port == 0 and not old.selects("mlx5_0", 1)
    assert parse_nccl_list("mlx5_0:x").entries[0].port == 0
    assert [e.name for e in parse_nccl_list(":1,mlx5_3").entries] == ["mlx5_3"]


def test_prefix_overreach_and_exact_format():
    assert parse_nccl_list("mlx5_1,mlx5_2").prefix_overreach(DEVS) == {"mlx5_1": ("mlx5_10", "mlx5_11")}
    assert parse_nccl_list("=mlx5_1").prefix_overreach(DEVS) == {}
    value = format_exact_list([("mlx5_0", 1), ("mlx5_1", 1)])
    assert value == "=mlx5_0:1,mlx5_1:1"
    assert chosen(value, port=1) == ["mlx5_0", "mlx5_1"]


def test_entry_cap():
    value = ",".join(f"eth{i}" for i in range(20))
    assert len(parse_nccl_list(value, max_entries=16).entries) == 16


@pytest.mark.parametrize(("text", "want"), [("1", 1), ("0", 0), ("", None), ("0x10", 16), ("010", 8),
                                            ("-1", -1), ("yes", 0), ("3abc", 3), (" 2 ", 2)])
def test_strtoll(text, want):
    assert parse_nccl_int(text) == want
