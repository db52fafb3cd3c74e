"""Readings written after the held-out rounds 351 - 358 of 2026-12-07: a launcher's options after the script, more
MPI processes than the machine's GPUs, ranks that freed their communicator while another hung, a run pinned to one GPU
that printed a tensor on GPU 0, and three wordings of the program's own device and build. Each on the thread's text
and on text that must not trigger it."""

from __future__ import annotations

from line_reading import causes, ids, lead

from ncclkit.logs.analyze import analyze_text

# tianrun-chen/SAM-Adapter-PyTorch#42: four GPUs, one used
_LATE = ("Hi , I have 4 gpus and trying to tune the SAM-Adapter model\n"
         "command used : CUDA_VISIBLE_DEVICES=0,1,2,3 python -m torch.distributed.launch train.py --nnodes 1 "
         "--nproc_per_node 4 --config configs/demo.yaml\n"
         "I have successed training but i found that there is only one gpu is used !!\n")


def test_launcher_options_after_the_script_go_to_the_script() -> None:
    assert lead(_LATE) == ("log.launcher_options_after_script", "application_bug")
    torchrun = "torchrun train.py \\\n  --nproc_per_node=8 --lr 1e-4\nonly one process starts\n"
    assert lead(torchrun) == ("log.launcher_options_after_script", "application_bug")


def test_launcher_options_in_their_place_are_not_read() -> None:
    before = _LATE.replace("train.py --nnodes 1 --nproc_per_node 4", "--nnodes 1 --nproc_per_node 4 train.py")
    assert "log.launcher_options_after_script" not in ids(before)
    # a script that takes an option of that name too: the launcher's own is before the script
    both = "torchrun --nproc_per_node=4 train.py --nproc_per_node 4\nonly one gpu is used\n"
    assert "log.launcher_options_after_script" not in ids(both)
    assert "log.launcher_options_after_script" not in ids(_LATE.replace("torch.distributed.launch", "my_launcher"))


# golosio/NeuronGPU#4: eight MPI processes of a Python script on two GPUs
_EIGHT = ('(Potjans_2014)  "mpirun -np 8 python3 run_microcircuit.py"，on single machine with 2 GPUs，it will crash or '
          'process killed，does this mean that equal or more GPUs are required?\n')


def test_more_mpi_processes_than_the_machines_gpus() -> None:
    assert lead(_EIGHT) == ("log.ranks_exceed_gpus", "application_bug")
    found = next(f for f in _findings(_EIGHT) if f["id"] == "log.ranks_exceed_gpus")
    assert found["subject"] == "-np" and "-np 2" in found["fix"]


def test_mpi_processes_within_the_gpus_or_over_hosts_are_not_read() -> None:
    assert "log.ranks_exceed_gpus" not in ids(_EIGHT.replace("-np 8", "-np 2"))
    assert "log.ranks_exceed_gpus" not in ids(_EIGHT.replace("-np 8", "-np 8 -H a,b,c,d"))
    # a program other than Python (LAMMPS shares a GPU among MPI ranks by design)
    assert "log.ranks_exceed_gpus" not in ids(_EIGHT.replace("python3 run_microcircuit.py", "lmp -in in.lj"))
    assert "log.ranks_exceed_gpus" not in ids(_EIGHT.replace("on single machine with 2 GPUs", "on one machine"))


# EleutherAI/sparsify#68 (NCCL 2.21.5): ranks 1 - 3 freed their communicators after the last step, rank 0 hung
_HUNG = ("Training appears to complete, but the program just hangs:\n"
         "Training: 100%|█████████▉| 13907/13908 [1:58:03<00:00,  1.96it/s]\n"
         "host:359:394 [3] NCCL INFO [Service thread] Connection closed by localRank 3\n"
         "host:358:395 [2] NCCL INFO [Service thread] Connection closed by localRank 2\n"
         "host:359:940 [3] NCCL INFO comm 0xcf44370 rank 3 nranks 4 cudaDev 3 busId 400000 - Abort COMPLETE\n"
         "host:358:941 [2] NCCL INFO comm 0xbf5d0e0 rank 2 nranks 4 cudaDev 2 busId 300000 - Abort COMPLETE\n"
         "host:357:942 [1] NCCL INFO comm 0xc7602b0 rank 1 nranks 4 cudaDev 1 busId 200000 - Abort COMPLETE\n")


