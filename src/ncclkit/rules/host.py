"""Host rules around NCCL's own transports: /dev/shm size and logind RemoveIPC (SHM transport),
firewalls that block NCCL's ephemeral ports, verbs that cannot be opened in this container, and a
named net plugin that is not installed.

NCCL's SHM transport and its proxy put per-peer buffers in /dev/shm (nccl-*): too small a tmpfs
(Docker's 64 MiB default) fails with "unhandled system error" at init or the first large
collective; systemd-logind with RemoveIPC=yes deletes a user's segments when their last session
ends (NCCL troubleshooting guide, "Shared memory").
"""

from __future__ import annotations

import ipaddress

from ncclkit.causes import Cause
from ncclkit.facts import NodeFacts
from ncclkit.findings import Finding, Severity
from ncclkit.nccl.names import plugin_library_names
from ncclkit.rules.common import evidence
from ncclkit.rules.rdma import unopenable_rdma

__all__ = ["check_firewall", "check_net_plugin", "check_remove_ipc", "check_shm", "check_verbs_access"]

_MIB = 1 << 20
_SHM_ERROR_BELOW = 256 * _MIB
_SHM_WARN_BELOW = 1024 * _MIB


def check_shm(facts: NodeFacts) -> list[Finding]:
    """os.shm_small: /dev/shm below 1 GiB (error below 256 MiB) on a node with GPUs."""
    size = facts.health.ipc.shm_size_bytes
    if size is None or not facts.gpus or size >= _SHM_WARN_BELOW:
        return []
    severity = Severity.ERROR if size < _SHM_ERROR_BELOW and len(facts.gpus) > 1 else Severity.WARNING
    return [Finding(
        id="os.shm_small", severity=severity, subject="/dev/shm", cause=Cause.SHM_TOO_SMALL,
        message=(f"/dev/shm is {size // _MIB} MiB: NCCL's shared-memory buffers between the {len(facts.gpus)} "
                 "local GPU process(es) do not fit (\"unhandled system error\", \"Failed to extend /dev/shm/nccl-*\")"),
        fix=("docker run --shm-size=16g ... (or --ipc=host); Kubernetes: mount an emptyDir "
             "{medium: Memory} at /dev/shm; bare metal: sudo mount -o remount,size=50% /dev/shm"),
        evidence=evidence(facts.health.ipc.shm_source or "/dev/shm", size, f">= {_SHM_WARN_BELOW}"))]


def check_remove_ipc(facts: NodeFacts) -> list[Finding]:
    """os.remove_ipc (warning): logind removes a user's shared memory when their last session ends."""
    ipc = facts.health.ipc
    if ipc.remove_ipc is not True:
        return []
    return [Finding(
        id="os.remove_ipc", severity=Severity.WARNING, subject="RemoveIPC", cause=Cause.SHM_TOO_SMALL,
        message=("systemd-logind has RemoveIPC=yes: when a non-system user's last login session ends "
                 "(ssh logout, a Slurm/MPI launcher's session), their /dev/shm segments are deleted under a "
                 "running job (NCCL: \"unlink shared memory ... failed\", then errors or hangs)"),
        fix=("printf '[Login]\\nRemoveIPC=no\\n' | sudo tee /etc/systemd/logind.conf.d/99-nccl.conf && "
             "sudo systemctl restart systemd-logind"),
        evidence=evidence(ipc.remove_ipc_source or "logind.conf", "yes", "no"))]


def check_firewall(facts: NodeFacts) -> list[Finding]:
    """net.firewall_ephemeral_blocked (error) and net.firewall_master_blocked (error)."""
    fw = facts.health.firewall
    if fw.source is None:
        return []
    out = []
    blocked = sorted(p for p, v in fw.ephemeral_verdicts.items() if v == "drop")
    lo, hi = fw.ephemeral_range or (32768, 60999)
    if blocked:
        master = (f"MASTER_PORT {fw.master_port} is {'open' if fw.master_verdict == 'accept' else 'blocked too'}"
                  if fw.master_port else "")
        out.append(Finding(
            id="net.firewall_ephemeral_blocked", severity=Severity.ERROR, subject="ip_local_port_range",
            cause=Cause.FIREWALL_OR_PORT_BLOCKED,
            message=(f"the firewall drops inbound TCP to NCCL's ephemeral ports {lo}-{hi} (e.g. {blocked[0]}); "
                     f"{master}: NCCL's bootstrap ring, proxy and socket connections listen on ports from this "
                     "range, so init hangs or fails with connect timeouts / \"No route to host\""),
            fix=(f"sudo iptables -I INPUT -p tcp -s <cluster subnet> --dport {lo}:{hi} -j ACCEPT   # nftables: "
                 f"nft insert rule inet filter input ip saddr <cluster subnet> tcp dport {lo}-{hi} accept; "
                 f"firewalld: firewall-cmd --permanent --add-port={lo}-{hi}/tcp && firewall-cmd --reload"),
            evidence=evidence(fw.source, {p: fw.ephemeral_verdicts[p] for p in sorted(fw.ephemeral_verdicts)},
                              "accept", ephemeral_range=[lo, hi])))
    if "MASTER_PORT" in facts.nccl.env and fw.master_verdict == "drop" and _may_host_rendezvous(facts):
        out.append(Finding(
            id="net.firewall_master_blocked", severity=Severity.ERROR, subject=f"MASTER_PORT={fw.master_port}",
            cause=Cause.FIREWALL_OR_PORT_BLOCKED,
            message=f"the firewall drops inbound TCP to MASTER_PORT {fw.master_port}: other ranks cannot rendezvous here",
            fix=f"sudo iptables -I INPUT -p tcp -s <cluster subnet> --dport {fw.master_port} -j ACCEPT",
            evidence=evidence(fw.source, "drop", "accept")))
    return out


