"""A pasted `kubectl describe pod` of a pod of the node's GPU stack whose container keeps failing (pure: text ->
list[Finding]).

`kubectl get pods` puts the pod's name and its status on one line, which the classifier reads (patterns_table_k8s).
`kubectl describe pod` spreads them over a block: the pod's "Name:" or "Controlled By: DaemonSet/<name>", then per
container a "State:" and "Last State:" with an indented "Reason:" (CrashLoopBackOff, Error). A driver installer or
device plugin in that state leaves the node without a working GPU for pods (canonical/microk8s#2763: the GPU
Operator's driver daemonset whose driver manager exits 1; GoogleCloudPlatform/container-engine-accelerators#132:
GKE's driver installer crash-looping 1950 times).
"""

from __future__ import annotations

import re

from ncclkit.causes import Cause
from ncclkit.findings import Finding, Severity
from ncclkit.logs.patterns_table_k8s import GPU_STACK_FIX, GPU_STACK_POD

__all__ = ["gpu_stack_pod_findings"]

_OWNER = re.compile(r"^\W{0,2}(?:Name|Controlled By):\s+(?:DaemonSet/)?(" + GPU_STACK_POD + r"[\w.-]*)", re.MULTILINE)
_FAILING = re.compile(r"^\W{0,2}\s+Reason:\s+(CrashLoopBackOff|Error)\s*$", re.MULTILINE)


def gpu_stack_pod_findings(text: str) -> list[Finding]:
    if "Reason:" not in text or "nvidia-" not in text:
        return []
    owner = _OWNER.search(text)
    failing = _FAILING.search(text, owner.end()) if owner else None  # a container of that pod: below its name
    if not owner or not failing:
        return []
    return [Finding(
        id="log.gpu_missing", severity=Severity.ERROR, subject=owner.group(1),
        message=f"{owner.group(1)}, a pod of the node's GPU stack, has a container in {failing.group(1)}: that node "
                "offers pods no working GPU",
        fix=GPU_STACK_FIX,
        cause=Cause.CUDA_OR_DRIVER,
        evidence={"lines": [text.count("\n", 0, m.start()) + 1 for m in (owner, failing)], "role": "root"})]
