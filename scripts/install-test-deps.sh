#!/usr/bin/env bash
# Install what the test suite needs on a fresh Debian/Ubuntu machine without a GPU: system tools
# for the network-namespace and browser tests (each script installs only what is missing, and only
# as root; without them those tests skip), then a venv with ncclkit, its test extras and CPU torch.
set -euo pipefail
cd "$(dirname "$0")/.."
bash tests/cluster/setup_netns_deps.sh
[ -f tests/report/setup_chromium.sh ] && bash tests/report/setup_chromium.sh
[ -x .venv/bin/python ] || python3 -m venv .venv
.venv/bin/python -m pip install -q --upgrade pip >/dev/null
# torch pinned: this version is a CPU build available locally; an unpinned torch pulls CUDA wheels.
.venv/bin/python -m pip install -q "torch==2.13.0" -e ".[test,report,torch]"
