"""Rules from sweeps 176 and 177 (2026-12-05: multi-GPU training errors of small research repositories, and
multi-GPU serving in small repositories, neither used by earlier rounds). Each line is quoted from the thread named
above its test, and tested on text that must not trigger it."""

from __future__ import annotations

from line_reading import assert_reads, ids, lead

from ncclkit.logs.analyze import analyze_text


def test_spawns_sigabrt_is_a_process_that_aborted_itself() -> None:
    # rshaojimmy/MultiModal-DeepFake#24, podgorskiy/ALAE#61 (torch.multiprocessing.spawn's two wordings)
    assert_reads("torch.multiprocessing.spawn.ProcessExitedException: process 1 terminated with signal SIGABRT",
                 "log.process_aborted", "other")
    assert lead("Exception: process 0 terminated with signal SIGABRT\n") == ("log.process_aborted", "other")
    # the same wording with another signal keeps its own reading (yxlu-0102/MP-SENet#7, jeffffffli/HybrIK#198)
    assert lead("torch.multiprocessing.spawn.ProcessExitedException: process 0 terminated with signal SIGSEGV\n") \
        == ("log.crash", "other")
    assert lead("Exception: process 3 terminated with signal SIGKILL\n") == ("log.process_killed", "oom")


def test_torch_19s_elastic_agent_reports_its_failed_worker() -> None:
    # csjliang/LPTN#23
    block = ("CHILD PROCESS FAILED WITH NO ERROR_FILE\n"
             "Child process 32378 (local_rank 0) FAILED (exitcode 1)\n"
             "Error msg: Process failed with exitcode 1\n")
    assert "log.worker_failed" in ids(block)
    # the worker's own error, printed before it, leads
    assert lead("RuntimeError: CUDA error: out of memory\n" + block) == ("log.cuda_error", "oom")


def test_cuda_errors_in_turbomind_caffe2_and_lightseq_wrappings_are_decoded() -> None:
    # InternLM/lmdeploy#450 (--tp 2): the CUDA string after TurboMind's opening is decoded as everywhere
    assert_reads("RuntimeError: [TM][ERROR] CUDA runtime error: invalid argument "
                 "/lmdeploy/src/turbomind/utils/memory_utils.cu:136 ", "log.cuda_error", "other")
    # InternLM/lmdeploy#340: a driver older than the runtime
    assert_reads("RuntimeError: [TM][ERROR] CUDA runtime error: API call is not supported in the installed CUDA "
                 "driver /lmdeploy/src/turbomind/utils/allocator.h:163", "log.cuda_error", "cuda_or_driver")
    # InternLM/lmdeploy#130: FasterTransformer's opening, before the abort it causes
    assert lead("  what():  [FT][ERROR] CUDA runtime error: invalid argument "
                "/opt/tritonserver/lmdeploy/src/turbomind/utils/allocator.h:252 \nAborted (core dumped)\n") \
        == ("log.cuda_error", "other")
    # TurboMind's out of memory stays memory
    assert lead("[TM][ERROR] CUDA runtime error: out of memory /opt/lmdeploy/src/turbomind/core/allocator.cc:49\n")[1] \
        == "oom"
    # pytorch/pytorch#38223 ("fixed this error by reducing the device from 4 to 1 in docker")
    assert_reads("RuntimeError: [enforce fail at context_gpu.cu:239] . peer mapping resources exhausted",
                 "log.cuda_error", "application_bug")
    # bytedance/lightseq#143: a failed cuBLAS GEMM (status 13, execution failed)
    assert_reads("!!!! kernel execution error. (m: 256, n: 256, k: 64, error: 13) ", "log.cuda_error",
                 "cuda_or_driver")
    # a TurboMind warning and LightSeq's progress lines are no CUDA error (InternLM/MindSearch#243)
    assert "log.cuda_error" not in ids("[TM][WARNING] [LlamaTritonModel] `max_context_token_num` = 32776.\n"
                                       "TransformerEncoderLayer #10 bind weights and grads.\n")


