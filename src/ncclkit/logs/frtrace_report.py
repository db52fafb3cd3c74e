"""PyTorch's flight-recorder analysis (fr_trace / torchfrtrace) pasted as text (pure: text -> list[Finding]).

Its report of a collective that not every rank joined names the ranks that never issued it, the collective and its
sequence number, in one of three layouts (torch/distributed/flight_recorder/components/utils.py by release):
- 2.5: one line, "Not all ranks joining collective for group 0:default_pg collective nccl:all_reduce Missing ranks
  are {1}";
- 2.6 - 2.7: "Not all ranks joining collective 5 at entry 4", then "group info: 0:default_pg", "collective:
  nccl:all_reduce", "missing ranks: {1}" on lines of their own;
- 2.8+: "Not all ranks joining collective, sequence number: 4" (pytorch/pytorch#140969: "...: sequence number:
  31117") with the same field lines.
The missing ranks are the answer a user pastes it for: the others wait in that collective for them.
"""

from __future__ import annotations

import re

from ncclkit.causes import Cause
from ncclkit.findings import Finding
from ncclkit.hang.judge import rank_list

__all__ = ["frtrace_findings"]

_HEADING = re.compile(r"Not all ranks joining collective(?:,? *:? *sequence number: *(\d+)| (\d+) at entry \d+)?")
_MISSING = re.compile(r"(?:missing ranks: *|Missing ranks are *)\{([\d,\s]*)\}")
_COLLECTIVE = re.compile(r"^\s*collective: *(\S+)| collective (\w+:\w+)")  # "nccl:all_reduce", profiling names
_GROUP = re.compile(r"(?:group info: *| for group )(\S+?)(?:\s|$)")
_FIELD_LINES = 8  # the field lines fr_trace prints after its heading (group, collective, missing, sizes, state)

_FIX = ("read what the missing ranks did instead (their last collective in the dump, their own output, `py-spy dump` "
        "on them): a rank-dependent branch, an early exit or an uneven number of batches")


def frtrace_findings(text: str) -> list[Finding]:
    if "Not all ranks joining collective" not in text:
        return []
    lines = text.splitlines()
    heads = [no for no, line in enumerate(lines, 1) if _HEADING.search(line)]
    no = heads[0]
    block = lines[no - 1:no - 1 + _FIELD_LINES]
    seq = next((m[1] or m[2] for m in [_HEADING.search(lines[no - 1])] if m and (m[1] or m[2])), None)
    missing_at = next(((i, m) for i, line in enumerate(block) if (m := _MISSING.search(line))), None)
    collective = next((m[1] or m[2] for line in block if (m := _COLLECTIVE.search(line))), None)
    group = next((m[1] for line in block if (m := _GROUP.search(line))), None)
    more = f"; fr_trace reports {len(heads) - 1} more such collective(s) after it" if len(heads) > 1 else ""
    what = " ".join(x for x in (collective, f"#{seq}" if seq else None) if x) or "a collective"
    where = f" of process group {group}" if group else ""
    if missing_at is None:
        return [Finding.root_error(
            "log.collective_mismatch", "collective", f"PyTorch's flight-recorder analysis found ranks that never "
            f"issued {what}{where}{more}", _FIX, Cause.HANG_COLLECTIVE_MISMATCH, [no])]
    ranks = sorted(int(r) for r in re.findall(r"\d+", missing_at[1][1]))
    subject = rank_list(ranks)
    return [Finding.root_error(
        "hang.rank_not_launched", subject or "collective",
        f"PyTorch's flight-recorder analysis found that {subject or 'some ranks'} never issued {what}{where}, which "
        f"the other ranks wait in{more}", _FIX, Cause.HANG_COLLECTIVE_MISMATCH, sorted({no, no + missing_at[0]}),
        missing_ranks=ranks, collective=collective, sequence=seq, process_group=group)]
