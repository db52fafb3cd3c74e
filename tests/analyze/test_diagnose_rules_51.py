"""Rules from sweeps 308 - 312 and rounds 305 - 314 (TensorFlow's and Paddle's parameter servers over gRPC, ps-lite,
Horovod's build, CUDA's simpleP2P, Kubernetes' GPU stack). Each text a rule reads is quoted from the thread named
above its test; each rule is also tested on text that must not trigger it."""

from __future__ import annotations

from line_reading import causes, ids, lead

# tensorflow/tensorflow#57760: ParameterServerStrategy on Kubernetes, the parameter server's channel closed
_TF_CLOSED = (':{"created":"@1663638747.953042461","description":"Error received from peer ipv4:10.244.14.61:2222",'
              '"file":"external/com_github_grpc_grpc/src/core/lib/surface/call.cc","file_line":1056,"grpc_message":'
              '"Socket closed","grpc_status":14}\n')
# tensorflow/tensorflow#7767: TF 1.0's gRPC reads 0 bytes from a parameter server that restarted
_TF_EOF = ('W tensorflow/core/framework/op_kernel.cc:993] Unavailable: {"created":"@1487751897.191020037",'
           '"description":"EOF","file":"external/grpc/src/core/lib/iomgr/tcp_posix.c","file_line":235,'
           '"grpc_status":14}\n')


def test_grpcs_json_status_of_a_closed_channel_is_a_peer_gone() -> None:
    assert lead(_TF_CLOSED) == ("log.socket_closed", "rank_crashed_elsewhere")
    assert lead(_TF_EOF) == ("log.socket_closed", "rank_crashed_elsewhere")


def test_other_grpc_statuses_in_json_are_not_a_peer_gone() -> None:
    # tensorflow/tensorflow#33979's status 13 carries its own message; status 1 (Cancelled) follows another error
    cancelled = ('{"created":"@1571487261.635191370","description":"Error received from peer","file":"external/grpc/'
                 'src/core/lib/surface/call.cc","file_line":1039,"grpc_message":"Cancelled","grpc_status":1}\n')
    assert "log.socket_closed" not in ids(cancelled)
    assert "log.socket_closed" not in ids(_TF_CLOSED.replace('"grpc_status":14', '"grpc_status":13'))


# PaddlePaddle/Paddle#18543 (the parameter server died) and #21881 (a deadline a Paddle 1.6.2 fix removed)
_PADDLE_14 = ("F0707 22:12:46.674666 27072 grpc_client.cc:418] SendRPC name:[video_fid_his_embedding@GRAD.block9."
              "trainer_3], ep:[10.76.84.50:62001], status:[-1] meets grpc error, error_code:14 error_message:OS Error "
              "error_details:\n")
_PADDLE_4 = ("F1222 19:03:46.287559 19021 grpc_client.cc:414] SendRPC name:[softmax_b@GRAD.trainer_0], "
             "ep:[10.90.145.38:62004], status:[-1] meets grpc error, error_code:4 error_message:Deadline Exceeded "
             "error_details:\n")


def test_paddles_rpc_failures_are_the_parameter_servers() -> None:
    assert lead(_PADDLE_14) == ("log.socket_closed", "rank_crashed_elsewhere")
    assert ("log.alternative", "firewall_or_port_blocked") in causes(_PADDLE_14)
    assert lead(_PADDLE_4) == ("log.remote_exited", "rank_crashed_elsewhere")
    # on one machine (every process at 127.0.0.1) the deadline is no interface's
    local = _PADDLE_4.replace("10.90.145.38", "127.0.0.1")
    assert lead(local) == ("log.remote_exited", "rank_crashed_elsewhere")


def test_other_paddle_grpc_codes_are_not_read_as_a_server_gone() -> None:
    assert "log.socket_closed" not in ids(_PADDLE_14.replace("error_code:14", "error_code:8"))


# tensorflow/tensorflow#33979: MultiWorkerMirroredStrategy's group formed with different sizes
_GROUP = ("2019-11-04 16:59:38.489335: W tensorflow/core/common_runtime/base_collective_executor.cc:216] "
          "BaseCollectiveExecutor::StartAbort Internal: Collective Op  has group_size 8 and group_key2 but that group "
          "has size 4\n")


