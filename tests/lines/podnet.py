"""Lines of the Kubernetes pod networks that multi-node NCCL pods talk over, read alone and inside an NCCL log:
Calico (projectcalico/calico 87c1590: the CNI plugin's ClusterInformation and IPAM errors inside kubelet's
FailedCreatePodSandBox event, calico/node's IP autodetection and its readiness and liveness probe, felix's MTU
detection; logrus lines in Calico's own format), flannel (flannel-io/flannel cdf7605: flanneld's interface choice and
network registration, klog format; flannel-io/cni-plugin 092e6d2: the CNI plugin that reads /run/flannel/subnet.env)
and Istio's sidecar (istio/istio 86c9f01: pilot-agent's readiness probe and Envoy supervision, and the Envoy access
log format Istio configures, here for a TCP connection sent to BlackHoleCluster). Cilium (cilium/cilium) and Envoy
(envoyproxy/envoy: 'upstream connect error or disconnect/reset before headers', 'no healthy upstream') could not be
fetched (snapshots over the size limit), so none of their lines is here. Causes decided from the code around each
line: a CNI plugin that cannot give a pod its network (API credentials, datastore not ready, pool exhausted, flannel's
subnet.env not written, a node without a pod CIDR) is a pod that could not start (container_start, other); calico/node
not ready (BGP peers not established, felix not live) and the sidecar not ready are an agent not ready: other,
named by a proposed log.pod_network; calico/node finding no address on the interfaces its autodetection method names,
and flanneld finding no address on an --iface it was given (it tries the next one, and exits when none is left), are
wrong_interface (no_interface); two calico nodes that autodetected the same IPv4 address (a docker0 bridge's) picked
the wrong interface; Istio sending a connection to
BlackHoleCluster (REGISTRY_ONLY outbound policy, the peer's pod IP and port not a known service) is traffic the mesh
drops: firewall_or_port_blocked. pilot-agent's own warning says a sidecar killed by SIGKILL was likely out of
memory, so that and the exit it explains are oom. Felix's MTU fallback (1460, a safe default: the code goes on),
calico/node's own note that an address change 'is not an error condition', its count of BGP peers, and the sidecar's
abort report a state or a consequence and name nothing."""

from __future__ import annotations

