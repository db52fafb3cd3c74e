"""Rules from the twenty-second to twenty-fourth sweeps of public threads (the remote shells and schedulers under a
multi-node launch, NCCL's INFO lines about transports and GPUDirect RDMA). Each line is quoted from the thread named
above its test, and tested on text that must not trigger it."""

from __future__ import annotations

from line_reading import assert_reads, causes, lead

from ncclkit.logs.analyze import analyze_text


def ids(text: str) -> set[str]:
    return {f["id"] for f in analyze_text(text)["findings"]}


# chaos/pdsh#127 (the maintainer: use `-R ssh`); ECP-VeloC/VELOC#20 (the PR sets it).
def test_pdshs_rsh_module_and_a_program_missing_on_the_node() -> None:
    assert_reads("pdcp@localhost: host: rcmd: socket: Permission denied", "log.remote_shell", "other")
    assert_reads("mcmd: xpoll: protocol failure in circuit setup", "log.remote_shell", "other")
    assert_reads("pdcp@localhost: host: ssh exited with exit code 127", "log.remote_shell", "other")
    # deepspeedai/DeepSpeed#5709: the ssh key refused above pdsh's 255 is the lead, not the 255 (read as pdsh's
    # login, not Open MPI's daemon start)
    text = ("localhost: jiaming@localhost: Permission denied (publickey,password).\n"
            "pdsh@jiaming-Precision-7960-Tower: localhost: ssh exited with exit code 255\n")
    assert lead(text) == ("log.remote_shell", "other")
    # any other code is the remote command's own exit: the node's lines above say why
    assert lead("pdsh@n0: n1: ssh exited with exit code 1\n") is None


# deepspeedai/DeepSpeed#174: ssh reached the bare host, whose Python lacks deepspeed.
def test_a_nodes_python_without_the_package() -> None:
    text = ("host-1: /usr/bin/python: No module named deepspeed.pt\n"
            "pdsh@id: host-1: ssh exited with exit code 1\n")
    assert lead(text) == ("log.remote_shell", "other")
    # the launching node's own missing module is the environment of this process, not a node reached over ssh
    assert lead("ModuleNotFoundError: No module named 'deepspeed'\n") != ("log.remote_shell", "other")


# kubeflow/mpi-operator#429 (key mounted 0640), #642 (sshd chroot: fixed with SYS_CHROOT), #467 (no host keys);
# NixOS/infra#352 (MaxStartups); openpmix/prrte#1493 (the ssh line before ORTE's block).
def test_ssh_keys_and_servers_that_refuse_the_launch() -> None:
    assert_reads("Permissions 0640 for '/root/.ssh/id_rsa' are too open.", "log.remote_shell", "other")
    assert_reads('Load key "/root/.ssh/id_rsa": bad permissions', "log.remote_shell", "other")
    assert_reads('chroot("/run/sshd"): Operation not permitted [preauth]', "log.remote_shell", "other")
    assert_reads("sshd: no hostkeys available -- exiting.", "log.remote_shell", "other")
    assert_reads("debug1: kex_exchange_identification: banner line 0: Exceeded MaxStartups", "log.remote_shell",
                 "other")
    orte = ("ssh_exchange_identification: Connection closed by remote host\n"
            "--------------------------------------------------------------------------\n"
            "ORTE was unable to reliably start one or more daemons.\n")
    assert lead(orte) == ("log.remote_shell", "other")
    # without the ssh line, ORTE's own help names an interface first
    assert lead(orte.split("\n", 1)[1]) == ("log.mpi_launch", "wrong_interface")
    # a c10d worker's reset connection is a peer that went away, not sshd
    assert lead("RuntimeError: Connection reset by peer\n") != ("log.remote_shell", "other")


