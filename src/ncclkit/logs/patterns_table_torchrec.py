"""Rows of the line classifier (patterns.py) for TorchRec and FBGEMM_GPU (tests/lines/torchrec.py holds every line
with file:line@commit): pytorch/torchrec a48cef7 (the sharding planner's planners.py, partitioners.py,
enumerators.py and storage_reservations.py, model_parallel.py, comm.py, embedding_lookup.py) and pytorch/FBGEMM
71d6f8b (fbgemm_gpu/__init__.py's FBGEMM-PyTorch compatibility check, the TBE forward's same-GPU check, the bounds
check kernel).

The planner's and partitioner's refusals for storage are the embedding tables not fitting the GPUs' memory (oom);
its refusals for the user's constraints, a stored plan made for another context and a sharding group the node size
does not divide are a configuration that does not fit the job (launch_config); a process group missing where
DistributedModelParallel needs one, a UVM-caching table without prefetch_pipeline and TBE inputs on another GPU than
the tables are the framework used wrongly (framework_usage). Read before the generic rows: "topology" would read the
reserved topology's negative HBM as the node's topology, "same GPU" as two ranks on one GPU, a bare
"AssertionError:" as the program's own error. Lines the generic rows already read right (fbgemm_gpu's undefined c10
symbol, its kernel launcher's "no kernel image", the GenAI all-reduce's NCCL and CUDA IPC errors) need no row here.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ncclkit.causes import Cause as C
from ncclkit.findings import Severity

E, W, I = Severity.ERROR, Severity.WARNING, Severity.INFO

# Words the log scanner's prefilter (nccl_log_words.OTHER_WORDS) needs for these rows' lines; no word may contain
# another of the whole list.
TORCHREC_WORDS: tuple[bytes, ...] = (b"does not fit on any rank", b"FBGEMM_GPU version is",
                                     b"same embedding dimension", b"single EmbeddingBag")

_PLAN_FIX = ("give the tables more memory: more GPUs (a larger world size), fewer or smaller tables (fewer rows, "
             "a lower embedding_dim, fp16/int8 weights), a UVM or UVM-caching compute kernel for the largest "
             "tables, or a lower HBM reservation (HeuristicalStorageReservation(percentage=...)) and batch size")


def torchrec_rows(p: Callable[..., Any]) -> tuple[Any, ...]:
    return (
        # -- the sharding planner: storage -------------------------------------------------------------------
        # pytorch/torchrec torchrec/distributed/planner/planners.py:698 and :1081@a48cef7: raised when
        # `lowest_storage.fits_in(global_storage_constraints)` is false, the least storage any plan needs exceeds
        # the HBM/DDR the Topology offers; storage_reservations.py:254: after the reserved percentage, the dense
        # modules and the KJT inputs no HBM is left; partitioners.py:359 and :593 (re-printed under "Last
        # planner error:" with a tab): one shard is larger than any rank's free memory. The model does not fit.
        p(r"PlannerError: Unable to find a plan for this model (?:in device_group \S+\s+)?because of insufficient "
          r"storage|PlannerError: The reserved topology \(Storage\(.*\)\) has negative available hbm storage|"
          r"Device partition failed\. Couldn't find a rank for shard|Shard of size Storage\(.*\) bytes does not "
          r"fit on any rank", "oom", E,
          "TorchRec's sharding planner found no plan that fits the embedding tables in the GPUs' memory: the "
          "storage the tables (and the reserved HBM, dense modules and inputs) need exceeds what the ranks have",
          _PLAN_FIX, C.OOM, "root", (C.APPLICATION_BUG,)),
        # -- the sharding planner: constraints and stored plans --------------------------------------------------
        # pytorch/torchrec torchrec/distributed/planner/planners.py:705@a48cef7: raised only when the storage
        # fits globally, so the user's ParameterConstraints (sharding types, compute kernels, enforce_hbm) leave
        # no plan; planners.py:732: the loaded plan's context hash (topology, batch size, constraints) differs
        # from this run's; comm.py:224: DMPCollection's sharding group size does not divide the GPUs per node.
        p(r"PlannerError: Unable to find a plan for this model because of the strict constraints|PlannerError: "
          r"Unable to load, because of planner input mismatch|node group size is not divisible by sharding group "
          r"size", "launch_config", E,
          "TorchRec's sharding set-up does not fit this job: the user's ParameterConstraints leave no plan, the "
          "stored plan was made for another topology, batch size or constraints, or the 2D sharding group size "
          "does not divide the GPUs per node",
          "relax the ParameterConstraints (allow more sharding_types and compute_kernels, drop enforce_hbm), "
          "re-plan instead of loading a plan made for another world size or batch size, and pick a "
          "sharding_group_size that divides the GPUs per node (LOCAL_WORLD_SIZE)", C.APPLICATION_BUG),
        # -- the framework used wrongly ------------------------------------------------------------------------
        # pytorch/torchrec torchrec/distributed/planner/enumerators.py:255@a48cef7: the sharders' types and
        # kernels minus the user's constraints leave nothing for a table; model_parallel.py:253:
        # DistributedModelParallel asserts dist.is_initialized() (no init_process_group); :113:
        # init_data_parallel on a ShardingEnv without a process group; embedding_lookup.py:297: a UVM-caching
        # table without prefetch_pipeline (its comment: results can be wrong). pytorch/FBGEMM
        # codegen/training/forward/embedding_forward_split_template.cu:423@71d6f8b (TENSORS_ON_SAME_CUDA_GPU_IF_
        # NOT_OPTIONAL, utils/tensor_utils.h): the batch is on another GPU than the tables (the rank never
        # called torch.cuda.set_device), not two ranks on one GPU.
        p(r"No available sharding type and compute kernel combination after applying user provided constraints|"
          r"AssertionError: Process group is not initialized\s*$|Can only init DDP for ProcessGroup-based "
          r"ShardingEnv|modules\. prefetch_pipeline must be set to True|Not all tensors were on the same GPU: ",
          "framework_usage", E,
          "TorchRec or FBGEMM_GPU used wrongly: constraints that leave a table no sharding type or kernel, "
          "DistributedModelParallel without an initialized process group, a UVM-caching table without "
          "prefetch_pipeline, or the embedding inputs on another GPU than the tables",
          "call torch.cuda.set_device(local_rank) and dist.init_process_group(backend=\"nccl\") before building "
          "DistributedModelParallel; allow the table a sharding type and compute kernel in its "
          "ParameterConstraints; set prefetch_pipeline=True (or use TrainPipelinePrefetch) with UVM caching",
          C.APPLICATION_BUG),
        # -- FBGEMM_GPU's build ----------------------------------------------------------------------------------
        # pytorch/FBGEMM fbgemm_gpu/fbgemm_gpu/__init__.py:95@71d6f8b: its _fbgemm_torch_compat_table says this
        # fbgemm_gpu release was built for another PyTorch ("library loading might crash!").
        p(r"FBGEMM_GPU version is \S+, which is not guaranteed to be", "package_build", E,
          "this fbgemm_gpu release was built for another PyTorch release: loading its libraries may fail "
          "(undefined c10 symbols) or crash",
          "install the fbgemm_gpu (and torchrec) release built for the installed torch, from the same index "
          "(`pip install torch==X fbgemm-gpu==Y torchrec==Z --index-url https://download.pytorch.org/whl/cu12N`)",
          C.OTHER),
        # -- FBGEMM_GPU's TBE bounds check -------------------------------------------------------------------------
        # pytorch/FBGEMM fbgemm_gpu/codegen/utils/embedding_bounds_check_v1.cu:133@71d6f8b: in BoundsCheckMode.
        # FATAL the kernel asserts on an embedding id past its table's rows: the program's input (or a row-wise
        # sharding that sent ids to the wrong rank).
        p(r"Failed idx < num_rows in bounds_check_indices", "cuda_error", E,
          "FBGEMM_GPU's bounds check (a device-side assert) found an embedding id past its table's rows: the "
          "input ids do not fit the table sizes",
          "check the input KeyedJaggedTensor's ids against each table's num_embeddings (hash or clamp them), and "
          "that the tables' configs match the data; BoundsCheckMode.WARNING clamps instead of asserting",
          C.APPLICATION_BUG, "root", (), False),
        # Older TorchRec's sharders (meta-pytorch/torchrec#602, #1388): a sharding type the sharder does not offer
        # for that module, and an EmbeddingCollection whose tables differ in dimension: the plan or config asked.
        p(r"table-wise sharding on a single EmbeddingBag is not supported|All tables in a EmbeddingCollection are "
          r"required to have same embedding dimension", "framework_usage", E,
          "TorchRec refused the sharding plan or the tables' configuration for this module",
          "use the sharder that offers this sharding type (EmbeddingBagCollectionSharder for table-wise) and give "
          "every table of an EmbeddingCollection one embedding_dim", C.APPLICATION_BUG),
    )
