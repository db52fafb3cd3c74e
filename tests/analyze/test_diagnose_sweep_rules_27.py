"""Rules from sweeps 101 - 102 (2026-12-05: Kubernetes pod and job status text around GPU jobs; Ray Train and Ray
clusters) and from the misses of held-out round 138 (AMD Instinct GPUs). Each line is quoted from the thread or page
named above its test, and tested on text that must not trigger it."""

from __future__ import annotations

from line_reading import ids, lead


def test_pod_sandbox_wordings_are_the_pod_network() -> None:
    # k8snetworkplumbingwg/sriov-cni#72 (older kubelet), sriov-network-device-plugin#555 (the kubelet's journal)
    older = ('  Warning  FailedCreatePodSandBox  73s   kubelet, s011  Failed create pod sandbox: rpc error: code = Unknown '
             'desc = [failed to set up sandbox container "af8b92d1" network for pod "ut-cburdick-b6f192": NetworkPlugin '
             'cni failed to set up pod "ut-cburdick-b6f192_default" network: netplugin failed but error parsing its '
             'diagnostic message "": unexpected end of JSON input]\n')
    assert lead(older) == ("log.container_start", "other")
    journal = (' 5월 03 17:40:32 dnccom kubelet[5493]: E0503 17:40:32.221354    5493 kuberuntime_sandbox.go:72] "Failed '
               'to create sandbox for pod" err=<\n')
    assert lead(journal) == ("log.container_start", "other")
    # NCCL's network plugin stays the plugin's
    assert lead("node1:1:1 [0] NCCL WARN Failed to initialize NET plugin IBext_v8\n") == \
        ("log.net_plugin_error", "net_plugin_error")


def test_device_plugins_refusing_a_pod() -> None:
    # tkestack/gpu-manager#37, Project-HAMi/HAMi#710, the kubelet's checkpoint on a full disk
    assert lead("Message:            Pod Update plugin resources failed due to rpc error: code = Unknown desc = Nvidia "
                "node mismatch for pod tencent-gpu-test-app, pick up:/dev/nvidia4  predicate: /dev/nvidia0, which is "
                "unexpected.\n") == ("log.gpu_sharing_layer", "other")
    assert lead("  Warning  UnexpectedAdmissionError  15s   kubelet         Allocate failed due to rpc error: code = "
                "Unknown desc = device number not matched, which is unexpected\n") == ("log.gpu_sharing_layer", "other")
    full = ('  Warning  UnexpectedAdmissionError  44m kubelet, 172.22.0.44  Update plugin resources failed due to failed '
            'to write checkpoint file "kubelet_internal_checkpoint": write /var/lib/kubelet/device-plugins/.728425055: '
            'no space left on device, which is unexpected.\n')
    assert lead(full) == ("log.disk_full", "other")
    # kubernetes/kubernetes#130145: the device manager's own count, not a GPU fault
    assert lead("Message:         Pod Allocate failed due to requested number of devices unavailable for nvidia.com/gpu. "
                "Requested:1, Available: 0, which is unexpected\n") == ("log.gpu_missing", "other")
    # a GPU the device plugin found unhealthy stays the GPU's
    assert lead("cannot allocate unhealthy devices nvidia.com/gpu\n") == ("log.gpu_missing", "cuda_or_driver")
    # NVIDIA/k8s-device-plugin#33 (fixed by PR#1562): the plugin's own health check
    assert lead("2018/02/27 16:43:50 Warning: GPU with UUID GPU-edae6d5d-6698-fb8d-2c6b-2a791224f089 is too old to "
                "support healtchecking with error: %!s(MISSING). Marking it unhealthy\n") == \
        ("log.framework_release", "other")


def test_pods_that_never_start_or_are_evicted() -> None:
    # grgalex/nvshare#5, nebari-dev/nebari#1200 (GKE without its driver), substratusai/runbooks#92
    assert lead("  Warning  Failed     12s   kubelet  Failed to pull image \"grgalex/nvshare:libnvshare-v0.1\": rpc "
                "error: code = NotFound\n") == ("log.container_start", "other")
    assert lead('MountVolume.SetUp failed for volume "nvidia" : hostPath type check failed: /home/kubernetes/bin/nvidia '
                "is not a directory\n") == ("log.gpu_missing", "cuda_or_driver")
    assert lead("  Warning  Evicted              109s  kubelet                                Pod ephemeral local "
                "storage usage exceeds the total limit of containers 5Gi.\n") == ("log.process_killed", "other")
    # microsoft/pai#5215: quota and admission policies
    assert lead('Error from server (Forbidden): error when creating "test_NBody.yml": admission webhook '
                '"validation.gatekeeper.sh" denied the request: [userpodlimits] container <cudasample> has no cpu '
                "limit\n") == ("log.launch_config", "application_bug")
    assert lead("Warning  FailedScheduling  3s (x3 over 3s)  default-scheduler  0/2 nodes are available: 2 "
                "ExceedsGPUQuota.\n") == ("log.launch_config", "application_bug")
    # a pod's /dev/shm mount under its own name stays shared memory's
    assert lead('Usage of EmptyDir volume "dshm" exceeds the limit "1Gi".\n') == ("log.shm_small", "shm_too_small")


