"""Rules from round 61 of the held-out measurement, and readings corrected on review (a launcher-neutral shell error,
an interface state that leaked to any line, services outside the cluster read as the job's network, the GPUs missing
from a container), each tested on the text that carries it and on text that must not trigger it."""

from __future__ import annotations

from ncclkit.logs.analyze import analyze_text

from line_reading import assert_reads, causes, lead


# A shell that cannot parse the command a launcher built is any launcher's (sbatch, pdsh, mpirun), not DeepSpeed's:
# its fix names the unquoted value; DeepSpeed's own release notes stay on its venv-script and OpenMPI lines.
def test_a_shell_syntax_error_names_the_unquoted_value_not_one_launcher() -> None:
    line = "bash: -c: line 0: syntax error near unexpected token `('"
    assert_reads(line, "log.framework_release", "other")
    fix = next(f["fix"] for f in analyze_text(line + "\n")["findings"] if f["cause"])
    assert "quote" in fix and "venv" not in fix
    assert_reads("OSError: MPI environment variables are not set. Ensure you are running the script with an "
                 "MPI-compatible launcher.", "log.framework_release", "other")
    assert lead("bash: line 1: python: command not found\n") != ("log.framework_release", "other")


# Lightning-AI/pytorch-lightning#6206: Lightning 1.x's rank claims ("initializing ddp: ..."), each rank claimed by
# two Slurm tasks when --ntasks-per-node is missing.
def test_a_rank_claimed_twice_in_lightning_1x_words_is_the_launch() -> None:
    claims = ("initializing ddp: GLOBAL_RANK: 1, MEMBER: 2/4\ninitializing ddp: GLOBAL_RANK: 1, MEMBER: 2/4\n"
              "initializing ddp: GLOBAL_RANK: 0, MEMBER: 1/4\ninitializing ddp: GLOBAL_RANK: 0, MEMBER: 1/4\n")
    assert lead(claims) == ("log.launch_config", "application_bug")
    # Each rank claimed once is a healthy start.
    once = "".join(f"initializing ddp: GLOBAL_RANK: {r}, MEMBER: {r + 1}/4\n" for r in range(4))
    assert lead(once) is None


# ultralytics/ultralytics#2132: a user's own summary of CUDA's error (set_device with the global rank on node 2).
def test_a_summarised_invalid_device_ordinal_is_the_device_mapping() -> None:
    assert_reads("```CUDA Invalid device ordinal in trainer.py:195```", "log.cuda_error", "application_bug")
    assert_reads("CUDA Invalid device ordinal", "log.cuda_error", "application_bug")
    # A sentence about the error is not the error.
    assert lead("We hit an invalid device ordinal once and fixed the launch script after that.\n") != (
        "log.cuda_error", "application_bug")


# The interface row's "no usable / no valid / no matching / has no address" states belong to an interface named on
# the same line; they leaked out of its subject check to any line (ultralytics' AutoBatch read as an interface).
def test_an_interface_state_needs_the_interface_on_its_line() -> None:
    assert lead("RuntimeError: AutoBatch: no usable batch size found while profiling batch=[1, 2, 4]. See the errors "
                "above, free GPU memory\n") != ("log.no_interface", "wrong_interface")
    assert lead("ValueError: no matching checkpoint found in ./ckpt\n") != ("log.no_interface", "wrong_interface")
    assert_reads("RuntimeError: network interface eth1 has no address", "log.no_interface", "wrong_interface")
    assert_reads("Error: no usable network interface found (SOCKET_IFNAME=ens9)", "log.no_interface",
                 "wrong_interface")


# NVIDIA's CUDA images say so when started without the GPUs; a shell without nvidia-smi is the same where the runtime
# mounts it with the driver.
def test_a_container_started_without_the_gpus_is_the_missing_driver() -> None:
    assert_reads("WARNING: The NVIDIA Driver was not detected.  GPU functionality will not be available.",
                 "log.gpu_missing", "cuda_or_driver")
    assert_reads("bash: nvidia-smi: command not found", "log.gpu_missing", "cuda_or_driver")
    assert lead("bash: pdsh: command not found\n") != ("log.gpu_missing", "cuda_or_driver")


