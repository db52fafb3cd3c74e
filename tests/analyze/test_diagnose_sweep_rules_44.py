"""Rules from held-out rounds 232 - 235 and sweeps 251 - 254 (2026-12-06: model-release repositories, rare error
texts, older research code, serving and training stacks of 2025 - 2026). Each text a rule reads is quoted from the
thread named above its test; each rule is also tested on text that must not trigger it."""

from __future__ import annotations

from line_reading import lead

# InternLM/xtuner#692: rank 3 passed Gloo's monitored barrier, rank 0 had failed (a dataset map_fn defined in the
# config file); the peer address is the container's own docker0 address, the job on one node
_BARRIER = """\
[rank3]: RuntimeError: Rank 3 successfully reached monitoredBarrier, but received errors while waiting for send/recv \
from rank 0. Please check rank 0 logs for faulty rank.
[rank3]:  Original exception: 
[rank3]: [../third_party/gloo/gloo/transport/tcp/pair.cc:534] Connection closed by peer [172.17.0.2]:22693
"""


def test_a_connection_closed_after_the_monitored_barrier_names_the_rank_that_exited() -> None:
    assert lead(_BARRIER) == ("log.remote_exited", "rank_crashed_elsewhere")
    # the same close with nothing to say the group had connected: two containers that share docker0's address
    closed = _BARRIER.splitlines()[-1] + "\n"
    assert lead(closed)[1] == "wrong_interface"
