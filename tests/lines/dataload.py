"""Lines of the files and DataLoader workers every rank reads (logs/patterns_table_dataload.py), as torch 2.13.0
(cf30153) and safetensors print them, each from the thread named beside it: a checkpoint cut short or not its format
is the file's (other), a worker that died without an error of its own was killed or crashed (oom first). The
writer's failure, the healthy load of an op and a worker's own exception are none of these."""

from __future__ import annotations

CASES = [
    ('OpenTalker/SadTalker#217 (torch/serialization.py, inline_container.cc)',
     'RuntimeError: PytorchStreamReader failed reading zip archive: failed finding central directory',
     'log.checkpoint_unreadable', 'other'),
    ('guoweiyu/Context-Enhanced-Stereo-Transformer#1 (caffe2 inline_container.cc:145)',
     'RuntimeError: [enforce fail at inline_container.cc:145] . PytorchStreamReader failed reading zip archive: '
     'failed finding central directory',
     'log.checkpoint_unreadable', 'other'),
    ('mindverse/Second-Me#105 (safetensors MetadataIncompleteBuffer)',
     'safetensors_rust.SafetensorError: Error while deserializing header: MetadataIncompleteBuffer',
     'log.checkpoint_unreadable', 'other'),
    ('facebookresearch/sapiens#124 (a Git LFS pointer loaded as a pickle)',
     "_pickle.UnpicklingError: invalid load key, 'v'.",
     'log.checkpoint_unreadable', 'other'),
    ('MCZhi/GameFormer#17 (a rank\'s DataLoader worker)',
     '[rank6]: _pickle.UnpicklingError: Caught UnpicklingError in DataLoader worker process 0.',
     'log.checkpoint_unreadable', 'other'),
    ('NVIDIA/apex#515 (several ranks wrote one checkpoint)',
     'RuntimeError: storage has wrong size: expected -4721614612255084527 got 1',
     'log.checkpoint_corrupt', 'application_bug'),
    ('xuebinqin/BASNet#32 (torch/utils/data/dataloader.py:1305)',
     'RuntimeError: DataLoader worker (pid(s) 16732) exited unexpectedly',
     'log.dataloader_worker_died', 'oom'),
    ('buppt/ChineseNRE#41 (several workers)',
     'RuntimeError: DataLoader worker (pid(s) 18056, 20540, 4512) exited unexpectedly',
     'log.dataloader_worker_died', 'oom'),
    ("friendliai/periflow-python-sdk#11 (torchvision cifar.py; a barrier after rank 0's download fixed it)",
     '00:55:37 [168.62.51.139]: periflow-0           | RuntimeError: Dataset not found or corrupted. You can use '
     'download=True to download it', 'log.framework_usage', 'application_bug'),
    ('octree-nn/ocnn-pytorch#11 (torch/utils/data/dataloader.py:1459)',
     'RuntimeError: Pin memory thread exited unexpectedly',
     'log.dataloader_config', 'application_bug'),
]

# The healthy load of a JIT op and torch's rendezvous restart for new nodes.
NO_CAUSE = [
    'Loading extension module fused_adam...',
    'Time to load fused_adam op: 0.5319623947143555 seconds',
]