# The Hugging Face Hub, W&B and PyPI are reached over the node's way out, not the network between the job's nodes.
def test_a_service_on_the_internet_is_not_the_jobs_network() -> None:
    assert_reads("wandb: ERROR Failed to connect to W&B servers", "log.internet_service", "other")
    assert_reads("OSError: We couldn't connect to 'https://huggingface.co' to load this file, couldn't find it in the "
                 "cached files and it looks like meta-llama/Llama-2-7b-hf is not the path to a directory",
                 "log.internet_service", "other")
    assert_reads("requests.exceptions.ConnectionError: HTTPSConnectionPool(host='huggingface.co', port=443): Max "
                 "retries exceeded with url: /api/models/gpt2 (Caused by NewConnectionError('<urllib3.connection."
                 "HTTPSConnection object at 0x7f3a>: Failed to establish a new connection: [Errno 101] Network is "
                 "unreachable'))", "log.internet_service", "other")
    # The rendezvous refused between nodes stays the job's own network.
    assert lead("torch.distributed.DistNetworkError: Connection refused: connect to 10.0.0.1:29500\n") != (
        "log.internet_service", "other")


def test_a_slurm_step_asking_more_than_its_allocation_is_the_launch() -> None:
    assert_reads("srun: error: Unable to create step for job 1234: More processors requested than permitted",
                 "log.launch_config", "application_bug")


# Round 62. deepspeedai/DeepSpeed#2612: `hostname -I` on the first node (a pod) answered nothing.
def test_deepspeeds_empty_master_address_is_the_first_nodes_name() -> None:
    assert_reads("[2022-12-15 21:00:19,543] [INFO] [runner.py:417:main] Using IP address of  for node "
                 "ddp-0.ddp.ml-dev.svc.cluster.local", "log.name_resolution", "hostname_resolution")
    assert lead("[INFO] [runner.py:417:main] Using IP address of 10.1.2.3 for node node-0\n") is None
    assert lead("cmd = pdsh -w a,b export X=1; cd /; python -u -m deepspeed.launcher.launch --node_rank=%n "
                "--master_addr=10.1.2.3 --master_port=29500 train.py\n") is None


# NVIDIA/nvidia-docker#1283 (--gpus 2 on a one-GPU host) and #288 (a restart before the driver made its nodes).
def test_docker_gpu_requests_the_host_cannot_meet() -> None:
    assert_reads('docker: Error response from daemon: OCI runtime create failed: container_linux.go:349: starting '
                 'container process caused "process_linux.go:449: container init caused \\"process_linux.go:432: '
                 'running prestart hook 0 caused \\\\\\"error running hook: exit status 1, stdout: , stderr: '
                 'nvidia-container-cli: device error: 1: unknown device\\\\\\\\n\\\\\\"\\"": unknown.',
                 "log.launch_config", "application_bug")
    assert_reads('Error response from daemon: linux runtime spec devices: error gathering device information while '
                 'adding custom device "/dev/nvidia-uvm-tools": lstat /dev/nvidia-uvm-tools: no such file or '
                 'directory', "log.gpu_missing", "cuda_or_driver")
    # Another device node missing is not the GPU driver's.
    assert lead('Error response from daemon: error gathering device information while adding custom device '
                '"/dev/fuse": no such file or directory\n') != ("log.gpu_missing", "cuda_or_driver")


# A size flag a user names (docker's --shm-size, Triton's shm-size=) and the device plugin's "Loading NVML" status
# state no failure of their own.
def test_a_named_setting_or_status_is_not_the_failure() -> None:
    assert lead("I tried to set shm-size=1g as python backend configuration but the space is not increasing\n") != (
        "log.shm_error", "shm_too_small")
    assert lead("2018/01/22 09:13:01 Loading NVML\n") is None
    assert_reads("2018/01/22 09:13:01 Failed to initialize NVML: could not load NVML library.", "log.cuda_error",
                 "cuda_or_driver")


