"""ncclkit: read a GPU node, predict and verify what NCCL does, recommend its environment."""

__version__ = "0.1.0"
__all__ = ["__version__"]
