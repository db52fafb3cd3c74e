# Sourced by the *_device.sh scripts: NVLink multicast off (KINDS.md), the libnccl of torch's
# nvidia-nccl wheel on LD_LIBRARY_PATH, and `build_nccl_tests SRC LOG BIN...` building nccl-tests'
# binaries against it into $build (/tmp/nccl-tests-build; make skips those already there).
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1
build=/tmp/nccl-tests-build
lib=$(PYTHONPATH=$PWD/src python3 -c "import sys; sys.path.insert(0,'benchmarks'); from pathlib import Path; from bench_vs_nccl_tests import nccl_home; print(nccl_home(Path('$build'))[1])")
export LD_LIBRARY_PATH=$lib:${LD_LIBRARY_PATH:-}
build_nccl_tests() {
  local src=$1 log=$2; shift 2
  make -C "$src/src" -j16 BUILDDIR=$build NCCL_HOME=$build/ncclhome CUDA_HOME=/usr/local/cuda \
    NVCC_GENCODE=-gencode=arch=compute_90,code=sm_90 "${@/#/$build/}" > "$log" 2>&1
}
