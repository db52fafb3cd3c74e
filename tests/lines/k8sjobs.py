"""Lines of the Kubernetes job layers that run multi-node NCCL jobs, read alone and inside an NCCL log: Volcano's
gang scheduler and job controller (volcano-sh/volcano ed72c7c), Kueue's admission and PodsReady eviction
(kubernetes-sigs/kueue ff69552), JobSet's failure policy and exclusive placement (kubernetes-sigs/jobset 08dfbdf),
LeaderWorkerSet's group recreation (kubernetes-sigs/lws 060ab4d), KubeRay's wait-gcs-ready init container and RayJob
deadlines (ray-project/kuberay feeaf72), the MPI Operator v2 (kubeflow/mpi-operator caa3c47: controller events and the
launcher entrypoint's hostfile resolution) with the ssh client its launcher runs (openssh/openssh-portable 0ef0f5a),
and the PyTorchJob of training-operator v1 (kubeflow/training-operator v1.9.0). Causes decided from the code around
each line: a gang or quota that the job's GPU/RDMA request or topology cannot fit is a launch that does not fit the
cluster (application_bug); a worker name the launcher cannot resolve is hostname_resolution; ssh refused on the
worker's port is a refused port; ssh keys and host keys are `other`. The controllers' restarts, failures, evictions
and waits only report that a pod failed or is not there yet, and name nothing."""

from __future__ import annotations

CASES = [
    ('volcano-sh/volcano pkg/scheduler/cache/cache.go:1650@ed72c7c',
     'Warning  Unschedulable  volcano  3/4 tasks in gang unschedulable: pod group is not ready, 1 Running, 3 Pending, 4 minAvailable; Pending: 3 Unschedulable. Origin reason is llama-train-worker-1: 0/3 nodes are unavailable: 3 Insufficient nvidia.com/gpu.',
     'log.launch_config', 'application_bug'),
    ('volcano-sh/volcano pkg/scheduler/plugins/gang/gang.go:254@ed72c7c',
     'Warning  PodGroupPending  vc-controller-manager  PodGroup default:llama-train unschedulable, reason: 2/4 tasks in gang unschedulable: pod group is not ready, 2 Pending, 2 Running, 4 minAvailable; Pending: 2 Unschedulable. Origin reason is llama-train-worker-2: 0/4 nodes are unavailable: 2 Insufficient rdma/hca_shared_devices_a, 2 node(s) resource fit failed.',
     'log.launch_config', 'application_bug'),
    ('kubernetes-sigs/kueue pkg/scheduler/flavorassigner/flavorassigner.go:1354@ff69552',
     'Warning  Pending  kueue-admission  couldn\'t assign flavors to pod set workers: insufficient quota for nvidia.com/gpu in flavor h100, previously considered podsets requests (0) + current podset request (32) > maximum capacity (16)',
     'log.launch_config', 'application_bug'),
    ('kubernetes-sigs/kueue pkg/cache/scheduler/tas_flavor_snapshot.go:2008@ff69552',
     'Warning  Pending  kueue-admission  couldn\'t assign flavors to pod set workers: topology "gpu-topology" allows to fit only 3 out of 4 pod(s)',
     'log.launch_config', 'application_bug'),
    ('kubeflow/mpi-operator build/base/entrypoint.sh:17@caa3c47',
     "Couldn't resolve llama-mpi-worker-1.llama-mpi.default.svc",
     'log.name_resolution', 'hostname_resolution'),
    ('openssh/openssh-portable ssh.c:265@0ef0f5a',
     'ssh: Could not resolve hostname llama-mpi-worker-1.llama-mpi.default.svc: Name or service not known',
     'log.name_resolution', 'hostname_resolution'),
    ('openssh/openssh-portable sshconnect.c:554@0ef0f5a',
     'ssh: connect to host llama-mpi-worker-0.llama-mpi.default.svc port 22: Connection refused',
     'log.socket_connect_failed', 'firewall_or_port_blocked'),
    ('openssh/openssh-portable sshconnect2.c:104@0ef0f5a',
     'Host key verification failed.',
     'log.mpi_launch', 'other'),
    ('openssh/openssh-portable sshconnect2.c:543@0ef0f5a',
     'mpiuser@llama-mpi-worker-0.llama-mpi.default.svc: Permission denied (publickey).',
     'log.mpi_launch', 'other'),
    ('kubeflow/mpi-operator pkg/apis/kubeflow/validation/validation.go:65@caa3c47',
     'Warning  ValidationError  mpi-job-controller  Found validation errors: metadata.name: Invalid value: "llama-3-70b-pretrain-with-rdma-and-sharp-collectives-on-h100-nodes": will not able to create pod and service with invalid DNS label "llama-3-70b-pretrain-with-rdma-and-sharp-collectives-on-h100-nodes-worker-15": must be no more than 63 characters',
     'log.launch_config', 'application_bug'),
]

