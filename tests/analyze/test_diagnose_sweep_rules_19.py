"""Rules from the sweeps of public threads of 2026-12-05 (65: NCCL's network WARNs; 66: c10d rendezvous and stores; 67:
CUDA errors; 68: slow communication). Each line is quoted from the thread named above its test, and tested on text
that must not trigger it."""

from __future__ import annotations

from line_reading import lead

from ncclkit.logs.analyze import analyze_text


def findings(text: str) -> dict[str, dict]:
    return {f["id"]: f for f in analyze_text(text)["findings"]}


def test_pxn_given_host_buffers() -> None:
    # NVIDIA/nccl-tests#340 (NCCL_PXN_DISABLE=1 fixed alltoall across nodes)
    line = "transport/net.cc:514 NCCL WARN PXN should not use host buffers for data\n"
    assert lead(line) == ("log.pxn_host_buffer", "application_bug")
    assert "NCCL_PXN_DISABLE=1" in findings(line)["log.pxn_host_buffer"]["fix"]
    assert "log.pxn_host_buffer" not in findings("h:1:2 [0] NCCL INFO NCCL_PXN_DISABLE set by environment to 1.\n")


def test_an_exclusion_list_without_lo_lets_nccl_take_the_loopback() -> None:
    # aws/deep-learning-containers#4756: the image wrote ^docker0 to /etc/nccl.conf
    assert lead("echo NCCL_SOCKET_IFNAME=^docker0 >> /etc/nccl.conf\n") == ("log.ifname_allows_lo", "wrong_interface")
    for good in ("export NCCL_SOCKET_IFNAME=^docker0,lo\n", "export NCCL_SOCKET_IFNAME=^lo,docker0\n",
                 "export NCCL_SOCKET_IFNAME=eth0\n"):
        assert "log.ifname_allows_lo" not in findings(good)


def test_no_gpu_because_the_program_hides_them() -> None:
    # Grace9994/CoMoSVC#6: CUDA_VISIBLE_DEVICES hard-coded in train.py
    line = ("If not comment out the line `os.environ[\"CUDA_VISIBLE_DEVICES\"]='1'` in train.py, training will "
            "encounter an error: `RuntimeError: No CUDA GPUs are available`.\n")
    assert lead(line) == ("log.framework_usage", "application_bug")
    assert lead("RuntimeError: No CUDA GPUs are available\n") == ("log.gpu_missing", "cuda_or_driver")


def test_a_source_line_numbered_802_is_not_cuda_error_802() -> None:
    # NVIDIA/nccl#496 (an R460 driver older than the CUDA 11 runtime)
    line = ("[1,0]<stdout>:8470dd07de42:174:239 [0] enqueue.cc:802 NCCL WARN Cuda failure 'API call is not supported "
            "in the installed CUDA driver'\n")
    assert "fabric manager" not in findings(line)["log.cuda_error"]["message"]
    # the error's own text still names the fabric manager (NVIDIA/nccl-tests#338)
    assert lead("gpu: Test CUDA failure common.cu:1030 'system not yet initialized'\n")[1] == "cuda_or_driver"
    assert "log.fabric_manager" in findings("gpu: Test CUDA failure common.cu:1030 'system not yet initialized'\n")


def test_a_store_lost_at_shutdown_is_its_host_gone() -> None:
    # wenet-e2e/wespeaker#171: jobs on one node sharing torchrun's standalone endpoint
    text = ("WARNING:torch.distributed.elastic.rendezvous.dynamic_rendezvous:The node 'node04.localdomain_3882442_0' "
            "has failed to shutdown the rendezvous '9987b766-350c-48bf-aa45-cfc2da182f33' due to an error of type "
            "RendezvousConnectionError.\nRuntimeError: Broken pipe\n")
    assert lead(text) == ("log.remote_exited", "rank_crashed_elsewhere")
    # a first connection that never succeeded stays the network's (pytorch/pytorch#107021)
    first = ("[E socket.cpp:860] [c10d] The client socket has timed out after 60s while trying to connect to "
             "192.0.0.1:1234\n")
    assert lead(first)[1] != "rank_crashed_elsewhere"


