"""Rules from sweeps 193 - 200 and rounds 196 - 200 (2026-12-05: installs, NCCL's own lines, launcher summaries,
hangs; biology, vision pretraining, diffusion trainers, RL, speech synthesis). Each line is quoted from the thread
named above its test, and tested on text that must not trigger it."""

from __future__ import annotations

from line_reading import assert_reads, causes, ids, lead

from ncclkit.logs.analyze import analyze_text
from ncclkit.logs.paste import package_version


def test_a_resolvers_explanation_names_no_installed_nccl() -> None:
    # Vision-CAIR/MiniGPT4-video#45, ziplab/LongVLM#4: pip refused the install; neither version was installed
    refused = ("The conflict is caused by:\n    The user requested nvidia-nccl-cu12==2.18.1\n"
               '    torch 2.2.2 depends on nvidia-nccl-cu12==2.19.3; platform_system == "Linux" and '
               'platform_machine == "x86_64"\n')
    assert "log.package_versions" not in ids(refused)
    assert lead(refused) is None
    assert "log.no_failure" in ids(refused)
    # two real listings of different wheels on two nodes still differ
    listed = "node1: nvidia-nccl-cu12==2.18.1\nnode2: nvidia-nccl-cu12==2.19.3\n"
    assert lead(listed) == ("log.package_versions", "nccl_version_mismatch")


def test_pips_conflict_warning_names_the_installed_wheel() -> None:
    # pypa/pip src/pip/_internal/commands/install.py@26.3: the installed version follows "but you have"
    line = ("torch 2.1.0 requires nvidia-nccl-cu12==2.18.1, but you have nvidia-nccl-cu12 2.19.3 which is "
            "incompatible.\n")
    assert package_version(line) == ("nvidia-nccl-cu12", "2.19.3")
    assert lead(line) == ("log.version_mismatch", "nccl_version_mismatch")
    assert package_version("nvidia-nccl-cu12==2.19.3") == ("nvidia-nccl-cu12", "2.19.3")


def test_the_cuda_mismatch_wrapped_before_pytorch() -> None:
    # icip-cas/AutoAlign#25, PKUHaoWang/EmbodiedOcc2#6, lettucecfd/lettuce#144: the message wraps after "compile"
    wrapped = ("RuntimeError:\n      The detected CUDA version (11.8) mismatches the version that was used to compile\n"
               "      PyTorch (12.4). Please make sure to use the same CUDA versions.\n")
    assert lead(wrapped) == ("log.package_build", "cuda_or_driver")
    # the minor-version notice, on one line, builds on
    assert lead("The detected CUDA version (12.4) has a minor version mismatch with the version that was used to "
                "compile PyTorch (12.6). Most likely this shouldn't be a problem.\n") is None


def test_another_cudnn_found_before_torchs_own() -> None:
    # MahmoudAshraf97/whisper-diarization#26, gladiaio/gladia#928 (cuDNN 8.5 installed where the loader looks first)
    assert_reads("RuntimeError: cuDNN version incompatibility: PyTorch was compiled  against (8, 5, 0) but found "
                 "runtime version (8, 2, 1). PyTorch already comes bundled with cuDNN.", "log.cuda_error",
                 "cuda_or_driver")


def test_an_extensions_torch_library_missing_at_import() -> None:
    # bharat-b7/RVH_Mesh_Registration#23 (import raises ImportError), visionml/pytracking#196 (printed bare)
    assert_reads("ImportError: libc10_cuda.so: cannot open shared object file: No such file or directory",
                 "log.package_build", "other")
    assert_reads("libtorch_cpu.so: cannot open shared object file: No such file or directory", "log.package_build",
                 "other")
    # the CUDA runtime's and NCCL's own libraries keep their rows (Dao-AILab/flash-attention#631)
    assert_reads("ImportError: libcudart.so.12: cannot open shared object file: No such file or directory",
                 "log.cuda_error", "cuda_or_driver")
    assert lead("ImportError: libnccl.so.2: cannot open shared object file: No such file or directory\n") != \
        ("log.package_build", "other")


