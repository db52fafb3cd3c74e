"""Rules from held-out rounds 225 - 230 and sweeps 242 - 246 (2026-12-06: troubleshooting, FAQ and notes pages kept
in repositories, consumer GPUs and containers, NCCL 2.23 - 2.29). Each text a rule reads is quoted from the thread or
file named above its test; each rule is also tested on text that must not trigger it."""

from __future__ import annotations

from pathlib import Path

from line_reading import causes, ids, lead

from ncclkit.logs.analyze import analyze_text

# an AWS p4d guide (vanshajagrawal/beyondtritonrl, docs REPLICATION_GUIDE.md): both errors of a node whose
# nvidia-fabricmanager was not installed, the framework's complaint printed first
_P4D = ("RuntimeError: Distributed package doesn't have NCCL built in\n"
        "RuntimeError: CUDA error: system not yet initialized\n")


def test_a_fabric_manager_that_is_down_explains_the_errors_beside_it() -> None:
    assert lead(_P4D) == ("log.fabric_manager", "cuda_or_driver")
    # without the CUDA error, the framework's complaint is what the paste shows: a build without NCCL
    assert lead(_P4D.splitlines()[0] + "\n")[1] == "other"
    # the fabric manager's other lines (an NVLS bind failing) do not outrank what NCCL says of them (NVIDIA/nccl#2077,
    # tests/diagnosis/corpus-heldout-r35-nccl1300: the switch's multicast slots used up, then NCCL's hint)
    case = Path(__file__).parents[1] / "diagnosis/corpus-heldout-r35-nccl1300/cases" / \
        "nccl2077-nvls-multicast-slots-exhausted-2297.txt"
    assert lead(case.read_text()) == ("log.nvls_resources", "other")


# amazon-science/polygon-transformer#29: two fairseq ranks on one GPU; NCCL's trace of ncclInvalidUsage and both
# ranks' abort lines, the WARN not pasted
_ONE_GPU = """\
chn-llmclass-a6914da2-c147-48c4-838b-3a0a8499bd17:3640:3640 [0] NCCL INFO init.cc:1876 -> 5
chn-llmclass-a6914da2-c147-48c4-838b-3a0a8499bd17:3639:3639 [0] NCCL INFO comm 0x55dda0453c60 rank 0 nranks 2 \
cudaDev 0 busId 19000 - Abort COMPLETE
chn-llmclass-a6914da2-c147-48c4-838b-3a0a8499bd17:3640:3640 [0] NCCL INFO comm 0x564f1c75ca80 rank 1 nranks 2 \
cudaDev 0 busId 19000 - Abort COMPLETE
"""


def test_invalid_usage_with_two_ranks_on_one_bus_id_is_a_duplicate_gpu() -> None:
    assert lead(_ONE_GPU) == ("log.nccl_error_code", "application_bug")
    # ranks on two GPUs: the code alone, no cause claimed
    assert lead(_ONE_GPU.replace("busId 19000 - Abort COMPLETE\nchn", "busId 1a000 - Abort COMPLETE\nchn")) is None
    # one GPU but another code (ncclSystemError): not what NCCL returns for a duplicate GPU
    assert lead(_ONE_GPU.replace("-> 5", "-> 2")) is None


def test_slurm_and_lightning_launch_lines() -> None:
    # vsoch/vsoch.github.io#21: Intel MPI's mpirun inside a container started by srun --mpi=pmi2
    assert lead("slurmstepd: error: mpi/pmi2: invalid PMI1 init command: `error'\n") == \
        ("log.launch_config", "application_bug")
    # Lightning-AI/pytorch-lightning#102, Lightning's Slurm check, wrapped as it prints
    assert lead("UserWarning: \nYou requested 2 GPUs but launched 1 slurm tasks.\nWe will launch 2 processes for "
                "you.\n") == ("log.launch_config", "application_bug")
    # horovod/horovod#3765: PMIx 2.0's store (dstore/pmix_esh.c) out of resources in a Spark executor's container
    assert lead("[lhr-appprlb18033.i2cinc.local:37589] PMIX ERROR: OUT-OF-RESOURCE in file dstore/pmix_esh.c at "
                "line 831\n") == ("log.launch_config", "other")
    # its plain ERROR from the same file, and the step's cancellation, are none of these
    assert lead("[host:37589] PMIX ERROR: ERROR in file dstore/pmix_esh.c at line 1723\n") is None
    assert lead("slurmstepd: error: *** STEP 123.0 ON node1 CANCELLED AT 2020-01-01T00:00:00 ***\n") == \
        ("log.job_stopped", "other")


