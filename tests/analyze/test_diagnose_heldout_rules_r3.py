"""Rules added after measuring round 3 of the held-out threads (tests/diagnosis/corpus-heldout-r3-*),
each tested on the text that carries it and on the text that would prove it wrong."""

from __future__ import annotations

from ncclkit.logs.analyze import analyze_text


def ids(text: str) -> list[tuple[str, str | None]]:
    return [(f["id"], f["cause"]) for f in analyze_text(text)["findings"]]


# `find / -name "*nccl*"` and `rpm -qa` on a host where a stray NCCL shadows the one installed
# (NVIDIA/nccl#554: the loader found /usr/lib64/libnccl.so.2 -> 2.9.9 for CUDA 11.3).
SHADOWED = ("/var/nccl-repo-2.8.3-ga-cuda10.1/libnccl-2.8.3-1+cuda10.1.x86_64.rpm\n"
            "/var/nccl-repo-2.8.3-ga-cuda10.1/libnccl-devel-2.8.3-1+cuda10.1.x86_64.rpm\n"
            "/usr/lib64/libnccl.so.2.9.9\n"
            "/usr/lib64/libnccl.so.2\n")
DEB = ("ii  libnccl-dev   2.18.3-1+cuda12.2   amd64   NVIDIA Collective Communication Library\n"
       "ii  libnccl2      2.21.5-1+cuda12.4   amd64   NVIDIA Collective Communication Library\n")


def test_two_system_nccl_versions_in_a_listing_are_named() -> None:
    for text in (SHADOWED, DEB):
        first = ids(text)[0]
        assert first == ("log.package_versions", "nccl_version_mismatch"), ids(text)
    found = analyze_text(SHADOWED)["findings"][0]
    assert found["evidence"]["versions"] == {"libnccl": ["2.8.3", "2.9.9"]}


def test_one_version_in_every_form_is_no_finding() -> None:
    same = ("/usr/lib/x86_64-linux-gnu/libnccl.so.2.18.3\n"
            "/var/cache/apt/archives/libnccl2_2.18.3-1+cuda12.2_amd64.deb\n"
            "ii  libnccl2      2.18.3-1+cuda12.2   amd64   NVIDIA Collective Communication Library\n"
            "/var/nccl-local-repo-ubuntu2204-2.18.3-cuda12.2/libnccl-dev_2.18.3-1+cuda12.2_amd64.deb\n")
    assert "log.package_versions" not in [i for i, _ in ids(same)]
    # The net plugin's library and NCCL's own messages about it are not NCCL versions.
    plugin = "h:1:1 [0] NCCL INFO NET/Plugin : No plugin found (libnccl-net.so), using internal implementation\n"
    assert "log.package_versions" not in [i for i, _ in ids(plugin)]


# TensorRT-LLM's allreduce plugin printing ncclGetErrorString of a code the loaded libnccl does not
# know (NVIDIA/TensorRT-LLM#1131: built against NCCL 2.19, torch 2.1.2 loaded 2.18.6).
UNKNOWN_CODE = ("Failed, NCCL error /src/TensorRT-LLM/cpp/tensorrt_llm/plugins/ncclPlugin/allreducePlugin.cpp:183 "
                "'unknown result code'\n")


def test_an_unknown_result_code_is_a_build_and_runtime_nccl_mismatch() -> None:
    assert ids(UNKNOWN_CODE)[0] == ("log.nccl_unknown_result", "nccl_version_mismatch")
    # a known code on the same line is no mismatch, and the path's "plugins/ncclPlugin" is no
    # network plugin
    known = UNKNOWN_CODE.replace("unknown result code", "unhandled system error (run with NCCL_DEBUG=INFO "
                                                       "for details)")
    found = [i for i, _ in ids(known)]
    assert "log.nccl_unknown_result" not in found and "log.net_plugin_error" not in found, found


def test_a_plugin_that_fails_is_still_a_plugin_error() -> None:
    line = "h:1:1 [0] NCCL WARN Failed to initialize network plugin\n"
    assert ids(line)[0] == ("log.net_plugin_error", "net_plugin_error")
