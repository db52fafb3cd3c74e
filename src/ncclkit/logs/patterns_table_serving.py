"""Rows of the line classifier (patterns.py) for the serving engines and their cluster layer as they are now: Ray's
worker and cluster messages, SGLang's start-up checks, Ray compiled graphs, TRL's trainer beside its vLLM server.

Their words borrow failure vocabulary for lines that report another process: Ray lists "SIGKILL by OOM killer" among
possible reasons for any worker that vanished, SGLang's healthy ranks raise a ValueError about the others, a
compiled graph's teardown raises an AttributeError after the real failure. These rows read them before the rows
for those words."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ncclkit.causes import Cause as C
from ncclkit.findings import Severity

E, W, I = Severity.ERROR, Severity.WARNING, Severity.INFO

# Words the log scanner's prefilter (nccl_log_words.OTHER_WORDS) needs for these rows' lines; no word may contain
# another of the whole list.
SERVING_WORDS: tuple[bytes, ...] = (
    b"potential root causes", b"OOM killer due to", b"The cluster was started with", b"didn't finish loading", b"_accelerator_group",
    b"multiple distinct roles", b"common causes include", b"than the number of available GPUs",
    b"by --disable-cuda-graph")


def serving_rows(p: Callable[..., Any]) -> tuple[Any, ...]:
    return (
        # Ray's ActorDiedError for a worker that exited without a Python exception lists possible reasons ("There
        # are some potential root causes. (1) The process is killed by SIGKILL by OOM killer ... (2) ray stop
        # --force ... (3) ... SIGSEGV"): a list, not a report of SIGKILL (gpustack/gpustack#2415: the worker could
        # not import vllm). Ray 2.4x words it "Some common causes include: (1) the process was killed by the OOM killer
        # ..." (verl-project/verl#4921), and its raylet's "A worker died or was killed while executing a task by an
        # unexpected system error" names no signal either (verl-project/verl#1986: a worker that called sys.exit on
        # SIGTERM at the end of training). A terminal wraps both mid-sentence: " killed by SIGKILL by OOM killer due
        # to high memory usage. (2) ray stop ..." (OpenRLHF/OpenRLHF#265), "... WARNING worker.py:1404 -- A worker
        # died or was killed" ending its line (stevietrouble/EfficientZero#2: "a temp error").
        p(r"There are some potential root causes\. \(1\) The process is killed by SIGKILL|Some common causes include: "
          r"\(1\) the process was killed by the OOM killer|A worker died or was killed(?: while executing a task by "
          r"an unexpected system error|\s*$)|killed by SIGKILL by OOM killer due to high memory usage\. \(2\) ray stop",
          "remote_exited", W,
          "a Ray worker process died without a Python exception; Ray's list of possible reasons (OOM killer, ray "
          "stop, a crash) is not a finding: the worker's own last lines say why",
          "read the worker's own output above (its prefix `(RayWorker... pid=N)`) or `ray logs worker-*`; check "
          "`dmesg | grep -i oom` on its node only if nothing else is there", C.RANK_CRASHED_ELSEWHERE, "collateral",
          (C.OOM, C.APPLICATION_BUG)),
        # pyzmq's recv() under a receive timeout (RCVTIMEO) raises zmq.error.Again (EAGAIN, "Resource temporarily
        # unavailable"): the process at the other end sent nothing in time, no resource ran out (NVIDIA-NeMo/RL#1477:
        # the policy worker's 30 s wait for the vLLM side of a weight refit, whose own log held the error).
        p(r"zmq\.error\.Again\b", "remote_exited", W,
          "a ZeroMQ receive timed out (zmq.error.Again is EAGAIN under the socket's receive timeout): the process on "
          "the other end sent no reply in time",
          "read the other process's own log (the inference engine's worker in a weight sync) for its error; raise the "
          "socket's timeout only if it was merely slow", C.RANK_CRASHED_ELSEWHERE, "collateral", (C.APPLICATION_BUG,)),
        # vLLM's check of a ZeroMQ address (vllm/utils/network_utils.py split_zmq_path), a tcp one with no host
        # ("ValueError: Invalid zmq path: tcp://:29550"): the address it was given came out empty, as a worker pod's
        # lookup of its leader's name that had not resolved yet (aws-samples/aws-do-eks#62: LeaderWorkerSet,
        # --data-parallel-address "").
        p(r"Invalid zmq path: tcp://:\d+", "name_resolution", E,
          "the engine was given an empty host for a ZeroMQ address (tcp://:PORT): the variable that should hold the "
          "leader's or master's address was empty, as when its name did not resolve yet",
          "wait until the leader's name resolves before starting (`getent hosts $LEADER`) and fail if it stays empty; "
          "check that the launch sets the address variable (--data-parallel-address, VLLM_HOST_IP)",
          C.HOSTNAME_RESOLUTION, "root", (C.APPLICATION_BUG,)),
        # TRL's weight sync with a vLLM server (its docs): "Attempting to use the same CUDA device for multiple distinct
        # roles/ranks within the same communicator": the trainer and the vLLM server were given the same GPUs.
        p(r"Attempting to use the same CUDA device for multiple distinct roles/ranks", "duplicate_gpu", E,
          "two members of one communicator (the trainer and the vLLM server) were given the same GPU",
          "start the vLLM server on GPUs the trainer does not use (CUDA_VISIBLE_DEVICES for each, or fewer training "
          "processes)", C.APPLICATION_BUG),
        # vLLM's parallel config: with the multiprocessing executor every rank lives on this node, so a tensor-parallel
        # size above this node's GPUs is refused (NVIDIA-NeMo/Skills#1059: TP=16 over two 8-GPU nodes whose second
        # node the launch never joined); across nodes vLLM needs its Ray backend with every node in the cluster.
        p(r"(?:Tensor|Pipeline) parallel size \(\d+\) cannot be larger than the number of available GPUs \(\d+\)",
          "launch_config", E,
          "the engine was asked for more GPUs than this node shows it: with vLLM's multiprocessing backend every "
          "rank runs on this node, and the other nodes' GPUs count only in a Ray cluster they have joined",
          "across nodes: start Ray on every node (`ray start --head` / `ray start --address=<head>:6379`), check "
          "`ray status` lists all GPUs, and run with `--distributed-executor-backend ray`; on one node: a "
          "tensor-parallel size no larger than its GPUs (and CUDA_VISIBLE_DEVICES showing them all)",
          C.APPLICATION_BUG, "root", (C.OTHER,)),
        # vLLM's weight loader takes a model name that is no directory on this node for a Hub repository id and lists
        # its files there: with an absolute path, the directory exists on another node only (ai-dynamo/dynamo#4941:
        # the leader's local snapshot path handed to a Ray worker on a node without it).
        p(r"Failed to get file list for '/[^']+'", "launch_config", E,
          "the model was given to this worker as a local path that does not exist on its node: the download or "
          "the shared volume is on another node, so the loader tried the path as a Hub repository and failed",
          "give every node the model at the same path (a shared volume, or download it on each node first), or "
          "pass the Hub repository id instead of one node's local snapshot path", C.APPLICATION_BUG, "root",
          (C.OTHER,)),
        # ray/_private/worker.py "Version mismatch: The cluster was started with:\n Ray: X Python: Y\nThis process on
        # node N was started with: ..." (gpustack/gpustack#1640: a backend's venv with its own Ray).
        p(r"Version mismatch: The cluster was started with:", "ray_version_mismatch", E,
          "this process runs another Ray (or Python) than the Ray cluster it joins: NCCL is not involved",
          "start the cluster and every process from one environment (the same ray and Python); a serving backend's "
          "own venv must carry the cluster's Ray version", C.OTHER),
        # SGLang's model loader on a rank that finished: "TP rank 2 could finish the model loading, but there are
        # other ranks that didn't finish loading" (sgl-project/sglang#13347): the other ranks failed or stalled.
        p(r"could finish the model loading, but there are other ranks that didn't finish loading", "remote_exited",
          E, "this rank finished loading the model and others did not: another rank crashed, ran out of memory, or "
          "its node is slow (storage, network)", "read the other ranks' own output (their first error), and their "
          "node's memory and storage", C.RANK_CRASHED_ELSEWHERE, "collateral", (C.OOM,)),
        # Ray compiled graphs tearing down a channel after another failure ("'_TorchTensorAcceleratorChannel' object
        # has no attribute '_accelerator_group'"): the teardown's own bug, after the first error of a worker.
        p(r"'_TorchTensorAcceleratorChannel' object has no attribute '_accelerator_group'", "remote_exited", W,
          "a Ray compiled graph's GPU channel failed while being torn down after another failure: the first error "
          "of a pipeline worker (often the GPU-to-GPU channel's set-up) is the cause",
          "read the first error of every worker; on GPUs without peer-to-peer (PCIe cards) try without pipeline "
          "parallelism across them", C.RANK_CRASHED_ELSEWHERE, "collateral", (C.ACS_IOMMU_P2P,)),
        # SGLang's cuda_graph_runner after "Capture cuda graph failed: <exception>" lists its remedies ("1. set
        # --mem-fraction-static ... 4. disable cuda graph by --disable-cuda-graph"): capture failed on an operation
        # that cannot run inside a graph (DeepEP's normal mode, sgl-project/sglang#6218) or on memory, which the
        # exception above then names in its own words (read first when the paste has it).
        p(r"^\W*\d\. disable cuda graph by --disable-cuda-graph", "framework_usage", E,
          "SGLang could not capture its CUDA graphs: an option in use runs something a graph cannot hold (DeepEP's "
          "normal mode, a communication kernel that allocates or synchronises), or the capture ran out of memory",
          "read the exception printed before this list; run a feature that cannot be captured without graphs (e.g. "
          "--deepep-mode low_latency or auto instead of normal) or, for memory, lower --mem-fraction-static or "
          "--cuda-graph-max-bs", C.APPLICATION_BUG, "root", (C.OOM,)),
    )
