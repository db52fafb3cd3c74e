"""Lines of the storage under training jobs, pasted beside NCCL timeouts and hangs, read alone and inside an NCCL
log: the Lustre client (lustre/lustre-release c881f8e: ptlrpc/import.c's lost connections, evictions and
restorations, ptlrpc/client.c's expired and failed requests, llite's dirty page discard) and the FUSE clients of
object stores: mountpoint-s3 (awslabs/mountpoint-s3 58817ca: fuse.rs's fuse_error! with fs/error.rs and prefetch.rs
for the error chain), s3fs (s3fs-fuse/s3fs-fuse 46017f2: curl.cpp's progress timeout and HTTP codes, the fd cache's
disk space checks; message bodies without the logger's prefix) and blobfuse2 (Azure/azure-storage-fuse 74098e3:
block_cache.go, azstorage's block_blob.go; bodies without the logger's prefix). The Linux kernel (NFS client), CPython
(OSError texts) and pytorch/pytorch (torch.save's PytorchStreamWriter) were too large to fetch and are not here.
Causes decided from the code around each line: a storage client that waits (Lustre's lost connection "will wait
for recovery", a request expired "for slow reply" or failed on LNet, s3fs aborting a transfer with no progress for
readwrite_timeout, S3 throttling that mountpoint returns as EIO) makes the rank that reads or writes late while the
others wait in a collective: a storage stall, `other`, never a network cause of NCCL's, even where LNet runs on the
same InfiniBand fabric; an eviction, a connection lost on a non-replayable import ("will fail"), a failed RPC, dirty
pages discarded and an object store's 5xx returned as EIO fail the job's own I/O: a storage error, `other`. No
older finding id of docs/findings.md fitted either, so both carry log.storage_error (one id, one cause and one place
to look: the storage client's own log). A cache directory without the space s3fs or blobfuse2 needs is log.disk_full. Restored
connections, fallbacks to another reader and uploads that failed without saying why only report, and name nothing."""

from __future__ import annotations

