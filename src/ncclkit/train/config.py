"""GPT model shapes by preset name and their exact parameter count, without importing torch.

`num_params` counts exactly the tensors that `ncclkit.train.model.Gpt` creates (a test checks it
against `sum(p.numel())`), so `ncclkit plan --model-size 163m` predicts for the model `train` runs.
The 163m preset is GPT-2 small (12 layers, width 768) with an untied output head and a vocabulary
padded to 50304: 163,109,376 parameters, 652 MB of fp32 gradients (shared/measurements/README.md).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ncclkit.errors import NcclkitError

__all__ = ["PRESETS", "GptConfig", "num_params", "parse_count", "preset"]


@dataclass(frozen=True, slots=True, kw_only=True)
class GptConfig:
    """Shape of a pre-norm GPT decoder with learned positions, biases and an untied head."""

    num_layers: int
    width: int
    """Model (residual stream) width d; the MLP is 4d wide."""
    num_heads: int
    vocab_size: int
    seq_len: int
    """Context length: the number of learned position embeddings and the tokens per sample."""


PRESETS: dict[str, GptConfig] = {
    # For CPU tests: a few hundred thousand parameters.
    "tiny": GptConfig(num_layers=2, width=64, num_heads=4, vocab_size=512, seq_len=64),
    "25m": GptConfig(num_layers=6, width=384, num_heads=6, vocab_size=16384, seq_len=512),
    "163m": GptConfig(num_layers=12, width=768, num_heads=12, vocab_size=50304, seq_len=1024),
    "405m": GptConfig(num_layers=24, width=1024, num_heads=16, vocab_size=50304, seq_len=1024),
    "1.4b": GptConfig(num_layers=24, width=2048, num_heads=16, vocab_size=50304, seq_len=1024),
}


def preset(name: str) -> GptConfig:
    try:
        return PRESETS[name.lower()]
    except KeyError:
        raise NcclkitError(f"unknown model size {name!r}",
                           hint=f"use one of: {', '.join(PRESETS)}") from None


def num_params(cfg: GptConfig) -> int:
    """Exact parameter count of `ncclkit.train.model.Gpt(cfg)`."""
    d = cfg.width
    # Per block: two LayerNorms (weight+bias) 4d, qkv d*3d+3d, attention out d*d+d,
    # MLP up d*4d+4d and down 4d*d+d: 12d^2 + 13d.
    per_layer = 12 * d * d + 13 * d
    embeddings = cfg.vocab_size * d + cfg.seq_len * d
    final_norm = 2 * d
    head = d * cfg.vocab_size  # untied, no bias
    return embeddings + cfg.num_layers * per_layer + final_norm + head


_COUNT = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*([kmgbt]?)\s*$", re.IGNORECASE)
_SCALE = {"": 1, "k": 10**3, "m": 10**6, "g": 10**9, "b": 10**9, "t": 10**12}


def parse_count(text: str) -> int:
    """'163M', '1.4B', '163087872' -> an integer count (decimal prefixes)."""
    m = _COUNT.match(text)
    if not m:
        raise NcclkitError(f"not a parameter count: {text!r}",
                           hint="write a number, optionally with K, M, B or T (e.g. 163M, 1.4B)")
    return int(round(float(m.group(1)) * _SCALE[m.group(2).lower()]))
