"""`ncclkit doctor` pipeline: probe a NodeRoot, run the rules, recommend env -> DoctorReport.

`DoctorReport.to_json()` is the object of CONTRACTS.md section 2:
{"schema_version": 1, "host", "facts", "findings", "env"}.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ncclkit.facts import NodeFacts, facts_to_json
from ncclkit.findings import Finding, exit_code_for, sort_findings
from ncclkit.nccl.predict import predict
from ncclkit.probe.collect import collect
from ncclkit.probe.root import NodeRoot
from ncclkit.recommend import EnvRecommendation, recommend_env
from ncclkit.rules import run_rules
from ncclkit.rules.env import check_env_vars, check_nccl_defaults

__all__ = ["SCHEMA_VERSION", "DoctorReport", "build_report", "recommend_checked", "run_doctor"]

SCHEMA_VERSION = 1


@dataclass(frozen=True, slots=True, kw_only=True)
class DoctorReport:
    facts: NodeFacts
    findings: tuple[Finding, ...]  # errors first (sort_findings)
    env: dict[str, Any]  # recommend_env(facts).to_json(): {"schema_version", "env", "reasons", ...}
    prediction_in_force: dict[str, Any]  # predict(facts, env in force): for the text report's columns

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


def recommend_checked(facts: NodeFacts) -> EnvRecommendation:
    """recommend_env with the env.* findings of the variables in force (what to unset)."""
    return recommend_env(facts, check_env_vars(facts, dict(facts.nccl.env)))


def build_report(facts: NodeFacts) -> DoctorReport:
    """Rules and env recommendation over already-collected facts (pure)."""
    findings = run_rules(facts)
    rec = recommend_env(facts, [f for f in findings if f.id.startswith("env.")])
    findings = sort_findings(findings + check_nccl_defaults(facts, rec.env, rec.reasons))
    return DoctorReport(facts=facts, findings=tuple(findings), env=rec.to_json(),
                        prediction_in_force=predict(facts, dict(facts.nccl.env)))


def run_doctor(root: NodeRoot, *, interval_s: float = 0.0) -> DoctorReport:
    """Probe `root` (live or snapshot) and diagnose it; NcclkitError only for an unusable root.

    `interval_s` > 0 on a live node reads the IB port counters twice to judge their change.
    """
    return build_report(collect(root, interval_s=interval_s))
