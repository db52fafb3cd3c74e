"""Rules from the sixth and eighth sweeps of public threads (PyTorch's distributed stack; training stacks and the
clusters they run on): lines analyze did not read or read with a cause their thread contradicts. Each is quoted from
the thread named above its test, and tested on text that must not trigger it."""

from __future__ import annotations

from line_reading import assert_reads, causes, lead

from ncclkit.logs.analyze import analyze_text


# kubeflow/trainer#1504, pytorch/pytorch#132950: torchrun's start-up banner.
def test_torchruns_banner_is_no_timeout() -> None:
    assert lead("  rdzv_configs     : {'timeout': 900}\n") is None
    assert lead("torch.distributed.DistStoreError: Timed out after 901 seconds waiting for clients. 1/2 clients "
                "joined.\n") is not None


# detectron2#3322 (hard-wrapped), zunxbt/gensyn-testnet#10 and unslothai/unsloth#1959 (torch 2.2 - 2.3's wording),
# Lightning-AI/pytorch-lightning#6893 and IML-DKFZ/fd-shifts#3 (pickling under ddp_spawn).
def test_framework_warnings_in_their_other_wordings() -> None:
    assert_reads("[W ProcessGroupNCCL.cpp:1569] Rank 0 using best-guess GPU 0 to perform barrier as devices used by",
                 "log.framework_usage", "application_bug")
    assert_reads("[rank0]:[W1201 ProcessGroupNCCL.cpp:1168] Warning: WARNING: process group has NOT been destroyed "
                 "before we destruct ProcessGroupNCCL. On normal program exit, the application should call "
                 "destroy_process_group to ensure that any pending NCCL operations have finished in this process.",
                 "log.framework_usage", "application_bug")
    for line in ("_pickle.PicklingError: Can't pickle <class 'types.PartialBuilds_LinearWarmupCosineAnnealingLR'>: "
                 "attribute lookup PartialBuilds_LinearWarmupCosineAnnealingLR on types failed",
                 "Can't pickle <function BoringModel.training_step at 0x7f8d684573b0>: it's not the same object as "
                 "__main__.BoringModel.training_step"):
        assert_reads(line, "log.framework_usage", "application_bug")
    assert lead("Saved the pickle of the model to /tmp/model.pkl\n") is None


# pytorch/pytorch#156535, #70985, #113765; meta-pytorch/torchrec#4290, #602, #1388; cfzd/FcaNet#12;
# Lightning-AI/pytorch-lightning#4678; skyhehe123/SA-SSD#91; mosaicml/diffusion#36.
def test_the_programs_own_use_of_its_frameworks() -> None:
    for line in ("RuntimeError: got mixed torch.Tensor and DTensor, need to convert all torch.Tensor to DTensor before "
                 "calling distributed operators!",
                 "RuntimeError: Number of local shards (0) does not match number of local shards metadata in "
                 "sharded_tensor_metadata (1) on rank (62)",
                 "RuntimeError: All tensor operands to scatter/gather must have the same number of elements",
                 "RuntimeError: Rank 1 has different values for step: 8016.0. Other ranks: 7870.0",
                 "RuntimeError: table-wise sharding on a single EmbeddingBag is not supported yet",
                 "RuntimeError: all tensors must be on devices[0]"):
        assert_reads(line, "log.framework_usage", "application_bug")
    for line in ("launch.py: error: argument --nproc_per_node: invalid int value: ''",
                 "lightning.pytorch.utilities.exceptions.MisconfigurationException: ddp2 only works in SLURM or via "
                 "torchelastic with the WORLD_SIZE, LOCAL_RANK, GROUP_RANK flags",
                 "composer.utils.dist.MissingEnvironmentError: Torch distributed is initialized but environment "
                 "variable NODE_RANK is not set."):
        assert_reads(line, "log.launch_config", "application_bug")
    assert lead("INFO: all tensors were moved to devices[0] before the forward\n") is None


# pytorch/pytorch#151666: the flight-recorder analyzer names a culprit; #135355: c10d's address families differ.
def test_the_flight_recorder_analyzers_verdict_and_mixed_address_families() -> None:
    assert_reads("error msg: Culprit rank 1; Error type: COLLECTIVE_STATE_MISMATCH, Expected state: 'scheduled' does "
                 "not match found state: 'completed'", "log.collective_mismatch", "hang_collective_mismatch")
    assert_reads("[E socket.cpp:922] ss1.ss_family == ss2.ss_family. 2 vs 10", "log.name_resolution",
                 "hostname_resolution")
    assert lead("error msg: Culprit rank 1; Error type: NONE\n") != ("log.collective_mismatch",
                                                                   "hang_collective_mismatch")


# NVIDIA/pyxis#172, #42; NVIDIA/enroot#69, #141; awslabs/awsome-distributed-ai#660; SlinkyProject/containers#2;
# NVIDIA/NeMo-Framework-Launcher#73 (pyxis not loaded).
def test_pyxis_and_enroot_refusals() -> None:
    for line in ("/bin/bash: enroot-aufs2ovlfs: command not found",
                 "slurmstepd: error: pyxis: seccomp filter failed: Function not implemented",
                 "[ERROR] Command not found: squashfuse",
                 "enroot-aufs2ovlfs: failed to set capabilities: Operation not permitted",
                 "error: pyxis:     nvidia-container-cli: ldcache error: process /usr/sbin/ldconfig.real failed with "
                 "error code: 1",
                 "srun: unrecognized option '--container-image'"):
        assert_reads(line, "log.container_start", "other")
    assert_reads('error: pyxis: error: a container with name "pyxis_nemo-25.07.gpt_oss" does not exist, and '
                 "--container-image is not set", "log.container_start", "application_bug")
    # the NVIDIA hook's own missing tool stays the GPU's
    assert_reads("[ERROR] Command not found: nvidia-container-cli, see https://github.com/NVIDIA/libnvidia-container",
                 "log.gpu_missing", "cuda_or_driver")


