#!/usr/bin/env bash
# Install headless Chromium from the Debian packages for tests/report/test_report_chromium.py
# (skipped without it). Needs root and apt-get; does nothing when chromium is already there.
set -euo pipefail
if command -v chromium >/dev/null || command -v chromium-browser >/dev/null; then
  exit 0
fi
if [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null; then
  echo "warning: cannot install chromium (needs root and apt-get); browser tests will be skipped" >&2
  exit 0
fi
(apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium) >/dev/null \
  || echo "warning: could not install chromium; browser tests will be skipped" >&2
