"""Rules from sweeps 273 - 285 (restarts and preemption, memory around communication, accelerators other than NVIDIA's,
MPI launches, driver versions, interfaces) and rounds 143 and 268. Each text a rule reads is quoted from the thread or
page named above its test; each rule is also tested on text that must not trigger it."""

from __future__ import annotations

from line_reading import assert_reads, causes, ids, lead

# docs.hpc.udel.edu (DARWIN's UCX and Open MPI notes): the kernel log of a node whose HCA refused memory keys, in
# the spelling of kernels before 5.18 (mlx5_cmd_check) and mlx5_ib's callback for each refused registration
_MKEY_REFUSED = """\
[Sat Feb 6 16:51:55 2021] infiniband mlx5_0: create_mkey_callback:148:(pid 0): async reg mr failed. status -12
[Sat Feb 6 16:51:55 2021] mlx5_core 0000:81:00.0: mlx5_cmd_check:794:(pid 0): CREATE_MKEY(0x200) op_mod(0x0) \
failed, status limits exceeded(0x8), syndrome (0x59c8a4)
"""


def test_memory_keys_the_hca_refused() -> None:
    assert lead(_MKEY_REFUSED) == ("log.ibv_create_qp_failed", "ib_resource_error")
    for line in _MKEY_REFUSED.splitlines():
        assert lead(line + "\n") == ("log.ibv_create_qp_failed", "ib_resource_error")
    # a command that failed for a bad parameter is not a limit reached
    assert "log.ibv_create_qp_failed" not in ids(_MKEY_REFUSED.splitlines()[1].replace(
        "limits exceeded(0x8)", "bad parameter(0x3)") + "\n")


# linuxcluster.wordpress.com (category network/rdma): Open MPI's openib warning on a 64 GB node with an mlx4 HCA
_REGISTERABLE = """\
WARNING: It appears that your OpenFabrics subsystem is configured to only
allow registering part of your physical memory.  This can cause MPI jobs to
run with erratic performance, hang, and/or crash.

  Local host:              node02
  Registerable memory:     32768 MiB
  Total memory:            65476 MiB

Your MPI job will continue, but may be behave poorly and/or hang.
"""


def test_open_mpi_warning_that_only_part_of_memory_can_be_registered() -> None:
    assert lead(_REGISTERABLE) == ("log.ibv_reg_mr_failed", "ib_resource_error")
    assert ("log.alternative", "memlock_or_ulimit") in causes(_REGISTERABLE)
    assert "log.ibv_reg_mr_failed" not in ids(_REGISTERABLE.replace("OpenFabrics subsystem", "OpenFabrics stack"))


# NVIDIA/nccl#1175: all_reduce_perf over NCCL's UCX plugin (nccl-rdma-sharp-plugins), UCX refusing a NULL buffer;
# openucx/ucx#10085: CUDA-aware MPICH over UCX failing to register a host buffer on the HCA
_UCX_PLUGIN = """\
h100-ubuntu:177755:177867 [5] NCCL INFO Channel 13/0 : 13[5] -> 12[4] via P2P/CUMEM
[1707768585.533429] [compute-8:1458299:0]          uct_md.c:560  UCX  ERROR uct_md_mem_reg(address=(nil) \
length=140222665224192): invalid parameters
[1707768585.533445] [compute-8:1458299:0]          ucp_mm.c:63   UCX  ERROR failed to register address (nil) \
(cuda) length 140222665224192 on md[1]=cuda_ipc: Invalid parameter (md supports: cuda)

compute-8:1458299:1458532 [3] ucx_plugin.c:539 NCCL WARN Failed: UCX error ucx_plugin.c:539 '-5' Invalid parameter

compute-8:1458299:1458532 [3] NCCL INFO transport/net.cc:772 -> 3
"""
_UCX_HCA_REGISTRATION = """\
[1725140201.876565] [c105:27187:0]          ucp_mm.c:70   UCX  DIAG    failed to register address 0x556b67818ff0 \
(host) length 70480 on md[4]=mlx5_1: Input/output error (md supports: host|cuda)
[1725140201.876586] [c105:27187:0]     ucp_request.c:751  UCX  REQ     req 0x556b68803f40: progress protocol \
tag/rndv returned: No resources are available to initiate the operation lane 0
"""


