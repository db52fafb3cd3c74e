"""Rows of the line classifier (patterns.py) for the training libraries and fine-tuning frameworks around
torch.distributed, each read from its source (tests/lines/trainlibs.py and finetune.py hold every line with
file:line@commit):

- DeepSpeed's launcher and runtime (deepspeedai/DeepSpeed edaa722: launcher/runner.py, multinode_runner.py,
  launcher_helper.py, comm/comm.py, utils/groups.py, elasticity, accelerator/real_accelerator.py), Hugging Face
  Accelerate (huggingface/accelerate 16cb6eb: state.py, commands/launch.py, utils/launch.py) and PyTorch Lightning /
  Fabric (Lightning-AI/pytorch-lightning 7f0c343: the SLURM, torchelastic and LSF environments, the DeepSpeed
  strategy, the accelerator connector, trainer/setup.py, the signal connector);
- the fine-tuning frameworks: transformers' Trainer, TrainingArguments and distributed/ (v5.25.0), axolotl
  (axolotl-ai-cloud/axolotl 067b021), LLaMA-Factory (hiyouga/LLaMA-Factory ff6d4d1), torchtune (pytorch/torchtune
  bd2a0fc), ms-swift (modelscope/ms-swift 3602360) and Unsloth's checks in unsloth_zoo (2026.10.9).

Hostfiles, include/exclude filters, node ranks, device and node counts, and parallel or elastic sizes the world
cannot take are launches that do not fit the machines (launch_config); a launcher run without the environment it
needs, or an API used where the framework refuses it, is framework_usage; a framework that found no GPU at all is
the driver or the container (gpu_missing).

Read before the generic families: their words ("world size", "is not available", "already in use", "not
reachable") would send these lines to a guess or to another program's meaning.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ncclkit.causes import Cause as C
from ncclkit.findings import Severity

E, W, I = Severity.ERROR, Severity.WARNING, Severity.INFO

# Words the log scanner's prefilter (nccl_log_words.OTHER_WORDS) needs for these rows' lines; no word may contain
# another of the whole list.
TRAINER_WORDS: tuple[bytes, ...] = (
    b"accelerator to CPU", b"GPU available: False", b"Received SIGTERM", b"parallel_mode", b"NCCL_GRAPH_MIXING",
    b"already set in environment", b"Using IP address of", b"--master_addr=",
    b"any distributed mode", b"multi GPU setups", b"No slot ", b"cannot decrease scale",
)

_LAUNCH_FIX = ("make the launch what the message checks for: one hostfile entry per host with its slots, the "
               "include/exclude filters or the node and GPU counts (not both), the node rank each node is given, and "
               "as many processes as the parallel sizes multiply to (tp x pp x cp x ep x dp = WORLD_SIZE, no more "
               "per node than the node's GPUs)")


_NO_GPU = ("the framework sees no GPU: the driver is not loaded, or the GPUs are not passed into the container or "
           "hidden by CUDA_VISIBLE_DEVICES")
_NO_GPU_FIX = ("check `nvidia-smi` and `python -c 'import torch; print(torch.cuda.is_available(), "
               "torch.cuda.device_count())'` where the job runs (the container's --gpus, CUDA_VISIBLE_DEVICES, a torch "
               "build with CUDA)")


def trainer_rows(p: Callable[..., Any]) -> tuple[Any, ...]:
    return (
        # DeepSpeed's launcher and elasticity checks (deepspeedai/DeepSpeed edaa722: launcher/runner.py:429/:431
        # num_nodes "MIN:MAX format", elasticity/config.py and elasticity.py's ElasticityConfigError and
        # ElasticityError): the elastic configuration does not fit the job. (runner.py's "Bad hostfile text" log line
        # names no cause: the ValueError after it does.)
        p(r"MIN:MAX format|ElasticityConfigError: |ElasticityError: ", "launch_config", E,
          "DeepSpeed's launcher refused the launch: a --num_nodes range outside elastic training, or an elasticity "
          "configuration the GPUs cannot satisfy",
          _LAUNCH_FIX, C.APPLICATION_BUG),
        # DeepSpeed's comm/torch.py: a collective API the installed torch lacks (all_reduce_coalesced, device mesh,
        # symmetric memory before 2.5); accelerate's FP8 recipes without an FP8 backend (utils/launch.py:178) and its
        # CPU affinity without nvidia-ml-py (utils/environment.py:340): releases and packages, not the node.
        p(r"Current torch version does not have \w+ ?api|Torch version must be [\d.]+ or higher to use",
          "framework_release", E, "the installed PyTorch is older than the feature DeepSpeed was asked to use",
          "upgrade torch to the release the message names (or turn the feature off in the DeepSpeed config)",
          C.OTHER, "root", (C.APPLICATION_BUG,)),
        p(r"FP8 is not available on this machine|To set CPU affinity on CUDA GPUs the `nvidia-ml-py` package must be",
          "package_build", E, "a package accelerate needs for the requested feature is not installed (an FP8 "
          "backend, nvidia-ml-py)", "install what the message names (`pip install nvidia-ml-py`, Transformer "
          "Engine, MS-AMP or torchao), or turn the feature off", C.OTHER, "root", (C.APPLICATION_BUG,)),
        # DeepSpeed comm.py:776: a backend without mesh device set-up, which the run goes on without: a note.
        p(r"Backend \w+ does not support mesh device initialization", "noise", I,
          "DeepSpeed noting that its backend sets up no device mesh; the run goes on", "nothing to fix", None,
          "noise"),
        # DeepSpeed's pydantic config model refusing a value, as an "auto" value the trainer computed (a fractional
        # stage3_prefetch_bucket_size; ms-swift's FAQ: DeepSpeed 0.14 accepts it).
        p(r"validation errors? for DeepSpeed\w*Config", "framework_release", E,
          "DeepSpeed's configuration check refused a value (a type or range this DeepSpeed release does not take, as "
          "a fractional 'auto' bucket size the trainer computed)", "set that field in the DeepSpeed config to a "
          "value of the type it names (an integer), or use the DeepSpeed release the trainer supports",
          C.OTHER, "root", (C.APPLICATION_BUG,)),
        # DeepSpeed's fp16 loss scaler at its floor ("Current loss scale already at minimum - cannot decrease scale
        # anymore. Exiting run.", deepspeed/runtime/fp16/loss_scaler.py; DeepSpeed#5426: bf16 trained): the gradients
        # overflow fp16 at every scale, and the run stops; its peers then only see it leave.
        p(r"Current loss scale already at minimum - cannot decrease scale anymore", "training_diverged", E,
          "fp16's dynamic loss scale reached its minimum: the gradients overflow fp16 at every scale, so DeepSpeed "
          "stops the run (its peers only see it leave)",
          "train in bf16 (DeepSpeed `\"bf16\": {\"enabled\": true}`) where the GPU has it, or lower the learning rate "
          "and check the data and the first steps that overflowed", C.OTHER, "root", (C.APPLICATION_BUG,)),
        # deepspeed/runtime/zero/stage3.py step(): "N pytorch allocator cache flushes since last step. this happens
        # when there is high memory pressure and is detrimental to performance" (DeepSpeedExamples#186): the GPU is
        # all but full; each flush stalls the step, and the next allocation can fail.
        p(r"pytorch allocator cache flushes since last step", "oom", W,
          "GPU memory is nearly exhausted: PyTorch's allocator had to flush its cache during the step (slow, and an "
          "out-of-memory error is close)", "lower the micro-batch size or sequence length, enable activation "
          "checkpointing or offload (ZeRO-3 offload_param/offload_optimizer), or add GPUs", C.OOM, "root",
          (C.PERFORMANCE_CONFIG,)),
        # -- DeepSpeed, Accelerate, Lightning: launches that do not fit the machines ---------------------------
        # DeepSpeed runner.py:262 (fetch_hostfile: a host listed twice), :349 (parse_resource_filter: an
        # --include/--exclude slot the hostfile does not give the host; "specificied", unquoted, in old releases),
        # :464 (the filters beside --num_nodes/--num_gpus),
        # :444 (--elastic_training without --master_addr), :539 (--no_ssh with a
        # --node_rank outside the hosts); multinode_runner.py:146 and :216 (the openmpi/mpich runners refuse filters
        # and uneven GPU counts per node); launcher_helper.py:62 (two MPI rank variables of one process disagree);
        # comm.py:902 (mpi_discovery: the world torch was initialised with is not the one mpirun started);
        # groups.py:684 (all-to-all groups need as many ranks as GPUs per node); elasticity.py:354 (a world size the
        # elastic config's batch sizes cannot be split over).
        p(r"Hostfile contains multiple entries for \S+, unable to proceed|"
          r"No slot '?[^'\s]*'? specifi(?:c?i)?ed on host|"
          r"Cannot specify num_nodes/gpus with include/exclude|Master Addr is required when elastic training is "
          r"enabled|Launching training without ssh, but --node_rank is not set correctly|backend does not support "
          r"(?:worker include/exclusion|limiting num nodes/gpus)|MPICH requires same number of devices per node|"
          r"rank number doesn't match!|MPI world size \d+ does not match torch world size|num_gpus not equal to "
          r"device per node, cannot initialize All-To-All|ElasticityIncompatibleWorldSize|World size \(\d+\) is not "
          r"valid with the current list of valid GPU counts",
          "launch_config", E, "DeepSpeed's launcher refuses the launch: the hostfile, the include/exclude filters, the "
          "node rank, or a world size that its MPI start, all-to-all groups or elastic config cannot take",
          _LAUNCH_FIX, C.APPLICATION_BUG),
        # DeepSpeed runner.py (0.7 - 0.8): the first host's address comes from `ssh <host> hostname -I`; an empty
        # answer leaves "Using IP address of  for node <host>" and "--master_addr= " in pdsh's command, and every
        # node's rendezvous then has no address to reach (deepspeedai/DeepSpeed#2612: a Kubernetes pod). It takes the
        # answer's first word, so a login shell that prints something first hands that on ("--master_addr=/root/
        # cuda11.8.bashrc", huggingface/accelerate#2249: the nodes' rc files echoed their path).
        p(r"Using IP address of\s+for node \S|\s--master_addr=(?:\s|$)|\s--master_addr=/", "name_resolution", E,
          "DeepSpeed's launcher got no address for the first node (`hostname -I` there answered nothing, or a "
          "login script printed first), so the ranks are started with an empty or bogus master address",
          "pass the address yourself (`deepspeed --master_addr <first node's IP or resolvable name>`), and make the "
          "node (or pod) have an address its own name resolves to", C.HOSTNAME_RESOLUTION, "root",
          (C.WRONG_INTERFACE,)),
        # Accelerate commands/launch.py:1203 and :1253 (--multi_gpu with one process or one GPU id), :1300 (a config
        # file without num_processes); Lightning slurm.py:163/:169 (devices or num_nodes other than the SLURM
        # allocation's), :221 (--ntasks without --ntasks-per-node), :204 (srun on the system but not used: its
        # docstring calls this the frequent cause of processes that hang on SLURM), torchelastic.py:90 (devices x
        # num_nodes other than the world torchrun started), fabric strategies/deepspeed.py:883 (device indices that
        # are not the local ranks).
        p(r"You need to use at least 2 processes to use `--multi_gpu`|Less than two GPU ids were configured and "
          r"tried to run on multiple GPUs|You need to manually pass in `--num_processes` using this config|"
          r"in Lightning, but the (?:number of (?:tasks per node|nodes) configured in SLURM|product \(\d+ \* \d+\) "
          r"does not match the world size)|You set `--ntasks=\d+` in your SLURM bash script, but this variable is "
          r"not supported|The selected device "
          r"indices \[[\d, ]*\] don't match the local rank values of processes",
          "launch_config", E, "the launch does not fit what Accelerate or Lightning was told: the number of processes, "
          "GPUs or nodes differs from the allocation (SLURM, torchrun), or the script was not started through srun",
          "give the framework the allocation's numbers (Lightning devices = --ntasks-per-node, num_nodes = --nodes; "
          "accelerate --num_processes = GPUs in all), start each SLURM task with `srun python ...`, and pick GPUs with "
          "CUDA_VISIBLE_DEVICES rather than device indices", C.APPLICATION_BUG),
        # Lightning prints its srun hint on any node where srun exists and SLURM_NTASKS is unset, SLURM job or not
        # (lightly-ai/lightly-train#148: "points the user in the wrong direction"); under SLURM without srun the
        # processes hang (Lightning-AI/pytorch-lightning#8707): a warning, not an error of its own.
        p(r"The `srun` command is available on your system but is not used", "launch_config", W,
          "Lightning found srun on this node but the script was not started through it: under a SLURM allocation its "
          "processes wait for peers that never start; outside SLURM the hint is harmless",
          "on SLURM start each task with `srun python ...`; elsewhere ignore it", C.APPLICATION_BUG),
        # DeepSpeed launcher_helper.py:64: the MPI launcher's helper found no rank variable (it was not started by
        # mpirun/mpiexec); Accelerate utils/launch.py:157 (several machines without --main_process_port), state.py:197
        # (_prepare_backend gave another backend than the one asked: NCCL asked for where the job runs on the CPU, XLA
        # or SageMaker, never a missing libnccl); Lightning lsf.py:96 - 128 (the LSF environment outside jsrun).
        p(r"rank number is not in current env!|When using multiple machines, you need to specify the main process "
          r"port|Your assigned backend \w+ is not available, please use \w+|Cannot determine (?:world size|global "
          r"rank|local rank)\. Environment variable `JSM_NAMESPACE_\w+` not found",
          "framework_usage", E, "the launcher or framework was run without what it needs: the MPI launcher's or "
          "jsrun's variables, the main process port of a multi-machine launch, or a backend that does not fit the "
          "device the job asked for", "start it the way the message says (mpirun for DeepSpeed's MPI launchers, jsrun "
          "on LSF), pass --main_process_port on every machine, and ask for NCCL only where the job runs on GPUs (gloo "
          "on the CPU)", C.APPLICATION_BUG),
        # Accelerate config/config_args.py load_config_from_file: "The passed configuration file `X` does not exist."
        # (made for real with accelerate 1.16: `accelerate launch --config_file` of a path not on this node).
        p(r"The passed configuration file `[^`]*` does not exist", "launch_config", E,
          "accelerate launch was given a configuration file that is not there on this node",
          "pass the path of an existing file on every node (a shared filesystem, or the same path on each), or run "
          "`accelerate config` there", C.APPLICATION_BUG),
        # -- no GPU seen --------------------------------------------------------------------------------------------
        # DeepSpeed real_accelerator.py:199 (no accelerator detected, CUDA's device count included); Accelerate
        # commands/launch.py:1319 filling --num_processes with torch.cuda.device_count() (0: no GPU); Lightning
        # accelerator_connector.py:356 and :341 (CUDA is not available), trainer/setup.py:164 (GPU available: False);
        # unsloth_zoo device_type.py:577 (no CUDA, ROCm or XPU device).
        # The first three are the frameworks' notices, and a job meant for the CPU prints them too (DeepSpeed's
        # launcher ran two CPU ranks to a clean exit after its notice, made for real on this project's CI machine):
        # a warning, which an error of the same job outranks; the exceptions are errors.
        p(r"Setting accelerator to CPU\. If you have GPU or other accelerator, we were unable to detect it|"
          r"`--num_processes` was set to a value of `0`|^\W*GPU available: False, used:",
          "gpu_missing", W, _NO_GPU, _NO_GPU_FIX, C.CUDA_OR_DRIVER, "root", (C.APPLICATION_BUG,)),
        p(r"`CUDAAccelerator` can not run on your system since the accelerator is not available|"
          r"MisconfigurationException: No supported gpu backend found|Unsloth cannot find any torch accelerator",
          "gpu_missing", E, _NO_GPU, _NO_GPU_FIX, C.CUDA_OR_DRIVER, "root", (C.APPLICATION_BUG,)),
        # -- launchers not installed, ports, signals ------------------------------------------------------------
        # DeepSpeed multinode_runner.py:424 (the mvapich runner's backend_exists: no `mpiname`); Accelerate
        # utils/launch.py:69 (--mpirun without an MPI launcher on the PATH).
        p(r"mpiname does not exist, mvapich is not installed properly|mpirun or mpiexec were not found\. Ensure that "
          r"Intel MPI, Open MPI, or MVAPICH are installed", "mpi_launch", E,
          "the MPI launcher the job asks for is not installed (or not on the PATH) where it starts",
          "install the MPI the launch names (MVAPICH, Open MPI, Intel MPI) on every node and put its bin/ on PATH, or "
          "pick the launcher that is installed (DeepSpeed --launcher pdsh/openmpi)", C.OTHER),
        # Accelerate utils/launch.py:236: the --main_process_port given is held by another process (a previous run
        # still alive); on one machine it goes on with a free port, which a multi-machine launch cannot.
        p(r"Port `\d+` is already in use\. Accelerate will attempt to launch in a standalone-like mode",
          "port_in_use", W, "the main process port is held by another process (a previous run still alive, or two "
          "jobs on one port); Accelerate picks a free one on a single machine",
          "stop the stale run (`ss -ltnp | grep PORT`) or pass another --main_process_port (0 picks a free one)",
          C.APPLICATION_BUG, "root", (C.FIREWALL_OR_PORT_BLOCKED,)),
        # Lightning signal_connector.py:109 (_sigterm_notifier_fn, with lightning_utilities' "[rank: N]" prefix): the
        # process was sent SIGTERM from outside, the scheduler's time limit or preemption (SLURM requeues on it).
        p(r"(?:\[rank: \d+\] )?Received SIGTERM: \d+\s*$", "job_stopped", W,
          "the training process was stopped from outside with SIGTERM (the scheduler's time limit, preemption, "
          "scancel or kubectl delete), not by an error of the job",
          "read why the scheduler stopped the job (`sacct -j <id> -o State,Reason`, `kubectl describe pod`); if it "
          "had hung until its time limit, the hang's own lines above are the cause", C.OTHER, "collateral",
          (C.HANG_COLLECTIVE_MISMATCH,)),
        # -- fine-tuning frameworks ---------------------------------------------------------------------------------
        # ms-swift rlhf_trainers/vllm_client.py:109 (check_server): the rollout server's /health/ never answered in
        # time, which says nothing of why (not started yet, still loading, crashed, another address): read the
        # server's own log. Before the generic words ("not reachable").
        p(r"Servers not reachable after [\d.]+s: \[", "worker_failed", E,
          "the trainer gave up waiting for its rollout server(s): the server's own log says why (not started, still "
          "loading the model, crashed, or listening on another address)", "read the rollout server's log (`swift "
          "rollout` output); start it before the trainer and check the host and port the trainer is given", None,
          "collateral"),
        # transformers trainer.py:478 (fsdp without a distributed launch), training_args.py:1908 (a process group
        # but not a torchrun launch); axolotl utils/trainer.py:542 (accelerate's state made before DeepSpeed's
        # setup); LLaMA-Factory hparams/parser.py:469/:472 (run with python, not llamafactory-cli/torchrun);
        # torchtune utils/_device.py:154 (a device index other than the local rank), training/_distributed.py:279
        # (init_process_group called twice).
        p(r"Using fsdp only works in distributed training|torch\.distributed process group is initialized, but "
          r"parallel_mode != ParallelMode\.DISTRIBUTED|Distributed State already initialized before Deepspeed setup|"
          r"Please launch distributed training with `llamafactory-cli` or `torchrun`|Please use `FORCE_TORCHRUN=1` "
          r"to launch DeepSpeed training|You can't specify a device index when using distributed training\. Device "
          r"specified is|^\W*(?:RuntimeError: )?torch\.distributed already initialized\.?\s*$",
          "framework_usage", E, "the fine-tuning framework was started or set up in a way it refuses: a script run "
          "with python where its launcher is needed, a process group or device chosen before the framework's own",
          "start it through the framework's launcher (torchrun, accelerate launch, llamafactory-cli with "
          "FORCE_TORCHRUN=1), let it initialise the process group once, and leave the device to the local rank",
          C.APPLICATION_BUG),
        # transformers distributed/utils.py:335 and configuration_utils.py:149 (the mesh against WORLD_SIZE); axolotl
        # utils/distributed.py:337/:378 and the expert-parallel plugin.py:286; LLaMA-Factory parser.py:344/:348
        # (Megatron Bridge), train/tuner.py:325/:335 (the Ray cluster's devices and alive nodes), v1
        # accelerator/interface.py:97; torchtune _distributed.py:764 (KV heads over the tensor-parallel size),
        # utils/_device.py:100 (a local rank past the node's GPUs); ms-swift utils/env.py:70 and the arguments'
        # checks (is_mp: each process sees several GPUs, which DeepSpeed, vLLM and Megatron-FSDP refuse), Megatron-FSDP
        # needing CUDA_DEVICE_MAX_CONNECTIONS > 1; unsloth_zoo training_utils.py:558 (its trainer under a launcher of
        # several GPUs).
        p(r"The parallel mesh requires \d+ processes, but world_size is|WORLD_SIZE \(\d+\) must be divisible by "
          r"\w+_size|The configured parallelisms are incompatible with the current world size|expert_parallel_size "
          r"\(\d+\) (?:must divide world_size|\*.*but world_size = \d+)|Total Megatron Bridge parallel size \(\d+\) "
          r"(?:exceeds|must divide) `world_size`|The number of devices in the Ray cluster \(\d+\) should be greater "
          r"than num_workers|The `master_addr` \(\S+\) is not in Ray cluster or not alive|dp_size \* cp_size must "
          r"equal to world_size|(?<!total )Number of (?:attention|KV) heads \(\d+\) must be divisible by tensor "
          r"parallel size|The local rank is larger than the number of available GPUs|n_gpu: \d+, local_world_size: "
          r"\d+|GRPO with vLLM is not compatible with `device_map`|Megatron-FSDP requires `CUDA_DEVICE_MAX_CONNECTIONS "
          r"> 1`|Unsloth currently does not (?:support|work on) multi GPU setups|"
          # huggingface/accelerate accelerator.py (prepare_model): a model loaded with device_map="auto" spread over
          # every GPU by one process, then launched as several; meta-llama/llama generation.py (build): a checkpoint
          # of MP shards loaded by a world of another size.
          r"You can't train a model that has been loaded with `device_map='auto'` in any distributed mode|"
          r"Loading a checkpoint for MP=\d+ but world size is \d+",
          "launch_config", E, "the launch does not fit the fine-tuning job: its parallel sizes do not multiply to the "
          "world size, or the processes per node and the GPUs each sees are not what the framework needs",
          "start as many processes as the parallel sizes multiply to (tp x pp x cp x ep x dp = WORLD_SIZE), one per "
          "GPU (ms-swift: NPROC_PER_NODE = visible GPUs), a tensor-parallel size that divides the model's heads, a "
          "world as large as the checkpoint's shards (MP); run Unsloth, or a model loaded with device_map='auto', "
          "as one process with python, not torchrun", C.APPLICATION_BUG),
        # transformers trainer.py:3360 (auto_find_batch_size caught an OOM in evaluation); unsloth_zoo
        # fused_losses/cross_entropy_loss.py:270 (the GPU has no memory left for the fused loss's chunks).
        p(r"Evaluation hit an out-of-memory error|Unsloth: No or negligible GPU memory available for fused", "oom", E,
          "the GPU ran out of memory in the fine-tuning job", "lower per_device_eval_batch_size (or the training "
          "batch and sequence length), shard more (FSDP/ZeRO), and check no other process holds the GPU", C.OOM),
        # transformers generation/continuous_batching/distributed.py:179: NCCL_GRAPH_MIXING_SUPPORT must be 0 before
        # the process group is made, and was not ("performance will be harmed").
        p(r"NCCL_GRAPH_MIXING_SUPPORT was not set to '0' before init_process_group", "host_setting", W,
          "transformers' continuous batching needs NCCL_GRAPH_MIXING_SUPPORT=0 for speed and the process group was "
          "made without it", "export NCCL_GRAPH_MIXING_SUPPORT=0 in the launch environment (or build the "
          "ContinuousBatchingConfig before from_pretrained)", C.PERFORMANCE_CONFIG),
        # torchtune utils/_device.py:163: _setup_device already checked the index against the device count and set
        # the device, so only a CUDA call failing on a GPU that is there reaches this raise.
        p(r"The device cuda:\d+ is not available on this machine", "cuda_error", E,
          "a CUDA call failed on a GPU the process can see: the driver or the GPU is unhealthy",
          "check `nvidia-smi` and `dmesg | grep -i xid` on that node; read the CUDA error chained above it",
          C.CUDA_OR_DRIVER),
        # ms-swift cli/main.py:59: the config's ENV section sets NCCL_SOCKET_IFNAME (GLOO_SOCKET_IFNAME, NCCL_IB_HCA)
        # but the environment's value is kept, so NCCL uses an interface the job was not configured for.
        p(r"(?:(?:NCCL|GLOO)_SOCKET_IFNAME|NCCL_IB_HCA) is already set in environment, using `[^`]*` instead of",
          "env_overwritten", W, "the launcher kept the environment's network devices over the ones the job's config "
          "sets: NCCL uses an interface or HCA the job was not configured for", "unset the variable in the shell "
          "(NCCL_SOCKET_IFNAME, GLOO_SOCKET_IFNAME, NCCL_IB_HCA), or set it there to the devices that join the nodes "
          "(`ip -br addr`, `ibstat`)", C.WRONG_INTERFACE, "likely",
          (C.TOPOLOGY_OR_NUMA,)),
    )
