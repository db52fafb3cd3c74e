#!/usr/bin/env bash
# Install what the network-namespace tests of `ncclkit cluster` need (ip netns, iptables, tc),
# when running as root on Debian/Ubuntu and they are missing. Without them the tests skip.
set -euo pipefail
[ "$(id -u)" = 0 ] || { echo "not root: netns tests will be skipped" >&2; exit 0; }
need=()
command -v ip >/dev/null || need+=(iproute2)
command -v tc >/dev/null || need+=(iproute2)
command -v iptables >/dev/null || need+=(iptables)
command -v unshare >/dev/null || need+=(util-linux)
if [ ${#need[@]} -gt 0 ] && command -v apt-get >/dev/null; then
  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
     $(printf '%s\n' "${need[@]}" | sort -u)) >/dev/null \
    || echo "warning: could not install ${need[*]}; netns tests will be skipped" >&2
fi
