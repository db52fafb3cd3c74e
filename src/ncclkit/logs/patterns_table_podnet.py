"""Rows of the line classifier (patterns.py) for the Kubernetes pod networks multi-node NCCL pods talk over: Calico,
flannel and Istio's sidecar (tests/lines/podnet.py holds every line with file:line@commit).

- Calico (projectcalico/calico 87c1590): calico/node's address autodetection finding nothing on the interfaces its
  method names is the interface choice (wrong_interface); two nodes on one autodetected address (docker0's) picked
  the wrong interface; calico/node not ready (BIRD's BGP peers, felix not live) is the pod network's agent down. The
  CNI plugin's errors inside kubelet's FailedCreatePodSandBox event are read by patterns_table_k8s.
- flannel (flannel-io/flannel cdf7605): flanneld without an address on any --iface it was given (wrong_interface),
  or on a node without a pod CIDR (no pod of the node can get its network: container_start).
- Istio (istio/istio 86c9f01): pilot-agent's readiness probe (the sidecar has no config from istiod) and the access
  log of a connection sent to BlackHoleCluster (the mesh dropped it: firewall_or_port_blocked).

Read before the generic families: "Failed", "connection refused" and "Aborted" in these lines would name a socket
failure, an error or a crash elsewhere.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ncclkit.causes import Cause as C
from ncclkit.findings import Severity

E, W, I = Severity.ERROR, Severity.WARNING, Severity.INFO

# Words the log scanner's prefilter (nccl_log_words.OTHER_WORDS) needs for these rows' lines; no word may contain
# another of the whole list.
PODNET_WORDS: tuple[bytes, ...] = (b"is already using the IPv", b"proxy is NOT ready", b"BlackHoleCluster",
                                  b"rbac_access_denied", b"RBAC: access denied", b"cluster inbound|")

_AUTODETECT_FIX = ("point the address autodetection at the interface the nodes reach each other on: "
                   "`kubectl -n calico-system set env daemonset/calico-node IP_AUTODETECTION_METHOD=kubernetes-"
                   "internal-ip` (or interface=<name>, can-reach=<peer IP>; with the operator, the Installation's "
                   "spec.calicoNetwork.nodeAddressAutodetectionV4), and check it with `ip -br addr` on the node")


def podnet_rows(p: Callable[..., Any]) -> tuple[Any, ...]:
    return (
        # -- lines that state no cause ---------------------------------------------------------------------------
        # projectcalico/calico felix/dataplane/linux/int_dataplane.go:1770@87c1590: no interface matched
        # mtuIfacePattern, so felix uses its safe default MTU (1460) and goes on. Before the generic error rows.
        p(r"Failed to auto-detect host MTU - no interfaces matched the MTU interface pattern", "noise", I,
          "Calico's felix found no interface to read the host's MTU from and uses its safe default (1460)",
          "nothing to fix; set mtuIfacePattern (FelixConfiguration) to the host's interfaces to use their MTU",
          None, "noise"),
        # istio/istio pkg/envoy/agent.go:235@86c9f01: pilot-agent reports the Envoy it stopped after Envoy exited
        # or the pod was terminating; the line before it (the exit, a kill) says why. Before the abort rows, which
        # would call it a rank crash elsewhere.
        p(r"\bAborted proxy instance\b", "noise", I,
          "Istio's pilot-agent stopped its Envoy proxy (after Envoy exited or the pod began terminating)",
          "read the sidecar's line before this one (Envoy's exit, a kill)", None, "collateral"),
        # -- Calico ----------------------------------------------------------------------------------------------
        # projectcalico/calico node/pkg/lifecycle/startup/autodetection/autodetection_methods.go:113 and
        # startup/startup.go:635@87c1590: the autodetection method (interface regexes, can-reach, CIDRs) found no
        # address; startup.go's own advice is to choose a different method or give the address: the interface
        # choice, not the network.
        p(r"Couldn't autodetect an IPv[46] address\. If auto-detecting, choose a different autodetection method|"
          r"Unable to auto-detect an IPv[46] address using interface regexes", "no_interface", E,
          "calico/node found no address on the interfaces its autodetection method names, so the node has no "
          "address for the pod network", _AUTODETECT_FIX, C.WRONG_INTERFACE),
        # startup.go:1210@87c1590 (configureIPsAndSubnets): another Calico node already holds the address this node
        # autodetected; the usual one is 172.17.0.1, the docker0 bridge every node has: the first-found method
        # picked a local bridge rather than the node's network.
        p(r"Calico node '[^']+' is already using the IPv[46] address", "pod_network", E,
          "two Calico nodes autodetected the same address (most often a docker0 or other local bridge that every "
          "node has), so pod traffic between them is routed wrong", _AUTODETECT_FIX, C.WRONG_INTERFACE),
        # node/pkg/health/health.go:80,136@87c1590: calico/node's readiness and liveness checks: BIRD with BGP
        # sessions not established (peers unreachable, TCP 179 blocked, the wrong address autodetected) or felix
        # not live: the node's pod network agent is not working.
        p(r"calico/node is not ready: ", "pod_network", E,
          "calico/node, the pod network's agent on this node, is not ready: its BGP sessions to the other nodes "
          "are not established (BIRD) or felix is not running, so pods on this node cannot reach the others",
          "read the calico-node pod's log on that node (`kubectl -n calico-system logs <calico-node pod> -c "
          "calico-node`); for BGP check that TCP 179 is open between the nodes and that each node autodetected its "
          "right address (`calicoctl node status`)", C.OTHER, "root",
          (C.FIREWALL_OR_PORT_BLOCKED, C.WRONG_INTERFACE)),
        # -- flannel ---------------------------------------------------------------------------------------------
        # flannel-io/flannel main.go:336,367@cdf7605: no address on an --iface (or --iface-regex) flanneld was
        # given: it tries the next one and exits when none is left.
        p(r"Failed to find interface to use that matches the interfaces and/or regexes provided|Could not find "
          r"valid interface matching \S+: failed to find IPv[46] address", "no_interface", E,
          "flanneld found no address on the interfaces it was told to use (--iface / --iface-regex)",
          "give flanneld an interface that has the node's address (`ip -br addr` on the node): the --iface or "
          "--iface-regex argument of the kube-flannel daemonset", C.WRONG_INTERFACE),
        # main.go:384@cdf7605: the kube subnet manager reads the node's spec.podCIDR; a node without one gets no
        # lease, flanneld writes no subnet.env and the CNI plugin cannot give any pod of the node its network.
        p(r"Error registering network: failed to acquire lease: node \S+ pod cidr not assigned", "container_start",
          E, "flanneld got no subnet for this node (the node has no pod CIDR), so no pod on it can get a network",
          "let the controller manager assign pod CIDRs (--allocate-node-cidrs=true --cluster-cidr=<flannel's "
          "Network>, kubeadm --pod-network-cidr) or set the node's spec.podCIDR, then restart the flannel pod",
          C.OTHER),
        # -- Istio -----------------------------------------------------------------------------------------------
        # istio/istio pilot/cmd/pilot-agent/status/server.go:545@86c9f01: the sidecar's readiness probe: Envoy has
        # no listeners or clusters from istiod, so the pod's traffic has nowhere to go.
        p(r"Envoy proxy is NOT ready: ", "pod_network", E,
          "the pod's Istio sidecar is not ready (it has no configuration from istiod), so the pod's connections "
          "go nowhere", "check istiod (`kubectl -n istio-system get pods`, `istioctl proxy-status`), or keep the "
          "training pods out of the mesh: annotation `sidecar.istio.io/inject: \"false\"`", C.OTHER),
        # pilot/pkg/model/telemetry_logging.go:44@86c9f01: the Envoy access log format Istio configures; a
        # connection to BlackHoleCluster is one the REGISTRY_ONLY outbound policy drops (the peer's pod IP and
        # port are no known service): the ranks' TCP never reaches the peer.
        p(r"\bBlackHoleCluster\b", "pod_network", E,
          "the Istio sidecar dropped a connection: its destination (a peer pod's IP and port) is not a known "
          "service and the mesh allows only registered ones (REGISTRY_ONLY)",
          "keep the training pods out of the mesh (`sidecar.istio.io/inject: \"false\"`), or exclude their ports "
          "(`traffic.sidecar.istio.io/excludeOutboundPorts`, excludeInboundPorts) or add a ServiceEntry for them",
          C.FIREWALL_OR_PORT_BLOCKED),
        # envoyproxy/envoy source/extensions/filters/network/rbac/rbac_filter.cc (and the HTTP filter): the
        # connection's termination details when an authorization policy denies it, "rbac_access_denied_matched_
        # policy[<policy>|none]" (none: no ALLOW policy matched the port), "RBAC: access denied" in HTTP. Istio's
        # AuthorizationPolicy admits only the ports it lists: the rendezvous or NCCL ports are refused.
        p(r"\brbac_access_denied_matched_policy\[|\bRBAC: access denied\b", "pod_network", E,
          "the Istio sidecar refused a connection: an authorization policy (AuthorizationPolicy) admits no rule "
          "for that port, so the rendezvous or NCCL connections between the pods are denied",
          "allow the job's ports in the AuthorizationPolicy (MASTER_PORT and NCCL's ports, or all ports between "
          "the job's pods), or keep the training pods out of the mesh (`sidecar.istio.io/inject: \"false\"`)",
          C.FIREWALL_OR_PORT_BLOCKED, "root", (C.OTHER,)),
        # Envoy's own debug log of an Istio sidecar handling the pod's inbound port ("membership update for TLS
        # cluster inbound|23456|| added 0 removed 1", beside "remote early close"): the mesh proxies the job's
        # rendezvous or NCCL connections and closes them (kubeflow/trainer#1636; #1637: inject "false" fixed it).
        p(r"\bcluster inbound\|\d+\|", "pod_network", W,
          "an Istio sidecar (Envoy) handles this pod's inbound port: the mesh proxies the job's rendezvous or NCCL "
          "connections between the pods and can close them", "keep the training pods out of the mesh "
          "(`sidecar.istio.io/inject: \"false\"`), or exclude the job's ports (`traffic.sidecar.istio.io/"
          "excludeInboundPorts` / excludeOutboundPorts: MASTER_PORT and NCCL's ports)", C.FIREWALL_OR_PORT_BLOCKED),
    )