def test_gvisors_gpu_proxy_refusing_a_driver_call() -> None:
    # google/gvisor#10413: multi-GPU training under runsc --nvproxy hung
    assert lead("W0509 01:16:28.218428  1772489 frontend.go:521] [   6:  20] nvproxy: unknown control command "
                "0x3d05 (paramsSize=24)\n") == ("log.gpu_missing", "cuda_or_driver")
    assert lead("W0509 01:16:28.218428  1772489 nvproxy.go:100] nvproxy: driver version 550.54.15\n") is None


def test_a_transfer_library_on_tcp_and_a_kernel_line_quoted_as_a_comment() -> None:
    # ai-dynamo/dynamo docs/kubernetes/disagg-communication-guide.md
    assert lead("UCX WARN no RDMA transports available\nNIXL INFO falling back to TCP transport\n") == \
        ("log.no_ib_device", "socket_fallback")
    assert lead("NIXL INFO Backend UCX was instantiated\n") is None
    # kvcache-ai/Mooncake docs/source/troubleshooting/troubleshooting.md: the kernel's line under its dmesg command
    assert lead("   # mlx5_core 0000:65:01.0: mlx5_cmd_out_err:829:(pid 3958462): CREATE_MKEY(0x200) op_mod(0x0) "
                "failed, status no resources(0xf), syndrome (0x2aac7c), err(-11)\n") == \
        ("log.ibv_create_qp_failed", "ib_resource_error")
    # a code comment that names the driver and an error is still code
    assert lead("    # if mlx5_core failed to load, fall back to the error path\n") is None


def test_tensorflows_sparse_gradients_gathered_instead_of_all_reduced() -> None:
    # tensorflow/tensorflow#53160: MirroredStrategy on four GPUs in a container, NCCL on sockets beside it
    text = ("WARNING:tensorflow:Efficient allreduce is not supported for 2 IndexedSlices\n"
            "dbe753952c3d:1013:1261 [0] NCCL INFO NET/IB : No device found.\n"
            "dbe753952c3d:1013:1261 [0] NCCL INFO NET/Socket : Using [0]eth0:172.17.0.23<0>\n"
            "dbe753952c3d:1013:1261 [0] NCCL INFO Using network Socket\n")
    assert lead(text) == ("log.host_setting", "performance_config")
    # TensorFlow's other notices of its all-reduce say nothing is slow
    assert lead("INFO:tensorflow:Reduce to /job:localhost/replica:0/task:0/device:CPU:0 then broadcast to "
                "('/job:localhost/replica:0/task:0/device:CPU:0',).\n") is None


# aidando73/nccl-tests errors.txt (c7ceb67): two L40 nodes over NET/Socket; NCCL's topology search settled for a
# simpler order, then the remote rank's test failed
_SEARCH = ("[2025-03-27 05:33:08] 6a3e6142ec3e:5671:5678 [0] graph/search.cc:1127 NCCL WARN Could not find a path for "
           "pattern 4, falling back to simple order\n")
_FAILED = ("8d393995ec76: Test NCCL failure common.cu:394 'unhandled system error (run with NCCL_DEBUG=INFO for "
           "details) / '\n")


def test_the_topology_searchs_fallback_explains_no_failure() -> None:
    assert lead(_SEARCH) == ("log.graph_fallback", "topology_or_numa")
    found = causes(_SEARCH + _FAILED)
    assert found[0][0] != "log.graph_fallback"
    assert found[0][1] in ("shm_too_small", "wrong_interface", "firewall_or_port_blocked")


def test_the_gpu_operators_driver_and_mig_failures() -> None:
    # NVIDIA/gpu-operator's production runbook (docs/troubleshooting): the module under Secure Boot, a MIG layout
    assert lead("ERROR: failed to load NVIDIA kernel module\nnvidia.ko: Required key not available\n") == \
        ("log.gpu_missing", "cuda_or_driver")
    assert lead("failed to apply MIG config: incompatible MIG mode on device 0\n") == \
        ("log.gpu_missing", "cuda_or_driver")
    # the peer-memory module refused the same way is GPUDirect RDMA's, and a MIG layout applied is no failure
    assert lead("modprobe: ERROR: could not insert 'nvidia_peermem': Invalid argument\n")[1] == "gdr_unavailable"
    assert lead('time="2024-01-01T00:00:00Z" level=info msg="Applying MIG config: all-1g.10gb"\n') is None


# stas00/ml-engineering network/debug/README.md: a RoCE bond among the eight compute HCAs of a node
_MIXED = ("NCCL INFO NET/IB : Using [0]mlx5_0:1/IB [1]mlx5_1:1/IB [2]mlx5_2:1/IB [3]mlx5_3:1/IB [4]mlx5_4:1/IB "
          "[5]mlx5_5:1/IB [6]mlx5_6:1/IB [7]mlx5_7:1/I [8]mlx5_bond_0:1/RoCE [RO]; OOB ibp25s0:10.0.12.82<0>\n")


