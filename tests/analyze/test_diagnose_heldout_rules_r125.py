"""Rules from the misses of held-out rounds 125, 126, 129, 130 and 132 (tests/diagnosis/corpus-heldout-r125-* to
-r132-*) and of the labelled corpora's last visible misses (nccl584, primerl2200: tests/analyze/test_p2p_order.py and
test_rank_claims.py), each tested on the text that carries it and on text that must not trigger it."""

from __future__ import annotations

from line_reading import lead


def test_a_view_given_to_a_collective() -> None:
    # Lightning-AI/pytorch-lightning#4781 and deepspeedai/DeepSpeed#1162: a slice given to a collective
    assert lead("RuntimeError: Tensors must be non-overlapping and dense\n") == \
        ("log.framework_usage", "application_bug")


def test_a_data_type_the_builds_nccl_lacks_or_nccl_has_none_for() -> None:
    # NVIDIA/nccl#476: bfloat16 before NCCL 2.10.3
    assert lead("RuntimeError: Input tensor data type is not supported for NCCL process group: BFloat16\n") == \
        ("log.framework_release", "other")
    assert lead("RuntimeError: Input tensor data type is not supported for NCCL process group: Float8_e4m3fn\n") == \
        ("log.framework_release", "other")
    # a type NCCL never carries is the program's to cast
    assert lead("RuntimeError: Input tensor data type is not supported for NCCL process group: ComplexHalf\n") == \
        ("log.framework_usage", "application_bug")


def test_copy_engine_collectives_on_the_default_stream() -> None:
    # NVIDIA/nccl#2003 (NCCL 2.29.2)
    line = "`cudaMemcpyBatchAsync` fails when default stream is passed with `invalid attribute error`.\n"
    assert lead(line) == ("log.ce_default_stream", "other")
    # NCCL's plain CUDA failure elsewhere keeps its CUDA reading
    assert lead("node1:123:456 [0] enqueue.cc:1556 NCCL WARN Cuda failure 'invalid argument'\n")[0] != \
        "log.ce_default_stream"


def test_a_sanitizer_report_inside_nccls_own_code() -> None:
    # ROCm/rccl#1469 (fixed by #1470)
    ubsan = ("/build/source/build/hipify/src/transport/net_ib.cc:592:12: runtime error: index 3 out of bounds for type "
             "'const char *[3]'\n")
    assert lead(ubsan) == ("log.crash", "other")
    # the program's own source is the program's
    assert lead(ubsan.replace("/build/source/build/hipify/src/transport/net_ib.cc", "/home/me/model/src/layer.cc")) \
        != ("log.crash", "other")


def test_health_tools_broken_themselves() -> None:
    # Azure/az-hop#1796: NHC's check calling a tool the node no longer has
    assert lead("`ERROR : Node Health Checks failed - viz3d-1 - AMS081063509028 - Check check_nvsmi_healthmon "
                "returned 127\n") == ("log.launch_config", "other")
    assert lead("ERROR : Node Health Checks failed - node1 - Check check_gpu_xid returned 1\n") != \
        ("log.launch_config", "other")
    # ROCm/ROCmValidationSuite#205: a module's library not where the loader looks
    line = ("RVS-CLI: could not load .so '/opt/rocm/rvs//libgm.so.0' reason: librocm_smi64.so: cannot open shared "
            "object file: No such file or directory\n")
    assert lead(line) == ("log.library_missing", "other")
    # NCCL's own library keeps its row
    assert lead("reason: libnccl.so.2: cannot open shared object file: No such file or directory\n")[0] == \
        "log.nccl_library_missing"


def test_ptx_from_a_toolkit_newer_than_the_driver() -> None:
    # wilicc/gpu-burn#94 (round 132) and NVIDIA/nvbandwidth#61: CUDA 12.3 / 13.2 code, an older driver
    assert lead("Couldn't init a GPU test: Error in load module (gpu_burn-drv.cpp:238): the provided PTX was compiled "
                "with an unsupported toolchain.\n") == ("log.driver_too_old", "cuda_or_driver")