def test_nccls_ucx_plugin_owns_the_ucx_errors_before_its_warning() -> None:
    assert lead(_UCX_PLUGIN) == ("log.net_plugin_error", "net_plugin_error")
    assert_reads("compute-8:1458299:1458532 [3] ucx_plugin.c:539 NCCL WARN Failed: UCX error ucx_plugin.c:539 '-5' "
                 "Invalid parameter", "log.net_plugin_error", "net_plugin_error")
    # without NCCL's plugin warning the same UCX errors are mpirun's transport
    alone = "\n".join(line for line in _UCX_PLUGIN.splitlines() if "NCCL WARN" not in line) + "\n"
    assert lead(alone) == ("log.mpi_transport", "other")


def test_ucx_failing_to_register_a_buffer_on_the_hca() -> None:
    assert lead(_UCX_HCA_REGISTRATION) == ("log.ibv_reg_mr_failed", "ib_resource_error")
    # the same failure on CUDA IPC's memory domain involves no HCA
    assert "log.ibv_reg_mr_failed" not in ids(_UCX_HCA_REGISTRATION.replace("md[4]=mlx5_1", "md[1]=cuda_ipc"))


# kubernetes/kubernetes#85360: a memory-backed /dev/shm of a pod capped at half the node's memory, and full
_SHM_FULL = """\
              total        used        free      shared  buff/cache   available
Mem:            187           5         162           4          19         175
tmpfs                                    94G   94G  120K 100% /dev/shm
"""


def test_a_full_dev_shm_in_dfs_output() -> None:
    assert lead(_SHM_FULL) == ("log.shm_small", "shm_too_small")
    # the same large /dev/shm with room left is normal
    roomy = _SHM_FULL.replace("94G   94G  120K 100%", "94G  1.2G   93G   2%")
    assert "shm_too_small" not in [c for _, c in causes(roomy)]


# mozilla/translations#964: a spot VM's worker told by GCE's metadata server that it is about to be stopped
_SPOT_END = """\
Dec 17 16:03:58Z translations-1-b-linux-v100-gpu-4-1tb-vvppjagzspgzcf58mfvmzw-1 start-worker 2024/12/17 16:03:58 \
GCP Metadata Service says termination is imminent
Dec 17 16:04:09Z translations-1-b-linux-v100-gpu-4-1tb-vvppjagzspgzcf58mfvmzw-1 systemd-logind Power key pressed.
"""


def test_a_spot_vms_termination_notice() -> None:
    assert lead(_SPOT_END) == ("log.job_stopped", "other")
    assert "log.job_stopped" not in ids(_SPOT_END.replace("says termination is imminent", "says instance is running"))


# espnet/espnet#2169 (round 268): DataParallel under torch 1.5 re-raising a replica's StopIteration; a data
# loader's plain StopIteration (pytorch/pytorch#6179) is no replica's
_REPLICA = """\
Exception in main training loop: Caught StopIteration in replica 0 on device 0.
Original Traceback (most recent call last):
  File "/home/u/venv/lib/python3.6/site-packages/torch/nn/parallel/parallel_apply.py", line 60, in _worker
    output = module(*input, **kwargs)
"""


def test_a_dataparallel_replica_without_parameters() -> None:
    assert lead(_REPLICA) == ("log.framework_usage", "application_bug")
    assert_reads("StopIteration: Caught StopIteration in replica 0 on device 0.", "log.framework_usage",
                 "application_bug")
    assert "log.framework_usage" not in ids("    raise StopIteration\nStopIteration: \n")


# pytorch/xla#2387: the other ordinals of an 8-core TPU run once the mesh master's socket closed
_MESH_CLOSED = """\
Exception in device=TPU:6: tensorflow/compiler/xla/xla_client/mesh_service.cc:294 : Failed to meet rendezvous \
'loss_reduce': Socket closed (14)
Traceback (most recent call last):
  File "/opt/conda/lib/python3.7/site-packages/torch_xla/distributed/xla_multiprocessing.py", line 231, in _start_fn
    fn(gindex, *args)
"""


def test_torch_xla_ordinals_left_by_their_mesh_master() -> None:
    assert lead(_MESH_CLOSED) == ("log.remote_exited", "rank_crashed_elsewhere")
    assert "log.remote_exited" not in ids(_MESH_CLOSED.replace("Socket closed (14)", "Deadline Exceeded (4)"))


# uxlfoundation/oneCCL#123: oneCCL's SYCL all-reduce test on two Arc A770 ranks
_SYCL_UNKNOWN = """\
preferred platform: Intel(R) Level-Zero, found: 8 GPU device(s)
terminate called after throwing an instance of 'sycl::_V1::runtime_error'
  what():  Native API failed. Native API returns: -999 (Unknown PI error) -999 (Unknown PI error)
"""


