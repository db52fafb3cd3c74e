"""Lines that distributed and multi-GPU training prints on Windows and inside WSL2, read alone and inside an NCCL log:
PyTorch v2.6.0 (torch.distributed's Windows paths: distributed_c10d.py without NCCL, the file:// rendezvous, the
elastic redirects notice, c10d's socket.cpp with Winsock's error texts, GlooDeviceFactory, c10/cuda's start-up
checks, torch/cuda/nccl.py; read from the v2.6.0 source tarball), Gloo's libuv transport, the one Windows builds use
(pytorch/gloo 5354032), accelerate (16cb6eb: its RTX 4000 P2P checks; it has no Windows check of its own), DeepSpeed
(edaa722: the CUDA accelerator picks gloo on win32, the pin_memory builder refuses Windows), Lightning (7f0c343),
NCCL's WSL workaround in p2p.cc (v2.30.7-1), the WSL2 kernel's dxgkrnl driver (its Ioctl failure macro) and glibc's
ldconfig on the read-only /usr/lib/wsl/lib. Each text is the one its source prints (format fields filled, prefixes as
printed: c10's [W/E MMDD ...] on Windows with a zero nanosecond field, torch's logging prefix, dmesg brackets).
Causes were decided from the code around each line: NCCL asked of a Windows build that has none is the build's (other),
the program's choice next (application_bug: it must pick gloo; the labelled threads accept both); Winsock's 10048 is a
port still held, 10013 a port Windows reserves (its excluded port ranges for Hyper-V/WSL), 10049 an address the host
name resolved to that cannot be connected to; a connect time-out is traffic dropped on the way (Windows Firewall drops
unknown inbound), while Gloo's refusal is an address that is not the peer's listener (Gloo listens before it publishes
its address), so the wrong interface was published (Hyper-V's vEthernet, the same private range on every Windows host);
WSL2's missing GPU peer-to-peer (legacy IPC, cudaDeviceCanAccessPeer) is acs_iommu_p2p, as is accelerate's RTX 4000
check. Notices printed by healthy runs (the redirects note, c10d's per-address connect warning that the code recovers
from by trying the next address, the dxg ioctl failures WSL2 logs at every boot, ldconfig's symbolic-link complaint,
DeepSpeed's backend and op notes) name
nothing."""

from __future__ import annotations

