"""Lines of NVIDIA Triton Inference Server on a multi-GPU or containerised host, read alone and inside an NCCL log:
the server (triton-inference-server/server e1db8a6: main.cc's endpoint start-up, the HTTP/gRPC listeners, the
system and CUDA shared-memory registration of shared_memory_manager.cc), the core (triton-inference-server/core
73aad7c: server.cc's start-up of the pinned and CUDA memory pools and of peer access, cuda_utils.cc, the instance-group
checks of model_config_utils.cc, the GPU load limit of backend_model_instance.cc, model_lifecycle.cc's load failure)
and the Python backend (triton-inference-server/python_backend f9088ff, with 0f2ce85 for the 64 MB shared-memory
message of 21.05 - 23.08 and 9d2c513 for the stub restart of 24.05: the /dev/shm region of each stub, the stub's
health checks, the CUDA memory pool shared with the stub over CUDA IPC). The log prefix and quoting are
triton-inference-server/common 83adf7c's logging.cc (messages JSON-escaped by default); client-side lines are as
tritonclient 2.73.0's InferenceServerException prints them ("[StatusCode.X] msg").
Causes decided from the code and help text around each line: the Python backend's region failing to be created or to
grow names docker's --shm-size itself (shm_too_small); a client's region the server cannot shm_open is a /dev/shm the
two containers do not share (shm_too_small, as the taxonomy's "not shared (containers, --ipc)"); cudaIpcOpenMemHandle
is called with cudaIpcMemLazyEnablePeerAccess on the device the client registered, so "peer access is not supported"
there is a GPU pair without P2P (acs_iommu_p2p), and core's "failed to enable peer access for some device pairs" is
the same platform fact at start-up (core calls it "not critical, just inefficient": a warning); cudaGetDeviceCount's
"system not yet initialized" (802) is an NVSwitch host whose fabric manager is not up; a KIND_GPU group with no
supported GPU is GPUs missing from the container (insufficient-driver and no-device both count as zero GPUs there),
a gpu id outside the visible list is the model's config not fitting the machine (application_bug), a CPU-only build
is `other`; the --model-load-gpu-limit rejection is GPU memory already used (oom), as is a stub that cannot open the
pool's IPC handle for out of memory (its own CUDA context does not fit); a cnmem pool too small for an output only
makes the backend fall back to slower CUDA IPC (performance_config); a port already taken is a second server on the
node (application_bug); the stub's "Non-graceful termination detected" is the stub finding its parent tritonserver
gone (rank_crashed_elsewhere). A stub that is not healthy, a health mutex not obtained, a restart, the generic
"invalid args" the server returns for a CUDA IPC failure it logs elsewhere, the summary "failed to load all models",
shutdown progress and the memory pools' start-up lines name nothing; NCCL's system error raised inside a Python
model's initialize() leads as that result (RESULT_ONLY)."""

from __future__ import annotations