def test_an_illegal_memory_access_retyped_and_a_compilers_host_allocation() -> None:
    # nex-mpi/nex-code#5: the CUDA string in lower case
    assert lead("runtimeerror: an illegal memory access was encountered\n") == ("log.cuda_error", "application_bug")
    # kijai/ComfyUI-WanVideoWrapper#151 (its title: OutOfMemoryError)
    assert lead("fatal   : Memory allocation failure\n") == ("log.oom", "oom")
    # a fatal line of another kind is no memory failure
    assert lead("ptxas fatal   : Unresolved extern function 'foo'\n") != ("log.oom", "oom")


def test_rays_shm_warning_is_small_only_below_a_gigabyte() -> None:
    ray = ("2025-01-15 18:01:02,216 WARNING services.py:2022 -- WARNING: The object store is using /tmp instead of "
           "/dev/shm because /dev/shm has only {} bytes available. This will harm performance!")
    # allenai/open-instruct#521: 5 GiB, and the PR fixed a vLLM version change
    assert lead(ray.format(5367910400) + "\n") is None
    # kserve/kserve#3791: docker's 64 MiB
    assert lead(ray.format(67108864) + "\n") == ("log.shm_small", "shm_too_small")


def test_the_pattern_fallback_is_the_search_and_the_variable_that_limited_it() -> None:
    # open-mmlab/mmdetection#8353: NCCL_P2P_LEVEL=LOC, then the search falls back
    log = ("mca:404:456 [0] NCCL INFO NCCL version 2.7.8+cuda11.1\n"
           "mca:404:456 [0] NCCL INFO NCCL_P2P_LEVEL set by environment to LOC\n"
           "mca:404:456 [0] graph/search.cc:765 NCCL WARN Could not find a path for pattern 4, falling back to "
           "simple order\n")
    got = analyze_text(log)["findings"][0]
    assert (got["id"], got["cause"]) == ("log.graph_fallback", "performance_config")
    assert "/sys" not in got["message"]
    # without the variable it is the search itself (NVIDIA/nccl#1876)
    assert lead(log.replace("NCCL_P2P_LEVEL set by environment to LOC", "Bootstrap : Using eth0:10.0.0.1<0>")) \
        == ("log.graph_fallback", "topology_or_numa")
    # a PCI path NCCL could not resolve stays the /sys reading
    assert lead("node1:1:1 [0] NCCL INFO NCCL version 2.21.5+cuda12.4\n"
                "node1:1:1 [0] misc/utils.cc:60 NCCL WARN Could not find real path of /sys/class/pci_bus/0000:00/../"
                "../0000:00:02.0\n") == ("log.topology_error", "topology_or_numa")


def test_servers_and_engines_are_named_as_they_are() -> None:
    # triton-inference-server/tensorrtllm_backend#524: Triton's gRPC port, not a rendezvous port
    grpc = ("E0705 08:07:40.232606618   79385 chttp2_server.cc:1080]      **_UNKNOWN:No address added out of total 1 "
            "resolved for '0.0.0.0:18001' {created_time:\"2024-07-05T08:07:40.232429669+00:00\", children:[UNKNOWN:"
            "Unable to configure socket {fd:180, os_error:\"Address already in use\", errno:98}]}\n")
    got = analyze_text(grpc)["findings"][0]
    assert (got["id"], got["cause"]) == ("log.port_in_use", "application_bug")
    assert "MASTER_PORT" not in got["fix"] and "gRPC" in got["message"]
    # c10d's own bind keeps the rendezvous advice (wenet-e2e/wekws#93)
    c10d = analyze_text("[W socket.cpp:401] [c10d] The server socket has failed to bind to [::]:29400 (errno: 98 - "
                        "Address already in use).\n")["findings"][0]
    assert c10d["id"] == "log.port_in_use" and "gRPC" not in c10d["message"]
    # vllm-project/vllm#2416: vLLM's placement group is named beside lmdeploy's engine
    got = analyze_text("ValueError: The number of required GPUs exceeds the total number of available GPUs in the "
                       "placement group.\n")["findings"][0]
    assert got["cause"] == "application_bug" and "vLLM" in got["message"]
