"""Rules from the misses of held-out round 71 (tests/diagnosis/corpus-heldout-r71-*), each tested on the line that
carries it and on text that must not trigger it."""

from __future__ import annotations

from line_reading import assert_reads, lead


# NVIDIA/nccl#33: NCCL 1's test started on two nodes; NCCL 1 ran within one node only.
def test_nccl_1s_own_warnings_are_the_legacy_library() -> None:
    assert_reads("WARN src/core.cu:225 failed to allocate 2101248 byte device buffer", "log.legacy_nccl",
                 "nccl_version_mismatch")
    assert_reads("NCCL Init failed (10) 'cuda malloc failed'", "log.legacy_nccl", "nccl_version_mismatch")
    assert lead("x:1:1 [0] include/alloc.h:48 NCCL WARN Cuda failure 'out of memory'\n")[0] != "log.legacy_nccl"


# aws/aws-ofi-nccl#1369: the GPU-initiated path needs libfabric's EFA counter API; a list of requirements is no failure.
def test_the_efa_plugins_counter_call_and_a_list_of_requirements() -> None:
    assert_reads("gdaki_hw_counter: cntr_open_ext failed: Function not implemented", "log.ofi_error",
                 "net_plugin_error")
    assert lead("NCCL >= 2.31.2-1, GDRCopy >= 2.5, Libfabric >= 2.6.0, and a supported instance type.\n") is None
    assert_reads("x:1:1 [0] NCCL WARN gdr_pin_buffer_v2 not available; GDRCopy >= 2.5 required",
                 "log.gdrcopy_error", "gdr_unavailable")


# aws-samples/aws-do-eks PR#49: Ray's worker took a secondary NIC's address and never registered with the head.
def test_a_ray_node_that_never_registers_with_the_head_is_its_address() -> None:
    text = ("worker  scripts.py:1128 -- Local node IP: 172.16.89.194\n"
            "worker  node.py:421 -- Failed to get node info b'RPC error: Deadline Exceeded'\n")
    assert lead(text) == ("log.socket_connect_failed", "wrong_interface")
    assert lead("Failed to connect to GCS within 60 seconds. GCS may have been killed.\n") == (
        "log.remote_exited", "rank_crashed_elsewhere")
