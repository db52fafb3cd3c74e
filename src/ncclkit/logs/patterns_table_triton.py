"""Rows of the line classifier (patterns.py) for NVIDIA Triton Inference Server: the server (HTTP/gRPC endpoints,
client system and CUDA shared memory), the core (memory pools, peer access, instance groups, the GPU load limit) and
the Python backend (each stub's /dev/shm region, its health checks, the CUDA memory pool shared with the stub)
(tests/lines/triton_server.py holds every line with file:line@commit).

- the Python backend's region that cannot be created or grown is docker's --shm-size, and a client's region the
  server cannot shm_open is a /dev/shm the two containers do not share (shm_too_small);
- a GPU the KIND_GPU instance group cannot find is GPUs missing from the container (cuda_or_driver), a gpu id outside
  the visible list or client shared memory the server was started without is the launch (application_bug), a server
  built without GPU support is the build (`other`), cudaGetDeviceCount's own error is read as a CUDA error;
- GPU memory already used past --model-load-gpu-limit, or too short for a stub to map the pool, is oom; a cnmem pool
  too small for an output only makes the backend fall back to slower CUDA IPC (performance_config);
- a port already taken is a second server on the node; a stub whose parent server went away reports that server's
  exit (rank_crashed_elsewhere);
- the stub health checks and restarts, the server's generic "invalid args" for a CUDA IPC failure it logged before,
  the summary "failed to load all models", the shutdown countdown and the backend's configuration echo name nothing.

Read before the generic families: "shared memory" (shm_error), "Timeout" (timeout) and "invalid args" / "no GPUs"
in these lines would send them elsewhere.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ncclkit.causes import Cause as C
from ncclkit.findings import Severity

E, W, I = Severity.ERROR, Severity.WARNING, Severity.INFO

# Words the log scanner's prefilter (nccl_log_words.OTHER_WORDS) needs for these rows' lines; no word may contain
# another of the whole list.
TRITON_WORDS: tuple[bytes, ...] = (b"Non-graceful termination",)


def triton_rows(p: Callable[..., Any]) -> tuple[Any, ...]:
    return (
        # -- progress, configuration and wrappers: no cause ------------------------------------------------------
        # triton-inference-server/core src/server.cc:328 and :352@73aad7c (InferenceServer::Stop counting down its
        # exit timeout while requests finish: a shutdown in progress, not a hang);
        # triton-inference-server/python_backend src/python_be.cc:2399@f9088ff (the backend echoing its
        # --backend-config shared-memory sizes at start-up, VERBOSE); core src/pinned_memory_manager.cc:277 and
        # src/cuda_memory_manager.cc:107@73aad7c (the memory pools created).
        p(r"Timeout \d+: Found \d+ (?:model versions that have in-flight inferences|live models and \d+ in-flight "
          r"non-inference requests)|Shared memory configuration is shm-default-byte-size=\d+|Pinned memory pool is "
          r"created at '0x[0-9a-f]+' with size \d+|CUDA memory pool is created on device \d+ with size \d+",
          "noise", I, "Triton starting its memory pools, echoing its Python backend's shared-memory settings, or "
          "counting down its exit timeout while in-flight requests finish at shutdown", "nothing to fix", None,
          "noise"),
        # triton-inference-server/python_backend src/stub_launcher.cc:881 and :905@f9088ff, src/python_be.cc:1344
        # and :1353@f9088ff (the health mutex not taken in time or the stub's health flag not set: "the stub has
        # been stuck or exited"), python_be.cc:2459@9d2c513 (the backend restarting such a stub);
        # triton-inference-server/server src/shared_memory_manager.cc:263@e1db8a6 (the generic error the client
        # gets when cudaIpcOpenMemHandle failed: the real error is logged as "failed to open CUDA IPC handle: ...");
        # main.cc:517@e1db8a6 (the summary of every model that failed to load, each with its own line before it).
        p(r"Stub process (?:'[^']*' )?is not healthy|Failed to obtain the health mutex|Stub process is unhealthy "
          r"and it will be restarted|failed to register shared memory region: invalid args|creating server: "
          r"Internal - failed to load all models", "worker_failed", E,
          "a Triton Python backend stub stopped answering (it crashed, was killed or hung), or the server reports "
          "a failure whose own error it logged before this line", "read the lines before this one: the stub's own "
          "error or Python traceback, the 'failed to load' line of each model, the 'failed to open CUDA IPC "
          "handle' line; dmesg for the OOM killer if a stub vanished", None, "collateral"),
        # -- the Python backend's /dev/shm region, client shared memory ------------------------------------------------
        # triton-inference-server/python_backend src/shm_manager.cc:123@f9088ff (and :75@0f2ce85, "at least 64MBs"
        # in 21.05 - 23.08): boost's create_only of the stub's region failed, and the message names docker's
        # --shm-size; shm_manager.cc:191@f9088ff (the region's truncate to grow it). triton-inference-server/server
        # src/shared_memory_manager.cc:144@e1db8a6 (shm_open of the key a client registered failed: the region is
        # not in the server's /dev/shm, i.e. the two containers do not share it).
        p(r"Unable to initialize shared memory key '[^']*' to requested size|Failed to increase the shared memory "
          r"pool size to \d+ bytes|Unable to open shared memory region: '", "shm_error", E,
          "Triton's shared memory in /dev/shm is too small or not shared: the Python backend could not create or "
          "grow a stub's region (docker's 64 MB default /dev/shm), or the server could not open a region a client "
          "registered (client and server containers do not share /dev/shm)",
          "give the server's container more /dev/shm (`docker run --shm-size=1g`, or --ipc=host; an emptyDir of "
          "medium Memory in Kubernetes); run a client that registers system shared memory in the same IPC "
          "namespace (--ipc=host, or --ipc=container:<server>); `df -h /dev/shm` shows what is left",
          C.SHM_TOO_SMALL),
        # triton-inference-server/server src/common.h:52@e1db8a6 (kClientShmDisabledErrorStr: the server was started
        # with --allow-client-shm=false and a client registered a region).
        p(r"Client shared memory is disabled\. Start the server with '--allow-client-shm=true'", "launch_config", E,
          "a client registered shared memory with a Triton server started without client shared memory",
          "start tritonserver with --allow-client-shm=true, or send the tensors in the request instead of shared "
          "memory", C.APPLICATION_BUG),
        # -- the CUDA memory pool shared with the stub ------------------------------------------------------------
        # triton-inference-server/python_backend src/infer_response.cc:343@f9088ff: an output did not fit in core's
        # cnmem pool (--cuda-memory-pool-byte-size, CNMEM_STATUS_OUT_OF_MEMORY from cuda_memory_manager.cc:160) and
        # the backend says it "will use CUDA IPC" instead: it goes on, slower.
        p(r"Failed to allocate memory from CUDA memory pool for output tensor: ", "host_setting", W,
          "an output tensor did not fit in Triton's CUDA memory pool (--cuda-memory-pool-byte-size, 64 MB per GPU "
          "by default): the Python backend sends it over plain CUDA IPC instead, which is slower",
          "raise the pool of that GPU to hold the outputs in flight: `tritonserver "
          "--cuda-memory-pool-byte-size=<gpu>:<bytes>` (one flag per GPU)", C.PERFORMANCE_CONFIG),
        # triton-inference-server/python_backend src/python_be.cc:2014 and src/pb_stub.cc:1481@f9088ff: the stub's
        # cudaIpcOpenMemHandle of the pool (pb_utils.cc:147) ran out of memory: the stub's own CUDA context did not
        # fit on the GPU; the backend warns and falls back to CUDA IPC per tensor.
        p(r"Failed to (?:share CUDA memory pool with stub process|initialize CUDA shared memory pool in Python stub):"
          r" Failed to open the cudaIpcHandle\. error: out of memory", "oom", W,
          "a Triton Python backend stub could not map the server's CUDA memory pool: the GPU had no memory left for "
          "the stub's own CUDA context", "leave room on the GPU for each stub (a few hundred MB): fewer model "
          "instances per GPU, a smaller memory share for the framework the model runs; `nvidia-smi` shows what "
          "holds the GPU", C.OOM),
        # triton-inference-server/core src/backend_model_instance.cc:157@73aad7c (VerifyModelLoadGpuFraction: the
        # GPU's used memory is already above the --model-load-gpu-limit fraction).
        p(r"can not create model '[^']*': memory limit set for \w+ \d+ has exceeded, model loading is rejected",
          "oom", E, "Triton refused to load a model instance on a GPU whose memory in use is already above the "
          "limit --model-load-gpu-limit sets for it", "free that GPU (other models or processes: `nvidia-smi`), "
          "place the instance on another GPU (instance_group gpus), or raise the limit "
          "(`--model-load-gpu-limit <gpu>:<fraction>`)", C.OOM),
        # -- the GPUs at start-up and the instance groups ---------------------------------------------------------
        # triton-inference-server/core src/cuda_utils.cc:229@73aad7c (GetSupportedGPUs: cudaGetDeviceCount failed
        # with an error other than no device / insufficient driver, which count as zero GPUs); the CUDA decoder
        # reads its error. "system not yet initialized" (802) is the fabric manager's row.
        p(r"unable to get number of CUDA devices: (?!system not yet initialized)", "cuda_error", E,
          "Triton could not count the GPUs: cudaGetDeviceCount failed with the CUDA error named after it",
          "check `nvidia-smi` inside the container and that the host driver supports the image's CUDA version "
          "(forward compatibility only works on data-center GPUs): use an image of a CUDA the driver supports, or "
          "upgrade the driver", C.CUDA_OR_DRIVER),
        # triton-inference-server/core src/model_config_utils.cc:1747@73aad7c: a KIND_GPU group and no supported GPU
        # (no device, an insufficient driver, or none of the minimum compute capability).
        p(r"has kind KIND_GPU but no GPUs are available", "gpu_missing", E,
          "a model asks for GPUs (instance_group KIND_GPU) and Triton sees none: the container was started without "
          "GPUs, the driver is missing or too old, or no GPU has the minimum compute capability",
          "start the container with the GPUs (`docker run --gpus all`, the nvidia runtime, a GPU resource in "
          "Kubernetes) and check `nvidia-smi` inside it; or set the model's instance_group kind to KIND_CPU",
          C.CUDA_OR_DRIVER),
        # triton-inference-server/core src/model_config_utils.cc:1768@73aad7c: a gpu id of the group is not among
        # the supported GPUs the message lists.
        p(r"specifies invalid or unsupported gpu id \d+\. GPUs with at least the minimum required CUDA compute",
          "launch_config", E, "a model's instance_group names a GPU id this server does not have (or one below the "
          "minimum compute capability): the config does not fit the machine",
          "list only the GPU ids the message names in instance_group gpus (they are indices after "
          "CUDA_VISIBLE_DEVICES), or leave gpus out to use every GPU", C.APPLICATION_BUG),
        # triton-inference-server/core src/model_config_utils.cc:1740@73aad7c: built without TRITON_ENABLE_GPU.
        p(r"has kind KIND_GPU but server does not support GPUs", "package_build", E,
          "a model asks for GPUs (instance_group KIND_GPU) from a Triton built without GPU support",
          "run a GPU build of tritonserver (the nvcr.io/nvidia/tritonserver:<yy.mm>-py3 image, or build.py "
          "--enable-gpu), or set the model's instance_group kind to KIND_CPU", C.OTHER),
        # -- endpoints and the server's exit ---------------------------------------------------------------------
        # triton-inference-server/server src/grpc/grpc_server.cc:2572 and src/http_server.cc:223@e1db8a6 (the
        # bind of the endpoint's port failed), logged by main.cc:270/282/295/307/318 for each service.
        p(r"failed to start (?:GRPC|HTTP|Sagemaker|Vertex AI|Metrics) service: Unavailable - Socket '[^']*' "
          r"already in use", "port_in_use", E,
          "the port a Triton endpoint listens on is already taken: another tritonserver (or another program) runs "
          "on this node with the same ports", "stop the other server (`ss -ltnp | grep -E ':800[0-2]'`) or give "
          "this one its own ports (--http-port, --grpc-port, --metrics-port)", C.APPLICATION_BUG),
        # triton-inference-server/python_backend src/pb_stub.cc:2191@f9088ff: the stub's health thread found its
        # parent tritonserver gone (ParentProcessActive false) and exits.
        p(r"Non-graceful termination detected\.", "remote_exited", E,
          "a Triton Python backend stub found its parent tritonserver gone: the server crashed or was killed first",
          "read the server's own last lines and its exit (a crash, the OOM killer in dmesg, a container stop)",
          C.RANK_CRASHED_ELSEWHERE, "collateral"),
    )
