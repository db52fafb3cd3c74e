"""Real failures of NCCL and torch.distributed, each caused on purpose, captured as users paste them.

Every scenario starts a real two-rank job under torchrun on one GPU (each rank sets its own
NCCL_HOSTID, so NCCL treats them as two hosts and runs NET/Socket over loopback), with one fault
put in by construction: a wrong interface name, a peer that raises, a skipped collective, a GPU
that is full, ... The whole console output (torchrun's and both ranks') is kept verbatim as
<scenario>.log; the cause is known because the scenario made it, so the logs test `analyze` on
text NCCL 2.28 and PyTorch really print (tests/analyze/test_device_faults.py).

Usage, from the repository root: OUT=/dir python3 benchmarks/faults_gpu.py [SCENARIO...]
Writes $OUT/faults.tar (the logs) and $OUT/faults.json (per scenario: command, variables, exit
code, seconds).
"""

from __future__ import annotations

import datetime
import json
import os
import resource
import shlex
import signal
import socket
import subprocess
import sys
import tarfile
import time

OUT = os.environ.get("OUT", "out")
# KINDS.md: NVLink multicast stays off in every environment started on the lent machines.
SAFE_ENV = {"NCCL_NVLS_ENABLE": "0", "TORCH_SYMM_MEM_DISABLE_MULTICAST": "1", "NVSHMEM_DISABLE_NVLS": "1"}
SOCKET_ENV = {"NCCL_IB_DISABLE": "1", "NCCL_SOCKET_IFNAME": "lo"}