def test_ranks_that_freed_their_communicator_while_one_hung() -> None:
    read = causes(_HUNG)
    assert read[0] == ("log.peer_left_early", "application_bug")
    assert ("log.alternative", "hang_collective_mismatch") in read[:3]
    found = next(f for f in _findings(_HUNG) if f["id"] == "log.peer_left_early")
    assert found["subject"] == "rank 0" and found["evidence"]["lines"] == [5, 6, 7]


def test_a_teardown_of_every_rank_or_after_a_timeout_is_not_read() -> None:
    every = _HUNG + "host:356:943 [0] NCCL INFO comm 0xd1 rank 0 nranks 4 cudaDev 0 busId 100000 - Abort COMPLETE\n"
    assert "log.peer_left_early" not in ids(every)
    # a watchdog's timeout aborts the ranks that waited: those lines say so, not this reading
    timed = _HUNG + "[rank0]:[E ProcessGroupNCCL.cpp:616] Watchdog caught collective operation timeout\n"
    assert "log.peer_left_early" not in ids(timed)
    assert "log.peer_left_early" not in ids(_HUNG.replace("but the program just hangs", "and the program exits"))


# TransformerLensOrg/TransformerLens#217: the model on cuda:2, its activation cache on GPU 0
_PINNED = ('model = HookedTransformer.from_pretrained(model_name, device="cuda:2")\n'
           'token = model.to_tokens("testing 1 2 3")\n'
           "logits, cache = model.run_with_cache(token)\n"
           "print(logits.get_device())\n"
           "print(model.cfg.device)\n"
           'print(cache["blocks.0.mlp.hook_post"].get_device())\n'
           "Output: \n2\ncuda:2\n0\n")


def test_a_tensor_on_gpu_0_of_a_run_pinned_to_another() -> None:
    assert lead(_PINNED) == ("log.tensor_on_default_gpu", "application_bug")
    assert ("log.alternative", "other") in causes(_PINNED)[:3]
    printed = "x = torch.ones(2).to('cuda:1')\ny = layer(x)\n>>> y\ntensor([1., 1.], device='cuda:0')\n"
    assert lead(printed) == ("log.tensor_on_default_gpu", "application_bug")


def test_a_run_on_gpu_0_or_without_a_device_shown_is_not_read() -> None:
    assert "log.tensor_on_default_gpu" not in ids(_PINNED.replace('"cuda:2"', '"cuda:0"'))
    assert "log.tensor_on_default_gpu" not in ids(_PINNED.replace("\n0\n", "\n2\n"))
    # a bare 0 with no device query in the code is a count, not a device
    unqueried = 'model = Model().to("cuda:1")\nprint(len(errors))\n0\n'
    assert "log.tensor_on_default_gpu" not in ids(unqueried)
    # pytorch/pytorch#84525: each rank's tensor printed on its own GPU, none of them a choice of the program
    printed = ("Tensor on rank 3: tensor([[3., 3.]], device='cuda:3', dtype=torch.float16)\n"
               "From GPU 0: tensor([[0.0000, 0.0078]], device='cuda:0')\n")
    assert "log.tensor_on_default_gpu" not in ids(printed)


