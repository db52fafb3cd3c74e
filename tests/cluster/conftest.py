"""Fixtures of the cluster tests: a throw-away cluster of network namespaces (netns.py)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from cluster.netns import NetnsCluster, netns_usable


@pytest.fixture
def netns_cluster() -> Iterator[type[NetnsCluster]]:
    if not netns_usable():
        pytest.skip("needs root, ip netns and iptables (run tests/cluster/setup_netns_deps.sh)")
    made: list[NetnsCluster] = []

    def make(n: int) -> NetnsCluster:
        c = NetnsCluster(n)
        made.append(c)
        c.up()
        return c

    try:
        yield make  # type: ignore[misc]
    finally:
        for c in made:
            c.down()
