"""Lines of models spread over GPUs, CPU and disk by a device map (logs/patterns_table_placement.py), each from the
thread named beside it: layers sent past the GPUs are the GPUs' memory (oom), a dispatched model moved or used across
its devices is the program's. accelerate's notice of the memory it keeps free names nothing."""

from __future__ import annotations

CASES = [
    ('hustvl/Senna#17', 'ValueError: Some modules are dispatched on the CPU or the disk. Make sure you have enough GPU '
     'RAM to fit the quantized model. If you want to dispatch the model on the CPU or the disk while keeping these '
     'modules in 32-bit, you need to set `load_in_8bit_fp32_cpu_offload=True`', 'log.oom', 'oom'),
    ('paperswithcode/galai#57', 'ValueError: The current `device_map` had weights offloaded to the disk. Please '
     'provide an `offload_folder` for them.', 'log.oom', 'oom'),
    ('accelerate big_modeling.py', "RuntimeError: You can't move a model that has some modules offloaded to cpu or "
     "disk.", 'log.framework_usage', 'application_bug'),
    ('ZJU4HealthCare/HealthGPT#35', 'RuntimeError: Tensor on device meta is not on the expected device cuda:0!',
     'log.framework_usage', 'application_bug'),
]

NO_CAUSE = [
    'We will use 90% of the memory on device 0 for storing the model, and 10% for the buffer to avoid OOM. You can set '
    '`max_memory` in to a higher value to use more memory (at your own risk).',
]
