"""Rules from held-out rounds 238 - 241 and sweeps 262 - 265 (answered questions, causes that were not the alarming
line, data loading, checkpoints, plain-words hangs). Each text a rule reads is quoted from the thread named above its
test; each rule is also tested on text that must not trigger it."""

from __future__ import annotations

from line_reading import ids, lead

# hiyouga/LlamaFactory#2763 (round 240: a streaming dataset under accelerate's dispatcher; dispatch_batches=False
# fixed it) and hiyouga/LlamaFactory#463 (the traceback cut right after the dispatcher's concatenate)
_DISPATCH = ("RuntimeError: You can't use batches of different size with `dispatch_batches=True` or when using an "
             "`IterableDataset`.either pass `dispatch_batches=False` and have each process fetch its own batch  or "
             "pass `split_batches=True`.\n")
_DISPATCH_FRAME = (
    '  File "/datas/runtime/envs/llama_tuning/lib/python3.10/site-packages/accelerate/data_loader.py", line 556, in '
    "__iter__\n"
    "    next_batch, next_batch_info = self._fetch_batches(main_iterator)\n"
    '  File "/datas/runtime/envs/llama_tuning/lib/python3.10/site-packages/accelerate/data_loader.py", line 520, in '
    "_fetch_batches\n"
    "    batch = concatenate(batches, dim=0)\n")


def test_batches_of_different_sizes_under_accelerates_dispatcher() -> None:
    assert lead(_DISPATCH) == ("log.framework_usage", "application_bug")
    assert lead(_DISPATCH_FRAME) == ("log.framework_usage", "application_bug")
    # a concatenation of the program's own is no dispatcher's
    assert "log.framework_usage" not in ids(_DISPATCH_FRAME.replace("concatenate(batches", "torch.cat(batches"))


# deepspeedai/DeepSpeed#7320 (a resume with AutoTP, cut inside load_checkpoint) and zai-org/ChatGLM-6B#1166 (cut inside
# the ZeRO shard's save; the title: "PytorchStreamWriter failed writing file data/3: file write failed")
_LOAD = """\
[rank1]: Traceback (most recent call last):
[rank1]:   File "/data/llm_algorithms/scripts/pretrain/pretrain.py", line 123, in main
[rank1]:     trainer.train(resume_from_checkpoint=train_args.resume_from_checkpoint)
[rank1]:   File "/data/miniconda3/envs/llm_algorithms/lib/python3.11/site-packages/transformers/integrations/\
deepspeed.py", line 489, in deepspeed_load_checkpoint
[rank1]:     load_path, _ = deepspeed_engine.load_checkpoint(
[rank1]:                    ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^
[rank1]:   File "/data/miniconda3/envs/llm_algorithms/lib/python3.11/site-packages/deepspeed/runtime/engine.py", \
line 2980, in load_checkpoint
[rank1]:     load_path, client_states = self._load_checkpoint(load_dir,
"""
_SAVE = """\
Traceback (most recent call last):
  File "/home/featurize/work/xxx/git/ChatGLM-6B/ptuning/trainer.py", line 2303, in _save_checkpoint
    self.deepspeed.save_checkpoint(output_dir)
  File "/environment/miniconda3/envs/py39/lib/python3.9/site-packages/deepspeed/runtime/engine.py", line 2894, in \
save_checkpoint
    self._save_zero_checkpoint(save_dir, tag)
  File "/environment/miniconda3/envs/py39/lib/python3.9/site-packages/deepspeed/runtime/engine.py", line 3223, in \
_save_zero_checkpoint
    self.checkpoint_engine.save(zero_sd, zero_checkpoint_name)
"""


