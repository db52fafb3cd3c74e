"""Reference training job (`ncclkit train`): GPT-style model on synthetic tokens, DDP or FSDP.

Importing this package never imports torch: `config` and `advice` are pure Python so that `plan`
and the CLI work without torch; `model`, `loop` and `worker` import it when a job actually runs.
"""

from ncclkit.train.config import PRESETS, GptConfig, num_params, parse_count

__all__ = ["PRESETS", "GptConfig", "num_params", "parse_count"]