# BAAI-WuDao/EVA#3: ssh to the host's address and port 22, where the container's sshd listens on 2222.
def test_ssh_that_cannot_reach_the_nodes_port_is_not_name_resolution() -> None:
    text = ("ssh: connect to host 175.24.121.148 port 22: No route to host\n"
            "subprocess.CalledProcessError: Command '['ssh 175.24.121.148 hostname -I']' returned non-zero exit "
            "status 255.\n")
    assert lead(text) == ("log.socket_connect_failed", "firewall_or_port_blocked")
    assert "port" in analyze_text(text)["findings"][0]["fix"]
    # everpeace/kube-openmpi#26: a name that does not resolve stays name resolution
    assert lead("ssh: Could not resolve hostname mpic-worker-0: Temporary failure in name resolution\n") == (
        "log.name_resolution", "hostname_resolution")


# radical-cybertools/radical.pilot#1034: the nodes' sshd allowed 10 sessions; not NCCL's internal error.
def test_mvapichs_mpirun_rsh_is_the_remote_shell() -> None:
    text = ("[gordon-ln1.sdsc.edu:mpirun_rsh][connect_socket] could not connect to gcn-14-31:60727\n"
            "[gordon-ln1.sdsc.edu:mpirun_rsh][wfe_thread] Internal error: transition failed\n")
    assert lead(text) == ("log.remote_shell", "other")
    assert "log.internal_error" not in ids(text)
    assert lead("x:1:1 [0] NCCL WARN Internal error: transition failed\n") != ("log.remote_shell", "other")


# mlr-org/batchtools#201 (munge keys differed), llnl/smith#688 and open-mpi/ompi#8378 (--overlap),
# mehta-lab/recOrder#482 (submitted from inside a job), radical-cybertools/radical.pilot#2109 (node count).
def test_slurms_control_plane_and_step_lines() -> None:
    assert_reads("srun: error: Task launch for StepId=34.0 failed on node ubuntu4: Socket timed out on send/recv "
                 "operation", "log.slurm_rpc", "other")
    assert_reads("srun: Job 9479148 step creation temporarily disabled, retrying (Requested nodes are busy)",
                 "log.launch_config", "application_bug")
    assert_reads("srun: fatal: SLURM_MEM_PER_CPU, SLURM_MEM_PER_GPU, and SLURM_MEM_PER_NODE are mutually exclusive.",
                 "log.launch_config", "application_bug")
    assert_reads("srun: Warning: can't run 1 processes on 2 nodes, setting nnodes to 1", "log.launch_config",
                 "application_bug")
    # srun's own abort is no communicator abort and names no cause
    assert lead("srun: StepId=2166087.0 aborted before step completely launched.\n") is None
    # pytorch/pytorch#107021: a c10d store timeout stays the socket's
    assert lead("[E socket.cpp:860] [c10d] The client socket has timed out after 60s while trying to connect to "
                "192.0.0.1:1234\n")[0] == "log.socket_connect_failed"


# horovod/horovod#637 (another Open MPI on the third node), aws/aws-parallelcluster#301 (the node rebooted),
# pmodels/mpich#2121 (EXIT CODE 139, then hydra's cleanup).
def test_open_mpi_and_hydra_runtime_lines() -> None:
    text = ("[ip-hostname3:14313] [[44845,0],2] ORTE_ERROR_LOG: Data unpack would read past end of buffer in file "
            "grpcomm_direct.c at line 355\n"
            "An internal error has occurred in ORTE:\n")
    assert lead(text) == ("log.mpi_launch", "other")
    assert "log.internal_error" not in ids(text)
    assert lead(" ORTE has lost communication with its daemon located on node:\n   hostname:  ip-10-15-20-17\n") == (
        "log.remote_exited", "rank_crashed_elsewhere")
    mpich = ("> =   PID 4019 RUNNING AT mpix-2\n"
             "> =   EXIT CODE: 139\n"
             "> [proxy:0:0@mpix-1] HYD_pmcd_pmip_control_cmd_cb (../../../../src/pm/hydra/pm/pmiserv/pmip_cb.c:885): "
             "assert (!closed) failed\n"
             "> [mpiexec@mpix-hn] HYDT_bsci_wait_for_completion (../../../../src/pm/hydra/tools/bootstrap/src/"
             "bsci_wait.c:23): launcher returned error waiting for completion\n")
    assert lead(mpich) == ("log.crash", "other")
    assert not {"log.bootstrap_error", "log.proxy_error"} & ids(mpich)
    # open-mpi/ompi#7187: hydra's own connect failure stays the network's
    assert lead("[proxy:0:0@Slave1] main (/opt/mpi-dl/mpich-3.3/src/pm/hydra/pm/pmiserv/pmip.c:183): unable to "
                "connect to server Master at port 40677 (check for firewalls!)\n")[0] == "log.socket_connect_failed"


