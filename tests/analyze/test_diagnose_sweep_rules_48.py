"""Rules from sweeps 286 - 287 (alarming lines that are not the cause, pod logs) and rounds 272 and 277. Each text a
rule reads is quoted from the thread named above its test; each rule is also tested on text that must not trigger
it."""

from __future__ import annotations

from line_reading import causes, ids, lead

# OpenNMT/OpenNMT-py#1454: the batch producer's non-blocking put into a full queue (fixed by OpenNMT-py#1455)
_QUEUE_FULL = """\
  File "/workspace/OpenNMT-py/train.py", line 127, in batch_producer
    q.put(b, False)
  File "/opt/conda/envs/learn-dev/lib/python3.7/multiprocessing/queues.py", line 83, in put
    raise Full
queue.Full
"""


def test_a_full_queue_of_the_program_is_its_own_exception() -> None:
    assert lead(_QUEUE_FULL) == ("log.program_error", "application_bug")
    # the DataLoader's timed-out get raises _queue.Empty, which names no bug of the program
    assert "log.program_error" not in ids(_QUEUE_FULL.replace("queue.Full", "_queue.Empty"))


# OpenNMT/OpenNMT-py#921 (torch 0.4) and microsoft/onnxruntime#7287 (an embedding in a DataParallel replica)
_DEVICES = ("RuntimeError: arguments are located on different GPUs\n",
            "RuntimeError: Input, output and indices must be on the current device\n")


def test_tensors_on_another_gpu_are_the_programs_placement() -> None:
    for line in _DEVICES:
        assert lead(line) == ("log.framework_usage", "application_bug")
    assert "log.framework_usage" not in ids("RuntimeError: arguments are located on the same GPU\n")


# pytorch/ort#101: ORTModule after Lightning's sync_batchnorm=True converted layers of the wrapped model
_ORTMODULE = """\
    raise new_exception(raised_exception) from raised_exception
onnxruntime.training.ortmodule._fallback.ORTModuleTorchModelException: ORTModule does not support adding modules to it.
"""


def test_ortmodule_refusing_the_model() -> None:
    assert lead(_ORTMODULE) == ("log.framework_usage", "application_bug")
    assert ("log.alternative", "other") in causes(_ORTMODULE)
    # the word alone in prose is no exception
    assert "log.framework_usage" not in ids("the ORTModule exception docs list what it refuses\n")


# kubeflow/pytorch-operator#216: busybox nslookup in a PyTorchJob init container; its "Can't find ...: No answer"
# lines are search-domain tries printed for a name that resolved (the Name/Address pair above them)
_NSLOOKUP = """\
Server:         10.0.0.10
Address:        10.0.0.10:53

Name:   katib-suggestion-hyperband.kubeflow.svc.cluster.local
Address: 10.0.223.142

*** Can't find katib-suggestion-hyperband.svc.cluster.local: No answer
*** Can't find katib-suggestion-hyperband.cluster.local: No answer
"""
_NXDOMAIN = """\
Server:         10.0.0.10
Address:        10.0.0.10:53

** server can't find katib-suggestion-hyperband.kubeflow.svc.cluster.local: NXDOMAIN
"""


def test_a_name_the_cluster_dns_does_not_know() -> None:
    assert lead(_NXDOMAIN) == ("log.name_resolution", "hostname_resolution")
    assert "log.name_resolution" not in ids(_NSLOOKUP)


# aws-samples/aws-do-eks#62: a LeaderWorkerSet worker pod passed vLLM an empty --data-parallel-address
_ZMQ = """\
[dp1/worker] LEADER_IP= MY_IP=10.1.120.49
ValueError: Invalid zmq path: tcp://:29550
"""


def test_a_zeromq_address_with_no_host() -> None:
    assert lead(_ZMQ) == ("log.name_resolution", "hostname_resolution")
    assert ("log.alternative", "application_bug") in causes(_ZMQ)
    # a host in it is another check (the scheme); the generic row reads it as the program's error
    assert "log.name_resolution" not in ids(_ZMQ.replace("tcp://:29550", "tcp://10.1.120.1:29550"))


# MFlowCode/MFC#475: Open MPI's OFI warning on a node whose run then went on to pre-process on 10 ranks
_OFI = """\
Open MPI failed an OFI Libfabric library call (fi_domain).  This is highly
unusual; your job may behave unpredictably (and/or abort) after this.

  Local host: carpenter04
  Location: ../../../../../ompi/mca/mtl/ofi/mtl_ofi_component.c:936
  Error: Function not implemented (38)
"""


def test_open_mpis_ofi_warning_is_a_warning_of_open_mpi() -> None:
    found = causes(_OFI)
    assert lead(_OFI) == ("log.mpi_transport", "other")
    assert not any(fid in ("log.ofi_error", "log.abort") for fid, _ in found)
    # a job that says it will abort does
    assert "log.abort" in ids("the job aborted: abort(1) called on rank 3\n")


