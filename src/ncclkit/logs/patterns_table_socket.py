"""The line classifier's rows of NCCL's bootstrap, sockets and interfaces (read after the IB/RoCE, NVLink/P2P and
topology rows of patterns_table.py, before patterns_table_host's): the address family, the interface NCCL or the
launcher chose, ports taken, connections refused, closed or timed out, the TCPStore rendezvous. Same row shape and
sources as patterns_table.py.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ncclkit.causes import Cause as C
from ncclkit.findings import Severity

E, W = Severity.ERROR, Severity.WARNING
# TCPStore's server waiting for its clients: who joined, and the reason beside the network's that the rest did not.
_STORE_WAITED = ("the rendezvous server (rank 0's store) waited for the other ranks and {joined}: they could not reach "
                 "it (a firewall, the wrong MASTER_ADDR or interface) or {late}")


def socket_rows(p: Callable[..., Any]) -> tuple[Any, ...]:
    return (
        # -- bootstrap, sockets, interfaces ------------------------------------------------------------
        # misc/socket.cc ncclFindInterfaces@v2.28.9-1: NCCL_SOCKET_IFNAME replaces the default search (ib, then
        # "^docker,lo,virbr"), so an exclusion list that leaves lo out lets NCCL take the loopback, listed first
        # (aws/deep-learning-containers#4756: "^docker0" written to /etc/nccl.conf).
        p(r"\bNCCL_SOCKET_IFNAME\s*=\s*[\"']?\^(?![^\s\"']*\blo\b)[\w.,-]+", "ifname_allows_lo", W,
          "NCCL_SOCKET_IFNAME is an exclusion list without lo: it replaces NCCL's default ^docker,lo,virbr, so "
          "NCCL can take the loopback (127.0.0.1) and peers on other nodes cannot reach it",
          "add lo to the list (NCCL_SOCKET_IFNAME=^docker,lo) or name the interface that joins the nodes",
          C.WRONG_INTERFACE),
        # socket.cc: "Socket creation failed : Address family not supported by protocol" (IPv6 off in a
        # container), "connecting to address  with family %d is neither AF_INET(%d) nor AF_INET6(%d)" (an
        # interface name that matches nothing leaves the address empty).
        p(r"Address family not supported|is neither AF_INET|unsupported IP family|Socket creation failed",
          "no_interface", E, "NCCL picked an address it cannot use: the interface named by NCCL_SOCKET_IFNAME "
          "does not exist here, or it is IPv6 where IPv6 is disabled",
          "set NCCL_SOCKET_IFNAME to an existing interface with an IPv4 address (`ip -br addr`), and "
          "NCCL_SOCKET_FAMILY=AF_INET when IPv6 is off", C.WRONG_INTERFACE, "root",
          # family 0 is an address that never arrived: also the bootstrap handle of another NCCL release, whose
          # layout differs (2.14 beside 2.19 across nodes, a gitcode write-up).
          (C.NCCL_VERSION_MISMATCH,)),
        p(r"already checked in", "bootstrap_duplicate_rank", E,
          "two processes claimed the same rank: the launcher started the job twice or ranks are wrong",
          "check RANK/WORLD_SIZE/node_rank per node and that no stale job uses the same MASTER_PORT",
          C.APPLICATION_BUG),
        # XGBoost device_helpers.cu: "Multiple processes within communication group running on same CUDA device
        # is not supported" (its own check before NCCL's).
        # "same GPU" alone is also a tensor's device check ("Input tensors need to be on the same GPU"): only
        # processes or ranks placed on it (Lightning-AI/pytorch-lightning#8634, two DDP ranks given --gpus "0,0").
        # A write-up may quote NCCL's check without its prefix ("rank 27 and rank 19 both on CUDA device 53000", a
        # DeepSpeed-V3 post: CUDA_DEVICE_ORDER differed between nodes).
        p(r"Duplicate GPU detected|rank \d+ and rank \d+ both on CUDA device|Multiple Ranks are using the same GPU|"
          r"running on same CUDA device|(?:processes|"
          r"ranks?|replicas|workers) (?:\w+ )?(?:on|use|using|share|sharing) (?:the|one) same GPU",
          "duplicate_gpu", E,
          "two ranks use the same GPU", "set CUDA_VISIBLE_DEVICES / LOCAL_RANK so each rank has its own GPU",
          C.APPLICATION_BUG),
        # nccl-tests' nccl1_compat.h sets NCCL 1.0 when the header has no NCCL_MAJOR: the legacy NCCL 1.x
        # library, which current nccl-tests and frameworks do not support.
        # NCCL 1's own WARN ("WARN src/core.cu:225 failed to allocate ...") and its mpi_test's "NCCL Init failed (10)
        # 'cuda malloc failed'": NCCL 1 ran within one node only (NVIDIA/nccl#33, started on two nodes by srun).
        p(r"compiled with NCCL 1\.\d|NCCL version 1\.\d|nccl-1\.\d+\.\d+|^WARN src/core\.cu:\d+ |NCCL Init failed "
          r"\(\d+\) '", "legacy_nccl", E,
          "the program is built against NCCL 1.x, the legacy library: its failures are fixed by NCCL 2",
          "install NCCL 2 (the libnccl2/libnccl-dev packages or the nvidia-nccl wheel) and rebuild against "
          "it (NCCL_HOME=<its prefix>)", C.NCCL_VERSION_MISMATCH, "root", (C.OTHER,)),
        # "Mismatched NCCL version detected" (2.32 ATTN: "Mismatched NCCL git versions detected"), "NCCL version
        # mismatch with remote peer", "library is not
        # backwards compatible", "compiled with NCCL version ... running with". Not the driver's "GSP firmware
        # image version mismatch" (patterns_table_health).
        # misc/strongstream.cc (2.11+): "NCCL cannot be captured in a graph if either it wasn't built with CUDA
        # runtime >= 11.3 or if the installed CUDA driver < R465": graph capture needs both; the driver is the usual
        # one short (vllm-project/vllm#6201), the NCCL build the other.
        p(r"cannot be captured in a graph|built with CUDA runtime >= [\d.]+ or if the installed CUDA driver",
          "version_mismatch", E, "NCCL cannot be captured in a CUDA graph here: the driver is older than R465 or this "
          "NCCL was built with a CUDA runtime before 11.3", "upgrade the NVIDIA driver to R465 or newer (and use an "
          "NCCL built with CUDA 11.3+), or run without CUDA graphs (vLLM: enforce_eager=True)", C.CUDA_OR_DRIVER,
          "root", (C.NCCL_VERSION_MISMATCH,)),
        # Not an RL framework's own weight-version counter after a weight update ("RuntimeError: Weight version
        # mismatch!", vllm-project/vime#45: the IPC path never set it), nor llama.cpp's RPC handshake ("RPC server
        # version mismatch: 4.0.1": client and rpc-server of different builds, ggml-org/llama.cpp#26392).
        p(r"RPC server version mismatch", "engine_version", E,
          "llama.cpp's RPC client and its rpc-server are different builds: the server refused the client",
          "run the same llama.cpp build (the same release or commit) for the client and every rpc-server", C.OTHER),
        p(r"Mismatched NCCL (?:git )?version|(?<!library )(?<!image )(?<!minor-)(?<!weight )version mismatch|"
          r"not backwards compatible|library is too old|"
          r"compiled with (?:too old version of )?NCCL|"
          r"undefined symbol: *nccl|version `NCCL|"
          # the link-time twin: ld resolving a prebuilt library against an older NCCL ("libtorch_cuda.so: undefined
          # reference to `ncclWaitSignal'", meta-pytorch/torchcomms PR#1049: a nightly built for NCCL 2.29)
          r"\.so[\w.]*: undefined reference to `nccl|"
          # init.cc parseCommConfig: "Invalid config blocking attribute value %d" with INT_MIN, which is
          # NCCL_CONFIG_UNDEF_INT of nccl.h 2.17+: a program built with newer headers than the library
          # it loaded (torch built for NCCL 2.18 running on 2.14).
          r"Invalid config \w+ attribute value -2147483648", "version_mismatch", E,
          "ranks (or the program and the library) run different NCCL versions",
          "install the same NCCL (and torch) build on every node", C.NCCL_VERSION_MISMATCH),
        # "Bootstrap : no socket interface found", "NET/Socket : No usable listening interface found"; a
        # library beside NCCL that takes an interface name and finds no such interface ("Invalid network
        # interface: eth", Transformer Engine's userbuffers bootstrap with NCCL's prefix form; TE's "'eth0' is not
        # a valid network interface!"; TensorRT-LLM's "Can't get local ip from NIC Interface"; vLLM's network_utils
        # "Neither 127.0.0.1 nor ::1 are bound to a local interface": a network namespace without loopback).
        p(r"no socket interface found|No usable listening interface|No IP interface|NET/Socket : no "
          r"interface found|Failed to initialize (?:any NET plugin|NET plugin Socket\b)|Invalid network interface:? \S|is not a valid network "
          r"interface|Can't get local ip from NIC Interface|are bound to a local interface", "no_interface", E,
          "NCCL found no usable network interface (NCCL_SOCKET_IFNAME matches none, or only loopback)",
          "set NCCL_SOCKET_IFNAME to an interface with an address on every node (`ip -br addr`)",
          C.WRONG_INTERFACE),
        # EADDRNOTAVAIL: bind() to an address this host does not have ("OSError: [Errno 99] Cannot assign requested
        # address" from init_process_group's tcp:// or a server told to listen on MASTER_ADDR: a cloud VM's public
        # or NAT address, another node's IP) or, on connect, no free ephemeral port left.
        # (A connect that fails so, NCCL's "Connect to ... failed" and c10d's "client socket has failed to
        # connect ... (errno: 99 ...)", stays a failed connection, below.)
        # DGL's RPC server says it by number ("tcp_socket.cc: 69: Failed bind on <ip>:<port>, errno=99", CoLAKE#6).
        # A bare "connect: Cannot assign requested address" is the connect side's: no local port left (Mooncake's
        # troubleshooting page: ephemeral ports used up by many connections).
        p(r"^\s*connect(?:\(\))?: Cannot assign requested address", "host_net_limit", E,
          "a connection found no free local port (EADDRNOTAVAIL on connect): the host's ephemeral ports are used up",
          "widen net.ipv4.ip_local_port_range, let closed connections be reused (net.ipv4.tcp_tw_reuse=1), or open "
          "fewer connections", C.OTHER, "root", (C.WRONG_INTERFACE,)),
        p(r"^(?!.*[Cc]onnect).*(?:Cannot assign requested address|Failed bind on \S+, errno=99\b)", "no_interface", E,
          "a process tried to use an address this host does not have (MASTER_ADDR or the init method's address "
          "is another machine's, a public or NAT address), or no local port was left for a connection",
          "on the master, use an address of one of its own interfaces (`ip -br addr`; its private IP on a cloud VM); "
          "if it happens on connect at scale, widen net.ipv4.ip_local_port_range", C.WRONG_INTERFACE, "root",
          (C.HOSTNAME_RESOLUTION, C.OTHER)),
        # "Bootstrap Root : mismatch in info from procs, nranks %d vs %d".
        p(r"Bootstrap Root : mismatch|Invalid rank requested|localId .* out of range", "invalid_usage", E,
          "the ranks disagree on the world size or rank numbering",
          "pass the same WORLD_SIZE/nnodes/nproc_per_node on every node", C.APPLICATION_BUG),
        # bootstrap.cc "Message truncated : received %d bytes instead of %d"; net_ib.cc (<= 2.19) "NET/IB :
        # req %d/%d tag %x peer %s collective mismatch error, local size %d remote size %d"; init.cc (2.4)
        # "Your program may be hanging, this may be caused by a collective mismatch around rank %d"; gloo
        # tcp/pair.cc "op.preamble.length <= op.nbytes. 8773632 vs 4" (a peer sent more than was posted).
        # net_socket.cc (2.19 - 2.28) "NET/Socket : peer %s message truncated : receiving %d bytes instead of %d",
        # quoted by its tail alone (NVIDIA/nccl#1328's title): its own text names sizes or NCCL_PROTO/NCCL_ALGO
        # that differ between ranks.
        # The transports' size checks: a peer sent more than this rank posted. NCCL's maintainers read it as ranks
        # that differ below the program (NVIDIA/nccl#615 and #531: a NIC forcing relaxed ordering, NCCL_PROTO=SIMPLE
        # to test; #969: "environment configure error"; #1328: "a version or configuration mismatch between two
        # ranks"; tensorflow#34375: a second NCCL beside the one TensorFlow bundles), a program desync after them.
        p(r"Message truncated : receiv|receiving \d+ bytes instead of \d+|collective mismatch error", "transport_size_mismatch",
          E, "a peer sent more data than this rank posted for the operation: the ranks run different NCCL builds or "
          "NCCL settings (protocol, algorithm, buffer size chunk the data differently), a NIC reorders writes "
          "(relaxed ordering forced), or they issued different collectives",
          "run one NCCL build with the same NCCL_* variables on every rank (compare each node's NCCL version line; no "
          "second libnccl beside a framework's own); on Mellanox NICs `mlxconfig -d <dev> q PCI_WR_ORDERING` must "
          "say per_mkey, not forced_relax; retry with NCCL_PROTO=SIMPLE; then look for a program desync with "
          "TORCH_DISTRIBUTED_DEBUG=DETAIL", C.NCCL_VERSION_MISMATCH, "root",
          (C.HANG_COLLECTIVE_MISMATCH, C.OTHER)),
        # Not TORCH_DISTRIBUTED_DEBUG=DETAIL's "[Rank N] Running collective: CollectiveFingerPrint(...)": every
        # collective of a healthy run prints it (fingerprint_trace compares the ranks' last ones).
        p(r"^(?!.*\[Rank \d+\] Running collective: CollectiveFingerPrint)(?:.*(?:Mismatched collective|"
          r"mismatch between collectives|message truncated(?! : receiv)|"
          r"CollectiveFingerPrint|may be caused by a collective mismatch|op\.preamble\.length <= op\.nbytes|"
          # distributed_c10d monitored_barrier: "Ranks 1, 3 failed to pass monitoredBarrier in 30000 ms"
          r"failed to pass monitoredBarrier))",
          "collective_mismatch", E,
          "ranks issued different collectives or sizes (desync)",
          "make every rank call the same collectives in the same order with the same shapes; find the "
          "rank that differs with TORCH_DISTRIBUTED_DEBUG=DETAIL", C.HANG_COLLECTIVE_MISMATCH,
          "root", (C.APPLICATION_BUG, C.NCCL_VERSION_MISMATCH)),
        p(r"error encountered when getting address info|Name or service not known|name resolution|"
          r"nodename nor servname|gaierror|getaddrinfo|Unknown host|could not resolve|No address associated",
          "name_resolution", E, "a host name did not resolve",
          "make every node resolve every other node's hostname (/etc/hosts, DNS) or use IP addresses for "
          "MASTER_ADDR", C.HOSTNAME_RESOLUTION),
        # misc/socket.cc ncclSocketListen binds NCCL's own listening sockets to port 0 (any free port) unless
        # NCCL_COMM_ID forces one, so "Call to bind failed : Address already in use" there means no free
        # ephemeral port was left: thousands of connections per node (large jobs, NCCL_PXN_DISABLE=1,
        # more channels), or a narrow net.ipv4.ip_local_port_range (NVIDIA/nccl#1882).
        p(r"Call to bind failed ?: ?Address already in use", "port_in_use", E,
          "NCCL could not bind a socket to any free port: the node's ephemeral port range is used up by the "
          "job's connections (or NCCL_COMM_ID forces a port another process holds)",
          "widen the ephemeral range (`sysctl net.ipv4.ip_local_port_range=\"1024 65535\"`), keep PXN on "
          "(unset NCCL_PXN_DISABLE) so fewer connections are opened, and check `ss -s` for TIME_WAIT sockets; "
          "with NCCL_COMM_ID, pick a free port", C.OTHER, "root", (C.PERFORMANCE_CONFIG, C.APPLICATION_BUG)),
        # EACCES on bind: ports below 1024 need root (or CAP_NET_BIND_SERVICE); nothing holds them
        # (KimMeen/Time-LLM#158 and #20: MASTER_PORT 97 and 98 in the scripts).
        # zlin0/wedefense#47 ("Permission denied: The server socket has failed to bind to [::]:374", a $RANDOM port):
        # the same refusal without the errno.
        p(r"failed to bind to \S*:\d+ \(errno: 13 - Permission denied\)|Permission denied: The server socket has "
          r"failed to bind to \S*:(?:\d{1,3}|10[01]\d|102[0-3])\s*$", "launch_config", E,
          "the rendezvous port is a privileged port (below 1024) and the job does not run as root: the bind is "
          "refused, not taken", "set MASTER_PORT (or --master_port / --main_process_port) to a port of 1024 or "
          "above, such as 29500", C.APPLICATION_BUG),
        # also accelerate's "another process is utilizing it", SGLang's "nccl_port at %d is not available",
        # "dist_init_port at %d is not available in 30 seconds", "Port is already in use.", "The port %d is in use",
        # TorchServe's "port 8080/8081 already in use" (its troubleshooting page). A stale run that still holds the
        # port is no misuse of the framework: `other` is the next reading (PaddlePaddle/Paddle#12510: a parameter
        # server's port taken again on every run).
        p(r"[Aa]ddress (?:is )?already in use|EADDRINUSE|failed to listen on any local network address|"
          r"server socket has failed to (?:bind|listen)|another process is utilizing it|(?:nccl|dist_init)_port at \d+ "
          r"is not available|Port is already in use\.|The port \d+ is in use|\bports? [\d/]+ (?:is |are )?already in "
          r"use", "port_in_use", E,
          "the rendezvous port is already taken (a previous run still alive, or two jobs share MASTER_PORT)",
          "kill the stale process (`ss -ltnp | grep PORT`) or choose another MASTER_PORT", C.APPLICATION_BUG,
          "root", (C.OTHER, C.FIREWALL_OR_PORT_BLOCKED)),
        # TCPStore::doWait (TCPStore.cpp): the store answered a WAIT with something other than STOP_WAITING: what
        # listens at MASTER_ADDR:MASTER_PORT is not this job's store (another job's, another program's), or the ranks
        # point at different masters (pytorch/pytorch#114357: "on all ranks you would need to specify the
        # master_addr and master_port of the rank0"; zhanglu-cst/ClassKG#2).
        p(r"Stop_waiting response is expected", "port_in_use", E,
          "the rendezvous store at MASTER_ADDR:MASTER_PORT answered with something that is not its reply: another "
          "job or program owns that port, or the ranks were given different masters",
          "give the job a MASTER_PORT nothing else uses (`ss -ltnp | grep PORT` on the master) and the same "
          "MASTER_ADDR and MASTER_PORT on every rank", C.APPLICATION_BUG, "likely", (C.OTHER,)),
        # pybind11 refusing TCPStore's arguments with the port it was given ("Invoked with: 'localhost', 80000, 1,
        # True, ..."): TCPStore keeps the port in 16 bits (pytorch/pytorch#67172; jaywalnut310/vits#52).
        p(r"Invoked with: '[^']*', (?:\d{6,}|6553[6-9]|655[4-9]\d|65[6-9]\d\d|6[6-9]\d{3}|[7-9]\d{4}), \d+, "
          r"(?:True|False)",
          "launch_config", E, "the rendezvous port is above 65535, the largest TCP port",
          "set MASTER_PORT (or --master_port) to a free port between 1024 and 65535, such as 29500",
          C.APPLICATION_BUG),
        # A reset while TCPStore's client still connects or validates ("TCP client failed to connect/validate to host
        # H:P - retrying (...): Connection reset by peer") is the connect failing (its row below), not a peer that died:
        # no connection was made (vllm-project/vllm#18362 ran world_size=1). Not a stack's "socket recv()" frame, where
        # a thread waits (a hang seen under gdb, NVIDIA/nccl#238), nothing closed.
        p(r"^(?!.*failed to connect/validate to host).*?(?:closed by (?:remote|peer)|Connection reset|"
          r"Socket recv failed|socket recv(?!\(\))|Broken pipe|socket progress error|Failed to recv|"
          r"Failed to send, sent \d+ bytes|Connection was likely closed)", "socket_closed", E,
          "a peer closed its TCP connection: that process died or aborted first",
          "find the first error on the other ranks (this is usually a consequence)",
          C.RANK_CRASHED_ELSEWHERE, "collateral"),
        # Gloo's "connectFullMesh failed with [.../gloo/transport/tcp/pair.cc:N] no error" (ProcessGroupGloo):
        # in the resolved threads of tests/diagnosis a rank advertised an address its peers cannot reach
        # (loopback from its host name, a bridge), fixed by GLOO_SOCKET_IFNAME or the host's name.
        p(r"connectFullMesh failed", "socket_connect_failed", E,
          "Gloo could not connect every pair of ranks: most often a rank advertises an address the others "
          "cannot reach (loopback because its host name resolves to 127.0.x.x, a docker bridge)",
          "set GLOO_SOCKET_IFNAME (and NCCL_SOCKET_IFNAME) to the interface that joins the nodes on every node, "
          "or make each host name resolve to that interface's address", C.WRONG_INTERFACE, "root",
          (C.HOSTNAME_RESOLUTION, C.FIREWALL_OR_PORT_BLOCKED)),
        # TCPStore's server side (rank 0): "Timed out after %d seconds waiting for clients. %d/%d clients joined."
        # The clients did not arrive: blocked on the way, sent elsewhere, or not started in time (a peer started
        # later than the timeout gives this very line: benchmarks/results/faults-1xH200-2026-12-02, late-peer).
        # "1/N clients joined" is the server alone: no other process arrived at all, which a launch that started only
        # this one gives as well (microsoft/mattergen#50: a trainer's strategy for 48 processes, run as one python).
        p(r"waiting for clients\. 1/\d+ clients joined", "socket_connect_failed", E,
          _STORE_WAITED.format(joined="none connected", late="the launch never started them (a world size or "
                               "strategy for N processes run as a single process)"),
          "check that the launch starts every process the world size counts (torchrun --nproc-per-node/--nnodes, "
          "the trainer's devices and strategy), then that MASTER_ADDR:MASTER_PORT answers from another node "
          "(`nc -zv`)", C.FIREWALL_OR_PORT_BLOCKED, "root", (C.APPLICATION_BUG, C.RANK_CRASHED_ELSEWHERE)),
        p(r"waiting for clients|clients joined", "socket_connect_failed", E,
          _STORE_WAITED.format(joined="not all connected", late="had not started in time"),
          "from another node, check that MASTER_ADDR:MASTER_PORT answers (`nc -zv`); check that every node was "
          "launched with the same --nnodes and its own --node-rank, and read the missing ranks' own output",
          C.FIREWALL_OR_PORT_BLOCKED, "root", (C.WRONG_INTERFACE, C.RANK_CRASHED_ELSEWHERE)),
        # TCPStore's client timing out on a request with nothing more said: "DistStoreError: Socket Timeout" and
        # "waitForInput: socket SocketImpl(...) timed out after 900000ms" come from the launcher's rendezvous or a
        # store barrier, before any NCCL communicator: the nodes never met (hiyouga/LlamaFactory#6154, multi-node
        # launch variables wrong, "已解决" once fixed). The "store->get('0') got error: Socket Timeout" of NCCL's
        # unique-id exchange is a rank late to it, and is read with the timeouts.
        # PyTorch 2.4 - 2.5 word the same wait "[c10d] While waitForInput, poolFD failed with (errno: 0 - Success)"
        # (shibing624/MedicalGPT#425); 2.6+ print "waitForInput: poll for socket ... returned 0, likely a timeout"
        # (socket.cpp) just before its "timed out after" line, and a paste may keep only that one.
        # torch 1.x raised the same timeout as a RuntimeError (torchelastic's exit barrier in store.get_all,
        # huggingface/accelerate#2229).
        p(r"(?:DistStoreError|^RuntimeError): Socket Timeout\W?\s*$|waitForInput: socket SocketImpl\(.*\) timed out after \d+ms|"
          r"While waitForInput, poolFD failed|waitForInput: poll for socket SocketImpl\(.*\) returned 0, likely a "
          r"timeout",
          "rendezvous_timeout", E,
          "a request to the rendezvous store timed out: not every node joined (a node not launched, or launch "
          "variables that differ between nodes), or the store is unreachable from this node",
          "launch every node with the same --nnodes, MASTER_ADDR and MASTER_PORT and its own --node-rank (a "
          "framework's own variables too: NNODES, NODE_RANK), check that MASTER_ADDR:MASTER_PORT answers from each "
          "node (`nc -zv`), and read the other nodes' output", C.APPLICATION_BUG, "root",
          (C.FIREWALL_OR_PORT_BLOCKED, C.WRONG_INTERFACE, C.HANG_COLLECTIVE_MISMATCH)),
        # c10d's TCPStore client (socket.cpp: "The server socket on localhost:29500 is not yet listening (errno:
        # 111 - Connection refused), will retry"): a refused connect to the node's own loopback address is no
        # firewall: nothing listens on that port of this node. Under torchrun the agent hosts the store
        # (TORCHELASTIC_USE_AGENT_STORE), so a script's own init_method="tcp://localhost:PORT" on another port is
        # never served (pytorch/pytorch#143858); on several nodes, MASTER_ADDR=localhost points the workers at
        # themselves. NCCL's own "127.0.0.1<port>" and Gloo's "remote=[127.0.0.1]:port" forms are not read here:
        # there the loopback address is the interface NCCL or Gloo chose (the rows below).
        # Newer c10d words the wait "No socket on (localhost, 0) is listening yet, will retry" (port 0: a rendezvous
        # endpoint without its port, NVIDIA-NeMo/Run PR#292).
        p(r"(?:server socket on|connect to|trying to connect to \(?|No socket on \() ?\[?(?:localhost|127\.0\.0\.1)\]?"
          r"(?::|, )\d+\)?.*(?:not yet listening|Connection refused|is listening yet)", "socket_connect_failed", E,
          "nothing listens on the rendezvous port of this node's own loopback address: the store was never "
          "started on that port (a script's init_method=tcp://localhost:PORT under torchrun, whose agent hosts "
          "the store on its own --rdzv-endpoint / MASTER_PORT), or several nodes were given MASTER_ADDR=localhost",
          "under torchrun use init_method='env://' (or leave it out) and pass the port as --rdzv-endpoint / "
          "--master-port; on several nodes set MASTER_ADDR to rank 0's address that the other nodes reach",
          C.APPLICATION_BUG, "root", (C.RANK_CRASHED_ELSEWHERE, C.WRONG_INTERFACE)),
        # NCCL before 2.24 reported a connect whose retries on ECONNREFUSED/ETIMEDOUT ran out as "Software caused
        # connection abort" (NVIDIA/nccl#1515, NVIDIA: "due to a bug in NCCL", the retry code overhauled in 2.24):
        # the peer's port refused or did not answer. A target that is an IPv6 link-local address (fe80::...%ib1,
        # NVIDIA/nccl#975) is the interface NCCL picked: such addresses need their interface on both sides.
        p(r"Connect to \[?fe80::[^\s>]*(?:<\d+>|\]:\d+)? failed", "socket_connect_failed", E,
          "NCCL dialled a peer's IPv6 link-local address (fe80::...%iface): it chose an interface whose only address "
          "is link-local, which reaches peers only on that one link under the same interface name", "set "
          "NCCL_SOCKET_IFNAME to the IPv4 interface that joins the nodes, or "
          "NCCL_SOCKET_FAMILY=AF_INET", C.WRONG_INTERFACE, "root", (C.FIREWALL_OR_PORT_BLOCKED,)),
        p(r"Connect to \S+ failed : Software caused connection abort", "socket_connect_failed", E,
          "a TCP connection to a peer failed after NCCL's retries ran out: NCCL before 2.24 words a refused or "
          "unanswered port this way (ECONNREFUSED/ETIMEDOUT, not an abort): the peer was not listening (not up yet, "
          "or a bad node) or the port is filtered", "check that the peer at that address runs and is reachable on "
          "NCCL's ports (a firewall, the interface); upgrade NCCL to 2.24+ to see the real error",
          C.FIREWALL_OR_PORT_BLOCKED, "root", (C.RANK_CRASHED_ELSEWHERE, C.WRONG_INTERFACE)),
        # socket.cc socketTryAccept "Accept failed: %s" with EBADF: the listening socket was already closed by this
        # process (its communicator or proxy torn down while a thread still accepted on it); a filtered port fails
        # the connecting side, never the accepting one (NVIDIA/nccl#1382: every line from one process of one host).
        p(r"Accept failed: Bad file descriptor", "accept_closed", E,
          "this process accepted on a listening socket it had already closed: its communicator or proxy was torn "
          "down (an abort, a destroy) while another thread still waited for connections, not a network fault",
          "find what tore the communicator down first (an error or abort printed before, a destroy racing "
          "with init on another thread) and upgrade NCCL", C.OTHER, "root", (C.APPLICATION_BUG,)),
        # PyTorch TCPStore: "The client socket has timed out after 1800s while trying to connect to
        # (host, port)", "TCP client failed to connect/validate to host H:P - retrying" (TCPStore.cpp, 2.4+); NCCL:
        # "connect to %s failed : %s", "Connect to %s failed : %s", socket.cc
        # "socketPollConnect: exceeded retries (%d)", "socketTryAccept: Accept failed: %s" (NCCL retried
        # until it gave up).
        p(r"connect to .* failed|Connection refused|No route to host|Network is unreachable|"
          r"socketStartConnect|Connect to|timed out (?:after \d+m?s )?while trying to connect|trying to connect to|"
          r"failed to connect/validate to host|"
          # MPICH ch3:sock "rank 2 unable to connect to rank 3 using business card <port=...>" (pmodels/mpich#889);
          # Windows' WSAECONNREFUSED text (MPICH2 smpd, firemodels/fds#1968).
          r"unable to connect to rank \d+ using business card|No connection could be made because the target machine|"
          # socket.cc socketPollConnect "poll() returned 1, no POLLOUT events": the connect ended in an error event
          # (refused, unreachable) rather than a writable socket (ByteDance-Seed/VeOmni#131).
          r"socketPollConnect poll\(\) returned \d+, no POLLOUT|"
          r"Connection timed out|connect\(\) timed out|RendezvousConnectionError|DistNetworkError|"
          r"connectFullMesh failed|failed to connect to any network address|exceeded retries|"
          r"exceeded error retry count|Accept failed:|"
          r"RendezvousTimeoutError|server socket on \S+ has timed out",
          "socket_connect_failed", E,
          "a TCP connection to a peer failed: firewall, wrong interface or address chosen, or the peer is "
          "not up", "open the ports between nodes (MASTER_PORT and NCCL's ephemeral range), and set "
          "NCCL_SOCKET_IFNAME / MASTER_ADDR to the network that joins the nodes",
          C.FIREWALL_OR_PORT_BLOCKED, "root", (C.WRONG_INTERFACE, C.HOSTNAME_RESOLUTION, C.RANK_CRASHED_ELSEWHERE)),
        # Not another program's own bootstrap (Monarch's "job sidecar telemetry bootstrap failed", Elasticsearch's
        # "[WARN ][bootstrap      ]" logger, pires/docker-elasticsearch#7), nor Python's import
        # machinery named by a warning ("importlib/_bootstrap.py:219: RuntimeWarning: numpy.dtype size changed",
        # open-mmlab/mmskeleton#80).
        p(r"^(?!.*(?:telemetry bootstrap|importlib[/.]_bootstrap|\]\[bootstrap +\])).*(?:Bootstrap|bootstrap)",
          "bootstrap_error", E,
          "the ranks could not exchange their startup information over TCP",
          "check MASTER_ADDR/MASTER_PORT reachability, firewalls, and NCCL_SOCKET_IFNAME on every node",
          C.WRONG_INTERFACE, "root", (C.FIREWALL_OR_PORT_BLOCKED,)),
    )
