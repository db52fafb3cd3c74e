"""Rules from round 39 of the held-out measurement (Horovod, MPI and UCX, nccl-tests, frameworks beside PyTorch),
each tested on the text that carries it and on text that must not trigger it."""

from __future__ import annotations

from line_reading import assert_reads, causes


# NVIDIA/nccl-tests#81 (NCCL_HOME on a source tree never built), horovod/horovod#3378 (no NCCL for that CUDA).
def test_a_build_that_finds_no_nccl_is_the_build() -> None:
    assert_reads("common.h:9:10: fatal error: nccl.h: No such file or directory", "log.package_build", "other")
    assert_reads("    /tmp/pip-install-1o9yj4k1/horovod/horovod/common/ops/nccl_operations.h:22:10: fatal error: nccl.h: "
                 "No such file or directory", "log.package_build", "other")
    assert_reads("/usr/bin/ld: cannot find -lnccl", "log.package_build", "other")
    # Another header is not NCCL's; a library the loader cannot open at run time keeps its own reading.
    assert ("log.package_build", "other") not in causes("common.h:9:10: fatal error: mpi.h: No such file or directory\n")
    assert ("log.package_build", "other") not in causes("/usr/bin/ld: cannot find -lncclx_helper\n")
    assert_reads("OSError: libnccl.so.2: cannot open shared object file: No such file or directory",
                 "log.nccl_library_missing", "other")


# NVIDIA/gdrcopy#234: gdrdrv loaded without its device node; the shell prompt names the project's folder.
def test_gdrcopys_own_open_error_is_gdrcopy_and_its_folder_is_not() -> None:
    assert_reads("gdr_open error: Is gdrdrv driver installed and loaded?", "log.gdrcopy_error", "gdr_unavailable")
    prompt = 'nvidia@nvidia-tegra:~/devel/gdrcopy$ lsmod | grep -i "gdrdrv"\n'
    assert "log.gdrcopy_error" not in [fid for fid, _ in causes(prompt)]
    assert_reads("node1:1:1 [0] NCCL WARN GDRCOPY failure 3", "log.gdrcopy_error", "gdr_unavailable")


# sony/nnabla#946, sony/ai-research-code#46: nnabla without its CUDA extension has no communicator to offer.
def test_nnabla_without_its_cuda_extension_is_the_programs_setup() -> None:
    for line in ("Failed `it != items_.end()`: Any of [cudnn:float, cuda:float, cpu:float] could not be found in []",
                 "No communicator found. Running with a single process. If you run this with MPI processes, all "
                 "processes will perform totally same."):
        assert_reads(line, "log.framework_usage", "application_bug")
    found = "Failed `it != items_.end()`: Any of [cudnn:float] could not be found in [cpu:float]\n"
    assert ("log.framework_usage", "application_bug") not in causes(found)


# openucx/ucx#3776: UCX_TLS=rc,gdr_copy for device buffers; the maintainers: cuda_copy must be in the list.
def test_ucx_transports_without_cuda_copy_for_gpu_buffers_are_the_launch() -> None:
    crash = ("==== backtrace ====\n    4  libuct_ib.so.0(uct_rc_mlx5_ep_am_short+0x25b) [0x7f1a9a4b7a7b]\n"
             "    5  libucp.so.0(ucp_tag_send_nbr+0x87) [0x7f1a9b7bc377]\n")
    cmd = "mpirun -np 2  -x UCX_TLS={} -mca pml ucx -mca btl self,tcp --host host1:1,host2:1 osu_latency -d cuda D D\n"
    assert causes(cmd.format("rc,gdr_copy") + crash)[0] == ("log.env_set", "application_bug")
    for fine in ("rc,cuda_copy,gdr_copy", "^gdr_copy", "rc,cuda_copy", "all"):
        assert ("log.env_set", "application_bug") not in causes(cmd.format(fine) + crash), fine


# horovod/horovod#2015: at 50 nodes the Gloo rendezvous needed --gloo-timeout-seconds 240.
def test_horovods_gloo_rendezvous_timeout_is_its_timeout_at_scale() -> None:
    assert_reads("  what():  [horovod/common/gloo/http_store.cc:53] [horovod/common/gloo/http_store.cc:53] Wait "
                 "timeout for key(s): 0", "log.rendezvous_timeout", "performance_config")
    # A collective that timed out later is no rendezvous.
    got = causes("RuntimeError: [../third_party/gloo/gloo/transport/tcp/unbound_buffer.cc:81] Timed out waiting "
                 "1800000ms for recv operation to complete\n")
    assert got[0][0] != "log.rendezvous_timeout"
