"""The program families whose lines their own table modules read (patterns_table_<family>.py), in the order the
classifier tries them: each entry's rows, and the words the log scanner's prefilter needs to hand its lines to the
classifier. patterns_table.rows() and nccl_log_words.OTHER_WORDS both read this one list, so a family is added in one
place."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ncclkit.logs.patterns_table_accel import ACCEL_WORDS, accel_rows
from ncclkit.logs.patterns_table_builds import BUILDS_WORDS, builds_rows
from ncclkit.logs.patterns_table_commstacks import COMMSTACK_WORDS, commstack_rows
from ncclkit.logs.patterns_table_compile import COMPILE_WORDS, compile_rows
from ncclkit.logs.patterns_table_cvfw import CVFW_WORDS, cvfw_rows
from ncclkit.logs.patterns_table_ctrhost import CTRHOST_WORDS, ctrhost_rows
from ncclkit.logs.patterns_table_cxi import CXI_WORDS, cxi_rows
from ncclkit.logs.patterns_table_dataload import DATALOAD_WORDS, dataload_rows
from ncclkit.logs.patterns_table_gpukernels import GPUKERNELS_WORDS, gpukernels_rows
from ncclkit.logs.patterns_table_gpuctr import GPUCTR_WORDS, gpuctr_rows
from ncclkit.logs.patterns_table_grpc import GRPC_WORDS, grpc_rows
from ncclkit.logs.patterns_table_hangs import HANG_WORDS, hang_rows
from ncclkit.logs.patterns_table_hfnew import HFNEW_WORDS, hfnew_rows
from ncclkit.logs.patterns_table_hpcctr import HPCCTR_WORDS, hpcctr_rows
from ncclkit.logs.patterns_table_ibdiags import IBDIAGS_WORDS, ibdiags_rows
from ncclkit.logs.patterns_table_launchcmd import LAUNCHCMD_WORDS, launchcmd_rows
from ncclkit.logs.patterns_table_lightning import LIGHTNING_WORDS, lightning_rows
from ncclkit.logs.patterns_table_lmdeploy import LMDEPLOY_WORDS, lmdeploy_rows
from ncclkit.logs.patterns_table_megatron import MEGATRON_WORDS, megatron_rows
from ncclkit.logs.patterns_table_mft import MFT_WORDS, mft_rows
from ncclkit.logs.patterns_table_mosaic import MOSAIC_WORDS, mosaic_rows
from ncclkit.logs.patterns_table_mpi import MPI_WORDS, mpi_rows
from ncclkit.logs.patterns_table_mpich import MPICH_WORDS, mpich_rows
from ncclkit.logs.patterns_table_mpilaunch import MPILAUNCH_WORDS, mpilaunch_rows
from ncclkit.logs.patterns_table_ncclinfo import NCCLINFO_WORDS, ncclinfo_rows
from ncclkit.logs.patterns_table_numerics import NUMERICS_WORDS, numerics_rows
from ncclkit.logs.patterns_table_nvshmem import NVSHMEM_WORDS, nvshmem_rows
from ncclkit.logs.patterns_table_ofi import OFI_WORDS, ofi_rows
from ncclkit.logs.patterns_table_olderfw import OLDERFW_WORDS, olderfw_rows
from ncclkit.logs.patterns_table_tfps import TFPS_WORDS, tfps_rows
from ncclkit.logs.patterns_table_olderstacks import OLDERSTACK_WORDS, olderstack_rows
from ncclkit.logs.patterns_table_paddle import PADDLE_WORDS, paddle_rows
from ncclkit.logs.patterns_table_remoteshell import REMOTESHELL_WORDS, remoteshell_rows
from ncclkit.logs.patterns_table_placement import PLACEMENT_WORDS, placement_rows
from ncclkit.logs.patterns_table_podnet import PODNET_WORDS, podnet_rows
from ncclkit.logs.patterns_table_rdmatools import RDMATOOLS_WORDS, rdmatools_rows
from ncclkit.logs.patterns_table_runtime import RUNTIME_WORDS, runtime_rows
from ncclkit.logs.patterns_table_schedulers import SCHEDULER_WORDS, scheduler_rows
from ncclkit.logs.patterns_table_selfplay import SELFPLAY_WORDS, selfplay_rows
from ncclkit.logs.patterns_table_serving import SERVING_WORDS, serving_rows
from ncclkit.logs.patterns_table_sharding import SHARDING_WORDS, sharding_rows
from ncclkit.logs.patterns_table_slurm import SLURM_WORDS, slurm_rows
from ncclkit.logs.patterns_table_slurmerr import SLURMERR_WORDS, slurmerr_rows
from ncclkit.logs.patterns_table_c10dmsgs import C10DMSG_WORDS, c10dmsg_rows
from ncclkit.logs.patterns_table_storage import STORAGE_WORDS, storage_rows
from ncclkit.logs.patterns_table_submitit import SUBMITIT_WORDS, submitit_rows
from ncclkit.logs.patterns_table_torchrec import TORCHREC_WORDS, torchrec_rows
from ncclkit.logs.patterns_table_torchft import TORCHFT_WORDS, torchft_rows
from ncclkit.logs.patterns_table_torchpar import TORCHPAR_WORDS, torchpar_rows
from ncclkit.logs.patterns_table_tracking import TRACKING_WORDS, tracking_rows
from ncclkit.logs.patterns_table_trainers import TRAINER_WORDS, trainer_rows
from ncclkit.logs.patterns_table_triton import TRITON_WORDS, triton_rows
from ncclkit.logs.patterns_table_trtllm import TRTLLM_WORDS, trtllm_rows
from ncclkit.logs.patterns_table_vmnics import VMNIC_WORDS, vmnic_rows
from ncclkit.logs.patterns_table_workstation import WORKSTATION_WORDS, workstation_rows

__all__ = ["FAMILIES", "FAMILY_WORDS"]

FAMILIES: tuple[tuple[Callable[[Callable[..., Any]], tuple[Any, ...]], tuple[bytes, ...]], ...] = (
    (slurmerr_rows, SLURMERR_WORDS),        # Slurm's error strings after srun's step and launch failures
    (remoteshell_rows, REMOTESHELL_WORDS),  # ssh, sshd, pdsh, mpirun_rsh: before the launchers they start
    (launchcmd_rows, LAUNCHCMD_WORDS),      # the launch script's shell, a missing script or launcher
    (trainer_rows, TRAINER_WORDS),          # DeepSpeed, Accelerate, Lightning, the fine-tuning frameworks
    (megatron_rows, MEGATRON_WORDS),        # Megatron, NeMo, Transformer Engine, Apex
    (tracking_rows, TRACKING_WORDS),        # W&B and MLflow runs, lock and cache files on shared filesystems
    (hang_rows, HANG_WORDS),                # sweeps' lines of stalls: fr_trace, XLA, JAX, SGLang, ROCm
    (commstack_rows, COMMSTACK_WORDS),      # sweeps' lines of MPI, UCX/UCC, oneCCL, NVSHMEM, XLA, TF, srun
    (mpi_rows, MPI_WORDS),                  # Open MPI, PRRTE, UCX
    (mpilaunch_rows, MPILAUNCH_WORDS),      # ORTE and Hydra launch lines, MPICH ch4 ofi, mpi4py
    (scheduler_rows, SCHEDULER_WORDS),      # SkyPilot, dstack, Determined, OpenPBS, Flux, pyxis/enroot
    (torchpar_rows, TORCHPAR_WORDS),        # DDP, FSDP, DTensor, spawn, pipelining, DCP
    (dataload_rows, DATALOAD_WORDS),        # checkpoints and data files the ranks load, DataLoader workers
    (numerics_rows, NUMERICS_WORDS),        # NaN and inf losses, the fp16 loss scaler, bf16 and half support
    (placement_rows, PLACEMENT_WORDS),      # device maps over GPUs, CPU and disk: offload, meta tensors
    (selfplay_rows, SELFPLAY_WORDS),        # distributed self-play clients: KataGo, Leela Zero, Lc0
    (c10dmsg_rows, C10DMSG_WORDS),          # c10d's and torchelastic's own messages no other family reads
    (sharding_rows, SHARDING_WORDS),        # FSDP, FSDP2, fairscale, ZeRO-3: shards used ungathered, their limits
    (serving_rows, SERVING_WORDS),          # Ray's workers and cluster, SGLang's loader, compiled graphs, TRL
    (accel_rows, ACCEL_WORDS),              # other accelerators' libraries: Ascend HCCL and CANN, MCCL, CNCL
    (runtime_rows, RUNTIME_WORDS),          # glibc's loader, CPython, libstdc++, pip, conda
    (rdmatools_rows, RDMATOOLS_WORDS),      # perftest, the NIC driver stack's packages, rdma-core's libraries
    (ncclinfo_rows, NCCLINFO_WORDS),        # NCCL 2.4 - 2.30's INFO lines
    (nvshmem_rows, NVSHMEM_WORDS),          # NVSHMEM, DeepEP, UCC, MSCCL++
    (storage_rows, STORAGE_WORDS),          # Lustre, the object-store FUSE clients
    (hpcctr_rows, HPCCTR_WORDS),            # Apptainer, Podman/CDI, Charliecloud, Sarus
    (ofi_rows, OFI_WORDS),                  # aws-ofi-nccl 1.5 - 1.13, libfabric EFA 1.15 - 1.18
    (olderfw_rows, OLDERFW_WORDS),          # Horovod's runner, mmengine, detectron2, fairseq, fairscale, ColossalAI
    (tfps_rows, TFPS_WORDS),                # TensorFlow's collectives, ps-lite, Horovod's probe, Open MPI's btl_tcp
    (cvfw_rows, CVFW_WORDS),                # mmengine, mmcv 1.x, Ultralytics, detectron2, YOLOX
    (paddle_rows, PADDLE_WORDS),            # PaddlePaddle, OneFlow
    (triton_rows, TRITON_WORDS),            # Triton Inference Server
    (trtllm_rows, TRTLLM_WORDS),            # TensorRT and TensorRT-LLM engines, their MPI world, CUDA IPC
    (ctrhost_rows, CTRHOST_WORDS),          # the container hook's cgroups, NVML in containers, CMA, hung tasks
    (gpuctr_rows, GPUCTR_WORDS),            # nvidia-container-toolkit, runc, the device plugin, GPU Operator
    (slurm_rows, SLURM_WORDS),              # srun, sbatch, salloc, slurmstepd, slurmd, slurmctld, sacct
    (cxi_rows, CXI_WORDS),                  # HPE Slingshot: libfabric cxi, the cxi driver, its retry handler
    (mpich_rows, MPICH_WORDS),              # MPICH's ch4/ch3 and PMI client (Intel MPI, Cray MPICH)
    (grpc_rows, GRPC_WORDS),                # gRPC's core errors under JAX, Ray, TensorFlow
    (torchft_rows, TORCHFT_WORDS),          # torchft, torchcomms, monarch
    (mft_rows, MFT_WORDS),                  # mstflint: mstlink, mstconfig, flint, mstfwmanager
    (lightning_rows, LIGHTNING_WORDS),      # PyTorch Lightning and Fabric 2.x
    (hfnew_rows, HFNEW_WORDS),              # accelerate, transformers' Trainer, peft, trl as they are now
    (ibdiags_rows, IBDIAGS_WORDS),          # infiniband-diags, libibumad, libibmad, opensm
    (compile_rows, COMPILE_WORDS),          # torch.compile: Dynamo, Inductor, the Triton compiler
    (gpukernels_rows, GPUKERNELS_WORDS),    # bitsandbytes, flash-attention, xformers, apex at run time
    (builds_rows, BUILDS_WORDS),            # building NCCL, nccl-tests and their programs: the compiler, MPI
    (submitit_rows, SUBMITIT_WORDS),        # submitit, hydra's submitit launcher, dinov2/dora/detr launchers
    (torchrec_rows, TORCHREC_WORDS),        # TorchRec's planner and sharding, FBGEMM_GPU
    (mosaic_rows, MOSAIC_WORDS),            # MosaicML Streaming, Composer, LLM Foundry
    (lmdeploy_rows, LMDEPLOY_WORDS),        # lmdeploy (TurboMind, the PyTorch engine), xtuner
    (podnet_rows, PODNET_WORDS),            # Calico, flannel, Istio
    (vmnic_rows, VMNIC_WORDS),              # gVNIC, hv_netvsc, MANA, vfio, SR-IOV
    (olderstack_rows, OLDERSTACK_WORDS),    # DeepSpeed 0.9 - 0.14, vLLM 0.4 - 0.6, accelerate, Lightning 1.9 - 2.1
    (workstation_rows, WORKSTATION_WORDS),  # desktops: Gloo on Windows, vLLM's own all-reduce, DKMS, Secure Boot
)

FAMILY_WORDS: tuple[bytes, ...] = tuple(word for _, words in FAMILIES for word in words)
