"""Rows of the line classifier (patterns.py) for MosaicML Streaming, Composer and LLM Foundry (tests/lines/mosaic.py
holds every line with file:line@commit).

- Streaming (mosaicml/streaming 89e7bb9) takes a node's local leader from RANK and LOCAL_WORLD_SIZE (World.detect):
  a launcher that does not export LOCAL_WORLD_SIZE makes every rank a leader (two of them create the node's first
  shared-memory prefix), a wrong one or different `local` paths leave a rank without its leader's registration: the
  launch does not fit the job. A prefix another dataset or a stale run registered is the script's use of the library.
- Composer (mosaicml/composer 6405188): the `composer -n` launcher's size and address checks, initialize_dist, the
  DDP/FSDP set-up, the device mesh; its launcher's own cleanup and its auto-microbatching wrapper name no cause.
- LLM Foundry (mosaicml/llm-foundry 8c8dd48): batch-size, replication and MoE world-size checks, the FSDP fallback.

Read before the generic rows: a ValueError or RuntimeError would be program_error or error_words, "timeout" a
collective hang, "SIGKILL" the OOM killer, "cuda error" the CUDA row.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ncclkit.causes import Cause as C
from ncclkit.findings import Severity

E, W, I = Severity.ERROR, Severity.WARNING, Severity.INFO

# Words the log scanner's prefilter (nccl_log_words.OTHER_WORDS) needs for these rows' lines; no word may contain
# another of the whole list.
MOSAIC_WORDS: tuple[bytes, ...] = (b"No batches were trained", b"FSDP is not applicable",
                                   b"Torch distributed is initialized but", b"Torch distributed has been initialized")

_SIZES_FIX = ("launch as many processes as the configuration divides into: the world size (nodes x GPUs per node) a "
              "multiple of the parallel, replication and MoE degrees, the global batch size a multiple of the "
              "data-parallel ranks, num_canonical_nodes a multiple or divisor of the node count")


def mosaic_rows(p: Callable[..., Any]) -> tuple[Any, ...]:
    return (
        # -- lines that name no cause of their own --------------------------------------------------------------
        # mosaicml/composer composer/cli/launcher.py:489@6405188 (_cleanup_processes): the launcher SIGTERMs the
        # surviving ranks after one failed and SIGKILLs one that outlived the grace period: its own cleanup, no OOM
        # kill. The failed rank's error is the cause.
        p(r"Failed to kill global rank \d+ \(PID \d+\) with SIGTERM; terminating with SIGKILL instead",
          "worker_failed", W, "composer's launcher is stopping the remaining ranks after one of them failed: this "
          "kill is its own cleanup, not the OOM killer", "read the first error of the rank that exited first",
          None, "collateral"),
        # mosaicml/composer composer/trainer/trainer.py:2705@6405188: auto microbatching wraps any error whose text
        # holds 'cuda' or 'c10' (c10d's NCCL errors included) that is not an OOM; the chained exception above it
        # ("The above exception was the direct cause") is the cause.
        p(r"Encountered non-addressable cuda error while using auto microbatching", "other", W,
          "composer's auto microbatching re-raised a CUDA or c10d error it cannot handle: the exception chained "
          "above it says what failed", "read the exception above this one in the traceback", None, "collateral"),
        # -- Streaming: shared memory and local leaders ---------------------------------------------------------
        # mosaicml/streaming streaming/base/shared/prefix.py:225@89e7bb9 (the local leader creating the node's first
        # prefix, /000000_locals: a second leader of one node finds it exists: LOCAL_WORLD_SIZE not exported, as
        # under srun, mpirun or a bare python), :237 (a rank whose leader never registered its prefix: a
        # LOCAL_WORLD_SIZE that does not match the node, or different `local` paths per rank).
        p(r"File exists: '/\d{6}_locals'|shared memory prefix=\d+ was not registered by local leader",
          "launch_config", E, "StreamingDataset's ranks of one node disagree on their local leader: two ranks each "
          "took themselves for it, or a rank found no leader's registration (LOCAL_WORLD_SIZE missing or not the "
          "node's process count, or different `local` paths per rank)",
          "launch with a launcher that exports LOCAL_WORLD_SIZE and RANK (torchrun, `composer -n`), or export "
          "LOCAL_WORLD_SIZE=<processes on this node> yourself; give every rank the same `local` path",
          C.APPLICATION_BUG),
        # mosaicml/streaming streaming/base/shared/prefix.py:153@89e7bb9 (a registered prefix of another dataset or
        # a stale one of an earlier run holds the same local path: the streaming FAQ "indicative of stale shared
        # memory, likely from a previous training run"), :243 (the prefix registered holds other local paths than
        # this rank's): the script's use of the library.
        p(r"Reused local directory: .* Provide a different one|shared memory registered does not match local "
          r"leader as streams_local or prefix_int not match", "framework_usage", E,
          "StreamingDataset found its shared memory registered for other local directories: another dataset of "
          "the job uses the same `local`, or a previous run left its shared memory behind",
          "give every StreamingDataset its own `local` directory; call "
          "`streaming.base.util.clean_stale_shared_memory()` once at the start of the script (or remove the "
          "stale /dev/shm entries) before creating the datasets", C.APPLICATION_BUG),
        # mosaicml/streaming streaming/base/stream.py:459@89e7bb9: a non-leader waiting for index.json, which local
        # rank 0 downloads with the same download_timeout and so fails first; the message sends the reader to that
        # rank's traceback. No collective hang.
        p(r"Index file \S+ -> \S+ took too long to download or failed to download\. Either increase the "
          r"`download_timeout` value or check the local rank 0 traceback", "remote_exited", E,
          "this rank waited for the dataset index that local rank 0 downloads: rank 0 failed to download it (or "
          "died) first", "read local rank 0's traceback (the download's own error: credentials, the remote path, "
          "the network); raise download_timeout only if the download is just slow", C.RANK_CRASHED_ELSEWHERE,
          "collateral"),
        # -- Streaming, Composer, LLM Foundry: sizes that do not fit the world ----------------------------------
        # mosaicml/streaming streaming/base/world.py:131@89e7bb9 (replication), partition/orig.py:51 and
        # batching/device_per_stream.py:47 (canonical against physical nodes), partition/relaxed.py:72 (the global
        # batch against the devices of the first run); mosaicml/composer composer/distributed/mosaic_parallelism.py
        # :133 (the world against a sharding set size), core/state.py:231 (the device mesh's degrees); mosaicml/
        # llm-foundry llmfoundry/utils/config_utils.py:439 (global batch against data-parallel ranks), models/utils/
        # config_moe_args.py:61, :155 (the MoE world size), utils/exceptions.py:147 (fewer samples than one global
        # batch of this many GPUs). Each checks the configuration against the number of processes launched.
        p(r"World size must be divisible by your replication factor|Either canonical or physical nodes must be "
          r"evenly divisible by the other|num_canonical_nodes must be divisible by physical nodes|A global batch "
          r"size of \d+ is not evenly divisible by the initial total number of devices|\d+ must be divisible by "
          r"set size \(\d+\)|World size \d+ does not equal the product of the specified parallelism degrees|"
          r"Global batchsize \d+ is not divisible by \(world_size // data_replication_degree\)|world_size=\d+ must "
          r"be divisible by k=\d+|Invalid world size configuration: world_size=\d+ and moe_world_size=\d+|"
          r"NotEnoughDatasetSamplesError: Your dataset",
          "launch_config", E, "the job's sizes do not fit the number of processes launched: a parallel, "
          "replication or MoE degree, the global batch or the canonical nodes do not divide the world size (or the "
          "dataset holds fewer samples than one global batch)", _SIZES_FIX, C.APPLICATION_BUG),
        # mosaicml/composer composer/cli/launcher.py:220, :229, :234, :259, :263@6405188 (`composer -n`): a world
        # size below the processes per node, a multi-node launch without node_rank/base_rank or master_port, a
        # base_rank on one node.
        p(r"world_size\(\d+\) cannot be less than nproc\(\d+\)|In a multi-node environment, (?:at least one of "
          r"node_rank and base_rank must be provided|master_port is required)|node_rank not provided, but unable "
          r"to infer from base_rank|base_rank\(\d+\) != 0 is not valid in a single-node environment",
          "launch_config", E, "`composer -n`'s arguments do not describe the launch: the world size, node rank, "
          "base rank or master port it needs for this many nodes is missing or inconsistent",
          "give every node the same --world_size (nodes x --nproc) and --master_addr/--master_port, and its own "
          "--node_rank (or --base_rank = node_rank x nproc); on one node leave base_rank at 0", C.APPLICATION_BUG),
        # -- Composer and Streaming: torch.distributed used wrongly ---------------------------------------------
        # mosaicml/composer composer/utils/dist.py:532@6405188 (a world size > 1 with a torch without
        # distributed), :540 (initialize_dist asked for another backend than the existing process group's),
        # distributed/dist_strategy.py:136 (DDP prepared before initialize_dist), :257 (FSDP with some ranks' model
        # on meta and others' real, without sync_module_states).
        p(r"When the world size is > 1, ``torch\.distributed`` must be used|The requested backend \(\w+\) differs "
          r"from the backend of the current process group|Please call dist\.initialize_dist\(\) before calling|"
          r"Detected mixed initialization where some ranks have model on cpu or gpu and some ranks are on meta",
          "framework_usage", E, "composer's distributed set-up was used in an order or combination it refuses: "
          "a torch without distributed, a second backend, DDP before initialize_dist, or ranks initialising the "
          "model differently", "install a PyTorch with distributed support; call "
          "`composer.utils.dist.initialize_dist(device)` once, with one backend, before building the model; "
          "initialise the model the same way on every rank (or set parallelism_config['fsdp']"
          "['sync_module_states'] = True)", C.APPLICATION_BUG),
        # -- Composer and LLM Foundry: the rest -----------------------------------------------------------------
        # mosaicml/composer composer/trainer/trainer.py:2540@6405188: a rank that trained no batch of the epoch
        # while its peers did: its gradient collectives are missing from theirs (the warning: "may cause other
        # issues or crashes down the line").
        p(r"No batches were trained for global rank \d+", "collective_mismatch", W,
          "a rank trained no batch while the others did: its data loader gave it nothing, so the others' gradient "
          "collectives find no partner on it and hang or fail", "give every rank batches: a dataset or sampler "
          "that splits the data evenly across ranks (drop_last, a dataset of at least world size x batch size)",
          C.HANG_COLLECTIVE_MISMATCH, "likely"),
        # mosaicml/llm-foundry llmfoundry/models/utils/config_moe_args.py:149@8c8dd48: expert parallelism needs
        # torch >= 2.2 (DTensor's device mesh).
        p(r"MoE world size > 1 is not supported in torch version", "framework_release", E,
          "LLM Foundry's expert parallelism needs PyTorch 2.2 or newer", "upgrade PyTorch to 2.2 or newer, or "
          "set moe_world_size to 1", C.OTHER),
        # mosaicml/llm-foundry llmfoundry/command_utils/train.py:328@8c8dd48: the world size is 1, so FSDP is
        # replaced by DDP: the job runs as one process.
        p(r"FSDP is not applicable for single-GPU training\. Reverting to DDP", "single_process", I,
          "LLM Foundry found a world size of 1: the job runs as one process, nothing is distributed",
          "start one process per GPU (`composer -n <GPUs> train.py ...`, torchrun --nproc_per_node)",
          C.APPLICATION_BUG),
        # mosaicml/composer composer/utils/dist.py:204@6405188 _get_distributed_config_var: torch.distributed is up
        # but a variable the composer launcher sets (LOCAL_WORLD_SIZE, NODE_RANK, ...) is not, or :193 differs from
        # it: the job was started by another launcher (mosaicml/diffusion#36: torchx).
        p(r"Torch distributed is initialized but environment variable \w+ is not set|Torch distributed has been "
          r"initialized with a value of \d+ for [\w ]+, but environment variable \w+ has value", "launch_config", E,
          "Composer runs under a launcher that did not set the variables it reads (or set them otherwise)",
          "start the job with the composer launcher (`composer -n <GPUs> train.py`), or export LOCAL_WORLD_SIZE, "
          "NODE_RANK, LOCAL_RANK, WORLD_SIZE and RANK as it would", C.APPLICATION_BUG),
    )