def test_a_collective_group_of_two_sizes_is_a_mismatch_of_the_workers() -> None:
    assert lead(_GROUP) == ("log.collective_mismatch", "hang_collective_mismatch")
    assert ("log.alternative", "application_bug") in causes(_GROUP)


# TracyMcgrady6/Distribute_MNIST#3: a worker whose parameter server never answers
_WAITING = ("2018-04-17 20:50:08.778624: I tensorflow/core/distributed_runtime/master.cc:221] CreateSession still "
            "waiting for response from worker: /job:ps/replica:0/task:0\n")


def test_a_session_waiting_for_a_task_is_the_path_to_it() -> None:
    assert lead(_WAITING) == ("log.bootstrap_error", "firewall_or_port_blocked")
    assert ("log.alternative", "rank_crashed_elsewhere") in causes(_WAITING)
    assert lead("CreateSession still waiting for afterwards.\n") is None


# tensorflow/tensorflow#47460: a Colab TPU host that ran out of memory and restarted
_CONTEXT = ("  (1) Unavailable: Unable to find a context_id matching the specified one (12465293436922014039). Perhaps "
            "the worker was restarted, or the context was GC'd?\n")


def test_a_lost_eager_context_is_a_worker_that_restarted() -> None:
    assert lead(_CONTEXT) == ("log.remote_exited", "rank_crashed_elsewhere")
    assert ("log.alternative", "oom") in causes(_CONTEXT)


# apache/mxnet#606: the dmlc tracker's mpirun lines for two machines with the scheduler on loopback
_DMLC = ("mpirun -n 2  -env DMLC_ROLE server -env DMLC_PS_ROOT_PORT 9795 -env DMLC_PS_ROOT_URI 127.0.0.1 -env "
         "DMLC_NUM_SERVER 2 -env DMLC_NUM_WORKER 2 --hostfile hosts python train_imagenet.py\n")


def test_a_ps_lite_scheduler_on_loopback_across_a_host_file_is_the_interface() -> None:
    assert lead(_DMLC) == ("log.master_addr_loopback", "wrong_interface")


def test_a_ps_lite_scheduler_on_loopback_on_one_machine_is_no_finding() -> None:
    assert "log.master_addr_loopback" not in ids(_DMLC.replace("--hostfile hosts ", ""))
    assert "log.master_addr_loopback" not in ids(_DMLC.replace("127.0.0.1", "192.168.1.200"))


# horovod/horovod#2686: `horovodrun --check-build` of a Horovod built without NCCL
_CHECK_BUILD = """\
Horovod v0.21.2:

Available Tensor Operations:
    [ ] NCCL
    [ ] DDL
    [ ] CCL
    [ ] MPI
    [X] Gloo
"""


def test_horovod_built_without_nccl_is_a_slow_configuration() -> None:
    assert lead(_CHECK_BUILD) == ("log.host_setting", "performance_config")
    assert "log.host_setting" not in ids(_CHECK_BUILD.replace("[ ] NCCL", "[X] NCCL"))


# BVLC/caffe#3586 (four K80s) and tensorflow/tensorflow#2145 (K40m across sockets): CUDA's simpleP2P
_SIMPLE_P2P = """\
Checking GPU(s) for support of peer to peer memory access...
> Peer access from Tesla K80 (GPU0) -> Tesla K80 (GPU1) : No
> Peer access from Tesla K80 (GPU0) -> Tesla K80 (GPU2) : No
"""


def test_simple_p2ps_no_peer_access_is_read_like_the_bandwidth_tests() -> None:
    assert lead(_SIMPLE_P2P) == ("p2ptest.no_peer_access", "acs_iommu_p2p")
    assert ("log.alternative", "topology_or_numa") in causes(_SIMPLE_P2P)
    assert "p2ptest.no_peer_access" not in ids(_SIMPLE_P2P.replace(": No", ": Yes"))