def test_setup_scripts_that_find_no_nvcc() -> None:
    # microsoft/Oscar#113, Adamdad/kat#6 (CUDA_HOME with a leading ':'), rbgirshick/py-faster-rcnn#920
    for line in ("FileNotFoundError: [Errno 2] No such file or directory: '/usr/local/cuda/bin/nvcc': "
                 "'/usr/local/cuda/bin/nvcc'",
                 "[Errno 2] No such file or directory: ':/usr/local/cuda:/usr/local/cuda/bin/nvcc'",
                 "error: command ':/usr/local/cuda/bin/nvcc' failed: No such file or directory",
                 "OSError: The nvcc binary could not be located in your $PATH. Either add it to your path, or set "
                 "$CUDA_PATH"):
        assert_reads(line, "log.package_build", "cuda_or_driver")
    # nvcc found but too old for the GPU keeps its own reading
    assert lead("nvcc fatal   : Unsupported gpu architecture 'compute_89'\n") != ("log.package_build", "cuda_or_driver")


def test_torchvision_built_for_another_cuda() -> None:
    # m-bain/whisperX#320 (one line), acheong08/Diffusion-ColabUI#108 (wrapped after "different")
    assert_reads("RuntimeError: Detected that PyTorch and torchvision were compiled with different CUDA versions. "
                 "PyTorch has CUDA Version=11.7 and torchvision has CUDA Version=11.8. Please reinstall the "
                 "torchvision that matches your PyTorch install.", "log.package_build", "other")
    wrapped = ("RuntimeError: Detected that PyTorch and torchvision were compiled with different\nCUDA versions. "
               "PyTorch has CUDA Version=11.7 and torchvision has CUDA \nVersion=11.8.\n")
    assert lead(wrapped) == ("log.package_build", "other")


def test_mixed_precision_turned_off_without_cuda_is_a_warning() -> None:
    # aladdinpersson/Machine-Learning-Collection#147: the scaler's warning, then the program's own TypeError
    paste = ("C:\\Python310\\lib\\site-packages\\torch\\cuda\\amp\\grad_scaler.py:118: UserWarning: "
             "torch.cuda.amp.GradScaler is enabled, but CUDA is not available.  Disabling.\n"
             "    with torch.cuda.amp.autocast_mode():\nTypeError: 'module' object is not callable\n")
    assert lead(paste) == ("log.program_error", "application_bug")
    # LuxImagingAI/DBSegment#1: the warnings alone (a CPU run) say no GPU, at warning
    alone = ("  warnings.warn('User provided device_type of \\'cuda\\', but CUDA is not available. Disabling')\n")
    found = analyze_text(alone)["findings"][0]
    assert (found["id"], found["severity"], found["cause"]) == ("log.gpu_missing", "warning", "cuda_or_driver")
    # PyTorch's own refusal stays an error
    found = analyze_text("RuntimeError: No CUDA GPUs are available\n")["findings"][0]
    assert (found["id"], found["severity"]) == ("log.gpu_missing", "error")


def test_zsh_reports_a_killed_job_in_lowercase() -> None:
    # amazon-science/mm-cot#25
    assert_reads("[1]    75076 killed     python main.py --model allenai/unifiedqa-t5-base", "log.process_killed",
                 "oom")
    assert_reads("zsh: killed     python train.py", "log.process_killed", "oom")
    # prose that says killed is not the shell's report
    assert lead("I think the process was killed because of a bug\n") is None


def test_a_spawned_child_gone_before_its_start_up_data() -> None:
    # ildoonet/tf-pose-estimation#546 (PyTorch's Windows FAQ): the pipe to the child, not a network peer
    paste = "    ForkingPickler(file, protocol).dump(obj)\n\nBrokenPipeError: [Errno 32] Broken pipe\n"
    assert lead(paste) == ("log.framework_usage", "application_bug")
    # a broken pipe alone keeps the peer reading
    assert lead("BrokenPipeError: [Errno 32] Broken pipe\n") == ("log.socket_closed", "rank_crashed_elsewhere")


_TIMEOUT = ("Watchdog caught collective operation timeout: WorkNCCL(SeqNum=49, OpType=ALLREDUCE, Timeout(ms)=18000000) "
            "ran for 18005607 milliseconds before timing out.\n")


