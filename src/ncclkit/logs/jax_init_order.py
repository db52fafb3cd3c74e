"""JAX used before jax.distributed.initialize, as a pasted session or script shows it (pure: text -> list[Finding]).

jax.distributed.initialize must run before any other JAX call: a device query or a computation first starts the
backend for this process alone, and the later initialize no longer joins it to the others (JAX's multi-process
docs; newer JAX refuses with "jax.distributed.initialize() must be called before any JAX computations", older JAX
went on). Each process then lists only its own GPUs, every one with process_index 0 (jax-ml/jax#12258: a Python
session that called jax.local_devices() first).
"""

from __future__ import annotations

import re

from ncclkit.causes import Cause
from ncclkit.findings import Finding, Severity

__all__ = ["jax_init_order_findings"]

_INITIALIZE = re.compile(r"\bjax\.distributed\.initialize\(")
# A statement of the session or of the script's top level (not indented: a function's body runs later, when it is
# called) that starts JAX's backend: a device query, or an array made or computed, alone, assigned or printed. Prose
# that names such a call does not start with it; a session's prompt may stay on the line.
_BACKEND = re.compile(r"^(?:>>> )?(?:[\w\[\], ]+=\s*)?(?:print\()?(?:jax\.(?:local_)?devices\(|"
                      r"jax\.(?:local_)?device_count\(|jax\.process_(?:index|count)\(|jnp\.\w+\(|jax\.numpy\.\w+\(|"
                      r"jax\.device_put\()")


def jax_init_order_findings(text: str) -> list[Finding]:
    if "jax.distributed.initialize(" not in text:
        return []
    first_call = init = None
    for no, line in enumerate(text.splitlines(), 1):
        code = line.split("#", 1)[0]
        if _INITIALIZE.search(code):
            init = no
            break
        if first_call is None and _BACKEND.match(code):
            first_call = (no, line.strip())
    if init is None or first_call is None:
        return []
    no, call = first_call
    return [Finding(id="log.framework_usage", severity=Severity.WARNING, subject="jax.distributed.initialize",
                    message=f"JAX is used (line {no}: {call[:80]}) before jax.distributed.initialize (line {init}): "
                            "the backend then starts for this process alone, so the processes never join one job "
                            "and each sees only its own devices",
                    fix="call jax.distributed.initialize() first in every process, before any other JAX call (and "
                        "before importing modules that create JAX arrays)",
                    cause=Cause.APPLICATION_BUG, evidence={"role": "root", "lines": [no, init]})]
