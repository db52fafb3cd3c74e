"""The NVLS bind failure and the RemoveIPC unlink failure are told apart from SHARP/CollNet and a
full /dev/shm (WARN texts of NCCL 2.30.7 src/transport/nvls.cc and src/os/linux.cc)."""

from ncclkit.causes import Cause
from ncclkit.logs.patterns import classify_error

NVLS = ("node1:2211:2290 [3] transport/nvls.cc:376 NCCL WARN Failed to bind NVLink SHARP (NVLS) Multicast "
        "memory of size 2097152 : CUDA error 1 'invalid argument'.")
UNLINK = ("node1:2211:2290 [0] os/linux.cc:861 NCCL WARN unlink shared memory /dev/shm/nccl-8fQ2aB failed, "
          "error: No such file or directory (2)")


def test_nvls_bind_is_fabric_not_sharp():
    nvls = classify_error(NVLS)
    assert nvls.category == "fabric_manager" and nvls.cause == Cause.CUDA_OR_DRIVER
    assert classify_error("NCCL WARN NET/IB : SHARP aggregation failed, sharp_coll_init").category == "collnet_sharp_error"


def test_unlink_failure_is_removeipc_not_full_shm():
    unlink = classify_error(UNLINK)
    assert unlink.cause == Cause.SHM_TOO_SMALL and "RemoveIPC=no" in unlink.fix
    assert "--shm-size" not in unlink.fix
