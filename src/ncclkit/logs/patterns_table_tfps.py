"""Rows of the line classifier (patterns.py) for the lines of TensorFlow's collectives, the parameter-server layers
(ps-lite under MXNet and BytePS), Horovod's network check and Open MPI's TCP transport under horovodrun, as public
threads pasted them:

- a TensorFlow build without NCCL's ops (Windows, macOS, CPU-only wheels) asked for NCCL all-reduce is the program's
  choice of cross-device ops, unless TensorFlow registered no GPU at all (then the GPU is not usable by it);
- TensorFlow's collective executor aborting on "End of sequence" is the input running out at an epoch's end, and
  its "Cancelled" lines after another error are consequences;
- Horovod's driver and task services that reach no address of each other, and Open MPI's TCP transport answered by
  another process than it dialled, are the network between the hosts (ports, or an interface several hosts share);
- a TensorFlow task whose RPC deadline passed, or that a master could not reach yet, is a peer gone or late; a
  message past protobuf's 2 GB is the program's tensor too large for gRPC;
- ps-lite's bind refused is its port taken, no IPv4 address its interface, a missing DMLC_ROLE the launch.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ncclkit.causes import Cause as C
from ncclkit.findings import Severity

E, W, I = Severity.ERROR, Severity.WARNING, Severity.INFO

# Words the log scanner's prefilter (nccl_log_words.OTHER_WORDS) needs for these rows' lines; no word may contain
# another of the whole list.
TFPS_WORDS: tuple[bytes, ...] = (b"Op type not registered", b"Registered devices", b"End of sequence", b"StartAbort",
                                 b"NoValidAddresse", b"unexpected process identifier", b"maximum protobuf size",
                                 b"Master init: Unavailable", b"find(\"DMLC_ROLE\")",
                                 # Horovod's "exit with status code 137" (128 + SIGKILL), read by process_killed
                                 b"code 137", b"code: 137", b"IndexedSlices", b"but that group has size",
                                 b"CreateSession still waiting", b"Unable to find a context_id",
                                 b"DMLC_PS_ROOT_URI", b"Unable to find available GPUs")

_TF_OPS_FIX = ("give the strategy cross-device ops without NCCL (`tf.distribute.MirroredStrategy(cross_device_ops="
               "tf.distribute.HierarchicalCopyAllReduce())`, or ReductionToOneDevice), or run a Linux build of "
               "TensorFlow with CUDA")


def tfps_rows(p: Callable[..., Any]) -> tuple[Any, ...]:
    return (
        # tensorflow/tensorflow#21470 and #33656 (Windows: "I am not aware of a nccl binary for Windows ... use
        # hierarchical copy"), #22274 (a macOS build): MirroredStrategy's default all-reduce is NCCL's op, which
        # only Linux CUDA builds register (likely: no GPU registered says more). With no GPU among "Registered devices: [CPU, XLA_CPU]" (tensorflow/models
        # #8560) TensorFlow sees no GPU at all: its CUDA libraries or driver are not usable.
        p(r"(?:Op type not registered|No OpKernel was registered to support Op) '?Nccl\w+", "tf_nccl_ops", E,
          "this TensorFlow build has no NCCL ops (Windows, macOS and CPU-only builds have none) but the strategy asked "
          "for NCCL's all-reduce", _TF_OPS_FIX, C.APPLICATION_BUG, "likely", (C.OTHER,)),
        p(r"^\s*Registered devices: \[CPU(?:, XLA_CPU)?\]\s*$", "gpu_missing", E,
          "TensorFlow registered no GPU device: its CUDA libraries did not load or the driver is not usable by it",
          "check `tf.config.list_physical_devices('GPU')` and the TensorFlow log's 'Could not load dynamic library' "
          "lines; install the CUDA and cuDNN versions this TensorFlow build expects", C.CUDA_OR_DRIVER),
        # tensorflow/tensorflow#62790: the collective executor's own check of what its members passed ("This is likely
        # due to different input shapes at different members of the collective op"), ahead of the abort row.
        p(r"Shape mismatch in the collective instance \d+", "collective_mismatch", E,
          "the members of a TensorFlow collective passed tensors of different shapes: the program feeds the replicas "
          "differently", "give every replica the same shapes (the same model and batch shapes under one strategy; "
          "drop_remainder=True on the dataset)", C.HANG_COLLECTIVE_MISMATCH, "root", (C.APPLICATION_BUG,)),
        # collective_param_resolver_local.cc: "Collective Op <name> has group_size 8 and group_key2 but that group has
        # size 4" (tensorflow/tensorflow#33979, MultiWorkerMirroredStrategy): the workers formed one group with
        # different member counts, from cluster specs or visible GPUs that differ between them.
        p(r"has group_size \d+ and group_key ?\d+ but that group has size \d+", "collective_mismatch", E,
          "TensorFlow's workers disagree on the size of a collective group: they count different numbers of replicas "
          "(workers in TF_CONFIG, or GPUs each one sees)", "give every worker the same cluster spec (TF_CONFIG) and "
          "the same number of visible GPUs, and create the strategy before the program uses TensorFlow otherwise",
          C.HANG_COLLECTIVE_MISMATCH, "root", (C.APPLICATION_BUG,)),
        # tensorflow/tensorflow#35314 (dubey: the collective executor's warning at the end of the input; "we can lower
        # the logging level"), #22484, #32817 (fixed with .repeat() / steps_per_epoch); "StartAbort Cancelled" follows
        # another abort. A worker lost ("StartAbort Unavailable: ... Connection reset") is read by the socket rows.
        p(r"StartAbort Out of range: (?:\[_Derived_\])?End of sequence", "noise", I,
          "TensorFlow's input ran out at the end of an epoch (End of sequence): not a communication failure",
          "nothing to fix for the network; give the dataset .repeat() or the right steps_per_epoch if training stops "
          "early", None, "noise"),
        p(r"StartAbort Cancelled: ", "noise", I, "TensorFlow cancelled its collectives after another line ended them",
          "read the error before it, if there is one", None, "noise"),
        # base_collective_executor.cc "StartAbort DEADLINE_EXCEEDED" with "Additional GRPC error information from
        # remote target /job:worker/replica:0/task:0" (tensorflow/tensorflow#60706): a peer task did not answer its
        # RPC in time; master.cc "Master init: Unavailable: OS Error" is the session master reaching no task yet
        # (tensorpack/tensorpack#782: "when I run worker before ps, while it's ok when I run ps firstly").
        p(r"StartAbort DEADLINE_EXCEEDED|Master init: Unavailable: OS Error", "remote_exited", E,
          "a TensorFlow task did not answer over gRPC (its RPC's deadline passed, or it was not up yet): that task "
          "stopped, hung or was started later than the others", "read that task's own log (the remote target the "
          "error names); start the parameter servers and the chief before the workers",
          C.RANK_CRASHED_ELSEWHERE, "collateral", (C.FIREWALL_OR_PORT_BLOCKED,)),
        # master.cc also prints "CreateSession still waiting for response from worker: /job:ps/replica:0/task:0"
        # every 10 s while a task of the cluster spec has not answered. Unlike an OS error on connect, a wait names no
        # refusal: the task was not started, its address in the spec (TF_CONFIG) is not where it listens, or the path
        # is blocked (a firewall, or an http_proxy variable gRPC sends the connection through; Distribute_MNIST#3).
        p(r"CreateSession still waiting for response from worker: /job:", "bootstrap_error", W,
          "TensorFlow's session waits for a task of its cluster spec that does not answer: not started, not at the "
          "address the spec gives, or not reachable from here", "start every task of the cluster spec; give each "
          "the address other hosts reach it at (not localhost) in TF_CONFIG; open its port between the hosts, and "
          "unset http_proxy / https_proxy (or set no_proxy to the hosts) so gRPC connects directly",
          C.FIREWALL_OR_PORT_BLOCKED, "likely", (C.WRONG_INTERFACE, C.RANK_CRASHED_ELSEWHERE)),
        # eager_service_impl.cc: "Unable to find a context_id matching the specified one (...). Perhaps the worker was
        # restarted, or the context was GC'd?" (tensorflow/tensorflow#47460: a Colab TPU host that ran out of memory):
        # the remote worker lost the client's context.
        p(r"Unable to find a context_id matching the specified one", "remote_exited", E,
          "the remote TensorFlow worker (a TPU host, a tf.distribute worker) no longer holds this program's context: "
          "it restarted (crashed, ran out of memory, or was preempted)", "read that worker's own log for why it "
          "restarted (host memory of the input pipeline on a TPU host, a preemption), then connect again",
          C.RANK_CRASHED_ELSEWHERE, "collateral", (C.OOM,)),
        # protobuf's 2 GB limit on one message: a RecvBuf response carrying a tensor larger than that cannot cross
        # TensorFlow's gRPC transport, and the peer then "seems down" (tensorflow/recommenders#274, 5368538440 bytes;
        # tensorflow/tensorflow#3766, the maintainers: "something is hitting the 2GB limit for protobuf").
        p(r"exceeded maximum protobuf size of 2GB", "launch_config", E,
          "a message of more than 2 GB (one tensor sent whole between TensorFlow tasks) cannot cross gRPC's protobuf "
          "limit: the send fails and the peer looks down", "shard the large variable or embedding table over the "
          "tasks (a partitioner), or move it with NCCL collectives rather than gRPC", C.APPLICATION_BUG, "root",
          (C.OTHER,)),
        # horovod/horovod#2432, #2547, #1969 (maintainers: the nodes cannot reach each other on that interface;
        # Spark workers "need random port access between each other"; fixed by naming the interface): horovodrun's
        # probe of its driver and task services (runner/common/util/network.py NoValidAddressesFound).
        p(r"NoValidAddresse", "socket_connect_failed", E,
          "horovodrun's driver and task services could not reach each other on any address they offered: ports "
          "between the hosts are filtered, or the interface does not join them",
          "open the ports between the hosts (horovodrun picks random ports) and name the common interface "
          "(`horovodrun --network-interface <nic>`)", C.FIREWALL_OR_PORT_BLOCKED, "root", (C.WRONG_INTERFACE,)),
        # horovod/horovod#1516 (fixed by `-mca btl_tcp_if_include ib0`): Open MPI's TCP transport connected to an
        # address where another process answered: several hosts share an address on some interface (docker0,
        # virbr0, a private NIC), which Open MPI tries unless told which one joins them.
        p(r"mca_btl_tcp_endpoint_recv_connect_ack\] received unexpected process identifier", "no_interface", E,
          "Open MPI's TCP transport reached another process than the one it dialled: it used an interface whose "
          "addresses several hosts share (docker0, virbr0, a private network)",
          "name the interface that joins the hosts: `mpirun -mca btl_tcp_if_include <nic> -x NCCL_SOCKET_IFNAME=<nic>` "
          "(or btl_tcp_if_exclude lo,docker0)", C.WRONG_INTERFACE),
        # dmlc/ps-lite#165 and #173 (the maintainer: the port is still reserved after the process was killed; fixed
        # by another port), dmlc/parameter_server#10: van.cc's bind of the scheduler's or node's port. A send to a
        # node that left ("Check failed: (send_bytes) != (-1)") is not a bind.
        # van.cc "Check failed: !ip.empty() failed to get ip": no IPv4 address on DMLC_INTERFACE, or no usable
        # interface found (apache/mxnet#9695); postoffice.cc's CHECK_NOTNULL of DMLC_ROLE: a process started without
        # the environment its launcher sets (zhuangwang93/Espresso#2, BytePS).
        p(r"Check failed: !ip\.empty\(\) failed to get ip", "no_interface", E,
          "ps-lite found no IPv4 address for this node: DMLC_INTERFACE names an interface without one, or no usable "
          "interface was found", "set DMLC_INTERFACE to the interface that joins the nodes (`ip -br addr`), or "
          "DMLC_NODE_HOST to this node's address", C.WRONG_INTERFACE),
        p(r"Check +notnull: Environment::Get\(\)->find\(\"DMLC_ROLE\"\)", "framework_usage", E,
          "a ps-lite (BytePS, MXNet kvstore) process was started without DMLC_ROLE and the other DMLC_* variables its "
          "launcher sets", "start it through the launcher (bpslaunch, the dmlc tracker), or set DMLC_ROLE, "
          "DMLC_PS_ROOT_URI, DMLC_PS_ROOT_PORT, DMLC_NUM_WORKER and DMLC_NUM_SERVER for every role", C.APPLICATION_BUG),
        p(r"Check failed: \(my_node_\.port\) != \(-1\) bind failed|Check failed: zmq_bind\([^\n]*Address already in use",
          "port_in_use", E, "ps-lite could not bind its port: a previous run still holds it, or two roles share it",
          "kill the stale process (`ss -ltnp | grep PORT`) or set another DMLC_PS_ROOT_PORT (or node port)",
          C.APPLICATION_BUG, "root", (C.FIREWALL_OR_PORT_BLOCKED,)),
        # TensorFlowOnSpark's gpu_info.py: "Unable to find available GPUs: requested=1, available=0", retried until it
        # gives up: the node's GPUs are held by other processes, most often other executors of the same job that
        # YARN or Spark placed on a node with fewer GPUs than executors (yahoo/TensorFlowOnSpark#146: the ps and two
        # workers on one VM with one GPU).
        p(r"Unable to find available GPUs: requested=\d+, available=\d+", "launch_config", W,
          "TensorFlowOnSpark found no free GPU for this executor: other processes hold the node's GPUs, most often "
          "other executors of the same job placed on that node", "give each node at most as many executors as it "
          "has GPUs (spark.executor.resource.gpu.amount=1 with a GPU discovery script, or executor cores that fit "
          "one executor per GPU), and stop other jobs on those GPUs", C.APPLICATION_BUG, "root", (C.OTHER,)),
        # The dmlc tracker's mpirun lines with the scheduler's address (DMLC_PS_ROOT_URI) on loopback while the ranks
        # go to a host file (apache/mxnet#606: two machines, the job hung once it spanned both): the other machines'
        # servers and workers dial their own loopback for the scheduler.
        p(r"DMLC_PS_ROOT_URI[= ]+(?:127\.\d+\.\d+\.\d+|localhost)\b.*(?:--hostfile|\s-H)\s", "master_addr_loopback", E,
          "a ps-lite (MXNet kvstore, BytePS) job across a host list gives its scheduler's address as loopback: the "
          "processes on the other machines cannot reach it", "set DMLC_PS_ROOT_URI to the address of the machine "
          "that runs the scheduler, one every machine reaches (the dmlc tracker's --host-ip sets it)",
          C.WRONG_INTERFACE, "root", (C.HOSTNAME_RESOLUTION,)),
        # tensorflow/python/distribute/cross_device_ops.py "Efficient allreduce is not supported for %d IndexedSlices":
        # sparse gradients (an embedding's) are gathered and summed on every replica instead of all-reduced
        # (tensorflow/tensorflow#53160: MirroredStrategy on four GPUs slower than expected).
        p(r"Efficient allreduce is not supported for \d+ IndexedSlices", "host_setting", W,
          "TensorFlow cannot all-reduce the model's sparse gradients (IndexedSlices, an embedding's) and gathers "
          "them instead, which slows every step", "make those gradients dense (tf.convert_to_tensor on them; "
          "Horovod's sparse_as_dense=True) or keep the embedding on one device, then time a step again",
          C.PERFORMANCE_CONFIG),
    )