# deepspeedai/DeepSpeed#3625: the old spelling of the slot check.
def test_deepspeeds_old_slot_message() -> None:
    assert_reads("`No slot 2 specificied on host work1`.", "log.launch_config", "application_bug")
    assert_reads("ValueError: No slot '1' specified on host 'localhost'", "log.launch_config", "application_bug")


# NVIDIA/nccl#901: NET/Socket prints the line for every interface; NVIDIA/nccl#1537: NET/IB's is peer memory.
def test_the_socket_transports_gdr_line_says_nothing_about_peer_memory() -> None:
    sock = "qygpu047:411931:411931 [3] NCCL INFO NET/Socket : GPU Direct RDMA Disabled for HCA 1 'lan3'\n"
    assert "log.no_gdrdma" not in ids(sock)
    ib = "hostname1:25668:27396 [0] NCCL INFO NET/IB : GPU Direct RDMA Disabled for HCA 0 'mlx5_0'\n"
    found = next(f for f in analyze_text(ib)["findings"] if f["id"] == "log.no_gdrdma")
    assert found["cause"] == "gdr_unavailable" and "nvidia_peermem" in found["fix"]
    # NCCL 2.23.4+ sees the driver's module itself: no upgrade to suggest
    new = analyze_text("NCCL version 2.27.3+cuda12.9\n" + ib)["findings"]
    assert "2.23.4" not in next(f for f in new if f["id"] == "log.no_gdrdma")["fix"]
    # the distance form is the placement
    far = "node-1:1:2 [0] NCCL INFO GPU Direct RDMA Disabled for GPU 18000 / HCA 0 (distance 5 > 4)\n"
    assert "PCIe switch" in next(f for f in analyze_text(far)["findings"] if f["id"] == "log.no_gdrdma")["fix"]


# NVIDIA/nccl-tests#373: three nodes, one rank each: NCCL_P2P_LEVEL=LOC changes nothing.
def test_p2p_settings_do_not_matter_with_one_rank_per_node() -> None:
    log = ("bigo:1884:2298 [0] NCCL INFO NCCL_P2P_LEVEL set by environment to LOC\n"
           "bigo:1884:2298 [0] NCCL INFO comm 0x5645 rank 2 nRanks 3 nNodes 3 localRanks 1 localRank 0 MNNVL 0\n"
           "bigo:1884:2298 [0] NCCL INFO Channel 00/0 : 1[0] -> 2[0] [receive] via NET/IBext_v8/1\n")
    assert not {"log.p2p_disabled", "log.intra_node_net"} & ids(log)
    # NVIDIA/nccl#1653: two ranks on one node keep the finding
    both = ("DESKTOP-1CE5APL:1690:2801 [1] NCCL INFO NCCL_P2P_LEVEL set by environment to LOC\n"
            "DESKTOP-1CE5APL:1690:2801 [1] NCCL INFO comm 0x5616 rank 1 nRanks 2 nNodes 1 localRanks 2 localRank 1 "
            "MNNVL 0\n")
    assert "log.p2p_disabled" in ids(both)