# Lightning-Universe/lightning-flash#1182: six ranks start; rank 3 waits in the store barrier, then every rank
# completes it. Without the completion (huggingface/accelerate#1401's rank 0 waiting with worker_count=1) it stays
# the failure.
_BARRIER = """\
02/21/2022 13:46:14 - INFO - torch.distributed.distributed_c10d -   Waiting in store based barrier to initialize \
process group for rank: 3, key: store_based_barrier_key:1 (world_size=6, worker_count=4, timeout=0:30:00)
initializing distributed: GLOBAL_RANK: 5, MEMBER: 6/6
02/21/2022 13:46:15 - INFO - torch.distributed.distributed_c10d -   Added key: store_based_barrier_key:1 to store for \
rank: 5
02/21/2022 13:46:15 - INFO - torch.distributed.distributed_c10d -   Rank 0: Completed store-based barrier for \
key:store_based_barrier_key:1 with 6 nodes.
"""


def test_a_store_barrier_that_completed_is_no_failure() -> None:
    assert "log.barrier_waited" in ids(_BARRIER)
    assert not [c for _, c in causes(_BARRIER) if c]
    waiting = _BARRIER.splitlines()[0] + "\n"
    assert lead(waiting) == ("log.store_barrier", "firewall_or_port_blocked")
    # a wait for a second barrier after the first completed stays the failure
    later = _BARRIER + waiting.replace("key:1", "key:2")
    assert lead(later) == ("log.store_barrier", "firewall_or_port_blocked")


# ray-project/ray#26477: `ray start --head` probes for a GCS before it starts its own; ray-project/ray#23611: a node
# that never reaches one
_RAY_HEAD = """\
2022-07-13 15:19:40,592\tWARNING utils.py:1242 -- Unable to connect to GCS at 10.249.16.183:6379. Check that (1) Ray \
GCS with matching version started successfully at the specified address, and (2) there is no firewall setting \
preventing access.
2022-07-13 15:19:41,267\tINFO scripts.py:715 -- Local node IP: 10.249.16.183
2022-07-13 15:19:43,891\tSUCC scripts.py:758 -- Ray runtime started.
"""


def test_rays_probe_before_its_head_starts_is_no_failure() -> None:
    assert "log.connect_retried" in ids(_RAY_HEAD)
    assert not [c for _, c in causes(_RAY_HEAD) if c]
    never = _RAY_HEAD.splitlines()[0] + "\n"
    assert lead(never) is not None and lead(never)[1] == "firewall_or_port_blocked"
    # an error-level refusal is no probe, whatever follows
    assert "log.connect_retried" not in ids(_RAY_HEAD.replace("\tWARNING utils", "\tERROR utils"))


# huggingface/transformers#21667 (generate() in evaluation under FSDP) and vetka925/gpt-j-8bit-lightning-finetune#1
# (an 8-bit GPT-J wrapped with part of it on the CPU)
_FREED = ("RuntimeError: The tensor has a non-zero number of elements, but its data is not allocated yet. Caffe2 uses "
          "a lazy allocation, so you will need to call mutable_data() or raw_mutable_data() to actually allocate "
          "memory.\n")
_TWO_DEVICES = ("RuntimeError: FSDP only supports single device modules, but got params on {device(type='cuda', "
                "index=0), device(type='cpu')}\n")


def test_fsdps_freed_shards_and_modules_on_two_devices() -> None:
    assert lead(_FREED) == ("log.sharded_param_use", "application_bug")
    assert lead(_TWO_DEVICES) == ("log.framework_usage", "application_bug")
    # torch's own spelling has no comma
    assert lead(_TWO_DEVICES.replace("modules, but", "modules but")) == ("log.framework_usage", "application_bug")
    assert "log.sharded_param_use" not in ids("RuntimeError: The tensor has no elements and its data is fine\n")


# fastai/fastai2#57 (round 281): torch 1.x's TH wording of a tensor on another device; its dtype twin
_TH_DEVICE = ("Expected object of backend CUDA but got backend CPU for argument #2 'target' in call to "
              "_thnn_nll_loss_forward\n")
_TH_DTYPE = "RuntimeError: Expected object of scalar type Float but got scalar type Half for argument #2 'weight'\n"


def test_torch_1_th_wording_of_device_and_dtype() -> None:
    assert lead(_TH_DEVICE) == ("log.framework_usage", "application_bug")
    assert lead(_TH_DEVICE.replace("backend CUDA but got backend CPU", "device type cuda but got device type cpu")) \
        == ("log.framework_usage", "application_bug")
    assert lead(_TH_DTYPE) == ("log.dtype_mismatch", "application_bug")
    assert "log.framework_usage" not in ids("Expected object of the launcher: a list of hosts\n")


# ray-project/xgboost_ray#202 (round 280): Ray 1.x's autoscaler while GPU workers wait; its "will resolve itself"
# and "node type" are no host name that failed to resolve
_AUTOSCALER = ("2022-03-02 13:56:50,578 WARNING resource_demand_scheduler.py:746 -- The autoscaler could not find a "
               "node type to satisfy the request: [{'CPU': 2.0, 'GPU': 1.0}, {'GPU': 1.0, 'CPU': 2.0}]. If this "
               "request is related to placement groups the resource request will resolve itself, otherwise please "
               "specify a node type with the necessary resource\n")


def test_rays_autoscaler_without_a_node_type_for_the_request() -> None:
    assert lead(_AUTOSCALER) == ("log.launch_config", "application_bug")
    assert "log.name_resolution" not in ids(_AUTOSCALER)
    # the generic resolver row reads neither half of it, and still reads a name that did not resolve
    second = "Error: this request will resolve itself, otherwise please specify a node type\n"
    assert "log.name_resolution" not in ids(second)
    assert "log.name_resolution" in ids("Error: failed to resolve hostname of node worker-3\n")