def test_a_traceback_cut_inside_a_checkpoints_load_or_save() -> None:
    assert lead(_LOAD) == ("log.traceback_cut", "application_bug")
    assert lead(_SAVE) == ("log.traceback_cut", "other")
    # with its exception line the exception is read, not the frames
    told = _SAVE + ("RuntimeError: [enforce fail at inline_container.cc:471] . PytorchStreamWriter failed writing "
                    "file data/3: file write failed\n")
    assert "log.traceback_cut" not in ids(told)
    # a traceback cut in the model's forward says nothing of checkpoints
    forward = _SAVE.replace("save", "forward")
    assert "log.traceback_cut" not in ids(forward)


# lattice/quda#482: the test's process grid against two ranks (the grid options fixed it); the MPI_Abort is its
# consequence
_GRID = """\
ERROR: ERROR: Communication grid size declared via initCommsGridQuda() does not match total number of MPI ranks \
(1 != 2)Communication grid size declared via initCommsGridQuda() does not match total number of MPI ranks (1 != 2) (rank 0, \
host gpu01.cluster, /home/n01/quda/lib/comm_mpi.cpp:68 in comm_init())
[cli_1]: [cli_0]: aborting job:
application called MPI_Abort(MPI_COMM_WORLD, 1) - process 0
"""


def test_a_process_grid_that_does_not_match_the_ranks_started() -> None:
    assert lead(_GRID) == ("log.launch_config", "application_bug")
    assert "log.launch_config" not in ids("Communication grid size declared via initCommsGridQuda() matches the "
                                          "total number of MPI ranks (2)\n")


# NVIDIA-NeMo/Megatron-Bridge#926 (round 77: cut inside dist_checkpointing's save) and NVIDIA-NeMo/Speech#8460 (cut
# inside its load): one file, megatron/core/dist_checkpointing/serialization.py, holds both, so the call decides
_MCORE_SAVE = """\
[rank1]:   File "/opt/Megatron-Bridge/src/megatron/bridge/training/checkpointing.py", line 571, in save_checkpoint
[rank1]:     async_save_request = dist_checkpointing.save(
[rank1]:                          ^^^^^^^^^^^^^^^^^^^^^^^^
[rank1]:   File "/opt/megatron-lm/megatron/core/dist_checkpointing/serialization.py", line 425, in save
[rank1]:     sharded_strategy.save(sharded_state_dict, checkpoint_dir)
"""
_MCORE_LOAD = """\
[0]:  File "/workspace/src/3rdparty/NeMo/nemo/collections/nlp/models/nlp_model.py", line 397, in load_from_checkpoint
[0]:    checkpoint = dist_checkpointing.load(sharded_state_dict=checkpoint, checkpoint_dir=checkpoint_dir)
[0]:  File "/workspace/src/3rdparty/Megatron-LM/megatron/core/dist_checkpointing/serialization.py", line 99, in load
[0]:    validate_sharding_integrity(nested_values(sharded_state_dict))
"""


def test_megatrons_checkpoint_file_is_read_by_its_call() -> None:
    assert lead(_MCORE_SAVE) == ("log.traceback_cut", "other")
    assert lead(_MCORE_LOAD) == ("log.traceback_cut", "application_bug")


# pytorch/pytorch#84803 (round 8: the IOMMU off fixed it) and Dasharo/dasharo-issues#436 (round 245: iommu=soft or off)
_COPY = """\
x = torch.tensor([1], device=0)
>tensor([1], device='cuda:0')

x.to(1)
>tensor([0], device='cuda:1')
"""


def test_a_gpu_to_gpu_copy_that_reads_as_zeros() -> None:
    assert lead(_COPY) == ("log.p2p_copy_zeros", "acs_iommu_p2p")
    assert lead("tensor([1, 2], device='cuda:0')\ntensor([0, 0], device='cuda:1')\n") == \
        ("log.p2p_copy_zeros", "acs_iommu_p2p")
    # the copy right, a tensor of zeros copied, another size, or the zeros on the same GPU: no broken copy
    assert "log.p2p_copy_zeros" not in ids(_COPY.replace("[0], device='cuda:1'", "[1], device='cuda:1'"))
    assert "log.p2p_copy_zeros" not in ids(_COPY.replace("[1], device='cuda:0'", "[0], device='cuda:0'"))
    assert "log.p2p_copy_zeros" not in ids(_COPY.replace("[0], device='cuda:1'", "[0, 0], device='cuda:1'"))
    assert "log.p2p_copy_zeros" not in ids(_COPY.replace("cuda:1", "cuda:0"))


