"""DeepSpeed's, Accelerate's and torchrun's launches given a mistake for real, and one healthy run (their outputs and
the commands are in tests/analyze/data/launchers-cpu). The healthy run's notice that DeepSpeed found no GPU stays a
warning: the job ran on the CPU to a clean exit, and no error may be read from it."""

from __future__ import annotations

from pathlib import Path

from ncclkit.logs.analyze import analyze_path

DATA = Path(__file__).parent / "data" / "launchers-cpu"


def _lead(name: str) -> dict:
    return next(f for f in analyze_path(DATA / name)["findings"] if f["cause"])


def test_deepspeeds_no_gpu_notice_on_a_healthy_cpu_run_is_a_warning() -> None:
    findings = analyze_path(DATA / "deepspeed-cpu-healthy.log")["findings"]
    assert not [f for f in findings if f["severity"] == "error"], findings
    lead = _lead("deepspeed-cpu-healthy.log")
    assert (lead["id"], lead["cause"], lead["severity"]) == ("log.gpu_missing", "cuda_or_driver", "warning")


def test_a_host_the_launch_does_not_have() -> None:
    lead = _lead("deepspeed-include-unknown-host.log")
    assert (lead["id"], lead["cause"], lead["severity"]) == ("log.launch_config", "application_bug", "error")


def test_accelerate_given_a_configuration_file_that_is_not_there() -> None:
    lead = _lead("accelerate-config-missing.log")
    assert (lead["id"], lead["cause"], lead["severity"]) == ("log.launch_config", "application_bug", "error")


def test_torch_cuda_set_device_on_a_cpu_build_of_torch() -> None:
    lead = _lead("torchrun-cpu-build-set-device.log")
    assert (lead["id"], lead["cause"], lead["severity"]) == ("log.package_build", "other", "error")
