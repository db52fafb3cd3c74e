"""Rows of the line classifier (patterns.py) for JAX's and Ray's distributed layers of 2025 - 2026 beyond
patterns_table_cluster's: XLA's flags and coordination service at openxla 183fa00, jax.distributed's cluster
detection (jax cec06d1), Ray 2.60's raylet, autoscaler, GCS client, ray.util.collective and Ray Train
(tests/lines/jax_ray.py holds each line with its source). Read before the generic socket, P2P and timeout rows whose
words these lines share ("P2P communication", "timed out", "Failed to connect")."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ncclkit.causes import Cause as C
from ncclkit.findings import Severity

E, W, I = Severity.ERROR, Severity.WARNING, Severity.INFO

_LAUNCH_FIX = ("make the launch match the job: the resources the cluster can give (GPUs per node, node types), "
               "the process count and ids, and the launcher the program's auto-detection expects")


def jaxray_rows(p: Callable[..., Any]) -> tuple[Any, ...]:
    return (
        # ray.init on a worker node that never reached the head node (NeMo Curator's Slurm tutorial: "a firewall is
        # blocking inter-node communication"): read before the timeout rows, which would call it a hung collective.
        p(r"ray\.init timed out", "socket_connect_failed", E,
          "a node's Ray could not join the head node in time: the ports between the nodes are blocked, or it was "
          "given an address of another network", "open the Ray ports between the nodes (the GCS port, 6379 by "
          "default, and the worker port range) and pass the head's address on the network that joins them",
          C.FIREWALL_OR_PORT_BLOCKED, "root", (C.WRONG_INTERFACE, C.RANK_CRASHED_ELSEWHERE)),
        # XLA's "CopyToHostAsync() called on invalid buffer": a buffer donated to a jitted call (donate_argnums) and
        # used again after it (JAX's FAQ on buffer donation).
        p(r"called on (?:an )?(?:invalid|deleted|donated) buffer", "framework_usage", E,
          "the program used a JAX array after donating its buffer to a jitted call (donate_argnums)",
          "stop using an array once it was donated, or drop it from donate_argnums", C.APPLICATION_BUG),
        # jax/_src/xla_bridge.py "Unable to initialize backend 'cuda': ... no supported devices found for platform
        # CUDA (you may need to uninstall the failing plugin package ...)": the process sees no usable GPU (no
        # driver, or a launch that left the rank none: Slurm's --gpus-per-task, jax-ml/jax#28194); the plugin is
        # JAX's CUDA plugin, not a network plugin.
        p(r"no supported devices found for platform CUDA", "gpu_missing", E,
          "JAX (XLA) found no GPU it can use in this process: the driver is not reachable, or the launch left this "
          "rank no visible GPU", "check `nvidia-smi` inside the job and the GPUs the launcher gives each task "
          "(Slurm `--gres=gpu:N` rather than `--gpus-per-task`, CUDA_VISIBLE_DEVICES)", C.CUDA_OR_DRIVER, "root",
          (C.APPLICATION_BUG,)),
        # XLA's coordination service after a task died: "Coordination service has stopped. RegisterTask() ...
        # This usually implies an earlier error", "... unexpectedly tried to connect with a different incarnation.
        # It has likely restarted.", the continuation of "The following tasks are unhealthy": "The tasks have
        # crashed.", and the barrier's "This suggests that the workers are out of sync" (a crashed worker first).
        # Ray's GCS client "Failed to connect to GCS within %d seconds. GCS may have been killed."; Ray's object
        # store's "OwnerDiedError ... The object's owner has exited" (the worker that created the object is gone,
        # ray-project/ray#31265).
        p(r"Coordination service has stopped|tried to connect with a different incarnation|^\W*The tasks have "
          r"crashed\.|This suggests that the workers are out of sync|GCS may have been killed|ray\.exceptions\."
          r"OwnerDiedError|The object's owner has exited", "remote_exited", E,
          "another process of the job (a worker, the coordination service's leader, Ray's GCS) died or restarted "
          "first: this line is the consequence", "find the task that crashed or restarted first (its own log, an OOM "
          "kill, a preemption) and fix that", C.RANK_CRASHED_ELSEWHERE, "collateral", (C.OOM,)),
        # Ray's global_state_accessor.cc: "This node has an IP address of 172.18.0.6, while we can not found the
        # matched Raylet address. This maybe come from when you connect the Ray cluster with a different IP address
        # or connect a container." The driver took a container network's address (ray-project/ray#8033).
        p(r"This node has an IP address of \S+, while we can not f(?:ou|i)nd the matched Raylet", "ray_node_ip", E,
          "Ray's driver took another address than the one its node registered (a container network's, a second "
          "interface's): it cannot find its own raylet", "start and connect every node with the same routable "
          "address (`ray start --node-ip-address=<host IP>`), run Ray's containers with --network=host",
          C.WRONG_INTERFACE, "root", (C.HOSTNAME_RESOLUTION,)),
        # torch_xla's mesh service (xla_client/mesh_service.cc): "Failed to meet rendezvous 'loss_reduce': Socket closed
        # (14)" on the other ordinals once the master process (ordinal 0, which serves the mesh) exited or crashed
        # (pytorch/xla#2387, #2246: the master gone while clients still waited for the rendezvous' reply).
        p(r"Failed to meet rendezvous '[^']*': Socket closed", "remote_exited", E,
          "torch_xla's mesh master (the process of ordinal 0) closed the rendezvous: it exited or crashed first",
          "read the master process's own first error, or why it ended early (every process must reach the same "
          "rendezvous, none after the spawned processes end)", C.RANK_CRASHED_ELSEWHERE, "collateral", (C.OTHER,)),
        # Ray's node start (ray start on a worker): "Failed to get node info b'RPC error: Deadline Exceeded'", "The
        # current node timed out during startup": the raylet could not register with the head's GCS in time. Between
        # nodes that is an address the head cannot reach back: Ray took a second interface's address as the node IP
        # (aws-samples/aws-do-eks PR#49: a pod on the host network whose node IP came from a secondary NIC), or Ray's
        # ports are filtered.
        p(r"Failed to get node info b?'RPC error: Deadline Exceeded|The current node timed out during startup",
          "socket_connect_failed", E,
          "this node's Ray daemon could not register with the head node in time: the node address Ray chose (its "
          "'Local node IP') is on an interface the head cannot reach back, Ray's ports between the nodes are "
          "filtered, or the raylet itself failed to start", "start Ray with --node-ip-address set to this node's "
          "address on the network that joins it to the head (the source address of `ip route get <head ip>`), open "
          "Ray's ports between the nodes, and read the raylet's log if it did not start", C.WRONG_INTERFACE, "root",
          (C.FIREWALL_OR_PORT_BLOCKED, C.OTHER)),
        # XLA parse_flags_from_env.cc "Unknown flags in XLA_FLAGS: ..." (flags this XLA removed or never had);
        # jax.distributed "coordinator_address should be defined." (no address and no cluster detected).
        p(r"Unknown flags in XLA_FLAGS|coordinator_address should be defined", "framework_usage", E,
          "the program's JAX/XLA setup is wrong: a flag this XLA does not know, or no coordinator address",
          "drop the flags this XLA version does not list (`--helpfull`), and pass coordinator_address (or launch "
          "under a cluster JAX detects)", C.APPLICATION_BUG),
        # jax.distributed: "process_id and num_processes must be nonnegative, with process_id < num_processes",
        # "Automatic Distributed initialization can not proceed: %s is supported but not functional", the K8s
        # cluster's "jobs must be indexed by setting `completionMode: \"Indexed\"`"; Ray's raylet "The lease with ID
        # %s cannot be scheduled right now", the autoscaler's "No available node types can fulfill resource
        # requests", Ray Train's WorkerGroupStartupTimeoutError (its first causes: resources not there) and its message
        # alone ("The worker group startup timed out after 30.0 seconds waiting for 8 workers": ray-project/ray PR#60376,
        # a runtime environment installing longer than that); "ray start --address=:6379" with its head's address
        # variable empty ("Failed to connect to GCS at address :6379": ModalMinds/MM-EUREKA#54, $MASTER_ADDR unset).
        p(r"with process_id < num_processes|Automatic Distributed initialization can not proceed|"
          r"completionMode: \"Indexed\"|cannot be scheduled right now|No available node types can fulfill resource "
          r"requests?|WorkerGroupStartupTimeoutError|The worker group startup timed out after|Failed to connect to GCS "
          r"at address :\d+", "launch_config", E,
          "the launch does not fit the job or the cluster: process ids outside the world, a launcher JAX cannot "
          "read, resources the cluster cannot give (Ray: also a node that joined under another of its addresses, "
          "ROCm/vllm's troubleshooting page)", _LAUNCH_FIX, C.APPLICATION_BUG, "root", (C.WRONG_INTERFACE,)),
        # Ray 1.x's autoscaler in the same case ("The autoscaler could not find a node type to satisfy the request:
        # [{'CPU': 2.0, 'GPU': 1.0}, ...]. If this request is related to placement groups the resource request will
        # resolve itself"): a warning while it waits, the GPUs asked for being on no node type (ray-project/
        # xgboost_ray#202: workers pending on GPUs the environment variable had hidden).
        p(r"The autoscaler could not find a node type to satisfy the request", "launch_config", W,
          "Ray's autoscaler has no node type with the resources the job asks for (GPUs, CPUs per worker): the "
          "workers wait until such a node joins", _LAUNCH_FIX, C.APPLICATION_BUG, "root", (C.WRONG_INTERFACE,)),
        # Ray Client's "Ray Client connection timed out. Ensure that the Ray Client port on the head node is
        # reachable" (util/client/worker.py, printed once the connection failed): ray:// to the client server's port
        # (10001), not the GCS's 6379 (ray-project/ray#41158, #46733), or that port filtered.
        p(r"Ray Client connection timed out\. Ensure that the Ray Client port", "socket_connect_failed", E,
          "the Ray Client could not connect to the head node's client server: the address names another port (the "
          "GCS's 6379 rather than the client's 10001) or the port is not reachable", "connect with "
          "ray://<head>:10001 (the head's --ray-client-server-port) and check that port is open from this machine",
          C.FIREWALL_OR_PORT_BLOCKED, "root", (C.APPLICATION_BUG,)),
        # Ray's object store spilling to a full disk: "ray.exceptions.OutOfDiskError: Local disk is full", "the local
        # object store is full and the local disk's utilization is over capacity (95% by default)" (ray#49173).
        p(r"ray\.exceptions\.OutOfDiskError|local disk(?:'s)? utilization is over capacity", "disk_full", E,
          "Ray could not spill objects: the node's local disk is over Ray's capacity threshold",
          "free the node's disk (or point object spilling at a larger disk) and check the object store's use "
          "(`ray memory`)", C.OTHER),
        # Ray's memory monitor (node_manager.cc): "%d Workers (tasks / actors) killed due to memory pressure (OOM)".
        # A raylet that died ("(raylet) Raylet is terminated. Termination is unexpected. Possible reasons include: (1)
        # SIGKILL by the user or system OOM killer, (2) ... SIGSEGV or SIGBUS ..."): the node's Ray daemon is gone with
        # its workers; the list is Ray's guesses, not an observed SIGBUS (ray-project/ray#45179).
        p(r"Raylet is terminated\. Termination is unexpected", "remote_exited", E,
          "the Ray daemon of a node died (and its workers with it): the listed reasons are Ray's guesses",
          "read the last lines of that raylet's log Ray prints after this, and `dmesg` on its node (the OOM killer)",
          C.RANK_CRASHED_ELSEWHERE, "root", (C.OOM,)),
        # Its per-worker report: "Memory on the node (IP: ...) ... which exceeds the memory usage threshold of 0.95.
        # Ray killed this worker" (vllm-project/vllm#2669).
        p(r"killed due to memory pressure \(OOM\)|exceeds the memory usage threshold of [\d.]+\. Ray killed this "
          r"worker", "oom", E,
          "Ray's memory monitor killed workers: the node's host memory ran out",
          "lower the workers' host memory use or give the node more memory (RAY_memory_usage_threshold only "
          "moves the line)", C.OOM),
        # Its older warning (ray 1.x memory_monitor.py): "***LOW MEMORY*** less than 10% of the memory on this node is
        # available for use", before it raised RayOutOfMemoryError (ray-project/ray#20690); the status line alone
        # ("Memory usage on this node: 2.7/135.1 GB") is no warning.
        p(r"\*\*\*LOW MEMORY\*\*\* less than \d+% of the memory on this node is available", "oom", W,
          "Ray warned that the node's host memory is nearly exhausted: workers are about to be killed or fail",
          "lower the workers' host memory use (fewer workers, smaller object store: --object-store-memory) or give "
          "the node more memory", C.OOM),
        # ray.util.collective nccl_collective_group.py: "Unable to meet other processes at the rendezvous store.
        # If you are using P2P communication, ..." (send/recv, not PCIe peer-to-peer): rank 0 never published.
        # Ray Train's NCCL RAS monitor (nccl_ras.py): "%d of %d communicators have a collective mismatch and made
        # no progress", "Possible NCCL hang detected!".
        p(r"Unable to meet other processes at the rendezvous store|Possible NCCL hang detected", "timeout", E,
          "the ranks did not meet: one never reached the rendezvous or the collective (it hung, diverged or died)",
          "find the rank that did not arrive (its log, its stack: py-spy dump) and make every rank issue the same "
          "collectives", C.HANG_COLLECTIVE_MISMATCH, "root", (C.RANK_CRASHED_ELSEWHERE,)),
        p(r"communicators have a collective mismatch", "collective_mismatch", E,
          "NCCL's RAS found ranks of a communicator in different collectives (a divergent code path)",
          "find the rank whose code path differs (the flight recorder: TORCH_NCCL_DUMP_ON_TIMEOUT=1) and make "
          "every rank issue the same collectives", C.HANG_COLLECTIVE_MISMATCH),
        # Ray Train's PreemptionError: "Training was interrupted by node preemption".
        # GCE's metadata server announcing a spot VM's end ("GCP Metadata Service says termination is imminent",
        # mozilla/translations#964's Taskcluster worker) is the same stop.
        p(r"interrupted by node preemption|Metadata Service says termination is imminent", "job_stopped", W,
          "the job was stopped from outside: the cloud or the scheduler preempted nodes",
          "use on-demand or reserved nodes for the job, or checkpoint and resume (Ray Train's FailureConfig)",
          C.OTHER),
        # Ray's raylet (store_runner.cc): "System memory request exceeds memory available in /dev/shm. The request is
        # for N bytes, and the amount available is M bytes.", then its own hint (--shm-size for Docker): the
        # object store does not fit the container's shared memory (gpustack/gpustack#5014).
        p(r"System memory request exceeds memory available in /dev/shm", "shm_error", E,
          "Ray's object store does not fit in /dev/shm: the container's shared memory is smaller than the store "
          "asks for", "give the container more shared memory (`docker run --shm-size=<size>` or `--ipc=host`; a "
          "memory-backed emptyDir on /dev/shm in Kubernetes), or lower Ray's --object-store-memory",
          C.SHM_TOO_SMALL),
        # jax/_src/xla_bridge.py: "TPU backend initialization is taking more than 60.0 seconds. Did you run your code
        # on all TPU hosts?": a pod slice waits for the hosts where the program was not started (google-research/
        # t5x#997, the answer: run the command on all hosts). A crash on a host that did start outranks it.
        p(r"Did you run your code on all TPU hosts\?", "launch_config", W,
          "JAX's TPU backend waits for hosts of the slice where the program did not start: a multi-host TPU job "
          "runs the same program on every host", "start the program on every host of the slice (`gcloud compute "
          "tpus tpu-vm ssh ... --worker=all --command=...`); read the other hosts' logs if it was started there",
          C.APPLICATION_BUG, "likely", (C.RANK_CRASHED_ELSEWHERE,)),
        # Ray's core worker (core_worker_process.cc) "Unable to register worker with raylet": a worker process the
        # raylet started could not check in, as when ray.init starts one worker per core it counts while Slurm lets
        # the job use fewer (volcengine/verl's FAQ: set ray_init.num_cpus to the CPUs allowed).
        p(r"Unable to register worker with raylet", "launch_config", E,
          "a Ray worker process could not register with its node's raylet: more workers than the CPUs the job may "
          "use (Slurm's or the container's CPU limit), or the raylet stopped",
          "start Ray with the CPUs the job is given (ray.init(num_cpus=...), `ray start --num-cpus`), and read the "
          "raylet's log (/tmp/ray/session_latest/logs/raylet.out) if it stopped", C.OTHER, "root",
          (C.APPLICATION_BUG,)),
    )
