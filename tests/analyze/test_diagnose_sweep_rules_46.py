"""Rules from sweeps 269 - 270 (mixed precision and numerics; caches, downloads and locks that the ranks share). Each
text a rule reads is quoted from the thread named above its test; each rule is also tested on text that must not
trigger it."""

from __future__ import annotations

from line_reading import causes, ids, lead

# zai-org/CogVideo#233: DeepSpeed's scaler settling down from 2^32 in the first steps ("it recovered": routine) and
# huggingface/transformers#14531: T5-11B in fp16 under ZeRO-2, every step overflowing with the scale stuck at 1
_SETTLING = """\
[2024-09-11 17:52:18,030] [INFO] [loss_scaler.py:183:update_scale] [deepspeed] OVERFLOW! Rank 0 Skipping step. \
Attempted loss scale: 4294967296, reducing to 2147483648
[2024-09-11 17:52:32,563] [INFO] [loss_scaler.py:183:update_scale] [deepspeed] OVERFLOW! Rank 0 Skipping step. \
Attempted loss scale: 2147483648, reducing to 1073741824
"""
_STUCK_AT_ONE = """\
[2021-11-27 00:36:54,800] [INFO] [stage2.py:1628:step] [deepscale] OVERFLOW! Rank 0 Skipping step. Attempted loss \
scale: 1, reducing to 1
[2021-11-27 00:36:55,117] [INFO] [stage2.py:1628:step] [deepscale] OVERFLOW! Rank 0 Skipping step. Attempted loss \
scale: 1, reducing to 1
"""


def test_a_loss_scale_at_one_is_divergence_and_its_first_halvings_are_routine() -> None:
    assert lead(_STUCK_AT_ONE) == ("log.training_diverged", "other")
    assert "application_bug" in [c for _, c in causes(_STUCK_AT_ONE)] or "log.alternative" in ids(_STUCK_AT_ONE)
    assert lead(_SETTLING) == ("log.loss_scale_backoff", "other")
    assert "log.training_diverged" not in ids(_SETTLING)
    # a scale of 1.5 or 16 is still above one
    assert "log.training_diverged" not in ids(_SETTLING.replace("reducing to 1073741824", "reducing to 1.5"))
    assert "log.training_diverged" not in ids(_SETTLING.replace("reducing to 1073741824", "reducing to 16"))


# flashinfer-ai/flashinfer#993: py-spy of a TensorRT-LLM worker on flashinfer's JIT lock; mosecorg/mosec#286: the
# filelock package's own debug lines of locks taken and given back (no process waiting)
_PYSPY_LOCK = """\
Thread 3463494 (idle): "MainThread"
    acquire (/usr/local/lib/python3.10/dist-packages/filelock/_api.py:344)
    __enter__ (/usr/local/lib/python3.10/dist-packages/filelock/_api.py:376)
    load_cuda_ops (/usr/local/lib/python3.10/dist-packages/flashinfer/jit/core.py:134)
    get_norm_module (/usr/local/lib/python3.10/dist-packages/flashinfer/norm.py:36)
"""
_LOCK_DEBUG = """\
2023-02-23 15:32:59,699 - 212 - DEBUG - _api.py:176 - Lock 140299005109968 acquired on /root/.cache/huggingface/hub/\
models--Salesforce--codegen-16B-mono/blobs/817762d631ad6f9c799f6b9dc713c46420e65546.lock
2023-02-23 15:32:59,699 - 212 - DEBUG - _api.py:212 - Lock 140299005109968 released on /root/.cache/huggingface/hub/\
models--Salesforce--codegen-16B-mono/blobs/817762d631ad6f9c799f6b9dc713c46420e65546.lock
"""


def test_a_stack_waiting_on_a_file_lock() -> None:
    assert lead(_PYSPY_LOCK) == ("log.extension_lock_wait", "other")
    assert "log.extension_lock_wait" not in ids(_LOCK_DEBUG)


# facebookresearch/mmf#1324: every spawned process downloading one tarball, one renaming the ".part" away first; a
# file that is simply missing is no race
_RENAME_RACE = """\
Traceback (most recent call last):
  File "/storage/ice1/4/1/cning8/mmf/mmf/utils/download.py", line 386, in download
    os.rename(download_path, final_path)
FileNotFoundError: [Errno 2] No such file or directory: '/storage/ice1/4/1/cning8/.cache/torch/mmf/data/models/\
visual_bert.finetuned.hateful_memes.from_coco/visual_bert.finetuned.hateful_memes_from_coco.tar.gz.part' -> \
'/storage/ice1/4/1/cning8/.cache/torch/mmf/data/models/visual_bert.finetuned.hateful_memes.from_coco/\
visual_bert.finetuned.hateful_memes_from_coco.tar.gz'
"""