CASES = [
    ('pytorch/pytorch torch/distributed/distributed_c10d.py:1959@v2.6.0',
     "RuntimeError: Distributed package doesn't have NCCL built in",
     'log.framework_usage', 'other'),
    ('pytorch/pytorch torch/distributed/distributed_c10d.py:750@v2.6.0',
     'C:\\Users\\alex\\miniconda3\\envs\\train\\Lib\\site-packages\\torch\\distributed\\distributed_c10d.py:750: UserWarning: Attempted to get default timeout for nccl backend, but NCCL support is not compiled',
     'log.framework_usage', 'other'),
    ('pytorch/pytorch torch/csrc/distributed/c10d/GlooDeviceFactory.cpp:166@v2.6.0',
     'RuntimeError: makeDeviceForHostname(): unsupported gloo device',
     'log.framework_usage', 'other'),
    ('pytorch/pytorch torch/csrc/distributed/c10d/GlooDeviceFactory.cpp:157@v2.6.0',
     'RuntimeError: makeDeviceForInterface(): unsupported gloo device',
     'log.framework_usage', 'other'),
    ('pytorch/pytorch torch/distributed/rendezvous.py:137@v2.6.0',
     'ValueError: Error initializing torch.distributed using file:// rendezvous: path missing',
     'log.framework_usage', 'application_bug'),
    ('pytorch/pytorch torch/csrc/distributed/c10d/socket.cpp:815@v2.6.0',
     'torch.distributed.DistNetworkError: The client socket has failed to connect to any network address of (DESKTOP-7Q2K9LM, 29500). The client socket has failed to connect to [DESKTOP-7Q2K9LM]:29500 (system error: 10049 - The requested address is not valid in its context.).',
     'log.name_resolution', 'hostname_resolution'),
    ('pytorch/pytorch torch/csrc/distributed/c10d/socket.cpp:933@v2.6.0',
     '[W1202 14:12:41.000000000 socket.cpp:933] [c10d] The server socket on [192.168.1.20]:29500 has timed out, will retry.',
     'log.socket_connect_failed', 'firewall_or_port_blocked'),
    ('pytorch/pytorch torch/csrc/distributed/c10d/socket.cpp:520@v2.6.0',
     '[W1202 14:12:33.000000000 socket.cpp:520] [c10d] The server socket has failed to bind to [DESKTOP-7Q2K9LM]:29500 (system error: 10048 - Only one usage of each socket address (protocol/network/transport address) is normally permitted.).',
     'log.port_in_use', 'application_bug'),
    ('pytorch/pytorch torch/csrc/distributed/c10d/socket.cpp:558@v2.6.0',
     'torch.distributed.DistNetworkError: The server socket has failed to listen on any local network address. The server socket has failed to bind to [DESKTOP-7Q2K9LM]:29500 (system error: 10048 - Only one usage of each socket address (protocol/network/transport address) is normally permitted.). The server socket has failed to bind to DESKTOP-7Q2K9LM:29500 (system error: 10048 - Only one usage of each socket address (protocol/network/transport address) is normally permitted.).',
     'log.port_in_use', 'application_bug'),
    ('pytorch/pytorch torch/csrc/distributed/c10d/socket.cpp:520@v2.6.0',
     '[W1202 14:12:33.000000000 socket.cpp:520] [c10d] The server socket has failed to bind to [DESKTOP-7Q2K9LM]:51545 (system error: 10013 - An attempt was made to access a socket in a way forbidden by its access permissions.).',
     'log.port_in_use', 'firewall_or_port_blocked'),
    ('pytorch/pytorch c10/cuda/CUDAFunctions.cpp:109@v2.6.0',
     '/home/alex/.venv/lib/python3.11/site-packages/torch/cuda/__init__.py:129: UserWarning: CUDA initialization: CUDA driver initialization failed, you might not have a CUDA gpu. (Triggered internally at /pytorch/c10/cuda/CUDAFunctions.cpp:109.)',
     'log.cuda_error', 'cuda_or_driver'),
    ('pytorch/pytorch c10/cuda/CUDAFunctions.cpp:109@v2.6.0',
     '/home/alex/.venv/lib/python3.11/site-packages/torch/cuda/__init__.py:129: UserWarning: CUDA initialization: CUDA unknown error - this may be due to an incorrectly set up environment, e.g. changing env variable CUDA_VISIBLE_DEVICES after program start. Setting the available devices to be zero. (Triggered internally at /pytorch/c10/cuda/CUDAFunctions.cpp:109.)',
     'log.cuda_error', 'cuda_or_driver'),
    ('pytorch/pytorch c10/cuda/CUDAFunctions.cpp:46@v2.6.0',
     'RuntimeError: The NVIDIA driver on your system is too old (found version 11040). Please update your GPU driver by downloading and installing a new version from the URL: http://www.nvidia.com/Download/index.aspx Alternatively, go to: https://pytorch.org to install a PyTorch version that has been compiled with your version of the CUDA driver.',
     'log.driver_too_old', 'cuda_or_driver'),
    ('pytorch/gloo gloo/transport/uv/pair.cc:97@5354032',
     'RuntimeError: Gloo connectFullMesh failed with [C:\\actions-runner\\_work\\pytorch\\pytorch\\third_party\\gloo\\gloo\\transport\\uv\\pair.cc:97] Error connecting to [172.26.48.1]:8904$1: connection refused',
     'log.socket_connect_failed', 'wrong_interface'),
    ('pytorch/gloo gloo/transport/uv/pair.cc:97@5354032',
     'RuntimeError: Gloo connectFullMesh failed with [C:\\actions-runner\\_work\\pytorch\\pytorch\\third_party\\gloo\\gloo\\transport\\uv\\pair.cc:97] Error connecting to [192.168.1.20]:8904$1: connection timed out',
     'log.socket_connect_failed', 'firewall_or_port_blocked'),
    ('pytorch/gloo gloo/transport/uv/pair.cc:97@5354032',
     'RuntimeError: Gloo connectFullMesh failed with [C:\\actions-runner\\_work\\pytorch\\pytorch\\third_party\\gloo\\gloo\\transport\\uv\\pair.cc:97] Error connecting to [0.0.0.0]:8904$1: address not available',
     'log.name_resolution', 'hostname_resolution'),
    ('pytorch/gloo gloo/transport/uv/device.cc:164@5354032',
     'RuntimeError: [enforce fail at C:\\actions-runner\\_work\\pytorch\\pytorch\\third_party\\gloo\\gloo\\transport\\uv\\device.cc:164] false. Unable to find address for: eth0',
     'log.gloo_interface', 'wrong_interface'),
    ('huggingface/accelerate src/accelerate/state.py:321@16cb6eb',
     'NotImplementedError: Using RTX 4000 series doesn\'t support faster communication broadband via P2P or IB. Please set `NCCL_P2P_DISABLE="1"` and `NCCL_IB_DISABLE="1" or use `accelerate launch` which will do this automatically.',
     'log.p2p_error', 'acs_iommu_p2p'),
    ('huggingface/accelerate src/accelerate/commands/launch.py:1012@16cb6eb',
     "[14:02:11] WARNING  Using RTX 4000 series which doesn't support faster communication speedups. Ensuring P2P and IB communications are disabled.                    launch.py:1012",
     'log.p2p_error', 'acs_iommu_p2p'),
    ('huggingface/accelerate src/accelerate/big_modeling.py:495@16cb6eb',
     "We've detected an older driver with an RTX 4000 series GPU. These drivers have issues with P2P. This can affect the multi-gpu inference when using accelerate device_map.Please make sure to update your driver to the latest version which resolves this.",
     'log.p2p_error', 'acs_iommu_p2p'),
    ('Lightning-AI/pytorch-lightning src/lightning/fabric/utilities/distributed.py:275@7f0c343',
     'RuntimeError: torch.distributed is not available. Cannot initialize distributed process group',
     'log.framework_usage', 'application_bug'),
    ('NVIDIA/nccl src/transport/p2p.cc:195@v2.30.7-1',
     'DESKTOP-7Q2K9LM:2211:2290 [0] NCCL INFO Legacy IPC not supported',
     'log.p2p_unavailable', 'acs_iommu_p2p'),
    ('NVIDIA/nccl src/transport/p2p.cc:204@v2.30.7-1',
     'DESKTOP-7Q2K9LM:2211:2290 [0] NCCL INFO Could not enable P2P between dev 0(=1000) and dev 1(=2000)',
     'log.p2p_unavailable', 'acs_iommu_p2p'),
]

