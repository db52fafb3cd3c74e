"""Rules from a sweep of public issue threads for lines analyze did not read, or read with a cause the thread
contradicts (each line is quoted from the thread named above its test); each tested on the line that carries it
and on text that must not trigger it."""

from __future__ import annotations

from line_reading import assert_reads, lead

from ncclkit.logs.analyze import analyze_text


def _causes(text: str) -> list[str | None]:
    return [f["cause"] for f in analyze_text(text)["findings"]]


# jax-ml/jax#28194: Slurm's --gpus-per-task left the rank no GPU; JAX's "plugin" is its CUDA plugin.
def test_jax_without_a_usable_gpu_is_the_gpu_not_a_net_plugin() -> None:
    assert_reads("RuntimeError: Unable to initialize backend 'cuda': INTERNAL: no supported devices found for "
                 "platform CUDA (you may need to uninstall the failing plugin package, or set JAX_PLATFORMS=cpu to "
                 "skip this backend.)", "log.gpu_missing", "cuda_or_driver")


# NVIDIA/nvidia-container-toolkit#237, #183, #556, #1399: the toolkit cannot reach the host's driver.
def test_the_container_toolkit_failing_to_reach_the_driver_is_the_driver() -> None:
    for line in ("nvidia-container-cli: initialization error: driver rpc error: timed out",
                 "nvidia-container-cli: initialization error: driver rpc error: failed to process request: unknown.",
                 'stderr: nvidia-container-cli: initialization error: driver error: failed to process request\\\\n',
                 "ERROR: driverInitFileInfo 531 result=1ERROR: init 608 result=1ERROR: init 250 result=1"):
        assert_reads(line, "log.gpu_missing", "cuda_or_driver")


# ofiwg/libfabric#6437: fi_mr_reg refused with ENOMEM, as NET/OFI's registration failure is read.
def test_a_libfabric_registration_refused_with_enomem_is_the_memlock_limit() -> None:
    assert_reads("fi_mr_reg failed, ret is:-12, Cannot allocate memory", "log.ibv_reg_mr_failed", "memlock_or_ulimit")
    assert lead("fi_mr_reg failed, ret is:-22, Invalid argument\n") != ("log.ibv_reg_mr_failed", "memlock_or_ulimit")


# determined-ai/determined#8915, modelscope/ms-swift#5884 (newer torch prints the signal's number);
# facebookincubator/submitit#1708 (Slurm requeued the job).
def test_the_launcher_stopped_from_outside_in_newer_wordings() -> None:
    assert_reads("WARNING: torch.distributed.elastic.agent.server.api:Received 15 death signal, shutting down "
                 "workers", "log.job_stopped", "other")
    assert_reads("W0920 09:10:41.194000 84933 site-packages/torch/distributed/elastic/agent/server/api.py:719] "
                 "Received 1 death signal, shutting down workers", "log.job_stopped", "other")
    assert_reads("slurmstepd: error: *** JOB 608 ON node1 CANCELLED AT 2022-08-12T02:06:12 DUE TO JOB REQUEUE ***",
                 "log.job_stopped", "other")
    assert lead("Received 11 death signal, shutting down workers\n") != ("log.job_stopped", "other")


# deepspeedai/DeepSpeedExamples#186: ZeRO-3's allocator flushes under memory pressure.
def test_deepspeed_allocator_flushes_are_memory_pressure() -> None:
    assert_reads("[2022-07-13 21:09:13,651] [WARNING] [stage3.py:2391:step] 2 pytorch allocator cache flushes since "
                 "last step. this happens when there is high memory pressure and is detrimental to performance.",
                 "log.oom", "oom")


# ray-project/ray#3628 (Ray <= 0.6's wording), open-mpi/ompi#9785 (PMIx after the abort).
def test_older_and_collateral_wordings_of_peers_gone() -> None:
    assert_reads("The node with client ID 581656f84659be9bba58da993729644cfb554836 has been marked dead because the "
                 "monitor has missed too many heartbeats from it.", "log.remote_exited", "rank_crashed_elsewhere")
    assert_reads("[cn007.24154] PMIX ERROR: UNREACHABLE in file server/pmix_server.c at line 2147",
                 "log.remote_exited", "rank_crashed_elsewhere")