# deepspeedai/DeepSpeed#694 (ninja's failure under deepspeed.initialize), deepspeedai/DeepSpeed#3299 (nvcc too old
# for compute_89: the build's own first error, which leads), databrickslabs/dolly#156 (cut in FusedAdamBuilder().load())
_NINJA = "subprocess.CalledProcessError: Command '['ninja', '-v']' returned non-zero exit status 1.\n"
_BUILDER = """\
  File "/home/users/abc/venv/lib/python3.8/site-packages/deepspeed/runtime/engine.py", line 1360, in \
_configure_basic_optimizer
    optimizer = FusedAdam(
  File "/home/users/abc/venv/lib/python3.8/site-packages/deepspeed/ops/adam/fused_adam.py", line 73, in __init__
    fused_adam_cuda = FusedAdamBuilder().load()
"""


def test_an_extensions_jit_build_that_failed() -> None:
    assert lead(_NINJA) == ("log.package_build", "other")
    assert lead("RuntimeError: Error building extension 'fused_adam'\n") == ("log.package_build", "other")
    assert lead("nvcc fatal   : Unsupported gpu architecture 'compute_89'\n" + _NINJA)[0] == "log.cuda_error"
    assert "log.package_build" not in ids("subprocess.CalledProcessError: Command '['git', 'rev-parse', 'HEAD']' "
                                          "returned non-zero exit status 128.\n")
    assert lead(_BUILDER) == ("log.traceback_cut", "other")
    assert "log.traceback_cut" not in ids(_BUILDER.replace("FusedAdamBuilder().load()", "self.step()"))


# IBM/vllm#34 and vllm-project/vllm#6103 (round 244: tensor-parallel ranks writing one Triton cache; fixed in triton)
_TRITON_CACHE = ("FileNotFoundError: [Errno 2] No such file or directory: '/home/vllm/.triton/cache/"
                 "c926ad2ef143810ed738a313c473c7b2/fused_moe_kernel.cubin.tmp.pid_72_945989'\n")


def test_a_triton_cache_file_lost_while_written() -> None:
    assert lead(_TRITON_CACHE) == ("log.package_build", "other")
    # a cache file that is not there, not one lost while written, is no race
    assert "log.package_build" not in ids(_TRITON_CACHE.replace(".tmp.pid_72_945989", ""))


# Project-MONAI/tutorials#564: dice_metric.aggregate() on the main process alone; its sync read a size never sent
_GARBAGE_SIZE = ("CUDA out of memory. Tried to allocate 6056239117.41 GiB (GPU 0; 44.56 GiB total capacity; 2.20 GiB "
                 "already allocated; 40.30 GiB free; 2.54 GiB reserved in total by PyTorch)\n")


def test_an_allocation_no_gpu_could_hold_is_a_garbage_size() -> None:
    assert lead(_GARBAGE_SIZE) == ("log.program_error", "application_bug")
    # a large allocation a big model makes is memory that ran out
    assert lead(_GARBAGE_SIZE.replace("6056239117.41", "96.00"))[1] == "oom"


# facebookresearch/fairseq#2203: the gather's own line under the unpickling error, its re-raise cut off
_GATHER = """\
  File "/root/paddlejob/workspace/env_run/fairseq/distributed_utils.py", line 169, in all_gather_list
    result.append(pickle.loads(bytes(out_buffer[2 : size + 2].tolist())))
_pickle.UnpicklingError: could not find MARK
"""


