"""`ncclkit doctor` pipeline: probe a NodeRoot, run the rules, recommend env -> DoctorReport.

`DoctorReport.to_json()` is the object of CONTRACTS.md section 2:
{"schema_version": 1, "host", "facts", "findings", "env"}.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ncclkit.facts import NodeFacts, facts_to_json
from ncclkit.findings import Finding, exit_code_for
from ncclkit.probe.collect import collect
from ncclkit.probe.root import NodeRoot
from ncclkit.recommend import recommend_env
from ncclkit.rules import run_rules

__all__ = ["SCHEMA_VERSION", "DoctorReport", "build_report", "run_doctor"]

SCHEMA_VERSION = 1


@dataclass(frozen=True, slots=True, kw_only=True)
class DoctorReport:
    facts: NodeFacts
    findings: tuple[Finding, ...]  # errors first (sort_findings)
    env: dict[str, Any]  # recommend_env(facts).to_json(): {"schema_version", "env", "reasons", ...}

    @property
    def exit_code(self) -> int:
        """0: no error finding, 1: at least one (CONTRACTS.md section 2)."""
        return exit_code_for(list(self.findings))

    def to_json(self) -> dict[str, Any]:
        return {
            "schema_version": SCHEMA_VERSION,
            "host": self.facts.host,
            "facts": facts_to_json(self.facts),
            "findings": [f.to_json() for f in self.findings],
            "env": self.env,
        }


def build_report(facts: NodeFacts) -> DoctorReport:
    """Rules and env recommendation over already-collected facts (pure)."""
    return DoctorReport(facts=facts, findings=tuple(run_rules(facts)), env=recommend_env(facts).to_json())


def run_doctor(root: NodeRoot, *, interval_s: float = 0.0) -> DoctorReport:
    """Probe `root` (live or snapshot) and diagnose it; NcclkitError only for an unusable root.

    `interval_s` > 0 on a live node reads the IB port counters twice to judge their change.
    """
    return build_report(collect(root, interval_s=interval_s))
