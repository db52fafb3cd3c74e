#!/usr/bin/env python3
"""Extract every WARN(...) format string of NCCL's source at several release tags.

usage: extract_nccl_warns.py NCCL_GIT_DIR OUT.json [TAG ...]

Reads the tags with `git show` (no checkout needed; a bare mirror works), keeps one entry per
distinct format string with the file and line where it first appears and the first and last of the
given tags that carry it. tests/analyze/test_nccl_warn_catalogue.py classifies each of them.
"""

import json
import re
import subprocess
import sys

DEFAULT_TAGS = ["v2.4.8-1", "v2.8.4-1", "v2.12.12-1", "v2.18.6-1", "v2.23.4-1", "v2.28.9-1", "v2.30.7-1"]
# WARN("fmt" "fmt" MACRO "fmt", args): adjacent string literals, PRI* macros between them.
_WARN = re.compile(r'\bWARN\s*\(\s*((?:"(?:[^"\\]|\\.)*"\s*(?:[A-Za-z_][A-Za-z_0-9]*\s*)?)+)')
_LITERAL = re.compile(r'"((?:[^"\\]|\\.)*)"')


def git(repo: str, *args: str) -> str:
    return subprocess.run(["git", "-C", repo, *args], capture_output=True, text=True, errors="replace",
                          check=True).stdout


def main() -> None:
    if len(sys.argv) < 3:
        sys.exit(__doc__.strip().splitlines()[2])
    repo, out = sys.argv[1], sys.argv[2]
    tags = sys.argv[3:] or DEFAULT_TAGS
    found: dict[str, dict[str, object]] = {}
    for tag in tags:
        for path in git(repo, "ls-tree", "-r", "--name-only", tag, "src").split():
            if not path.endswith((".cc", ".h", ".cu", ".c", ".cpp")):
                continue
            src = git(repo, "show", f"{tag}:{path}")
            for m in _WARN.finditer(src):
                fmt = "".join(_LITERAL.findall(m.group(1)))
                entry = found.setdefault(fmt, {"fmt": fmt, "file": path, "line": src.count("\n", 0, m.start()) + 1,
                                               "first_tag": tag, "last_tag": tag})
                entry["last_tag"] = tag
    with open(out, "w") as fh:
        json.dump(sorted(found.values(), key=lambda e: (str(e["file"]), int(e["line"]))), fh, indent=0)
        fh.write("\n")
    print(f"{len(found)} WARN formats from {len(tags)} tags -> {out}")


if __name__ == "__main__":
    main()