def test_settings_the_user_tried_without_effect_are_not_the_runs() -> None:
    # agiresearch/InstructGLM#3: prose, a line of code, a blank line, then the exports tried
    tried = (_TIMEOUT + "This seems to be a time-out problem, but I have tried the following by searching for related "
             "problems, but it still not work\ndist.init_process_group(backend='nccl',timeout=timedelta(seconds=18000))"
             "\n\nexport NCCL_DEBUG=info\nexport NCCL_IB_GID_INDEX=3\nexport NCCL_IB_DISABLE=1\n"
             "export NCCL_P2P_DISABLE=1\nI want to know how you configure it\n")
    assert lead(tried) == ("log.timeout", "hang_collective_mismatch")
    assert "log.ib_disabled" not in ids(tried)
    # the same exports introduced as the run's own settings keep their reading
    ran = (_TIMEOUT + "I launch it with the following settings:\n\nexport NCCL_DEBUG=info\nexport NCCL_IB_DISABLE=1\n")
    assert "log.ib_disabled" in ids(ran)


def test_self_play_clients_refused_or_computing_wrongly() -> None:
    # lightvector/KataGo#746 and sanderland/katrain#601: the server refuses the build
    assert_reads("ERROR: task loop loop thread failed: Server returned error 400: This version of KataGo is not "
                 "enabled for distributed. If this exact version was working previously, then changes in the run "
                 "require a newer version", "log.engine_version", "other")
    # LeelaChessZero/lc0#1721: weights of a newer engine
    assert_reads("Error message is : Unhandled exception: Invalid weight file: lc0 version >= 0.29.0 required.",
                 "log.engine_version", "other")
    # leela-zero/leela-zero#776: the GPU against the CPU's reference
    assert_reads("*ERROR*: Error in GTP response.Error read 80 'Error in OpenCL calculation: expected 0.002508 got "
                 "0.002018 (error=24.252650%)'", "log.gpu_fault", "cuda_or_driver")
    # a weight file cut short is the file, not the engine's version
    assert lead("Invalid weight file: parse error.\n") != ("log.engine_version", "other")


def test_c10ds_windows_retry_warning_without_its_prefix() -> None:
    # ace-step/ACE-Step-1.5#130: the [W socket.cpp] [c10d] prefix left off
    line = ("The client socket has failed to connect to [MY_PC_NAME]:2333 (system error: 10049 - The requested "
            "address is not valid in its context.).\n")
    assert lead(line) is None
    assert "log.no_failure" in ids(line)
    # the thrown failure after the retries keeps its reading
    assert lead("RuntimeError: The client socket has failed to connect to any network address of (MY_PC, 29500). "
                "The client socket has failed to connect to [MY_PC]:29500 (system error: 10049 - The requested "
                "address is not valid in its context.).\n") == ("log.name_resolution", "hostname_resolution")


def test_an_http_client_is_no_peer_of_the_job() -> None:
    # samarth-robo/contactdb_prediction#2 (visdom's server not started), drprojects/superpoint_transformer#7
    visdom = ("urllib3.exceptions.MaxRetryError: HTTPConnectionPool(host='localhost', port=8097): Max retries "
              "exceeded with url: /env/main (Caused by NewConnectionError('<urllib3.connection.HTTPConnection "
              "object at 0x7f574e887fd0>: Failed to establish a new connection: [Errno 111] Connection refused',))\n")
    assert lead(visdom) == ("log.http_service", "other")
    retry = ("[2023-07-10 19:24:01,331][urllib3.connectionpool][WARNING] - Retrying (Retry(total=2, connect=None, "
             "read=None, redirect=None, status=None)) after connection broken by 'NewConnectionError('<urllib3."
             "connection.HTTPSConnection object at 0x7f884af8d9d0>: Failed to establish a new connection: [Errno 111] "
             "Connection refused')': /api/4504800232407040/envelope/\n")
    assert lead(retry) == ("log.http_service", "other")
    # etcd's API is torch.distributed's etcd rendezvous: a peer reading stays
    etcd = ("urllib3.exceptions.MaxRetryError: HTTPConnectionPool(host='127.0.0.1', port=2379): Max retries exceeded "
            "with url: /v2/machines (Caused by NewConnectionError('<urllib3.connection.HTTPConnection object at "
            "0x7f>: Failed to establish a new connection: [Errno 111] Connection refused'))\n")
    assert lead(etcd) == ("log.socket_connect_failed", "firewall_or_port_blocked")
    # the program's own error after the client's warning leads
    assert lead(retry + "RuntimeError: CUDA error: out of memory\n")[1] == "oom"


