"""Probe a node (live `/` or a snapshot) through NodeRoot into NodeFacts; `ncclkit snapshot`."""
