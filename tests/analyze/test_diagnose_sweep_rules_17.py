"""Rules from the sweeps of public threads of 2026-12-05 (59: NCCL 2.26 - 2.30's memory paths and NVSHMEM; 60:
multi-node launchers: hydra, pdsh, srun, PMIx, Open MPI) and from the miss of held-out round 117. Each line is quoted
from the thread named above its test, and tested on text that must not trigger it."""

from __future__ import annotations

from line_reading import causes, lead

from ncclkit.logs.analyze import analyze_text


def findings(text: str) -> dict[str, dict]:
    return {f["id"]: f for f in analyze_text(text)["findings"]}


# NVIDIA/nccl#2331: ncclCommWindowRegister of one buffer again and again filled the symmetric address space.
_SPACE = ("[0] nccl/src/allocator.cc:229 (ncclSpaceAlloc) NCCL WARN Allocation failed. No suitable space found to "
          "accommodate size=0x2171600000 within limit=0x2d00000000\n"
          "[0] NCCL INFO nccl/src/dev_runtime.cc:602 (symMemoryObtain) -> 3\n")


def test_symmetric_address_space_is_not_gpu_memory() -> None:
    assert lead(_SPACE) == ("log.symmetric_space", "other")
    assert "oom" not in [c for _, c in causes(_SPACE)]
    # a real allocation failure of GPU memory stays out-of-memory (NVIDIA/nccl#1235)
    oom = ("h:1:2 [0] include/alloc.h:178 NCCL WARN Cuda failure 'out of memory'\n"
           "h:1:2 [0] include/alloc.h:185 NCCL WARN Failed to CUDA calloc 6291456 bytes\n")
    assert lead(oom)[1] == "oom" and "log.symmetric_space" not in findings(oom)


# vllm-project/vllm#27868 (the dump); NVIDIA/nccl#2106 (the driver bug, NCCL_CUMEM_HOST_ENABLE=0 avoids it).
_PROBE = ("!!!!!!! Segfault encountered !!!!!!!\n"
          '  File "<unknown>", line 0, in cuMemCreate\n'
          '  File "misc/cudawrap.cc", line 92, in ncclCuMemHostEnable()\n'
          '  File "misc/cudawrap.cc", line 298, in ncclCudaLibraryInit()\n')


def test_a_crash_in_the_cumem_host_probe_is_the_driver() -> None:
    f = findings(_PROBE)["log.cumem_host_probe"]
    assert lead(_PROBE) == ("log.cumem_host_probe", "cuda_or_driver") and "NCCL_CUMEM_HOST_ENABLE=0" in f["fix"]
    # Python frames stay the code's words: no reading, only the prior of a traceback cut before its exception
    frames = ('  File "/opt/torch/distributed/distributed_c10d.py", line 1612, in init_process_group\n'
              '  File "/opt/torch/distributed/rendezvous.py", line 40, in _create_c10d_store\n')
    assert lead(frames) == ("log.base_rate", "application_bug")


# NVIDIA/nccl#1589: a segment its peer created was not there (ENOENT, a real size); going back to 2.21.5 fixed it.
_ATTACH = ("g148:14937:69361 [0] misc/shmutils.cc:129 NCCL WARN Error while attaching to shared memory segment "
           "/dev/shm/nccl-glnlGK (size 14156128), error: No such file or directory (2)\n")


def test_attaching_to_a_missing_segment_is_not_a_small_dev_shm() -> None:
    f = findings(_ATTACH)["log.shm_error"]
    assert "could not open" in f["message"] and "too small" not in f["message"]
    assert [c for _, c in causes(_ATTACH)][:2] == ["shm_too_small", "other"]
    # a segment that could not be made is /dev/shm's size (pytorch/torchtitan#853)
    create = ("h:1:2 [0] misc/shmutils.cc:69 NCCL WARN Error while creating shared memory segment "
              "/dev/shm/nccl-1YsMbG (size 7340384)\n")
    assert "could not be created" in findings(create)["log.shm_error"]["message"]
    # a garbled name of size 0 is the cuMem host handle (NVIDIA/nccl#1838)
    garbled = ("h:1:2 [0] misc/shmutils.cc:131 NCCL WARN Error while attaching to shared memory segment "
               "/dev/shm/nccl-\x01 (size 0), error: No such file or directory (2)\n")
    assert lead(garbled) == ("log.shm_error", "other")