# name -> (variables for the job, what the scenario does, the cause it makes (CONTRACTS section 9))
SCENARIOS: dict[str, tuple[dict[str, str], str, str]] = {
    "bad-ifname": ({"NCCL_SOCKET_IFNAME": "ens9f9", "NCCL_IB_DISABLE": "1"},
                   "NCCL_SOCKET_IFNAME names an interface the host does not have", "wrong_interface"),
    "bad-ifname-info": ({"NCCL_SOCKET_IFNAME": "ens9f9", "NCCL_IB_DISABLE": "1", "NCCL_DEBUG": "INFO"},
                        "the same, with NCCL_DEBUG=INFO", "wrong_interface"),
    "net-ib-forced": ({"NCCL_NET": "IB", "NCCL_SOCKET_IFNAME": "lo", "NCCL_DEBUG": "INFO"},
                      "NCCL_NET=IB on a host without an RDMA device", "socket_fallback"),
    "net-plugin-missing": ({**SOCKET_ENV, "NCCL_NET_PLUGIN": "ofi", "NCCL_NET": "AWS Libfabric",
                            "NCCL_DEBUG": "INFO"},
                           "NCCL_NET names aws-ofi-nccl, which is not installed", "net_plugin_error"),
    "peer-raises": ({**SOCKET_ENV}, "rank 1 raises in its own code after 3 all_reduces; rank 0 goes on",
                    "application_bug"),
    "peer-raises-info": ({**SOCKET_ENV, "NCCL_DEBUG": "INFO"}, "the same, with NCCL_DEBUG=INFO",
                         "application_bug"),
    # Without torchrun, whose monitor would stop rank 0 before NCCL notices: the log is rank 0's
    # alone, as a user pastes the rank that reported the error.
    "peer-killed-survivor": ({**SOCKET_ENV, "NCCL_DEBUG": "INFO", "RAW": "1"},
                             "rank 1 is killed (SIGKILL) in its 4th step; the paste is rank 0's output",
                             "rank_crashed_elsewhere"),
    "bad-topo-file": ({**SOCKET_ENV, "NCCL_TOPO_FILE": "/tmp/faults_topo.xml"},
                      "NCCL_TOPO_FILE is a truncated XML file", "topology_or_numa"),
    "skipped-collective": ({**SOCKET_ENV, "TORCH_NCCL_ASYNC_ERROR_HANDLING": "3"},
                           "rank 1 skips the 4th all_reduce and waits; rank 0's watchdog times out (15 s)",
                           "hang_collective_mismatch"),
    "size-mismatch-detail": ({**SOCKET_ENV, "TORCH_DISTRIBUTED_DEBUG": "DETAIL"},
                             "the ranks all_reduce tensors of different sizes (TORCH_DISTRIBUTED_DEBUG=DETAIL)",
                             "hang_collective_mismatch"),
    "duplicate-gpu": ({**SOCKET_ENV, "NO_HOSTID": "1"},
                      "both ranks on GPU 0 of one host (no NCCL_HOSTID): one GPU for two ranks",
                      "application_bug"),
    "gpu-full": ({**SOCKET_ENV}, "the GPU is filled by the program before NCCL connects", "oom"),
    "cpu-tensor": ({**SOCKET_ENV}, "all_reduce of a CPU tensor on the NCCL process group", "application_bug"),
    # NCCL's socket transport opens NCCL_SOCKET_NTHREADS x NCCL_NSOCKS_PERTHREAD sockets per peer and channel.
    "few-files": ({**SOCKET_ENV, "NCCL_SOCKET_NTHREADS": "8", "NCCL_NSOCKS_PERTHREAD": "8", "NCCL_DEBUG": "WARN",
                   "ULIMIT_NOFILE": "160"},
                  "the ranks may open 160 files (ulimit -n) and NCCL opens 64 sockets per connection",
                  "memlock_or_ulimit"),
    "gloo-bad-ifname": ({"GLOO_SOCKET_IFNAME": "ens9f9", "BACKEND": "gloo"},
                        "the Gloo backend with GLOO_SOCKET_IFNAME naming no interface of the host", "wrong_interface"),
    "master-unresolvable": ({**SOCKET_ENV, "MASTER": "trainer-master-0.cluster.invalid"},
                            "torchrun's --master-addr is a host name that does not resolve", "hostname_resolution"),
    "port-taken": ({**SOCKET_ENV, "TAKE_PORT": "1"},
                   "another process already listens on torchrun's --master-port", "application_bug"),
    "more-ranks-than-gpus": ({**SOCKET_ENV, "DEVICE_FROM_RANK": "1"},
                             "each rank takes cuda:LOCAL_RANK on a host with one GPU", "application_bug"),
    "nan-check": ({**SOCKET_ENV, "TORCH_NCCL_NAN_CHECK": "1"},
                  "rank 1's tensor turns NaN in its 4th step, with PyTorch's NaN check on", "application_bug"),
    "gloo-skipped": ({"BACKEND": "gloo"}, "Gloo: rank 1 skips the 4th all_reduce and waits (timeout 15 s)",
                     "hang_collective_mismatch"),
    # The same faults with NCCL_DEBUG=INFO: hundreds of INFO lines around the error.
    "gpu-full-info": ({**SOCKET_ENV, "NCCL_DEBUG": "INFO"}, "gpu-full with NCCL_DEBUG=INFO", "oom"),
    "duplicate-gpu-info": ({**SOCKET_ENV, "NO_HOSTID": "1", "NCCL_DEBUG": "INFO"}, "duplicate-gpu with NCCL_DEBUG=INFO",
                           "application_bug"),
    "skipped-collective-info": ({**SOCKET_ENV, "NCCL_DEBUG": "INFO"}, "skipped-collective with NCCL_DEBUG=INFO",
                                "hang_collective_mismatch"),
    # Jobs that succeed: what they print alarms (a barrier without device_ids warns of a possible hang) and is
    # no failure; "" = no cause.
    "healthy-info": ({**SOCKET_ENV, "NCCL_DEBUG": "INFO"}, "8 all_reduces that succeed, NCCL_DEBUG=INFO", ""),
    "healthy-detail": ({**SOCKET_ENV, "TORCH_DISTRIBUTED_DEBUG": "DETAIL", "NCCL_DEBUG": "WARN"},
                       "8 all_reduces that succeed, TORCH_DISTRIBUTED_DEBUG=DETAIL", ""),
    # The first rank's own failure, its peer's "remote process exited" after it.
    "peer-oom": ({**SOCKET_ENV}, "rank 1 asks for 200 GB in its own code after 3 all_reduces", "oom"),
    "peer-oom-info": ({**SOCKET_ENV, "NCCL_DEBUG": "INFO"}, "peer-oom with NCCL_DEBUG=INFO", "oom"),
    "peer-exits": ({**SOCKET_ENV}, "rank 1 exits with status 3 and no message after 3 all_reduces",
                   "rank_crashed_elsewhere"),
    # Run 6: addresses that are not the job's, a buffer size no GPU holds, ranks that disagree on the world size.
    "master-unreachable": ({**SOCKET_ENV, "MASTER": "10.255.255.1"},
                           "--master-addr an address no node of the job has; c10d waits until killed",
                           "wrong_interface"),
    "comm-id-elsewhere": ({**SOCKET_ENV, "NCCL_COMM_ID": "10.255.255.1:23456"},
                          "NCCL_COMM_ID names an address that is not this node's", "wrong_interface"),
    "buffsize-huge": ({**SOCKET_ENV, "NCCL_BUFFSIZE": str(64 << 30)},
                      "NCCL_BUFFSIZE=64 GiB: NCCL's channel buffers do not fit the GPU", "oom"),
    "buffsize-huge-info": ({**SOCKET_ENV, "NCCL_BUFFSIZE": str(64 << 30), "NCCL_DEBUG": "INFO"},
                           "buffsize-huge with NCCL_DEBUG=INFO", "oom"),
    "world-size-mismatch": ({**SOCKET_ENV, "NCCL_DEBUG": "WARN", "RAW": "1", "PEER_WORLD_SIZE": "3"},
                            "started by hand: rank 1 is told WORLD_SIZE=3, rank 0 WORLD_SIZE=2; rank 0's output",
                            "application_bug"),
    # Run 7: the rendezvous when a peer is gone or late (torch's TCPStore lives in rank 0).
    "store-host-exits": ({**SOCKET_ENV, "RAW": "1", "KEEP_RANK": "1", "EXIT_AFTER_INIT": "0"},
                         "started by hand: rank 0, which holds the TCPStore, exits after init_process_group; rank 1's "
                         "output", "rank_crashed_elsewhere"),
    "late-peer": ({**SOCKET_ENV, "RAW": "1", "PEER_DELAY_S": "40", "INIT_TIMEOUT_S": "10"},
                  "started by hand: rank 1 starts 40 s late, rank 0's init timeout is 10 s; rank 0's output",
                  "rank_crashed_elsewhere"),
    # Run 8: what the program's own teardown prints. A watchdog that tears the process down (abort) under a shell
    # that reports it; a job that never names its GPU nor destroys its process group, and succeeds.
    "watchdog-abort": ({**SOCKET_ENV, "RAW": "1", "VIA_BASH": "1", "TORCH_NCCL_ASYNC_ERROR_HANDLING": "1",
                        "TORCH_NCCL_DUMP_ON_TIMEOUT": "0", "TORCH_NCCL_WAIT_TIMEOUT_DUMP_MILSEC": "3000"},
                       "started by hand: rank 1 skips the 4th all_reduce; rank 0's watchdog (15 s) tears the process "
                       "down; rank 0 runs under bash, whose report of the abort is in the log",
                       "hang_collective_mismatch"),
    "no-device-warnings": ({**SOCKET_ENV, "NO_SET_DEVICE": "1", "NO_DESTROY": "1"},
                           "no torch.cuda.set_device, a barrier first, no destroy_process_group: succeeds", ""),
    # Run 9: NCCL's COLL lines (NCCL_DEBUG_SUBSYS) of a group of operations (a coalesced all_reduce pair, a
    # batch_isend_irecv), every subsystem's INFO lines of a job that succeeds, and ranks whose sizes differ.
    "healthy-coll": ({**SOCKET_ENV, "NCCL_DEBUG": "INFO", "NCCL_DEBUG_SUBSYS": "INIT,COLL"},
                     "all_reduces, a coalesced pair of all_reduces and a batch_isend_irecv that succeed, COLL lines",
                     ""),
    "healthy-all": ({**SOCKET_ENV, "NCCL_DEBUG": "INFO", "NCCL_DEBUG_SUBSYS": "ALL"},
                    "8 all_reduces that succeed, NCCL_DEBUG_SUBSYS=ALL", ""),
    "size-mismatch-coll": ({**SOCKET_ENV, "NCCL_DEBUG": "INFO", "NCCL_DEBUG_SUBSYS": "INIT,COLL",
                            "TORCH_NCCL_DUMP_ON_TIMEOUT": "0"},
                           "the ranks all_reduce tensors of different sizes, COLL lines; the watchdog (15 s) stops "
                           "the one left waiting", "hang_collective_mismatch"),
    # Run 11: a rank that leaves the program early (sys.exit(0), no error, no destroy_process_group) under NCCL and
    # under Gloo, and one that glibc aborts on a double free of its own native code.
    "peer-leaves-early": ({**SOCKET_ENV}, "rank 1 calls sys.exit(0) after 3 all_reduces; rank 0 goes on",
                          "application_bug"),
    "peer-leaves-early-gloo": ({**SOCKET_ENV, "BACKEND": "gloo"}, "the same over Gloo (CPU tensors)",
                               "application_bug"),
    "peer-heap-abort": ({**SOCKET_ENV}, "rank 1 frees one block twice (libc) after 3 all_reduces; glibc aborts it",
                        "other"),
    # Run 12: a rank whose own kernel writes far outside its buffer (CuPy), the CUDA error sticky on its context.
    "peer-illegal-address": ({**SOCKET_ENV}, "rank 1 runs a kernel that writes 4 GiB past its buffer after 3 "
                             "all_reduces", "application_bug"),
}
SKIPS = ("skipped-collective", "skipped-collective-info", "gloo-skipped", "watchdog-abort", "size-mismatch-coll")


