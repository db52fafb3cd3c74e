"""A pasted line that carries Python's traceback header after its own text is quoted up to the header: IPython's
"TimeoutError    Traceback (most recent call last)" and an exception re-raised with the traceback as its message.
The evidence keeps the exception; no output of `analyze` (JSON or text) carries the header, which is what a check
for a crash of ncclkit itself looks for. Each paste is quoted from the thread named above it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ncclkit.cli.main import main
from ncclkit.logs.nccl_log_model import quoted_line

HEADER = "Traceback (most recent call last)"

# dmlc/dgl#3369: DGL's process wrapper re-raises the worker's exception with its traceback as the message
_DGL = """\
Process Process-1:
Traceback (most recent call last):
  File "/opt/conda/lib/python3.8/multiprocessing/process.py", line 315, in _bootstrap
    self.run()
  File "/opt/conda/lib/python3.8/site-packages/dgl-0.7.1-py3.8-linux-x86_64.egg/dgl/multiprocessing/pytorch.py", \
line 29, in decorated_function
    raise exception.__class__(trace)
NameError: Traceback (most recent call last):
  File "train_cv_multi_gpu.py", line 242, in run
    dist_sampler = torch.utils.data.distributed.DistributedSampler(train_nid.numpy(), shuffle=True, drop_last=False)
NameError: name 'torch' is not defined
"""

# eosphoros-ai/DB-GPT#290: a server's error message with the traceback appended on the same line
_DBGPT = """\
LLMServer Generate Error, Please CheckErrorInfo.: Expected all tensors to be on the same device, but found at least \
two devices, cuda:0 and cuda:1!: Traceback (most recent call last):
File "/home/aigc/wnsong/DB-GPT-main/pilot/server/llmserver.py", line 74, in generatestreamgate
for output in self.generatestreamfunc(
"""

# horovod/horovod#1801: a notebook's traceback (IPython prints the exception's name left of the header)
_IPYTHON = """\
Common interface found: lo eth1 eth2 ib0
KVStoreServer INFO: KVStore server started. Listen on port 20218
---------------------------------------------------------------------------
TimeoutError                              Traceback (most recent call last)
/data/anaconda3/envs/powerai/lib/python3.6/urllib/request.py in do_open(self, http_class, req, **http_conn_args)
   1317                 h.request(req.get_method(), req.selector, req.data, headers,
-> 1318                           encode_chunked=req.has_header('Transfer-encoding'))
"""


def test_a_line_is_quoted_up_to_the_header() -> None:
    assert quoted_line("NameError: Traceback (most recent call last):") == "NameError:"
    assert quoted_line("TimeoutError                              Traceback (most recent call last)") == "TimeoutError"
    assert quoted_line("NCCL WARN Call to connect returned Connection refused") == \
        "NCCL WARN Call to connect returned Connection refused"


@pytest.mark.parametrize(("paste", "quote"), [(_DGL, "NameError"), (_DBGPT, "Expected all tensors to be on the same "
                                                                           "device"), (_IPYTHON, "TimeoutError")])
@pytest.mark.parametrize("fmt", [["--json"], []])
def test_no_output_carries_the_header_and_the_exception_stays(paste: str, quote: str, fmt: list[str], tmp_path: Path,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "paste.txt"
    path.write_text(paste, encoding="utf-8")
    main(["analyze", str(path), *fmt])
    out = capsys.readouterr()
    assert HEADER not in out.out and HEADER not in out.err
    assert quote in out.out
    if fmt:
        quoted = [e["text"] for r in json.loads(out.out) for e in r["errors"]]
        assert any(quote in text for text in quoted)
