"""Lines of what every rank writes beside its training (logs/patterns_table_tracking.py), each from the thread named
beside it: a tracker that cannot start its run is the way to its service (other), locks on a filesystem that shares
none between nodes are the storage (other), every rank creating rank 0's directory or run is the program. Python's
logging that cannot write to a closed stream names nothing."""

from __future__ import annotations

CASES = [
    ('NovaSearch-Team/RAG-Retrieval#46',
     'wandb: ERROR Run initialization has timed out after 90.0 sec. Please try increasing the timeout with the '
     '`init_timeout` setting: `wandb.init(settings=wandb.Settings(init_timeout=120))`.',
     'log.internet_service', 'other'),
    ('latent-reasoning-works/manylatents#134 (wandb/sdk/mailbox/response_handle.py)',
     'TimeoutError: Timed out waiting for response on 4z59mg9hh2sj', 'log.internet_service', 'other'),
    ('wandb/wandb#6556', 'wandb.errors.Error: You must call wandb.init() before wandb.log()',
     'log.framework_usage', 'application_bug'),
    ('spack/spack#12501', 'Error: [Errno 37] No locks available', 'log.shared_fs_lock', 'other'),
    ('wenet-e2e/wenet#20 (a file:// rendezvous on NFS)', 'RuntimeError: flock: Function not implemented',
     'log.shared_fs_lock', 'other'),
    ('modelscope/ms-swift#6695', '[rank1]: OSError: [Errno 116] Stale file handle: xxx', 'log.shared_fs_lock',
     'other'),
    ('huggingface/evaluate#481',
     "[node1:4]:ValueError: Couldn't acquire lock on /.hf_cache/metrics/accuracy/default/exp-16-rdv.lock from "
     "process 4.", 'log.shared_fs_lock', 'other'),
    ('facebookresearch/mmf#1324 (every spawned process downloading one tarball)',
     "FileNotFoundError: [Errno 2] No such file or directory: '/storage/ice1/4/1/cning8/.cache/torch/mmf/data/models/"
     "visual_bert.finetuned.hateful_memes.from_coco/visual_bert.finetuned.hateful_memes_from_coco.tar.gz.part' -> "
     "'/storage/ice1/4/1/cning8/.cache/torch/mmf/data/models/visual_bert.finetuned.hateful_memes.from_coco/"
     "visual_bert.finetuned.hateful_memes_from_coco.tar.gz'", 'log.cache_race', 'other'),
    ('axolotl-ai-cloud/axolotl#948 (three workers renaming one staging checkpoint)',
     "FileNotFoundError: [Errno 2] No such file or directory: 'model/tmp-checkpoint-49' -> 'model/checkpoint-49'",
     'log.cache_race', 'application_bug'),
    ('huggingface/datasets#532 (eight processes building one dataset)',
     "FileExistsError: [Errno 17] File exists: '/home/*****/.cache/huggingface/datasets/text/default-b0932b2bdbb63283/"
     "0.0.0/447f2bcfa2a721a37bc8fdf23800eade1523cf07f7eada6fe661fe4d070d380d.incomplete'", 'log.cache_race', 'other'),
    ('huggingface/kernels#640',
     'HTTP Error 429 thrown while requesting GET https://huggingface.co/api/models/kernels-community/deep-gemm/tree/'
     '9590415046fa95a187af7ea03391d4782047170d?expand=false&recursive=true&limit=1000',
     'log.internet_service', 'other'),
    ('lanpa/tensorboardX#546', "FileExistsError: [Errno 17] File exists: '/home/user/tensorboard/jobid/logs'",
     'log.program_error', 'application_bug'),
]

NO_CAUSE = [
    '--- Logging error ---',
    'ValueError: I/O operation on closed file.',
]