def worker(name: str) -> None:
    import torch
    import torch.distributed as dist

    env, _, _ = SCENARIOS[name]
    rank, world = int(os.environ["RANK"]), int(os.environ["WORLD_SIZE"])
    if "NO_HOSTID" not in env:
        os.environ["NCCL_HOSTID"] = f"simhost{rank}"  # read by NCCL at init: two "hosts" on one GPU
    if "NO_SET_DEVICE" not in env:
        torch.cuda.set_device(int(os.environ["LOCAL_RANK"]) if "DEVICE_FROM_RANK" in env else 0)
    if name.startswith("gpu-full") and rank == 0:
        free, _ = torch.cuda.mem_get_info()
        hog = torch.empty(free - (16 << 20), dtype=torch.uint8, device="cuda")  # noqa: F841
    timeout = datetime.timedelta(seconds=int(env.get("INIT_TIMEOUT_S", 15 if name in SKIPS else 40)))
    if rank == 1 and "PEER_DELAY_S" in env:
        time.sleep(int(env["PEER_DELAY_S"]))
    dist.init_process_group(env.get("BACKEND", "nccl"), rank=rank, world_size=world, timeout=timeout)
    if env.get("EXIT_AFTER_INIT") == str(rank):
        os._exit(0)
    t = torch.ones(1 << 20, device="cuda" if "BACKEND" not in env else "cpu")
    if name.startswith("healthy") or "NO_SET_DEVICE" in env:
        dist.barrier()  # no device_ids: PyTorch warns that the rank's GPU is unknown (no failure)
    if name == "cpu-tensor":
        dist.all_reduce(torch.ones(4))
    if name in ("size-mismatch-detail", "size-mismatch-coll"):
        dist.all_reduce(torch.ones(1024 * (rank + 1), device="cuda"))
        torch.cuda.synchronize()
    if name == "healthy-coll":
        from torch.distributed.distributed_c10d import _coalescing_manager
        pair = torch.ones(1024, device="cuda"), torch.ones(4096, device="cuda")
        with _coalescing_manager():  # one NCCL group: both all_reduces carry one opCount
            for x in pair:
                dist.all_reduce(x)
        peer = 1 - rank
        ops = [dist.P2POp(dist.isend, t, peer), dist.P2POp(dist.irecv, torch.empty_like(t), peer)]
        for req in dist.batch_isend_irecv(ops):
            req.wait()
    for step in range(8):
        if step == 3 and rank == 1:
            if name.startswith("peer-raises"):
                raise ValueError("batch 3: expected 4 samples per rank, got 0 (empty shard)")
            if name == "peer-killed-survivor":
                os.kill(os.getpid(), signal.SIGKILL)
            if name in SKIPS:
                time.sleep(120)  # waits in its own code; never calls the 4th all_reduce
            if name.startswith("peer-oom"):
                torch.empty(200 << 30, dtype=torch.uint8, device="cuda")  # more than the GPU has
            if name == "peer-exits":
                os._exit(3)
            if name.startswith("peer-leaves-early"):
                sys.exit(0)  # a rank with no more batches: no error, and no destroy_process_group
            if name == "peer-heap-abort":
                _double_free()
            if name == "peer-illegal-address":
                _write_out_of_bounds(t)
            if name == "nan-check":
                t.fill_(float("nan"))  # a loss that diverged
        dist.all_reduce(t)
        if t.is_cuda:
            torch.cuda.synchronize()
        time.sleep(0.2)
    if "NO_DESTROY" not in env:
        dist.destroy_process_group()


