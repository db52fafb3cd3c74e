"""Rules from round 46 of the held-out measurement (Kubernetes operators and device plugins), each tested on the
text that carries it and on text that must not trigger it."""

from __future__ import annotations

from line_reading import assert_reads


# NVIDIA/k8s-device-plugin#319: CUDA's init answered "unknown error" in a pod until the plugin's pod was restarted.
def test_torch_cuda_init_unknown_error_is_the_driver_or_its_device_nodes() -> None:
    assert_reads("RuntimeError: CUDA unknown error - this may be due to an incorrectly set up environment, e.g. changing "
                 "env variable CUDA_VISIBLE_DEVICES after program start. Setting the available devices to be zero.",
                 "log.cuda_error", "cuda_or_driver")