CASES = [
    # Python backend: the /dev/shm region of each stub
    ('triton-inference-server/python_backend src/shm_manager.cc:123@f9088ff',
     'E1201 10:14:03.512377 1 model_lifecycle.cc:654] "failed to load \'preprocess\' version 1: Internal: Unable to initialize shared memory key \'triton_python_backend_shm_region_5f3c9a1e-7b2d-4c8e-a1f0-3d6b9e2c4a71\' to requested size (1048576 bytes). If you are running Triton inside docker, use \'--shm-size\' flag to control the shared memory region size. Each Python backend model instance requires at least 1 MB of shared memory. Error: No space left on device"',
     'log.shm_error', 'shm_too_small'),
    ('triton-inference-server/python_backend src/shm_manager.cc:75@0f2ce85',
     "Unable to initialize shared memory key 'triton_python_backend_shm_region_3' to requested size (67108864 bytes). If you are running Triton inside docker, use '--shm-size' flag to control the shared memory region size. Each Python backend model instance requires at least 64MBs of shared memory. Error: No space left on device",
     'log.shm_error', 'shm_too_small'),
    ('triton-inference-server/python_backend src/shm_manager.cc:191@f9088ff',
     'E1201 10:31:40.220931 1 pb_stub.cc:741] "Failed to process the request(s) for model \'preprocess_0_0\', message: Failed to increase the shared memory pool size to 67108864 bytes. If you are running Triton inside docker, use \'--shm-size\' flag to control the shared memory region size. Error: No space left on device"',
     'log.shm_error', 'shm_too_small'),
    # Server: client system and CUDA shared-memory registration
    ('triton-inference-server/server src/shared_memory_manager.cc:144@e1db8a6',
     "tritonclient.utils.InferenceServerException: [StatusCode.INTERNAL] Unable to open shared memory region: '/input_data'",
     'log.shm_error', 'shm_too_small'),
    ('triton-inference-server/server src/shared_memory_manager.cc:260@e1db8a6',
     'E1201 10:20:11.004512 1 shared_memory_manager.cc:260] "failed to open CUDA IPC handle: peer access is not supported between these two devices"',
     'log.p2p_error', 'acs_iommu_p2p'),
    ('triton-inference-server/server src/common.h:52@e1db8a6',
     "tritonclient.utils.InferenceServerException: [StatusCode.UNIMPLEMENTED] Client shared memory is disabled. Start the server with '--allow-client-shm=true' to enable.",
     'log.launch_config', 'application_bug'),
    # Python backend: the CUDA memory pool shared with the stub over CUDA IPC
    ('triton-inference-server/python_backend src/python_be.cc:2014@f9088ff',
     'W1201 10:14:05.118327 1 python_be.cc:2012] "Failed to share CUDA memory pool with stub process: Failed to open the cudaIpcHandle. error: out of memory. Will use CUDA IPC."',
     'log.oom', 'oom'),
    ('triton-inference-server/python_backend src/pb_stub.cc:1481@f9088ff',
     'I1201 10:14:05.117904 1 pb_stub.cc:1481] "Failed to initialize CUDA shared memory pool in Python stub: Failed to open the cudaIpcHandle. error: out of memory"',
     'log.oom', 'oom'),
    ('triton-inference-server/python_backend src/infer_response.cc:343@f9088ff',
     'W1201 10:22:47.663018 1 infer_response.cc:341] "Failed to allocate memory from CUDA memory pool for output tensor: Failed to allocate CUDA memory with byte size 83886080 on GPU 0: CNMEM_STATUS_OUT_OF_MEMORY, will use CUDA IPC for GPU output transfer."',
     'log.host_setting', 'performance_config'),
    # Core: start-up on the GPUs
    ('triton-inference-server/core src/cuda_utils.cc:118@73aad7c',
     'W1201 10:14:02.904117 1 server.cc:256] "failed to enable peer access for some device pairs"',
     'log.p2p_error', 'acs_iommu_p2p'),
    ('triton-inference-server/core src/cuda_memory_manager.cc:125@73aad7c',
     'E1201 10:14:02.871530 1 server.cc:241] "Failed to initialize CUDA memory manager: unable to get number of CUDA devices: system not yet initialized"',
     'log.fabric_manager', 'cuda_or_driver'),
    ('triton-inference-server/core src/cuda_utils.cc:229@73aad7c',
     'E1201 10:14:03.002291 1 model_lifecycle.cc:654] "failed to load \'resnet50\' version 1: Internal: unable to get number of CUDA devices: forward compatibility was attempted on non supported HW"',
     'log.cuda_error', 'cuda_or_driver'),
    ('triton-inference-server/core src/pinned_memory_manager.cc:273@73aad7c',
     'W1201 10:14:02.870114 1 pinned_memory_manager.cc:273] "Unable to allocate pinned system memory, pinned memory pool will not be available: CUDA driver version is insufficient for CUDA runtime version"',
     'log.cuda_error', 'cuda_or_driver'),
    # Core: instance groups and model placement
    ('triton-inference-server/core src/model_config_utils.cc:1747@73aad7c',
     'E1201 10:14:03.118402 1 model_lifecycle.cc:654] "failed to load \'resnet50\' version 1: Invalid argument: instance group resnet50_0 of model resnet50 has kind KIND_GPU but no GPUs are available"',
     'log.gpu_missing', 'cuda_or_driver'),
    ('triton-inference-server/core src/model_config_utils.cc:1768@73aad7c',
     'E1201 10:14:03.118402 1 model_lifecycle.cc:654] "failed to load \'resnet50\' version 1: Invalid argument: instance group resnet50_0 of model resnet50 specifies invalid or unsupported gpu id 4. GPUs with at least the minimum required CUDA compute compatibility of 6.000000 are: 0, 1, 2, 3"',
     'log.launch_config', 'application_bug'),
    ('triton-inference-server/core src/model_config_utils.cc:1740@73aad7c',
     'E1201 10:14:03.118402 1 model_lifecycle.cc:654] "failed to load \'resnet50\' version 1: Invalid argument: instance group resnet50_0 of model resnet50 has kind KIND_GPU but server does not support GPUs"',
     'log.package_build', 'other'),
    ('triton-inference-server/core src/backend_model_instance.cc:157@73aad7c',
     'E1201 10:14:04.310552 1 backend_model.cc:719] "ERROR: Failed to create instance: can not create model \'bert_0_1\': memory limit set for GPU 1 has exceeded, model loading is rejected."',
     'log.oom', 'oom'),
    # Server: endpoints
    ('triton-inference-server/server src/grpc/grpc_server.cc:2572@e1db8a6',
     'E1201 10:14:06.412077 1 main.cc:270] "failed to start GRPC service: Unavailable - Socket \'0.0.0.0:8001\' already in use "',
     'log.port_in_use', 'application_bug'),
    ('triton-inference-server/server src/http_server.cc:223@e1db8a6',
     'E1201 10:14:06.413520 1 main.cc:282] "failed to start HTTP service: Unavailable - Socket \'0.0.0.0:8000\' already in use "',
     'log.port_in_use', 'application_bug'),
    # Python backend: the stub outliving its server
    ('triton-inference-server/python_backend src/pb_stub.cc:2191@f9088ff',
     'I1201 10:31:40.118204 412 pb_stub.cc:2191]  Non-graceful termination detected. ',
     'log.remote_exited', 'rank_crashed_elsewhere'),
]

