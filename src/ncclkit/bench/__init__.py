"""`ncclkit bench`: nccl-tests-like collective sweeps (records, runner, engines, timing, verdicts)."""