def test_the_ipv6_half_of_an_ipv4_lookup_is_noise() -> None:
    # OFA-Sys/Chinese-CLIP#169 (the cause was the user's script)
    ipv4 = ("[W socket.cpp:601] [c10d] The IPv6 network addresses of (XX.XX.XX.XX, 8514) cannot be retrieved (gai "
            "error: -2 - Name or service not known).\n")
    assert lead(ipv4) is None
    # a name, or an address with a space before it, is still a lookup that failed (ColossalAI#2841, pytorch#121807)
    for line in ("[W socket.cpp:601] [c10d] The IPv6 network addresses of (i-7840df31, 37340) cannot be retrieved "
                 "(gai error: -2 - Name or service not known).\n",
                 "[W socket.cpp:601] [c10d] The IPv6 network addresses of ( 10.0.5.4, 8004) cannot be retrieved "
                 "(gai error: -2 - Name or service not known).\n"):
        assert lead(line) == ("log.name_resolution", "hostname_resolution")


def test_a_kernels_own_assert_is_the_program() -> None:
    # huggingface/trl's sonic-moe notes: cudaErrorAssert in the MoE backward pass
    assert lead("RuntimeError: CUDA Error: cudaErrorAssert\n") == ("log.cuda_error", "application_bug")
    assert lead("RuntimeError: CUDA error: an illegal memory access was encountered\n")[1] == "application_bug"


def test_efa_in_a_pod_name_is_no_plugin_failure() -> None:
    # aws-samples' MPIJob of nccl-tests that passed: its pods are named after EFA
    line = "+ /opt/kube/kubectl cp /opt/kube/hosts nccl-tests-efa-16-worker-1:/etc/hosts_of_nodes\n"
    assert "log.ofi_error" not in findings(line)
    assert lead("h:1:2 [0] NCCL WARN NET/OFI Unable to find a protocol that worked.  Failing initialization.\n") == \
        ("log.ofi_error", "net_plugin_error")


def test_kubectl_wait_giving_up_is_no_collective_timeout() -> None:
    line = "error: timed out waiting for the condition on pods/eks-pod-identity-agent-xxxxx\n"
    assert lead(line) == ("log.kubectl_wait_timeout", "other") and "log.timeout" not in findings(line)


def test_trainer_stack_messages_with_a_known_cause() -> None:
    # TRL's docs: the trainer and the vLLM server on the same GPUs
    same = ("RuntimeError: Attempting to use the same CUDA device for multiple distinct roles/ranks within the same "
            "communicator.\n")
    assert lead(same) == ("log.duplicate_gpu", "application_bug")
    # ms-swift's FAQ: DeepSpeed's config model refusing a fractional bucket size
    config = ("[rank6]: pydantic_core._pydantic_core.ValidationError: 1 validation error for DeepSpeedZeroConfig\n"
              "[rank6]: stage3_prefetch_bucket_size\n")
    assert lead(config) == ("log.framework_release", "other")
    # another program's validation error is not DeepSpeed's
    assert "log.framework_release" not in findings(
        "pydantic_core._pydantic_core.ValidationError: 1 validation error for ServerSettings\n")


def test_workers_compiling_different_programs_is_a_collective_mismatch() -> None:
    # maxtext's troubleshooting playbook (Megascale on multi-slice TPU)
    text = ("Megascale detects a hang that is likely caused by inconsistent HLO module compilation across workers. "
            "This can be caused by some workers running with different JIT functions or a bug in the XLA compiler.\n"
            "  Potential cause: INCONSISTENT_TPU_PROGRAM\n")
    assert lead(text) == ("log.collective_mismatch", "hang_collective_mismatch")
    assert "log.collective_mismatch" not in findings("  Potential cause: Bad TPU chips\n")
