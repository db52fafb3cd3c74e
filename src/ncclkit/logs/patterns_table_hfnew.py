"""Rows of the line classifier (patterns.py) for the Hugging Face training stack as it is now: accelerate,
transformers' Trainer, peft, trl (tests/lines/hf_new.py holds every line with file:line@commit).

- accelerate (huggingface/accelerate 16cb6eb): the launcher's flag checks, the ParallelismConfig, the data loader's
  sharding, the big-modeling device scan and the batch size finder, prepare_model's checks of how the model was
  loaded;
- transformers (huggingface/transformers v5.25.0, read from its 5.25.0 wheel): the Trainer, TrainingArguments, the
  DeepSpeed and accelerate integrations, the distributed/ package (tensor, expert and FSDP parallelism);
- trl (huggingface/trl f2cd577): GRPOConfig's batch checks.

Flags that exclude or need each other, and sizes the number of processes cannot take, are launches that do not fit
the job (launch_config); a model loaded or saved in a way the distributed mode refuses, and a DeepSpeed set-up the
Trainer refuses, are framework_usage; a release older than a feature needs is framework_release. Most of these lines
are Python exceptions the generic program_error row would read with the right cause: these rows give them their own
finding, anchored on the libraries' wording (backticked names, flag names), never on a bare common word.
accelerate's launch checks already read by patterns_table_trainers.py (`device_map='auto'` in any distributed mode,
the main process port) and patterns_table_olderstacks.py (the Trainer's accelerate>= import) are not repeated here.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ncclkit.causes import Cause as C
from ncclkit.findings import Severity

E, W, I = Severity.ERROR, Severity.WARNING, Severity.INFO

# Words the log scanner's prefilter (nccl_log_words.OTHER_WORDS) needs for these rows' lines; no word may contain
# another of the whole list.
HFNEW_WORDS: tuple[bytes, ...] = (
    b" vs hf ", b"triggering a distributed run", b"save_on_each_node",
    b"Zero-3 is not compatible with", b"batches of different size", b"concatenate(batches",
    b"have any device set", b"does not give any device",
)


def hfnew_rows(p: Callable[..., Any]) -> tuple[Any, ...]:
    return (
        # transformers modeling_utils.py from_pretrained: "DeepSpeed Zero-3 is not compatible with
        # `low_cpu_mem_usage=True` or with passing a `device_map`." (a ValueError, pasted without its name too,
        # hiyouga/LlamaFactory#199): ZeRO-3 places the weights itself. A program that passes neither meets it where
        # its transformers release sets one itself (RLHFlow/RLHF-Reward-Modeling#2: fixed by pinning the releases the
        # scripts were written for).
        p(r"DeepSpeed Zero-3 is not compatible with `?low_cpu_mem_usage=True`? or with passing a `?device_map",
          "framework_usage", E, "transformers refuses to load a model with low_cpu_mem_usage or a device_map under "
          "DeepSpeed ZeRO-3, which places the weights itself (passed by the program, or set by a transformers "
          "release the program was not written for)", "drop device_map and low_cpu_mem_usage from "
          "from_pretrained when ZeRO-3 is on (or use ZeRO-2); where the program passes neither, install the "
          "transformers and accelerate releases it was written for", C.APPLICATION_BUG, "root", (C.OTHER,)),
        # accelerate utils/modeling.py load_checkpoint_in_model ("<param> doesn't have any device set.") and
        # check_device_map ("The device_map provided does not give any device for the following parameters: ..."): a
        # device_map written by hand, or for another model's layer names, that leaves a parameter out
        # (open-compass/VLMEvalKit#626: the kit's split of Llama-3.2-90B-Vision over an odd number of GPUs left the last
        # layer out, fixed in a later commit of the kit).
        p(r"doesn't have any device set\.|The device_map provided does not give any device for the following "
          r"parameters",
          "framework_usage", E, "accelerate was given a device_map that places no device for some of the model's "
          "parameters: a map written by hand (by the program or a library's helper), or for another model's layer "
          "names, leaves them out", "let accelerate build the map (device_map=\"auto\", with max_memory per GPU) or "
          "add every module of the model to the hand-built map (model.named_parameters() lists their names); where a "
          "library builds the map, update it or try another GPU count",
          C.APPLICATION_BUG, "root", (C.OTHER,)),
        # -- launches that do not fit the job ------------------------------------------------------------------
        # accelerate commands/launch.py:1199 and :1206 (_validate_launch_command: more than one of --cpu/--multi_gpu/
        # --tpu/--use_deepspeed/--use_fsdp, --use_parallelism_config without FSDP 2), utils/launch.py:307
        # (prepare_multi_gpu_env: FSDP's CPU-RAM-efficient loading needs rank 0's weights broadcast): launch flags
        # that exclude or need each other, refused before any process starts.
        p(r"You can only use one of `--cpu`, `--multi_gpu`, `--tpu`|You cannot use `--use_parallelism_config` "
          r"without `--use_fsdp`|When using `--fsdp_cpu_ram_efficient_loading` set `--fsdp_sync_module_states`",
          "launch_config", E, "accelerate launch was given flags that exclude or need each other: one of --cpu, "
          "--multi_gpu, --tpu, --use_deepspeed, --use_fsdp at a time, the parallelism config only with FSDP 2, "
          "FSDP's CPU-RAM-efficient loading only with its module states synced",
          "fix the launch command or `accelerate config` file as the message says: keep one of --multi_gpu / "
          "--use_deepspeed / --use_fsdp, add `--use_fsdp --fsdp_version=2` for --use_parallelism_config, add "
          "`--fsdp_sync_module_states true` with --fsdp_cpu_ram_efficient_loading", C.APPLICATION_BUG),
        # Sizes the number of processes cannot take: accelerate parallelism_config.py:373 (dp_replicate x dp_shard x
        # tp x cp x sp against accelerator.num_processes), data_loader.py:161 (BatchSamplerShard in split_batches
        # mode splits each batch over the processes); transformers distributed/expert_parallel.py:104 (the experts
        # over the expert-parallel ranks), distributed/configuration_utils.py:185 (ep_size against the mesh),
        # integrations/deepspeed.py:134 (trainer_config_finalize: the Trainer fills train_batch_size as world_size x
        # micro batch x accumulation, so a config written for another world size differs); trl
        # trainer/grpo_config.py:1083 and :1103 (the generation and eval batches against per-device batch x
        # num_processes).
        p(r"ParallelismConfig total_size \(\d+\) does not match num_processes \(\d+\)|To use `BatchSamplerShard` in "
          r"`split_batches` mode, the batch size \(\d+\) needs to be a round multiple of the number of processes|"
          r"Cannot evenly shard \d+ experts across \d+ expert-parallel ranks|`ep_size` must divide `fsdp_size \* "
          r"tp_size`|^\W*- ds train_batch_size=\S+ vs hf train_batch_size|generation_batch_size \(\d+\) must be "
          r"divisible by the global batch size \(\d+\)|The global eval batch size \(\d+ \* \d+\) must be divisible "
          r"by the number of generations",
          "launch_config", E, "the job's parallel or batch sizes do not fit the number of processes it was started "
          "with: the parallelism config, the experts per rank, a batch split over the processes, or a DeepSpeed "
          "train_batch_size written for another world size",
          "start as many processes as the parallel sizes multiply to (dp_replicate x dp_shard x tp x cp x sp = "
          "num_processes; experts divisible by ep_size), pick batch sizes that divide by the number of processes "
          "(trl: per-device batch x processes divides the generation batch and is a multiple of num_generations), "
          "and set DeepSpeed's train_batch_size to \"auto\" so the Trainer computes it", C.APPLICATION_BUG),
        # accelerate data_loader.py:845 (DataLoaderDispatcher._fetch_batches): with dispatch_batches (the default for
        # an IterableDataset) the main process reads one batch per process and concatenates them (line 842); batches
        # of different sizes (variable-length samples, a streaming dataset's last batch) cannot be. A traceback cut
        # right after that line shows the same failure (hiyouga/LlamaFactory#463).
        p(r"You can't use batches of different size with `dispatch_batches=True`|^\s+batch = concatenate\(batches, "
          r"dim=0\)\s*$", "framework_usage", E,
          "accelerate's dispatcher (an IterableDataset or dispatch_batches=True) reads every process's batch on the "
          "main process and concatenates them: batches of different sizes cannot be",
          "let each process read its own batches (`DataLoaderConfiguration(dispatch_batches=False)`, the Trainer's "
          "`accelerator_config={\"dispatch_batches\": False}`), or `split_batches=True`, or pad every batch to one "
          "size", C.APPLICATION_BUG),
        # accelerate utils/modeling.py:854 (get_max_memory: a max_memory key past torch.cuda.device_count(), the GPUs
        # this process sees; a warning, and the device is then planned for all the same); transformers
        # trainer.py:3888 (_load_best_model: the best checkpoint is not on this node's disk, which the message
        # itself puts down to a multi-node run saving on one node only).
        p(r"^\W*Device \d+ is not available, available devices are \[[\d, ]*\]|if you are running a distributed "
          r"training on multiple nodes, you should activate `--save_on_each_node`",
          "launch_config", W, "the job was set up for other machines than it runs on: a max_memory naming a GPU "
          "this process cannot see, or a multi-node run whose checkpoints are saved on one node's disk only",
          "name only the GPUs the process sees in max_memory (indices 0 .. device_count-1 after "
          "CUDA_VISIBLE_DEVICES); on several nodes without a shared filesystem pass --save_on_each_node (or save "
          "to a shared path)", C.APPLICATION_BUG),
        # -- models loaded or saved in a way the distributed mode refuses ---------------------------------------
        # accelerate accelerator.py:1840 and :1861 (prepare_model: an 8/4-bit model whose hf_device_map spans several
        # GPUs under a distributed launch, or sits on another GPU than this rank's), :1879 (DTensor parameters,
        # which device_map='auto' makes, under DDP); transformers integrations/accelerate.py:137 (ZeRO-3 with a
        # device_map), distributed/mixin.py:183 (tensor parallelism with a device_map), :421 (save_pretrained of an
        # FSDP model before init_process_group).
        p(r"You can't train a model that has been loaded in 8-bit or 4-bit precision on (?:multiple devices in any "
          r"distributed mode|a different device than the one you're training on)|Your model contains `DTensor` "
          r"parameters, which is incompatible with DDP|DeepSpeed Zero-3 is not compatible with passing a "
          r"`device_map`|Tensor parallelism and `device_map` are mutually exclusive|Saving an FSDP-wrapped model "
          r"requires torch\.distributed to be initialized",
          "framework_usage", E, "the model was loaded or saved in a way the distributed mode refuses: a device_map "
          "spreading it over GPUs (or onto another rank's GPU) under a distributed launch, beside ZeRO-3 or tensor "
          "parallelism, or an FSDP model saved before the process group exists",
          "load the model on this rank's GPU only (`device_map={'': PartialState().process_index}`, or no "
          "device_map under ZeRO-3 and tensor parallelism, which place the weights themselves); run a model spread "
          "over GPUs as one process (python, no distributed config); call save_pretrained on every rank after "
          "init_process_group", C.APPLICATION_BUG),
        # transformers modeling_utils.py:4269 (from_pretrained: device_map='auto' while WORLD_SIZE > 1, so every rank
        # spreads the model over all the node's GPUs; a warning, its fix a device_map per process).
        p(r"You've set device_map=`auto` while triggering a distributed run with torchrun",
          "framework_usage", W, "each rank of a torchrun launch loads the model with device_map='auto', spreading "
          "it over every GPU of the node, so the ranks share GPUs", "load the model on the rank's own GPU "
          "(`device_map={'': PartialState().process_index}`), or run device_map='auto' as one process with python",
          C.APPLICATION_BUG),
        # transformers trainer.py:904 (auto_find_batch_size with ZeRO-3), training_args.py:1866 (an Accelerator or
        # PartialState made before the Trainer without DeepSpeed, beside a deepspeed config), integrations/
        # deepspeed.py:262 (trainer_config_finalize: DeepSpeed config values other than TrainingArguments'; the
        # lines under it name each value, the batch size one read above).
        p(r"`auto_find_batch_size` isn't supported yet with DeepSpeed Zero-3|Tried to use an already configured "
          r"`Accelerator` or `PartialState` that was not initialized for DeepSpeed|Please correct the following "
          r"DeepSpeed config values that mismatch TrainingArguments values|^\W*- ds \S+=.* vs hf \S+",
          "framework_usage", E, "the Trainer refuses its DeepSpeed set-up: the DeepSpeed config disagrees with "
          "TrainingArguments, auto_find_batch_size under ZeRO-3, or an Accelerator made without DeepSpeed before "
          "the Trainer", "write \"auto\" for the DeepSpeed config values the Trainer fills (batch sizes, "
          "accumulation, learning rate) or make them equal to TrainingArguments'; drop auto_find_batch_size under "
          "ZeRO-3 (or use ZeRO-2/1 or FSDP); let the Trainer create the Accelerator, or pass "
          "use_configured_state=False", C.APPLICATION_BUG),
        # -- one process over several GPUs ----------------------------------------------------------------------
        # transformers trainer.py:2719: the Trainer wraps the model in nn.DataParallel when one process sees several
        # GPUs (n_gpu > 1 without a distributed launch): the job was started as one process.
        p(r"Kernels are not supported with `nn\.DataParallel`, disabling them", "single_process", W,
          "the Trainer runs as one process driving every GPU through nn.DataParallel: it was not started by a "
          "distributed launcher", "start one process per GPU: `torchrun --nproc_per_node=<GPUs> train.py` or "
          "`accelerate launch train.py`", C.APPLICATION_BUG),
        # -- memory ---------------------------------------------------------------------------------------------
        # accelerate utils/memory.py:178 (find_executable_batch_size: every try raised an error
        # should_reduce_batch_size takes for out of memory, until the batch size reached zero).
        p(r"No executable batch size found, reached zero", "oom", E,
          "accelerate's batch size finder ran out of memory at every batch size down to one",
          "the model alone does not fit: shard it (FSDP/ZeRO-3, more GPUs), use gradient checkpointing, shorter "
          "sequences or lower precision; check no other process holds the GPU", C.OOM),
        # -- releases -------------------------------------------------------------------------------------------
        # accelerate utils/launch.py:456 (the nossh multi-node launcher needs DeepSpeed's --no_ssh, 0.14.5);
        # transformers trainer.py:772 (a ParallelismConfig needs accelerate 1.12).
        p(r"nossh launcher requires DeepSpeed >= [\d.]+|ParallelismConfig requires accelerate>=[\d.]+",
          "framework_release", E, "the installed release lacks what the launch asks for: DeepSpeed older than "
          "accelerate's nossh launcher needs, or accelerate older than transformers' ParallelismConfig needs",
          "pip install -U the package to the version the message names (`pip install 'deepspeed>=0.14.5'`, "
          "`pip install 'accelerate>=1.12.0'`)", C.OTHER, "root", (C.APPLICATION_BUG,)),
    )
