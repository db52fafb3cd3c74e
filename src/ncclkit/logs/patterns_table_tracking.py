"""Rows of the line classifier (patterns.py) for what every rank of a job writes beside its training: experiment
trackers (W&B, MLflow), their run and log directories, and the lock and cache files of a shared filesystem
(tests/lines/tracking.py holds every line with its source).

Texts as their programs print them: wandb's run-initialisation timeout ("Run initialization has timed out after
90.0 sec") and its service mailbox (wandb/sdk/mailbox/response_handle.py "Timed out waiting for response on
<address>"), its misuse errors ("You must call wandb.init() before wandb.log()"), MLflow's REST errors, the kernel's
errnos for locks (ENOLCK 37 "No locks available", ESTALE 116 "Stale file handle"), c10d's FileStore ("flock: Function
not implemented"), Hugging Face evaluate's lock files.

- a tracker that cannot start its run is the node's way to the service or the service itself, no collective of the
  ranks (other, as internet_service); rank 0 waiting on it while the others enter a collective shows as the
  watchdog's timeout, which these rows leave to the timeout rows;
- locks and caches on a filesystem that shares no locks between nodes (NFS without lockd, some parallel filesystems)
  or whose handles go stale are the storage (shared_fs_lock, other);
- logging a run another rank logs, or before the run started, is the program (application_bug); every rank creating
  the directory that rank 0 alone should is read with the generic rows (a FileExistsError of its own).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ncclkit.causes import Cause as C
from ncclkit.findings import Severity

E, W, I = Severity.ERROR, Severity.WARNING, Severity.INFO

# Words the log scanner's prefilter (nccl_log_words.OTHER_WORDS) needs for these rows' lines; no word may contain
# another of the whole list.
TRACKING_WORDS: tuple[bytes, ...] = (
    b"waiting for response on", b"before wandb.log", b"try a new run name",
    b"RESOURCE_ALREADY_EXISTS", b"Changing param values is not allowed", b"No locks available",
    b"Stale file handle", b"flock", b"acquire lock on", b"Expected to find locked file", b"appears to be on an NFS",
    b"Logging ", b"I/O operation on closed file", b"' -> '", b".incomplete'")

_LOCAL_FIX = ("put caches and lock files on node-local disk (HF_HOME / HF_DATASETS_CACHE, TRITON_CACHE_DIR, "
              "TORCH_EXTENSIONS_DIR; a tcp:// or env:// init_method instead of file://), or mount the shared "
              "filesystem with locking that spans nodes")
# Python's words for a rename whose source another process renamed or removed first ("<src>' -> '<dst>").
_RENAMED_AWAY = r"No such file or directory: '{}' -> '[^']+'"


def tracking_rows(p: Callable[..., Any]) -> tuple[Any, ...]:
    return (
        # latent-reasoning-works/manylatents#134, NovaSearch-Team/RAG-Retrieval#46: W&B's client could not start its
        # run (its service process or the server did not answer); no collective is involved.
        p(r"Run initialization has timed out after [\d.]+ ?sec|TimeoutError: Timed out waiting for response on "
          r"[a-z0-9]{6,}\s*$", "internet_service", E,
          "W&B could not start its run: its service process or the W&B server did not answer in time (the node's "
          "way out to the internet, a proxy, or W&B itself), no collective of the ranks",
          "run W&B offline (`WANDB_MODE=offline`, sync later) or raise `wandb.Settings(init_timeout=...)`; call "
          "wandb.init on rank 0 only and give every node the proxy the cluster requires", C.OTHER),
        # The tracker used against its rules: logging before init on the ranks that never called it (wandb/wandb#6556:
        # init under `if rank == 0`, log everywhere), a run name deleted before (trackmania-rl/tmrl#71), MLflow's
        # experiment created by several workers at once (mlflow/mlflow#979) or a param logged twice with other values.
        p(r"You must call wandb\.init\(\) before wandb\.log\(\)|was previously created and deleted; try a new run "
          r"name|RESOURCE_ALREADY_EXISTS|Changing param values is not allowed", "framework_usage", E,
          "the experiment tracker was used against its rules: logging on a rank that never started a run, a run "
          "name that was deleted, or several ranks creating or logging one experiment",
          "start and log the tracker's run on rank 0 only (`if rank == 0:` around init and log), or give every "
          "rank a run of its own; choose a new run name", C.APPLICATION_BUG),
        # Locks on a filesystem that shares none between nodes or processes (spack/spack#12501 "an NFS mount that does
        # not support locking"; wenet-e2e/wenet#20: DDP's file:// rendezvous on NFS, "local file path is OK"; llnl/
        # scr#510 errno 524), handles gone stale under another node's write (modelscope/ms-swift#6695), evaluate's
        # lock files across nodes (huggingface/evaluate#481: flock locks are not visible between nodes), DeepSpeed's
        # own warning of its Triton cache on NFS (deepspeedai/DeepSpeed#5205: the ranks hang on its lock at exit).
        p(r"\[Errno 37\] No locks available|flock: Function not implemented|Failed to acquire file lock on [^\n]*"
          r"flock\(|Stale file handle|Couldn't acquire lock on \S+\.lock from process|Expected to find locked file "
          r"\S+ from process", "shared_fs_lock", E,
          "a lock or cache file sits on a shared filesystem that does not share locks between nodes (NFS without "
          "lockd, some parallel filesystems) or whose handles went stale under another node's write",
          _LOCAL_FIX, C.OTHER, "root", (C.APPLICATION_BUG,)),
        # Ranks that save one checkpoint at once: the staging file or directory renamed into place by another rank
        # first (huggingface/pytorch-image-models#693: the local rank 0 of every node saving to a shared disk;
        # axolotl-ai-cloud/axolotl#948: "tmp-checkpoint-49" -> "checkpoint-49" on several workers).
        p(_RENAMED_AWAY.format(r"[^']*(?:checkpoint|ckpt|\.pth|\.pt\b|\.bin\b|\.safetensors)[^']*"), "cache_race", E,
          "several ranks saved the same checkpoint: one renamed the staging file into place first, so this rank's "
          "rename found it gone", "save from one process (global rank 0, or one per node only where each node has "
          "its own disk) and put a barrier after the save; a shared output directory needs exactly one saver",
          C.APPLICATION_BUG, "root", (C.OTHER,)),
        # Ranks that fill one cache at once: a file renamed into place by another process first (pytorch/
        # torchdynamo#1185: inductor's code cache in /tmp/torchinductor_<user>; facebookresearch/mmf#1324: every
        # spawned process downloading the same tarball's ".part"), datasets' build directory made by every process
        # (huggingface/datasets#532 "File exists: ....incomplete").
        p(_RENAMED_AWAY.format(r"[^']+") + r"|File exists: '[^']*\.incomplete'", "cache_race", E,
          "several processes of the job filled one cache or download directory at once: one of them renamed or "
          "made the file this one was about to, so this rank failed on a file another rank was writing",
          "let one process per node (or rank 0 on a shared disk) download and build caches before the others "
          "start (a barrier after it: `main_process_first`), or give each rank its own cache directory "
          "(TORCHINDUCTOR_CACHE_DIR / TRITON_CACHE_DIR / HF_DATASETS_CACHE per rank)", C.OTHER, "root",
          (C.APPLICATION_BUG,)),
        # The Hub refusing requests as too many (huggingface/kernels#640: every rank of a job asked the Hub for the
        # same kernel at its first forward and waited minutes in 429 back-offs).
        p(r"HTTP Error 429 thrown while requesting|429 Client Error: Too Many Requests for url: https://huggingface",
          "internet_service", E,
          "the Hugging Face Hub refused requests as too many: every rank (or every job of the cluster) asks it for "
          "the same files at once, and each waits out the rate limit",
          "download once before the launch (`huggingface-cli download <repo>`), then run the ranks with "
          "HF_HUB_OFFLINE=1; a token (HF_TOKEN) raises the limit", C.OTHER),
        p(r"appears to be on an NFS system", "shared_fs_lock", W,
          "DeepSpeed warns that its Triton autotune cache is on NFS: saving it at exit can be slow or hang the ranks "
          "on its lock", "set TRITON_CACHE_DIR to node-local disk", C.OTHER, "likely"),
        # CPython's logging.Handler.handleError prints "--- Logging error ---" and the traceback, then goes on (a
        # stream closed at exit or after Ctrl-C: bccp/nbodykit#699, sehoffmann/dmlcloud#45).
        p(r"^--- Logging error ---$|^ValueError: I/O operation on closed file\.?$", "noise", I,
          "Python's logging could not write to a stream already closed (at exit or after an interrupt) and goes on: "
          "no failure of the job", "nothing to fix; read the error before it", None, "noise"),
    )