def test_a_file_renamed_away_by_another_rank() -> None:
    assert lead(_RENAME_RACE) == ("log.cache_race", "other")
    missing = _RENAME_RACE.split(" -> ")[0] + "\n"
    assert missing.endswith(".tar.gz.part'\n")
    assert "log.cache_race" not in ids(missing)


# yangjianxin1/Firefly#127: ZeRO-3's all_gather_into_tensor between fp16 and bf16 shards on two nodes; a tensor on
# the wrong device is no precision of the model's
_DTYPES = """\
server1:   File "/usr/local/lib/python3.10/dist-packages/deepspeed/comm/torch.py", line 154, in all_gather_into_tensor
server1:     return self.all_gather_function(output_tensor=output_tensor,
server1: RuntimeError: output tensor must have the same type as input tensor
"""


def test_tensors_of_two_precisions_in_one_collective() -> None:
    assert lead(_DTYPES) == ("log.dtype_mismatch", "application_bug")
    other_device = _DTYPES.replace("output tensor must have the same type as input tensor",
                                   "Expected all tensors to be on the same device, but found at least two devices")
    assert "log.dtype_mismatch" not in ids(other_device)


# LostRuins/koboldcpp#1047 (row split over an RTX 3070 and a GTX 1050 Ti; gone in later releases) and ggml-org/
# llama.cpp#21404 (row split on two 3090s); the devices llama.cpp found are no failure
_GGML = """\
ggml_cuda_init: found 2 CUDA devices:
  Device 0: NVIDIA GeForce RTX 3070, compute capability 8.6, VMM: yes
  Device 1: NVIDIA GeForce GTX 1050 Ti, compute capability 6.1, VMM: yes
D:\\a\\koboldcpp\\koboldcpp\\ggml\\src\\ggml-cuda.cu:728: GGML_ASSERT(tensor->view_src == nullptr) failed
"""


def test_an_assertion_of_ggml_under_a_split_model() -> None:
    assert lead(_GGML) == ("log.framework_check", "other")
    assert "application_bug" in [c for _, c in causes(_GGML)]
    assert "log.framework_check" not in ids(_GGML.rsplit("D:", 1)[0])
    row_split = ("/home/matt/Projects/llama.cpp/ggml/src/ggml-cuda/ggml-cuda.cu:1558: "
                 "GGML_ASSERT(!(split && ne02 < ne12)) failed\n")
    assert lead(row_split) == ("log.framework_check", "other")


# lmb-freiburg/flownet2#193 (Caffe's P2PSync on two GPUs) and NVIDIA/caffe#444 (a buffer touched from another
# device); a CHECK that names CUDA's error is CUDA's, read by its own rows
_CAFFE = ("F0321 13:50:58.896466   271 parallel.cpp:55] Check failed: total_size == (ptr == buffer ? 1 : ptr - "
          "buffer) (118335438 vs. 117426126)\n")
_CAFFE_CUDA = ("F0321 13:50:58.896466   271 syncedmem.cpp:56] Check failed: error == cudaSuccess (2 vs. 0)  out of "
               "memory\n")


def test_a_check_of_a_c_plus_plus_framework_beside_xla() -> None:
    assert lead(_CAFFE) == ("log.framework_check", "other")
    assert lead("F1123 09:52:47.834031 15880 syncedmem.cpp:178] Check failed: Caffe::current_device() == gpu_device_ "
                "(0 vs. 1)\n") == ("log.framework_check", "other")
    assert "log.framework_check" not in ids(_CAFFE_CUDA)


# gpustack/gpustack#2619: llama-box v0.0.164 refusing a flag GPUStack passes to its RPC server; a type named unknown
# is no command line
def test_a_compiled_program_refusing_a_flag() -> None:
    line = "Unknown argument: --origin-rpc-server-main-gpu\n"
    assert lead(line) == ("log.launch_config", "application_bug")
    assert "log.launch_config" not in ids("TypeError: Unknown argument type <class 'numpy.float16'>\n")