NO_CAUSE = [
    'W1202 14:12:30.186000 22436 torch\\distributed\\elastic\\multiprocessing\\redirects.py:29] NOTE: Redirects are currently not supported in Windows or MacOs.',  # pytorch/pytorch torch/distributed/elastic/multiprocessing/redirects.py:29@v2.6.0
    '[W1202 14:12:33.000000000 socket.cpp:759] [c10d] The client socket has failed to connect to [DESKTOP-7Q2K9LM]:29500 (system error: 10049 - The requested address is not valid in its context.).',  # pytorch/pytorch torch/csrc/distributed/c10d/socket.cpp:759@v2.6.0 (recordError; the next address is tried)
    "C:\\Users\\alex\\miniconda3\\envs\\train\\Lib\\site-packages\\torch\\cuda\\nccl.py:16: UserWarning: PyTorch is not compiled with NCCL support",  # pytorch/pytorch torch/cuda/nccl.py:16@v2.6.0 (DataParallel falls back to its own copies)
    '- Platform: Windows-10-10.0.22631-SP0',  # huggingface/accelerate src/accelerate/commands/env.py:120@16cb6eb
    '[2026-12-02 14:12:29,512] [INFO] [comm.py:856:init_distributed] Initializing TorchBackend in DeepSpeed with backend gloo',  # deepspeedai/DeepSpeed deepspeed/comm/comm.py:856@edaa722 (accelerator/cuda_accelerator.py:34 picks gloo on win32)
    ' [WARNING]  pin_memory is only supported on POSIX platforms, not Windows.',  # deepspeedai/DeepSpeed op_builder/pin_memory.py:25@edaa722
    '[    1.272072] misc dxg: dxgk: dxgkio_query_adapter_info: Ioctl failed: -22',  # microsoft/WSL2-Linux-Kernel drivers/hv/dxgkrnl/dxgkrnl.h:1018 (DXG_TRACE_IOCTL_END, linux-msft-wsl-6.6.y)
    '[    1.265648] misc dxg: dxgk: dxgkio_is_feature_enabled: Ioctl failed: -22',  # microsoft/WSL2-Linux-Kernel drivers/hv/dxgkrnl/dxgkrnl.h:1018 (DXG_TRACE_IOCTL_END, linux-msft-wsl-6.6.y)
    '/sbin/ldconfig.real: /usr/lib/wsl/lib/libcuda.so.1 is not a symbolic link',  # glibc elf/ldconfig.c:497@glibc-2.41
]
