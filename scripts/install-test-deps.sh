#!/usr/bin/env bash
# Install what the test suite needs on a fresh Debian/Ubuntu machine without a GPU:
# system tools for the network-namespace tests (iproute2, iptables) when running as root,
# then a venv with ncclkit, its test extras and the CPU build of torch.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  need=()
  command -v ip >/dev/null || need+=(iproute2)
  command -v iptables >/dev/null || need+=(iptables)
  if [ ${#need[@]} -gt 0 ]; then
    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}") >/dev/null \
      || echo "warning: could not install ${need[*]}; network-namespace tests will be skipped" >&2
  fi
fi
[ -x .venv/bin/python ] || python3 -m venv .venv
.venv/bin/python -m pip install -q --upgrade pip >/dev/null
# torch pinned: this version is a CPU build available locally; an unpinned torch pulls CUDA wheels.
.venv/bin/python -m pip install -q "torch==2.13.0" -e ".[test,report]"
