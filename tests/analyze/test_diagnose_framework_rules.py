"""Lines of PyTorch, Gloo, the launchers and CUDA libraries that users paste beside (or instead of) an
NCCL log: each names its cause, and the text that would prove the rule wrong does not."""

from __future__ import annotations

import pytest

from ncclkit.logs.analyze import analyze_text


def first_cause(text: str) -> tuple[str, str] | None:
    f = next((f for f in analyze_text(text)["findings"] if f["cause"]), None)
    return (f["id"], f["cause"]) if f else None


CASES = [
    # SIGBUS: a write into /dev/shm beyond what the tmpfs can back (torchrun, DeepSpeed's launcher)
    ("torch.distributed.elastic.multiprocessing.api: [ERROR] failed (exitcode: -7) local_rank: 0 (pid: 4120) of "
     "binary: /usr/bin/python3\n", "shm_too_small"),
    ("[2023-07-20 10:01:02,123] [ERROR] [launch.py:321:sigkill_handler] ['/usr/bin/python', '-u', 'train.py'] "
     "exits with return code = -7\n", "shm_too_small"),
    ("[2023-07-20 10:01:02,123] [ERROR] [launch.py:321:sigkill_handler] ['/usr/bin/python', '-u', 'train.py'] "
     "exits with return code = -9\n", "oom"),
    ("ValueError: Error initializing torch.distributed using env:// rendezvous: environment variable MASTER_ADDR "
     "expected, but not set\n", "application_bug"),
    ("ValueError: Default process group has not been initialized, please make sure to call init_process_group.\n",
     "application_bug"),
    ("RuntimeError: [enforce fail at ../third_party/gloo/gloo/transport/tcp/pair.cc:446] op.preamble.length <= "
     "op.nbytes. 8773632 vs 4\n", "hang_collective_mismatch"),
    ("RuntimeError: CUDA error: CUBLAS_STATUS_ALLOC_FAILED when calling `cublasCreate(handle)`\n", "oom"),
    # Debian/Ubuntu map the host's own name to 127.0.1.1: the rank resolved its host name to loopback
    ("RuntimeError: [../third_party/gloo/gloo/transport/tcp/pair.cc:799] connect [127.0.1.1]:57469: "
     "Connection refused\n", "hostname_resolution"),
    ("RuntimeError: [../third_party/gloo/gloo/transport/tcp/pair.cc:799] connect [172.17.0.2]:57469: "
     "Connection refused\n", "wrong_interface"),
    ("RuntimeError: [../third_party/gloo/gloo/transport/tcp/pair.cc:799] connect [10.1.2.3]:57469: "
     "Connection refused\n", "firewall_or_port_blocked"),
    ("RuntimeError: [../third_party/gloo/gloo/transport/tcp/pair.cc:598] Connection closed by peer "
     "[10.1.2.3]:27512\n", "rank_crashed_elsewhere"),
    ("torch.distributed.DistNetworkError: The client socket has failed to connect to any network address of "
     "(node0, 29500).\n", "firewall_or_port_blocked"),
]


@pytest.mark.parametrize(("text", "cause"), CASES, ids=[c for _, c in CASES])
def test_framework_line_names_its_cause(text: str, cause: str) -> None:
    got = first_cause(text)
    assert got is not None and got[1] == cause, got


@pytest.mark.parametrize("text", [
    "torch.distributed.elastic.multiprocessing.api: [ERROR] failed (exitcode: -70) local_rank: 0 (pid: 4120)\n",
    "exits with return code = -75\n",
    "INFO: environment variable MASTER_ADDR set to 10.0.0.1\n",
    "Tensors are on the same device\n",
])
def test_lookalike_lines_name_no_such_cause(text: str) -> None:
    got = first_cause(text)
    assert got is None or got[1] not in ("shm_too_small", "oom", "application_bug"), got