def test_the_programs_device_and_build_in_torchs_other_wordings() -> None:
    # miladmozafari/SpykeTorch#11: torch.where's device check under DataParallel
    where = ("RuntimeError: Expected condition, x and y to be on the same device, but condition is on cuda:7 and x "
             "and y are on cuda:0 and cuda:0 respectively\n")
    assert lead(where) == ("log.framework_usage", "application_bug")
    # zjunlp/EasyEdit#33: a config that lists two GPUs where torch takes one
    assert lead("`RuntimeError: Invalid device string: 'cuda:0,1'`\n") == ("log.framework_usage", "application_bug")
    # nlpyang/BertSum#33: torch 1.1's THD on a build without NCCL (the build's first, the program's next)
    thd = ("`RuntimeError: the distributed NCCL backend is not available; try to recompile the THD package with CUDA "
           "and NCCL 2+ support at /opt/conda/conda-bld/pytorch/work/torch/lib/THD/process_group/General.cpp:17`\n")
    assert lead(thd) == ("log.framework_usage", "other")
    assert ("log.alternative", "application_bug") in causes(thd)
    assert "log.framework_usage" not in ids("RuntimeError: the distributed NCCL backend is available\n")
    assert "log.framework_usage" not in ids("RuntimeError: Expected condition to be a boolean tensor\n")


# spyking-circus/spyking-circus#248: an MPI tool's traceback with no exception line and no GPU word
_MPI_TOOL = ("| Intel MPI may not be yet properly implemented: contact developpers\n"
             "Traceback (most recent call last):\n"
             '  File "C:\\Users\\me\\circus\\scripts\\launch.py", line 428, in main\n'
             "    subprocess.check_call(mpi_args)\n")


def test_a_failed_mpi_job_gets_the_prior() -> None:
    assert lead(_MPI_TOOL) == ("log.base_rate", "application_bug")
    assert "log.base_rate" not in ids(_MPI_TOOL.replace("Intel MPI", "Intel TBB").replace("mpi_args", "args"))


def _findings(text: str) -> list[dict]:
    return list(analyze_text(text)["findings"])


# OpenGVLab/EfficientQAT#14: four GPUs shown to a script started with python, one used
_ONE = ("As title. I set `CUDA_VISIBLE_DEVICES=0,1,2,3` before `python main_e2e_qp.py --xxxxx`. I found that only GPU0 "
        "was used during training. Is there any parameters I missed?\n")


def test_one_gpu_of_several_doing_the_work() -> None:
    read = causes(_ONE)
    assert read[0] == ("log.one_gpu_used", "application_bug") and ("log.alternative", "oom") in read[:3]
    assert lead("In the nvidia-smi, only the first one is working.\n") == ("log.one_gpu_used", "application_bug")
    assert lead("nvidia-smi shows only the first GPU is busy while training\n") == ("log.one_gpu_used",
                                                                                   "application_bug")
    # an error line that names a cause leads before the reporter's words
    oom = _ONE + "torch.cuda.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB\n"
    assert lead(oom) == ("log.oom", "oom")


def test_a_baseline_or_a_count_of_one_gpu_is_not_read() -> None:
    for text in ("the training time never decreased compared to only using a single GPU\n",
                 "I only have one GPU, so I set --nproc_per_node 1\n", "only one GPU is available on this node\n",
                 "I tried three fixes; only the first one is working.\n"):
        assert "log.one_gpu_used" not in ids(text)


def test_a_program_that_needs_several_processes_started_as_one() -> None:
    # brainiak/brainiak#467: FCMA's voxel selection run with python, not mpirun -np N
    brainiak = ("  File \"/opt/brainiak/fcma/voxelselector.py\", line 170, in run\n"
                "    raise RuntimeError('one process cannot run the '\n"
                "RuntimeError: one process cannot run the master-worker model\n")
    assert lead(brainiak) == ("log.launch_config", "application_bug")
    assert lead("ValueError: this solver requires at least 2 MPI processes\n") == ("log.launch_config",
                                                                                 "application_bug")
    assert "log.launch_config" not in ids("RuntimeError: one process cannot open the file twice\n")


def test_older_torchs_wording_of_unused_parameters() -> None:
    # joanaapa/Distillation-DNABERT-Promoter#1 (torch 1.x's reducer: "... in producing loss", no article)
    older = ('When using the DDP mode to train the model, it would raise the error of "This error indicates that your '
             'module has parameters that were not used in producing loss".\n')
    assert lead(older) == ("log.framework_usage", "application_bug")
    assert "log.framework_usage" not in ids("every parameter was used in producing loss\n")