# NVIDIA/nccl#203: NCCL_P2P_DISABLE=1 set to get past a hang with P2P (then NaN loss without it)
_P2P_OFF = """\
gpu1:13135:13587 [1] NCCL INFO NCCL_P2P_DISABLE set by environment to 1.
gpu1:13135:13587 [1] NCCL INFO Ring 00 :    0   1
"""


def test_p2p_turned_off_names_what_it_is_usually_turned_off_for() -> None:
    assert ("log.alternative", "acs_iommu_p2p") in causes(_P2P_OFF)
    shm_off = _P2P_OFF.replace("NCCL_P2P_DISABLE", "NCCL_SHM_DISABLE")
    assert "log.p2p_disabled" in ids(shm_off) and ("log.alternative", "acs_iommu_p2p") not in causes(shm_off)


# NVIDIA/k8s-device-plugin#13 (the device plugin crash-looping) and container-engine-accelerators#407 (GKE's plugin
# waiting for a driver nobody installs)
_PLUGIN_PODS = """\
> NAME                                   READY     STATUS             RESTARTS   AGE
> nvidia-device-plugin-daemonset-csjxw   0/1       CrashLoopBackOff   12         39m
"""
_NO_DRIVER = "GPU driver auto installation is disabled.\nWaiting for GPU driver libraries to be available.\n"


def test_a_failing_gpu_stack_pod_is_the_nodes_driver() -> None:
    assert lead(_PLUGIN_PODS) == ("log.gpu_missing", "cuda_or_driver")
    assert lead(_NO_DRIVER) == ("log.gpu_missing", "cuda_or_driver")


def test_running_gpu_stack_pods_and_other_crashing_pods_are_not_the_driver() -> None:
    assert "log.gpu_missing" not in ids(_PLUGIN_PODS.replace("CrashLoopBackOff", "Running         "))
    assert "log.gpu_missing" not in ids(_PLUGIN_PODS.replace("nvidia-device-plugin-daemonset", "trainer-worker"))


# kubeflow/kubeflow#794: the scheduler's count, while earlier test pods still held the GPUs
_NO_FREE_GPU = ("  Warning  FailedScheduling  2s (x57 over 15m)  default-scheduler  0/6 nodes are available: 6 "
                "Insufficient nvidia.com/gpu.\n")


def test_no_free_gpu_names_the_request_and_the_nodes_that_offer_none() -> None:
    assert lead(_NO_FREE_GPU) == ("log.launch_config", "application_bug")
    assert {("log.alternative", "cuda_or_driver"), ("log.alternative", "other")} <= set(causes(_NO_FREE_GPU))
    rdma = _NO_FREE_GPU.replace("nvidia.com/gpu", "rdma/hca_shared_devices_a")
    assert lead(rdma) == ("log.launch_config", "application_bug")
    assert ("log.alternative", "cuda_or_driver") not in causes(rdma)


# NVIDIA/cuda-quantum#3342: the remote server could not dlopen the backend the program named ("might just be a typo")
_DLOPEN = ('Error message: "Failed to open simulator backend library: /root/miniconda3/envs/cudaq-env/lib/python3.11/'
           'site-packages/bin/../lib/libnvqir-nvidia-mqpu.so: cannot open shared object file: No such file or '
           'directory."\n')


def test_a_library_missing_at_the_path_a_program_loads_is_a_package_or_the_programs_name() -> None:
    assert lead(_DLOPEN) == ("log.package_build", "other")
    assert ("log.alternative", "application_bug") in causes(_DLOPEN)
    # a path that names no library file of that form is no reading
    assert lead('Error message: "Failed to open /root/model.bin: No such file or directory."\n') != \
        ("log.package_build", "other")


# deepmodeling/deepmd-kit#533 (4 V100 under mpirun; a development branch's bug, fixed by a later build): DeePMD-kit's
# copy of the gpuAssert macro CUDA programs share ("GPUassert: <string> <file> <line>")
_CUDA_ASSERT = "cuda assert: invalid argument /scratch/qf9/softwares/deepmd-kit-api/source/lib/include/gpu_cuda.h 48.\n"


