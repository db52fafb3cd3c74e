"""Rules from sweeps 178 - 181 (2026-12-05: launcher output, NCCL's own lines, hangs and timeouts, GPU containers
and clusters, in repositories earlier rounds had not used). Each line is quoted from the thread named above its
test, and tested on text that must not trigger it."""

from __future__ import annotations

from line_reading import assert_reads, ids, lead

from ncclkit.logs.analyze import analyze_text


def test_mpiruns_signal_6_is_the_ranks_own_abort() -> None:
    # deepspeedai/DeepSpeed#6896 (the CUDA check failed inside rank 7's own watchdog)
    assert_reads("prterun noticed that process rank 7 with PID 0 on node gpu0304 exited on signal 6 (Aborted).",
                 "log.process_aborted", "other")
    # adda-team/adda#151: wrapped before "signal"
    assert lead("mpiexec noticed that process rank 0 with PID 10313 on node proton exited on \n"
                "signal 6 (Aborted).\n") == ("log.process_aborted", "other")
    # a communicator aborted on another rank keeps the peer reading (huggingface/accelerate#157)
    assert lead("RuntimeError: NCCL communicator was aborted on rank 3.\n") == ("log.abort", "rank_crashed_elsewhere")


def test_horovods_cuda_error_before_open_mpis_banner_and_libcs_abort_frame() -> None:
    # horovod/horovod#2365
    text = ("[1,25]<stderr>:terminate called after throwing an instance of 'std::logic_error'\n"
            "[1,25]<stderr>:  what():  cudaEventQuery failed: an illegal memory access was encountered\n"
            "[1,25]<stderr>:[c102:70259] *** Process received signal ***\n"
            "[1,25]<stderr>:[c102:70259] Signal: Aborted (6)\n"
            "[1,25]<stderr>:[c102:70259] [ 2] /lib/x86_64-linux-gnu/libc.so.6(abort+0x141)[0x7fa7cd0ee8b1]\n")
    assert lead(text) == ("log.cuda_error", "application_bug")
    assert "log.abort" not in ids(text)


def test_hydras_old_host_address_failure_is_name_resolution() -> None:
    # pmodels/mpich#1146 (gethostbyname failed; "I checked the firewall on both PCs")
    assert_reads("[proxy:0:0@okoky-laptop] HYDU_sock_connect (./utils/sock/sock.c:138): unable to get host address "
                 "(Connection timed out)", "log.name_resolution", "hostname_resolution")
    # a connect that timed out stays the network (pmodels/mpich#3777: "Did you check for firewalls?")
    assert lead('HYDU_sock_connect (utils/sock/sock.c:180): unable to connect from "node2" to "node1" (Connection '
                'timed out)\n')[1] == "firewall_or_port_blocked"


def test_refused_connects_in_other_words_and_strace_of_local_sockets() -> None:
    # pmodels/mpich#889, firemodels/fds#1968
    assert_reads("MPIDI_CH3I_VC_post_sockconnect(1059): [ch3:sock] rank 2 unable to connect to rank 3 using business "
                 "card <port=49491 description=OCH-CN01.crloch.com ifname=192.168.30.51 >",
                 "log.socket_connect_failed", "firewall_or_port_blocked")
    assert lead('"Error while connecting to host, No connection could be made because the target machine\n')[1] \
        == "firewall_or_port_blocked"
    # open-mpi/ompi#11783: an X11 client probing its display under strace
    assert lead('connect(9, {sa_family=AF_UNIX, sun_path=@"/tmp/.X11-unix/X7"}, 20) = -1 ECONNREFUSED (Connection '
                'refused)\n'
                'connect(9, {sa_family=AF_INET, sin_port=htons(6006), sin_addr=inet_addr("127.0.0.1")}, 16) = -1 '
                'ECONNREFUSED (Connection refused)\n') is None
    # a refused connect to a peer's port stays one (mpitutorial/mpitutorial#90)
    assert lead("MPID_nem_tcp_connpoll(1845): Communication error with rank 1: Connection refused\n") is not None
    # sehoffmann/dmlcloud#56: the store's client retrying
    assert lead("[W129 21:03:46.878435961 TCPStore.cpp:330] [c10d] TCP client failed to connect/validate to host "
                "192.168.212.142:41312 - retrying (try=0, timeout=1800000ms, delay=46647ms): Interrupted system "
                "call\n") == ("log.socket_connect_failed", "firewall_or_port_blocked")


def test_an_accept_on_a_closed_socket_is_no_firewall() -> None:
    # NVIDIA/nccl#1382: every line from one process of one host
    assert_reads("nid:275204:275300 [0] misc/socket.cc:415 NCCL WARN socketTryAccept: Accept failed: Bad file "
                 "descriptor", "log.accept_closed", "other")
    # out of descriptors keeps the limit's reading
    assert lead("h:1:2 [0] misc/socket.cc:415 NCCL WARN socketTryAccept: Accept failed: Too many open files\n")[1] \
        == "memlock_or_ulimit"


