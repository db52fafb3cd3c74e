"""Rows of the line classifier (patterns.py) for NVIDIA's large-model training stack: Megatron-LM/Megatron-Core, NeMo,
Transformer Engine (userbuffers) and Apex (tests/lines/megatron.py holds every line with file:line@commit).

Causes, from the code around each line: parallel sizes that do not divide the world and peer ranks outside the node
are the launch; a framework's own refusal of a setting or of how it is called is the program; CUDA not available is
the GPU missing; a library's warning that a variable costs it speed is performance_config; SIGTERM handlers are the
job stopped from outside; the rerun state machine's verdicts are the GPU; TE's UB IPC socket name is fixed per rank
and node (abstract, per network namespace), so "Address already in use" is another job or a stale run holding it; a
UB kernel that times out waiting for a peer's flag means that peer never reached the exchange. (ENOSPC of the async
checkpoint writer is the checkpoint's filesystem: patterns_table_host reads it with every other full disk.)

Read before the generic families, after patterns_table_suites: their words ("bootstrap" in TE's backend check,
"Libfabric" in Megatron's net_name check, "UDS: Binding" of NCCL's own IPC socket) would send these lines
elsewhere."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ncclkit.causes import Cause as C
from ncclkit.findings import Severity

E, W, I = Severity.ERROR, Severity.WARNING, Severity.INFO

# Words the log scanner's prefilter (nccl_log_words.OTHER_WORDS) needs for these rows' lines; no word may contain
# another of the whole list.
MEGATRON_WORDS: tuple[bytes, ...] = (b"userbuffers.cu:", b"program after receiving", b"checkpoint and exiting",
                                     b"initiating graceful stop", b"MPI bootstrap", b"createProcessGroupMPI",
                                     b"No valid engine configs", b"flattened_range", b"NaN in local grad",
                                     b"latest_checkpointed_iteration", b"Detected stragglers")

_PARALLEL_FIX = ("start as many processes as the parallel sizes need: WORLD_SIZE (nodes x GPUs per node) must be a "
                 "multiple of tensor x pipeline x context parallel size (x expert parallel size), and the ranks "
                 "that share peer memory must be on one node")


def megatron_rows(p: Callable[..., Any]) -> tuple[Any, ...]:
    return (
        # NVIDIA Resiliency Extension's straggler detection (NeMo's StragglerDetection callback): "Detected
        # stragglers. Terminating training..." stops the job on purpose when some GPUs run slower than the thresholds
        # allow (NeMo's resiliency demo: GPU clocks locked low); its warning before names the ranks.
        p(r"Detected stragglers\. Terminating training", "straggler_stop", E,
          "the straggler detector stopped training on purpose: some GPUs ran slower than its thresholds (the "
          "'Affected ranks' warning before this line names them)", "find why those GPUs are slow (`nvidia-smi -q -d "
          "CLOCK,PERFORMANCE`: locked or throttled clocks, thermals, power), or relax gpu_relative_perf_threshold / "
          "gpu_individual_perf_threshold", C.OTHER, "root", (C.CUDA_OR_DRIVER, C.PERFORMANCE_CONFIG)),
        # -- lines healthy runs print, and failures that state no cause -----------------------------------------
        # TE userbuffers-host.cpp:177@d0067d0 prints the kernels' flag-wait limit at every UB init ("UB_TIMEOUT is
        # set to %d sec, %lu cycles, freq: %dkhz"): a setting, not a timeout.
        p(r"UB_TIMEOUT is set to \d+ sec", "noise", I, "Transformer Engine's userbuffers printing the time its "
          "kernels wait for a peer (UB_TIMEOUT)", "nothing to fix", None, "noise"),
        # TE userbuffers-host.cpp:81@d0067d0 IPCCHECK: "Failed, UDS error %s:%d '%s'" with ipcSocketGetErrorString
        # of the call's result, then exit(): 'System error' says only that a socket call failed; the "UDS: ..."
        # line ipcsocket.cc printed before it names which (binding, sending, receiving) and why.
        p(r"Failed, UDS error \S+:\d+ 'System error'", "system_error", E,
          "a Unix-socket call of Transformer Engine's userbuffers failed (passing CUDA memory handles between the "
          "node's ranks); this line does not say why", "read the 'UDS: ...' line printed just before it (the call "
          "that failed and its errno)", None, "collateral"),
        # -- the launch does not fit the parallel sizes ----------------------------------------------------------
        # NeMo lightning/megatron_init.py:335@8cfedd7 ("world_size: %d must be divisible by total world_size: ..."),
        # lightning/_strategy_lib.py:79@8cfedd7 (fewer ranks than pipeline stages), Apex transformer/
        # parallel_state.py:242@3c98f93 (world_size % (tp x pp) != 0): the launch started a world the parallel
        # sizes do not divide. Apex contrib/peer_memory/peer_memory.py:20@6424da3: a peer rank outside this rank's
        # node (its node is the device_count() consecutive ranks), so the ranks per node are not the ones the peer
        # groups were given.
        p(r"world_size: \d+ must be divisible by total world_size|Expected world_size \(\d+\) to be greater "
          r"than/equal to pipeline size|`world_size` \(\d+\) is not divisible by tensor_model_parallel_size|"
          r"\d+ :: peer_rank \d+ not on same node \(ranks=", "launch_config", E,
          "the launch does not fit the model's parallel layout: the world size is not a multiple of the parallel "
          "sizes (or smaller than the pipeline), or peer-memory ranks are not on one node", _PARALLEL_FIX,
          C.APPLICATION_BUG),
        # -- the framework refuses how it is set up ---------------------------------------------------------------
        # Megatron core/parallel_state.py:194@d98e8a6 checks the net_name of its NCCL communicator configs and takes
        # only 'IB' or 'socket' (a plugin's name such as "AWS Libfabric" is refused before NCCL sees it);
        # arguments.py:1166@d98e8a6 refuses FSDP with CUDA_DEVICE_MAX_CONNECTIONS=1; TE pytorch/module/base.py:254
        # @d0067d0 bootstraps userbuffers only over a gloo, mpi or nccl group; distributed.py:178@d0067d0 is called
        # before init_process_group; comm_gemm_overlap.cpp:85@d0067d0 asks for the cuBLASMp backend of a TE built
        # without it; Apex transformer/parallel_state.py:225@3c98f93 asks for UCC from a torch built without it.
        p(r"net_name \(.*\) is not supported\.\s*Accepted values: 'IB' or 'socket'|FSDP requires "
          r"CUDA_DEVICE_MAX_CONNECTIONS > 1 or unset|Invalid torch\.distributed backend '[^']*' for bootstrapping "
          r"Userbuffers|torch\.distributed is not initialized\. Call torch\.distributed\.init_process_group\(\) "
          r"before calling|Comm\+GEMM overlap with cuBLASMp backend requires TE to be built with|UCC backend "
          r"requires pytorch source build with UCC", "framework_usage", E,
          "Megatron, Transformer Engine or Apex refuses the setup it was given: a setting it does not accept "
          "(net_name, CUDA_DEVICE_MAX_CONNECTIONS, the userbuffers bootstrap backend), a backend the build lacks "
          "(cuBLASMp, UCC), or a call before torch.distributed is initialized",
          "follow the message: net_name 'IB' or 'socket' (choose a plugin with NCCL_NET_PLUGIN instead), unset "
          "CUDA_DEVICE_MAX_CONNECTIONS for FSDP, bootstrap userbuffers over 'nccl', 'gloo' or 'mpi', call "
          "init_process_group first, or use the default backend instead of cuBLASMp / UCC (or a build with it)",
          C.APPLICATION_BUG),
        # Megatron training/initialize.py:72@d98e8a6 `assert torch.cuda.is_available(), "Megatron requires CUDA."`;
        # TE module/base.py:896@d0067d0 raises when torch.cuda.is_available() is False.
        p(r"Megatron requires CUDA\.|TransformerEngine needs CUDA\.", "gpu_missing", E,
          "PyTorch sees no GPU in this process (torch.cuda.is_available() is False)",
          "check `nvidia-smi` where the job runs (the container's --gpus, CUDA_VISIBLE_DEVICES, the driver) and "
          "that torch is a CUDA build (`python -c 'import torch; print(torch.version.cuda)'`)",
          C.CUDA_OR_DRIVER, "root", (C.APPLICATION_BUG,)),
        # Megatron arguments.py:1548@d98e8a6 warns when NCCL_PROTO is "simple" for GTP; TE module/base.py:1682
        # @d0067d0 set_nccl_overlap_warning_if_tp: with TP, CUDA_DEVICE_MAX_CONNECTIONS other than 1 lets the GEMM
        # be scheduled before the collective, so they do not overlap. Both run on; they cost speed.
        p(r"GTP prefers 'NCCL_PROTO=LL128 or LL'|To guarantee overlapping TP and SP collectives with the "
          r"backward ?GEMMs, set environment variable CUDA_DEVICE_MAX_CONNECTIONS", "host_setting", W,
          "the framework's own check finds a variable set in a way that costs it speed (NCCL_PROTO=Simple for "
          "Megatron's GTP, CUDA_DEVICE_MAX_CONNECTIONS other than 1 for TE's overlap of TP collectives)",
          "set what the message names before the job starts: unset NCCL_PROTO (or leave LL/LL128 allowed), "
          "export CUDA_DEVICE_MAX_CONNECTIONS=1", C.PERFORMANCE_CONFIG),
        # NeMo core/optim/distributed_adam.py:527@8cfedd7: nccl_ub asks for Apex's NCCL allocator and
        # `from apex.contrib.nccl_allocator import ...` had failed: Apex was built without that extension.
        p(r"NCCL allocator importing failed but nccl ub is still requested", "package_build", E,
          "NCCL user-buffer registration was asked for but Apex's NCCL allocator extension is not installed",
          "rebuild Apex with its NCCL allocator (APEX_NCCL_ALLOCATOR=1 pip install ... ./apex, against NCCL "
          "2.19+) and check `python -c 'import apex.contrib.nccl_allocator'`, or turn nccl_ub off", C.OTHER, "root",
          (C.APPLICATION_BUG,)),
        # Apex transformer/parallel_state.py:87@3c98f93 set_nccl_socket_envs: a layout that runs NCCL over sockets
        # (it sets NCCL_NET=Socket) needs the interface named and raises without it.
        p(r"^(?:\w+Error: )?NCCL_SOCKET_IFNAME was not set\s*$", "no_interface", E,
          "Apex runs these NCCL groups over sockets and needs the interface named: NCCL_SOCKET_IFNAME is not set",
          "export NCCL_SOCKET_IFNAME=<the interface that joins the nodes> (`ip -br addr`) on every node",
          C.WRONG_INTERFACE),
        # -- the job stopped from outside --------------------------------------------------------------------------
        # Megatron training/training.py:4069@d98e8a6: its exit-signal handler (--exit-signal-handler, SIGTERM by
        # default) saved a checkpoint and exits; NeMo utils/callbacks/preemption.py:94@8cfedd7 and lightning/
        # pytorch/callbacks/preemption.py:87@8cfedd7: the preemption callbacks caught SIGTERM (signal 15).
        p(r"exiting program after receiving SIG[A-Z]+|Received SIGTERM, saving checkpoint and exiting|Received "
          r"signal 15, initiating graceful stop", "job_stopped", W,
          "the job received SIGTERM from outside (the scheduler's time limit, preemption, scancel / kubectl "
          "delete) and is stopping after its checkpoint, not because of an error",
          "read why the scheduler stopped the job (`sacct -j <id> -o State,Reason`, `kubectl describe pod`); if "
          "the job had hung until its time limit, the hang's own lines above are the cause", C.OTHER,
          "collateral", (C.HANG_COLLECTIVE_MISMATCH,)),
        # -- a GPU that computes wrongly ----------------------------------------------------------------------------
        # Megatron core/rerun_state_machine.py:636 and :679@d98e8a6: the verdicts after a rerun that did not
        # reproduce the first result, on the same GPU (transient) or on another GPU (persistent fault of the first).
        p(r"iteration #\d+: Possible (?:transient|persistent) error!", "gpu_fault", E,
          "Megatron's rerun check recomputed a step and got another result: silent data corruption on the GPU it "
          "names (transient: on the same GPU; persistent: the result reproduced only on another GPU)",
          "take the GPU the line names out of service and run its diagnostics (`dcgmi diag -r 3`), then resume "
          "from the last checkpoint", C.CUDA_OR_DRIVER, "root", (C.OTHER,)),
        # -- Transformer Engine's userbuffers -------------------------------------------------------------------------
        # TE userbuffers/ipcsocket.cc:83@d0067d0: the socket is /tmp/ub-ipc-socket-<rank>-<0xdeadcafe0000 + node>
        # (userbuffers-host.cpp), an abstract name: the same for the same rank of every UB job on the host, so
        # "Address already in use" is another job (or a stale run) in the same network namespace holding it.
        p(r"UDS: Binding to socket \S*ub-ipc-socket-\S+ failed\s*:\s*Address already in use", "port_in_use", E,
          "Transformer Engine's userbuffers socket name is taken: another job (or a leftover process of an "
          "earlier run) on this host uses the same userbuffers socket",
          "stop the stale process (`ss -xlp | grep ub-ipc-socket`) or do not run two userbuffers jobs in one "
          "network namespace (one container or pod per job)", C.APPLICATION_BUG),
        # TE userbuffers/userbuffers.cu (UB_PRINT "[file:function:line] ..."): a kernel waited UB_TIMEOUT for a
        # peer's flag ("expecting %d, observed %d" at :2073, "expecting %d got %d" at :93 and the other
        # reduce-scatter/all-gather kernels): the peer never reached that exchange.
        p(r"\[userbuffers\.cu:\w+:\d+\][^\n]*expecting -?\d+,? (?:observed|got) -?\d+", "timeout", E,
          "a Transformer Engine userbuffers kernel timed out waiting for a peer GPU's signal: the peer never "
          "reached the same exchange (it hung, diverged or died)",
          "find the rank that did not arrive (its own error, its stack); make every TP rank run the same overlapped "
          "GEMMs; raise UB_TIMEOUT only if the peer is just slow", C.HANG_COLLECTIVE_MISMATCH, "collateral",
          (C.RANK_CRASHED_ELSEWHERE,)),
        # Megatron's initialize.py warns "Transformer Engine vX supports only MPI bootstrap backend" when TP comm
        # overlap is on: userbuffers then bootstrap through PyTorch's MPI process group, which needs a job MPI
        # started; under torchrun Open MPI crashes in its group code (ompi_dpm_*, PMPI_Group_incl, c10d::
        # ProcessGroupMPI::createProcessGroupMPI: NVIDIA/Megatron-LM#1274, pytorch/pytorch#116016).
        p(r"supports only MPI bootstrap backend|ProcessGroupMPI(?:::|21)createProcessGroupMPI", "launch_config", W,
          "tensor-parallel communication overlap bootstraps Transformer Engine's userbuffers over MPI: a job not "
          "started by MPI (torchrun) crashes in Open MPI's group code", "launch with mpirun or `srun --mpi=pmix`, "
          "or bootstrap userbuffers through NCCL (`--tp-comm-bootstrap-backend nccl`, a newer Transformer Engine)",
          C.APPLICATION_BUG, "root", (C.OTHER,)),
        # TE fused_attn: "cuDNN Error: No valid engine configs for ..." (alibaba/Pai-Megatron-Patch#551: cuDNN has
        # no fused-attention kernel for that shape, e.g. MLA's different Q/K and V head sizes).
        p(r"fused_attn\S*:\d+ in function \w+\(\): cuDNN Error: No valid engine configs", "framework_usage", E,
          "cuDNN has no fused-attention kernel for this attention's shape, data type or mask (Transformer "
          "Engine's FusedAttention)", "select another attention backend (NVTE_FUSED_ATTN=0 with NVTE_FLASH_ATTN=1, "
          "or Megatron's --attention-backend flash / unfused), or a newer cuDNN", C.APPLICATION_BUG, "root",
          (C.CUDA_OR_DRIVER,)),
        # megatron.core dist_checkpointing since 0.14: "ShardedTensor.flattened_range is not supported." (the legacy
        # fully_sharded_model_space optimizer format; areal-project/AReaL#1468); the rerun state machine's "found
        # NaN in local grad norm ... before data-parallel communication collective" (this rank's compute, not the
        # collective: NVIDIA/Megatron-LM#5966, CUDA graphs of attention); not its re-execution verdict ("Unexpected
        # result tensor(nan, ...) ... (message='found NaN ...')"), which says what the rerun found.
        p(r"ShardedTensor\.flattened_range is not supported", "framework_usage", E,
          "megatron-core no longer reads or writes the legacy distributed-optimizer checkpoint format "
          "(fully_sharded_model_space)", "save the optimizer as dp_reshardable (distrib_optim_sharding_type, "
          "--dist-ckpt-optim-fully-reshardable), or an older megatron-core to read old checkpoints",
          C.APPLICATION_BUG),
        p(r"^(?!.*Unexpected result).*found NaN in local grad norm", "framework_usage", E,
          "a rank's gradients held NaN before the data-parallel collective: its own computation (a kernel, CUDA "
          "graphs, FP8, the data), not the communication", "bisect the recent features (CUDA graphs, FP8, fused "
          "kernels) and the data; Megatron's --rerun-mode tells a transient fault from a deterministic one",
          C.APPLICATION_BUG, "root", (C.CUDA_OR_DRIVER,)),
        # megatron/training/checkpointing.py: "WARNING: could not find the metadata file <load>/latest_checkpointed_
        # iteration.txt ... will not load any checkpoints and will start from random" (intelligent-machine-learning/
        # dlrover#1065: a memory-only flash checkpoint never persisted); expected on a first run.
        p(r"could not find the metadata file \S*latest_checkpointed_iteration\.txt", "framework_usage", W,
          "Megatron found no checkpoint under --load and starts from random weights",
          "check the --load path, that the last save finished and was persisted (flash or async checkpoints); "
          "nothing to fix on a first run", C.APPLICATION_BUG),
    )