def test_a_warned_refusal_the_client_reconnected_from() -> None:
    # NVIDIA/srt-slurm#217: Dynamo's etcd lease, reconnected half a second later
    paste = ('2026-06-12T17:29:50.126353Z  WARN dynamo_runtime::transports::etcd::lease: Failed to establish '
             'keep-alive stream error=grpc request error: message: "tcp connect error", source: ConnectError('
             '"tcp connect error", 7.247.195.10:2379, Os { code: 111, kind: ConnectionRefused, message: "Connection '
             'refused" })\n2026-06-12T17:29:50.626995Z  INFO dynamo_runtime::transports::etcd::connector: '
             'Successfully reconnected to ETCD cluster\n')
    assert lead(paste) is None
    assert "log.connect_retried" in ids(paste)
    # without the reconnect the refusal stands
    assert lead(paste.splitlines()[0] + "\n") == ("log.socket_connect_failed", "firewall_or_port_blocked")


def test_an_interrupted_launcher_points_at_a_hang() -> None:
    # MCG-NJU/RTD-Action#31: "stuck here, after I interrupt it"
    paste = ("WARNING:torch.distributed.elastic.agent.server.api:Received 2 death signal, shutting down workers\n"
             "WARNING:torch.distributed.elastic.multiprocessing.api:Sending process 4797 closing signal SIGINT\n")
    assert lead(paste) == ("log.job_stopped", "hang_collective_mismatch")
    # SIGTERM from outside stays the scheduler's stop
    assert lead("WARNING:torch.distributed.elastic.agent.server.api:Received 15 death signal, shutting down "
                "workers\n") == ("log.job_stopped", "other")


def test_exit_codes_that_name_their_signal() -> None:
    # torchrun's Root Cause block of a worker stopped by SIGHUP (exit code -1 is signal 1)
    block = ("Root Cause (first observed failure):\n[0]:\n  host      : gpu01\n  rank      : 0 (local_rank: 0)\n"
             "  exitcode  : -1 (pid: 12345)\n  error_file: <N/A>\n"
             "  traceback : Signal 1 (SIGHUP) received by PID 12345\n")
    assert lead(block) == ("log.job_stopped", "other")
    # -11 stays a crash
    assert lead(block.replace("-1 (", "-11 (").replace("Signal 1 (SIGHUP)", "Signal 11 (SIGSEGV)")) == \
        ("log.crash", "other")
    # Windows' access violation (0xC0000005)
    assert lead("torch.distributed.elastic.multiprocessing.api:failed (exitcode: 3221225477) local_rank: 0 (pid: "
                "1234) of binary: C:\\Python310\\python.exe\n") == ("log.crash", "other")


def test_srun_giving_up_on_a_stopped_step_is_no_hung_collective() -> None:
    # aertslab/pySCENIC#456; with slurmstepd's time-limit line the stop leads
    gave_up = ("srun: Job step aborted: Waiting up to 32 seconds for job step to finish.\n"
               "srun: error: Timed out waiting for job step to complete\n")
    assert lead(gave_up) is None
    timed = ("slurmstepd: error: *** STEP 3347856.0 ON gpub001 CANCELLED AT 2024-04-02T19:13:08 DUE TO TIME LIMIT "
             "***\n" + gave_up)
    assert lead(timed) == ("log.job_stopped", "other")
    # a watchdog's timeout is still a hung collective (ultralytics/yolov5#4400)
    assert lead("[E ProcessGroupNCCL.cpp:567] [Rank 1] Watchdog caught collective operation timeout: WorkNCCL("
                "OpType=BROADCAST, Timeout(ms)=60000) ran for 69479 milliseconds before timing out.\n") == \
        ("log.timeout", "hang_collective_mismatch")


def test_slurm_refusals_before_any_task() -> None:
    # capreolus-ir/capreolus#172, metagenome-atlas/atlas#333: more time than the partition allows
    assert_reads("srun: error: Unable to allocate resources: Requested time limit is invalid (missing or exceeds "
                 "some limit)", "log.launch_config", "application_bug")
    assert_reads("sbatch: error: Batch job submission failed: The requested time limit is invalid (missing or "
                 "exceeds some limit)", "log.launch_config", "application_bug")
    # AMDResearch/hpcfund#77, #83: slurmctld did not answer
    assert_reads("srun: error: Unable to allocate resources: Socket timed out on send/recv operation",
                 "log.slurm_rpc", "other")
    assert_reads("salloc: error: Job submit/allocate failed: Socket timed out on send/recv operation",
                 "log.slurm_rpc", "other")
    assert_reads("srun: error: Task launch for 2332.5 failed on node Q1F1: Transport endpoint is not connected",
                 "log.slurm_rpc", "other")