CASES = [
    # Lustre client
    ('lustre/lustre-release lustre/ptlrpc/import.c:180@c881f8e',
     'Lustre: scratch-OST0003-osc-ffff9a2b4c5d6000: Connection to scratch-OST0003 (at 10.10.1.23@o2ib) was lost; in progress operations using this service will wait for recovery to complete',
     'log.storage_error', 'other'),
    ('lustre/lustre-release lustre/ptlrpc/import.c:184@c881f8e',
     'LustreError: scratch-OST0003-osc-ffff9a2b4c5d6000: Connection to scratch-OST0003 (at 10.10.1.23@o2ib) was lost; in progress operations using this service will fail',
     'log.storage_error', 'other'),
    ('lustre/lustre-release lustre/ptlrpc/import.c:1662@c881f8e',
     'LustreError: 167-0: scratch-OST0003-osc-ffff9a2b4c5d6000: This client was evicted by scratch-OST0003; in progress operations using this service will fail.',
     'log.storage_error', 'other'),
    ('lustre/lustre-release lustre/ptlrpc/client.c:2502@c881f8e',
     "Lustre: 41233:0:(client.c:2502:ptlrpc_expire_one_request()) @@@ Request sent has timed out for slow reply: [sent 1764584043/real 1764584043]  req@ffff9a2b51e3c680 x1817264512345664/t0(0) o4->scratch-OST0003-osc-ffff9a2b4c5d6000@10.10.1.23@o2ib:6/4 lens 488/448 e 0 to 1 dl 1764584090 ref 2 fl Rpc:XQr/0/ffffffff rc 0/-1 job:'python.1000' uid:1000 gid:1000 projid:0",
     'log.storage_error', 'other'),
    ('lustre/lustre-release lustre/ptlrpc/client.c:2502@c881f8e',
     "Lustre: 41233:0:(client.c:2502:ptlrpc_expire_one_request()) @@@ Request sent has failed due to network error: [sent 1764584043/real 1764584043]  req@ffff9a2b51e3c680 x1817264512345664/t0(0) o4->scratch-OST0003-osc-ffff9a2b4c5d6000@10.10.1.23@o2ib:6/4 lens 488/448 e 0 to 1 dl 1764584090 ref 2 fl Rpc:eXQr/0/ffffffff rc 0/-1 job:'python.1000' uid:1000 gid:1000 projid:0",
     'log.storage_error', 'other'),
    ('lustre/lustre-release lustre/ptlrpc/client.c:1502@c881f8e',
     'LustreError: 11-0: scratch-OST0003-osc-ffff9a2b4c5d6000: operation ost_write to node 10.10.1.23@o2ib failed: rc = -107',
     'log.storage_error', 'other'),
    ('lustre/lustre-release lustre/llite/llite_lib.c:4338@c881f8e',
     'Lustre: scratch: dirty page discard: 10.10.1.11@o2ib:/scratch/fid: [0x200000401:0x1a2b:0x0]//ckpt/iter_0014000/model.pt may get corrupted (rc -5)',
     'log.storage_error', 'other'),
    # mountpoint-s3
    ('awslabs/mountpoint-s3 mountpoint-s3-fs/src/fuse.rs:56@58817ca',
     'read failed with errno 5: get request failed: get object request failed: Client error: Request throttled',
     'log.storage_error', 'other'),
    ('awslabs/mountpoint-s3 mountpoint-s3-fs/src/fuse.rs:56@58817ca',
     'write failed with errno 5: put failed to start: Service error: The service returned an Internal Error',
     'log.storage_error', 'other'),
    # s3fs
    ('s3fs-fuse/s3fs-fuse src/curl.cpp:222@46017f2',
     'timeout now: 1764584163, curl_times[curl]: 1764584043, readwrite_timeout: 120',
     'log.storage_error', 'other'),
    ('s3fs-fuse/s3fs-fuse src/curl.cpp:2068@46017f2',
     'HTTP response code 500, returning EIO. Body Text: <?xml version="1.0" encoding="UTF-8"?><Error><Code>InternalError</Code><Message>We encountered an internal error. Please try again.</Message></Error>',
     'log.storage_error', 'other'),
    ('s3fs-fuse/s3fs-fuse src/fdcache.cpp:336@46017f2',
     'There is not enough disk space for use as cache(or temporary) directory by s3fs. Requires 10240.000 MB, already has 812.500 MB.',
     'log.disk_full', 'other'),
    ('s3fs-fuse/s3fs-fuse src/fdcache_entity.cpp:2064@46017f2',
     'could not reserve disk space for pre-fetch download',
     'log.disk_full', 'other'),
    # blobfuse2
    ('Azure/azure-storage-fuse component/block_cache/block_cache.go:1106@74098e3',
     'BlockCache::download : Failed to write /mnt/blobfuse_cache/ckpt_model.pt::3 to disk [write /mnt/blobfuse_cache/ckpt_model.pt::3: no space left on device]',
     'log.disk_full', 'other'),
    ('Azure/azure-storage-fuse component/block_cache/block_cache.go:1072@74098e3',
     'BlockCache::download : Failed to read 12=>ckpt/iter_0014000/model.pt from offset 3 [context deadline exceeded]',
     'log.storage_error', 'other'),
    ('Azure/azure-storage-fuse component/block_cache/block_cache.go:503@74098e3',
     'BlockCache::FlushFile : Failed to commit blocks for ckpt/iter_0014000/model.pt [PUT https://trainstore.blob.core.windows.net/ckpt/iter_0014000/model.pt RESPONSE 503: 503 The server is busy.]',
     'log.storage_error', 'other'),
]

NO_CAUSE = [
    'Lustre: scratch-OST0003-osc-ffff9a2b4c5d6000: Connection restored to 10.10.1.23@o2ib (at 10.10.1.23@o2ib)',  # lustre/lustre-release lustre/ptlrpc/import.c:1740@c881f8e
    'BlockBlob::WriteFromFile : Failed to upload blob ckpt/iter_0014000/optim.pt [upload failed]',  # Azure/azure-storage-fuse component/azstorage/block_blob.go:1195@74098e3
    'Failed to open chunk 17 at path /tmp/gcsfuse-cache/shared/ckpt/17: open /tmp/gcsfuse-cache/shared/ckpt/17: no such file or directory, falling back to GCS reader',  # GoogleCloudPlatform/gcsfuse internal/gcsx/shared_chunk_cache_reader.go:159@7b39292
]
