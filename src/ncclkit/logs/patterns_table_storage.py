"""Rows of the line classifier (patterns.py) for the storage under training jobs: the Lustre client and the FUSE
clients of object stores (tests/lines/storage.py holds every line with file:line@commit).

A storage client that waits or fails makes the rank doing that I/O late or failed while the others wait in a
collective: log.storage_error (`other`), never a network cause of NCCL's, even where LNet runs on the job's own
InfiniBand fabric. A cache directory without the space the FUSE client needs is log.disk_full (`other`).

Read before the generic families: Lustre's NIDs ("10.10.1.23@o2ib") and its request dumps ("gid:1000") would be read
as a RoCE GID, s3fs's "HTTP response code 500" as a topology error, blobfuse2's "no space left on device" as
/dev/shm's, s3fs's "readwrite_timeout" as a collective's timeout.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ncclkit.causes import Cause as C
from ncclkit.findings import Severity

E, W, I = Severity.ERROR, Severity.WARNING, Severity.INFO

# Words the log scanner's prefilter (nccl_log_words.OTHER_WORDS) needs for these rows' lines; no word may contain
# another of the whole list.
STORAGE_WORDS: tuple[bytes, ...] = (b"unexpected pos", b"Lustre", b"disk space", b"Disk quota")

_STORAGE_FIX = ("read the storage client's own log and the file system's health (`lfs check servers`, the mount's "
                "log); keep checkpoints and datasets off a stalled mount, and raise the collective timeout for long "
                "saves")


def storage_rows(p: Callable[..., Any]) -> tuple[Any, ...]:
    return (
        # Python's OSError names the file ENOSPC refused: one off /dev/shm is a full disk (a checkpoint writer's,
        # Megatron's dist_checkpointing filesystem_async.py:286@d98e8a6), not NCCL's shared memory.
        # torch.save's zip writer failing mid-file: "[enforce fail at inline_container.cc:337] . unexpected pos"
        # (lmdeploy's FAQ: the disk is full), or its write refused ("PytorchStreamWriter failed writing file
        # data/228: file write failed", h2oai/h2o-llmstudio#214: the output directory was full; not "failed opening
        # archive"). A user's quota ran out the same way ("OSError: [Errno 122] Disk quota exceeded", NOAA-EPIC/EAGLE#121:
        # Triton's cache file, with "plenty of disk space").
        # pip's own form names no file: "Could not install packages due to an OSError: [Errno 28] No space left on
        # device" (determined-ai/determined's known issues: the image build's disk).
        p(r"\[Errno 28\] No space left on device: '(?!/dev/shm/)|inline_container\.cc:\d+\] \. unexpected pos|"
          r"Could not install packages due to an \w+: \[Errno 28\]|"
          r"PytorchStreamWriter failed writing file [^\n]*: file write failed|\[Errno 122\] Disk quota exceeded",
          "disk_full", E,
          "a filesystem other than /dev/shm is full, or the user's quota on it is used up (the file the error names)",
          "free space there or write elsewhere (`df -h <that path>`; for checkpoints, keep fewer of them)", C.OTHER),
        # Python's OSError without the file (a traceback through zipfile's or torch.save's write: jayleicn/ClipBERT#7,
        # databrickslabs/dolly#139 "You ran out of disk space"): a file's write, /dev/shm the alternative. PyTorch's
        # own shared-memory failures name their segment ("unable to write to file </torch_...>").
        p(r"(?:OSError|IOError): \[Errno 28\] No space left on device\s*$", "disk_full", E,
          "a filesystem is full: Python's write of a file was refused (the traceback above names the file; a "
          "checkpoint or a log, most often)", "free space there or write elsewhere (`df -h`; for checkpoints, keep "
          "fewer of them); if the file is under /dev/shm, give the container more shared memory", C.OTHER, "root",
          (C.SHM_TOO_SMALL,)),
        # -- lines that report and name nothing ------------------------------------------------------------------
        # lustre/lustre-release ptlrpc/import.c:1740@c881f8e "Connection restored to %s (at %s)": recovery ended
        # (its NIDs are no GID).
        p(r"Lustre: \S+: Connection restored to \S+", "noise", I,
          "the Lustre client reconnected to its server: the recovery it waited for ended", "nothing to fix", None,
          "noise"),
        # -- the Lustre client -----------------------------------------------------------------------------------
        # lustre/lustre-release c881f8e: ptlrpc/import.c:180/184 ptlrpc_set_import_discon() "Connection to %s (at
        # %s) was lost; in progress operations using this service will wait for recovery to complete" (replayable
        # import: I/O blocks until recovery) or "... will fail" (not replayable: I/O returns an error);
        # import.c:1662 "This client was evicted by %s; in progress operations using this service will fail.";
        # client.c:2502 ptlrpc_expire_one_request() "@@@ Request sent has timed out for slow reply" / "has failed
        # due to network error" (the RPC waits for a reconnect and is resent); client.c:1502 "operation %s to node
        # %s failed: rc = %d" (the server refused the RPC); llite/llite_lib.c:4338 "dirty page discard: %s/fid: %s/%s
        # may get corrupted (rc %d)" (written pages lost on eviction). Each stalls or fails the job's own file I/O.
        p(r"Connection to \S+ \(at \S+\) was lost; in progress operations using this service will (?:wait for "
          r"recovery|fail)|This client was evicted by \S+; in progress operations using this service will fail|"
          r"ptlrpc_expire_one_request\(\)\) @@@ Request sent has (?:timed out for (?:slow reply|sent delay)|failed "
          r"due to network error)|: operation \w+ to node \S+ failed: rc = -?\d+|"
          r"dirty page discard: .* may get corrupted", "storage_error", E,
          "the Lustre client lost its server, was evicted, or its requests to it timed out or failed: the rank "
          "reading or writing there waits for recovery or gets an I/O error, while the others wait in a "
          "collective (LNet's errors are the file system's, not NCCL's network)",
          "check the servers from the client (`lfs check servers`, `lctl get_param osc.*.import`) and the "
          "servers' health with the storage admins; a file written during an eviction (\"may get corrupted\") "
          "must be written again; " + _STORAGE_FIX, C.OTHER),
        # -- the FUSE clients of object stores -------------------------------------------------------------------
        # awslabs/mountpoint-s3 mountpoint-s3-fs/src/fuse.rs:56@58817ca fuse_error! "{} failed with errno {}:
        # {:#}": errno 5 (EIO) is what fs/error.rs returns for the S3 client's failures (throttling, 5xx, a
        # failed GetObject or PutObject); other errnos are the program's own calls (ENOENT, EPERM).
        p(r"\b(?:read|write|open|flush|fsync|release|lookup|getattr|setattr|readdir(?:plus)?|opendir|mknod|mkdir|"
          r"unlink|rmdir) failed with errno 5: ", "storage_error", E,
          "mountpoint-s3 returned an I/O error: its S3 request was throttled or failed (a 5xx, a network error), "
          "so the rank reading or writing there failed or retried late",
          "read mountpoint-s3's log for the S3 error; throttling needs fewer concurrent requests or a spread of "
          "key prefixes; " + _STORAGE_FIX, C.OTHER),
        # s3fs-fuse/s3fs-fuse 46017f2 src/curl.cpp:222 "timeout now: %lld, curl_times[curl]: %lld,
        # readwrite_timeout: %lld" (a transfer without progress for readwrite_timeout seconds is aborted and
        # retried), curl.cpp:2068 "HTTP response code %ld, returning EIO. Body Text: %s" (a 5xx from S3).
        p(r"timeout now: \d+, curl_times\[curl\]: \d+, readwrite_timeout: \d+|HTTP response code \d+, returning "
          r"EIO", "storage_error", E,
          "s3fs's transfer to the object store stalled past readwrite_timeout or the store answered with an "
          "error that s3fs returns as EIO: the rank doing that I/O is late or failed",
          "read s3fs's log (`-o dbglevel=info -f`) and the object store's status; raise `-o readwrite_timeout` "
          "or retries for a slow store; " + _STORAGE_FIX, C.OTHER),
        # s3fs-fuse/s3fs-fuse 46017f2 src/fdcache.cpp:336 "There is not enough disk space for use as cache(or
        # temporary) directory by s3fs. Requires %.3f MB, already has %.3f MB.", fdcache_entity.cpp:2064 "could
        # not reserve disk space for pre-fetch download": its cache directory is full.
        p(r"There is not enough disk space for use as cache\(or temporary\) directory by s3fs|could not reserve "
          r"disk space for pre-fetch download", "disk_full", E,
          "s3fs's cache (or temporary) directory has not the free space it needs for this file",
          "free space under s3fs's cache directory, point `-o use_cache` at a larger disk, or lower "
          "`-o ensure_diskfree`; `df -h <cache dir>`", C.OTHER),
        # Azure/azure-storage-fuse 74098e3 component/block_cache/block_cache.go:1106 "BlockCache::download : Failed
        # to write %s to disk [%s]": the block cache's disk is full.
        p(r"BlockCache::\w+ : Failed to write \S+ to disk \[.*no space left on device", "disk_full", E,
          "blobfuse2's block cache directory is full: it cannot keep the blocks it downloads",
          "free space under the block cache path or give it a larger disk (`block_cache: path`, `disk-size-mb`); "
          "`df -h <cache path>`", C.OTHER),
        # block_cache.go:1072 "BlockCache::download : Failed to read %v=>%s from offset %v [%s]" (the read from
        # Azure Storage failed or timed out), block_cache.go:503 "BlockCache::FlushFile : Failed to commit blocks
        # for %s [%s]" (the block list was not committed: the file is not saved).
        p(r"BlockCache::\w+ : Failed to (?:read \S+ from offset \d+|commit blocks for \S+) \[", "storage_error", E,
          "blobfuse2 could not read a block from Azure Storage or commit the blocks of a written file (a timeout "
          "or a 5xx): the rank doing that I/O is late or failed, and a file not committed is not saved",
          "read blobfuse2's log and the storage account's health and throttling; " + _STORAGE_FIX, C.OTHER),
    )
