"""The line classifier's rows for the stacks that run NCCL underneath and print their own lines around its
log: the training launchers and libraries (DeepSpeed, Hugging Face accelerate, Lightning, Megatron-LM,
Horovod), the serving engines (vLLM, SGLang) and Ray. Each comment names the file the text is printed
from (DeepSpeed edaa722, accelerate 16cb6eb, Lightning 7f0c343, Megatron-LM d98e8a6, Horovod 2626dc8,
vLLM 0.33.0, SGLang 0.5.23, Ray 2.60.0) and what the code around it says it means. They come before
patterns_table.py's generic rows (timeouts, sockets, CUDA). Same row shape as patterns_table.py.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ncclkit.causes import Cause as C
from ncclkit.findings import Severity

E, W, I = Severity.ERROR, Severity.WARNING, Severity.INFO
_P2P_HINT = ("if it hangs: rerun with NCCL_P2P_DISABLE=1; if that completes, disable ACS (BIOS or `setpci`) and boot "
             "with iommu=pt")


def stack_rows(p: Callable[..., Any]) -> tuple[Any, ...]:
    return (
        # Python's TypeError for a keyword the callee does not take, wherever a program prints it ("Error aborting
        # requests: RequestState.make_request_output() got an unexpected keyword argument 'pooling_output'",
        # microsoft/agent-lightning#590: verl 0.7 calling vLLM 0.8.5's API of another release); read before the
        # consequence rows, whose "abort" that line is not. Of the 8 labelled threads that print it, 5 were settled
        # as releases that do not match (flash-attn 2.1 under xtuner, an old DeepSpeed under Megatron-DeepSpeed,
        # torch 1.0's DDP), 3 as the program's own call.
        p(r"\(\) got an unexpected keyword argument '\w+'", "program_error", E,
          "a call passed a keyword argument the installed version of the function does not take: packages of "
          "releases that do not match (a framework written for another version of the library it calls), or a bug",
          "install the versions of the two packages that go together (the framework's pinned requirements), or "
          "drop the argument where the program passes it", C.OTHER, "root", (C.APPLICATION_BUG,)),
        # A library's own autograd Function whose forward and backward disagree (autograd's checks in
        # torch/csrc/autograd/python_function.cpp and custom_function.cpp): a backward reading a ctx field the forward
        # of that release or subclass never saved ("'xFuserRingFlashAttnFuncBackward' object has no attribute
        # 'softcap'", xdit-project/xDiT#478), or returning one gradient fewer than the forward took inputs after an
        # argument was added ("function RingFlashAttnFuncBackward returned an incorrect number of gradients (expected
        # 14, got 13)", feifeibear/long-context-attention#156). PyTorch's own nodes end in a digit (MulBackward0).
        p(r"'\w+Backward' object has no attribute '\w+'|function \w+Backward returned an incorrect number of "
          r"gradients", "program_error", E,
          "a custom autograd Function's backward does not match its forward (a field the forward never saved, or "
          "not one gradient per forward input): a bug of the library that defines it, or two of its packages of "
          "releases that do not go together", "upgrade the library that defines the Function (the name before "
          "'Backward') to the release that fixes it, with the versions of the packages it wraps that it pins",
          C.OTHER, "root", (C.APPLICATION_BUG,)),
        # A compiled extension without a function its Python side calls: built without the option that adds it
        # ("module 'fmoe_cuda' has no attribute 'ensure_nccl'": FastMoE built without USE_NCCL=1, laekov/fastmoe#124)
        # or from another release than its Python package. torch._C's missing _cuda_* functions are a CPU-only torch.
        p(r"module '(?!torch\._C')[\w.]*(?:_cuda|_C|_ext|_cpp|_kernels?|_ops)' has no attribute '\w+'",
          "package_build", E, "a compiled extension lacks a function its Python code calls: it was built without the "
          "option that adds it (its NCCL or distributed part) or from another release of the package",
          "rebuild the extension from the package's own source with the option its docs name for multi-GPU use "
          "(FastMoE: USE_NCCL=1), in a clean build directory", C.OTHER, "root", (C.APPLICATION_BUG,)),
        # transformers' AutoConfig for a model type newer than the release (configuration_auto.py: "... has model type
        # `qwen2_5_vl` but Transformers does not recognize this architecture ... your version of Transformers is out
        # of date"; QwenLM/Qwen2.5-VL's README: install the latest transformers). Its ValueError is no program's bug.
        p(r"but Transformers does not recognize this architecture", "package_build", E,
          "the installed transformers is older than the model: it does not know the checkpoint's model type",
          "upgrade transformers to the release the model's card names (or install it from source for the newest "
          "models), in every node's environment", C.OTHER, "root", (C.APPLICATION_BUG,)),
        # A PyTorch built without torch.distributed (USE_DISTRIBUTED=0) keeps only is_available() in that module: the
        # functions every distributed build has are missing (ROCm/TheRock#2008: its Windows ROCm wheels, "module
        # 'torch.distributed' has no attribute 'is_initialized'"; old macOS wheels the same).
        p(r"module 'torch\.distributed' has no attribute '(?:is_initialized|init_process_group|get_rank|get_world_size|"
          r"barrier|all_reduce|broadcast|new_group)'", "package_build", E,
          "this PyTorch was built without torch.distributed (USE_DISTRIBUTED=0): none of its functions exist",
          "install a PyTorch build with distributed support for this platform (`python -c 'import torch."
          "distributed as d; print(d.is_available())'` must print True), or keep the program from calling "
          "torch.distributed when it is not available", C.OTHER, "root", (C.APPLICATION_BUG,)),
        # torch.narrow with a negative length: partition arithmetic that ran past a tensor's end, in DeepSpeed's
        # ZeRO++ hierarchical partitioning before its fix (deepspeedai/DeepSpeed#5642, fixed by #5652) and in other
        # libraries that split parameters over ranks.
        # PyTorch's "sparse tensors do not have strides": an operation that needs a dense layout got a sparse tensor,
        # and DataParallel's scatter and replicate are such operations (THU-KEG/KECG#3: a sparse adjacency matrix
        # under nn.DataParallel). Read before the memory rows: an account that tells of an OOM on one GPU first and
        # of this error when spread over several asks about this one.
        p(r"sparse tensors do not have strides", "program_error", E,
          "an operation that needs a dense tensor got a sparse one: DataParallel's scatter and replicate (and the "
          "ops that read strides) do not take sparse tensors", "keep sparse tensors out of DataParallel's inputs "
          "(build them on each replica's device inside forward, or pass them dense), or use DistributedDataParallel "
          "with one process per GPU", C.APPLICATION_BUG, "likely", (C.OTHER,)),
        p(r"narrow\(\): length must be non-negative", "program_error", E,
          "a slice of a tensor came out with a negative length: the code that splits tensors over ranks computed a "
          "partition past the tensor's end (a library bug such as DeepSpeed ZeRO++'s hierarchical partitioning, "
          "fixed in its later releases)", "upgrade the library named in the traceback (DeepSpeed after June 2024 for "
          "ZeRO++'s zero_hpz_partition_size); until then run without that partitioning option", C.OTHER, "root",
          (C.APPLICATION_BUG,)),
        # -- the job's shape does not fit the launcher or the machines --------------------------------------
        # ncclkit's own evidence (nccl_log_state): Lightning's "Initializing distributed: GLOBAL_RANK: 0, MEMBER: 1/1"
        # is a job of one process; asked why it does not use the node's other GPUs (openfold#486), the launcher
        # started one process where one per GPU was meant. A note, below any error.
        p(r"GLOBAL_RANK 0 of a world of 1: the job runs as a single process", "single_process", I,
          "the job runs as one process on one GPU: nothing is distributed",
          "start one process per GPU (torchrun --nproc_per_node=<GPUs>, Lightning devices=<GPUs>, srun "
          "--ntasks-per-node=<GPUs>)", C.APPLICATION_BUG, "likely"),
        # DeepSpeed launcher/runner.py ("Hostfile contains a bad entry", "Hostfile is empty or not formatted
        # correctly", "Hostname '%s' not found in hostfile", "Num nodes is >1 but no extra nodes available via
        # hostfile"), utils/groups.py ("must equal world_size", "is not divisible by"), comm/comm.py ("MPI
        # rank %d does not match torch rank %d"); Horovod hosts.py "Requested more processes (%d) than there
        # are available slots (%d)"; Megatron arguments.py/parallel_state.py "world size (%d) is not divisible
        # by"; Lightning "You requested to find %d devices but this machine only has %d GPUs", "does not match.
        # HINT: Set `devices="; vLLM config/parallel.py "World size (%d) is larger than the number of available
        # GPUs", engine/utils.py "Configuration mismatch detected for engine", ray_utils.py "Cannot provide a
        # placement group requiring", "The number of required GPUs exceeds"; SGLang "world_size (%d) is not
        # equal to tensor_model_parallel_size"; Ray "infeasible resource requests", "Insufficient cluster
        # resources to launch training workers".
        p(r"Hostfile contains a bad entry|Hostfile is empty or not formatted|not found in hostfile|Num nodes is >1 "
          r"but no extra nodes|must equal world_size|world[ _]size \(\d+\) is not divisible by|MPI rank \d+ does not "
          r"match torch rank|Requested more processes \(\d+\) than there are available slots|You requested to find "
          r"\d+ devices but this machine only has|does not match\. HINT: Set `devices=|World size \(\d+\) is larger "
          r"than the number of available GPUs|Configuration mismatch detected for engine|Cannot provide a placement "
          r"group requiring|number of required GPUs exceeds the total number|world_size \(\d+\) is not equal to "
          r"tensor_model_parallel_size|infeasible resource requests|Insufficient cluster resources to launch|"
          # Ray <= 0.6: "The task with ID ... is infeasible and cannot currently be executed. It requires {CPU,1},
          # {GPU,6}" (ray-project/ray#3187: more GPUs per task than a node has).
          r"is infeasible and cannot currently be executed|"
          # SGLang's server_args checks: "tp_size must be divisible by number of nodes", "multi-node
          # data-parallel replicas are not supported".
          r"tp_size must be divisible by number of nodes|multi-node data-parallel replicas are not supported|"
          # A program that needs several MPI processes started as one (BrainIAK's FCMA voxel selection: "one process
          # cannot run the master-worker model", brainiak/brainiak#467, run with python instead of mpirun -np N).
          r"\b(?:one|a single) process cannot run the|requires? at least (?:2|two) (?:MPI )?processes|"
          # ncclkit's own evidence (nccl_log_state): two launcher tasks printed Lightning's "Initializing
          # distributed: GLOBAL_RANK: %d, MEMBER: %d/%d" for one rank (NeMo#5819: Slurm tasks per node and
          # devices disagree, so each task numbers its ranks from the same start).
          r"GLOBAL_RANK \d+ initialized by two launcher tasks",
          "launch_config", E, "the launch does not fit the job or the machines: a hostfile entry, the number of "
          "nodes, GPUs or slots, or parallel sizes that do not multiply to the world size",
          "make the hostfile, --nnodes/--nproc_per_node (or Ray's resources) and the parallel sizes agree: "
          "world size = nodes x GPUs per node = tensor x pipeline x data parallel sizes", C.APPLICATION_BUG),
        # The program's own setup (accelerate, Lightning, DeepSpeed, Megatron, vLLM, torch): a rendezvous variable
        # not set, CUDA initialized before the launcher forks (torch/cuda/__init__.py "Cannot re-initialize CUDA in
        # forked subprocess"), a tensor on another GPU ("Expected all tensors to be on the same device"), a process
        # group made without the device the engine needs, DeepSpeed's backend not initialized, a model that does
        # not split over that many GPUs (vLLM "must be divisible by tensor parallel size").
        # torch 1.x's wording of it: "Expected tensor for argument #1 'input' to have the same device as tensor for
        # argument #2 'weight'; but device 1 does not equal 0" (a DataParallel replica, xiadingZ/video-caption#43),
        # torch 0.4's "arguments are located on different GPUs" (OpenNMT/OpenNMT-py#921), the embedding kernel's "Input,
        # output and indices must be on the current device" (a DataParallel replica, microsoft/onnxruntime#7287),
        # torch 1.0 - 1.4's TH wording "Expected object of backend CUDA but got backend CPU for argument #2 'target'"
        # (fastai/fastai2#57: the targets left on the CPU under distributed training) or "... of device type cuda
        # but got device type cpu for argument #1 'self'", and torch 1.0 - 1.5's "expected device cuda:1 (and dtype
        # Float) but got device cuda:0" (a tensor the program pinned to GPU 0 met a replica on GPU 1); an operator's
        # own check of two arguments (torch.stft: "stft input and window must be on the same device but got self on
        # cuda:1 and window on cuda:0", yeyupiaoling/VoiceprintRecognition-Pytorch#39; torch.where's "Expected
        # condition, x and y to be on the same device, but condition is on cuda:7 and x and y are on cuda:0 and cuda:0
        # respectively", a learning rate left on cuda:0 under DataParallel, miladmozafari/SpykeTorch#11); c10's parse of
        # a device the program or its config names ("Invalid device string: 'cuda:0,1'", two GPUs where torch takes
        # one: zjunlp/EasyEdit#33).
        p(r"Cannot re-initialize CUDA in forked subprocess|all tensors to be on the same device|"
          r"expected device cuda:\d+ (?:and dtype \w+ )?but got device cuda:\d+|must be on the same device,? but got "
          r"\w+ on (?:cuda:\d+|cpu) and \w+ on (?:cuda:\d+|cpu)|to be on the same device, but \w+ is on "
          r"(?:cuda:\d+|cpu) and|Invalid device string: '|"
          r"found at least two devices, ?cuda|to have the same device as tensor for argument|"
          r"arguments are located on different GPUs|Input, output and indices must be on the current device|"
          r"Expected object of (?:backend|device type) \w+ but got (?:backend|device type) \w+ for argument|"
          # a simulator's tensor binding on another GPU than the rank's tensors: every rank's engine on GPU 0
          # (isaac-sim/IsaacLab#7142: "binding expects GPU (device=0), tensor is GPU (device=2)", ovphysx <= 0.5.10)
          r"device mismatch:? [^\n]{0,80}\(device=\d+\)[^\n]{0,40}\(device=\d+\)|"
          # ATen's from_blob given another GPU than its data's (mir-group/pair_nequip_allegro#11: LAMMPS-Kokkos put
          # every rank's data on cuda:0, the model of each rank on its own GPU)
          r"Specified device cuda:\d+ does not match device of data cuda:\d+|"
          r"must be divisible by tensor parallel size|When using multiple machines, you need to specify the main process IP|`MASTER_ADDR` env was not set|"
          r"CUDA has been initialized before (?:the )?`?notebook_launcher|can't create new processes if CUDA is "
          r"already initialized|launch new distributed processes with `local_rank > 0`|Distributed backend is not "
          r"initialized|DeepSpeed backend not set|were not on the cpu while the `Accelerator`|nccl communicator is "
          r"created to work on cuda:\d+, but the input tensor|initialized the default process group without "
          r"device_id|require setting the environment variable CUDA_DEVICE_MAX_CONNECTIONS|UCC-backend requires "
          r"CUDA_DEVICE_MAX_CONNECTIONS|zero\.Init resolved a process group of world_size=1|Distributed backend nccl "
          r"is not available; falling back|"
          # nnabla installed without its CUDA extension (nnabla-ext-cuda with NCCL): "No communicator found.
          # Running with a single process", and its registry's "Any of [cudnn:float, ...] could not be found in []"
          # (no backend registered: sony/nnabla#946, the multi-process communicator missing).
          r"No communicator found\. Running with a single process|Any of \[[^\]\n]*\] could not be found in \[\]",
          "framework_usage", E, "the program sets up the distributed job incorrectly for its framework (rendezvous "
          "variables, CUDA before fork, tensors on another GPU, a missing environment setting the framework "
          "requires, a model that does not split over that many GPUs)", "follow the message: set the variable it "
          "names, start workers with 'spawn' (vLLM: VLLM_WORKER_MULTIPROC_METHOD=spawn) or before any CUDA call, "
          "keep tensors on the rank's GPU, pick a tensor-parallel size that divides the model's heads",
          C.APPLICATION_BUG),
        # -- ssh launchers (DeepSpeed's pdsh, Horovod) ---------------------------------------------------------
        # Older DeepSpeed let the CalledProcessError of its check (runner.py "ssh -o PasswordAuthentication=no
        # <host> hostname") through (DeepSpeed#4907, an address, so no name was resolved); ColossalAI's runner
        # quotes paramiko's "No authentication methods available" (ColossalAI#2959) and its SSHException for a key
        # file it cannot parse ("not a valid RSA private key file", ColossalAI#5213).
        p(r"was not reachable via ssh|could not connect to some hosts via ssh|launcher 'pdsh' not installed|"
          r"ssh not successful for host|ssh -o PasswordAuthentication=no \S+ (?:-p \d+ )?\S*\s?hostname'? returned "
          r"non-zero exit status 255|exception: (?:No authentication methods available|not a valid \w+ private key "
          r"file)", "mpi_launch", E,
          "the launcher could not start the job on every node over ssh (keys, host names, pdsh missing)",
          "set up passwordless ssh from the launching node to every node by the names in the hostfile "
          "(`ssh <node> hostname` must work without a prompt), and install pdsh for DeepSpeed's default launcher",
          C.OTHER),
        # Horovod's Gloo rendezvous (common/gloo/http_store.cc Wait): a worker waited for the keys of the others past
        # HOROVOD_GLOO_TIMEOUT_SECONDS (30 s by default). At tens of nodes their start spreads past it
        # (horovod#2015: 50 nodes, fixed by --gloo-timeout-seconds 240); otherwise a worker never got there. Newer
        # Horovod words it "Wait timeout after %d seconds for key(s): ..." (http_store.cc:54@2626dc8).
        p(r"http_store\.cc[^\n]*Wait timeout (?:after \d+ seconds )?for key", "rendezvous_timeout", E,
          "Horovod's Gloo rendezvous timed out waiting for the other workers' keys: they started later than the "
          "timeout allows (many nodes) or never arrived", "raise horovodrun --gloo-timeout-seconds "
          "(HOROVOD_GLOO_TIMEOUT_SECONDS) for many nodes; otherwise find the worker that did not start (its log)",
          C.PERFORMANCE_CONFIG, "root", (C.RANK_CRASHED_ELSEWHERE, C.FIREWALL_OR_PORT_BLOCKED)),
        # -- interfaces and addresses ----------------------------------------------------------------------------
        # Horovod runner/common/util/network.py and driver_service.py: its task services could not find or use a
        # common interface; DeepSpeed runner.py "Unable to detect suitable master address via 'hostname -I'";
        # vLLM network_utils "Failed to get the IP address, using 0.0.0.0 by default"; SGLang "Can not get local
        # ip"; Lightning "MASTER_ADDR environment variable is not defined. Set as localhost" (fine on one node).
        p(r"unable to connect to horovod driver service|No available network interface found matching user|"
          r"Unable to find a set of common task-to-task communication interfaces|but has connected from a "
          r"different address|Unable to detect suitable master address|Can not get local ip",
          "no_interface", E, "the launcher found no usable or common network interface between the nodes (or an "
          "address seen through NAT/VPN differs from the one declared)",
          "name the interface that joins the nodes (horovodrun --network-interface, NCCL_SOCKET_IFNAME and "
          "GLOO_SOCKET_IFNAME; DeepSpeed --master_addr; SGLANG_LOCAL_IP_NIC) on every node",
          C.WRONG_INTERFACE, "root", (C.FIREWALL_OR_PORT_BLOCKED,)),
        p(r"Expected to connect the host \S+ using interface \S+, but reached it on interface|Failed to get the IP "
          r"address, using 0\.0\.0\.0 by default|MASTER_ADDR environment variable is not defined\. Set as localhost",
          "no_interface", W, "the launcher picked an address or interface other than the one expected: right on one "
          "node, wrong when the job spans nodes", "set MASTER_ADDR / VLLM_HOST_IP to the address of the network "
          "that joins the nodes, and the interface variables to match", C.WRONG_INTERFACE),
        # Horovod launch.py: "Timed out waiting for tasks to start. Please check connectivity between servers":
        # its task services never reached the driver (before the generic timeout row); the traceback's frame of
        # the same check, where the message itself was not pasted (horovod/horovod#1338).
        p(r"Timed out waiting for tasks to start\. Please check connectivity|check_time_out_for\('tasks to start'\)",
          "socket_connect_failed", E,
          "Horovod's tasks on the other nodes never reached its driver: the ports between the servers are "
          "filtered, or the address they use does not join the nodes", "open the ports between the servers and "
          "name the common interface (--network-interface)", C.FIREWALL_OR_PORT_BLOCKED, "root",
          (C.WRONG_INTERFACE,)),
        # -- collectives that do not match ----------------------------------------------------------------------
        # Horovod controller.cc "Mismatched %s tensor shapes", "Mismatched operations", stall_inspector.cc
        # "submitted to be reduced, gathered or broadcasted by subset of ranks", "is stalled for longer than";
        # accelerate operations.py "Cannot apply desired operation due to shape mismatches", and the "Operation:
        # `accelerate.utils.operations.broadcast`" line under it (DigiRL-agent/digirl#42: the first line cut); Ray
        # collective "Unable to get the NCCLUniqueID from the store" (the other ranks never reached the collective);
        # the lines of PyTorch's desync report (c10d TraceUtils.h): "[1, 2] finished collective #14862, but didn't join
        # collective #14863", "... never joined collective #N", "... joined but didn't finish collective #N".
        p(r"but didn't join collective #\d+|never joined collective #\d+|joined but didn't finish collective #\d+|"
          r"Mismatched \w+ tensor shapes|Mismatched operations: One rank did|by subset of ranks and are waiting for "
          r"remainder|is stalled for longer than \d+ seconds|"
          # the same warning hard-wrapped in a paste (horovod/horovod#159: "... broadcasted by subset" / " of ranks
          # and ..."), and Horovod 0.x's list of the stalled ops with the ranks that were ready for them, or (0.16,
          # horovod/horovod#1012) the ranks missing from them
          r"submitted to be reduced, gathered or broadcasted by subset\s*$|\[(?:ready|missing) ranks: \d[\d, ]*\]|"
          r"due to shape mismatches\. All shapes across devices|\bOperation: `accelerate\.utils\.operations\.\w+`|"
          r"Unable to get the NCCLUniqueID from the store", "collective_mismatch", E,
          "ranks issued different collectives or shapes, or some ranks never reached one",
          "make every rank call the same collectives in the same order with the same shapes (Horovod's "
          "HOROVOD_STALL_CHECK names the ranks and tensors; TORCH_DISTRIBUTED_DEBUG=DETAIL for torch)",
          C.HANG_COLLECTIVE_MISMATCH, "root", (C.APPLICATION_BUG,)),
        # -- P2P between GPUs of one node ------------------------------------------------------------------------
        # vLLM custom_all_reduce.py / SGLang: "Custom allreduce is disabled because it's not supported on more than two
        # PCIe-only GPUs" is a topology gate (more than two GPUs not all joined by NVLink, read from NVML) that every
        # healthy PCIe server prints; it tests no P2P (vllm-project/vllm#16570, an OOM behind it). Only a hint for a
        # hang of NCCL's P2P on such a box (vllm-project/vllm#14025). SGLang's second kernel says "CustomAllReduceV2"
        # (sgl-project/sglang#29562).
        p(r"Custom ?allreduce(?:V2)? is disabled because it's not supported on more than two PCIe-only GPUs",
          "p2p_unavailable", I,
          "vLLM found more than two GPUs not joined by NVLink and uses NCCL instead of its own all-reduce (a topology "
          "notice, printed on healthy PCIe servers too): if collectives between them hang, PCIe ACS or an IOMMU in "
          "translation mode is the usual cause", _P2P_HINT, C.ACS_IOMMU_P2P),
        # vLLM / SGLang custom all-reduce refusing GPUs joined by PCIe only ("... because your platform lacks GPU
        # P2P capability or P2P test failed": its own P2P test through CUDA IPC failed or the driver offers
        # none; "... not supported on more than two PCIe-only GPUs"; SGLang "Setup Custom allreduce failed with
        # CUDA error", its CUDART wording "... with CUDART error: peer access is not supported", sgl-project/sglang#9707);
        # TensorRT-LLM "Device %d peer access Device %d is not available.", "cudaDeviceCanAccessPeer failed
        # for device: %d peerDevice: %d", "Since Peer to Peer not supported, fallback to AllReduceStrategy: %s".
        # MSCCL++ registered_memory.cc "CudaIpc import failed on same host, falling back to IB transport". Healthy
        # PCIe servers print them too: a hint for a hang, not a fault.
        # TensorFlow's INFO at start ("I ... gpu_device.cc:847] Peer access not supported between device ordinals 0
        # and 4": GPUs on different PCIe roots, shaohua0116/Multiview2Novelview#5).
        p(r"Device \d+ peer access Device \d+ is not available|CudaIpc import failed on same host|"
          r"cudaDeviceCanAccessPeer failed for device|Since Peer to Peer not supported, fallback|"
          r"gpu_device\.cc:\d+\] Peer access not supported between device ordinals|"
          r"Custom ?[Aa]llreduce is disabled because (?:your )?platform lacks GPU P2P "
          r"capability|Setup Custom allreduce failed with CUDA(?:RT)? error",
          "p2p_unavailable", I,
          "the GPUs are joined by PCIe only, without working peer-to-peer (the framework's own check): if "
          "collectives between them hang or return wrong data, PCIe ACS or an IOMMU in translation mode is the "
          "usual cause", _P2P_HINT, C.ACS_IOMMU_P2P),
        # accelerate big_modeling.py: "We've detected an older driver with an RTX 4000 series GPU. These drivers have
        # issues with P2P." (RTX 40 on drivers before 550.40.07: P2P reported but broken).
        # state.py's "Using RTX 4000 series doesn't support faster communication ... via P2P" is raised by the same
        # check (check_cuda_p2p_ib_support fails only for RTX 40 on those drivers).
        p(r"older driver with an RTX 4000 series GPU|RTX 4000 series doesn't support faster communication", "p2p_error", E,
          "this driver reports peer-to-peer between RTX 40 GPUs that does not work (drivers before 550.40.07)",
          "update the NVIDIA driver (550.40.07 or later), or set NCCL_P2P_DISABLE=1", C.ACS_IOMMU_P2P),
        # NCCL p2p.cc: "Legacy IPC not supported" (WSL's CUDA, the WAR that keeps P2P off) and "Could not enable
        # P2P between dev %d(=%lx) and dev %d(=%lx)" (cudaDeviceEnablePeerAccess refused): NCCL uses SHM instead.
        p(r"Legacy IPC not supported|Could not enable P2P between dev", "p2p_unavailable", I,
          "NCCL could not use peer-to-peer between these GPUs (WSL, a VM, or the driver refused peer access) and "
          "moves their data through host memory", _P2P_HINT, C.ACS_IOMMU_P2P),
        # vLLM / SGLang all_reduce_utils: "Two processes do not agree on the P2P access status on %d -> %d, treat
        # as disabled": one GPU pair answers differently on each side, which working P2P never does.
        p(r"do not agree on the P2P access status", "p2p_error", W,
          "two processes disagree on whether GPU peer-to-peer works between the same pair: P2P is unreliable on "
          "this machine (PCIe ACS, an IOMMU, a VM)", _P2P_HINT, C.ACS_IOMMU_P2P),
        # vLLM's batch P2P test failing in CUDA itself ("Error happened when batch testing peer-to-peer access
        # ... CUDART error: initialization error").
        p(r"Error happened when batch testing peer-to-peer access", "cuda_error", E,
          "CUDA failed in a helper process that tests GPU peer-to-peer access (the driver or the GPUs visible to it)",
          "check `nvidia-smi` and CUDA_VISIBLE_DEVICES in that process; VLLM_SKIP_P2P_CHECK=1 skips the test",
          C.CUDA_OR_DRIVER),
        # DeepSpeed runner.py "Unable to proceed, no GPU resources available"; Lightning accelerators/cuda.py "there
        # are no visible CUDA devices on this machine", "are occupied by other processes and can't be used".
        p(r"no GPU resources available|there are no visible CUDA devices on this machine|are occupied by other "
          r"processes and can't be used", "gpu_missing", E, "the launcher sees no usable GPU: none visible (driver, "
          "container, CUDA_VISIBLE_DEVICES) or the ones asked for are held by other processes",
          "check `nvidia-smi` where the job runs (GPUs passed into the container, CUDA_VISIBLE_DEVICES, processes "
          "holding them; exclusive compute mode)", C.CUDA_OR_DRIVER),
        # -- memory and limits ---------------------------------------------------------------------------------
        # vLLM worker/utils.py "Free memory on device ... on startup is less than desired GPU memory
        # utilization"; SGLang "Not enough memory. Please try to increase --mem-fraction-static", "The memory
        # capacity is unbalanced. Some GPUs may be occupied by other processes". vLLM's line is often pasted wrapped
        # after "on startup is" (a DGX Spark thread, minefield45), so its first half carries it too.
        p(r"on startup is less than desired GPU memory utilization|Free memory on device \S+ \([\d./]+ ?GiB\) on "
          r"startup|Not enough memory\. Please try to increase "
          r"--mem-fraction-static|The memory capacity is unbalanced", "oom", E,
          "GPU memory is short for the engine: other processes hold part of it, or the memory fraction is too high",
          "free the GPUs (`nvidia-smi` shows who holds them) or lower the memory fraction", C.OOM),
        p(r"Fail to set RLIMIT_NOFILE", "fd_limit", W, "the open-files limit could not be raised for the engine",
          "raise the hard limit where it runs (`ulimit -Hn`, limits.d nofile, docker --ulimit nofile)",
          C.MEMLOCK_OR_ULIMIT),
        # -- a node or a worker gone -----------------------------------------------------------------------------
        # Ray's GCS health check: "The node with node id: %s ... has been marked dead because the detector has
        # missed too many heartbeats from it. This can happen when a (1) raylet crashes unexpectedly (OOM,
        # preempted node, etc.) (2) raylet has lagging heartbeats due to slow network or busy workload"; the
        # raylet's own "[Timeout] Exiting because this node manager has mistakenly been marked as dead";
        # exceptions.py "The task's local raylet died", "The worker died unexpectedly while executing this
        # task", "The actor died because its node has died"; Horovod "Horovod has been shut down. This was caused
        # by an exception on one of the ranks"; Spark's TaskSchedulerImpl "Lost executor %s on %s: %s" (an
        # executor whose heartbeats stopped, killed or out of memory: XGBoost and Horovod on Spark lose a rank).
        # Ray <= 0.6: "... has been marked dead because the monitor has missed too many heartbeats" (ray#3628).
        # ActorDiedError "The actor died unexpectedly before finishing this task": its process is gone, most often
        # killed for host memory (volcengine/verl#275, a maintainer: CPU memory).
        # Ray 2.5x's task error "Task failed because the node it was running on is dead or unavailable" names
        # preemption, a hardware failure or a raylet crash (ray-project/ray#58638). Ray's "WorkerUnreachableError:
        # Worker died or is unreachable when calling 'update_weights': ActorUnavailableError(... Socket closed)" is
        # the actor's process gone, not a network filter (radixark/miles#3204: it died on a CUDA error first).
        p(r"has been marked dead because the (?:detector|monitor) has missed too many heartbeats|"
          r"Worker died or is unreachable when calling|"
          r"Task failed because the node it was running on is dead or unavailable|"
          r"mistakenly been marked as dead by the GCS|The task's local raylet died|The worker died unexpectedly "
          r"while executing|The actor died because its node has died|The actor died unexpectedly|"
          r"Horovod has been shut down\. This was caused by an exception|"
          r"Lost executor \d+ on \S+:",
          "remote_exited", E, "a node or worker of the job went away (it crashed, ran out of memory, was preempted, "
          "or stopped answering over the network)", "find why that node or worker stopped (`dmesg` for the OOM "
          "killer, preemption events, its own log: `ray logs raylet.out`); if it was alive, check the network",
          C.RANK_CRASHED_ELSEWHERE, "collateral", (C.OOM, C.WRONG_INTERFACE)),
        # The launcher or engine reporting that its worker exited: the worker's own error, above, is the cause
        # (vLLM "Worker proc %s died unexpectedly", "RayWorkerProc rank=%s died unexpectedly", "Worker %s pid=%s
        # died, exit code"; SGLang "crashed with exit code %d. Triggering SIGQUIT", "Received sigquit from a child
        # process"; DeepSpeed "Killing subprocess"; Horovod "Terminating remaining workers after failure of"; vLLM
        # V1's "Engine core initialization failed. See root cause above. Failed core proc(s): {'EngineCore_0': 1}",
        # vllm-project/vllm#18416; torchrun's teardown of the other workers, elastic/multiprocessing/api.py "Unable to
        # shutdown process %s via %s, forcefully exiting via %s"). A worker killed with SIGKILL (exit code -9) is
        # process_killed's.
        p(r"^(?!.*exit code:? -9\b).*?(?:(?:Worker proc \S+|RayWorkerProc rank=\S+) died unexpectedly|Worker \S+ "
          r"pid[= ]\d+ died, exit code|crashed with exit code -?\d+\. Triggering SIGQUIT|Received sigquit from a child "
          r"process|Killing subprocess \d+|Terminating remaining workers after failure of|exits with return code = "
          r"[1-9]\d*\b|Engine core initialization failed\. See root cause above|Unable to shutdown process \d+ via "
          r"Signals\.SIGTERM)",
          "worker_failed", E, "a worker process exited: its own error, above in its output, is the cause",
          "read the first error of that worker's output", None, "collateral"),
        # DeepSpeed's launcher logs every worker's exit at ERROR level (launch.py sigkill_handler), a clean one too.
        p(r"\] exits with return code = 0\b", "noise", I, "a worker exited cleanly (return code 0)",
          "nothing to fix: this line is normal", None, "noise"),
        # ColossalAI's `colossalai run` (cli/launcher/multinode_runner.py): "Error: failed to run {cmds} on {host},
        # is localhost: {True|False}, exception: {e}". The command's own output says why; launch_args.py reads two
        # hosts that both counted as this machine (hostinfo.py's address test before v0.3.1, ColossalAI#4320).
        p(r"Error: failed to run .* on \S+, is localhost: (?:True|False), exception:", "launcher_host_failed", E,
          "the launcher could not run the command on a host: the exception and that host's output say why",
          "read the exception and the host's own output; check `ssh <host> true` works from the launching node",
          None, "collateral"),
        # -- programs and configurations ------------------------------------------------------------------------
        # Megatron determinism.py checks NCCL_ALGO's tokens ("NCCL_ALGO='%s': each token must be in [...]"), before
        # the CollNet rows that its word list would trigger.
        p(r"NCCL_ALGO='[^']*': each token must be in", "tuning_invalid", E,
          "NCCL_ALGO holds a value the framework's determinism check refuses", "set NCCL_ALGO to the values the "
          "message lists (or unset it)", C.PERFORMANCE_CONFIG, "root", (C.APPLICATION_BUG,)),
        # Megatron's rerun state machine: a result that does not reproduce on a second run or another GPU is a
        # hardware fault of the first GPU (rerun_state_machine.py); parameters that differ between data-parallel
        # replicas (training.py "Parameter hashes not matching across DP replicas").
        p(r"unexpected result is not reproducible|Parameter hashes not matching across DP replicas|\] Hash not "
          r"matching for ", "gpu_fault", E,
          "a result differed when recomputed (on the same or another GPU), or data-parallel replicas diverged: "
          "silent data corruption on a GPU (or a nondeterministic bug)", "take the GPU the check names out of "
          "service and run its diagnostics (`dcgmi diag -r 3`), then resume from the last checkpoint",
          C.CUDA_OR_DRIVER, "root", (C.OTHER,)),
        # Megatron arguments.py "Setting NCCL_GRAPH_REGISTER=0 to avoid illegal memory access"; DeepSpeed
        # env_report "see more details about NCCL requirements": what the framework does or points to.
        p(r"Setting NCCL_GRAPH_REGISTER=0 to avoid|see more details about NCCL requirements", "noise", I,
          "the framework adjusting a setting or pointing to documentation", "nothing to fix", None, "noise"),
    )
