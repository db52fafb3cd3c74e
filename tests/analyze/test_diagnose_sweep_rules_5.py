"""Rules from the ninth to thirteenth sweeps of public threads (the GPU and its host, other communication stacks,
research repositories, RL weight synchronisation, slow jobs) and the sweep lines left over before them. Each line is
quoted from the thread named above its test, and tested on text that must not trigger it."""

from __future__ import annotations

from line_reading import causes, lead


# gensyn-ai/rl-swarm#197: a TUN-mode proxy's fake-IP DNS answered for the master's name.
def test_a_fake_ip_of_a_proxy_is_the_name_resolution() -> None:
    line = ("[W427 01:04:16.149509694 socket.cpp:752] [c10d] The client socket has failed to connect to "
            "[::ffff:198.18.0.1]:3254 (errno: 110 - Connection timed out).\n")
    assert lead(line) == ("log.master_addr_fake_ip", "hostname_resolution")
    # 198.20.x.x is outside 198.18.0.0/15: an ordinary address that timed out is no resolution problem
    assert lead(line.replace("198.18.0.1", "198.20.0.1"))[1] != "hostname_resolution"


# hpcaitech/Open-Sora#667: a job id given as the master address, read by the resolver as 0.104.99.143.
def test_a_master_address_of_digits_alone_is_no_host() -> None:
    text = ("[W socket.cpp:697] [c10d] The client socket has failed to connect to 0.104.99.143:47389 (errno: 110 - "
            "Connection timed out).\n[E socket.cpp:753] [c10d] The client socket has failed to connect to any network "
            "address of (6841231, 47389).\n")
    assert lead(text) == ("log.master_addr_number", "hostname_resolution")
    assert lead(text.replace("6841231", "10.0.0.7"))[0] != "log.master_addr_number"


# anhvth/opensloth#14 (IPv6 switched off in the kernel, the thread's cause) against a real error beside the warning.
def test_ipv6_switched_off_leads_only_a_paste_with_nothing_else() -> None:
    warn = ("[W729 12:37:15.952489580 socket.cpp:752] [c10d] The client socket cannot be initialized to connect to "
            "[localhost]:29501 (errno: 97 - Address family not supported by protocol).\n")
    assert lead(warn) == ("log.ipv6_off", "other")
    oom = "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB.\n"
    assert lead(warn + oom)[1] == "oom"


# trixie-cluster/trixie#55: one node's processes crashed inside libcuda (its GPU was replaced); abrt's report of the
# signal is a crash, not the OOM killer.
def test_a_segfault_inside_the_driver_library_is_the_driver() -> None:
    kernel = ("Mar 24 09:53:55 cn110 kernel: python[3551]: segfault at 1378 ip 00007fff859dbeff sp 00007fff3b60ce60 "
              "error 4 in libcuda.so.418.67[7fff858c5000+dec000]\n")
    assert lead(kernel) == ("log.cuda_error", "cuda_or_driver")
    assert lead(kernel.replace("libcuda.so.418.67", "libc-2.17.so")) == ("log.crash", "other")
    abrt = ("Mar 24 11:31:44 cn110 abrt-hook-ccpp: Process 18817 (python3.7) of user 171971032 killed by SIGSEGV - "
            "dumping core\n")
    assert lead(abrt)[1] != "oom"
    assert lead(abrt.replace("SIGSEGV", "SIGKILL")) == ("log.process_killed", "oom")


# Sweep 9: the same CUDA errors in other programs' wrappings (pytorch#40671's THC, SYSTRAN/faster-whisper#653,
# mitmul/pynvvl#18, NVIDIA/caffe#336, yhlleo/DeepSegmentor#31), each read by its error string.
def test_cuda_errors_in_every_wrapping_are_read_by_their_string() -> None:
    for line in ("RuntimeError: Unexpected error from cudaGetDeviceCount(). Did you run some cuda functions before "
                 "calling NumCudaDevices() that might have already set an error? Error 804: forward compatibility was "
                 "attempted on non supported HW",
                 "RuntimeError: cuda runtime error (804) : forward compatibility was attempted on non supported HW at "
                 "/opt/conda/conda-bld/pytorch_1591914855613/work/aten/src/THC/THCGeneral.cpp:47",
                 "RuntimeError: CUDA failed with error forward compatibility was attempted on non supported HW",
                 "CUDA runtime error 3 at line 15 in file /nvvl/src/detail/Decoder.cpp: initialization error",
                 "Check failed: error == cudaSuccess (3 vs. 0) initialization error"):
        assert lead(line + "\n") == ("log.cuda_error", "cuda_or_driver"), line
    # the string decides: a device ordinal past the visible GPUs is the program's, in any wrapping
    assert lead("Check failed: error == cudaSuccess (101 vs. 0) invalid device ordinal\n") == (
        "log.cuda_error", "application_bug")
    # a success check that passed names nothing
    assert lead("cudaGetDeviceCount returned 8\n") is None