# pytorch/pytorch#169879 (CI's H100 symmetric-memory job); pytorch/pytorch#177472 names the fabric manager.
_NVSHMEM_NVLS = ("/dvs/p4/build/sw/rel/gpgpu/toolkit/r12.9/main_nvshmem/src/host/team/team_internal_nvls.cpp:258: "
                 "non-zero status: 401\n"
                 "cuMemMap failed to map 137438953472 bytes handle at address: 0x17700000000 offset 0 on device 1\n")
# pytorch/pytorch#161232: NVSHMEM initialised before the process had a CUDA context.
_NVSHMEM_CTX = ("src/host/init/init.cu:nvshmemi_check_state_and_init:1117: nvshmem initialization failed, exiting \n"
                "src/host/util/cs.cpp:21: non-zero status: 16: Device or resource busy, exiting... mutex destroy "
                "failed\n")


def test_nvshmem_multicast_and_context_failures() -> None:
    assert lead(_NVSHMEM_NVLS) == ("log.fabric_manager", "cuda_or_driver")
    assert lead(_NVSHMEM_CTX) == ("log.framework_usage", "application_bug")
    # NCCL's note that a node has no NVLS is no failure (nccl-tests#188)
    assert "log.fabric_manager" not in findings(
        "h:1:2 [0] NCCL INFO NVLS multicast support is not available on dev 0\n")
    # NVSHMEM's bootstrap without an interface stays an interface problem (Triton-distributed#122)
    assert lead("src/bootstrap/bootstrap_uid.cpp:bootstrap_net_init:160: No socket interface found\n")[1] == \
        "wrong_interface"


# BLAST-WarpX/warpx#6980 (I_MPI_HYDRA_BOOTSTRAP=fork in a container without sshd); Azure/az-hop#906.
_HYDRA = ("[mpiexec@runner-d8zbrqlyc-project-80-concurrent-0] Error: Unable to run bstrap_proxy on localhost:2 "
          "(pid 13546, exit code 65280)\n")
_HYDRA_INTEL = (
    "[mpiexec@hb120v3-3] check_exit_codes (../../../../../src/pm/i_hydra/libhydra/demux/hydra_demux_poll.c:117): "
    "unable to run bstrap_proxy on hb120v3-3.internal.cloudapp.net (pid 12608, exit code 256)\n"
    "[mpiexec@hb120v3-3] HYD_dmx_poll_wait_for_proxy_event (../../../../../src/pm/i_hydra/libhydra/demux/"
    "hydra_demux_poll.c:212): poll for event error\n"
    "[mpiexec@hb120v3-3] HYD_print_bstrap_setup_error_message (../../../../../src/pm/i_hydra/mpiexec/intel/"
    "i_mpiexec.c:1015): error setting up the bootstrap proxies\n")


def test_hydras_bootstrap_proxy_is_the_launcher_not_ncclss_proxy() -> None:
    for text in (_HYDRA, _HYDRA_INTEL):
        assert lead(text) == ("log.mpi_launch", "other")
        assert "log.proxy_error" not in findings(text) and "log.bootstrap_error" not in findings(text)
    # NCCL's own proxy thread keeps its reading (deepspeedai/DeepSpeed#2931)
    assert "log.proxy_error" in findings("PHLRR4036:24141:24296 [2] NCCL INFO proxy.cc:684 -> 2 [Proxy Thread]\n"
                                         "PHLRR4036:24141:24296 [2] NCCL WARN [Proxy Thread] Error in proxy\n")


