"""The layout DeepSpeed's runner hands its per-node launcher: the hosts of the job and the GPUs of each, read from a
pasted launch.py command line (a reader: text -> facts, no findings)."""

from __future__ import annotations

import base64
import json
import re

__all__ = ["deepspeed_world"]

# The runner's command for launch.py carries the layout as base64 JSON: "--world_info=eyJsb2NhbGhvc3QiOiBbMF19" is
# {"localhost": [0]}, host -> GPUs (deepspeed/launcher/runner.py encode_world_info).
_DS_WORLD = re.compile(r"--world_info=([A-Za-z0-9+/]{4,4096}={0,2})")


def deepspeed_world(line: str) -> dict[str, list[int]] | None:
    """The world_info ({host: [GPU indices]}) a DeepSpeed launch line carries, or None where it carries no such JSON."""
    m = _DS_WORLD.search(line)
    try:
        world = json.loads(base64.b64decode(m.group(1), validate=True)) if m else None
    except (ValueError, UnicodeDecodeError):
        return None
    if not isinstance(world, dict) or not world or not all(isinstance(v, list) and v for v in world.values()):
        return None
    return world
