"""Generated launch files parse back (bash -n, YAML, sbatch directives) and pass hostile input
through as data: the scripts run against fake torchrun/srun/mpirun that print their argv."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
import yaml
from launch_helpers import bash_n, launch_json, run_script

HOSTILE_ARGS = ["a b", "$(touch pwned)", "`touch pwned2`", "x;touch pwned3", "it's", "l1\nl2",
                '"q"', "*", "--", "$HOME", "\\"]


def _env_json(tmp: Path, name: str, env: dict[str, str]) -> str:
    path = tmp / name
    path.write_text(json.dumps({"schema_version": 1, "env": env, "reasons": {}}))
    return str(path)


@pytest.fixture
def two_envs(tmp_path: Path) -> list[str]:
    a = _env_json(tmp_path, "a.json", {"NCCL_IB_HCA": "=mlx5_0:1", "NCCL_SOCKET_IFNAME": "=eth0"})
    b = _env_json(tmp_path, "b.json", {"NCCL_IB_HCA": "=mlx5_1:1", "NCCL_SOCKET_IFNAME": "=eth0"})
    return ["--env-json", f"node-a={a}", "--env-json", f"node-b={b}"]


def test_torchrun_per_node_scripts_run_hostile_args_as_data(tmp_path: Path, two_envs) -> None:
    code, out = launch_json("--hosts", "node-a,node-b", "--nproc-per-node", "4", "--format",
                            "torchrun", "--no-preflight", "--timeout", "120", *two_envs, "--",
                            "python", "train.py", *HOSTILE_ARGS)
    assert code == 0
    files = out["files"]
    assert [f["host"] for f in files] == ["node-a", "node-b"]
    for rank, f in enumerate(files):
        bash_n(f["text"], tmp_path)
        (call,) = run_script(f["text"], tmp_path)
        argv = call["argv"]
        assert call["tool"] == "torchrun"
        assert argv[argv.index("--no-python") + 1:] == ["python", "train.py", *HOSTILE_ARGS]
        assert "--nnodes=2" in argv and "--nproc-per-node=4" in argv
        assert "--rdzv-backend=c10d" in argv and "--rdzv-endpoint=node-a:29500" in argv
        assert f"--rdzv-conf=join_timeout=120,is_host={1 if rank == 0 else 0}" in argv
        assert call["env"]["NCCL_IB_HCA"] == ("=mlx5_0:1" if rank == 0 else "=mlx5_1:1")
        assert call["env"]["NCCL_DEBUG"] == "INFO"
    assert not list(tmp_path.glob("pwned*"))


def test_torchrun_script_path_runs_without_no_python(tmp_path: Path) -> None:
    _, out = launch_json("--hosts", "10.0.0.1,10.0.0.2", "--nproc-per-node", "8", "--format",
                         "torchrun", "--no-preflight", "--no-debug-env", "--", "train.py", "--lr",
                         "1e-4")
    (call,) = run_script(out["files"][1]["text"], tmp_path)
    assert "--no-python" not in call["argv"] and call["argv"][-3:] == ["train.py", "--lr", "1e-4"]
    assert "NCCL_DEBUG" not in call["env"]


def test_slurm_script_directives_and_per_node_env(tmp_path: Path, two_envs) -> None:
    code, out = launch_json("--hosts", "node-a,node-b", "--nproc-per-node", "8", "--format",
                            "slurm", "--no-preflight", "--name", "gpt-run", *two_envs, "--",
                            "python", "-m", "pkg.train", *HOSTILE_ARGS)
    assert code == 0
    (f,) = out["files"]
    text = f["text"]
    bash_n(text, tmp_path)
    directives = dict(re.findall(r"^#SBATCH --([\w-]+)(?:=(.*))?$", text, flags=re.M))
    assert directives == {"job-name": "gpt-run", "nodes": "2", "ntasks-per-node": "1",
                          "gpus-per-node": "8", "exclusive": "", "nodelist": "node-a,node-b"}
    for node_id, node in ((0, "node-a"), (1, "node-b")):
        env = {"SLURM_JOB_NODELIST": "node-a,node-b", "SLURM_NNODES": "2", "SLURM_NODEID": str(node_id),
               "SLURM_JOB_ID": "77", "SLURMD_NODENAME": node}
        (call,) = run_script(text, tmp_path, env)
        argv = call["argv"]
        assert argv[argv.index("--no-python") + 1:] == ["python", "-m", "pkg.train", *HOSTILE_ARGS]
        assert "--nnodes=2" in argv and "--rdzv-id=77" in argv
        assert f"--rdzv-conf=join_timeout=300,is_host={1 - node_id}" in argv
        assert call["env"]["NCCL_IB_HCA"] == ("=mlx5_0:1" if node_id == 0 else "=mlx5_1:1")
        assert call["env"]["NCCL_SOCKET_IFNAME"] == "=eth0"
        assert call["env"]["MASTER_ADDR"] == "node-a"
    assert not list(tmp_path.glob("pwned*"))


def test_slurm_inside_allocation_finds_master_at_run_time(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv("SLURM_JOB_NODELIST", "gpu[09-10],login1")
    code, out = launch_json("--nproc-per-node", "2", "--format", "slurm", "--no-preflight",
                            "--", "train.py")
    assert code == 0
    text = out["files"][0]["text"]
    assert "#SBATCH --nodelist=gpu09,gpu10,login1" in text and "#SBATCH --nodes=3" in text
    monkeypatch.delenv("SLURM_JOB_NODELIST")
    code, out = launch_json("--nodes", "2", "--nproc-per-node", "2", "--format", "slurm",
                            "--", "train.py")
    text = out["files"][0]["text"]
    assert "--nodelist" not in text and "scontrol show hostnames" in text
    env = {"SLURM_JOB_NODELIST": "x", "SLURM_NNODES": "2", "SLURM_NODEID": "1",
           "SLURM_JOB_ID": "5"}
    (call,) = run_script(text, tmp_path, env)
    assert "--rdzv-endpoint=node-a:29500" in call["argv"]  # first host from (fake) scontrol
    assert call["env"]["MASTER_ADDR"] == "node-a"


def test_k8s_manifest_parses_and_keeps_hostile_values(tmp_path: Path) -> None:
    env = _env_json(tmp_path, "e.json", {"NCCL_IB_HCA": "=mlx5_0:1", "NCCL_X": "yes"})
    code, out = launch_json("--nodes", "3", "--nproc-per-node", "8", "--format", "k8s",
                            "--image", "registry.local/train:1", "--env-json", env, "--",
                            "python", "train.py", *HOSTILE_ARGS)
    assert code == 0
    doc = yaml.safe_load(out["files"][0]["text"])
    assert doc["apiVersion"] == "kubeflow.org/v1" and doc["kind"] == "PyTorchJob"
    specs = doc["spec"]["pytorchReplicaSpecs"]
    assert specs["Master"]["replicas"] == 1 and specs["Worker"]["replicas"] == 2
    (container,) = specs["Worker"]["template"]["spec"]["containers"]
    assert container["name"] == "pytorch" and container["image"] == "registry.local/train:1"
    assert container["command"][-len(HOSTILE_ARGS) - 2:] == ["python", "train.py", *HOSTILE_ARGS]
    env_list = {e["name"]: e["value"] for e in container["env"]}
    assert env_list["NCCL_X"] == "yes" and env_list["NCCL_IB_HCA"] == "=mlx5_0:1"
    assert container["resources"]["limits"]["nvidia.com/gpu"] == 8


def test_k8s_needs_image() -> None:
    code, _ = launch_json("--nodes", "2", "--nproc-per-node", "8", "--format", "k8s", "--", "x")
    assert code == 2


def test_mpirun_line_per_node_contexts(tmp_path: Path, two_envs) -> None:
    code, out = launch_json("--hosts", "node-a,node-b", "--nproc-per-node", "2", "--format",
                            "mpirun", "--no-preflight", *two_envs, "--", "python", "t.py",
                            *HOSTILE_ARGS)
    assert code == 0
    text = out["files"][0]["text"]
    bash_n(text, tmp_path)
    (call,) = run_script(text, tmp_path)
    argv = call["argv"]
    assert "MASTER_ADDR=node-a" in argv and "NCCL_SOCKET_IFNAME==eth0" in argv
    contexts = " ".join(argv).split(" : ")
    assert len(contexts) == 2
    sep = argv.index(":")
    first, second = argv[:sep], argv[sep + 1:]
    assert first[-len(HOSTILE_ARGS) - 2:] == ["python", "t.py", *HOSTILE_ARGS]
    assert "NCCL_IB_HCA==mlx5_0:1" in first and "NCCL_IB_HCA==mlx5_1:1" in second
    assert "node-b:2" in second
    assert not list(tmp_path.glob("pwned*"))


@pytest.mark.parametrize("host", ["h1;rm -rf /", "$(id)", "`id`", "h1\nh2", "-oProxyCommand=x",
                                  "a b", "h_1", "x" * 64, "h1'", ""])
def test_hostile_host_names_rejected(host: str, capsys) -> None:
    code, out = launch_json("--hosts", f"ok-1,{host}" if host else ",", "--nproc-per-node", "1",
                            "--format", "torchrun", "--no-preflight", "--", "x")
    assert code == 2 and out == {}
    assert "host name" in capsys.readouterr().err or not host


@pytest.mark.parametrize("argv", [
    ["--master-addr", "$(id)"], ["--name", "Bad_Name"], ["--name", "a;b"],
    ["--env", "NCCL_X=a\nb"], ["--env", "BAD-NAME=1"], ["--master-port", "70000"]])
def test_hostile_options_rejected(argv: list[str], capsys) -> None:
    code, _ = launch_json("--hosts", "h1,h2", "--nproc-per-node", "1", "--format", "torchrun",
                          "--no-preflight", *argv, "--", "x")
    assert code == 2
    assert "fix:" in capsys.readouterr().err


def test_env_json_hostile_name_rejected(tmp_path: Path, capsys) -> None:
    bad = _env_json(tmp_path, "bad.json", {"NCCL_OK": "1", "X;rm -rf /": "1"})
    code, _ = launch_json("--hosts", "h1", "--nproc-per-node", "1", "--format", "torchrun",
                          "--no-preflight", "--env-json", bad, "--", "x")
    assert code == 2 and "bad.json" in capsys.readouterr().err


def test_out_folder_written_executable(tmp_path: Path) -> None:
    from ncclkit.cli.main import main

    out = tmp_path / "launch"
    assert main(["launch", "--hosts", "h1,h2", "--nproc-per-node", "2", "--format", "torchrun",
                 "--no-preflight", "--out", str(out), "--", "train.py"]) == 0
    names = sorted(p.name for p in out.iterdir())
    assert names == ["node0-h1.sh", "node1-h2.sh"]
    assert all(p.stat().st_mode & 0o111 for p in out.iterdir())