# ai4d-iasc/trixie#58 (the credential expired after a reboot), InternLM/lmdeploy#1221 (a CPU without the
# instructions the build uses).
def test_the_clusters_own_refusals() -> None:
    assert_reads("srun: error: Task launch for 36.0 failed on node cn131: Job credential expired",
                 "log.slurm_auth", "other")
    assert_reads("mpirun noticed that process rank 1 with PID 13580 on node 10.224.96.171 exited on signal 4 "
                 "(Illegal instruction).", "log.crash", "other")


# NVIDIA/nccl#1919: a queue pair's async event is not the port's.
def test_an_async_event_on_a_queue_pair_is_not_the_port() -> None:
    warn = "node-0:139577:139678 [0] transport/net_ib.cc:154 NCCL WARN NET/IB : mlx5_1:1 async fatal event on QP "
    assert_reads(warn + "(0x7309dc3bb338): invalid request local work queue error", "log.ibv_call_failed",
                 "ib_resource_error")
    assert lead("node-0:1:2 [0] transport/net_ib.cc:219 NCCL WARN NET/IB : mlx5_1:1 async fatal event: port error\n"
                ) == ("log.ib_port_event", "ib_port_down_or_link")


# Lines that carry no cause: an HTTP access log (sgl-project), cuda-gdb's 0x2c0 (peer access already enabled),
# a port coming up.
def test_lines_that_state_no_failure_name_no_cause() -> None:
    for line in ('(SGLangEngine pid=516714) [2026-01-27 06:50:01] INFO:     33.184.121.56:52462 - "POST '
                 '/abort_request HTTP/1.1" 200 OK',
                 "warning: Cuda API error detected: cudaDeviceEnablePeerAccess returned (0x2c0)",
                 "Dec 10 10:00:01 gpu01 kernel: mlx5_core 0000:ab:00.0 mlx5_5: Port: 1 Link INIT"):
        assert lead(line + "\n") is None, line
    assert lead("RuntimeError: CUDA error: peer access is already enabled\n") == ("log.cuda_error", "application_bug")
    assert lead("Dec 10 10:00:01 gpu01 kernel: mlx5_core 0000:ab:00.0 mlx5_5: Port: 1 Link DOWN\n") == (
        "log.ib_port_event", "ib_port_down_or_link")


# kubeflow/pytorch-operator#202: NCCL lists lo beside eth0 only when NCCL_SOCKET_IFNAME names it.
def test_loopback_beside_another_socket_interface_was_asked_for() -> None:
    log = ("master-0:1:1 [0] NCCL INFO NET/Socket : Using [0]lo:127.0.0.1<0> [1]eth0:192.168.4.230<0>\n"
           "master-0:1:1 [0] NCCL INFO Using network Socket\n")
    assert "wrong_interface" in _causes(log)
    assert "wrong_interface" not in _causes(log.replace("[0]lo:127.0.0.1<0> [1]eth0", "[0]eth0"))
    alone = "m-0:1:1 [0] NCCL INFO NET/Socket : Using [0]lo:127.0.0.1<0>\nm-0:1:1 [0] NCCL INFO Using network Socket\n"
    assert "wrong_interface" not in _causes(alone)


# NVIDIA/gpu-operator#130 (the toolkit's binary is nvidia-container-cli.real there).
def test_the_container_toolkits_real_binary_is_read_too() -> None:
    assert_reads("stderr: nvidia-container-cli.real: initialization error: driver error: failed to process request: "
                 "unknown", "log.gpu_missing", "cuda_or_driver")


# google/nccl-plugin-gpudirecttcpx#1: the plugin's own receive control timeout, not a collective's.
def test_tcpx_rx_control_timeout_is_the_plugin() -> None:
    assert_reads("tcpxResult_t tcpxCommProgress(tcpxComm*):1231 NCCL WARN 0x13b9b0082580:0x13b9b007cb00, nic 1, "
                 "enp134s0, 172.16.0.49<45259><-172.16.0.48<52929> rx rx ctrl timeout cnt 7359786, nanos 10000015864",
                 "log.net_plugin_error", "net_plugin_error")