# NVIDIA/Megatron-LM#172, nico-bohlinger/one_policy_to_run_them_all#5: no Slurm configuration on this machine;
# horovod/horovod#527: orted missing on the remote node; PaddleCloud#258: the old GPU resource name.
def test_launch_machinery_missing_on_the_node() -> None:
    assert_reads("sbatch: error: resolve_ctls_from_dns_srv: res_nsearch error: Unknown host", "log.launch_config",
                 "other")
    assert_reads("srun: error: s_p_parse_file: unable to status file /etc/slurm-llnl/slurm.conf: No such file or "
                 "directory, retrying in 1sec up to 60sec", "log.launch_config", "other")
    assert_reads("/usr/local/bin/orted: No such file or directory", "log.mpi_launch", "other")
    assert_reads("  Warning  FailedScheduling  10s  default-scheduler  0/3 nodes are available: 3 Insufficient "
                 "alpha.kubernetes.io/nvidia-gpu (3).", "log.launch_config", "application_bug")
    assert lead("ssh: Could not resolve hostname node7: Name or service not known\n") == ("log.name_resolution",
                                                                                          "hostname_resolution")


# volcano-sh/volcano#2952: DeepSpeed's "not reachable via ssh" is the symptom, ssh's failed name lookup its cause.
def test_the_launchers_ssh_symptom_yields_to_the_name_lookup() -> None:
    paste = ("RuntimeError: Using hostfile at /etc/hostfile but host=ft-main-0.ft was not reachable via ssh. If you are "
             "running with a single node please remove /etc/hostfile or setup passwordless ssh.\n"
             "ssh: Could not resolve hostname ft-main-0.ft: Name or service not known\n")
    assert lead(paste) == ("log.name_resolution", "hostname_resolution")
    assert lead(paste.splitlines(keepends=True)[0]) == ("log.mpi_launch", "other")


# NVIDIA/gpu-operator#1063 (no driver on the host), canonical/microk8s#3097 (infoROM).
def test_the_gpu_operators_host_driver_check_and_a_corrupt_inforom() -> None:
    assert_reads("chroot: failed to run command 'nvidia-smi': No such file or directory", "log.gpu_missing",
                 "cuda_or_driver")
    assert_reads("WARNING: infoROM is corrupted at gpu 0000:00:05.0", "log.gpu_fault", "cuda_or_driver")
    assert lead("chroot: failed to run command 'bash': No such file or directory\n") != ("log.gpu_missing",
                                                                                         "cuda_or_driver")


# tensorflow/tensorflow#34375 (NCCL 2.4.7): every NIC at PHB, so 2.4 leaves GPUDirect RDMA off for the placement.
def test_nccl_24s_nic_distance_explains_channels_without_gdr() -> None:
    head = ":5202:5683 [0] NCCL INFO CUDA Dev 0[0], IB NIC distance :  {}\n"
    ring = (":5202:5683 [0] NCCL INFO Ring 00 : 1 -> 0 [receive] via NET/IB/0\n"
            ":5202:5683 [0] NCCL INFO Ring 00 : 0 -> 1 [send] via NET/IB/0\n")
    assert lead(head.format("PHB") + ring) == ("log.no_gdrdma", "topology_or_numa")
    assert lead(head.format("PIX") + ring) == ("log.no_gdrdma", "gdr_unavailable")


# pytorch/pytorch#14870 (NCCL 2.3): "Using internal Network IB" names the network; its socket lines are bootstrap.
def test_nccl_23s_network_line_is_read() -> None:
    log = ("docker-1:19123:19123 [2] INFO NET : Using interface eth1:100.88.66.138<0>\n"
           "docker-1:19123:19123 [2] INFO NET/IB: [0] mlx4_0:2/RoCE\n"
           "docker-1:19123:19123 [2] INFO Using internal Network IB\n"
           "docker-1:19123:19685 [2] INFO NET/Socket : 1 interfaces found\n")
    result = analyze_text(log)
    assert result["network"] == "IB"
    assert "socket_fallback" not in [c for _, c in causes(log)]
    assert analyze_text(log.replace("Network IB", "Network Socket"))["network"] == "Socket"


# A bare ncclSystemError with the ranks on two nodes: shared memory, which joins ranks of one node, comes last.
def test_a_bare_system_error_on_several_nodes_puts_the_network_first() -> None:
    error = "RuntimeError: NCCL error in: ProcessGroupNCCL.cpp:1, unhandled system error, NCCL version 2.21.5\n"
    init = "a:1:2 [0] NCCL INFO comm 0x1 rank 0 nRanks 16 nNodes {} localRanks 8 localRank 0 MNNVL 0\n"
    several = [c for _, c in causes(init.format(2) + error)]
    assert several[0] == "wrong_interface" and several[-1] == "shm_too_small"
    assert [c for _, c in causes(init.format(1) + error)][0] == "shm_too_small"
