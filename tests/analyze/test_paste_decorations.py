"""Real pastes as forums, log collectors and launchers decorate them: every line quoted ("> "),
timestamped by `kubectl logs --timestamps`, prefixed by `kubectl logs --prefix`, Ray, srun, torchrun,
docker compose, journald or vLLM's logging, wrapped in docker's json-file records, indented as a markdown
code block, by Python logging's "asctime - name - levelname - " or Open MPI's --tag-output, HTML-escaped or spaced with no-break spaces by a copy from a web page, or with bare carriage
returns for line ends. The cause must not change."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ncclkit.logs.analyze import analyze_text
from ncclkit.logs.paste_text import undecorate

CORPORA = Path(__file__).parent.parent / "diagnosis"
# Pastes of each kind of artifact whose reading depends on where a line starts: port listings,
# nccl-tests headers, bare channel tails, NCCL logs with socket addresses, Gloo errors.
CASES = ["mscclpp493-make-connection-hang-nic-down.txt", "tensorpipe455-second-hca-unplugged-retry-exceeded.txt",
         "rccl1423-mi300x-vm-ib-port-flapping-down-polling.txt", "nccl897-gdrdma-one-node-only.txt",
         "nccltests27-two-nodes-run-separately-no-mpi-build.txt", "nccl1939-peermem-loaded-gdr-disabled-ubuntu2404.txt",
         "awsome-distributed-ai192-p5-socket-connect-127001-abort.txt",
         "horovod584-nccl23-socket-uses-lo-connect-refused.txt",
         # the cause is the line under "Last error:", the paste's last line (no newline after it)
         "openr1mm7-socket-ifname-eth0-no-interface.txt", "vllm1726-invalid-config-blocking-attribute-nccl2143.txt"]
DECORATIONS = {
    "quote": lambda line: "> " + line,
    "kubectl-timestamps": lambda line: "2024-05-11T14:10:52.224718Z " + line,
    "kubectl-prefix": lambda line: "[pod/trainer-worker-1/pytorch] " + line,
    "ray": lambda line: "(RayWorkerWrapper pid=2657296) " + line,
    "srun": lambda line: "3: " + line,
    "code-block": lambda line: "    " + line,
    "tab-indent": lambda line: "\t" + line,
    "torchrun": lambda line: "[rank3]: " + line,
    "compose": lambda line: "trainer-1  | " + line,
    "journald": lambda line: "Jan 01 10:00:00 gpu-node-3 python[12345]: " + line,
    "vllm-logging": lambda line: "ERROR 06-25 15:28:30 worker_base.py:148] " + line,
    "cri": lambda line: "2024-05-11T14:10:52.224718901Z stderr F " + line,
    "no-break-spaces": lambda line: line.replace(" ", "\u00a0"),  # copied from a web page or chat client
    "carriage-returns": lambda line: line.replace("\n", "\r"),  # classic Mac line ends
    "python-logging": lambda line: "2024-05-11 14:10:52,224 - trainer - ERROR - " + line,
    "mpirun-tag-output": lambda line: "[1,3]<stderr>:" + line,
    "docker-json": lambda line: json.dumps({"log": line, "stream": "stderr", "time": "2024-05-11T14:10:52Z"}) + "\n",
}


def case(name: str) -> tuple[str, set[str]]:
    path = next(CORPORA.glob(f"corpus-*/cases/{name}"))
    label = json.loads((path.parent.parent / "labels.json").read_text())[name]
    return path.read_text(errors="replace"), {label["root_cause"], *label["also_acceptable"]}


def top_cause(text: str) -> str | None:
    order = {"error": 0, "warning": 1, "info": 2}
    named = [f for f in analyze_text(text)["findings"] if f["cause"]]
    return min(named, key=lambda f: order[f["severity"]])["cause"] if named else None


@pytest.mark.parametrize("name", CASES)
@pytest.mark.parametrize("how", sorted(DECORATIONS))
def test_a_decorated_paste_keeps_its_cause(name: str, how: str) -> None:
    text, want = case(name)
    assert top_cause(text) in want  # the plain paste, as posted
    decorated = "".join(DECORATIONS[how](line) for line in text.splitlines(keepends=True))
    assert top_cause(decorated) in want


@pytest.mark.parametrize("name", CASES[:4])
def test_an_html_escaped_paste_keeps_its_cause(name: str) -> None:
    text, want = case(name)
    escaped = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    assert top_cause(escaped) in want
    hex_quotes = escaped.replace("'", "&#x27;").replace('"', "&quot;")  # Python's html.escape
    assert top_cause(hex_quotes) in want


def test_prefixes_of_a_minority_of_lines_stay() -> None:
    """`ip addr` numbers only its interface lines, a reply quotes one line: neither is a decoration."""
    ip_addr = ("1: lo: <LOOPBACK,UP,LOWER_UP> mtu 65536\n    link/loopback 00:00:00:00:00:00\n"
               "    inet 127.0.0.1/8 scope host lo\n2: eth0: <BROADCAST,UP> mtu 1500\n"
               "    link/ether 52:54:00:12:34:56\n    inet 10.0.0.5/24 scope global eth0\n")
    assert undecorate(ip_addr) == ip_addr
    reply = "> the job hangs\nnode1:1:2 [0] NCCL INFO Using network Socket\nnode1:1:2 [0] NCCL INFO ok\n"
    assert undecorate(reply) == reply
    one_entity = "NCCL INFO NET/Socket : Using [0]eth0:10.0.0.1&lt;0>\n"
    assert undecorate(one_entity) == one_entity
    assert undecorate("> a\n> b\n").count("\n") == 2
    json_in_text = 'config: {"log": "x", "level": 1}\nnode1:1:2 [0] NCCL INFO a\nnode1:1:2 [0] NCCL INFO b\n'
    assert undecorate(json_in_text) == json_in_text


def test_a_quoted_one_line_paste_is_read_as_the_line() -> None:
    """A reply that quotes the single line it is about (dcgm59): the quote marker is a decoration there too."""
    text, want = case("dcgm59-dcgmi-304-driver525-unsupported-cuda-version.txt")
    assert text.strip().count("\n") == 0 and top_cause(text) in want
    assert top_cause("> " + text) in want
    assert undecorate("> a\n") == "a\n"
    # a single line's other prefixes stay: journald's unit names the program the rows read
    one = "Mar 01 12:00:03 gpu-node-07 nvidia-persistenced[2345]: device 0000:1b:00.0 - failed to open.\n"
    assert undecorate(one) == one


def test_a_last_line_without_newline_is_read_with_the_line_before_it() -> None:
    """PyTorch puts ncclGetLastError()'s text on the line under "Last error:"; pasted last, it often has
    no newline after it."""
    paste = ("torch.distributed.DistBackendError: NCCL error in: ProcessGroupNCCL.cpp:2588, internal error, "
             "NCCL version 2.21.5\nncclInternalError: Internal check failed.\nLast error:\n"
             "Bootstrap : no socket interface found")
    assert top_cause(paste) == top_cause(paste + "\n") == "wrong_interface"



@pytest.mark.parametrize("name", CASES[:4])
def test_a_code_block_under_the_reporters_prose_keeps_its_cause(name: str) -> None:
    """GitHub renders a paragraph indented by four spaces as code: the reporter's sentence, a blank line, then the
    paste indented. Lines read from their start must read as in the plain paste."""
    text, want = case(name)
    block = "".join("    " + line for line in text.splitlines(keepends=True))
    assert top_cause("I run the job on two nodes and get this error:\n\n" + block) in want


def test_a_line_read_from_its_start_is_read_in_a_code_block_under_prose() -> None:
    """meta-llama/llama#665 as posted: a sentence, a blank line, then the exception indented as code. A program's
    own exception is read only at the start of a line (not a sentence that mentions one)."""
    paste = "I set `--nproc-per-node=8`, but then I get this error message:\n\n    KeyError: 'labels'\n"
    assert top_cause(paste) == top_cause("KeyError: 'labels'\n") == "application_bug"
    # Indented lines inside a paragraph that starts at the margin keep their indent (a traceback's frames).
    frames = "Traceback (most recent call last):\n    x = f()\n"
    assert undecorate(frames) == frames


def test_an_indented_block_behind_a_prefix_is_dedented_once_the_prefix_is_gone() -> None:
    # pytorch/pytorch#191951's two indented lines, quoted in a reply or printed under torchrun's rank prefix
    block = ("    AttributeError: 'ProcessGroupNCCL2' object has no attribute 'register_mem_pool'\n"
             "    nccl_allocator.py:252 <- param_and_grad_buffer.py:1089\n")
    for prefix in ("> ", "[rank0]: "):
        text = "".join(prefix + line for line in block.splitlines(keepends=True))
        assert undecorate(text).startswith("AttributeError:")
        lead = next(f for f in analyze_text(text)["findings"] if f["cause"])
        assert (lead["id"], lead["cause"]) == ("log.program_error", "application_bug")
    # a traceback's own indentation under a prefix stays: its first line is not indented
    tb = "[rank0]: Traceback (most recent call last):\n[rank0]:   File \"x.py\", line 1, in <module>\n"
    assert undecorate(tb) == "Traceback (most recent call last):\n  File \"x.py\", line 1, in <module>\n"


def test_pdshs_host_prefix_goes_and_a_listings_keys_stay() -> None:
    # deepspeedai/DeepSpeed#4985: DeepSpeed's multi-node launcher runs each node through pdsh, "host: " on each line
    tb = ("rogpt1: Traceback (most recent call last):\n"
          'rogpt1:   File "/opt/conda/lib/python3.10/runpy.py", line 196, in _run_module_as_main\n'
          "rogpt1:     return _run_code(code, main_globals, None,\n"
          'rogpt1:   File "/opt/conda/lib/python3.10/runpy.py", line 86, in _run_code\n'
          "rogpt1:     exec(code, run_globals)\n"
          "rogpt2: RuntimeError: NCCL error in: ProcessGroupNCCL.cpp:1269, unhandled system error\n")
    assert undecorate(tb).startswith("Traceback (most recent call last):\n  File ")
    # argparse's refusal under torch.distributed.launch (the script's name before "error:"), a listing of
    # variables and an exception's class are no host names
    for kept in ("usage: main.py [-h] [--local_rank LOCAL_RANK]\nmain.py: error: unrecognized arguments: "
                 "--local-rank=1\nusage: main.py [-h] [--local_rank LOCAL_RANK]\nmain.py: error: unrecognized "
                 "arguments: --local-rank=0\n",
                 "NCCL_DEBUG: INFO\nNCCL_IB_HCA: mlx5_0\nNCCL_SOCKET_IFNAME: eth0\n",
                 "RuntimeError: a\nRuntimeError: b\nRuntimeError: c\n",
                 "python: 3.10\ntorch: 2.4.0\ncuda: 12.1\nnccl: 2.20.5\n"):
        assert undecorate(kept) == kept


def test_githubs_collapsed_section_is_markup_and_an_xml_document_is_not() -> None:
    # a long log posted inside <details> (GitHub's issue forms suggest it): the tags' lines are left empty
    text = "<details><summary>Full log</summary>\n\n```\nRuntimeError: CUDA error: out of memory\n```\n</details>\n"
    assert undecorate(text) == "\n\n```\nRuntimeError: CUDA error: out of memory\n```\n\n"
    # NCCL's topology dump keeps its tags
    xml = '<system version="1">\n  <cpu numaid="0" affinity="ffff">\n  </cpu>\n</system>\n'
    assert undecorate(xml) == xml
