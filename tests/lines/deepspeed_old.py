"""Lines of DeepSpeed 0.9 - 0.14, the releases that 2023 - 2024 threads paste, read alone and inside an NCCL log
(deepspeedai/DeepSpeed tags v0.9.5 = fc9e1ee, v0.12.6 = c00388a, v0.14.4 = d254d75; the texts below are the same in
all three unless a line cites v0.9.5): the `deepspeed` runner's hostfile parsing, include/exclude filters, GPU count
and passwordless-ssh check (launcher/runner.py), the openmpi/impi runners (launcher/multinode_runner.py), the per-node
launcher behind pdsh (launcher/launch.py, its lines carry pdsh's `host: ` prefix), deepspeed.comm's init_distributed
and MPI discovery (comm/comm.py), the engine's local-rank checks (runtime/engine.py), ZeRO-3's cross-rank checks
(runtime/zero/utils.py) and utils/groups.py, in DeepSpeed's `[time] [LEVEL] [file:line:func]` log format. Texts that
tests/lines/trainlibs.py holds for DeepSpeed 0.19 are not repeated. Causes decided from the code around each line:
a hostfile that does not parse, names a host the --include filter asks for that it does not list (runner.py:299 is a
dictionary look-up, no DNS), a launcher run whose filters, node counts or per-node devices do not fit the runner, a
local rank that disagrees between LOCAL_RANK, OMPI_COMM_WORLD_LOCAL_RANK and --local_rank, or an MPI rank that torch
numbers otherwise are launches that do not fit (application_bug); a process group or deepspeed.comm used before
init_distributed, and a script started without any launcher's LOCAL_RANK, are framework misuse. `Unable to proceed,
no GPU resources available` is raised only with no hostfile and get_accelerator().device_count() == 0: no GPU is
visible (cuda_or_driver, as trainlibs' `Setting accelerator to CPU`). The ssh check runs `ssh -o
PasswordAuthentication=no HOST hostname` with its output discarded and its message asks for passwordless ssh: ssh keys,
`other` (as k8sjobs' `Permission denied (publickey)`), as a launcher (pdsh) that is not installed. ZeRO-3's
`disagreement between rank0 and rankN` comes from assert_ints_same_as_other_ranks, which compares the module order,
the parameter ids to all-gather or the ids in the reduce bucket across ranks: ranks about to issue different
collectives (hang_collective_mismatch). The per-node launcher echoes every NCCL_* variable: NCCL_P2P_DISABLE=1 there
is the P2P switch NCCL is given. Progress lines (cdb, MPI detection), the `Bad hostfile text:` echo that only prints
the file before the ValueError, the launcher killing its children after one failed, its exit on a signal it received
(SIGTERM from pdsh when another node's launcher exited as often as from the scheduler) and ZeRO-3's prefetch `tracing
error` (a model whose module order changes between steps) name no cause of the taxonomy."""

from __future__ import annotations

