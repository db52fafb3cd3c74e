"""Rules from rounds 51 - 53 of the held-out measurement (TensorFlow and MXNet, GPU data-science stacks, older
frameworks and their launchers, serving images, model repositories, disaggregated serving), each tested on the text
that carries it and on text that must not trigger it."""

from __future__ import annotations

from line_reading import assert_reads, causes, lead


# rh-aiservices-bu/llm-on-openshift#57, alpa-projects/alpa#330, facebookresearch/Detectron#370: an environment without
# libnccl is a missing install (`other`); NCCL versions that differ between ranks are another cause.
def test_nccl_that_cannot_be_loaded_is_a_missing_install() -> None:
    assert_reads("INFO 04-23 19:30:01 pynccl_utils.py:17] Failed to import NCCL library: libnccl.so.2: cannot open "
                 "shared object file: No such file or directory", "log.nccl_library_missing", "other")
    assert ("log.nccl_library_missing", "nccl_version_mismatch") not in causes(
        "Reason: ImportError (libnccl.so.2: cannot open shared object file: No such file or directory)\n")
    # Two versions named by NCCL itself stay the version mismatch.
    assert lead("NCCL WARN Mismatched NCCL version detected : rank 0 version 22105 rank 1 version 21903\n")[1] == \
        "nccl_version_mismatch"


# NVIDIA/cudf-spark-examples#131: Spark lost an executor, then XGBoost's one-process-per-GPU check failed.
def test_a_lost_spark_executor_and_xgboosts_shared_device_check() -> None:
    lost = ("22/03/19 17:58:47 ERROR TaskSchedulerImpl: Lost executor 0 on 10.59.231.194: Executor heartbeat timed "
            "out after 166904 ms")
    assert ("log.remote_exited", "rank_crashed_elsewhere") in causes(lost + "\n")
    # An executor removed on request is no loss.
    assert "log.remote_exited" not in {f for f, _ in causes(
        "22/03/19 17:58:47 INFO BlockManagerMasterEndpoint: Trying to remove executor 0 from BlockManagerMaster.\n")}
    shared = ("ml.dmlc.xgboost4j.java.XGBoostError: [17:58:48] src/common/device_helpers.cu:64: Check failed: "
              "n_uniques == world (1 vs. 2) : Multiple processes within communication group running on same CUDA "
              "device is not supported")
    assert_reads(shared, "log.duplicate_gpu", "application_bug")
    assert lead(f"{lost}\n{shared}\n") == ("log.duplicate_gpu", "application_bug")


# hpcaitech/ColossalAI#4318: `colossalai run` took both nodes for the local machine.
def test_two_hosts_that_the_launcher_took_for_itself() -> None:
    line = ("Error: failed to run torchrun --nproc_per_node=8 --nnodes=2 --node_rank={r} --master_addr=192.168.0.64 "
            "--master_port=29500 benchmark.py on {host}, is localhost: {local}, exception: I/O operation on closed "
            "file")
    both = "\n".join(line.format(r=r, host=h, local="True") for r, h in ((0, "192.168.0.64"), (1, "192.168.0.189")))
    assert lead(both + "\n") == ("log.launcher_local_hosts", "hostname_resolution")
    # One node local and one remote is the launch as meant: no host mix-up, and the failure itself names no cause.
    right = "\n".join(line.format(r=r, host=h, local=v) for r, h, v in ((0, "192.168.0.64", "True"),
                                                                         (1, "192.168.0.189", "False")))
    assert "log.launcher_local_hosts" not in {f for f, _ in causes(right + "\n")}
    # Loopback names are local by definition.
    loop = "\n".join(line.format(r=r, host=h, local="True") for r, h in ((0, "localhost"), (1, "127.0.0.1")))
    assert "log.launcher_local_hosts" not in {f for f, _ in causes(loop + "\n")}


# sgl-project/sglang#30737: Mooncake's RDMA endpoint found an empty GID on RoCE; the KV transfers failed after it.
def test_an_empty_mooncake_gid_is_the_roce_gid_index() -> None:
    text = ("Decode transfer failed ... KVTransferError: Failed to get kvcache from prefill instance, it might be dead\n"
            "Prefill transfer failed ... KVTransferError: Decode instance could be dead, remote mooncake session "
            "<ip>:<port> is not alive\n"
            "GID is NULL, please check your GID index by specifying MC_GID_INDEX\n")
    assert lead(text) == ("log.gid_error", "gid_index_or_roce_config")
    # Without the GID line the transfers name the other side, not the GID.
    assert lead("\n".join(text.splitlines()[:2]) + "\n") == ("log.remote_exited", "rank_crashed_elsewhere")