def test_infiniband_and_roce_ports_listed_together() -> None:
    assert lead(_MIXED) == ("log.nic_mixed_link", "topology_or_numa")
    fix = next(f["fix"] for f in analyze_text(_MIXED)["findings"] if f["id"] == "log.nic_mixed_link")
    assert "NCCL_IB_HCA=^mlx5_bond_0:1" in fix
    # one link layer (SHARP-capable IB ports), and a setup fact that does not outrank a failure
    assert "log.nic_mixed_link" not in ids(_MIXED.replace("[8]mlx5_bond_0:1/RoCE ", ""))
    assert lead(_MIXED + "node1:1:1 [0] NCCL WARN Bootstrap : no socket interface found\n")[0] != "log.nic_mixed_link"


# bigscience-workshop/bigscience train/tr11-176B-ml/chronicles-prequel.md: py-spy of two ranks, one in broadcast
_TWO = """\
Thread 835990 (active): "MainThread"
    train (megatron/training.py:915)
    pretrain (megatron/training.py:187)
    <module> (pretrain_gpt.py:239)
Thread 835995 (active): "MainThread"
    broadcast (torch/distributed/distributed_c10d.py:1191)
    _aggregate_total_loss (deepspeed/runtime/pipe/engine.py:540)
    train_batch (deepspeed/runtime/pipe/engine.py:330)
"""


def test_two_dumped_ranks_one_in_a_collective() -> None:
    assert lead(_TWO) == ("log.rank_outside_collective", "hang_collective_mismatch")
    # both in the collective: nobody is named outside it
    both = _TWO.replace("    train (megatron/training.py:915)\n",
                        "    broadcast (torch/distributed/distributed_c10d.py:1191)\n")
    assert "log.rank_outside_collective" not in ids(both)


def test_a_ray_worker_that_could_not_register() -> None:
    # volcengine/verl docs/faq/faq.rst: Ray workers past Slurm's CPU limit
    assert lead("Unable to register worker with raylet\n") == ("log.launch_config", "other")
    assert lead("[2024-01-01 00:00:00,000 I 1234 1234] worker_pool.cc:500: Started worker process with pid 42\n") \
        is None


def test_ncclinvalidusage_under_probe_codes_on_a_real_log() -> None:
    # device run 4 (tests/analyze/data/device-faults-2.28.9/duplicate-gpu-info.log, NCCL 2.28.9): both ranks on GPU
    # 0 of one host. Its NCCL INFO lines alone, without the WARN: NET/IB's init refusal ("net_ib.cc:852 -> 3") comes
    # first, then init's ncclInvalidUsage.
    log = Path(__file__).parent / "data/device-faults-2.28.9/duplicate-gpu-info.log"
    info = "".join(line for line in log.read_text().splitlines(keepends=True) if " NCCL INFO " in line)
    assert "Duplicate GPU" not in info and "net_ib.cc:852 -> 3" in info
    assert lead(info) == ("log.nccl_error_code", "application_bug")
    # IB's refusal alone, with sockets named as the network: no error to report
    probe_only = "".join(line for line in info.splitlines(keepends=True) if "-> 5" not in line)
    assert "log.nccl_error_code" not in ids(probe_only)


def test_paddles_launcher_reporting_a_trainer_killed() -> None:
    # PaddlePaddle/PaddleOCR#11773: a two-GPU recognition training, the trainer SIGKILLed
    text = ("LAUNCH INFO 2024-03-10 00:35:50,211 Pod failed\n"
            "LAUNCH ERROR 2024-03-10 00:35:50,216 Container failed !!!\n"
            "Container rank 0 status failed cmd ['/home/ /.conda/envs/paddle26/bin/python', '-u', 'tools/train.py', "
            "'-c', 'configs/a_rec_self/ch_PP_OCRv4_rec_pplcnetv3_01.yml''] code -9 log ./debug/workerlog.0\n")
    assert lead(text) == ("log.process_killed", "oom")
    # another exit code is the trainer's own error, in its log
    assert lead(text.replace("code -9", "code 1")) is None


def test_nvidia_smis_fabric_state_not_completed() -> None:
    # NVIDIA/cloud-native-docs gpu-operator/troubleshooting.rst: `nvidia-smi -q` on an HGX node whose fabric
    # manager has not set the fabric up
    text = ("Fabric\n     State                             : In Progress\n"
            "     Status                            : N/A\n     CliqueId                          : N/A\n")
    assert lead(text) == ("log.fabric_manager", "cuda_or_driver")
    # the same section once the fabric is up, and another tool's state field
    assert lead(text.replace("In Progress", "Completed").replace("Status                            : N/A",
                                                                 "Status                            : Success")) is None
    assert lead("Job State: In Progress\n") is None