# hiyouga/LlamaFactory#1196: two ranks' output interleaved; the store timeout follows another rank's frame line.
def test_an_exception_after_a_frame_line_is_not_the_frames_source() -> None:
    text = ('  File "/x/transformers/training_args.py", line 2035, in main_process_first\n'
            "RuntimeError: [6] is setting up NCCL communicator and retrieving ncclUniqueId from [0] via c10d key-value "
            "store by key '0', but store->get('0') got error: Socket Timeout\n")
    assert "log.timeout" in ids(text) or "log.preparation_timeout" in ids(text)
    # ray's compiled graphs: the indented source line under its frame names a `timeout` argument, no timeout (no
    # reading: at most the prior of a traceback cut before its exception)
    assert lead('  File "/x/ray/dag/compiled_dag_node.py", line 9, in _read\n'
                "    outputs = self._read_list(timeout)\n") in (None, ("log.base_rate", "application_bug"))


# huggingface/trl#1519, shibing624/MedicalGPT#129 and #425, axolotl-ai-cloud/axolotl#2684, NVIDIA/nccl#865: rank 0
# tokenizes alone under main_process_first while the others' barrier reaches its 30-minute default.
def test_a_timeout_while_one_rank_still_prepares_the_data() -> None:
    bar = ("Tokenizing Prompts (num_proc=64):  92%|#########2| 328986/359152 [29:58<12:05, 41.59 examples/s]"
           "[rank1]:[W516 14:34:56.853490829 socket.cpp:464] [c10d] waitForInput: socket SocketImpl(fd=79, "
           "addr=[localhost]:41170, remote=[localhost]:29500) timed out after 1800000ms\n")
    assert lead(bar) == ("log.preparation_timeout", "application_bug")
    old = ("Running tokenizer on dataset (num_proc=10): 100%|#| 1368806/1370895 [29:46<01:07, 30.89 examples/s]"
           "[rank3]:[W1001 13:40:02.778279096 socket.cpp:428] [c10d] While waitForInput, poolFD failed with (errno: "
           "0 - Success).\n")
    assert lead(old) == ("log.preparation_timeout", "application_bug")
    # the 2.4 - 2.5 wording alone is the store's wait ending
    assert lead(old.split("]", 1)[1].split("[rank3]:", 1)[1] + "\n")[0] == "log.rendezvous_timeout"
    # a bar five minutes in is no 30-minute preparation
    assert "log.preparation_timeout" not in ids(bar.replace("[29:58<", "[05:02<"))
    # OpenRLHF/OpenRLHF#1040: the server-side store of a multi-node launch, no preparation in sight
    assert "log.preparation_timeout" not in ids(
        "torch.distributed.DistStoreError: Timed out after 1801 seconds waiting for clients. 1/3 clients joined.\n")


# NVIDIA/nccl PR #2059 and #2388 (memoryless NUMA nodes): a cuMem host handle read as a /dev/shm name.
def test_a_shared_memory_attach_of_size_0_is_the_cumem_host_handle() -> None:
    assert_reads("[rank1]: Error while attaching to shared memory segment /dev/shm/nccl-\u040c (size 0), error: No "
                 "such file or directory (2)", "log.shm_error", "other")
    # NVIDIA/nccl-tests#166: a segment that cannot grow is /dev/shm's size
    assert lead("misc/shmutils.cc:71 NCCL WARN Error: failed to extend /dev/shm/nccl-fjwOOB to 5967876 bytes\n") == (
        "log.shm_error", "shm_too_small")


# modelscope/ms-swift#7992 (fixed by PR #8385: destroy the groups at the end): a stall after the run ended.
def test_a_watchdog_stall_after_an_exit_without_destroying_the_groups() -> None:
    text = ("[INFO:swift] End time of running main: 2026-02-05 18:00:31.710947\n"
            "[rank0]:[W205 18:00:34.953145631 ProcessGroupNCCL.cpp:1538] Warning: WARNING: destroy_process_group() "
            "was not called before program exit, which can leak resources.\n"
            "[rank4]:[E205 18:11:06.375750231 ProcessGroupNCCL.cpp:1870] [PG ID 12 PG GUID 99(EXPERT_MODEL_PARALLEL_"
            "GROUP) Rank 4] ProcessGroupNCCL's watchdog got stuck for 480 seconds without making progress in "
            "monitoring enqueued collectives.\n")
    assert lead(text) == ("log.teardown_stall", "application_bug")
    # a stall before any exit stays the watchdog's own reading
    lines = text.splitlines(keepends=True)
    assert lead(lines[0] + lines[2] + lines[1])[0] != "log.teardown_stall"


