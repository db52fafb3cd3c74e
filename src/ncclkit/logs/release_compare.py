"""A paste that compares NCCL releases: the same job failing under one and passing under another (pure: text ->
list[Finding]).

Users who bisect a hang or a crash by NCCL release paste the outcome of each ("NCCL 2.30.7: killed after 180s",
"NCCL 2.31.2: passed", NVIDIA/jaxpp#11, fixed by the newer release). Where the paste states one release bad and
another good, the release is the cause: a bug of the bad one that the newer release fixed, or a regression the newer
one brought. A release named with both outcomes (a flaky job, two different runs) says neither.
"""

from __future__ import annotations

import re

from ncclkit.causes import Cause
from ncclkit.findings import Finding, Severity
from ncclkit.nccl.versions import NcclVersion, parse_nccl_version, version_text

__all__ = ["release_compare_findings"]

# "NCCL 2.30.7: killed after 180s", "with NCCL v2.19.3 it hangs", "NCCL 2.18.1 works": a release and, on its line
# within a few words, what the job did under it.
_OUTCOME = re.compile(r"\bNCCL[ _-]?v?(\d+\.\d+\.\d+)\b[^\n]{0,40}?\b(?:(pass(?:ed|es)?|works?|succeed(?:s|ed)?)|"
                      r"(hangs?|hung|fail(?:s|ed)?|crash(?:es|ed)?|killed|deadlocks?|timed? ?out))\b", re.IGNORECASE)


def release_compare_findings(text: str) -> list[Finding]:
    good: dict[NcclVersion, int] = {}
    bad: dict[NcclVersion, int] = {}
    # one search of the whole paste (a match stays on its line); the line number is counted for a match only
    for m in _OUTCOME.finditer(text):
        version = parse_nccl_version(m[1])
        if version is not None:
            (good if m[2] else bad).setdefault(version, text.count("\n", 0, m.start()) + 1)
    bad_only = sorted(set(bad) - set(good))
    good_only = sorted(set(good) - set(bad))
    if not bad_only or not good_only:
        return []
    failing, passing = bad_only[0], good_only[-1]
    worse, better = version_text(failing), version_text(passing)
    if passing > failing:
        what = f"a bug of NCCL {worse} that {better} fixes"
        fix = (f"run NCCL {better} or newer (the nvidia-nccl wheel, or the framework release that bundles it); its "
               "release notes name the fix")
    else:
        what = f"a regression of NCCL {worse} against {better}"
        fix = f"stay on NCCL {better} and report the regression to NVIDIA/nccl with both logs"
    return [Finding(id="log.release_compared", severity=Severity.WARNING, subject=f"NCCL {worse}",
                    message=f"the paste shows the job failing under NCCL {worse} (line {bad[failing]}) and passing "
                            f"under {better} (line {good[passing]}): {what}", fix=fix, cause=Cause.OTHER,
                    evidence={"role": "root", "lines": sorted({bad[failing], good[passing]}),
                              "alternatives": [str(Cause.NCCL_VERSION_MISMATCH)]})]