def test_fairseqs_gather_unpickling_garbage_is_workers_out_of_step() -> None:
    assert lead(_GATHER) == ("log.collective_mismatch", "hang_collective_mismatch")
    # the same unpickling error under a checkpoint's load is no gather
    assert "log.collective_mismatch" not in ids(_GATHER.replace(
        "    result.append(pickle.loads(bytes(out_buffer[2 : size + 2].tolist())))", "    state = pickle.load(f)"))


# Lightning-AI/pytorch-lightning#2205 (the title: "Tensors must be CUDA and dense"; cut inside torchmetrics' sync)
_METRIC_SYNC = """\
  File "/home/proactive/.local/lib/python3.6/site-packages/torchmetrics/metric.py", line 288, in sync
    self._sync_dist(dist_sync_fn, process_group=process_group)
  File "/home/proactive/.local/lib/python3.6/site-packages/torchmetrics/metric.py", line 228, in _sync_dist
    group=process_group or self.process_group,
"""


def test_a_traceback_cut_inside_a_metrics_sync() -> None:
    assert lead(_METRIC_SYNC) == ("log.traceback_cut", "application_bug")
    assert "log.traceback_cut" not in ids(_METRIC_SYNC.replace("_sync_dist", "_apply"))


# deepspeedai/DeepSpeed#8148 (round 246: frozen LoRA base weights partitioned again by ZeRO-3 before the recompute;
# the PR fixed it) and a recompute that differs otherwise; huggingface/trl#835 (frozen embeddings under checkpointing)
_RECOMPUTE = """\
[rank0]: tensor at position 42:
[rank0]: saved metadata: {'shape': torch.Size([1024]), 'dtype': torch.bfloat16, 'device': device(type='cuda', index=0)}
[rank0]: recomputed metadata: {'shape': torch.Size([0]), 'dtype': torch.bfloat16, 'device': device(type='cuda', \
index=0)}
"""
_CHECKPOINT_ERROR = ("torch.utils.checkpoint.CheckpointError: torch.utils.checkpoint: Recomputed values for the "
                     "following tensors have different metadata than during the forward pass.\n")
_FROZEN_INPUTS = ("/home/tupk/anaconda3/envs/nlp/lib/python3.8/site-packages/torch/utils/checkpoint.py:31: "
                  "UserWarning: None of the inputs have requires_grad=True. Gradients will be None\n")


def test_gradient_checkpointing_under_sharding_and_frozen_inputs() -> None:
    assert lead(_RECOMPUTE) == ("log.framework_usage", "other")
    assert lead(_CHECKPOINT_ERROR + _RECOMPUTE) == ("log.framework_usage", "other")
    # another shape recomputed: the block ran differently, the program's
    assert lead(_CHECKPOINT_ERROR + _RECOMPUTE.replace("Size([0])", "Size([2048])")) == \
        ("log.framework_usage", "application_bug")
    assert lead(_FROZEN_INPUTS) == ("log.framework_usage", "application_bug")
    assert "log.framework_usage" not in ids("saved metadata: {'shape': torch.Size([0]), 'dtype': torch.bfloat16}\n")


# ByteDance-Seed/Bagel#104 (a frozen LLM beside trained layers under FSDP; cut inside FlatParamHandle)
_WRAP = """\
[rank5]:   File "/data/miniconda3/envs/bagel/lib/python3.10/site-packages/torch/distributed/fsdp/_init_utils.py", \
line 622, in _init_param_handle_from_module
[rank5]:     _init_param_handle_from_params(state, managed_params, fully_sharded_module)
[rank5]:   File "/data/miniconda3/envs/bagel/lib/python3.10/site-packages/torch/distributed/fsdp/_init_utils.py", \
line 634, in _init_param_handle_from_params
[rank5]:     handle = FlatParamHandle(
"""


def test_a_traceback_cut_inside_fsdps_wrapping() -> None:
    assert lead(_WRAP) == ("log.traceback_cut", "application_bug")
    assert "log.traceback_cut" not in ids(_WRAP.replace("FlatParamHandle", "FullyShardedDataParallel").replace(
        "_init_param_handle_from_params", "_auto_wrap"))