def _may_host_rendezvous(facts: NodeFacts) -> bool:
    """False only when MASTER_ADDR is an IP address that none of this node's interfaces holds: only
    the rendezvous host (torchrun's store on MASTER_ADDR) accepts connections on MASTER_PORT, so a
    firewall elsewhere that closes that port stops nothing. A host name cannot be matched without
    resolving it, so it keeps the finding."""
    addr = facts.nccl.env.get("MASTER_ADDR", "").strip().strip("[]")
    try:
        ip = ipaddress.ip_address(addr)
    except ValueError:
        return True
    if ip.is_loopback or not any(i.addresses_known for i in facts.ifaces):
        return True
    ours = {ipaddress.ip_interface(a).ip for i in facts.ifaces for a in (*i.ipv4, *i.ipv6)}
    return ip in ours


def check_verbs_access(facts: NodeFacts) -> list[Finding]:
    """rdma.verbs_unavailable (error): ACTIVE RDMA ports and libibverbs, but no provider library for
    the HCAs: ibv_get_device_list() returns none, NCCL finds no IB device and uses NET/Socket. A
    missing libibverbs or missing uverbs nodes are rdma.none's (the same record, facts.rdma)."""
    r = facts.rdma
    if not any(p.is_active for p in facts.ib_ports) or unopenable_rdma(facts):
        return []
    if not r.libibverbs or r.providers is None or r.providers:
        return []
    return [Finding(
        id="rdma.verbs_unavailable", severity=Severity.ERROR, subject="/dev/infiniband", cause=Cause.SOCKET_FALLBACK,
        message=(f"{len(facts.ib_devices)} RDMA device(s) and {r.libibverbs} exist but no libibverbs provider "
                 "(libmlx5-rdmav*.so) is installed: libibverbs lists no device (\"libibverbs: Warning: couldn't load "
                 "driver\"), NCCL finds no IB device and uses NET/Socket"),
        fix="apt-get install -y ibverbs-providers   # RHEL: dnf install -y libibverbs (rdma-core) in the image",
        evidence=evidence(r.source or "libibverbs", {"uverbs": r.uverbs, "libibverbs": r.libibverbs,
                                                      "providers": r.providers}, "a provider such as libmlx5-rdmav*.so"))]


def check_net_plugin(facts: NodeFacts) -> list[Finding]:
    """nccl.net_plugin_missing (error): NCCL_NET_PLUGIN names libraries that are not installed;
    nccl.net_plugin (info): an external plugin NCCL will load first (it then owns ports, GIDs, GDR)."""
    plugins = facts.health.conf.net_plugins
    if plugins is None:
        return []
    names = {p.rsplit("/", 1)[-1] for p in plugins} | set(plugins)
    value = facts.nccl.env.get("NCCL_NET_PLUGIN")
    entries = plugin_library_names(value, facts.nccl.version)
    found = [next((n for n in cands if n in names), None) for cands in entries]
    if value and entries and not any(found):
        tried = [n for cands in entries for n in cands]
        return [Finding(
            id="nccl.net_plugin_missing", severity=Severity.ERROR, subject="NCCL_NET_PLUGIN", cause=Cause.NET_PLUGIN_ERROR,
            message=(f"NCCL_NET_PLUGIN={value} but none of {', '.join(tried)} is on the library path: NCCL "
                     "silently uses its internal IB/Socket transport instead of that plugin"),
            fix=("install the plugin (aws-ofi-nccl, nccl-rdma-sharp-plugins, ...) and add its folder to "
                 "LD_LIBRARY_PATH, or unset NCCL_NET_PLUGIN"),
            evidence=evidence("cmd/nccl-net-plugins.txt (library path search)", sorted(plugins), tried))]
    loaded = next((n for n in found if n), None)
    if loaded is None:
        return []
    path = next((p for p in plugins if p.endswith("/" + loaded) or p == loaded), loaded)
    return [Finding(
        id="nccl.net_plugin", severity=Severity.INFO, subject=path, cause=None,
        message=(f"NCCL loads the external net plugin {path} before its internal IB transport: NIC selection, "
                 "GID and GPUDirect RDMA then follow that plugin's rules and version"),
        fix="keep the same plugin build on every node (ncclkit cluster compares it); NCCL_NET_PLUGIN=none (2.28+) skips it",
        evidence=evidence("library path search", path, None))]
