"""Rules from sweeps 193 - 200 and rounds 196 - 200 (2026-12-05: installs, NCCL's own lines, launcher summaries,
hangs; biology, vision pretraining, diffusion trainers, RL, speech synthesis). Each line is quoted from the thread
named above its test, and tested on text that must not trigger it."""

from __future__ import annotations

from line_reading import assert_reads, ids, lead

from ncclkit.logs.analyze import analyze_text
from ncclkit.logs.paste import package_version


def test_a_resolvers_explanation_names_no_installed_nccl() -> None:
    # Vision-CAIR/MiniGPT4-video#45, ziplab/LongVLM#4: pip refused the install; neither version was installed
    refused = ("The conflict is caused by:\n    The user requested nvidia-nccl-cu12==2.18.1\n"
               '    torch 2.2.2 depends on nvidia-nccl-cu12==2.19.3; platform_system == "Linux" and '
               'platform_machine == "x86_64"\n')
    assert "log.package_versions" not in ids(refused)
    assert lead(refused) is None
    assert "log.no_failure" in ids(refused)
    # two real listings of different wheels on two nodes still differ
    listed = "node1: nvidia-nccl-cu12==2.18.1\nnode2: nvidia-nccl-cu12==2.19.3\n"
    assert lead(listed) == ("log.package_versions", "nccl_version_mismatch")


def test_pips_conflict_warning_names_the_installed_wheel() -> None:
    # pypa/pip src/pip/_internal/commands/install.py@26.3: the installed version follows "but you have"
    line = ("torch 2.1.0 requires nvidia-nccl-cu12==2.18.1, but you have nvidia-nccl-cu12 2.19.3 which is "
            "incompatible.\n")
    assert package_version(line) == ("nvidia-nccl-cu12", "2.19.3")
    assert lead(line) == ("log.version_mismatch", "nccl_version_mismatch")
    assert package_version("nvidia-nccl-cu12==2.19.3") == ("nvidia-nccl-cu12", "2.19.3")


def test_the_cuda_mismatch_wrapped_before_pytorch() -> None:
    # icip-cas/AutoAlign#25, PKUHaoWang/EmbodiedOcc2#6, lettucecfd/lettuce#144: the message wraps after "compile"
    wrapped = ("RuntimeError:\n      The detected CUDA version (11.8) mismatches the version that was used to compile\n"
               "      PyTorch (12.4). Please make sure to use the same CUDA versions.\n")
    assert lead(wrapped) == ("log.package_build", "cuda_or_driver")
    # the minor-version notice, on one line, builds on
    assert lead("The detected CUDA version (12.4) has a minor version mismatch with the version that was used to "
                "compile PyTorch (12.6). Most likely this shouldn't be a problem.\n") is None


def test_another_cudnn_found_before_torchs_own() -> None:
    # MahmoudAshraf97/whisper-diarization#26, gladiaio/gladia#928 (cuDNN 8.5 installed where the loader looks first)
    assert_reads("RuntimeError: cuDNN version incompatibility: PyTorch was compiled  against (8, 5, 0) but found "
                 "runtime version (8, 2, 1). PyTorch already comes bundled with cuDNN.", "log.cuda_error",
                 "cuda_or_driver")


def test_an_extensions_torch_library_missing_at_import() -> None:
    # bharat-b7/RVH_Mesh_Registration#23 (import raises ImportError), visionml/pytracking#196 (printed bare)
    assert_reads("ImportError: libc10_cuda.so: cannot open shared object file: No such file or directory",
                 "log.package_build", "other")
    assert_reads("libtorch_cpu.so: cannot open shared object file: No such file or directory", "log.package_build",
                 "other")
    # the CUDA runtime's and NCCL's own libraries keep their rows (Dao-AILab/flash-attention#631)
    assert_reads("ImportError: libcudart.so.12: cannot open shared object file: No such file or directory",
                 "log.cuda_error", "cuda_or_driver")
    assert lead("ImportError: libnccl.so.2: cannot open shared object file: No such file or directory\n") != \
        ("log.package_build", "other")


