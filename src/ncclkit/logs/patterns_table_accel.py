"""Rows of the line classifier (patterns.py) for the collective libraries of other accelerators that users paste
beside NCCL's or instead of it: Huawei Ascend's HCCL and CANN runtime (torch_npu, vllm-ascend), Moore Threads' MCCL,
Cambricon's CNCL. Their lines share words with NCCL's rows ("timeout", "internal error", "listen") and must not get
NCCL's readings: a kernel of the NPU that ran past its limit is the device's fault, not a collective's wait, and
HCCL's printed advice ("Solution: ...") is no evidence (sweep 81's threads: vllm-project/vllm-ascend, hiyouga/
LlamaFactory, InternLM/lmdeploy, MooreThreads/torch_musa)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ncclkit.causes import Cause as C
from ncclkit.findings import Severity

E, W, I = Severity.ERROR, Severity.WARNING, Severity.INFO

# Words the log scanner's prefilter (nccl_log_words.OTHER_WORDS) needs for these rows' lines; no word may contain
# another of the whole list.
ACCEL_WORDS: tuple[bytes, ...] = (b"aicore", b"specific port[", b"have been bound", b"have already been bound",
                                  b"HCCP process", b"did not send the data in time", b"Notify record",
                                  b"for given data type")


def accel_rows(p: Callable[..., Any]) -> tuple[Any, ...]:
    return (
        # HCCL's error codes print their own advice on the next line ("Solution: 1. Check the rank service processes
        # ... connect timeout interval (120s by default)"): the reason is on the line above it.
        p(r"^\s*Solution: \d\. ", "noise", I, "HCCL's printed advice for the error above it", "read the line above",
          None, "noise"),
        # HCCP's RDMA device on the NPU's network port would not start: "ra rdev init failed, ret(-67)", then HCCL's
        # "rdma init fail" and "ra rdma init failed, devid[0] ip[...]" (vllm-project/vllm-ascend#1815: the port of
        # that NPU was down; the listen failure on its IP that follows is a consequence).
        p(r"ra rdev init failed|\bra rdma init failed|\brdma init fail\. return", "rdma_port_down", E,
          "HCCL could not start RDMA on the NPU's network port: the port is down, or has no IP address configured",
          "check the NPU's network ports (`hccn_tool -i <dev> -link -g` must say UP, `hccn_tool -i <dev> -ip -g` "
          "must show an address) and their cabling; restart the port or the node if it stays down",
          C.IB_PORT_DOWN_OR_LINK, "root", (C.OTHER,)),
        # hccl_socket.cc "listen on ip[A] and specific port[P] fail. Please check the port status and whether the port
        # is been using by other process"; EJ0003 "Failed to bind the IP port. Reason: The IP address and port have
        # been bound already" (vllm-ascend#405, #4725; lmdeploy#4722: two TP groups placed on one NPU), worded "The IP
        # address X and port Y have already been bound" in alibaba/ROLL's Ascend guide.
        p(r"specific port\[\d+\] fail|The IP address and port have been bound already|The IP address \S+ and port \S+ "
          r"have already been bound", "port_in_use", E,
          "HCCL could not listen on its port: another process (a previous run still alive, a second job or a second "
          "group on the same NPUs) holds it",
          "stop the previous run, give each job or group its own NPUs and ports (HCCL_IF_BASE_PORT), and check "
          "`ss -ltnp | grep <port>`", C.APPLICATION_BUG, "root", (C.FIREWALL_OR_PORT_BLOCKED,)),
        # EJ0001 "Failed to initialize the HCCP process. Reason: Maybe the last training process is running."
        p(r"Failed to initialize the HCCP process", "launch_config", E,
          "HCCL's network process on the NPU did not start: the previous training process still holds it",
          "kill the previous run, wait about 10 s and start again (`npu-smi info` shows who holds the NPUs)",
          C.APPLICATION_BUG, "root", (C.OTHER,)),
        # The NPU's own kernel faults: "aicore timeout", "The aicore execution times out", EZ9999 "exception of aivec
        # error", "errorStr: timeout or trap error", 'Search for the keyword "AI Core Error"' (vllm-ascend#15985,
        # #10861, #5509, #4972: a fused kernel that hung or faulted, fixed in the software).
        p(r"aicore (?:execution )?time(?:s)? ?out|reason=\[?aicore timeout|exception of aivec error|AI Core Error|"
          r"errorStr: timeout or trap error", "cuda_error", E,
          "a kernel on the NPU faulted or ran past its limit (Ascend's AI Core error or timeout): a device-side "
          "fault of that kernel, not a collective's wait",
          "find the kernel in the device error above (the operator's name), update CANN and the framework's NPU "
          "plugin (a known kernel regression is the usual cause), and run the operator alone to reproduce",
          C.CUDA_OR_DRIVER, "root", (C.APPLICATION_BUG,)),
        # EI0006 "Getting socket times out. Reason: Remote Rank did not send the data in time. Please check the reason
        # for the rank being stuck": this rank waited on a peer that stopped or is stuck.
        # Its short form names only the code: "Communication_Error_Get_Socket(EI0006)" (vllm-project/afd-plugin#229).
        p(r"Remote Rank did not send the data in time|Communication_Error_Get_Socket\(EI0006\)", "remote_exited", E,
          "HCCL waited for a peer rank that sent nothing in time: that rank is stuck or died",
          "read that rank's own log for its first error; if it is only slow (compilation, loading), raise "
          "HCCL_CONNECT_TIMEOUT", C.RANK_CRASHED_ELSEWHERE, "root", (C.HANG_COLLECTIVE_MISMATCH,)),
        # EI0002 "The Notify register has not received the Notify record from remote rank: [24]": a collective waiting
        # on a named peer (vllm-project/vllm-ascend#3413: that rank still compiling its graph).
        p(r"has not received the Notify record from remote rank", "timeout", E,
          "HCCL waited in a collective for a signal from the named remote rank that never came: that rank is stuck, "
          "slower (compiling, loading) or in another collective", "read the named rank's own log and stack; raise "
          "HCCL_EXEC_TIMEOUT only if it was merely slow", C.HANG_COLLECTIVE_MISMATCH, "root",
          (C.RANK_CRASHED_ELSEWHERE,)),
        # Habana's ProcessGroupHCCL has no size for a tensor's dtype ("Getting size for given data type is not
        # supported: 0", getHCCLDataSize): the program passed a dtype HCCL cannot reduce, such as bool
        # (huggingface/optimum-habana#353: a model line producing a bool tensor, changed in the PR).
        p(r"Getting size for given data type is not supported", "framework_usage", E,
          "Habana's HCCL cannot communicate a tensor of this dtype (bool and other types it has no size for)",
          "cast the tensor to a type HCCL supports (float, bf16, int32) before the collective, or find the model "
          "line that produces it", C.APPLICATION_BUG),
        # Moore Threads' MCCL, Ascend's HCCL and Cambricon's CNCL not where the loader looks (torch_musa#5: use the
        # docker image that ships them).
        p(r"lib(?:mccl|hccl|cncl)\.so[\w.]*: cannot open shared object file", "nccl_library_missing", E,
          "the program cannot load its accelerator's collective library (MCCL, HCCL or CNCL): it is not installed "
          "where the loader looks", "install the vendor's toolkit (or use its container image) and put its library "
          "directory on LD_LIBRARY_PATH", C.OTHER),
    )
