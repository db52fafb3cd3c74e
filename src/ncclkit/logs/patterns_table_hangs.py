"""Rows of the line classifier (patterns.py) for lines around stalls and hangs that a sweep of public threads found
unread or misread (tests/analyze/test_diagnose_sweep_rules_5.py quotes each with its thread): PyTorch's
flight-recorder analyzer, XLA's own wait, the JAX coordinator, SGLang's watchdog, torchelastic's
keep-alive, ROCm's GPU hang report, NCCL's RAS client port, and an update check that times out; and accounts of hangs
whose cause their words carry (test_diagnose_sweep_rules_51.py): a multimodal model that hangs on text-only samples
mixed with image ones, and async_save's checkpoint thread inside a collective.

A tool that names the ranks missing from a collective, or a runtime that waits for participants that never come, is
the hang itself; a keep-alive that stops mid-run is the agent that hosted the rendezvous gone; the GPU runtime's own
hang report is the GPU. Read before the generic rows: "timed out", "timeout", "bind failed" and "Deadline Exceeded"
would send these lines elsewhere.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ncclkit.causes import Cause as C
from ncclkit.findings import Severity

E, W, I = Severity.ERROR, Severity.WARNING, Severity.INFO

# Words the log scanner's prefilter (nccl_log_words.OTHER_WORDS) needs for these rows' lines; no word may contain
# another of the whole list.
HANG_WORDS: tuple[bytes, ...] = (
    b"CoordinationService/RegisterTask", b"keep-alive heartbeat",
    b"reason :GPU Hang", b"git fetch", b"INCONSISTENT_TPU_PROGRAM", b"inconsistent HLO", b"AsyncCheckpointExecutor",
    b"_async_thread_executor", "纯文本".encode(), "混训".encode(), b"ext-only", b"ext only", b"ure text", b"lain text",
)

# What ends the hang of async_save's thread beside the main thread's collectives (the row below, stack_dumps.py)
ASYNC_SAVE_FIX = ("give async_save a process group of its own (`dcp.async_save(state_dict, checkpoint_id=..., "
                  "process_group=dist.new_group(backend=\"gloo\"))`), and issue no collective on the save's group "
                  "until its future is done")


def hang_rows(p: Callable[..., Any]) -> tuple[Any, ...]:
    return (
        # A vision-language model trained on text-only samples beside image ones hangs only when its vision tower
        # trains: a rank whose batch holds no image skips the tower's forward, so it never joins the collectives of
        # the tower's parameters (ZeRO-3's all-gather before the forward, DDP's or ZeRO's gradient reduction), which
        # the ranks with images wait in. The reporter's account is the evidence (QwenLM/Qwen-VL#179, the Qwen team:
        # "the ViT gets no gradient on some cards"; modelscope/ms-swift#2198; hiyouga/LlamaFactory#5657: only with
        # freeze_vision_tower off).
        p(r"^(?=.*(?:纯文本|混训|\b(?:text|language)[- ]only\b|\b(?:pure|plain)[- ]text\b))"
          r"(?=.*(?:图片|图像|多模态|混训|\bimages?\b|\bmulti-?modal\b|\bvision\b))"
          r"(?=.*(?:卡住|卡死|无法混训|\bhang(?:s|ing)?\b|\bhung\b|\bstuck\b|\bfreez(?:e|es|ing)\b|\bdeadlock))",
          "mixed_modality_hang", E,
          "a multimodal model trained on text-only samples beside image ones hangs: a rank whose batch has no image "
          "skips the vision tower's forward and never joins the collectives of its parameters (ZeRO-3's gather, the "
          "gradient all-reduce) that the ranks with images wait in",
          "run the vision tower on every batch (a dummy image for text-only samples, its output added times zero), "
          "or freeze the vision tower, or batch the data so every rank gets images; then update the framework, "
          "which may already do so", C.HANG_COLLECTIVE_MISMATCH, "root", (C.APPLICATION_BUG,)),
        # torch.distributed.checkpoint.async_save (thread executor, checkpoint/_async_thread_executor.py, torch 2.3+)
        # plans the save with collectives (reduce_scatter's gather_object, an all_gather) from a background thread,
        # on the default group unless given one; a collective the main thread issues on that group meanwhile has no
        # order against them across ranks, and the ranks can wait on each other forever
        # (KempnerInstitute/KempnerForge#104: the main thread's dist.barrier beside the executor's all_gather, fixed by
        # a gloo group of its own; stack_dumps.py reads the same hang in py-spy's and faulthandler's dumps).
        p(r"(?:AsyncCheckpointExecutor|_async_thread_executor)[^\n]*\b(?:all_gather|gather_object|reduce_scatter|"
          r"broadcast|all_reduce)|\b(?:all_gather|gather_object|reduce_scatter)\b[^\n]*(?:AsyncCheckpointExecutor|"
          r"_async_thread_executor)", "concurrent_collectives", E,
          "the background thread of torch.distributed.checkpoint's async_save is inside a collective: it runs its "
          "collectives on the same process group as the main thread, and two threads' collectives on one group have "
          "no order across ranks, so the ranks can wait on each other forever",
          ASYNC_SAVE_FIX, C.APPLICATION_BUG, "root", (C.HANG_COLLECTIVE_MISMATCH,)),
        # xla/service/collective_ops_utils.h: "This thread has been waiting for 5000ms for and may be stuck:
        # participant for device ordinal 1, stream ... waiting for all participants to arrive at rendezvous"
        # (jax-ml/jax#6896): some devices never reached the collective.
        p(r"may be stuck: participant [^\n]*waiting for all participants to arrive", "collective_mismatch", W,
          "XLA waits for devices that never arrived at a collective: a process or device that did not issue it "
          "(or died)", "check that every process runs the same computation with the same devices, and read the "
          "missing ones' output", C.HANG_COLLECTIVE_MISMATCH, "root", (C.RANK_CRASHED_ELSEWHERE,)),
        # xla/tsl coordination client: "DEADLINE_EXCEEDED: Deadline Exceeded ... RPC: /tensorflow.CoordinationService/
        # RegisterTask" (jax-ml/jax#35905: the coordinator's port was not among those the firewall allowed).
        p(r"CoordinationService/RegisterTask", "socket_connect_failed", E,
          "a JAX process could not register with the coordinator: its address and port are not reachable from "
          "this node", "open the coordinator port (jax.distributed.initialize's coordinator_address) between the "
          "nodes and give every process the coordinator node's reachable address", C.FIREWALL_OR_PORT_BLOCKED,
          "root", (C.WRONG_INTERFACE, C.RANK_CRASHED_ELSEWHERE)),
        # sglang/srt/managers/scheduler.py: "Watchdog timeout (self.watchdog_timeout=300)" then it kills its own
        # process (sgl-project/sglang#3752): a forward pass that never finished, not the OOM killer.
        p(r"Watchdog timeout \(self\.watchdog_timeout=\d+", "timeout", E,
          "SGLang's watchdog found a forward pass stuck past its timeout and killed the server's own process",
          "get the stuck ranks' stacks (py-spy dump) before the kill (raise --watchdog-timeout), and look for the "
          "collective or kernel that never returned", C.HANG_COLLECTIVE_MISMATCH, "root",
          (C.CUDA_OR_DRIVER, C.RANK_CRASHED_ELSEWHERE)),
        # torch/distributed/elastic/rendezvous/dynamic_rendezvous.py: "The node '...' has failed to send a keep-alive
        # heartbeat to the rendezvous '...' due to an error of type RendezvousConnectionError" (pytorch/pytorch
        # #76287: another node crashed mid-run): the store it once reached is gone.
        p(r"has failed to send a keep-alive heartbeat to the rendezvous", "remote_exited", W,
          "torchelastic's agent lost the rendezvous store it had joined: the node hosting it (the first node's "
          "agent) died or became unreachable", "read the first node's own output and system log for why it "
          "stopped", C.RANK_CRASHED_ELSEWHERE, "root", (C.FIREWALL_OR_PORT_BLOCKED, C.WRONG_INTERFACE)),
        # The same module's "has failed to shutdown the rendezvous '...' due to an error of type
        # RendezvousConnectionError" (and the "Broken pipe" under it): the store was reached before, and its host
        # left first: another node's agent, or another job on this node sharing the endpoint
        # (wenet-e2e/wespeaker#171: several `torchrun --standalone` jobs on one node, all on localhost:29400).
        # RendezvousTimeoutError in its place: the same store gone, its last request timing out instead.
        p(r"has failed to shutdown the rendezvous '[^']*' due to an error of type Rendezvous(?:Connection|Timeout)Error",
          "remote_exited", E,
          "torchelastic's agent lost the rendezvous store while shutting down: the process that hosted it exited "
          "first (another node's agent, or another job on this node using the same rendezvous endpoint)",
          "find which agent or job ended first; give each job on one node its own endpoint (`--rdzv-endpoint "
          "localhost:0`, or --standalone on torch 2.1+)", C.RANK_CRASHED_ELSEWHERE, "root", (C.APPLICATION_BUG,)),
        # Megascale (multi-slice TPU) naming a hang's cause: "inconsistent HLO module compilation across workers",
        # "Potential cause: INCONSISTENT_TPU_PROGRAM" (maxtext's troubleshooting playbook): workers ran different
        # programs, so their collectives differ.
        p(r"inconsistent HLO module compilation across workers|Potential cause: INCONSISTENT_TPU_PROGRAM",
          "collective_mismatch", E, "workers compiled different programs (different JIT functions or shapes), so "
          "they issued different collectives and the job hangs", "make every worker run the same program: the same "
          "code, arguments, shapes and jax/XLA versions; compare the workers' HLO dumps", C.HANG_COLLECTIVE_MISMATCH),
        # ROCclr's HSA error callback: "HW Exception by GPU node-9 (Agent handle: 0x...) reason :GPU Hang"
        # (ROCm/legacy-rocm-build#4021): the GPU itself stopped responding.
        p(r"HW Exception by GPU node-\d+ [^\n]*reason ?:GPU Hang", "gpu_fault", E,
          "the ROCm runtime reports the GPU itself hung (a hardware exception)", "check that GPU (`rocm-smi`, "
          "`dmesg | grep -i amdgpu`), reset or drain the node; update the driver and firmware", C.CUDA_OR_DRIVER),
        # NCCL ras/client_support.cc rasClientInitSocket (2.24+): another process holds the RAS client port (28028)
        # and NCCL goes on without its RAS client socket (ras.cc ignores the failure; vllm-project/vllm#19204).
        p(r"ras/client_support\.cc:\d+ NCCL WARN Call to bind failed", "noise", I,
          "NCCL's RAS could not listen on its client port (another process holds it) and goes on without it",
          "nothing to fix; NCCL_RAS_ADDR moves the port", None, "noise"),
        # ultralytics' check_git_status: "github: Command 'git fetch && git config --get remote.origin.url' timed out
        # after 5 seconds" (ultralytics/yolov5#7304): its update check, not the job.
        p(r"Command 'git fetch[^\n]*timed out after \d+ seconds", "noise", I,
          "a training script's own update check could not reach GitHub", "nothing to fix", None, "noise"),
    )