def _double_free() -> None:
    """Free one block twice through libc, as a faulty extension would: glibc aborts the process."""
    import ctypes

    libc = ctypes.CDLL(None)
    libc.malloc.restype = ctypes.c_void_p
    libc.free.argtypes = [ctypes.c_void_p]
    block = libc.malloc(64)
    libc.free(block)
    libc.free(block)


def _write_out_of_bounds(t: object) -> None:
    """A kernel of the rank's own that writes 4 GiB past the tensor it is given: an illegal address on the GPU."""
    import cupy
    import torch

    kernel = cupy.RawKernel(r'''extern "C" __global__ void poke(float* p) { p[1ULL << 30] = 1.0f; }''', "poke")
    kernel((1,), (1,), (cupy.asarray(t),))
    torch.cuda.synchronize()


def run(name: str, port: int) -> dict:
    env_extra, what, cause = SCENARIOS[name]
    env = dict(os.environ, **SAFE_ENV, PYTHONUNBUFFERED="1", OMP_NUM_THREADS="1")
    env.update(env_extra)
    for var in ("NCCL_DEBUG", "TORCH_DISTRIBUTED_DEBUG"):
        if var not in env_extra:
            env.pop(var, None)
    if "NCCL_TOPO_FILE" in env_extra:
        with open(env_extra["NCCL_TOPO_FILE"], "w") as f:
            f.write('<system version="1">\n  <cpu numaid="0" affinity="ffffffff" arch="x86_64" vendor="GenuineIntel"\n')
    t0 = time.monotonic()
    if "RAW" in env_extra:
        cmd = [sys.executable, __file__, "--worker", name]
        rc = _raw(name, cmd, dict(env, MASTER_ADDR="127.0.0.1", MASTER_PORT=str(port), WORLD_SIZE="2"))
    else:
        cmd = [sys.executable, "-m", "torch.distributed.run", "--nproc-per-node", "2", "--master-port", str(port),
               *(["--master-addr", env_extra["MASTER"], "--nnodes", "1"] if "MASTER" in env_extra else []),
               __file__, "--worker", name]
        taken = socket.create_server(("", port)) if "TAKE_PORT" in env_extra else None
        limit = ((resource.RLIMIT_NOFILE, int(env_extra["ULIMIT_NOFILE"])),) if "ULIMIT_NOFILE" in env_extra else ()
        with open(os.path.join(OUT, f"{name}.log"), "w") as log:
            rc = _wait(subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT, env=env, start_new_session=True,
                                        preexec_fn=(lambda: [resource.setrlimit(k, (v, v)) for k, v in limit])
                                        if limit else None))
        if taken is not None:
            taken.close()
    return {"scenario": name, "does": what, "cause": cause, "variables": env_extra,
            "command": " ".join(cmd[1:]), "exit_code": rc, "seconds": round(time.monotonic() - t0, 1)}


