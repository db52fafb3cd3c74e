"""Rows of the line classifier (patterns.py) for NCCL 2.18 - 2.30's own INFO lines (tests/lines/nccl_info.py holds
every line with file:line@tag, read in NVIDIA/nccl at v2.18.6-1, v2.21.5-1, v2.23.4-1, v2.26.6-1, v2.28.9-1 and
v2.30.7-1). Newer NCCL logs failures it goes on past, and fallbacks, at INFO: the code around each call says
whether the line is a cause (a plugin the job named that did not load, a rail pairing, a parse that dropped a
setting) or a probe NCCL expects to fail (an optional verbs call, a sysfs file a VM lacks, a buffer it could not
register and copies instead). Read before the generic NCCL rows, whose words ("Plugin", "ibv_", "GDR", "failed")
these lines share.

The scanner keeps an INFO line for the classifier only when nccl_log_words.INFO_CAUSE matches it (and, for a line
whose message does not start with one of nccl_log_scan._LINE's INFO prefixes, not at all). An INFO line's severity
is lowered by one (nccl_log_state: an error row gives a warning, a warning row an info): the new rows that name a
cause are errors, so that their line competes as a root of the paste; the libibverbs row keeps its family's level.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ncclkit.causes import Cause as C
from ncclkit.findings import Severity

E, W, I = Severity.ERROR, Severity.WARNING, Severity.INFO

# Words the log scanner's prefilter (nccl_log_words.OTHER_WORDS) needs for these rows' lines; no word may contain
# another of the whole list. A line with its "NCCL INFO" prefix is read through the scanner's NCCL-line pass
# (nccl_log_scan._LINE, nccl_log_words.INFO_CAUSE); these are for the messages pasted without it that no other
# word finds: libibverbs' last name (2.30), the pattern fallback and the topology file (2.28).
NCCLINFO_WORDS: tuple[bytes, ...] = (b"Count not open", b"path for pattern", b"XML topology file")

_PLUGIN_FIX = ("make the library the plugin needs visible where NCCL runs (LD_LIBRARY_PATH; `ldd` on the plugin "
               "lists what is missing), or install the plugin build made for this NCCL and CUDA; unset "
               "NCCL_NET_PLUGIN to run on NCCL's internal network instead")


def ncclinfo_rows(p: Callable[..., Any]) -> tuple[Any, ...]:
    return (
        # -- probes NCCL expects to fail, and what it does without them --------------------------------------
        # misc/ibvwrap.cc IBV_INT_CHECK_RET_ERRNO_OPTIONAL (2.19 - 2.30): ibv_query_ece / ibv_set_ece returning
        # ENOTSUP or EOPNOTSUPP is logged at INFO, marks ECE unsupported and returns ncclSuccess (the connection
        # goes on without Enhanced Connection Establishment); any other errno is the WARN of the same text.
        p(r"Call to ibv_(?:query|set)_ece failed with error [^\n]*errno 95\b", "noise", I,
          "the NIC or its driver does not support Enhanced Connection Establishment: NCCL connects without it",
          "nothing to fix", None, "noise"),
        # graph/xml.cc ncclTopoGetStrFromSys (2.26.6 xml.cc:448): a sysfs attribute (max_link_speed, a VM's
        # missing PCI file) that cannot be read is left empty and detection goes on; xml.cc:925 (2.28.9): a
        # virtio/vmbus NIC has no PCI path and is attached to the first CPU, as it must be on such VMs. Not
        # /sys/devices/system/node/node-1/: a device whose NUMA node is -1 (a VM's), which some releases
        # mis-placed (NVIDIA/nccl-tests#233), so that line stays for the error words to weigh.
        p(r"Topology detection ?: could not read (?!\S*/node/node-1/)\S+, ignoring|"
          r"Topology detection: network path \(name = [^)]*\) \S+ is not a PCI device", "noise", I,
          "NCCL's topology detection skipping a sysfs file it cannot read, or placing a virtual NIC that has no "
          "PCI path: detection goes on", "nothing to fix", None, "noise"),
        # transport/net.cc:1704, p2p.cc:950, nvls.cc:781, coll_net.cc:1218 (2.28.9): user-buffer registration
        # (NCCL_REG) that did not work sets outRegBufFlag = 0 and the collective copies through NCCL's own
        # buffers instead.
        p(r"rank \d+ (?:- COLLNET )?failed to (?:NET |IPC |NVLS )?register (?:userbuff|sendbuff)", "noise", I,
          "NCCL could not register the user's buffer for zero-copy and uses its own buffers (a copy) instead",
          "nothing to fix", None, "noise"),
        # misc/ibvsymbols.cc:86 (2.30.7) tries NCCL_IBVERBS_LIB, libibverbs.so, then libibverbs.so.1 and logs
        # "Count not open" (sic) for each that fails: the unversioned name is only the -dev package's symlink.
        # mlx5dvsymbols.cc / net_ib.cc (2.28.9): without libmlx5's direct verbs only the Direct-NIC (CX-8)
        # features are off.
        p(r"Count not open libibverbs\.so(?!\.)|Failed to open libmlx5\.so\[\.1\]|Failed to open mlx5dv symbols",
          "noise", I, "NCCL trying a library name that is optional (libibverbs' -dev symlink, libmlx5's direct "
          "verbs for Direct-NIC features): it goes on with the next name or without those features",
          "nothing to fix", None, "noise"),
        # -- net plugins -------------------------------------------------------------------------------------
        # net.cc:179 (2.18.6), net.cc:373 (2.21.5): the default plugin (libnccl-net.so, RCCL's librccl-net.so,
        # the tuner's) is not installed, and NCCL uses its internal one: the dlerror names the plugin itself.
        p(r"Plugin load (?:\((lib[nr]ccl(?:-(?:net|tuner|profiler))?\.so)\) )?returned \d+ : "
          r"lib[nr]ccl(?:-(?:net|tuner|profiler))?\.so: cannot open shared object file: No such file", "noise", I,
          "NCCL looked for an optional plugin that is not installed and used its built-in one",
          "nothing to fix: this line is normal", None, "noise"),
        # The tuner's loader (2.21 tuner.cc) also tries the net plugin's files, since a tuner may be packed into the
        # net plugin ("TUNER/Plugin: Most recent plugin load returned 2 : libnccl-net-none.so: cannot open shared
        # object file ... All attempts to load 'libnccl-tuner.so none' also failed", then "Using internal tuner
        # plugin"): an optional search, not a missing network (hao-ai-lab/FastVideo#256, every rank Init COMPLETE).
        p(r"TUNER/Plugin: [^\n]*lib[nr]ccl-net[-\w]*\.so: cannot open shared object", "noise", I,
          "NCCL's tuner looked for a tuner packed inside a net plugin's file, found none and uses its internal tuner",
          "nothing to fix: this line is normal", None, "noise"),
        # net.cc:179 (2.18.6) dlopen()s libnccl-net-<NCCL_NET_PLUGIN>.so when the variable is set (RCCL:
        # librccl-net-<name>.so); 2.21.5 net.cc:373 prints the dlerror of the name it tried last: a named plugin
        # whose own file the loader cannot find, so the job runs without the network it asked for
        # (plugin_open.cc's "Could not find: libnccl-net-<name>.so" from 2.23 is patterns_table_notices').
        p(r"Plugin load \((lib[nr]ccl-(?:net|tuner|profiler)-[^)\s]+)\) returned \d+ : \1: cannot open shared object|"
          r"plugin load returned \d+ : lib[nr]ccl-(?:net|tuner|profiler)-[^\s:]+: cannot open shared object",
          "plugin_not_found", E,
          "NCCL did not find the plugin the job names in NCCL_NET_PLUGIN (libnccl-net-<name>.so) and runs without "
          "it", "install the plugin where the loader finds it (LD_LIBRARY_PATH), or unset NCCL_NET_PLUGIN",
          C.NET_PLUGIN_ERROR, "root", (C.OTHER,)),
        # The plugin's file is there but dlopen() fails on a library it needs: the dlerror names another file
        # than the plugin (libfabric.so.1 of aws-ofi-nccl, another CUDA's libcudart): net.cc:179 (2.18.6),
        # net.cc:351/373 (2.21.5), plugin_open.cc:84 (2.28.9, which prints only a dlerror that is not ENOENT for
        # the plugin itself).
        p(r"Plugin load \(([^)\s]+)\) returned \d+ : (?!\1:)[^\s:]+: cannot open shared object|"
          r"Plugin load returned \d+ : ([^\s:]+): cannot open shared object[^\n]* when loading (?!\2(?:\s|$))|"
          r"(?:NET|TUNER|PROFILER)/Plugin: [^\s:]+\.so: [^\s:]+: cannot open shared object",
          "net_plugin_error", E,
          "the plugin is installed but cannot load: a library it needs (libfabric, a CUDA runtime of another "
          "version) is not found", _PLUGIN_FIX, C.NET_PLUGIN_ERROR, "root", (C.NCCL_VERSION_MISMATCH,)),
        # net.cc:192 (2.18.6: no ncclNetPlugin_v6, _v5 or _v4), net.cc:438 (2.21.5; :458 in 2.23.4: none of
        # v8 - v5), plugin/net.cc:105 (2.28.9; :110 in 2.30.7: no interface this NCCL knows): NCCL closes the
        # library and runs on its internal network. (The per-version probes before them, "Failed to find
        # ncclNetPlugin_v8 symbol.", are patterns_table_notices' noise.) Before 2.14 the last probe named its
        # symbol: init.cc:114 (2.4.8: _v2), init.cc:83 (2.7.8: _v3), net.cc (2.8 - 2.11: _v4 alone; 2.12.12:137, _v4
        # after _v5): each closes the plugin, with or without the full stop a page may drop (Azure/azureml-examples'
        # gpu_perf page). 2.12's _v5 and 2.14+'s _v6 probes are followed by another try.
        p(r"Failed to find ncclNetPlugin symbol \((?:v4 or v5|>= v5)\)|External network plugin \S+ is unsupported|"
          r"Failed to find ncclNetPlugin_v[234] symbol\b",
          "net_plugin_error", E,
          "the network plugin loaded but has no ncclNetPlugin interface this NCCL supports (a plugin built for a "
          "newer NCCL, or too old), so NCCL drops it and uses its internal network",
          "install the plugin release made for this NCCL version (aws-ofi-nccl, HPC-X's SHARP plugin), or an NCCL "
          "that knows the plugin's interface", C.NET_PLUGIN_ERROR, "root", (C.NCCL_VERSION_MISMATCH,)),
        # -- P2P --------------------------------------------------------------------------------------------
        # transport/p2p.cc:137 (2.16.5) "peer query failed between dev %d(=%lx) and dev %d(=%lx)": printed only when
        # cudaDeviceCanAccessPeer itself returns an error (no access is "Could not enable P2P"): a CUDA call failing.
        p(r"peer query failed between dev \d+", "cuda_error", E,
          "CUDA could not answer whether two GPUs can reach each other (cudaDeviceCanAccessPeer failed): the driver "
          "or a GPU is in a bad state", "check `nvidia-smi` and dmesg for Xid errors on these GPUs, and that the "
          "driver matches the CUDA runtime; reboot the node if a GPU fell off", C.CUDA_OR_DRIVER),
        # -- libibverbs ---------------------------------------------------------------------------------------
        # misc/ibvsymbols.cc:86 (2.30.7): libibverbs.so.1 is the last name tried; when it fails too, IB init
        # fails and NCCL uses sockets (2.18 - 2.28 print "Failed to open libibverbs.so[.1]" then).
        p(r"Count not open libibverbs\.so\.1", "libibverbs_missing", W,
          "libibverbs is not installed or not visible: NCCL cannot use RDMA and falls back to sockets",
          "install rdma-core / libibverbs1 (in the container too) or set NCCL_IBVERBS_LIB; ignore on nodes "
          "without RDMA", C.SOCKET_FALLBACK),
        # -- RDMA --------------------------------------------------------------------------------------------
        # net_ib.cc:234 (2.26.6) ncclIbExtractAddrRange: an NCCL_IB_ADDR_RANGE address (or mask) that does not
        # parse for NCCL_IB_ADDR_FAMILY is ignored, so the RoCE GID is chosen without the range the job asked for.
        p(r"NET/IB: Ip address (?:mask )?'[^']*' is invalid for family AF_INET6?, ignoring", "gid_error", E,
          "NCCL_IB_ADDR_RANGE does not parse for NCCL_IB_ADDR_FAMILY (an IPv4 range with AF_INET6, or a mask too "
          "long), so NCCL ignores it and picks the RoCE GID without it",
          "give NCCL_IB_ADDR_RANGE in the family NCCL_IB_ADDR_FAMILY names (e.g. 10.1.0.0/16 with AF_INET), or "
          "set NCCL_IB_GID_INDEX to the RoCE v2 GID of that subnet (`show_gids`)", C.GID_INDEX_OR_ROCE_CONFIG),
        # net_ib.cc:1486 (2.26.6) ncclIbConnect: a fused (merged) NIC has fewer matching physical ports on one
        # side than on the other, and the connection uses only the ports both sides have.
        p(r"There are mismatched physical devices between local \([\d,]*\) and remote", "ib_device_mismatch", E,
          "the two sides of a connection have different numbers of usable ports in their fused NIC: a port is "
          "down or missing on one node, and the connection runs on fewer rails",
          "compare `ibstat` on both nodes and bring the missing port up; give every node the same NCCL_IB_HCA",
          C.IB_PORT_DOWN_OR_LINK),
    )