# pytorch/pytorch#76894 (screen or tmux), keyu-tian/SparK#19; zlin0/wedefense#47 (a $RANDOM port of 374).
def test_sighup_is_the_terminal_and_a_low_port_without_its_errno() -> None:
    text = ("W0920 09:10:41.194000 84933 torch/distributed/elastic/agent/server/api.py:719] Received 1 death signal, "
            "shutting down workers\n")
    found = analyze_text(text)["findings"][0]
    assert (found["id"], found["cause"]) == ("log.job_stopped", "other") and "tmux" in found["fix"]
    sigterm = text.replace("Received 1 death", "Received 15 death")
    assert "tmux" not in analyze_text(sigterm)["findings"][0]["fix"]
    assert_reads("Permission denied: The server socket has failed to bind to [::]:374", "log.launch_config",
                 "application_bug")
    assert lead("[W socket.cpp:401] [c10d] The server socket has failed to bind to [::]:29500 (errno: 98 - Address "
                "already in use).\n")[0] == "log.port_in_use"


# NVIDIA/nvidia-docker#1447 and #1660 (cgroup v2 with an old libnvidia-container), #1688 (rootless: no-cgroups),
# #1068 (a driver update without a reboot), #1026 (an unquoted --gpus device list).
def test_the_container_hooks_cgroup_mount_and_device_request_failures() -> None:
    assert_reads("nvidia-container-cli: container error: cgroup subsystem devices not found: unknown.",
                 "log.container_start", "other")
    assert_reads("nvidia-container-cli: mount error: failed to add device rules: unable to find any existing device "
                 "filters attached to the cgroup: bpf_prog_query(BPF_CGROUP_DEVICE) failed: operation not permitted: "
                 "unknown.", "log.container_start", "other")
    assert_reads("nvidia-container-cli: mount error: mount operation failed: /var/lib/docker/overlay2/b9f5/merged/proc/"
                 "driver/nvidia/params/version/registry: no such file or directory", "log.gpu_missing",
                 "cuda_or_driver")
    assert_reads("docker: Error response from daemon: cannot set both Count and DeviceIDs on device request.",
                 "log.launch_config", "application_bug")
    # NVIDIA/nvidia-docker#628: the driver RPC timing out stays the driver's
    assert lead("nvidia-container-cli: initialization error: driver rpc error: timed out: unknown.\n") == (
        "log.gpu_missing", "cuda_or_driver")


# NVIDIA/nvidia-docker#1671 (daemon-reload), nvidia-container-toolkit#580 (no-cgroups = true), nvidia-docker#676
# and mudler/LocalAI#7412 (SELinux labels), fedora-selinux/selinux-policy#1695.
def test_gpus_a_containers_processes_may_not_open() -> None:
    assert_reads("Failed to initialize NVML: Unknown Error", "log.container_devices", "other")
    assert_reads("Failed to initialize NVML: Insufficient Permissions", "log.container_devices", "other")
    assert_reads("Target Context                system_u:object_r:xserver_misc_device_t:s0", "log.container_devices",
                 "other")
    # the driver's own mismatch after an upgrade stays the driver
    assert lead("Failed to initialize NVML: Driver/library version mismatch\n")[1] == "cuda_or_driver"