def test_srun_names_several_tasks_that_exited() -> None:
    # facebookresearch/ParlAI#3084
    paste = ("srun: error: slurm-job-compute-0-0: tasks 1-7: Exited with exit code 1\n"
             "srun: error: slurm-job-compute-0-1: tasks 8-13: Exited with exit code 1\n")
    assert ids(paste)[0] == "log.worker_failed"
    assert lead(paste) is None


_DS_ECHO = ("[2025-01-12 13:04:14,953] [INFO] [launch.py:139:main] 0 NCCL_IB_DISABLE=1\n"
            "[2025-01-12 13:04:14,953] [INFO] [launch.py:139:main] 0 NCCL_P2P_DISABLE=1\n")


def test_deepspeeds_echo_of_settings_on_one_gpu_names_no_cause() -> None:
    # tdrussell/diffusion-pipe#2, #59: one node, one GPU (the launcher's own layout line)
    one = _DS_ECHO + "[2025-01-12 13:04:14,953] [INFO] [launch.py:152:main] nnodes=1, num_local_procs=1, node_rank=0\n"
    assert lead(one) is None
    # #292: the runner's --world_info ({"localhost": [0]}) says the same; each setting is one finding
    cmd = ("[2025-06-15 05:28:12,049] [INFO] [runner.py:605:main] cmd = /usr/bin/python3.12 -u -m "
           "deepspeed.launcher.launch --world_info=eyJsb2NhbGhvc3QiOiBbMF19 --master_addr=127.0.0.1 "
           "--master_port=29500 train.py\n")
    assert lead(cmd + _DS_ECHO) is None
    assert ids(cmd + _DS_ECHO).count("log.p2p_disabled") == 1
    # two GPUs of one node: P2P off matters, IB does not
    two = _DS_ECHO + "[2023-06-06 02:44:01,210] [INFO] [launch.py:235:main] nnodes=1, num_local_procs=2, node_rank=0\n"
    assert lead(two) == ("log.p2p_disabled", "performance_config")
    # two nodes: IB off is the socket fallback
    nodes = _DS_ECHO + "[INFO] [launch.py:235:main] nnodes=2, num_local_procs=8, node_rank=0\n"
    assert lead(nodes) == ("log.ib_disabled", "socket_fallback")


def test_launchers_that_do_not_fit_the_system() -> None:
    # zhijian-liu/torchpack#36: torchpack's Open MPI options given to MPICH's Hydra
    line = ("[mpiexec@cappuccino-Super-Server] match_arg (utils/args/args.c:163): unrecognized argument "
            "allow-run-as-root")
    assert_reads(line, "log.launch_config", "application_bug")
    assert "other" in [c for _, c in causes(line + "\n")]
    # mit-han-lab/bevfusion#610: torchpack's dist-run execs /bin/sh, which Windows has not
    assert_reads("FileNotFoundError: [Errno 2] No such file or directory: '/bin/sh'", "log.launch_config",
                 "application_bug")
    # mit-han-lab/bevfusion#21: no mpirun installed; the environment is the alternative
    assert "other" in [c for _, c in causes("/bin/sh: 1: mpirun: not found\n")]