NO_CAUSE = [
    'E1201 10:14:13.904551 1 model_lifecycle.cc:654] "failed to load \'preprocess\' version 1: Internal: Stub process \'preprocess_0_0\' is not healthy."',  # triton-inference-server/python_backend src/stub_launcher.cc:905@f9088ff
    'E1201 10:14:13.904551 1 model_lifecycle.cc:654] "failed to load \'preprocess\' version 1: Internal: Failed to obtain the health mutex."',  # triton-inference-server/python_backend src/stub_launcher.cc:881@f9088ff
    "tritonclient.utils.InferenceServerException: [StatusCode.INTERNAL] Failed to process the request(s) for model instance 'preprocess_0_0', message: Stub process is not healthy.",  # triton-inference-server/python_backend src/python_be.cc:1353@f9088ff
    'E0523 10:31:41.004417 1 python_be.cc:2457] Stub process is unhealthy and it will be restarted.',  # triton-inference-server/python_backend src/python_be.cc:2459@9d2c513
    'tritonclient.utils.InferenceServerException: [StatusCode.INVALID_ARGUMENT] failed to register shared memory region: invalid args',  # triton-inference-server/server src/shared_memory_manager.cc:263@e1db8a6
    'error: creating server: Internal - failed to load all models',  # triton-inference-server/server src/main.cc:517@e1db8a6
    'I1201 10:31:45.002118 1 server.cc:328] "Timeout 30: Found 1 model versions that have in-flight inferences"',  # triton-inference-server/core src/server.cc:328@73aad7c
    'I1201 10:14:02.870533 1 pinned_memory_manager.cc:277] "Pinned memory pool is created at \'0x7f2c5e000000\' with size 268435456"',  # triton-inference-server/core src/pinned_memory_manager.cc:277@73aad7c
    'I1201 10:14:02.871530 1 cuda_memory_manager.cc:107] "CUDA memory pool is created on device 0 with size 67108864"',  # triton-inference-server/core src/cuda_memory_manager.cc:107@73aad7c
    'I1201 10:14:02.990417 1 python_be.cc:2397] "Shared memory configuration is shm-default-byte-size=1048576,shm-growth-byte-size=1048576,stub-timeout-seconds=30"',  # triton-inference-server/python_backend src/python_be.cc:2399@f9088ff
]

# NCCL's bare result, wrapped: the result leads, with no cause of its own (the alternatives carry the likely ones).
RESULT_ONLY = [
    ('triton-inference-server/python_backend src/pb_stub.cc:389@f9088ff',
     'I1201 10:14:09.771204 1 pb_stub.cc:389] "Failed to initialize Python stub: torch.distributed.DistBackendError: NCCL error in: /opt/pytorch/pytorch/torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:3356, unhandled system error (run with NCCL_DEBUG=INFO for details), NCCL version 2.21.5\\n\\nAt:\\n  /models/llm/1/model.py(48): initialize\\n"',
     'log.system_error'),
]
