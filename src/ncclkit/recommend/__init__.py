"""Recommend the NCCL environment of a node (facts in, env out; pure)."""

from ncclkit.recommend.model import EnvRecommendation, EnvSetting
from ncclkit.recommend.nccl_env import recommend_env

__all__ = ["EnvRecommendation", "EnvSetting", "recommend_env"]
