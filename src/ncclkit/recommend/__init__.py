"""Recommend the NCCL environment of a node and predict NCCL's choices (facts in, env out; pure)."""

from ncclkit.recommend.model import EnvRecommendation, EnvSetting
from ncclkit.recommend.nccl_env import recommend_env
from ncclkit.recommend.predict import predict

__all__ = ["EnvRecommendation", "EnvSetting", "predict", "recommend_env"]