# openucx/ucx#3545 (ptrace_scope=0 fixed it) and #8958 (ranks in different containers); rwth-i6/returnn#1480,
# aws/aws-parallelcluster#1150, coreos/fedora-coreos-tracker#1841; aws/aws-ofi-nccl#20 (DataLoader's fork).
def test_cma_refused_tasks_stuck_in_the_kernel_and_efa_after_fork() -> None:
    assert_reads("[lxbk1012:3549626:0:3549626]      cma_ep.c:84   process_vm_readv(pid=3549634 {0x24ed520,12480}-->"
                 "{0x1bd42a0,12480}) returned -1: Operation not permitted", "log.mpi_transport", "other")
    # EFAULT is another failure (apptainer/singularity#6518): not the ptrace rule
    assert lead("cma_ep.c:88   process_vm_readv(pid=1723503 {0x1,8}-->{0x2,8}) returned -1: Bad address\n") != (
        "log.mpi_transport", "other")
    assert_reads("Jun 17 20:18:08 ip-172-31-27-211 kernel: INFO: task strat1_sim:78808 blocked for more than 120 "
                 "seconds.", "log.hung_task", "other")
    assert_reads("Nov 17 15:41:58 coreos kernel: watchdog: BUG: soft lockup - CPU#2 stuck for 78s! "
                 "[kworker/u16:7:101418]", "log.hung_task", "other")
    assert "cuda_or_driver" in {c for _, c in causes("[  +0.000049] task:python3.11      state:D stack:    0 pid:15277 "
                                                     "ppid: 15257 flags:0x00000002\n")}
    assert_reads("Unable to write to EQ: Missing or unavailable event queue. err: Input/output error (5) prov_errno: "
                 "Unknown error -114 (-114) prov/rxr/src/rxr.h:1042", "log.ofi_error", "net_plugin_error")
    # moby/moby#7276: an AppArmor ptrace denial of `ps` in a container is noise
    assert lead('apparmor="DENIED" operation="ptrace" profile="docker-default" pid=21074 comm="ps"\n') is None


# ovro-lwa/lwa-issues#117 (the node froze: a DIMM), openstreetmap/operations#300 and #89 (the RAM was replaced).
def test_machine_check_memory_errors_are_the_host() -> None:
    assert_reads("[  +0.000013] EDAC skx MC3: HANDLING MCE MEMORY ERROR", "log.host_memory_error", "other")
    assert_reads("May  7 06:45:12 errol kernel: [21584690.529877] EDAC MC0: 4 CE error on CPU#0Channel#2_DIMM#0 "
                 "(channel:2 slot:0 page:0x0 offset:0x0 grain:8 syndrome:0x0)", "log.host_memory_error", "other")
    # oVirt/ovirt-node-ng-image#88 and pop-os/pop#2769: EDAC's and the MCE decoder's boot inventory
    for line in ("Oct 14 15:45:42 ovnode02 kernel: EDAC amd64: Node 0: DRAM ECC enabled.",
                 "kernel: EDAC MC0: Giving out device to module amd64_edac controller F19h: DEV 0000:00:18.3 "
                 "(INTERRUPT)", "kernel: MCE: In-kernel MCE decoding enabled.",
                 "RAS: Correctable Errors collector initialized."):
        assert lead(line + "\n") is None, line


# Mellanox/nv_peer_memory#120 (harmless, gone in R560), #112 and #53 (a driver race, fixed in newer drivers), #84
# (reinstall after OFED); NVIDIA/nccl#2241 (the VF probe beside NVLink Xids).
def test_the_peer_memory_modules_own_lines() -> None:
    assert lead("[25033.266922] nvidia-peermem nv_get_p2p_free_callback:127 ERROR detected invalid context, skipping "
                "further processing\n") is None
    assert_reads("Dec 20 18:48:09 A100-42 kernel: nv_mem nv_get_p2p_free_callback:155 nv_get_p2p_free_callback -- "
                 "invalid dma_mapping", "log.cuda_error", "cuda_or_driver")
    text = ("[root@n120 ~]# modprobe -v nv_peer_mem\n"
            "[Fri Feb 12 11:47:20 2021] nv_peer_mem: Unknown symbol ib_register_peer_memory_client (err 0)\n")
    found = analyze_text(text)["findings"][0]
    assert (found["id"], found["cause"]) == ("log.gdr_disabled", "gdr_unavailable") and "OFED" in found["fix"]
    # the typed command is not the evidence
    assert 1 not in found["evidence"]["lines"]
    assert lead("kernel: NVRM: GPU1 kbifCacheVFInfo_GB100: Unable to read NV_PF0_INITIAL_AND_TOTAL_VFS\n") is None


