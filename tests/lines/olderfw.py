"""Lines of the distributed layers of older and vision frameworks whose NCCL failures users still paste, read alone
and inside an NCCL log: Horovod (horovod/horovod 2626dc8: horovodrun's host, ssh and build checks in runner/launch.py,
runner/common/util/hosts.py and env.py, the driver's interface probe (runner/driver/driver_service.py,
runner/util/network.py), the elastic driver and host discovery (runner/elastic/), gloo_run.py, the Gloo rendezvous
(common/gloo/http_store.cc), the background loop, controller and stall inspector (common/operations.cc,
controller.cc, stall_inspector.cc, ops/cuda_operations.cc); C++ LOG lines as common/logging.cc prints them, workers'
lines with gloo_run's `[index]<stderr>:` prefix), OpenMMLab's mmengine (open-mmlab/mmengine 2543429: dist/utils.py
init_dist and the local group, dist/dist.py collect_results_cpu, utils/dl_utils/setup_env.py, the runner's
environment log), detectron2 (facebookresearch/detectron2 02b5c4e: engine/launch.py, utils/comm.py,
engine/train_loop.py, tools/train_net.py), fairseq (facebookresearch/fairseq 3d262bb: distributed/utils.py,
trainer.py; the lines of launchers2 are not repeated), fairscale (facebookresearch/fairscale 146f160: internal/
parallel.py, nn/model_parallel/) and Colossal-AI beyond its launcher (hpcaitech/ColossalAI 4f9953b: initialize.py's
launch_from_slurm / launch_from_openmpi, cluster/process_group_mesh.py, accelerator/cuda_accelerator.py, the Gemini
and LowLevelZero plugins' group-size checks).
Causes decided from the code and help text around each line: parallel sizes, host lists, discovery scripts and ranks
that do not fit the machines, a script started without its launcher's environment, a group used before it exists,
and a results directory that is not shared between the nodes are application_bug; Horovod built without Gloo or MPI
is other (its build). Horovod's elastic timeout "waiting for minimum number of slots" tells the user to check the
resources for the minimum process count: the launch does not fit what discovery finds (application_bug). "No hosts
from previous set remaining" follows the blacklisting of every host whose workers failed: the cause is on those
workers (rank_crashed_elsewhere). The driver's "tasks to update task-to-task addresses" timeout carries launch.py's
"check connectivity between servers" and is the tasks' probe of each other's ports (firewall_or_port_blocked, as its
"tasks to start" sibling); the Gloo HTTP store giving up after its retries cannot reach the rendezvous server in
horovodrun (firewall_or_port_blocked); the Gloo wait timeout names HOROVOD_GLOO_TIMEOUT_SECONDS (performance_config,
as ncclkit's row for it). Horovod's "Mismatched ..." checks and the stall inspector's shutdown are ranks that
submitted different collectives (hang_collective_mismatch). detectron2's "Command Line Args" of a job of two
machines that keeps the parser's default dist_url tcp://127.0.0.1 is a loopback rendezvous address for several
nodes (wrong_interface, log.master_addr_loopback). fairseq's "gradients are inconsistent between workers" is read
as log.gpu_fault like Megatron's replica hash check: after the all-reduce every rank holds the same gradients, so on
one GPU generation a different norm is corrupted data (its other hint, mixed GPU generations, is a judgement left
to the alternatives). Progress, wrappers that say a process or the initialisation failed, and elastic bookkeeping
name nothing."""

from __future__ import annotations

