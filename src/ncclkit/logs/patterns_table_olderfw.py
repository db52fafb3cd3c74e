"""Rows of the line classifier (patterns.py) for the distributed layers of older and vision frameworks: Horovod's runner
and elastic driver, mmengine, detectron2, fairseq, fairscale and Colossal-AI's runtime (tests/lines/olderfw.py holds
every line with file:line@commit).

- parallel sizes, host lists, discovery scripts and ranks that do not fit the machines, and a results directory not
  shared between the nodes, are the launch (launch_config); a script started without its launcher's environment or a
  group used before it exists is the program's use of its framework (framework_usage);
- Horovod built without Gloo or MPI is its build (package_build, `other`); its "Mismatched ..." checks are ranks that
  submitted different collectives (collective_mismatch); its driver's and Gloo store's connection failures are the
  ports between the servers (socket_connect_failed);
- detectron2's arguments of a job of several machines that keep the loopback dist_url are master_addr_loopback;
  fairseq's gradients that differ after the all-reduce are a GPU's silent corruption (gpu_fault, as Megatron's
  replica hash check).

Wrappers that say the initialisation failed name nothing. Read before the generic families: a bare "AssertionError:"
or "ValueError:" (program_error), "Timed out" (timeout) and "aborting" (abort) would send these lines elsewhere.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ncclkit.causes import Cause as C
from ncclkit.findings import Severity

E, W, I = Severity.ERROR, Severity.WARNING, Severity.INFO

# Words the log scanner's prefilter (nccl_log_words.OTHER_WORDS) needs for these rows' lines; no word may contain
# another of the whole list.
OLDERFW_WORDS: tuple[bytes, ...] = (b"not successful for host", b"uninitialized 'dummy' batch", b"Command Line Args:",
                                    b"[ ] NCCL")

_LAUNCH_FIX = ("make the launch what the message checks for: the host list and its slots, as many hosts and "
               "processes as the job needs, parallel sizes that multiply to the world size (and divide the GPUs "
               "per node), a discovery script that runs on the launching node, a directory every node shares")
_USAGE_FIX = ("start the script through the framework's own launcher (horovodrun, detectron2's launch(), "
              "mmengine/Colossal-AI's launch functions under torchrun, srun or mpirun) so its variables are set, "
              "and create the process groups (init_process_group, the local or model-parallel group) before "
              "using them")


def olderfw_rows(p: Callable[..., Any]) -> tuple[Any, ...]:
    return (
        # Horovod's "ncclAllReduce failed: invalid data type" on a float tensor: the NCCL loaded is another than the
        # one Horovod was built with (its troubleshooting page: conda's nccl package found first; remove it and
        # reinstall Horovod).
        p(r"\bnccl\w+ failed: invalid data type", "version_mismatch", E,
          "NCCL refused a data type the framework passed: the NCCL loaded at run time is another (older) than the one "
          "the framework was built with", "remove the other NCCL from the environment (conda's `nccl` package) or put "
          "the right one first on LD_LIBRARY_PATH, and rebuild or reinstall the framework against it",
          C.NCCL_VERSION_MISMATCH, "root", (C.APPLICATION_BUG,)),
        # -- wrappers that state no cause --------------------------------------------------------------------------
        # horovod/horovod horovod/common/basics.py:133@2626dc8: init() raising after hvd's C++ init returned an
        # error; the reason ("Horovod could not be initialized: ...", an MPI or Gloo error) is logged above it.
        p(r"Horovod initialization failed\. Please check log messages above", "worker_failed", E,
          "Horovod's initialisation failed; this line does not say why", "read the lines above it (the C++ "
          "log's 'Horovod could not be initialized: ...', an MPI or Gloo error)", None, "collateral"),
        # -- Horovod: horovodrun's checks, the driver's probe, the elastic driver ----------------------------------
        # horovod/horovod horovod/runner/elastic/driver.py:177@2626dc8: the elastic driver waited past
        # --start-timeout for discovery to find min_np slots ("Please check that you have enough resources to run
        # at least N Horovod processes"); discovery.py:260: the --host-discovery-script failed (its exit code);
        # launch.py:696: --min-np elastic mode with one host; common/util/hosts.py:79: a -H/--hosts value not in
        # host:slots form.
        p(r"Timed out waiting for minimum number of slots to become available|Failed to execute discovery script: "
          r".*Exit code: -?\d+|Cannot run in fault tolerance mode with fewer than \d+ hosts|Invalid host input, "
          r"please make sure it has format as", "launch_config", E,
          "Horovod's launch does not fit the machines: discovery finds fewer slots than the minimum process count "
          "(or its script fails), elastic mode has one host, or the host list is malformed",
          "give horovodrun a host list as host:slots,host:slots, a discovery script that prints them when run on "
          "the launching node (run it by hand), at least two hosts for elastic mode, and --min-np no larger than "
          "the slots found", C.APPLICATION_BUG),
        # horovod/horovod horovod/runner/elastic/driver.py:255@2626dc8: after every host of the previous set was
        # blacklisted (their workers failed), no worker is left to broadcast the state from: the cause is on them.
        p(r"No hosts from previous set remaining, unable to broadcast state", "remote_exited", E,
          "every host of the elastic job's previous set was removed after its workers failed: no worker is left to "
          "broadcast the training state", "read the first error of the workers on the removed hosts (crash, OOM, "
          "lost node)", C.RANK_CRASHED_ELSEWHERE, "collateral"),
        # horovod/horovod horovod/runner/common/util/env.py:44@2626dc8: HOROVOD_RANK without HOROVOD_SIZE (or the
        # reverse), a worker started by hand or by a launcher that set only one of them; common/operations.cc:682:
        # hvd.init() on ranks that registered different process sets (hvd.init(process_sets=...) differs).
        p(r"Could not determine process rank and size: only one of HOROVOD_RANK and HOROVOD_SIZE|Horovod could not "
          r"be initialized: Different ranks tried to set up mismatching numbers of process sets", "framework_usage",
          E, "Horovod's workers were started without the environment horovodrun gives them, or they registered "
          "different process sets", "start the workers with horovodrun (or set HOROVOD_RANK and HOROVOD_SIZE "
          "together), and pass the same process sets to hvd.init() on every rank", C.APPLICATION_BUG),
        # horovod/horovod horovod/runner/launch.py:732 and :778@2626dc8: the runner's check of horovod's build flags
        # (gloo_built(), mpi_built()): the package was compiled without the controller the run needs; horovod/common/
        # util.py check_extension: "Extension horovod.mxnet has not been built. If this is not expected, reinstall
        # Horovod with HOROVOD_WITH_MXNET=1" (deepinsight/insightface#1342: horovodrun --check-build showed no MXNet).
        p(r"Gloo support is required to use elastic training, but has not been built|Neither MPI nor Gloo support "
          r"has been built|Extension horovod\.\w+ has not been built", "package_build", E,
          "Horovod was built without the controller this run needs (Gloo for elastic training, or neither Gloo nor "
          "MPI at all) or without the framework it is imported for (horovod.torch, horovod.mxnet)",
          "reinstall Horovod with CMake present and what the run needs forced on: `HOROVOD_WITH_GLOO=1 pip install "
          "--no-cache-dir --force-reinstall horovod` (HOROVOD_WITH_MPI=1 with MPI installed, HOROVOD_WITH_PYTORCH=1 "
          "or HOROVOD_WITH_MXNET=1 for the framework); `horovodrun --check-build` lists what was built", C.OTHER),
        # horovod/horovod horovod/runner/common/service/driver_service.py:175@2626dc8 (via launch.py:605, "Please
        # check connectivity between servers"): the tasks' probe of each other's ports did not finish, as the
        # "tasks to start" row of patterns_table_stacks.
        p(r"Timed out waiting for tasks to update task-to-task addresses\. Please check connectivity",
          "socket_connect_failed", E,
          "Horovod's tasks on different servers could not reach each other's ports to find a common interface",
          "open the ports between the servers (all TCP between the job's hosts) and name the common interface "
          "(horovodrun --network-interface <iface>); raise --start-timeout only for very many servers",
          C.FIREWALL_OR_PORT_BLOCKED, "root", (C.WRONG_INTERFACE,)),
        # horovod/horovod horovod/runner/launch.py check_build (`horovodrun --check-build`) marks each tensor
        # operation built with "[X]"; "[ ] NCCL" is a Horovod whose GPU tensors go through MPI or Gloo in host memory
        # (horovod/horovod#2686: two GPUs at half the images per second of one, until it was rebuilt with NCCL).
        p(r"^\s*\[ \] NCCL\s*$", "host_setting", W,
          "this Horovod was built without NCCL (`horovodrun --check-build` lists no NCCL tensor operations): GPU "
          "tensors are reduced through MPI or Gloo by way of host memory, far slower than NCCL", "reinstall Horovod "
          "with NCCL: `HOROVOD_GPU_OPERATIONS=NCCL pip install --no-cache-dir --force-reinstall horovod` (with CUDA "
          "and NCCL's headers present; HOROVOD_NCCL_HOME where NCCL is not in a default path)",
          C.PERFORMANCE_CONFIG, "likely"),
        # horovod/horovod horovod/runner/util/network.py:106@2626dc8: the interfaces the tasks share have no IPv4
        # address on this host.
        p(r"Cannot find an IPv4 address of the common interface", "no_interface", E,
          "the network interface Horovod's hosts share has no IPv4 address here",
          "name an interface with an IPv4 address on every host (`ip -br addr`; horovodrun --network-interface "
          "<iface>)", C.WRONG_INTERFACE),
        # -- Horovod: Gloo rendezvous, controller, GPU ops ---------------------------------------------------------
        # horovod/horovod horovod/common/gloo/http_store.cc:96@2626dc8: the worker's HTTP requests to the
        # rendezvous server horovodrun runs on the launching host failed every retry (the exception above it).
        p(r"http_store\.cc:\d+\] HTTP \w+ request failed too many times", "socket_connect_failed", E,
          "a Horovod worker could not reach the Gloo rendezvous server that horovodrun runs on the launching host",
          "open the rendezvous port from every host to the launching host (or fix the address it advertises: "
          "horovodrun --network-interface <iface>); HOROVOD_GLOO_RENDEZVOUS_ADDR must be reachable",
          C.FIREWALL_OR_PORT_BLOCKED, "root", (C.WRONG_INTERFACE,)),
        # horovod/horovod horovod/common/controller.cc:514, :615@2626dc8 ("Mismatched data types: One rank had
        # ...", "Mismatched reduction operation: One rank sent ...", the prescale/postscale factors, root ranks and
        # CPU/GPU device selection): the coordinator compared the ranks' requests for one tensor name.
        p(r"Mismatched [\w/ ]+: One rank (?:had|sent|specified)", "collective_mismatch", E,
          "Horovod's ranks submitted the same tensor name with different types, operations, roots or devices",
          "make every rank call the same collective with the same dtype, op, root and device for each tensor name "
          "(HOROVOD_STALL_CHECK names the ranks)", C.HANG_COLLECTIVE_MISMATCH, "root", (C.APPLICATION_BUG,)),
        # horovod/horovod horovod/common/ops/cuda_operations.cc:126@2626dc8 (CUDA_CHECK: "<call> failed: " and
        # cudaGetErrorString): the CUDA error string is decoded as NCCL's.
        p(r"HorovodInternalError: cuda\w+ failed: ", "cuda_error", E, "a CUDA call of Horovod's GPU operations "
          "failed", "read the CUDA error named; rerun with CUDA_LAUNCH_BLOCKING=1 and check `nvidia-smi` and "
          "`dmesg | grep Xid`", C.CUDA_OR_DRIVER),
        # -- mmengine ------------------------------------------------------------------------------------------------
        # open-mmlab/mmengine mmengine/dist/utils.py:169@2543429 (_init_dist_slurm/mpi reading MASTER_ADDR), :78
        # (dist_cfg's timeout not an int), :33 (get_local_group before init_local_group).
        p(r"The environment variable MASTER_ADDR is not set'|Timeout for distributed training must be provided as "
          r"timeout in seconds|Local process group is not created, please use `init_local_group`", "framework_usage",
          E, "mmengine's distributed setup was given what it refuses: no MASTER_ADDR, a timeout that is not a number "
          "of seconds, or the local group used before it was created", "launch through torchrun / srun with "
          "MASTER_ADDR set (or launcher='slurm' with its port), give dist_cfg=dict(backend='nccl', timeout=1800) "
          "an int, call init_local_group before the local group is used", C.APPLICATION_BUG),
        # open-mmlab/mmengine mmengine/dist/dist.py:1023@2543429 collect_results_cpu: rank 0 reads every rank's
        # part from tmpdir, which must be one directory all nodes see.
        p(r"is not an shared directory for rank \d+", "launch_config", E,
          "the directory mmengine collects results through is not shared between the nodes",
          "point tmpdir (or the work dir) at a file system every node mounts, or collect on the GPU "
          "(collect_device='gpu')", C.APPLICATION_BUG),
        # -- detectron2 ----------------------------------------------------------------------------------------------
        # facebookresearch/detectron2 detectron2/engine/launch.py:60@02b5c4e: dist_url "auto" picks a free port on
        # this machine only.
        p(r"dist_url=auto not supported in multi-machine jobs", "launch_config", E,
          "detectron2's dist_url=auto finds a port on one machine only: a job of several machines needs an address",
          "pass --dist-url tcp://<machine 0's address>:<port> on every machine", C.APPLICATION_BUG),
        # facebookresearch/detectron2 detectron2/utils/comm.py:13@02b5c4e (get_local_rank without launch());
        # engine/train_loop.py:459 (AMPTrainer with a DataParallel model).
        p(r"Local process group is not yet created! Please use detectron2's `launch\(\)`|AMPTrainer does not "
          r"support single-process multi-device training", "framework_usage", E,
          "detectron2 was started without its launch() (no local process group), or its AMP trainer was given one "
          "process driving several GPUs", "start through detectron2's launch() (tools/train_net.py --num-gpus N), "
          "or call comm.create_local_process_group after init_process_group; one GPU per process (DDP)",
          C.APPLICATION_BUG),
        # facebookresearch/detectron2 detectron2/engine/train_loop.py:481@02b5c4e: torch.cuda.is_available() False.
        p(r"\[AMPTrainer\] CUDA is required for AMP training", "gpu_missing", E,
          "the process sees no GPU (torch.cuda.is_available() is False)", "check `nvidia-smi` where it runs (the "
          "container's GPUs, CUDA_VISIBLE_DEVICES, a torch built with CUDA)", C.CUDA_OR_DRIVER, "root",
          (C.APPLICATION_BUG,)),
        # facebookresearch/detectron2 tools/train_net.py:155@02b5c4e logs its arguments; the parser's default
        # dist_url (engine/defaults.py:129) is tcp://127.0.0.1:<port>, which the other machines cannot reach.
        p(r"Command Line Args: Namespace\(.*\bnum_machines=(?!1\b)\d+.*\bdist_url='tcp://(?:127\.|localhost\b)",
          "master_addr_loopback", E,
          "a detectron2 job of several machines keeps a loopback dist_url: the other machines cannot reach it",
          "pass --dist-url tcp://<machine 0's address>:<port> (the same on every machine)", C.WRONG_INTERFACE),
        # -- fairseq -------------------------------------------------------------------------------------------------
        # facebookresearch/fairseq fairseq/distributed/utils.py:125, :223@3d262bb (pipeline model parallel under
        # Slurm); trainer.py:1332 (fewer batches than GPUs, so a rank has no real batch to copy).
        p(r"SLURM --ntasks-per-node must match number of pipelines per node|number of unique device IDs in "
          r"--pipeline-devices must evenly divide the number of GPUs per node|Trying to use an uninitialized "
          r"'dummy' batch", "launch_config", E,
          "fairseq's launch does not fit the job: Slurm tasks per node against the pipelines, pipeline devices "
          "against the GPUs per node, or fewer batches than GPUs", _LAUNCH_FIX, C.APPLICATION_BUG),
        # facebookresearch/fairseq fairseq/distributed/utils.py:633@3d262bb all_gather_list: an object larger than
        # the max_size buffer the caller gave.
        p(r"encoded data size \(\d+\) exceeds max_size \(\d+\)", "framework_usage", E,
          "fairseq's all_gather_list was given more data than its buffer (max_size) holds",
          "pass a larger max_size to all_gather_list (or gather less: fewer logging outputs)", C.APPLICATION_BUG),
        # The gather's own code line under the unpickling error it re-raises as "Unable to unpickle data from other
        # workers" (patterns_table_suites.py reads that line; fairseq distributed_utils.py all_gather_list;
        # facebookresearch/fairseq#2203 "_pickle.UnpicklingError: could not find MARK" with the re-raise cut off):
        # "likely", its re-raise reads first.
        p(r"^\s*result\.append\(pickle\.loads\(bytes\(out_buffer\[", "collective_mismatch", E,
          "the workers' all_gather went out of step: the bytes a worker received are no pickle, so they did not "
          "enter it together", "find the rank that skipped or repeated a step (an exception caught on one rank, an "
          "uneven batch)", C.HANG_COLLECTIVE_MISMATCH, "likely", (C.OOM,)),
        # facebookresearch/fairseq fairseq/trainer.py:1512@3d262bb: the gradient norms differ between workers after
        # the all-reduce that made them equal; as Megatron's replica hash check, corrupted data on a GPU. Its other
        # hints: the DDP backend (legacy_ddp) and GPUs of mixed generations.
        p(r"gradients are inconsistent between workers", "gpu_fault", E,
          "the workers' gradients differ after the all-reduce that should make them equal: silent data corruption "
          "on a GPU (or GPUs of different generations, or a DDP backend bug)", "find the rank whose norm differs, "
          "take its GPU out and run `dcgmi diag -r 3`; keep one GPU generation per job; try "
          "--ddp-backend=legacy_ddp", C.CUDA_OR_DRIVER, "root", (C.OTHER, C.APPLICATION_BUG)),
        # -- fairscale -----------------------------------------------------------------------------------------------
        # facebookresearch/fairscale fairscale/nn/model_parallel/utils.py:30@146f160 ensure_divisibility (world
        # size by model-parallel size, heads and partitions by it).
        p(r"AssertionError: \d+ is not divisible by \d+\s*$", "launch_config", E,
          "a size is not divisible by the model-parallel size (fairscale's ensure_divisibility)", _LAUNCH_FIX,
          C.APPLICATION_BUG),
        # facebookresearch/fairscale fairscale/internal/parallel.py:48, :112@146f160 (ranks on one GPU, no
        # init_process_group); nn/model_parallel/initialize.py:201 (initialize_model_parallel not called).
        p(r"devices in process group but world_size=\d+\. Check torch\.cuda\.set_device|torch\.distributed is not "
          r"yet initialized but process group is requested|AssertionError: model parallel group is not initialized",
          "framework_usage", E, "fairscale was used before its process groups exist, or with ranks that share a "
          "GPU", "call torch.cuda.set_device(local_rank) and init_process_group (then "
          "initialize_model_parallel) before building the model", C.APPLICATION_BUG),
        # -- Colossal-AI runtime -------------------------------------------------------------------------------------
        # hpcaitech/ColossalAI colossalai/initialize.py:101, :139@4f9953b (launch_from_slurm / launch_from_openmpi
        # outside srun / mpirun); accelerator/cuda_accelerator.py:48 (current device before launch).
        p(r"Could not find '\w+' in the (?:SLURM|OpenMPI) environment, visit https://www\.colossalai\.org|Cannot get "
          r"current device when distributed is not initialized", "framework_usage", E,
          "Colossal-AI's launch function did not find its launcher's variables, or the device was asked for before "
          "the launch", _USAGE_FIX, C.APPLICATION_BUG),
        # hpcaitech/ColossalAI colossalai/cluster/process_group_mesh.py:46@4f9953b; booster/plugin/
        # gemini_plugin.py:549 and low_level_zero_plugin.py:437: the plugin's parallel sizes and the world size.
        p(r"The product of the size\(\d+\) must be equal to the world size\(\d+\)|The global group size can't be "
          r"evenly divided by the subgroup size|extra_dp_size should be a factor of world_size", "launch_config", E,
          "Colossal-AI's parallel sizes do not fit the number of processes launched", _LAUNCH_FIX,
          C.APPLICATION_BUG),
    )