def test_setup_scripts_that_find_no_nvcc() -> None:
    # microsoft/Oscar#113, Adamdad/kat#6 (CUDA_HOME with a leading ':'), rbgirshick/py-faster-rcnn#920
    for line in ("FileNotFoundError: [Errno 2] No such file or directory: '/usr/local/cuda/bin/nvcc': "
                 "'/usr/local/cuda/bin/nvcc'",
                 "[Errno 2] No such file or directory: ':/usr/local/cuda:/usr/local/cuda/bin/nvcc'",
                 "error: command ':/usr/local/cuda/bin/nvcc' failed: No such file or directory",
                 "OSError: The nvcc binary could not be located in your $PATH. Either add it to your path, or set "
                 "$CUDA_PATH"):
        assert_reads(line, "log.package_build", "cuda_or_driver")
    # nvcc found but too old for the GPU keeps its own reading
    assert lead("nvcc fatal   : Unsupported gpu architecture 'compute_89'\n") != ("log.package_build", "cuda_or_driver")


def test_torchvision_built_for_another_cuda() -> None:
    # m-bain/whisperX#320 (one line), acheong08/Diffusion-ColabUI#108 (wrapped after "different")
    assert_reads("RuntimeError: Detected that PyTorch and torchvision were compiled with different CUDA versions. "
                 "PyTorch has CUDA Version=11.7 and torchvision has CUDA Version=11.8. Please reinstall the "
                 "torchvision that matches your PyTorch install.", "log.package_build", "other")
    wrapped = ("RuntimeError: Detected that PyTorch and torchvision were compiled with different\nCUDA versions. "
               "PyTorch has CUDA Version=11.7 and torchvision has CUDA \nVersion=11.8.\n")
    assert lead(wrapped) == ("log.package_build", "other")


def test_mixed_precision_turned_off_without_cuda_is_a_warning() -> None:
    # aladdinpersson/Machine-Learning-Collection#147: the scaler's warning, then the program's own TypeError
    paste = ("C:\\Python310\\lib\\site-packages\\torch\\cuda\\amp\\grad_scaler.py:118: UserWarning: "
             "torch.cuda.amp.GradScaler is enabled, but CUDA is not available.  Disabling.\n"
             "    with torch.cuda.amp.autocast_mode():\nTypeError: 'module' object is not callable\n")
    assert lead(paste) == ("log.program_error", "application_bug")
    # LuxImagingAI/DBSegment#1: the warnings alone (a CPU run) say no GPU, at warning
    alone = ("  warnings.warn('User provided device_type of \\'cuda\\', but CUDA is not available. Disabling')\n")
    found = analyze_text(alone)["findings"][0]
    assert (found["id"], found["severity"], found["cause"]) == ("log.gpu_missing", "warning", "cuda_or_driver")
    # PyTorch's own refusal stays an error
    found = analyze_text("RuntimeError: No CUDA GPUs are available\n")["findings"][0]
    assert (found["id"], found["severity"]) == ("log.gpu_missing", "error")


def test_zsh_reports_a_killed_job_in_lowercase() -> None:
    # amazon-science/mm-cot#25
    assert_reads("[1]    75076 killed     python main.py --model allenai/unifiedqa-t5-base", "log.process_killed",
                 "oom")
    assert_reads("zsh: killed     python train.py", "log.process_killed", "oom")
    # prose that says killed is not the shell's report
    assert lead("I think the process was killed because of a bug\n") is None


def test_a_spawned_child_gone_before_its_start_up_data() -> None:
    # ildoonet/tf-pose-estimation#546 (PyTorch's Windows FAQ): the pipe to the child, not a network peer
    paste = "    ForkingPickler(file, protocol).dump(obj)\n\nBrokenPipeError: [Errno 32] Broken pipe\n"
    assert lead(paste) == ("log.framework_usage", "application_bug")
    # a broken pipe alone keeps the peer reading
    assert lead("BrokenPipeError: [Errno 32] Broken pipe\n") == ("log.socket_closed", "rank_crashed_elsewhere")