CASES = [
    # -- Horovod: horovodrun's checks, the driver's probe, elastic driver ---------------------------------------
    ('horovod/horovod horovod/runner/elastic/driver.py:177@2626dc8',
     'horovod.runner.common.util.timeout.TimeoutException: Timed out waiting for minimum number of slots to become available. Please check that you have enough resources to run at least 16 Horovod processes. An elastic job also requires that at least two hosts are available to resolve compatible network interfaces. If you know which interfaces are compatible in your network, set `--network-interface` to skip this check. Timeout after 600 seconds.',
     'log.launch_config', 'application_bug'),
    ('horovod/horovod horovod/runner/elastic/driver.py:255@2626dc8',
     'RuntimeError: No hosts from previous set remaining, unable to broadcast state.',
     'log.remote_exited', 'rank_crashed_elsewhere'),
    ('horovod/horovod horovod/runner/elastic/discovery.py:260@2626dc8',
     'RuntimeError: Failed to execute discovery script: ./discover_hosts.sh. Exit code: 127',
     'log.launch_config', 'application_bug'),
    ('horovod/horovod horovod/runner/launch.py:696@2626dc8',
     'ValueError: Cannot run in fault tolerance mode with fewer than 2 hosts.',
     'log.launch_config', 'application_bug'),
    ('horovod/horovod horovod/runner/common/util/hosts.py:79@2626dc8',
     'ValueError: Invalid host input, please make sure it has format as : worker-0:2,worker-1:2.',
     'log.launch_config', 'application_bug'),
    ('horovod/horovod horovod/runner/common/util/env.py:44@2626dc8',
     'RuntimeError: Could not determine process rank and size: only one of HOROVOD_RANK and HOROVOD_SIZE found in environment',
     'log.framework_usage', 'application_bug'),
    ('horovod/horovod horovod/runner/launch.py:100@2626dc8',
     'ssh not successful for host gpu-node-02:',
     'log.mpi_launch', 'other'),
    ('horovod/horovod horovod/runner/launch.py:732@2626dc8',
     'ValueError: Gloo support is required to use elastic training, but has not been built.  Ensure CMake is installed and reinstall Horovod with HOROVOD_WITH_GLOO=1 to debug the build error.',
     'log.package_build', 'other'),
    ('horovod/horovod horovod/runner/launch.py:778@2626dc8',
     'ValueError: Neither MPI nor Gloo support has been built. Try reinstalling Horovod ensuring that either MPI is installed (MPI) or CMake is installed (Gloo).',
     'log.package_build', 'other'),
    ('deepinsight/insightface#1342 (horovod/common/util.py check_extension)',
     'ImportError: Extension horovod.mxnet has not been built.  If this is not expected, reinstall Horovod with HOROVOD_WITH_MXNET=1 to debug the build error.',
     'log.package_build', 'other'),
    ('horovod/horovod horovod/runner/common/service/driver_service.py:175@2626dc8 (via launch.py:605)',
     'horovod.runner.common.util.timeout.TimeoutException: Timed out waiting for tasks to update task-to-task addresses. Please check connectivity between servers. You may need to increase the --start-timeout parameter if you have too many servers. Timeout after 30 seconds.',
     'log.socket_connect_failed', 'firewall_or_port_blocked'),
    ('horovod/horovod horovod/runner/util/network.py:106@2626dc8',
     'RuntimeError: Cannot find an IPv4 address of the common interface.',
     'log.no_interface', 'wrong_interface'),
    # -- Horovod: Gloo rendezvous, background loop, controller, GPU ops ----------------------------------------
    ('horovod/horovod horovod/common/gloo/http_store.cc:54@2626dc8',
     '[1]<stderr>:  what():  [horovod/common/gloo/http_store.cc:54] [horovod/common/gloo/http_store.cc:54] Wait timeout after 30 seconds for key(s): 0. You may want to increase the timeout via HOROVOD_GLOO_TIMEOUT_SECONDS',
     'log.rendezvous_timeout', 'performance_config'),
    ('horovod/horovod horovod/common/gloo/http_store.cc:96@2626dc8',
     '[3]<stderr>:[2026-12-01 10:14:33.512045: E horovod/common/gloo/http_store.cc:96] HTTP GET request failed too many times, aborting. See exception message above.',
     'log.socket_connect_failed', 'firewall_or_port_blocked'),
    ('horovod/horovod horovod/common/operations.cc:682@2626dc8',
     '[2026-12-01 10:14:05.112233: E horovod/common/operations.cc:681] [3]: Horovod could not be initialized: Different ranks tried to set up mismatching numbers of process sets',
     'log.framework_usage', 'application_bug'),
    ('horovod/horovod horovod/common/controller.cc:514@2626dc8',
     'horovod.common.exceptions.HorovodInternalError: Mismatched data types: One rank had type float32, but another rank had type float16.',
     'log.collective_mismatch', 'hang_collective_mismatch'),
    ('horovod/horovod horovod/common/controller.cc:615@2626dc8',
     'horovod.common.exceptions.HorovodInternalError: Mismatched reduction operation: One rank sent reduction op 1, but another rank sent reduction op 2.',
     'log.collective_mismatch', 'hang_collective_mismatch'),
    ('horovod/horovod horovod/common/stall_inspector.cc:103@2626dc8',
     'One or more rank (marked by "!") is stalled for longer than 300 seconds. Will shutdown.',
     'log.collective_mismatch', 'hang_collective_mismatch'),
    ('horovod/horovod horovod/common/ops/cuda_operations.cc:126@2626dc8',
     'horovod.common.exceptions.HorovodInternalError: cudaEventSynchronize failed: an illegal memory access was encountered',
     'log.cuda_error', 'application_bug'),
    ('horovod/horovod horovod/common/common.h:233@2626dc8',
     '[1]<stderr>:tensorflow.python.framework.errors_impl.UnknownError: Horovod has been shut down. This was caused by an exception on one of the ranks or an attempt to allreduce, allgather or broadcast a tensor after one of the ranks finished execution. If the shutdown was caused by an exception, you should see the exception in the log before the first shutdown message.',
     'log.remote_exited', 'rank_crashed_elsewhere'),
    # -- mmengine ----------------------------------------------------------------------------------------------
    ('open-mmlab/mmengine mmengine/dist/utils.py:169@2543429',
     "KeyError: 'The environment variable MASTER_ADDR is not set'",
     'log.framework_usage', 'application_bug'),
    ('open-mmlab/mmengine mmengine/dist/utils.py:78@2543429',
     "TypeError: Timeout for distributed training must be provided as timeout in seconds, but we've received the type <class 'str'>. Please specify the timeout like this: dist_cfg=dict(backend='nccl', timeout=1800)",
     'log.framework_usage', 'application_bug'),
    ('open-mmlab/mmengine mmengine/dist/utils.py:33@2543429',
     'RuntimeError: Local process group is not created, please use `init_local_group` to setup local process group.',
     'log.framework_usage', 'application_bug'),
    ('open-mmlab/mmengine mmengine/dist/dist.py:1023@2543429',
     'FileNotFoundError: .dist_test/tmpk3b8x1qz is not an shared directory for rank 8, please make sure .dist_test/tmpk3b8x1qz is a shared directory for all ranks!',
     'log.launch_config', 'application_bug'),
    # -- detectron2 --------------------------------------------------------------------------------------------
    ('facebookresearch/detectron2 detectron2/engine/launch.py:60@02b5c4e',
     'AssertionError: dist_url=auto not supported in multi-machine jobs.',
     'log.launch_config', 'application_bug'),
    ('facebookresearch/detectron2 detectron2/utils/comm.py:13@02b5c4e',
     "AssertionError: Local process group is not yet created! Please use detectron2's `launch()` to start processes and initialize pytorch process group. If you need to start processes in other ways, please call comm.create_local_process_group(num_workers_per_machine) after calling torch.distributed.init_process_group().",
     'log.framework_usage', 'application_bug'),
    ('facebookresearch/detectron2 detectron2/engine/train_loop.py:459@02b5c4e',
     'AssertionError: AMPTrainer does not support single-process multi-device training!',
     'log.framework_usage', 'application_bug'),
    ('facebookresearch/detectron2 detectron2/engine/train_loop.py:481@02b5c4e',
     'AssertionError: [AMPTrainer] CUDA is required for AMP training!',
     'log.gpu_missing', 'cuda_or_driver'),
    ('facebookresearch/detectron2 tools/train_net.py:155@02b5c4e (default: detectron2/engine/defaults.py:129)',
     "Command Line Args: Namespace(config_file='configs/COCO-InstanceSegmentation/mask_rcnn_R_50_FPN_3x.yaml', resume=False, eval_only=False, num_gpus=8, num_machines=2, machine_rank=1, dist_url='tcp://127.0.0.1:50152', opts=[])",
     'log.master_addr_loopback', 'wrong_interface'),
    # -- fairseq -----------------------------------------------------------------------------------------------
    ('facebookresearch/fairseq fairseq/distributed/utils.py:125@3d262bb',
     'AssertionError: SLURM --ntasks-per-node must match number of pipelines per node (=2)',
     'log.launch_config', 'application_bug'),
    ('facebookresearch/fairseq fairseq/distributed/utils.py:223@3d262bb',
     'AssertionError: the number of unique device IDs in --pipeline-devices must evenly divide the number of GPUs per node (multi-node pipelining is not yet supported)',
     'log.launch_config', 'application_bug'),
    ('facebookresearch/fairseq fairseq/trainer.py:1332@3d262bb',
     "Exception: Trying to use an uninitialized 'dummy' batch. This usually indicates that the total number of batches is smaller than the number of participating GPUs. Try reducing the batch size or using fewer GPUs.",
     'log.launch_config', 'application_bug'),
    ('facebookresearch/fairseq fairseq/distributed/utils.py:633@3d262bb',
     'ValueError: encoded data size (21873) exceeds max_size (16384)',
     'log.framework_usage', 'application_bug'),
    ('facebookresearch/fairseq fairseq/trainer.py:1512@3d262bb',
     'FloatingPointError: Fatal error: gradients are inconsistent between workers. Try --ddp-backend=legacy_ddp. Or are you mixing up different generation of GPUs in training?',
     'log.gpu_fault', 'cuda_or_driver'),
    # -- fairscale ---------------------------------------------------------------------------------------------
    ('facebookresearch/fairscale fairscale/nn/model_parallel/utils.py:30@146f160',
     'AssertionError: 12 is not divisible by 8',
     'log.launch_config', 'application_bug'),
    ('facebookresearch/fairscale fairscale/internal/parallel.py:48@146f160',
     "AssertionError: found tensor(4., device='cuda:0') devices in process group but world_size=8. Check torch.cuda.set_device is called properly",
     'log.framework_usage', 'application_bug'),
    ('facebookresearch/fairscale fairscale/internal/parallel.py:112@146f160',
     'RuntimeError: torch.distributed is not yet initialized but process group is requested.',
     'log.framework_usage', 'application_bug'),
    ('facebookresearch/fairscale fairscale/nn/model_parallel/initialize.py:201@146f160',
     'AssertionError: model parallel group is not initialized',
     'log.framework_usage', 'application_bug'),
    # -- Colossal-AI runtime -----------------------------------------------------------------------------------
    ('hpcaitech/ColossalAI colossalai/initialize.py:101@4f9953b',
     "RuntimeError: Could not find 'SLURM_PROCID' in the SLURM environment, visit https://www.colossalai.org/ for more information on launching with SLURM",
     'log.framework_usage', 'application_bug'),
    ('hpcaitech/ColossalAI colossalai/initialize.py:139@4f9953b',
     "RuntimeError: Could not find 'OMPI_COMM_WORLD_LOCAL_RANK' in the OpenMPI environment, visit https://www.colossalai.org/ for more information on launching with OpenMPI",
     'log.framework_usage', 'application_bug'),
    ('hpcaitech/ColossalAI colossalai/cluster/process_group_mesh.py:46@4f9953b',
     'AssertionError: The product of the size(16) must be equal to the world size(8).',
     'log.launch_config', 'application_bug'),
    ('hpcaitech/ColossalAI colossalai/accelerator/cuda_accelerator.py:48@4f9953b',
     'RuntimeError: Cannot get current device when distributed is not initialized.',
     'log.framework_usage', 'application_bug'),
    ('hpcaitech/ColossalAI colossalai/booster/plugin/gemini_plugin.py:549@4f9953b',
     "AssertionError: The global group size can't be evenly divided by the subgroup size.",
     'log.launch_config', 'application_bug'),
    ('hpcaitech/ColossalAI colossalai/booster/plugin/low_level_zero_plugin.py:437@4f9953b',
     'AssertionError: extra_dp_size should be a factor of world_size',
     'log.launch_config', 'application_bug'),
]

