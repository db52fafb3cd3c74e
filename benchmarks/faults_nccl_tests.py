"""nccl-tests that fail on purpose, captured as users paste them (the output that dies before its table).

Builds all_reduce_perf twice from an nccl-tests source tree against the libnccl of torch's nvidia-nccl
wheel (as benchmarks/bench_vs_nccl_tests.py does): with MPI (mpirun starts one rank per process) and
without. Each scenario runs one command with one fault put in by construction; two ranks on one GPU set
their own NCCL_HOSTID (so NCCL runs NET/Socket between two "hosts"). The output of each is kept verbatim as
<scenario>.log (tests/analyze/test_device_faults.py reads them).

Usage, from the repository root: OUT=/dir python3 benchmarks/faults_nccl_tests.py NCCL_TESTS_SRC
Writes $OUT/tests-faults.tar and $OUT/tests-faults.json (command, variables, exit code, seconds).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tarfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_vs_nccl_tests import nccl_home  # noqa: E402

OUT = Path(os.environ.get("OUT", "out"))
SAFE_ENV = {"NCCL_NVLS_ENABLE": "0", "TORCH_SYMM_MEM_DISABLE_MULTICAST": "1", "NVSHMEM_DISABLE_NVLS": "1"}
MPIRUN = ["mpirun", "--allow-run-as-root", "-np", "2", "--bind-to", "none"]
# Each MPI rank its own "host" on the one GPU (Open MPI numbers its ranks in OMPI_COMM_WORLD_RANK).
AS_HOSTS = ["sh", "-c", 'NCCL_HOSTID=simhost$OMPI_COMM_WORLD_RANK exec "$0" "$@"']
SMALL = ["-b", "8", "-e", "8M", "-f", "4", "-n", "5", "-w", "2"]

# name -> (binary (mpi or plain), launcher prefix, arguments, variables, what it does, cause ("" = none))
# nccl-tests gives local rank r the GPU r (util.cu); NCCL_TESTS_DEVICE=0 puts both ranks on the one GPU.
ONE_GPU = {"NCCL_TESTS_DEVICE": "0", "NCCL_IB_DISABLE": "1", "NCCL_SOCKET_IFNAME": "lo"}
SCENARIOS: dict[str, tuple[str, list[str], list[str], dict[str, str], str, str]] = {
    "tests-healthy-mpi": ("mpi", [*MPIRUN, *AS_HOSTS], SMALL, ONE_GPU,
                          "2 MPI ranks, one GPU as two hosts, NET/Socket: a run that succeeds", ""),
    "tests-mpi-more-ranks-than-gpus": ("mpi", MPIRUN, SMALL, {"NCCL_IB_DISABLE": "1"},
                                       "mpirun -np 2 on a host with one GPU (rank 1 asks for GPU 1)",
                                       "application_bug"),
    "tests-more-gpus-than-visible": ("plain", [], ["-g", "2", *SMALL], {},
                                     "-g 2 on a host with one GPU", "application_bug"),
    "tests-bad-ifname": ("mpi", [*MPIRUN, *AS_HOSTS], SMALL, {**ONE_GPU, "NCCL_SOCKET_IFNAME": "ens9f9"},
                         "NCCL_SOCKET_IFNAME names an interface the host does not have", "wrong_interface"),
    "tests-net-ib-forced": ("mpi", [*MPIRUN, *AS_HOSTS], SMALL, {"NCCL_TESTS_DEVICE": "0", "NCCL_NET": "IB",
                                                                 "NCCL_SOCKET_IFNAME": "lo", "NCCL_DEBUG": "INFO"},
                            "NCCL_NET=IB on a host without an RDMA device, NCCL_DEBUG=INFO", "socket_fallback"),
    "tests-duplicate-gpu": ("mpi", MPIRUN, SMALL, ONE_GPU,
                            "2 MPI ranks on the one GPU of one host (no NCCL_HOSTID)", "application_bug"),
    "tests-built-without-mpi": ("plain", [*MPIRUN, *AS_HOSTS], SMALL, {"NCCL_IB_DISABLE": "1"},
                                "mpirun -np 2 of a binary built without MPI=1: two jobs of one rank each",
                                "application_bug"),
}


def build(src: Path, build_root: Path, mpi: bool) -> Path | None:
    out = build_root / ("mpi" if mpi else "plain")
    home, _ = nccl_home(build_root)
    cmd = ["make", "-C", str(src / "src"), "-j16", f"BUILDDIR={out}", f"NCCL_HOME={home}", "CUDA_HOME=/usr/local/cuda",
           "NVCC_GENCODE=-gencode=arch=compute_90,code=sm_90", str(out / "all_reduce_perf")]
    if mpi:
        # The Makefile reads MPI_HOME/include and MPI_HOME/lib; Debian's Open MPI keeps them apart
        # (mpicc --showme names them), so MPI_HOME is made of links to both.
        mpi_home = build_root / "mpihome"
        mpi_home.mkdir(parents=True, exist_ok=True)
        for part, flag in (("include", "--showme:incdirs"), ("lib", "--showme:libdirs")):
            found = subprocess.run(["mpicc", flag], capture_output=True, text=True).stdout.split()
            if found and not (mpi_home / part).exists():
                (mpi_home / part).symlink_to(found[0])
        cmd += ["MPI=1", f"MPI_HOME={mpi_home}"]
    run = subprocess.run(cmd, capture_output=True, text=True, timeout=400)
    if run.returncode != 0:
        print(f"build failed ({'MPI' if mpi else 'plain'}):\n{run.stdout[-1500:]}\n{run.stderr[-2500:]}", flush=True)
        return None
    return out / "all_reduce_perf"


def main() -> int:
    src = Path(sys.argv[1])
    OUT.mkdir(parents=True, exist_ok=True)
    root = Path("/tmp/nccl-tests-build")
    binaries = {"plain": build(src, root, False), "mpi": build(src, root, True)}
    _, libdir = nccl_home(root)
    results = []
    for name, (kind, launcher, args, variables, what, cause) in SCENARIOS.items():
        if binaries[kind] is None:
            continue
        env = dict(os.environ, **SAFE_ENV, **variables)
        env["LD_LIBRARY_PATH"] = f"{libdir}:{env.get('LD_LIBRARY_PATH', '')}"
        cmd = [*launcher, str(binaries[kind]), *args]
        t0 = time.monotonic()
        with open(OUT / f"{name}.log", "w") as log:
            try:
                rc = subprocess.run(cmd, stdout=log, stderr=subprocess.STDOUT, env=env, timeout=90).returncode
            except subprocess.TimeoutExpired:
                rc = -9
        results.append({"scenario": name, "does": what, "cause": cause, "variables": variables,
                        "command": " ".join([*launcher, f"{kind}/all_reduce_perf", *args]), "exit_code": rc,
                        "seconds": round(time.monotonic() - t0, 1)})
        print(json.dumps(results[-1]), flush=True)
    with tarfile.open(OUT / "tests-faults.tar", "w") as tar:
        for name in (r["scenario"] for r in results):
            tar.add(OUT / f"{name}.log", arcname=f"faults/{name}.log")
            (OUT / f"{name}.log").unlink()
    (OUT / "tests-faults.json").write_text(json.dumps({"date": time.strftime("%Y-%m-%d"), "results": results},
                                                      indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