# akash-network/support#244: the prompt line of `dmesg | grep NVRM` names no fault; the Xid under it does.
def test_a_typed_command_is_not_the_error_its_output_shows() -> None:
    text = ("root@node4:~# dmesg -T |grep NVRM\n"
            "[Fri Aug  9 13:32:56 2024] NVRM: Xid (PCI:0000:00:08): 94, pid='<unknown>', name=<unknown>, Contained: "
            "SM (0x1). RST: No, D-RST: No\n")
    found = next(f for f in analyze_text(text)["findings"] if f["cause"])
    assert found["evidence"]["lines"] == [2]
    # a prompt's exported variables stay the job's settings
    assert "log.ib_disabled" in ids("user@gpu1:~$ export NCCL_IB_DISABLE=1\n")


# NVIDIA/nccl#1710: NCCL before 2.19 printed a queue pair's access error as "Got async event"; NVIDIA/nccl#905:
# "port error" is the link.
def test_an_older_async_event_of_a_queue_pair_is_not_the_port() -> None:
    assert_reads("node201:127799:127863 [0] transport/net_ib.cc:101 NCCL WARN NET/IB : mlx5_0:1 Got async event : "
                 "local access violation work queue error", "log.ibv_call_failed", "ib_resource_error")
    assert_reads("n48:34050:34121 [0] transport/net_ib.cc:93 NCCL WARN NET/IB : Got async event : port error",
                 "log.ib_port_event", "ib_port_down_or_link")


# The launch before the program runs: a script path that is not there (exit code 2), a launcher missing from the
# environment, a broken line continuation (yongliang-wu/DFT#26), python-fire refusing --local_rank, env:// without a
# launcher, DeepSpeed dropping CUDA_VISIBLE_DEVICES.
def test_launch_commands_that_fail_before_the_program_runs() -> None:
    text = ("/usr/bin/python3: can't open file 'train_jonas.py': [Errno 2] No such file or directory\n"
            "ERROR:torch.distributed.elastic.multiprocessing.api:failed (exitcode: 2) local_rank: 0 (pid: 1218) of "
            "binary: /usr/bin/python3\n")
    assert lead(text) == ("log.launch_config", "application_bug")
    assert_reads("sh: 1: /home/gyn/miniconda/envs/ct/bin/torchrun: not found", "log.launch_config", "application_bug")
    assert_reads("scripts/dft_train.sh: line 15: data.max_length=2048: command not found", "log.launch_config",
                 "application_bug")
    assert_reads("./scripts/train_decoding.sh: line 2: --task_name: command not found", "log.launch_config",
                 "application_bug")
    assert_reads("Could not consume arg: --local_rank", "log.launch_config", "application_bug")
    assert_reads('    raise _env_error("MASTER_ADDR")', "log.framework_usage", "application_bug")
    assert_reads("Detected CUDA_VISIBLE_DEVICES=2,4,5,7 but ignoring it because one or several of --include/--exclude/"
                 "--num_gpus/--num_nodes cl args were used.", "log.launch_config", "application_bug")
    # databrickslabs/dolly#32: the first eight GPUs listed beside --num_gpus 8 are the ones taken anyway
    listed = ("Detected CUDA_VISIBLE_DEVICES=0,1,2,3,4,5,6,7 but ignoring it because one or several of --include/"
              "--exclude/--num_gpus/--num_nodes cl args were used.\n")
    assert "log.launch_config" not in ids(listed)
    # a missing program that is not the launcher (Open MPI's orted on a node) keeps its own reading
    assert lead("bash: orted: command not found\n") != ("log.launch_config", "application_bug")
    # a file Python cannot open for another reason is no missing script
    assert lead("python3: can't open file '/data/x.py': [Errno 13] Permission denied\n") != (
        "log.launch_config", "application_bug")