def test_the_gpuassert_macros_string_is_decoded_like_cudas_own() -> None:
    assert causes(_CUDA_ASSERT)[:3] == [("log.cuda_error", "other"), ("log.alternative", "application_bug"),
                                        ("log.alternative", "cuda_or_driver")]
    assert lead("GPUassert: an illegal memory access was encountered kernel.cu 120\n") == ("log.cuda_error",
                                                                                         "application_bug")
    assert lead("GPUassert: invalid device ordinal main.cu 33\n") == ("log.cuda_error", "application_bug")
    # the words in a sentence are no macro's output
    assert "log.cuda_error" not in ids("we assert CUDA assertions are off in release builds\n")


# mir-group/pair_nequip_allegro#11: LAMMPS-Kokkos with `-k on g 1` and four ranks, each rank's model on its own GPU
_FROM_BLOB = "RuntimeError: Specified device cuda:1 does not match device of data cuda:0\n"


def test_a_tensor_made_on_another_gpu_than_its_data_is_the_programs() -> None:
    assert lead(_FROM_BLOB) == ("log.framework_usage", "application_bug")
    assert "log.framework_usage" not in ids("Specified device cuda:1 matches the device of data cuda:1\n")


# openucx/ucx#9515: osu_bw from GPU memory over the HCA next to the GPU; UCX names the completion's syndrome
_UCX_PROT = ("[a670n1:162239:0:162239] ib_mlx5_log.c:177  Local protection on mlx5_0:1/IB (synd 0x4 vend 0x51 hw_synd "
             "0/2)\n")


def test_ucxs_protection_error_is_the_path_between_nic_and_gpu() -> None:
    assert lead(_UCX_PROT) == ("log.ib_completion_error", "acs_iommu_p2p")
    assert ("log.alternative", "gdr_unavailable") in causes(_UCX_PROT)
    assert "log.ib_completion_error" not in ids("Local protection on the login nodes is enabled by default\n")


# openucx/ucx#5159: older UCX names no peer in its UD endpoint's timeout
_UD_TIMEOUT = "[jazz15:39570:0:39570]       ud_ep.c:248  Fatal: UD endpoint 0x3b9a060: unhandled timeout error\n"


def test_an_older_ud_endpoint_timeout_is_read_like_the_newer() -> None:
    assert lead(_UD_TIMEOUT) == ("log.ib_completion_error", "ib_timeout_or_retry")


# pmodels/mpich#4189: hydra refusing a host file line it does not parse
_MFILE = ("[mpiexec@Master] HYDU_process_mfile_token (/opt/mpi-dl/mpich-3.3/src/pm/hydra/utils/args/args.c:296): token "
          "Slave1 not supported at this time\n")


def test_a_host_file_hydra_cannot_parse_is_the_launchs() -> None:
    assert lead(_MFILE) == ("log.launch_config", "application_bug")


# yahoo/TensorFlowOnSpark#146: YARN placed the ps and two workers on one VM with one GPU
_TFOS_GPU = ("2017-10-19 02:09:36,597 WARNING (MainThread-4901) Unable to find available GPUs: requested=1, "
             "available=0\n")


def test_an_executor_without_a_free_gpu_is_the_placement_of_the_job() -> None:
    assert lead(_TFOS_GPU) == ("log.launch_config", "application_bug")
    assert "log.launch_config" not in ids("INFO Unable to find available GPUs in the list, retrying\n")


# PaddlePaddle/Paddle#11375: GPUs 4-7 held by another job; the trainer was given 3,4 and hung at its first broadcast
_LISTING = """\
Tesla P40, 0 MiB
Tesla P40, 0 MiB
Tesla P40, 0 MiB
Tesla P40, 0 MiB
Tesla P40, 20391 MiB
Tesla P40, 20391 MiB
Tesla P40, 20391 MiB
Tesla P40, 20391 MiB
"""
_TRAINER = "CUDA_VISIBLE_DEVICES=3,4 PADDLE_TRAINING_ROLE=TRAINER python fluid/fluid_benchmark.py --gpus 2\n"


