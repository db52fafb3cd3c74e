"""Rules about what could not be checked: probe.source_missing (one per ProbeIssue) and
nccl.version_unknown (version-dependent predictions fall back to the newest behaviour)."""

from __future__ import annotations

from ncclkit.facts import NodeFacts
from ncclkit.findings import Finding, Severity
from ncclkit.nccl.versions import parse_nccl_version
from ncclkit.rules.common import evidence

__all__ = ["check_nccl_version", "check_probe_issues"]


def check_probe_issues(facts: NodeFacts) -> list[Finding]:
    """probe.source_missing (info): "could not check <source> because <message>"."""
    out, seen = [], set()
    for issue in facts.issues:
        key = (issue.source, issue.path, issue.message)
        if key in seen:
            continue
        seen.add(key)
        out.append(Finding(
            id="probe.source_missing", severity=Severity.INFO, subject=issue.source,
            message=f"could not check {issue.source} because {issue.path}: {issue.message}",
            fix=(f"ncclkit snapshot OUT   # re-capture on the node with the tools installed ({issue.path})"
                 if facts.source != "live" else
                 f"ls -l /{issue.path.lstrip('/')}   # check it exists and is readable (root?), re-run doctor"),
            evidence=evidence(issue.path, issue.message, "readable")))
    return out


def check_nccl_version(facts: NodeFacts) -> list[Finding]:
    """nccl.version_unknown (info): no NCCL version found, so version-dependent checks assume the newest."""
    if parse_nccl_version(facts.nccl.version) is not None:
        return []
    return [Finding(
        id="nccl.version_unknown", severity=Severity.INFO, subject="NCCL",
        message=("NCCL version unknown (not found via torch, libnccl or cmd/nccl-version.txt): version-dependent "
                 "checks (peer-memory detection, GID defaults) assume a recent NCCL"),
        fix="python -c 'import torch; print(torch.cuda.nccl.version())'",
        evidence=evidence(facts.nccl.version_source or "torch / libnccl / cmd/nccl-version.txt",
                          facts.nccl.version, "a version such as 2.21.5"))]