# Round 63. mlcommons/mlperf-automations#664: UCX appends its memlock hint to any refused registration.
def test_ucxs_memlock_hint_is_the_limit_whatever_it_follows() -> None:
    assert_reads("[1699999999.123456] [node:1234:0] ib_md.c:300 UCX ERROR mlx5_0: failed to allocate memory : Please "
                 "set max locked memory (ulimit -l) to 'unlimited' (current: 8192 kbytes)", "log.memlock",
                 "memlock_or_ulimit")


# meta-pytorch/monarch PR#1571: EINVAL from connect() is an unusable address (a name no node resolves), not a filter.
def test_a_connect_refused_as_invalid_is_the_address_not_a_firewall() -> None:
    assert_reads("[W1008 23:40:22.836678340 socket.cpp:767] [c10d] The client socket has failed to connect to "
                 "[job-01k72wn5f8waqw7d81mfggagn4.internal]:50745 (errno: 22 - Invalid argument).",
                 "log.socket_connect_failed", "hostname_resolution")
    assert_reads("[W1008 23:40:22.836678340 socket.cpp:767] [c10d] The client socket has failed to connect to "
                 "[10.1.2.3]:50745 (errno: 22 - Invalid argument).", "log.socket_connect_failed", "wrong_interface")
    # A refusal stays the firewall's (or a peer not listening).
    assert_reads("[W1008 23:40:22.836678340 socket.cpp:767] [c10d] The client socket has failed to connect to "
                 "[10.1.2.3]:50745 (errno: 111 - Connection refused).", "log.socket_connect_failed",
                 "firewall_or_port_blocked")


# RemoveIPC=no is the fix already made: only the setting that deletes the segments (or the deletion) is the cause.
def test_removeipc_set_to_no_is_not_the_cause() -> None:
    assert lead("Systemd IPC Cleanup: RemoveIPC=no has been explicitly configured and verified in "
                "/etc/systemd/logind.conf on the host\n") != ("log.shm_error", "shm_too_small")
    assert_reads("node1:123:456 [0] NCCL WARN unlink shared memory /dev/shm/nccl-AbCdEf failed, error: No such file "
                 "or directory", "log.shm_error", "shm_too_small")


# A connection that failed to reach a name the same paste could not resolve (torch 2.13 warns only then).
def test_a_connection_to_a_name_that_did_not_resolve_is_the_name() -> None:
    def paste(warned: str) -> str:
        return (f"[W1203 18:13:31.647812306 socket.cpp:764] [c10d] The IPv6 network addresses of ({warned}, 29511) "
                "cannot be retrieved (gai error: -2 - Name or service not known).\n"
                "[E1203 18:13:41.523292878 socket.cpp:1028] [c10d] The client socket has timed out after 15000ms "
                "while trying to connect to (job-01.internal, 29511).\n")
    assert lead(paste("job-01.internal")) == ("log.socket_connect_failed", "hostname_resolution")
    assert lead(paste("other-host.internal")) != ("log.socket_connect_failed", "hostname_resolution")


# NCCL's release rule on nvidia_peermem (gdr.peermem_version) is about a module NCCL did not detect: the GPU
# Operator's validator saying it is not loaded at all is not that.
def test_a_module_not_loaded_is_not_one_nccl_failed_to_detect() -> None:
    found = causes("node1:1:1 [0] NCCL INFO NCCL version 2.21.5+cuda12.4\n"
                   "time=\"2026-12-01T10:00:00Z\" level=info msg=\"nvidia-peermem driver is not ready\"\n")
    assert found[0] == ("log.gdr_disabled", "gdr_unavailable")
    assert "gdr.peermem_version" not in [fid for fid, _ in found]


# An errno name is a word: "default" holds "EFAULT" (libfabric cxi's "Failed to find valid default rgroup and vni").
def test_an_errno_name_inside_another_word_is_not_that_errno() -> None:
    assert lead("libfabric:1234:1700000000::cxi:domain:cxip_gen_auth_key():500<warn> cxi0: Failed to find valid "
                "default rgroup and vni\n") != ("log.ofi_error", "gdr_unavailable")
    assert_reads("node1:1:1 [0] NCCL WARN Call to ibv_reg_mr failed with error Bad address", "log.ibv_reg_mr_failed",
                 "gdr_unavailable")
