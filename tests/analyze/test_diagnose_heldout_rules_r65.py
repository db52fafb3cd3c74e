"""Rules from round 65 of the held-out measurement (tests/diagnosis/corpus-heldout-r65-*): launches whose own
arguments explain the hang, the MAD module missing under a subnet manager, an Istio policy refusing the job's port;
each tested on the text that carries it and on text that must not trigger it."""

from __future__ import annotations

from line_reading import assert_reads, lead

from ncclkit.logs.analyze import analyze_text


def _ids(text: str) -> set[str]:
    return {f["id"] for f in analyze_text(text)["findings"]}


# NVIDIA/nvidia-resiliency-ext#142: the same torchrun line on both nodes, its endpoint each node's own name.
def test_a_rendezvous_at_each_nodes_own_hostname_is_the_launch() -> None:
    cmd = ("torchrun --nproc_per_node=8 --nnodes=2 --node_rank=0 --rdzv_id=61 --rdzv_backend=c10d "
           "--rdzv_endpoint=$(hostname) train.py\n")
    assert lead(cmd) == ("log.rendezvous_self", "application_bug")
    assert lead("srun torchrun --nnodes 4 --master_addr $HOSTNAME --master_port 29500 train.py\n") == (
        "log.rendezvous_self", "application_bug")
    # One node may name itself; several nodes may name node 0.
    assert "log.rendezvous_self" not in _ids(cmd.replace("--nnodes=2", "--nnodes=1"))
    assert "log.rendezvous_self" not in _ids(cmd.replace("$(hostname)", "$head_node:29500"))


_SBATCH = ("#!/bin/bash\n#SBATCH --nodes=2\n#SBATCH --ntasks-per-node=4\n#SBATCH --gpus=8\n"
           "module load python/3.8\nsource ~/venv/bin/activate\n\nCMD\n")


# Lightning-AI/pytorch-lightning#8707: a batch script for 2 nodes x 4 tasks that runs `python test.py` itself.
def test_a_batch_script_of_several_tasks_without_srun_is_the_launch() -> None:
    assert lead(_SBATCH.replace("CMD", "python test.py")) == ("log.sbatch_without_srun", "application_bug")
    assert "log.sbatch_without_srun" not in _ids(_SBATCH.replace("CMD", "srun python test.py"))
    assert "log.sbatch_without_srun" not in _ids(_SBATCH.replace("CMD", "python -m torch.distributed.run t.py"))
    one_task = "#!/bin/bash\n#SBATCH --nodes=1\n#SBATCH --ntasks-per-node=1\npython train.py\n"
    assert "log.sbatch_without_srun" not in _ids(one_task)


# facebookresearch/detectron2#2128: machine 0 with --num-gpus 2, machine 1 with --num-gpus 1.
def test_machines_launched_with_different_gpu_counts_are_the_launch() -> None:
    line = "./tools/train_net.py --config-file c.yaml --num-gpus {} --machine-rank {} --num-machines 2 " \
           "--dist-url tcp://192.168.2.2:3002\n"
    assert lead(line.format(2, 0) + line.format(1, 1)) == ("log.machines_uneven", "application_bug")
    assert "log.machines_uneven" not in _ids(line.format(2, 0) + line.format(2, 1))


# siderolabs/docs PR#581: NVIDIA's NVLink subnet manager without the ib_umad module; opensm prints the same words.
def test_the_mad_module_missing_is_the_fabric_not_a_version_mismatch() -> None:
    tail = ("ibwarn: [15] umad_init: can't read ABI version from /sys/class/infiniband_mad/abi_version (No such file "
            "or directory): is ib_umad module loaded?")
    assert_reads("10.0.0.101: nvlsm: " + tail, "log.fabric_manager", "cuda_or_driver")
    assert_reads("opensm: " + tail, "log.ib_port_event", "ib_port_down_or_link")
    assert lead("ibwarn: umad_init: ABI version 5 found\n") is None


# kubeflow/trainer#1634: Istio's sidecar denied the c10d port that no AuthorizationPolicy rule allowed.
def test_an_istio_authorization_denial_is_the_blocked_port() -> None:
    assert_reads("rbac_access_denied_matched_policy[none]", "log.pod_network", "firewall_or_port_blocked")
    assert lead("kubectl get rolebinding -n kubeflow  # RBAC for the operator\n") is None


# The guess from failure words knows a library refusing the launch it runs under: unslothai/unsloth#724's wording
# with the library's name taken out (so no row of its own reads it), as an unknown library would print it.
def test_a_library_that_refuses_a_distributed_launch_is_guessed_as_the_launch() -> None:
    line = ("RuntimeError: {} currently does not work on multi GPU setups - sadly we are a 2 brother team so enabling "
            "it will require much more work\n")
    assert lead(line.format("Unsloth")) == ("log.launch_config", "application_bug")  # its own row
    assert lead(line.format("TheLibrary")) == ("log.error_words", "application_bug")
    assert lead("Error: gradient checkpointing is not supported with DDP in this version\n") == (
        "log.error_words", "application_bug")
    # "distributed" of another subject is not the launch: a failure that names no subject of the taxonomy (its
    # guess weighs no subject's words).
    tracing = analyze_text("Error: the server does not support distributed tracing\n")["findings"][0]
    assert tracing["id"] == "log.error_words" and tracing["evidence"]["weights"] == {}


# Round 66: a Lightning DDP run whose model leaves parameters out of the loss (a team's incident write-up,
# ChaeYeonKim0204/Alpha-Project-2026), in Lightning's words rather than the reducer's.
def test_lightnings_unused_parameters_error_is_the_programs_graph() -> None:
    assert_reads("RuntimeError: It looks like your LightningModule has parameters that were not used in producing "
                 "the loss returned by training_step.", "log.framework_usage", "application_bug")
    assert lead("All parameters were used in producing the loss.\n") is None