NO_CAUSE = [
    'Process 3 exit with status code 1.',  # horovod/horovod horovod/runner/gloo_run.py:185@2626dc8
    'RuntimeError: Horovod detected that one or more processes exited with non-zero status, thus causing the job to be terminated. The first process to do so was:',  # horovod/horovod horovod/runner/gloo_run.py:284@2626dc8
    'ValueError: Horovod initialization failed. Please check log messages above for a more descriptive error.',  # horovod/horovod horovod/common/basics.py:133@2626dc8
    '[2026-12-01 10:20:41.907112: E horovod/common/operations.cc:697] [0]: Horovod background loop uncaught exception: MPI_AllReduce failed, see MPI output for details.',  # horovod/horovod horovod/common/operations.cc:698@2626dc8
    'ERROR:root:reset count 3 has exceeded limit 3 -> stop running',  # horovod/horovod horovod/runner/elastic/registration.py:170@2626dc8
    'RuntimeError: Horovod was shutdown because number of resets during elastic job exceeded limit: 3',  # horovod/horovod horovod/runner/elastic/constants.py:16@2626dc8
    'RuntimeError: gpu-node-03[2] has been removed from elastic job',  # horovod/horovod horovod/common/gloo/gloo_context.cc:191@2626dc8
    "/usr/local/lib/python3.10/site-packages/mmengine/utils/dl_utils/setup_env.py:46: UserWarning: Setting OMP_NUM_THREADS environment variable for each process to be 1 in default, to avoid your system being overloaded, please further tune the variable for optimal performance in your application as needed.",  # open-mmlab/mmengine mmengine/utils/dl_utils/setup_env.py:47@2543429
    '    Distributed launcher: slurm',  # open-mmlab/mmengine mmengine/runner/runner.py:2373@2543429
    'WARNING [12/01 10:14:02 d2.engine.launch]: file:// is not a reliable init_method in multi-machine jobs. Prefer tcp://',  # facebookresearch/detectron2 detectron2/engine/launch.py:66@02b5c4e
    'ERROR [12/01 10:44:02 d2.engine.launch]: Process group URL: tcp://10.0.0.1:50152',  # facebookresearch/detectron2 detectron2/engine/launch.py:111@02b5c4e
    'FloatingPointError: Loss became infinite or NaN at iteration=1839!',  # facebookresearch/detectron2 detectron2/engine/train_loop.py:410@02b5c4e
    '2026-12-01 10:14:05 | INFO | fairseq.distributed.utils | initialized host gpu-node-02 as rank 8',  # facebookresearch/fairseq fairseq/distributed/utils.py:298@3d262bb
    'UserWarning: Distributed is already initialized, cannot initialize twice!',  # facebookresearch/fairseq fairseq/distributed/utils.py:282@3d262bb
    '> initializing model parallel with size 8',  # facebookresearch/fairscale fairscale/nn/model_parallel/initialize.py:101@146f160
]