def test_hang_dumps_of_horovods_stall_check_and_of_the_extension_lock() -> None:
    # horovod/horovod#1012 (Horovod 0.16): rank 0's stall check lists the broadcasts rank 1 never submitted
    stall = ("[1,0]<stderr>:[2019-04-13 13:53:31.851547: W horovod/common/operations.cc:588] "
             "HorovodBroadcast_global_step_0 [missing ranks: 1]\n")
    assert lead(stall) == ("log.collective_mismatch", "hang_collective_mismatch")
    # deepspeedai/DeepSpeedExamples#302: py-spy of a rank in deepspeed.initialize, waiting on the JIT build's lock
    dump = ('Thread 46930 (idle): "MainThread"\n'
            "    wait (torch/utils/file_baton.py:42)\n"
            "    _jit_compile (torch/utils/cpp_extension.py:1522)\n"
            "    load (torch/utils/cpp_extension.py:1284)\n"
            "    jit_load (deepspeed/ops/op_builder/builder.py:480)\n")
    assert lead(dump) == ("log.extension_lock_wait", "other")
    # a build that runs (its compile frame, no lock wait) is no stale lock
    assert "log.extension_lock_wait" not in ids(dump.replace("    wait (torch/utils/file_baton.py:42)\n", ""))
    # the dump is no kind of artifact ncclkit parses whole, and says its lines were read all the same
    note = next(f["message"] for f in analyze_text(dump)["findings"] if f["id"] == "input.unknown_kind")
    assert note.endswith("its lines were read for the failures above")
    plain = next(f["message"] for f in analyze_text("hello\n")["findings"] if f["id"] == "input.unknown_kind")
    assert "read for the failures" not in plain


def test_a_paste_that_ends_in_lightnings_rendezvous() -> None:
    # Lightning's troubleshooting pages (docs/source-fabric/guide/troubleshooting.rst, clouds/cluster_advanced.rst):
    # the job "stuck" at rank 0's line
    stuck = "Initializing distributed: GLOBAL_RANK: 0, MEMBER: 1/4\n"
    assert lead(stuck) == ("log.rendezvous_incomplete", "application_bug")
    assert {c for _, c in causes(stuck)} >= {"firewall_or_port_blocked", "wrong_interface"}
    # the rendezvous that completed goes on to Lightning's banner; a world of one has nobody to wait for
    done = "".join(f"Initializing distributed: GLOBAL_RANK: {r}, MEMBER: {r + 1}/4\n" for r in range(4)) + (
        "----------------------------------------------------------------------------------------------------\n"
        "distributed_backend=nccl\nAll distributed processes registered. Starting with 4 processes\n")
    assert "log.rendezvous_incomplete" not in ids(done)
    assert "log.rendezvous_incomplete" not in ids(done.split("----")[0])
    assert "log.rendezvous_incomplete" not in ids("Initializing distributed: GLOBAL_RANK: 0, MEMBER: 1/1\n")


def test_the_reporters_hang_at_lightnings_rendezvous() -> None:
    # CompVis/taming-transformers#12 (a stray NODE_RANK): the reporter's words, not Lightning's line, end the paste
    said = ("Hmm, training with `--gpus 0,` works fine but training with `--gpus 0,1` hangs right at "
            "`initializing ddp ...`\n")
    assert lead(said) == ("log.rendezvous_incomplete", "application_bug")
    # Lightning-AI/pytorch-lightning#5651: the environment listed beside it names the variable
    listed = 'It hangs right at "initializing ddp: GLOBAL_RANK: 0, MEMBER: 1/8"\n* 8-gpu ddp training\n* NODE_RANK=0\n'
    found = next(f for f in analyze_text(listed)["findings"] if f["id"] == "log.rendezvous_incomplete")
    assert found["subject"] == "NODE_RANK" and found["evidence"]["lines"] == [1, 3]
    # a run that got past it, or a world of one, is no such hang
    assert "log.rendezvous_incomplete" not in ids("it doesn't hang at initializing ddp any more\n")
    assert "log.rendezvous_incomplete" not in ids(
        "training is stuck at initializing ddp\nInitializing distributed: GLOBAL_RANK: 0, MEMBER: 1/1\n")


def test_ucxs_aligned_cuda_error_is_the_cuda_call() -> None:
    # NVIDIA/TensorRT-LLM docs/source/features/disagg-serving.md: servers in two NVLink domains
    assert lead("UCX  ERROR   cuMemImportFromShareableHandle failed: invalid resource handle\n") == \
        ("log.cuda_error", "cuda_or_driver")
    # UCX's own errors that name no CUDA call stay the MPI runtime's
    assert lead("[1687425839.123456] [node1:1234 :0]  UCX  ERROR   send(fd=-1) failed: Bad file descriptor\n") == \
        ("log.mpi_transport", "other")