CASES = [
    # `deepspeed` runner: hostfile and resources
    ('deepspeedai/DeepSpeed deepspeed/launcher/runner.py:236@d254d75',
     'ValueError: Hostfile contains a bad entry: worker-1 slot=8, unable to proceed with launching',
     'log.launch_config', 'application_bug'),
    ('deepspeedai/DeepSpeed deepspeed/launcher/runner.py:240@d254d75',
     'ValueError: Hostfile is empty or not formatted correctly, unable to proceed with launching.',
     'log.launch_config', 'application_bug'),
    ('deepspeedai/DeepSpeed deepspeed/launcher/runner.py:299@d254d75',
     "ValueError: Hostname 'worker-3' not found in hostfile",
     'log.launch_config', 'application_bug'),
    ('deepspeedai/DeepSpeed deepspeed/launcher/runner.py:276@d254d75',
     'ValueError: include_str and exclude_str are mutually exclusive.',
     'log.launch_config', 'application_bug'),
    ('deepspeedai/DeepSpeed deepspeed/launcher/runner.py:424@d254d75',
     'ValueError: Num nodes is >1 but no extra nodes available via hostfile',
     'log.launch_config', 'application_bug'),
    ('deepspeedai/DeepSpeed deepspeed/launcher/runner.py:418@d254d75',
     'RuntimeError: Unable to proceed, no GPU resources available',
     'log.gpu_missing', 'cuda_or_driver'),
    ('deepspeedai/DeepSpeed deepspeed/launcher/runner.py:440@d254d75',
     'RuntimeError: Using hostfile at /job/hostfile but host=worker-0 was not reachable via ssh. If you are running with a single node please remove /job/hostfile or setup passwordless ssh.',
     'log.mpi_launch', 'other'),
    ('deepspeedai/DeepSpeed deepspeed/launcher/runner.py:533@d254d75',
     "RuntimeError: launcher 'pdsh' not installed.",
     'log.mpi_launch', 'other'),
    # multinode runners
    ('deepspeedai/DeepSpeed deepspeed/launcher/multinode_runner.py:139@d254d75',
     'ValueError: openmpi backend does not support limiting num nodes/gpus',
     'log.launch_config', 'application_bug'),
    ('deepspeedai/DeepSpeed deepspeed/launcher/multinode_runner.py:271@d254d75',
     'ValueError: Intel MPI requires same number of devices per node',
     'log.launch_config', 'application_bug'),
    # per-node launcher (behind pdsh)
    ('deepspeedai/DeepSpeed deepspeed/launcher/launch.py:139@d254d75',
     'worker-1: [2024-03-12 10:14:03,118] [INFO] [launch.py:139:main] 1 NCCL_P2P_DISABLE=1',
     'log.p2p_disabled', 'performance_config'),
    # deepspeed.comm and the engine
    ('deepspeedai/DeepSpeed deepspeed/comm/comm.py:646@d254d75',
     'AssertionError: Distributed backend is not initialized. Please set dist_init_required to True or initialize before calling deepspeed.initialize()',
     'log.framework_usage', 'application_bug'),
    ('deepspeedai/DeepSpeed deepspeed/comm/comm.py:184@d254d75',
     'AssertionError: DeepSpeed backend not set, please initialize it using init_process_group()',
     'log.framework_usage', 'application_bug'),
    ('deepspeedai/DeepSpeed deepspeed/comm/comm.py:708@d254d75',
     'AssertionError: MPI rank 3 does not match torch rank 0',
     'log.launch_config', 'application_bug'),
    ('deepspeedai/DeepSpeed deepspeed/runtime/engine.py:989@d254d75',
     "AssertionError: LOCAL_RANK (0) != OMPI_COMM_WORLD_LOCAL_RANK (1), not sure how to proceed as we're seeing conflicting local rank info.",
     'log.launch_config', 'application_bug'),
    ('deepspeedai/DeepSpeed deepspeed/runtime/engine.py:999@d254d75',
     "AssertionError: DeepSpeed requires the LOCAL_RANK environment variable, it is set by the deepspeed launcher, deepspeed.init_distributed, or the torch's launcher. If using a different launcher please ensure LOCAL_RANK is set prior to initializing deepspeed.",
     'log.framework_usage', 'application_bug'),
    ('deepspeedai/DeepSpeed deepspeed/runtime/engine.py:1010@d254d75',
     "AssertionError: Mismatch in local rank setting, args.local_rank=0 but env['LOCAL_RANK']=3.",
     'log.launch_config', 'application_bug'),
    # groups and ZeRO
    ('deepspeedai/DeepSpeed deepspeed/utils/groups.py:384@d254d75',
     'AssertionError: num_nodes<2 cannot initialize All-To-All',
     'log.launch_config', 'application_bug'),
    ('deepspeedai/DeepSpeed deepspeed/utils/groups.py:310@d254d75',
     'AssertionError: Warning! Process group not initialized',
     'log.framework_usage', 'application_bug'),
    ('deepspeedai/DeepSpeed deepspeed/runtime/zero/utils.py:88@d254d75',
     'RuntimeError: disagreement between rank0 and rank3: rank0: [0, 1, 2, 5, 6], rank3: [0, 1, 2, 4, 6]',
     'log.collective_mismatch', 'hang_collective_mismatch'),
]

NO_CAUSE = [
    '[2024-03-12 10:14:02,611] [INFO] [comm.py:637:init_distributed] cdb=None',  # deepspeedai/DeepSpeed deepspeed/comm/comm.py:637@d254d75
    '[2024-03-12 10:14:02,612] [INFO] [comm.py:652:init_distributed] Not using the DeepSpeed or dist launchers, attempting to detect MPI environment...',  # deepspeedai/DeepSpeed deepspeed/comm/comm.py:652@d254d75
    "[2024-03-12 10:14:01,210] [ERROR] [runner.py:235:fetch_hostfile] Bad hostfile text: ['worker-0 slots=8\\n', 'worker-1 slot=8\\n']",  # deepspeedai/DeepSpeed deepspeed/launcher/runner.py:235@d254d75
    'worker-1: [2024-03-12 10:31:40,551] [INFO] [launch.py:319:sigkill_handler] Killing subprocess 41234',  # deepspeedai/DeepSpeed deepspeed/launcher/launch.py:319@d254d75
    'worker-1: [2024-03-12 10:31:40,552] [INFO] [launch.py:328:sigkill_handler] Main process received SIGTERM, exiting',  # deepspeedai/DeepSpeed deepspeed/launcher/launch.py:328@d254d75
    'RuntimeError: tracing error at step 12: ',  # deepspeedai/DeepSpeed deepspeed/runtime/zero/partitioned_param_coordinator.py:340@d254d75
]

RESULT_ONLY = []