# deepspeedai/Megatron-DeepSpeed#126: pdsh ran the launching node's directory and Python on the other node.
_PDSH = ("172.16.220.18: bash: line 0: cd: /data/asc23/src_zero3: No such file or directory\n"
         "172.16.220.18: bash: /home/lxw/anaconda3/envs/sys_py37/bin/python: No such file or directory\n")
# deepspeedai/DeepSpeed#4649: the runner's ssh check (exit 255) ignored the pod's ssh port.
_SSH_CHECK = ("subprocess.CalledProcessError: Command '['ssh deepspeed-helloworld-worker-0 hostname -I']' returned "
              "non-zero exit status 255.\n")


def test_pdsh_paths_and_the_runners_ssh_check() -> None:
    assert lead(_PDSH) == ("log.launch_config", "application_bug")
    assert lead(_SSH_CHECK) == ("log.mpi_launch", "other")
    # a program's own missing data file is not the launch's path
    assert "log.launch_config" not in findings(
        "node-2: FileNotFoundError: [Errno 2] No such file or directory: 'data/train.json'\n")
    # a name that does not resolve stays name resolution (huggingface/accelerate#2245)
    gai = ("9.91.4.251: [W socket.cpp:601] [c10d] The IPv6 network addresses of (/root/cuda11.8.bashrc, 45458) cannot "
           "be retrieved (gai error: -3 - Temporary failure in name resolution).\n")
    assert lead(gai)[1] == "hostname_resolution"


# NatLabRockies/torc#318: slurm.conf WaitTime=30 killed the tasks still working 30 s after one returned.
_WAIT = ("srun: First task exited 30s ago\n"
         "srun: StepId=5981146.0 task 4: exited\n"
         "srun: Terminating StepId=5981146.0\n"
         "*** STEP 5981146.0 ON dane138 CANCELLED AT 2026-05-12T12:43:25 DUE to SIGNAL Killed ***\n"
         "srun: error: dane900: task 3: Killed\n")


def test_sruns_wait_time_is_no_stop_from_outside() -> None:
    assert lead(_WAIT) == ("log.step_wait_time", "other")
    # a time limit with no task exit before it is the scheduler's stop
    limit = "slurmstepd: error: *** JOB 5 ON n1 CANCELLED AT 2024-01-01T00:00:00 DUE TO TIME LIMIT ***\n"
    assert lead(limit) == ("log.job_stopped", "other") and "log.step_wait_time" not in findings(limit)


# openpmix/openpmix#3339: PMIx 5.0.2's gds/shmem lost rank 0's pml choice (PMIX_MCA_gds=hash works).
_PML_EMPTY = ("[cn04:545610] [[55359,0],1] selected pml ob1, but peer [[55359,0],0] on cn03 selected pml \n"
              "srun: Job step aborted: Waiting up to 32 seconds for job step to finish.\n"
              "slurmstepd: error: *** STEP 138.0 ON cn03 CANCELLED AT 2024-04-18T13:05:02 ***\n"
              "srun: error: cn04: task 1: Exited with exit code 14\n")


def test_open_mpis_pml_choice_that_differs_or_arrives_empty() -> None:
    assert lead(_PML_EMPTY) == ("log.mpi_pml_mismatch", "other")
    assert "PMIX_MCA_gds=hash" in findings(_PML_EMPTY)["log.mpi_pml_mismatch"]["fix"]
    two = "[n2:1234] [[1,0],1] selected pml ucx, but peer [[1,0],0] on n1 selected pml ob1\n"
    assert lead(two) == ("log.mpi_pml_mismatch", "nccl_version_mismatch")


# PrincetonUniversity/hpc_beginning_workshop#7: the output of a working run.
_COMPONENT = ("[adroit-h11g1:04999] mca_base_component_repository_open: unable to open mca_btl_usnic: libfabric.so.1: "
              "cannot open shared object file: No such file or directory (ignored)\n")


def test_a_component_open_mpi_skipped_is_no_plugin_failure() -> None:
    assert lead(_COMPONENT) is None and "log.ofi_error" not in findings(_COMPONENT)
    # aws-ofi-nccl's own failure keeps its reading
    ofi = "h:1:2 [0] NCCL WARN NET/OFI Unable to find a protocol that worked.  Failing initialization.\n"
    assert lead(ofi) == ("log.ofi_error", "net_plugin_error")