def test_a_launch_given_a_gpu_the_listing_shows_full_is_memory() -> None:
    assert lead(_LISTING + _TRAINER) == ("log.gpu_occupied", "oom")


def test_listings_that_cannot_show_another_process_are_not_read() -> None:
    # every GPU given is busy: the listing may show the job's own memory
    assert "log.gpu_occupied" not in ids(_LISTING + _TRAINER.replace("3,4", "4,5"))
    # only idle GPUs given
    assert "log.gpu_occupied" not in ids(_LISTING + _TRAINER.replace("3,4", "0,1"))
    # GPUs of two models: CUDA's order (fastest first) need not be the listing's
    mixed = _LISTING.replace("Tesla P40, 0 MiB", "Tesla T4, 0 MiB", 1)
    assert "log.gpu_occupied" not in ids(mixed + _TRAINER)


def test_a_port_a_stale_run_holds_names_that_run_second() -> None:
    line = ("F0802 16:09:21.460726  3821 LightNetwork.cpp:186] Check failed: bind(socket_, (struct sockaddr *)"
            "&serv_addr, sizeof(serv_addr)) >= 0 ERROR on binding 10.182.19.12: Address already in use [98]\n")
    assert causes(line)[:2] == [("log.port_in_use", "application_bug"), ("log.alternative", "other")]


# mir-group/pair_nequip_allegro#18: `mpiexec.hydra -np 1 lmp -sf kk -k on g 2`: one task, one GPU of two used
_KOKKOS_ONE_TASK = """\
KOKKOS mode is enabled (src/KOKKOS/kokkos.cpp:97)
  will use up to 2 GPU(s) per node
  using 2 OpenMP thread(s) per MPI task
Reading data file ...
  1 by 1 by 1 MPI processor grid
"""


def test_kokkos_given_more_gpus_than_the_jobs_tasks_leaves_gpus_idle() -> None:
    assert lead(_KOKKOS_ONE_TASK) == ("log.launch_config", "application_bug")


def test_kokkos_with_a_task_per_gpu_is_no_finding() -> None:
    assert "log.launch_config" not in ids(_KOKKOS_ONE_TASK.replace("1 by 1 by 1", "1 by 1 by 2"))
    assert "log.launch_config" not in ids(_KOKKOS_ONE_TASK.replace("up to 2 GPU(s)", "up to 1 GPU(s)"))


# canonical/microk8s#2763 (the GPU Operator's driver daemonset, its driver manager exiting 1) and
# GoogleCloudPlatform/container-engine-accelerators#132 (GKE's driver installer crash-looping): `kubectl describe pod`
_DESCRIBE = """\
Name:                 nvidia-driver-daemonset-8r8s6
Namespace:            default
Controlled By:  DaemonSet/nvidia-driver-daemonset
Init Containers:
  k8s-driver-manager:
    Image:         nvcr.io/nvidia/cloud-native/k8s-driver-manager:v0.2.0
    State:          Running
    Last State:     Terminated
      Reason:       Error
      Exit Code:    1
"""


def test_a_described_gpu_stack_pod_that_keeps_failing_is_the_nodes_driver() -> None:
    assert lead(_DESCRIBE) == ("log.gpu_missing", "cuda_or_driver")
    installer = _DESCRIBE.replace("Name:                 nvidia-driver-daemonset-8r8s6\n", "").replace(
        "DaemonSet/nvidia-driver-daemonset", "DaemonSet/nvidia-driver-installer-ubuntu").replace(
        "      Reason:       Error", "      Reason:       CrashLoopBackOff")
    assert lead(installer) == ("log.gpu_missing", "cuda_or_driver")


def test_described_pods_outside_the_gpu_stack_or_running_are_not_the_driver() -> None:
    trainer = _DESCRIBE.replace("nvidia-driver-daemonset", "pytorch-dist-mnist-nccl-master")
    assert "log.gpu_missing" not in ids(trainer)
    healthy = _DESCRIBE.replace("    Last State:     Terminated\n      Reason:       Error\n      Exit Code:    1\n", "")
    assert "log.gpu_missing" not in ids(healthy)
