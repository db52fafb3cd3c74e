"""A Kubeflow PyTorchJob manifest (kubeflow.org/v1) for the launch, written as block YAML.

Every string scalar (and every key that is not a plain identifier) is written as a JSON string,
which is also a YAML double-quoted scalar (json.dumps escapes quotes, backslashes, control and
non-ASCII characters the way YAML reads them), so no value can end a scalar early or start new
YAML structure; no YAML library is needed.
"""

from __future__ import annotations

import json
import re
from typing import Any

from ncclkit.errors import NcclkitError
from ncclkit.launch.spec import LaunchFile, LaunchSpec

__all__ = ["render_k8s", "to_yaml"]


def _scalar(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    return json.dumps(str(value))


_BARE_KEY = re.compile(r"^[A-Za-z][A-Za-z0-9_./-]*$")
# Words YAML 1.1 readers turn into booleans or null: never written bare.
_YAML11_WORDS = {"y", "n", "yes", "no", "on", "off", "true", "false", "null"}


def _key(k: Any) -> str:
    text = str(k)
    if _BARE_KEY.match(text) and text.lower() not in _YAML11_WORDS:
        return text
    return json.dumps(text)


def to_yaml(value: Any, indent: int = 0) -> str:
    """Block YAML of dicts, lists and scalars (empty containers as {} and [])."""
    pad = " " * indent
    if isinstance(value, dict):
        if not value:
            return pad + "{}\n"
        out = []
        for k, v in value.items():
            key = pad + _key(k) + ":"
            if isinstance(v, (dict, list)) and v:
                out.append(key + "\n" + to_yaml(v, indent + 2))
            else:
                out.append(key + " " + to_yaml(v, 0).strip() + "\n")
        return "".join(out)
    if isinstance(value, list):
        if not value:
            return pad + "[]\n"
        out = []
        for item in value:
            body = to_yaml(item, indent + 2)
            out.append(pad + "- " + body.lstrip(" ") if isinstance(item, (dict, list)) and item
                       else pad + "- " + body.strip() + "\n")
        return "".join(out)
    return pad + _scalar(value) + "\n"


def _replica(spec: LaunchSpec, replicas: int) -> dict[str, Any]:
    env = {**spec.common_env, **spec.debug_env}
    container = {
        "name": "pytorch",  # the operator finds the training container by this name
        "image": spec.image,
        # The operator sets PET_NNODES, PET_NODE_RANK, PET_MASTER_ADDR/PORT, which torchrun reads.
        "command": ["torchrun", f"--nproc-per-node={spec.nproc_per_node}", "--max-restarts=0",
                    *(() if spec.command[0].endswith(".py") else ("--no-python",)),
                    *spec.command],
        "env": [{"name": k, "value": v} for k, v in sorted(env.items())],
        "resources": {"limits": {"nvidia.com/gpu": spec.nproc_per_node}},
        # RDMA needs locked memory; NCCL's SHM transport needs more than the 64 MB default /dev/shm.
        "securityContext": {"capabilities": {"add": ["IPC_LOCK"]}},
        "volumeMounts": [{"name": "dshm", "mountPath": "/dev/shm"}],
    }
    return {"replicas": replicas, "restartPolicy": "OnFailure",
            "template": {"spec": {"containers": [container],
                                  "volumes": [{"name": "dshm",
                                               "emptyDir": {"medium": "Memory"}}]}}}


def render_k8s(spec: LaunchSpec) -> list[LaunchFile]:
    if not spec.image:
        raise NcclkitError("--format k8s needs the container image",
                           hint="add --image REGISTRY/IMAGE:TAG")
    replicas = {"Master": _replica(spec, 1)}
    if spec.num_nodes > 1:
        replicas["Worker"] = _replica(spec, spec.num_nodes - 1)
    manifest = {
        "apiVersion": "kubeflow.org/v1", "kind": "PyTorchJob",
        "metadata": {"name": spec.job_name},
        "spec": {"nprocPerNode": str(spec.nproc_per_node),
                 "runPolicy": {"backoffLimit": 0},
                 "pytorchReplicaSpecs": replicas},
    }
    header = [f"# ncclkit launch (Kubeflow PyTorchJob): {spec.num_nodes} pods x "
              f"{spec.nproc_per_node} GPUs.",
              "# Add your RDMA device plugin's resource to limits (e.g. rdma/hca) for IB/RoCE."]
    if spec.debug_env:
        header.append("# NCCL_DEBUG* are for the first run: check the transports, then remove them.")
    if spec.nodes_differ:
        header.append("# The nodes' recommended NCCL variables differ; pods share one template, so "
                      "only the common ones are set: " + ", ".join(
                          sorted({k for h in spec.hosts for k in spec.env_for(h)})))
    return [LaunchFile(name=f"{spec.job_name}.yaml", executable=False,
                       text="\n".join(header) + "\n" + to_yaml(manifest))]
