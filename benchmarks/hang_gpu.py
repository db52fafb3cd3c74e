"""A real NCCL hang on one GPU, diagnosed live through RAS and afterwards from the flight recorder.

Two ranks share GPU 0; each sets its own NCCL_HOSTID, so NCCL treats them as two hosts and runs
NET/Socket between them over loopback. After 5 all_reduces rank 1 stalls (sleeps) and never
launches the 6th; rank 0 launches it and waits. Then:
  1. RAS is queried during the hang (ncclkit.hang.rasclient, rank 0's listener): ras-hang.txt/.json
  2. each rank dumps its flight recorder as JSON from a timer thread while stuck (fr/rank<N>.json);
     rank 0's watchdog times out (20 s), torch dumps every rank's recorder (TORCH_NCCL_DUMP_ON_TIMEOUT,
     pickle, fr/nccl_trace_rank_<N>) and rank 0 exits (TORCH_NCCL_ASYNC_ERROR_HANDLING=3)
  3. RAS is queried again on rank 1's listener once rank 0 is gone: ras-dead.txt/.json
Writes under $OUT: the RAS replies, fr.tar (the four dumps), run.log (both ranks' stderr) and
timeline.json. Usage, from the repository root: OUT=/dir python3 benchmarks/hang_gpu.py [--cli]
--cli: instead of step 3, run `ncclkit hang` itself during the hang (hang-cli.json, hang-cli.txt)
and stop once the dumps are written.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import tarfile
import threading
import time

OUT = os.environ.get("OUT", "out")
FR = os.path.join(OUT, "fr")
PORT = 29733
RAS_PORT = 28040  # rank r listens on RAS_PORT + r (NCCL_RAS_ADDR), so both stay reachable
TIMEOUT_S = 20


def worker(rank: int) -> None:
    import datetime

    import torch
    import torch.distributed as dist

    torch.cuda.set_device(0)
    dist.init_process_group("nccl", rank=rank, world_size=2, timeout=datetime.timedelta(seconds=TIMEOUT_S),
                            device_id=torch.device("cuda:0"))
    t = torch.ones(1 << 20, device="cuda")
    for _ in range(5):
        dist.all_reduce(t)
    torch.cuda.synchronize()

    def dump_json() -> None:
        c10d = torch._C._distributed_c10d
        # torch 2.11: ProcessGroupNCCL records into the buffer _dump_nccl_trace_json() reads;
        # _dump_fr_trace_json() returned an empty dump in the first run (hang.dump_empty).
        fn = getattr(c10d, "_dump_nccl_trace_json", None) or c10d._dump_fr_trace_json
        with open(os.path.join(FR, f"rank{rank}.json"), "wb") as f:
            f.write(fn())

    threading.Timer(12, dump_json).start()
    if rank == 1:
        open(os.path.join(OUT, "stalled1"), "w").close()
        time.sleep(600)  # stuck before the 6th all_reduce (a data loader that never returns)
    dist.all_reduce(t)  # rank 0: launched; it waits for rank 1 forever
    open(os.path.join(OUT, "launched0"), "w").close()
    torch.cuda.synchronize()
    print("rank 0: all_reduce returned (unexpected)", file=sys.stderr)


def _wait_for(pred, limit: float) -> bool:
    end = time.monotonic() + limit
    while time.monotonic() < end:
        if pred():
            return True
        time.sleep(0.5)
    return False


def _ras(port: int, fmt: str, name: str, events: list) -> str:
    from ncclkit.errors import NcclkitError
    from ncclkit.hang.rasclient import query_ras

    t0 = time.monotonic()
    try:
        reply = query_ras("localhost", port, fmt=fmt, verbose=True, timeout_s=25)
        text, note = reply.text, f"ok ({reply.format}, {len(reply.text)} chars)"
    except NcclkitError as exc:
        text, note = "", f"error: {exc}"
    with open(os.path.join(OUT, name), "w") as f:
        f.write(text)
    events.append({"t": round(time.time(), 1), "query": name, "port": port, "result": note,
                   "seconds": round(time.monotonic() - t0, 2)})
    print(events[-1], flush=True)
    return text


def _cli(events: list) -> None:
    for fmt, name in (("--json", "hang-cli.json"), ("", "hang-cli.txt")):
        t0 = time.monotonic()
        run = subprocess.run([sys.executable, "-m", "ncclkit", "hang", "--ras-addr", f"localhost:{RAS_PORT}",
                              "--timeout", "20", *([fmt] if fmt else [])],
                             capture_output=True, text=True, timeout=40)
        with open(os.path.join(OUT, name), "w") as f:
            f.write(run.stdout + run.stderr)
        events.append({"t": round(time.time(), 1), "cli": name, "rc": run.returncode,
                       "seconds": round(time.monotonic() - t0, 2)})
        print(events[-1], flush=True)


def main() -> int:
    if len(sys.argv) > 1 and sys.argv[1] != "--cli":
        worker(int(sys.argv[1]))
        return 0
    cli = sys.argv[1:] == ["--cli"]
    os.makedirs(FR, exist_ok=True)
    env = dict(os.environ, MASTER_ADDR="127.0.0.1", MASTER_PORT=str(PORT), WORLD_SIZE="2",
               NCCL_NVLS_ENABLE="0", TORCH_SYMM_MEM_DISABLE_MULTICAST="1", NVSHMEM_DISABLE_NVLS="1",
               NCCL_IB_DISABLE="1", NCCL_SOCKET_IFNAME="lo", NCCL_DEBUG="INFO", NCCL_DEBUG_SUBSYS="INIT,NET,RAS",
               NCCL_RAS_ENABLE="1",
               TORCH_FR_BUFFER_SIZE="2000", TORCH_NCCL_TRACE_BUFFER_SIZE="2000",
               TORCH_NCCL_DUMP_ON_TIMEOUT="1", TORCH_NCCL_ASYNC_ERROR_HANDLING="3",
               TORCH_FR_DUMP_TEMP_FILE=os.path.join(FR, "nccl_trace_rank_"),
               TORCH_NCCL_DEBUG_INFO_TEMP_FILE=os.path.join(FR, "nccl_trace_rank_"),
               TORCH_NCCL_ENABLE_TIMING="1", PYTHONUNBUFFERED="1")
    events: list = []
    logs, procs = [], []
    for r in range(2):
        log = open(os.path.join(OUT, f"rank{r}.log"), "w")
        logs.append(log)
        procs.append(subprocess.Popen(
            [sys.executable, __file__, str(r)], stdout=log, stderr=subprocess.STDOUT,
            env=dict(env, RANK=str(r), LOCAL_RANK="0", NCCL_HOSTID=f"simnode{r}",
                     NCCL_RAS_ADDR=f"localhost:{RAS_PORT + r}")))
        events.append({"t": round(time.time(), 1), "started": r, "pid": procs[-1].pid})
    try:
        ok = _wait_for(lambda: all(os.path.exists(os.path.join(OUT, m)) for m in ("stalled1", "launched0")), 120)
        events.append({"t": round(time.time(), 1), "hang_reached": ok})
        if ok and cli:
            time.sleep(4)
            _cli(events)
            done = _wait_for(lambda: len([n for n in os.listdir(FR) if n.startswith("nccl_trace_rank_")]) == 2
                             and all(os.path.exists(os.path.join(FR, f"rank{r}.json")) for r in range(2)),
                             TIMEOUT_S + 40)
            time.sleep(2)  # let the last dump finish writing
            events.append({"t": round(time.time(), 1), "dumps_written": done})
        elif ok:
            time.sleep(4)
            _ras(RAS_PORT, "text", "ras-hang.txt", events)
            _ras(RAS_PORT, "json", "ras-hang.json", events)
            gone = _wait_for(lambda: procs[0].poll() is not None, TIMEOUT_S + 90)
            events.append({"t": round(time.time(), 1), "rank0_exit": procs[0].poll(), "gone": gone})
            # RAS calls a peer dead after RAS_PEER_DEAD_TIMEOUT (60 s, src/ras/ras_internal.h).
            deadline = time.monotonic() + 75
            while True:
                text = _ras(RAS_PORT + 1, "json", "ras-dead.json", events)
                if '"considered_dead": true' in text or time.monotonic() > deadline:
                    break
                time.sleep(10)
            _ras(RAS_PORT + 1, "text", "ras-dead.txt", events)
    finally:
        for p in procs:
            if p.poll() is None:
                p.send_signal(signal.SIGKILL)
            p.wait()
        for log in logs:
            log.close()
    events.append({"t": round(time.time(), 1), "exit_codes": [p.returncode for p in procs]})
    with tarfile.open(os.path.join(OUT, "fr.tar"), "w") as tar:
        for name in sorted(os.listdir(FR)):
            tar.add(os.path.join(FR, name), arcname=f"fr/{name}")
    with open(os.path.join(OUT, "run.log"), "w") as out:
        for r in range(2):
            out.write(f"==== rank {r} (stdout+stderr)\n")
            with open(os.path.join(OUT, f"rank{r}.log"), errors="replace") as f:
                out.write(f.read())
            os.remove(os.path.join(OUT, f"rank{r}.log"))
    for m in ("stalled1", "launched0"):
        if os.path.exists(os.path.join(OUT, m)):
            os.remove(os.path.join(OUT, m))
    import shutil
    shutil.rmtree(FR)
    with open(os.path.join(OUT, "timeline.json"), "w") as f:
        json.dump(events, f, indent=1)
    print(json.dumps(events[-1]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