NO_CAUSE = [
    'Warning  Pending  kueue-admission  couldn\'t assign flavors to pod set workers: insufficient unused quota for nvidia.com/gpu in flavor h100, 8 more needed',  # kubernetes-sigs/kueue pkg/scheduler/flavorassigner/flavorassigner.go:1372@ff69552
    'Normal  EvictedDueToPodsReadyTimeout  kueue-workload-controller  Exceeded the PodsReady timeout default/jobset-llama-train-5d7c1',  # kubernetes-sigs/kueue pkg/controller/core/workload_controller.go:1193@ff69552
    'Warning  FailedJobs  jobset  jobset failed due to one or more job failures (first failed job: llama-train-workers-1)',  # kubernetes-sigs/jobset pkg/controllers/failure_policy.go:59@08dfbdf
    'Warning  ReachedMaxRestarts  jobset  jobset failed due to reaching max number of restarts (first failed job: llama-train-workers-0)',  # kubernetes-sigs/jobset pkg/controllers/failure_policy.go:228@08dfbdf
    'Warning  ExclusivePlacementViolation  pod  Pod violated JobSet exclusive placement policy',  # kubernetes-sigs/jobset pkg/controllers/pod_controller.go:239@08dfbdf
    'Normal  RecreateGroup  lws  Worker pod vllm-llama-0-1 failed, deleted leader pod vllm-llama-0 to recreate group 0',  # kubernetes-sigs/lws pkg/controllers/pod_controller.go:264@060ab4d
    '120 seconds elapsed: Still waiting for GCS to be ready. For troubleshooting, refer to the FAQ at https://docs.ray.io/en/master/cluster/kubernetes/troubleshooting.html.',  # ray-project/kuberay ray-operator/controllers/ray/common/pod.go:629@feeaf72
    'The RayJob has passed the preRunningDeadlineSeconds. StartTime: 2026-12-01 10:14:03 +0000 UTC. PreRunningDeadlineSeconds: 600',  # ray-project/kuberay ray-operator/controllers/ray/rayjob_controller.go:1259@feeaf72
    "Couldn't resolve llama-mpi-worker-1.llama-mpi.default.svc... Retrying",  # kubeflow/mpi-operator build/base/entrypoint.sh:21@caa3c47
    'Warning  MPIJobEvicted  mpi-job-controller  2/4 workers are evicted',  # kubeflow/mpi-operator pkg/controller/mpi_job_controller.go:1160@caa3c47
    'Warning  PyTorchJobRestarting  pytorchjob-controller  PyTorchJob llama-ft is restarting because 1 Worker replica(s) failed.',  # kubeflow/training-operator pkg/controller.v1/pytorch/pytorchjob_controller.go:430@v1.9.0
    'Job llama-ft has failed because it has reached the specified backoff limit',  # kubeflow/training-operator pkg/controller.v1/common/job.go:210@v1.9.0
]