def test_nic_driver_reload_held_by_storage_modules() -> None:
    # Crusoe's "Resolving MOFED Storage Module Race Condition" article
    text = "Storage modules are loaded for current driver, terminating\nprior driver reload failure due to " \
           "UNLOAD_STORAGE_MODULES\n"
    assert lead(text) == ("log.ofed_install_failed", "other")


def test_rocm_runtime_requirements_and_its_capture_bug() -> None:
    # ROCm/ATOM PR#913 (MI35x): RCCL refuses to start without the variable
    text = ("[FATAL ERROR]: HSA_NO_SCRATCH_RECLAIM=1 must be set to avoid performance\n"
            "degradation with the current HIP configuration.\n"
            "[FATAL ERROR]: Please set HSA_NO_SCRATCH_RECLAIM=1 and rerun.\n")
    assert lead(text) == ("log.framework_check", "performance_config")
    # sgl-project/sglang#24011 (ROCm 7.2.0's hipEventQuery under capture; 7.2.2 fixed it)
    watchdog = ("Process group watchdog thread terminated with exception:\n"
                "HIP error: operation not permitted on an event last recorded in a capturing stream\n")
    assert lead(watchdog) == ("log.framework_release", "other")
    # the program's own capture broken on CUDA stays the program's
    assert lead("RuntimeError: CUDA error: operation not permitted when stream is capturing\n")[1] == "application_bug"
    assert "log.abort" not in ids(watchdog)


def test_ray_s_lists_of_possible_causes_wrapped_by_a_terminal() -> None:
    # OpenRLHF/OpenRLHF#265 (the list wrapped), stevietrouble/EfficientZero#2 ("a temp error")
    wrapped = ("R Worker exit detail: Worker unexpectedly exits with a connection error code 2. End of file. There are "
               "some potential root causes. (1) The process is\n killed by SIGKILL by OOM killer due to high memory "
               "usage. (2) ray stop --force is called. (3) The worker is crashed unexpectedly due to SIGSEGV or o\n")
    assert lead(wrapped) == ("log.remote_exited", "rank_crashed_elsewhere")
    died = ("2022-07-07 19:05:41,609 WARNING worker.py:1404 -- A worker died or was killed\n"
            "while executing a task by an unexpected system error. To troubleshoot the\n")
    assert lead(died) == ("log.remote_exited", "rank_crashed_elsewhere")
    # the kernel's own OOM kill stays out of memory
    assert lead("Out of memory: Killed process 207258 (ray::RayTrainW) total-vm:123456kB\n")[1] == "oom"


def test_ray_cluster_and_client_lines() -> None:
    # ModalMinds/MM-EUREKA#54 ($MASTER_ADDR unset), ray-project/ray PR#60376, ray#41158, ray#49173, ray#31265
    assert lead("[2025-07-23 10:05:49,679 W 51000 51000] gcs_rpc_client.h:151: Failed to connect to GCS at address "
                ":6379 within 5 seconds.\n") == ("log.launch_config", "application_bug")
    # an address given and unreachable stays the network's
    assert lead("[2025-07-23 10:05:49,679 W 51000 51000] gcs_rpc_client.h:151: Failed to connect to GCS at address "
                "10.0.0.3:6379 within 5 seconds.\n") != ("log.launch_config", "application_bug")
    assert lead("The worker group startup timed out after 30.0 seconds waiting for 8 workers. Potential causes include: "
                "(1) temporary insufficient cluster resources while waiting for autoscaling\n") == \
        ("log.launch_config", "application_bug")
    assert lead("/data/envs/qwen/lib/python3.10/site-packages/ray/util/client/worker.py:253: UserWarning: Ray Client "
                "connection timed out. Ensure that the Ray Client port on the head node is reachable from your local "
                "machine.\n") == ("log.socket_connect_failed", "firewall_or_port_blocked")
    assert lead("ray.exceptions.OutOfDiskError: Local disk is full\n") == ("log.disk_full", "other")
    assert lead("ray.exceptions.OwnerDiedError: Failed to retrieve object 00ffffffffffffffffffffffffffffffffffffff06000000"
                "02e1f505.\n") == ("log.remote_exited", "rank_crashed_elsewhere")