def test_cublas_and_cudnn_failures_in_each_frameworks_words() -> None:
    # makefile/frcnn#3: Caffe's cuBLAS check, not NCCL's internal error
    assert_reads("F0710 math_functions.cu:130] Check failed: status == CUBLAS_STATUS_SUCCESS (14 vs. 0)  "
                 "CUBLAS_STATUS_INTERNAL_ERROR", "log.cuda_error", "cuda_or_driver")
    # twhui/LiteFlowNet3#6, alexgkendall/caffe-segnet#64
    for line in ("F0721 17:34:26.930198  1506 math_functions.cu:121] Check failed: status == CUBLAS_STATUS_SUCCESS "
                 "(11 vs. 0)  CUBLAS_STATUS_MAPPING_ERROR",
                 "Check failed: status == CUDNN_STATUS_SUCCESS (3 vs. 0)  CUDNN_STATUS_BAD_PARAM",
                 "RuntimeError: cuDNN error: CUDNN_STATUS_MAPPING_ERROR",  # microsoft/human-pose-estimation#112
                 "RuntimeError: cublas runtime error : the GPU program failed to execute at "
                 "/pytorch/aten/src/THC/THCBlas.cu:450",  # heykeetae/Self-Attention-GAN#55
                 "2021-09-08 23:23:08.258752: E tensorflow/stream_executor/cuda/cuda_blas.cc:652] failed to run "
                 "cuBLAS routine cublasSgemm_v2: CUBLAS_STATUS_EXECUTION_FAILED",  # kimiyoung/transformer-xl#139
                 "tensorflow.python.framework.errors_impl.InternalError: Blas GEMM launch failed : a.shape=(4, "
                 "1024), b.shape=(4, 3072), m=1024, n=3072, k=4"):  # likejazz/Siamese-LSTM#1
        assert_reads(line, "log.cuda_error", "cuda_or_driver")
    # Jhsmit/PyHDX#95: a handle that could not be created names memory first
    oom = ("E tensorflow/stream_executor/cuda/cuda_blas.cc:238] failed to create cublas handle: "
           "CUBLAS_STATUS_ALLOC_FAILED\nW base_collective_executor.cc:216] BaseCollectiveExecutor::StartAbort "
           "Internal: Blas xGEMM launch failed : a.shape=[1,2], b.shape=[2,3], m=1, n=3, k=2\n")
    assert lead(oom) == ("log.oom", "oom")
    # Caffe's check of the CUDA runtime keeps its own row
    assert_reads("F0524 19:24:39.746389 13813 math_functions.cu:81] Check failed: error == cudaSuccess (77 vs. 0)  "
                 "an illegal memory access was encountered", "log.cuda_error", "application_bug")


def test_prose_that_rules_memory_out_is_no_oom() -> None:
    # fhalab/MLDE#4
    line = ("When test the scirtp `generate_encoding.py', it always interrupt with the error: Blas GEMM launch failed: "
            "a.shape=(56, 512), b.shape](512,512), m=56, k=512. We test the code with GPU 3090 that has 24G free "
            "memory, so I think it is not due to the out of memory.\n")
    assert lead(line) == ("log.cuda_error", "cuda_or_driver")
    assert_reads("RuntimeError: CUDA out of memory. Tried to allocate 20.00 MiB", "log.oom", "oom")


def test_older_wordings_of_known_readings() -> None:
    # longcw/yolo2-pytorch#121: PyTorch before 1.5 on a GPU newer than its build
    assert_reads("Found GPU0 V100-SXM2-16GB  which requires CUDA_VERSION >= 9000 for optimal performance and fast "
                 "startup time, but your PyTorch was compiled with CUDA_VERSION 8000. Please install the correct "
                 "PyTorch binary using instructions from http://pytorch.org", "log.cuda_error", "cuda_or_driver")
    # megvii-model/YOLOF#20: torch 1.4 - 1.6 printed the lambda whole
    assert_reads("/pytorch/aten/src/ATen/native/cuda/IndexKernel.cu:60: lambda [](int)->auto::operator()(int)->auto: "
                 "block: [0,0,0], thread: [121,0,0] Assertion `index >= -sizes[i] && index < sizes[i] && \"index out "
                 "of bounds\"` failed.", "log.kernel_assert", "application_bug")
    # NVlabs/imaginaire#168: NVML asked for a GPU the node has not
    assert_reads("pynvml.nvml.NVMLError_InvalidArgument: Invalid Argument", "log.cuda_error", "application_bug")
    assert_reads("Failed to initialize NVML: Driver/library version mismatch", "log.cuda_error", "cuda_or_driver")
    # megvii-research/DPGN#15: PyTorch's hint on every NOT_SUPPORTED; the versions are the alternative
    hint = ("RuntimeError: cuDNN error: CUDNN_STATUS_NOT_SUPPORTED. This error may appear if you passed in a "
            "non-contiguous input.\n")
    assert causes(hint)[:2] == [("log.cuda_error", "application_bug"), ("log.alternative", "cuda_or_driver")]


def test_settings_introduced_as_the_runs_own_keep_their_reading() -> None:
    ran = (_TIMEOUT + "I tried to run it with the following settings on two nodes:\n\nexport NCCL_IB_DISABLE=1\n")
    assert "log.ib_disabled" in ids(ran)