def test_sycls_unknown_runtime_error() -> None:
    assert lead(_SYCL_UNKNOWN) == ("log.cuda_error", "cuda_or_driver")
    assert "log.cuda_error" not in ids(_SYCL_UNKNOWN.replace("-999 (Unknown PI error)", "-30 (PI_ERROR_INVALID_VALUE)"))


# NVIDIA/DeepLearningExamples#59: mpirun in a container binding BERT's ranks; ICLDisco/parsec PR#515: ranks sharing
# cores under --bind-to none
_BIND_FAILED = """\
WARNING: Open MPI tried to bind a process but failed.  This is a
warning only; your job will continue, though performance may
be degraded.

  Local host:        2cfa81745dec
  Application name:  /usr/bin/python3
  Error message:     failed to bind memory
  Location:          rtc_hwloc.c:445
"""


def test_ranks_the_launcher_could_not_bind() -> None:
    assert lead(_BIND_FAILED) == ("log.process_binding", "performance_config")
    assert ("log.alternative", "topology_or_numa") in causes(_BIND_FAILED)
    assert_reads("W@00001 /!\\ PERFORMANCE MIGHT BE REDUCED /!\\: Multiple PaRSEC processes on the same node may share "
                 "the same physical core(s);", "log.process_binding", "performance_config")
    # mpirun's report of the binding it made is no failure
    assert "log.process_binding" not in ids("[node1:12345] MCW rank 0 bound to socket 0[core 0[hwt 0]]: [B/././.]\n")


# NVIDIA-NeMo/Speech#14781: a NeMo container started twice under enroot on one node, the second time without its
# forward-compatibility libraries
_COMPAT_ON = """\
NOTE: CUDA Forward Compatibility mode ENABLED.
  Using CUDA 12.9 driver version 575.51.03 with kernel driver version 570.133.20.
  See https://docs.nvidia.com/deploy/cuda-compatibility/ for details.
"""
_COMPAT_OFF = """\
ERROR: This container was built for NVIDIA Driver Release 575.51 or later, but
       version 570.133.20 was detected and compatibility mode is UNAVAILABLE.
"""


def test_a_container_newer_than_the_driver_without_forward_compatibility() -> None:
    assert lead(_COMPAT_OFF) == ("log.driver_too_old", "cuda_or_driver")
    assert "log.driver_too_old" not in ids(_COMPAT_ON)


# ray-project/ray#8033: a Ray driver in a container registering the container network's address
_RAY_IP = ("1:[2022-04-27 08:17:53,088 I 393 573] global_state_accessor.cc:357: This node has an IP address of "
           "172.18.0.6, while we can not found the matched Raylet address. This maybe come from when you connect the "
           "Ray cluster with a different IP address or connect a container.")


def test_a_ray_driver_on_another_address_than_its_node() -> None:
    assert_reads(_RAY_IP, "log.ray_node_ip", "wrong_interface")
    connecting = "2022-04-27 08:17:50,001 INFO worker.py:1 -- Connecting to existing Ray cluster at address: 172.18.0.6"
    assert "log.ray_node_ip" not in ids(connecting + "\n")


# sylabs/singularity#5203 and NVIDIA-NeMo/Speech#10997: Open MPI's help text for ranks that srun started directly;
# TensorRT-LLM's troubleshooting page quotes the older wording
_NO_SLURM_PMI = """\
The application appears to have been direct launched using "srun",
but OMPI was not built with SLURM's PMI support and therefore cannot
execute. There are several options for building PMI support under
"""


def test_an_open_mpi_without_slurms_pmi_under_srun() -> None:
    assert lead(_NO_SLURM_PMI) == ("log.launch_config", "other")
    assert ("log.alternative", "application_bug") in causes(_NO_SLURM_PMI)
    assert_reads("but OMPI was not built with SLURM support. This usually happens", "log.launch_config", "other")
    # the launch mistakes of the same family stay the program's
    assert lead("mpirun has detected an attempt to run as root.\n") == ("log.launch_config", "application_bug")


# microsoft/mattergen#50 (round 143): Lightning's CPU run whose strategy still counted 48 processes, started as one
_NONE_JOINED = """\
GPU available: False, used: False
"torch.distributed.DistStoreError: Timed out after 1801 seconds waiting for clients. 1/48 clients joined."
"""


def test_a_store_that_no_other_process_joined() -> None:
    assert lead(_NONE_JOINED) == ("log.socket_connect_failed", "firewall_or_port_blocked")
    assert ("log.alternative", "application_bug") in causes(_NONE_JOINED)[:3]
    # some joined: the rest could not reach it or came late, no launch that started one process
    some = _NONE_JOINED.replace("1/48 clients joined", "40/48 clients joined")
    assert ("log.alternative", "application_bug") not in causes(some)