# ecmwf/anemoi-core#430 (every rank on GPU 0 in exclusive-process mode), PIConGPU PR#757 (the device set after
# the context existed).
def test_busy_gpus_offer_the_program_and_a_device_set_late_is_the_program() -> None:
    busy = causes("RuntimeError: CUDA error: CUDA-capable device(s) is/are busy or unavailable\n")
    assert busy[0][1] == "cuda_or_driver" and "application_bug" in [c for _, c in busy[:3]]
    assert lead("RuntimeError: CUDA error: cannot set while device is active in this process\n") == (
        "log.cuda_error", "application_bug")


# nvidia/libnvidia-container#231, nvidia-docker#481 and #709, gpu-operator#206, pyxis#47, bibigrid#705, gdrcopy#242
# and #206, gpu-operator#118 and #668: the driver, its modules and device nodes, GDRCopy and MIG under the job.
def test_the_driver_under_the_job_its_modules_nodes_gdrcopy_and_mig() -> None:
    for line, want in (
            ("nvidia-container-cli: initialization error: load library failed: libnvidia-ml.so.1: cannot open shared "
             "object file: no such file or directory", ("log.gpu_missing", "cuda_or_driver")),
            ("modprobe: FATAL: Module nvidia_uvm not found in directory /lib/modules/4.4.0-83-generic",
             ("log.gpu_missing", "cuda_or_driver")),
            ("ERROR: Unable to load the kernel module 'nvidia.ko'.  This happens most frequently when this kernel "
             "module was built against the wrong or improperly configured kernel sources",
             ("log.gpu_missing", "cuda_or_driver")),
            ("/usr/bin/ls: cannot access '/dev/nvidia0': No such file or directory", ("log.gpu_missing",
                                                                                      "cuda_or_driver")),
            ("insmod: ERROR: could not load module src/gdrdrv/gdrdrv.ko: No such file or directory",
             ("log.gdrcopy_error", "gdr_unavailable")),
            ("gdrdrv:__gdrdrv_pin_buffer:nvidia_p2p_get_pages(va=7f0000000000 len=65536 p2p_token=0 va_space=0) "
             "failed [ret = -22]", ("log.gdrcopy_error", "gdr_unavailable")),
            ("Warning: MIG mode is in pending disable state for GPU 00000000:C1:00.0:In use by another client",
             ("log.gpu_fault", "cuda_or_driver"))):
        assert lead(line + "\n") == want, line
    # another module, another device file
    assert lead("modprobe: FATAL: Module nvidia_peermem not found in directory /lib/modules/5.15.0\n") != (
        "log.gpu_missing", "cuda_or_driver")
    assert lead("ls: cannot access '/dev/infiniband/uverbs0': No such file or directory\n") != (
        "log.gpu_missing", "cuda_or_driver")


# pop-os/pop#3363: the PCIe error report's decoded bits; ray-project/ray#58638: a node Ray lost.
def test_pcie_status_bits_are_no_timeout_and_a_lost_ray_node_is_elsewhere() -> None:
    aer = ("Sep 19 16:18:02 bubz kernel: [68183.615810] pcieport 0000:00:03.1: PCIe Bus Error: severity=Correctable, "
           "type=Data Link Layer, (Transmitter ID)\nSep 19 16:18:02 bubz kernel: [68183.615826] pcieport "
           "0000:00:03.1:    [12] Timeout               \n")
    assert lead(aer) is None
    assert lead(aer.replace("severity=Correctable", "severity=Uncorrectable (Fatal)"))[1] == "other"
    assert lead("Task failed because the node it was running on is dead or unavailable. Node IP: 127.0.0.1, node "
                "ID: e55b8ca0. This can happen if the node was preempted, had a hardware failure, or its raylet "
                "crashed unexpectedly.\n") == ("log.remote_exited", "rank_crashed_elsewhere")
