"""The guess from a paste's failure lines (ncclkit.logs.error_words): it speaks only where no row knows a line
and no finding names a cause, reads only lines that state a failure in the program's own words, and never
overrides a reader. Lines are real: each comes from the thread or source named beside it."""

from __future__ import annotations

from line_reading import causes, lead
from ncclkit.logs.analyze import analyze_text
from ncclkit.logs.error_words import error_word_findings
from ncclkit.logs.render import render_text

# isaac-sim/IsaacLab#2756: Isaac Sim's PhysX plugin could not query the driver (no row knows this program).
PHYSX = ("2025-06-23 14:16:07 [80,589ms] [Warning] [omni.physx.foundation.plugin] PhysXFoundation: Couldn't get "
         "driver version, failed to getDeviceInfo")
# NVIDIA/nccl-tests#327: UCX's RoCE connect on an SR-IOV pod (the line's head was cut at the excerpt's edge).
UCX = ("flow_label=0xffffffff sgid_index=0 traffic_class=0) for RC DEVX QP connect on mlx5_15 failed: No such "
       "device")


def test_a_failure_line_no_row_knows_is_read_by_its_subject() -> None:
    assert lead(PHYSX + "\n") == ("log.error_words", "cuda_or_driver")
    assert lead(UCX + "\n") == ("log.error_words", "gid_index_or_roce_config")
    found = analyze_text(UCX + "\n")["findings"]
    guess = next(f for f in found if f["id"] == "log.error_words")
    assert guess["severity"] == "warning" and guess["evidence"]["role"] == "likely"
    assert guess["evidence"]["lines"] == [1] and "show_gids" in guess["fix"]
    # Two subjects named as often: the one named last leads (a paste ends on its verdict), the other follows, then
    # the corpus's most frequent cause beside the lead's (logs.co_causes).
    assert causes(PHYSX + "\n" + UCX + "\n") == [("log.error_words", "gid_index_or_roce_config"),
                                                ("log.alternative", "cuda_or_driver"), ("log.alternative", "other")]
    assert causes(UCX + "\n" + PHYSX + "\n")[0] == ("log.error_words", "cuda_or_driver")


def test_lines_that_state_no_failure_give_no_guess() -> None:
    # The same subjects without a failing word.
    assert error_word_findings("PhysXFoundation: driver version 570.86, getDeviceInfo ok\n", "x") == []


def test_a_failure_that_names_no_subject_is_read_as_the_programs_then_a_librarys() -> None:
    # isaac-sim/IsaacLab#7142: OVPhysX bound every rank to GPU 0 (the library's fault, worked around by IsaacLab);
    # no word of the verdict or of the line under it names NCCL, the network, memory or the launch. Such failures
    # were most often the program's own in the held-out threads, so the library's release is the alternative.
    paste = ("RuntimeError: Failed to read tensor binding:\n"
             "  read_tensor_binding: device mismatch: binding expects GPU (device=0), tensor is GPU (device=2)\n")
    found = error_word_findings(paste, "x")
    assert [(f.id, f.root_cause) for f in found] == [("log.error_words", "application_bug")]
    assert found[0].evidence["lines"] == [1] and found[0].evidence["alternatives"] == ["other"]
    assert "line 1: RuntimeError: Failed to read tensor binding" in found[0].message
    # A line with a subject still leads over lines with none; a peer's exit alone is no error of its own.
    assert error_word_findings(paste + PHYSX + "\n", "x")[0].root_cause == "cuda_or_driver"
    assert error_word_findings("W0515 10:23:40.552019       1 process.go:128] Child exited with code 1\n", "x") == []


def test_a_tracebacks_source_lines_are_not_the_programs_report() -> None:
    # NVIDIA/Megatron-LM#436: the frame's source line names world_size and timeout, the verdict below it is Gloo's.
    frame = ('  File "/usr/local/python/lib/python3.8/site-packages/torch/distributed/distributed_c10d.py", line 703, '
             'in _new_process_group_helper\n'
             '    pg = ProcessGroupGloo(prefix_store, rank, world_size, timeout=timeout)\n')
    assert error_word_findings(frame, "x") == []
    assert error_word_findings(frame.splitlines()[1].strip() + "\n", "x") != []


def test_a_finding_that_names_a_cause_leaves_no_room_for_a_guess() -> None:
    warn = ("node1:1:1 [0] NCCL WARN NET/IB : Got completion from peer 10.0.0.2<5555> with error 12, opcode 0, len 0, "
            "vendor err 129")
    ids = [f["id"] for f in analyze_text(warn + "\n" + UCX + "\n")["findings"]]
    assert "log.error_words" not in ids and "log.ib_completion_error" in ids


def test_a_peers_exit_alone_leads_no_guess() -> None:
    # A process that exited names no subject of its own (kubernetes' process.go; DCGM's mndiag wrapper).
    assert lead("W0515 10:23:40.552019       1 process.go:128] Child exited with code 1\n") is None


def test_a_listing_is_left_to_its_reader() -> None:
    # nvidia-smi topo -p2p r's legend names P2P and "Not supported" on every machine.
    matrix = ("        GPU0    GPU1\n GPU0   X       OK\n GPU1   OK      X\n\nLegend:\n\n  X    = Self\n"
              "  OK   = Status Ok\n  CNS  = Chipset not supported\n  GNS  = GPU not supported\n"
              "  TNS  = Topology not supported\n  NS   = Not supported\n  U    = Unknown\n")
    result = analyze_text(matrix)
    assert result["kind"] == "topo"
    assert "log.error_words" not in [f["id"] for f in result["findings"]]


def test_the_text_output_says_a_guess_is_a_guess() -> None:
    text = render_text([analyze_text(PHYSX + "\n", name="physx.txt")])
    assert "Possible cause (from the words of its failure lines): cuda_or_driver" in text
    assert "Most likely cause" not in text


def test_a_build_that_failed_is_read_as_the_build() -> None:
    # gcc 12.2 (Debian 12) on a file including <mpi.h> with no MPI installed, and linking -lucp with no UCX: their
    # output verbatim. NCCL's own header and library have rows of their own (log.package_build).
    header = ("ompi_probe.c:1:10: fatal error: mpi.h: No such file or directory\n    1 | #include <mpi.h>\n"
              "      |          ^~~~~~~\ncompilation terminated.\n")
    link = "/usr/bin/ld: cannot find -lucp: No such file or directory\ncollect2: error: ld returned 1 exit status\n"
    found = analyze_text(link)["findings"]
    assert (found[0]["id"], found[0]["cause"]) == ("log.error_words", "other")
    assert "compiler, linker or installer" in found[0]["fix"]
    # MPI's header has its own row, which names MPI_HOME (patterns_table_builds)
    found = analyze_text(header)["findings"]
    assert (found[0]["id"], found[0]["cause"]) == ("log.build_toolchain", "other") and "MPI_HOME" in found[0]["fix"]