CASES = [
    # Calico: the CNI plugin inside kubelet's sandbox event
    ('projectcalico/calico cni-plugin/pkg/plugin/plugin.go:241@87c1590',
     'Warning  FailedCreatePodSandBox  kubelet  Failed to create pod sandbox: rpc error: code = Unknown desc = failed to setup network for sandbox "3f9e1c27a4b8d05e6c1a7f2b9d3e8c4a5b6f7d8e9a0b1c2d3e4f5a6b7c8d9e0f": plugin type="calico" failed (add): error getting ClusterInformation: connection is unauthorized: Unauthorized',
     'log.container_start', 'other'),
    ('projectcalico/calico cni-plugin/pkg/plugin/plugin.go:247@87c1590',
     'Warning  FailedCreatePodSandBox  kubelet  Failed to create pod sandbox: rpc error: code = Unknown desc = failed to setup network for sandbox "3f9e1c27a4b8d05e6c1a7f2b9d3e8c4a5b6f7d8e9a0b1c2d3e4f5a6b7c8d9e0f": plugin type="calico" failed (add): Calico is currently not ready to process requests',
     'log.container_start', 'other'),
    ('projectcalico/calico cni-plugin/pkg/ipamplugin/ipam_plugin.go:454@87c1590',
     'Warning  FailedCreatePodSandBox  kubelet  Failed to create pod sandbox: rpc error: code = Unknown desc = failed to setup network for sandbox "3f9e1c27a4b8d05e6c1a7f2b9d3e8c4a5b6f7d8e9a0b1c2d3e4f5a6b7c8d9e0f": plugin type="calico" failed (add): failed to request IPv4 addresses: Assigned 0 out of 1 requested IPv4 addresses; No IPs available in pools: [10.244.0.0/16]',
     'log.container_start', 'other'),
    # Calico: calico/node's address autodetection and probes
    ('projectcalico/calico node/pkg/lifecycle/startup/autodetection/autodetection_methods.go:113@87c1590',
     '2026-12-01 10:14:03.412 [WARNING][9] startup/autodetection_methods.go 113: Unable to auto-detect an IPv4 address using interface regexes [ib0]: no valid IPv4 addresses found on the host interfaces',
     'log.no_interface', 'wrong_interface'),
    ('projectcalico/calico node/pkg/lifecycle/startup/startup.go:635@87c1590',
     "2026-12-01 10:14:03.413 [WARNING][9] startup/startup.go 635: Couldn't autodetect an IPv4 address. If auto-detecting, choose a different autodetection method. Otherwise provide an explicit address.",
     'log.no_interface', 'wrong_interface'),
    ('projectcalico/calico node/pkg/lifecycle/startup/startup.go:1210@87c1590',
     "2026-12-01 10:14:03.518 [WARNING][9] startup/startup.go 1210: Calico node 'gpu-node-01' is already using the IPv4 address 172.17.0.1.",
     'log.pod_network', 'wrong_interface'),
    ('projectcalico/calico node/pkg/health/health.go:136@87c1590',
     'Warning  Unhealthy  kubelet  Readiness probe failed: calico/node is not ready: BIRD is not ready: BGP not established with 10.0.0.12',
     'log.pod_network', 'other'),
    ('projectcalico/calico node/pkg/health/health.go:80@87c1590',
     'Warning  Unhealthy  kubelet  Liveness probe failed: calico/node is not ready: Felix is not live: Get "http://localhost:9099/liveness": dial tcp 127.0.0.1:9099: connect: connection refused',
     'log.pod_network', 'other'),
    # flannel: flanneld and its CNI plugin
    ('flannel-io/flannel main.go:384@cdf7605',
     'E1201 10:14:03.215907       1 main.go:384] Error registering network: failed to acquire lease: node "gpu-node-02" pod cidr not assigned',
     'log.container_start', 'other'),
    ('flannel-io/flannel main.go:367@cdf7605',
     'E1201 10:14:02.998311       1 main.go:367] Failed to find interface to use that matches the interfaces and/or regexes provided',
     'log.no_interface', 'wrong_interface'),
    ('flannel-io/flannel main.go:336@cdf7605',
     'I1201 10:14:02.998102       1 main.go:336] Could not find valid interface matching ib0: failed to find IPv4 address for interface ib0',
     'log.no_interface', 'wrong_interface'),
    ('flannel-io/cni-plugin flannel.go:287@092e6d2',
     'Warning  FailedCreatePodSandBox  kubelet  Failed to create pod sandbox: rpc error: code = Unknown desc = failed to setup network for sandbox "8c2d4e6f0a1b3c5d7e9f1a2b4c6d8e0f2a4b6c8d0e2f4a6b8c0d2e4f6a8b0c2d": plugin type="flannel" failed (add): failed to load flannel \'subnet.env\' file: open /run/flannel/subnet.env: no such file or directory. Check the flannel pod log for this node.',
     'log.container_start', 'other'),
    # Istio: pilot-agent and the sidecar's access log
    ('istio/istio pilot/cmd/pilot-agent/status/server.go:545@86c9f01',
     '2026-12-01T10:14:04.118203Z\twarn\tEnvoy proxy is NOT ready: config not received from XDS server (is Istiod running?): cds updates: 0 successful, 0 rejected; lds updates: 0 successful, 0 rejected',
     'log.pod_network', 'other'),
    ('istio/istio pilot/pkg/model/telemetry_logging.go:44@86c9f01',
     '[2026-12-01T10:14:09.512Z] "- - -" 0 UH - - "-" 0 0 0 - "-" "-" "-" "-" "-" BlackHoleCluster - 10.0.1.12:29500 10.0.0.11:53412 - -',
     'log.pod_network', 'firewall_or_port_blocked'),
    ('istio/istio pkg/envoy/agent.go:129@86c9f01',
     '2026-12-01T10:31:40.007714Z\twarn\tEnvoy may have been out of memory killed. Check memory usage and limits.',
     'log.oom', 'oom'),
    ('istio/istio pkg/envoy/agent.go:131@86c9f01',
     '2026-12-01T10:31:40.007801Z\terror\tEnvoy exited with error: signal: killed',
     'log.process_killed', 'oom'),
]

NO_CAUSE = [
    "2026-12-01 10:14:05.101 [WARNING][61] felix/int_dataplane.go 1770: Failed to auto-detect host MTU - no interfaces matched the MTU interface pattern. To use auto-MTU, set mtuIfacePattern to match your host's interfaces",  # projectcalico/calico felix/dataplane/linux/int_dataplane.go:1770@87c1590
    '2026-12-01 10:14:03.517 [WARNING][9] startup/startup.go 1198: IPv4 address has changed. This could happen if there are multiple nodes with the same name. node="gpu-node-01" original="10.0.0.11" updated="10.0.0.21"',  # projectcalico/calico node/pkg/lifecycle/startup/startup.go:1198@87c1590
    '2026-12-01 10:14:06.220 [INFO][88] health/health.go 207: Number of node(s) with BGP peering established = 0',  # projectcalico/calico node/pkg/health/health.go:207@87c1590
    '2026-12-01T10:31:40.008020Z\twarn\tAborted proxy instance',  # istio/istio pkg/envoy/agent.go:235@86c9f01
]