def _wait(proc: subprocess.Popen) -> int:
    """The job's exit code; a job still running after 75 s is killed (-9 in faults.json), its log kept as it
    stands (torch's dump-on-timeout waits up to a minute before it aborts)."""
    try:
        return proc.wait(timeout=75)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        return proc.wait()


def _raw(name: str, cmd: list[str], env: dict[str, str]) -> int:
    """Two ranks started by hand; one rank's output is the log (rank 0's unless KEEP_RANK names the other), the
    other's is dropped; the exit code is the kept rank's."""
    keep = env.get("KEEP_RANK", "0")
    with open(os.path.join(OUT, f"{name}.log"), "w") as log:
        world = {"0": env["WORLD_SIZE"], "1": env.get("PEER_WORLD_SIZE", env["WORLD_SIZE"])}
        # VIA_BASH: the kept rank runs under bash, which reports a child that died of a signal ("Aborted").
        shell = ["bash", "-c", shlex.join(cmd) + "; exit $?"] if "VIA_BASH" in env else cmd
        procs = {r: subprocess.Popen(shell if r == keep else cmd, stdout=log if r == keep else subprocess.DEVNULL,
                                     stderr=subprocess.STDOUT if r == keep else subprocess.DEVNULL,
                                     env=dict(env, RANK=r, LOCAL_RANK="0", WORLD_SIZE=world[r]),
                                     start_new_session=True) for r in ("1", "0")}
        rc = _wait(procs[keep])
        for proc in procs.values():
            if proc.poll() is None:
                os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
    return rc


def main() -> int:
    if sys.argv[1:2] == ["--worker"]:
        worker(sys.argv[2])
        return 0
    os.makedirs(OUT, exist_ok=True)
    names = sys.argv[1:] or list(SCENARIOS)
    results = []
    for i, name in enumerate(names):
        results.append(run(name, 29610 + i))
        print(json.dumps(results[-1]), flush=True)
    with tarfile.open(os.path.join(OUT, "faults.tar"), "w") as tar:
        for name in names:
            tar.add(os.path.join(OUT, f"{name}.log"), arcname=f"faults/{name}.log")
            os.remove(os.path.join(OUT, f"{name}.log"))
    with open(os.path.join(OUT, "faults.json"), "w") as f:
        json.dump({"date": time.strftime("%Y-%m-%d"), "results": results}, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
