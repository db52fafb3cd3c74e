"""Rules added after measuring round 15 of the held-out threads (tests/diagnosis/corpus-heldout-r15-*):
libfabric's EFA provider, MPI's UCX errors in upper case, TensorFlow without NCCL kernels, and error lines
of other tools that the log scanner's prefilter let through unread. Each is tested on the text that
carries it and on the text that would prove it wrong."""

from __future__ import annotations

import pytest

from ncclkit.logs.analyze import analyze_text


def lead(text: str) -> tuple[str, str] | None:
    f = next((f for f in analyze_text(text)["findings"] if f["cause"]), None)
    return (f["id"], f["cause"]) if f else None


@pytest.mark.parametrize("text", [
    # aws/aws-ofi-nccl#879: EFA not passed into the container
    "`fi_info -p efa`\n`fi_getinfo: -61 (No data available)`\n",
    # ofiwg/libfabric#12708: the provider could not open the device
    "libfabric:...:efa:ep_data:efa_device_construct_gid():47<warn> ibv_open_device failed! errno: 2\n"
    "libfabric:...:core:core:fi_getinfo_():1391<warn> fi_getinfo: provider efa output empty list\n",
])
def test_efa_without_a_usable_device_is_the_plugin_not_a_verbs_resource(text: str) -> None:
    assert lead(text) == ("log.ofi_error", "net_plugin_error")


def test_a_libfabric_registration_without_memory_is_the_memlock_limit() -> None:
    """awsome-distributed-ai#647: ulimit -l was 65536; the heading line before the errno names nothing."""
    text = ("Libfabric EFA provider has encountered an internal error:\n\nLibfabric error: (-12) Cannot allocate "
            "memory\nEFA internal error: (4112) Failure to post internal receive buffers\n")
    assert lead(text) == ("log.ofi_error", "memlock_or_ulimit")
    other = "NET/OFI Request completed with error. RC: 5. Error: Input/output error.\n"
    assert lead(other) == ("log.ofi_error", "net_plugin_error")


def test_mpi_ucx_errors_in_upper_case_are_read_beside_a_port_listing() -> None:
    """NVIDIA/nccl-tests#327: UCX inside mpirun failed, not NCCL; the scanner's prefilter missed "ERROR"."""
    text = ("ib_device.c:1380 UCX  ERROR   ibv_create_ah(dlid=49152 sl=0 port=1) for RC DEVX QP connect on mlx5_15 "
            "failed: No such device\n\nibv_devices\n    device                 node GUID\n"
            "    ------              ----------------\n    mlx5_25             0000000000000000\n")
    assert lead(text) == ("log.mpi_transport", "other")


def test_tensorflow_without_nccl_kernels_is_the_programs_setup() -> None:
    text = ("No OpKernel was registered to support Op 'NcclAllReduce' used by {{node NcclAllReduce}} with these "
            "attrs: [reduction=\"sum\", T=DT_FLOAT, num_devices=2]\nRegistered kernels:\n  <no registered kernels>\n")
    assert lead(text) == ("log.tf_nccl_ops", "application_bug")
    assert lead("No OpKernel was registered to support Op 'Conv2D' used by {{node conv}}\n") is None


@pytest.mark.parametrize(("line", "finding"), [
    ("NET/OFI Unable to insert remote address into address vector for device 1. RC: 0", "log.ofi_error"),
    ("ncclInvalidUsage: This usually reflects invalid usage of NCCL library.", "log.invalid_usage"),
    ("-> system not yet initialized", "log.fabric_manager"),
])
def test_lines_without_nccls_prefix_reach_the_classifier(line: str, finding: str) -> None:
    assert finding in {f["id"] for f in analyze_text(line + "\n")["findings"]}