# kubeflow/sdk#142 (a truncated c10d connect timeout), ByteDance-Seed/VeOmni#131 (NCCL's connect ending in an
# error event), a gitcode write-up (family 0 from NCCL releases that differ across nodes).
def test_socket_connects_that_never_completed() -> None:
    assert_reads("[E socket.cpp:1019] The client socket has timed out after 900000ms while trying to connect",
                 "log.socket_connect_failed", "firewall_or_port_blocked")
    assert_reads("[rank9]: socketPollConnect poll() returned 1, no POLLOUT events", "log.socket_connect_failed",
                 "firewall_or_port_blocked")
    family = "ncclSocketInit: connecting to address with family 0 is neither AF_INET(2) nor AF_INET6(10)\n"
    assert lead(family) == ("log.no_interface", "wrong_interface")
    assert "nccl_version_mismatch" in _causes(family)


# NVIDIA/gpu-operator#610, data-infra/cube-studio#29: no NVSwitch, nothing for the fabric manager to do.
def test_the_fabric_manager_with_nothing_to_manage_names_nothing() -> None:
    assert lead("request to query NVSwitch device information from NVSwitch driver failed with error:WARNING "
                "Nothing to do [NV_WARN_NOTHING_TO_DO]\n") is None


# NVIDIA/pyxis#88, openucx/ucx#6524: a missing MPI/PMIx component, inside help text that says "likely to abort".
def test_a_missing_mpi_component_is_the_install_not_an_abort() -> None:
    text = ("A requested component was not found, or was unable to be opened.  This\nmeans that this component is "
            "either not installed or is unable to be\n\nHost:      pgp0202\nFramework: psec\nComponent: munge\n\n"
            "It looks like pmix_init failed for some reason; your parallel process is\nlikely to abort.  There are "
            "many reasons that a parallel process can\nfail during pmix_init; some of which are due to "
            "configuration or\n")
    assert lead(text) == ("log.package_build", "other")
    assert "rank_crashed_elsewhere" not in _causes(text)


# NVIDIA/pyxis#84 (pyxis not loaded on the node), NVIDIA/pyxis#61 (no /bin/bash in the image): not a net plugin.
def test_pyxis_and_enroot_refusals_are_the_container() -> None:
    assert_reads('error: Warning: SPANK plugin "pyxis" option "container-image" not found', "log.container_start",
                 "other")
    assert_reads("slurmstepd: error: pyxis:     enroot-switchroot: failed to execute: /bin/bash: No such file or "
                 "directory", "log.container_start", "other")


# A gitcode write-up (rings that differ across nodes), another (a NIC without a PCI bus id): NCCL's topology lines
# without an error word reach the classifier.
def test_topology_lines_without_an_error_word_are_read() -> None:
    assert_reads("ring 0 does not loop back to start (12 != 0)", "log.topology_error", "topology_or_numa")
    assert_reads("Attribute busid of node nic not found", "log.topology_error", "topology_or_numa")


# pytorch/pytorch#61396, hkust-nlp/simpleRL-reason#17: a connection closed on loopback was made (same host).
def test_a_connection_closed_on_loopback_is_the_peer_not_the_interface() -> None:
    closed = "RuntimeError: [../third_party/gloo/gloo/transport/tcp/pair.cc:534] Connection closed by peer [{}]:38032\n"
    assert lead(closed.format("127.0.0.1")) == ("log.socket_closed", "rank_crashed_elsewhere")
    assert lead(closed.format("172.17.0.1")) == ("log.socket_closed", "wrong_interface")
    # Debian's 127.0.1.1 as well (pytorch/pytorch#132644: one node, a pipelining bug ended the peer); a connect
    # to it that fails stays the host name's (test_diagnose_framework_rules)
    assert lead(closed.format("127.0.1.1")) == ("log.socket_closed", "rank_crashed_elsewhere")


# facebookresearch/deit#102: srun terminating the step after one task failed.
def test_srun_terminating_the_step_is_collateral() -> None:
    assert_reads("srun: launch/slurm: _step_signal: Terminating StepId=43575862.0", "log.remote_exited",
                 "rank_crashed_elsewhere")