def test_a_dns_warning_after_the_barriers_timeout_does_not_explain_it() -> None:
    # meta-pytorch/torchtune#2676
    timeout = ("[rank2]: RuntimeError: [/pytorch/third_party/gloo/gloo/transport/tcp/unbound_buffer.cc:81] Timed out "
               "waiting 1800000ms for recv operation to complete\n")
    dns = ("[W503 01:52:07.597517393 socket.cpp:204] [c10d] The hostname of the client socket cannot be retrieved. "
           "err=-3\n")
    assert lead(timeout + dns)[0] == "log.timeout"
    # printed before the connections it slows, it is the cause (pytorch/pytorch#159007)
    assert lead(dns + timeout) == ("log.name_lookup_slow", "hostname_resolution")


def test_a_paste_that_ends_at_the_extension_loaders_lock() -> None:
    # OpenRLHF/OpenRLHF#208 ("Just delete the whole .cache/torch_extensions folder and it's fixed")
    stuck = "Using  .cache/torch_extensions/py310_cu118 as PyTorch extensions root...\n" * 3
    assert lead(stuck) == ("log.extension_lock_wait", "other")
    # huggingface/transformers#12715: the loader got past it
    assert "log.extension_lock_wait" not in ids(
        "Using /github/home/.cache/torch_extensions as PyTorch extensions root...\n"
        "No modifications detected for re-loaded extension module utils, skipping build step...\n"
        "Loading extension module utils...\n")


def test_watchdog_groups_are_told_apart_by_guid_and_a_cut_op_name_is_not_compared() -> None:
    # NVIDIA/nccl#1610: two subgroups with the same local PG ID
    two = ("[rank13]:[E218 04:54:22.864467604 ProcessGroupNCCL.cpp:616] [Rank 1] Watchdog caught collective operation "
           "timeout: WorkNCCL(SeqNum=216, OpType=ALLTOALL_BASE, NumelIn=1379328, NumelOut=1572864, Timeout(ms)=600000) "
           "ran for 600045 milliseconds before timing out.\n"
           "[rank13]:[E218 04:54:22.864535778 ProcessGroupNCCL.cpp:1795] [PG ID 11 PG GUID 119 Rank 1] Exception "
           "(either an error or timeout) detected by watchdog at work: 216, last enqueued NCCL work: 220, last "
           "completed NCCL work: 215.\n"
           "[rank15]:[E218 04:54:22.883327702 ProcessGroupNCCL.cpp:616] [Rank 1] Watchdog caught collective operation "
           "timeout: WorkNCCL(SeqNum=57, OpType=ALLREDUCE, NumelIn=32, NumelOut=32, Timeout(ms)=600000) ran for "
           "600045 milliseconds before timing out.\n"
           "[rank15]:[E218 04:54:22.883358915 ProcessGroupNCCL.cpp:1795] [PG ID 11 PG GUID 112 Rank 0] Exception "
           "(either an error or timeout) detected by watchdog at work: 57, last enqueued NCCL work: 57, last "
           "completed NCCL work: 56.\n")
    assert "hang.rank_not_launched" not in ids(two)
    # one GUID: the same group, and the rank behind is named
    one = two.replace("PG GUID 112", "PG GUID 119")
    assert "hang.rank_not_launched" in ids(one)
    # modelscope/ms-swift#5409: a pager cut the op name
    cut = ("[rank2]:[E816 00:34:01.133910474 ProcessGroupNCCL.cpp:629] [Rank 2] Watchdog caught collective operation "
           "timeout: WorkNCCL(SeqNum=137429, OpType=_ALLGATHER_BA[451/1919]\n"
           "[rank0]:[E816 00:34:01.151101643 ProcessGroupNCCL.cpp:629] [Rank 0] Watchdog caught collective operation "
           "timeout: WorkNCCL(SeqNum=137429, OpType=_ALLGATHER_BASE, NumelI\n")
    assert "hang.collective_mismatch" not in ids(cut)
    # two whole names that differ are a mismatch (pytorch/pytorch#20630)
    assert "hang.collective_mismatch" in ids(cut.replace("_ALLGATHER_BA[451/1919]", "BROADCAST, NumelIn=8"))