# NVIDIA/deepops#1179 (slurmstepd's PMIx fence at launch, under pyxis).
_FENCE = ("slurmstepd: error:  mpi/pmix_v3: pmixp_coll_ring_reset_if_to: adas-ml [0]: pmixp_coll_ring.c:742: "
          "0x14ce0c02cb20: collective timeout seq=0\n"
          "slurmstepd: error:  mpi/pmix_v3: pmixp_coll_ring_log: adas-ml [0]: pmixp_coll_ring.c:760: 0x14ce0c02cb20: "
          "COLL_FENCE_RING state seq=0\n")


def test_a_pmix_fence_timeout_is_the_launch_not_a_collective_mismatch() -> None:
    assert lead(_FENCE) == ("log.pmix_fence", "rank_crashed_elsewhere")
    assert "hang_collective_mismatch" not in [c for _, c in causes(_FENCE)]


# open-mpi/ompi#13326: the driver's libcuda lacks an entry point of the CUDA Open MPI was built with.
_LIBCUDA = ("An error occurred while trying to map in the address of a function.\n"
            "  Function Name: cuIpcOpenMemHandle_v2\n"
            "  Error string:  /lib64/libcuda.so.1: undefined symbol: cuIpcOpenMemHandle_v2\n")


def test_libcuda_without_a_symbol_is_the_driver() -> None:
    assert lead(_LIBCUDA) == ("log.driver_too_old", "cuda_or_driver")
    # a CUDA library that is missing stays a library problem
    assert lead("ImportError: libcudart.so.12: cannot open shared object file: No such file or directory\n")[1] == \
        "cuda_or_driver"
    assert "log.driver_too_old" not in findings(
        "ImportError: libcudart.so.12: cannot open shared object file: No such file or directory\n")


def test_a_timeout_argument_in_quoted_source_is_no_timeout() -> None:
    # a source line quoted by a traceback (pytorch/pytorch's rendezvous.py), behind a node's prefix
    src = "trainer-2:     store = _create_c10d_store(master_addr, master_port, rank, world_size, timeout, use_libuv)\n"
    assert "log.timeout" not in findings(src)
    assert "log.timeout" in findings("RuntimeError: operation timed out\n")


# ROCm/rocm-systems#3700 (round 117): Docker's 64 MB /dev/shm under UCX's shared-memory transport.
_UCX_SHM = ("`ucp_worker.c:1413 UCX  ERROR uct_iface_open(posix/memory) failed: Out of memory`\n"
            "`Caught signal 7 (Bus error: nonexistent physical address)`\n")


def test_ucx_shared_memory_transport_failing_is_dev_shm() -> None:
    assert lead(_UCX_SHM) == ("log.shm_error", "shm_too_small")
    rc = "ucp_worker.c:1413 UCX  ERROR uct_iface_open(rc_mlx5/mlx5_0:1) failed: Input/output error\n"
    assert lead(rc) == ("log.mpi_transport", "other") and "log.shm_error" not in findings(rc)


# NVIDIA/nccl#1911: 30 of 32 ranks behind two; the reporter's stragglers were the 30.
_RAS = ("#0-0 (5f2e0c1a9b7d3e41) MISMATCH\n"
        "  Communicator ranks have different AllGather operation counts\n"
        "  30 ranks have launched up to operation 640\n"
        "  2 ranks have launched up to operation 641\n"
        "  Rank 12 -- GPU 4 managed by process 323032 on node 10.137.190.124\n"
        "  Rank 13 -- GPU 5 managed by process 323033 on node 10.137.190.124\n")


def test_ras_names_both_readings_when_many_ranks_lag() -> None:
    f = analyze_text(_RAS, name="ras.txt")["findings"][0]
    assert f["id"] == "hang.rank_extra_collective"
    assert "30 rank(s) behind are held before it" in f["message"] and "py-spy" in f["fix"]
