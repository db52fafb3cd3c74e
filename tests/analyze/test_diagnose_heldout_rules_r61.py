"""Rules from round 61 of the held-out measurement, and readings made launcher-neutral on review, each tested on the
text that carries it and on text that must not trigger it."""

from __future__ import annotations

from ncclkit.logs.analyze import analyze_text

from line_reading import assert_reads, lead


# A shell that cannot parse the command a launcher built is any launcher's (sbatch, pdsh, mpirun), not DeepSpeed's:
# its fix names the unquoted value; DeepSpeed's own release notes stay on its venv-script and OpenMPI lines.
def test_a_shell_syntax_error_names_the_unquoted_value_not_one_launcher() -> None:
    line = "bash: -c: line 0: syntax error near unexpected token `('"
    assert_reads(line, "log.framework_release", "other")
    fix = next(f["fix"] for f in analyze_text(line + "\n")["findings"] if f["cause"])
    assert "quote" in fix and "venv" not in fix
    assert_reads("OSError: MPI environment variables are not set. Ensure you are running the script with an "
                 "MPI-compatible launcher.", "log.framework_release", "other")
    assert lead("bash: line 1: python: command not found\n") != ("log.framework_release", "other")
