"""Rules from the thirty-fourth sweep of public threads (libraries and packaging around NCCL in Python jobs). Each line
is quoted from the thread named above its test, and tested on text that must not trigger it."""

from __future__ import annotations

from line_reading import lead

from ncclkit.logs.analyze import analyze_text


def ids(text: str) -> set[str]:
    return {f["id"] for f in analyze_text(text)["findings"]}


# NVIDIA/cuml#7314 (NVRTC missing), NVIDIA/TransformerEngine#2504 (an older cuBLASLt), jax-ml/jax#15268 and
# conda-forge/jax-feedstock#149 (an older cuDNN), deepspeedai/DeepSpeed#607 (nvcc older than the GPU).
def test_cuda_components_missing_or_older_than_the_build() -> None:
    for line in ("OSError: libnvrtc.so.12: cannot open shared object file: No such file or directory\n",
                 "libtransformer_engine.so: undefined symbol: cublasLtGroupedMatrixLayoutInit_internal, version "
                 "libcublasLt.so.13\n",
                 "E external/xla/xla/stream_executor/cuda/cuda_dnn.cc:417] Loaded runtime CuDNN library: 8.5.0 but "
                 "source was compiled with: 8.6.0.\n",
                 "Outdated cuDNN installation found.\n",
                 "nvcc fatal   : Unsupported gpu architecture 'compute_86'\n"):
        assert lead(line) == ("log.cuda_error", "cuda_or_driver"), line
    # OpenGVLab/InternVL#1245: a malformed arch list is the setting, not an old toolkit
    assert lead("nvcc fatal   : Unsupported gpu architecture 'compute_1.'\n") != ("log.cuda_error", "cuda_or_driver")
    # an NCCL symbol missing stays the NCCL library's
    assert lead("libtorch_cuda.so: undefined symbol: ncclCommRegister\n") == ("log.version_mismatch",
                                                                             "nccl_version_mismatch")


# pytorch/pytorch#94585 (link libcuda.so.1), detectron2#460 (a CPU-only torch), QwenLM/Qwen3#350 (a failed JIT build).
def test_builds_that_cannot_find_what_they_need() -> None:
    assert lead("/usr/bin/ld: cannot find -lcuda\n") == ("log.cuda_driver_load", "cuda_or_driver")
    assert lead("AssertionError: Torch not compiled with CUDA enabled\n") == ("log.package_build", "other")
    jit = ("ImportError: /root/.cache/torch_extensions/py38_cu118/fused_adam/fused_adam.so: cannot open shared object "
           "file: No such file or directory\n")
    assert lead(jit) == ("log.package_build", "other")
    assert lead("/usr/bin/ld: cannot find -lnccl_static\n") != ("log.cuda_driver_load", "cuda_or_driver")


# vllm-project/vllm#4312 (the NameError follows a libnccl that did not load); pytorch/pytorch#9540 (an older NCCL first
# on the link path).
def test_nccl_that_did_not_load_or_link() -> None:
    text = ("ERROR 04-24 09:39:29 worker_base.py:153]     logger.info(f\"vLLM is using nccl=={ncclGetVersion()}\")\n"
            "ERROR 04-24 09:39:29 worker_base.py:153] NameError: name 'ncclGetVersion' is not defined\n")
    assert lead(text) == ("log.nccl_library_missing", "other")
    assert "log.nccl_library_missing" not in ids("NameError: name 'model' is not defined\n")
    link = "ProcessGroupNCCL.cpp:(.text+0x4374): undefined reference to `ncclGroupStart'\n"
    assert lead(link) == ("log.version_mismatch", "nccl_version_mismatch")


# NVIDIA/apex#955 (the hint line is no NCCL mismatch); ztxz16/fastllm#301 (conda's libstdc++), and a net plugin's.
def test_toolkit_hints_and_cpp_runtimes_are_not_nccls_versions() -> None:
    apex = ("RuntimeError: Cuda extensions are being compiled with a version of Cuda that does not match the version "
            "used to compile Pytorch binaries.  Pytorch binaries were compiled with Cuda 10.2.\n"
            "    In some cases, a minor-version mismatch will not cause later errors:  https://github.com/NVIDIA/apex/pul"
            "l/323#discussion_r287021798.  You can try commenting out this check (at your own risk).\n")
    assert lead(apex) == ("log.package_build", "cuda_or_driver")
    glibcxx = ("OSError: /home/suser/.conda/envs/llm/bin/../lib/libstdc++.so.6: version `GLIBCXX_3.4.30' not found\n")
    assert lead(glibcxx) == ("log.library_version", "other")
    nccl = ("OSError: /lib64/libc.so.6: version `GLIBC_2.34' not found (required by /usr/lib/x86_64-linux-gnu/"
            "libnccl.so.2)\n")
    assert lead(nccl) == ("log.library_version", "nccl_version_mismatch")


# thomaskalnik.com's DeepSeek-V3 post (CUDA_DEVICE_ORDER differed: two ranks on one GPU) and mynw.cn's Live Avatar post
# (P2P unavailable, NCCL_P2P_DISABLE=1); a channel over P2P/IPC with ranks and bus ids is neither.
def test_nccls_checks_quoted_without_their_prefix() -> None:
    assert lead("Error: rank 27 and rank 19 both on CUDA device 53000 (PCI 53:00.0)\n") == (
        "log.duplicate_gpu", "application_bug")
    p2p = "NCCL error: unhandled system error ... Fatal error in internal_p2p_setup: p2p access not enabled\n"
    assert lead(p2p) == ("log.p2p_error", "acs_iommu_p2p")
    channel = ("frontier00061:695135:695311 [0] NCCL INFO Channel 00/0 : 0[d6000] -> 3[c6000] via P2P/IPC comm "
               "0x9bbf3b0 nRanks 4096\n")
    assert not ids(channel) & {"log.duplicate_gpu", "log.p2p_error"}


# NVIDIA/nccl#1515 (NVIDIA: before 2.24 a refused or timed-out connect was reported as an abort) and nccl#975 (a
# link-local IPv6 target); a plain refused connect keeps its reading.
def test_nccls_connect_abort_wording_and_link_local_targets() -> None:
    abort = "socketStartConnect: Connect to 10.45.234.83<47527> failed : Software caused connection abort\n"
    first = analyze_text(abort)["findings"][0]
    assert (first["id"], first["cause"]) == ("log.socket_connect_failed", "firewall_or_port_blocked")
    assert "2.24" in first["message"]
    local = ("n122:12251:12400 [5] misc/socket.cc:483 NCCL WARN socketStartConnect: Connect to fe80::966d:ae03:a2:8cf0%"
             "ib1<17943> failed : Software caused connection abort\n")
    assert lead(local) == ("log.socket_connect_failed", "wrong_interface")
    refused = "socketStartConnect: Connect to 10.0.0.2<43521> failed : Connection refused\n"
    assert "2.24" not in analyze_text(refused)["findings"][0]["message"]
