"""The GPT-style decoder `ncclkit train` runs (imports torch): shapes from `train.config`.

Pre-norm blocks with biases, fused causal attention (scaled_dot_product_attention picks the flash
kernel on H100/H200 under bf16 autocast), a GELU MLP 4x wide and an untied output head, so that the
gradient volume per step is exactly num_params(cfg) elements.
"""

from __future__ import annotations

import torch
import torch.nn.functional as F
from torch import nn

from ncclkit.train.config import GptConfig

__all__ = ["Block", "Gpt", "synthetic_batches"]


class _Attention(nn.Module):
    def __init__(self, cfg: GptConfig) -> None:
        super().__init__()
        self.num_heads = cfg.num_heads
        self.qkv = nn.Linear(cfg.width, 3 * cfg.width)
        self.out = nn.Linear(cfg.width, cfg.width)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        b, t, d = x.shape
        q, k, v = self.qkv(x).split(d, dim=2)
        shape = (b, t, self.num_heads, d // self.num_heads)
        q, k, v = (z.view(shape).transpose(1, 2) for z in (q, k, v))
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        return self.out(y.transpose(1, 2).reshape(b, t, d))


class Block(nn.Module):
    def __init__(self, cfg: GptConfig) -> None:
        super().__init__()
        self.norm1 = nn.LayerNorm(cfg.width)
        self.attn = _Attention(cfg)
        self.norm2 = nn.LayerNorm(cfg.width)
        self.up = nn.Linear(cfg.width, 4 * cfg.width)
        self.down = nn.Linear(4 * cfg.width, cfg.width)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x + self.attn(self.norm1(x))
        return x + self.down(F.gelu(self.up(self.norm2(x)), approximate="tanh"))


class Gpt(nn.Module):
    def __init__(self, cfg: GptConfig) -> None:
        super().__init__()
        if cfg.width % cfg.num_heads:
            raise ValueError(f"width {cfg.width} is not a multiple of {cfg.num_heads} heads")
        self.cfg = cfg
        self.tokens = nn.Embedding(cfg.vocab_size, cfg.width)
        self.positions = nn.Embedding(cfg.seq_len, cfg.width)
        self.blocks = nn.ModuleList(Block(cfg) for _ in range(cfg.num_layers))
        self.norm = nn.LayerNorm(cfg.width)
        self.head = nn.Linear(cfg.width, cfg.vocab_size, bias=False)
        for m in self.modules():
            if isinstance(m, (nn.Linear, nn.Embedding)):
                nn.init.normal_(m.weight, std=0.02)
            if isinstance(m, nn.Linear) and m.bias is not None:
                nn.init.zeros_(m.bias)

    def forward(self, idx: torch.Tensor, targets: torch.Tensor) -> torch.Tensor:
        """Mean next-token cross-entropy of idx (batch, seq) against targets."""
        pos = torch.arange(idx.shape[1], device=idx.device)
        x = self.tokens(idx) + self.positions(pos)
        for block in self.blocks:
            x = block(x)
        logits = self.head(self.norm(x))
        return F.cross_entropy(logits.float().view(-1, logits.shape[-1]), targets.view(-1))


def synthetic_batches(cfg: GptConfig, *, micro_batch: int, count: int, seed: int,
                      device: torch.device) -> list[tuple[torch.Tensor, torch.Tensor]]:
    """`count` (inputs, targets) pairs of random tokens, generated once on the device.

    Random tokens cost the same compute as text; generating them up front keeps the host and
    host-to-device copies out of the timed steps.
    """
    gen = torch.Generator(device="cpu").manual_seed(seed)
    out = []
    for _ in range(count):
        seq = torch.randint(0, cfg.vocab_size, (micro_batch, cfg.seq_len + 1), generator=gen)
        seq = seq.to(device)
        out.append((seq[:, :-1].contiguous(), seq[:, 1:].contiguous()))
    return out