def test_a_return_code_trace_borrows_no_plugins_words() -> None:
    # NVIDIA/Fuser#3055: misc/socket.cc traces with no aws-ofi-nccl in the paste
    got = analyze_text("dgx1v-loki-23:5892:6289 [2] NCCL INFO misc/socket.cc:47 -> 3\n"
                       "dgx1v-loki-23:5892:6019 [2] NCCL INFO misc/socket.cc:832 -> 3\n")["findings"][0]
    assert got["id"] == "log.abort" and "aws-ofi-nccl" not in got["message"]


def test_container_toolkit_wordings() -> None:
    # NVIDIA/gpu-feature-discovery#11: the driver's own device query at the hook
    assert_reads("nvidia-container-cli: detection error: cuda error: invalid device ordinal: unknown",
                 "log.gpu_missing", "cuda_or_driver")
    # a rank's own set_device keeps the program's reading (mlcommons/training#442)
    assert lead("RuntimeError: cuda runtime error (101) : invalid device ordinal at "
                "/opt/pytorch/pytorch/torch/csrc/cuda/Module.cpp:33\n")[1] == "application_bug"
    # NVIDIA/nvidia-container-toolkit#203, #885
    assert_reads("nvidia-container-cli.real: device error: MIG-GPU-932bfb2c-849a-2a22-1e84-9eff6bc02b39/1/0: unknown "
                 "device", "log.launch_config", "application_bug")
    assert_reads('Error: setting up CDI devices: failed to inject devices: failed to stat CDI host device '
                 '"/dev/dri/renderD129": no such file or directory', "log.gpu_missing", "cuda_or_driver")
    # apptainer/apptainer#1208, apptainer/singularity#1548
    assert_reads("FATAL:   container creation failed: nvidia-container-cli failed with exit status 1: "
                 "nvidia-container-cli: mount error: file creation failed: /var/apptainer/mnt/session/final/etc/"
                 "nvidia/nvidia-application-profiles-rc.d: no data available", "log.container_start", "other")
    assert lead("ERROR  : Failed creating directory /var/singularity/mnt/final/.singularity.d/libs :No such file or "
                "directory\n") == ("log.container_start", "other")


def test_vgpu_licences_and_locked_memory() -> None:
    # NVIDIA/nvidia-docker#1787, NVIDIA/gpu-operator#628
    assert lead("Oct 12 17:22:37 xxxxxxxxxx nvidia-gridd: Failed to acquire license from 10.0.0.5\n") == \
        ("log.vgpu_unlicensed", "cuda_or_driver")
    assert_reads("        License Status                    : Unlicensed (Restricted)", "log.vgpu_unlicensed",
                 "cuda_or_driver")
    assert lead("        License Status                    : Licensed (Expiry: 2026-12-31)\n") is None
    # manticoresearch-helm#169, qdrant/qdrant#1885: mlock past RLIMIT_MEMLOCK
    assert_reads("mlock() failed: Cannot allocate memory for attributes", "log.memlock", "memlock_or_ulimit")
    locked = ("[2023-05-12T10:40:42.502Z ERROR segment::vector_storage::mmap_vectors] Failed to lock deleted flags "
              "for quantized mmap segment in memory: Cannot allocate memory (os error 12)\n")
    assert lead(locked)[1] == "memlock_or_ulimit"
    # an allocation that failed stays memory
    assert lead("OSError: [Errno 12] Cannot allocate memory\n")[1] == "oom"
    # pires/docker-elasticsearch#7: Elasticsearch's logger named bootstrap is no NCCL bootstrap
    assert "log.bootstrap_error" not in ids("[2015-11-17 19:24:26,185][WARN ][bootstrap                ] Unable to "
                                            "lock JVM Memory: error=12,reason=Cannot allocate memory\n")


def test_shm_lines_that_are_no_failure() -> None:
    # allenai/open-instruct#1067: Ray's warning wrapped over lines
    wrapped = "\n".join((
        "2025-10-09 20:16:32,652    WARNING services.py:2159 -- WARNING: The object store is using /tmp instead",
        "  of /dev/shm because /dev/shm has only 5368709120 bytes available. This will harm performance! You may",
        "  be able to free up space by deleting files in /dev/shm. If you are inside a Docker container, you can",
        "  increase /dev/shm size by passing '--shm-size=10.24gb' to 'docker run' (or add it to the run_options",
        ""))
    assert lead(wrapped) is None
    # apptainer/apptainer#2713: cleaning up an instance already gone
    assert lead("ERROR:   unable to unlink path: /dev/shm/sharens_instance_1623719 (deleted), err: no such file or "
                "directory\n") is None
    # NCCL's segment that could not be created keeps its reading (pytorch/ci-infra#490)
    assert lead("h:1:2 [0] misc/shmutils.cc:132 NCCL WARN Error while creating shared memory segment /dev/shm/nccl-"
                "WU88OE (size 9637888), error: No space left on device (28)\n")[1] == "shm_too_small"
