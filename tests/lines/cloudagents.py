"""Lines of the cloud providers' node agents, installers and health checks around NCCL, read alone and inside an NCCL
log: the EFA kernel module (amzn/amzn-drivers efa_linux_3.1.0, 64788ef: kernel/linux/efa/src, printed through
ibdev_err as `efa <bdf> <ibdev>: ...` in dmesg), GKE's GPU device plugin health checker
(GoogleCloudPlatform/container-engine-accelerators 992db81, glog lines; its NCCL gIB/TCPX installer daemonsets run
closed images whose only own text is `installation finishes`), Oracle OCI HPC's health checks
(oracle-quickstart/oci-hpc b5285a6: check_gpu_setup.py and active_healthcheck.py, `%(asctime)s - %(levelname)s -
%(message)s` from shared_logging.py, issues prefixed with the host serial), Azure's AKS InfiniBand test scripts
(Azure/aks-rdma-infiniband 700dabb: rdma_test.sh), the AWS ParallelCluster GPU health check (aws/aws-parallelcluster-
cookbook f75d84c: gpu_health_check.sh's `_log` format) and the SageMaker HyperPod helper scripts of
awslabs/awsome-distributed-training 0edaf15 (the HyperPod health-monitoring agent and deep health checks are not
public). Causes read from the code around each line: what the check measured (an EFA admin command's completion
status mapped to errno, mlxlink's port state, kernel `Link down` lines, Xid codes, ECC counters, the fabric manager
state, a security group's self-referencing rule); bandwidth-only verdicts, skips and progress notices name nothing."""

from __future__ import annotations

CASES = [
    ('amzn/amzn-drivers kernel/linux/efa/src/efa_com_cmd.c:46@efa_linux_3.1.0',
     '[ 8123.456789] efa 0000:10:1c.0 rdmap16s27: Failed to create qp [-12]',
     'log.ibv_create_qp_failed', 'ib_resource_error'),
    ('amzn/amzn-drivers kernel/linux/efa/src/efa_com_cmd.c:190@efa_linux_3.1.0',
     '[ 8123.457012] efa 0000:10:1c.0 rdmap16s27: Failed to create cq[-12]',
     'log.ibv_create_cq_failed', 'ib_resource_error'),
    ('amzn/amzn-drivers kernel/linux/efa/src/efa_com_cmd.c:275@efa_linux_3.1.0',
     '[ 8123.458231] efa 0000:10:1c.0 rdmap16s27: Failed to register mr [-12]',
     'log.ibv_reg_mr_failed', 'ib_resource_error'),
    ('amzn/amzn-drivers kernel/linux/efa/src/efa_com.c:663@efa_linux_3.1.0',
     '[ 8123.458229] efa 0000:10:1c.0 rdmap16s27: Failed to process command REG_MR (opcode 7) err -12',
     'log.ibv_reg_mr_failed', 'ib_resource_error'),
    ('amzn/amzn-drivers kernel/linux/efa/src/efa_com.c:574@efa_linux_3.1.0',
     "[ 9411.002347] efa 0000:10:1c.0 rdmap16s27: The device didn't send any completion for admin cmd CREATE_QP(1) status 0 (id: 23, sq producer: 1047, sq consumer: 1046, cq consumer: 1046)",
     'log.nic_fault', 'ib_port_down_or_link'),
    ('amzn/amzn-drivers kernel/linux/efa/src/efa_com.c:754@efa_linux_3.1.0',
     "[    6.381204] efa 0000:10:1c.0: Device isn't ready, abort com init 0x0",
     'log.nic_fault', 'ib_port_down_or_link'),
    ('GoogleCloudPlatform/container-engine-accelerators pkg/gpu/nvidia/health_check/health_checker.go:439@992db81',
     'E1201 10:14:03.123456    2431 health_checker.go:439] XidCriticalError: Xid=79 on Device=nvidia3, uuid=GPU-5c1a9e2f-3b4d-8e7a-91c2-6f0d4a7b3e19, the device will go unhealthy.',
     'log.gpu_fault', 'cuda_or_driver'),
    ('GoogleCloudPlatform/container-engine-accelerators pkg/gpu/nvidia/health_check/health_checker.go:417@992db81',
     'E1201 10:14:03.123987    2431 health_checker.go:417] XidCriticalError: Xid=48, All devices will go unhealthy.',
     'log.gpu_fault', 'cuda_or_driver'),
    ('oracle-quickstart/oci-hpc playbooks/roles/healthchecks/files/check_gpu_setup.py:1958@b5285a6',
     '2026-12-01 10:14:03,123 - ERROR - 2337XLG0DX - RDMA link issues: mlx5_3 - MT2232XZ0A1B - 49.1.0 - 28.39.1002: Polling',
     'log.ib_port_event', 'ib_port_down_or_link'),
    ('oracle-quickstart/oci-hpc playbooks/roles/healthchecks/files/check_gpu_setup.py:909@b5285a6',
     '2026-12-01 10:14:02,874 - WARNING - RDMA Link Status Check: Failed',
     'log.ib_port_event', 'ib_port_down_or_link'),
    ('oracle-quickstart/oci-hpc playbooks/roles/healthchecks/files/check_gpu_setup.py:1979@b5285a6',
     '2026-12-01 10:14:03,125 - ERROR - 2337XLG0DX - RDMA link down issues: rdma3: 4',
     'log.ib_port_event', 'ib_port_down_or_link'),
    ('oracle-quickstart/oci-hpc playbooks/roles/healthchecks/files/check_gpu_setup.py:1972@b5285a6',
     '2026-12-01 10:14:03,124 - ERROR - 2337XLG0DX - RDMA link flapping issues: rdma5: 3',
     'log.ib_link_errors', 'ib_port_down_or_link'),
    ('oracle-quickstart/oci-hpc playbooks/roles/healthchecks/files/check_gpu_setup.py:1996@b5285a6',
     '2026-12-01 10:14:03,126 - ERROR - 2337XLG0DX - [critical] GPU Xid 79 device: 0000:0f:00, count: 1, GPU has fallen off the bus',
     'log.gpu_fault', 'cuda_or_driver'),
    ('oracle-quickstart/oci-hpc playbooks/roles/healthchecks/files/check_gpu_setup.py:835@b5285a6',
     '2026-12-01 10:14:02,911 - ERROR - Devices have fallen off the bus',
     'log.gpu_fault', 'cuda_or_driver'),
    ('oracle-quickstart/oci-hpc playbooks/roles/healthchecks/files/check_gpu_setup.py:1905@b5285a6',
     '2026-12-01 10:14:03,124 - ERROR - 2337XLG0DX - ECC issues: 00000000:0F:00.0 - Volatile DRAM Uncorrectable: 2',
     'log.gpu_fault', 'cuda_or_driver'),
    ('oracle-quickstart/oci-hpc playbooks/roles/healthchecks/files/check_gpu_setup.py:1919@b5285a6',
     '2026-12-01 10:14:03,124 - ERROR - 2337XLG0DX - GPU: 3 Row Remap Pending: Yes',
     'log.gpu_fault', 'cuda_or_driver'),
    ('oracle-quickstart/oci-hpc playbooks/roles/healthchecks/files/check_gpu_setup.py:2042@b5285a6',
     '2026-12-01 10:14:03,127 - ERROR - 2337XLG0DX - Fabric Manager not started',
     'log.fabric_manager', 'cuda_or_driver'),
    ('oracle-quickstart/oci-hpc playbooks/roles/healthchecks/files/check_gpu_setup.py:1891@b5285a6',
     "2026-12-01 10:14:03,123 - ERROR - RTTCC issues: ['RTTCC enabled on: mlx5_0', 'RTTCC enabled on: mlx5_1']",
     'log.host_setting', 'performance_config'),
    ('Azure/aks-rdma-infiniband tests/scenarios/k8s/files/scripts/rdma_test.sh:75@700dabb',
     'Error: mlx5_0 is not active!',
     'log.ib_port_event', 'ib_port_down_or_link'),
    ('Azure/aks-rdma-infiniband tests/scenarios/k8s/files/scripts/rdma_test.sh:48@700dabb',
     'No InfiniBand devices found!',
     'log.no_ib_device', 'socket_fallback'),
    ('aws/aws-parallelcluster-cookbook cookbooks/aws-parallelcluster-slurm/files/default/config_slurm/scripts/health_checks/gpu_health_check.sh:128@f75d84c',
     '2026-12-01 10:14:03,123 - [gpu_health_check.sh] - ERROR - JobID 4711 - The GPU Health Check failed',
     'log.gpu_fault', 'cuda_or_driver'),
    ('aws/aws-parallelcluster-cookbook cookbooks/aws-parallelcluster-slurm/files/default/config_slurm/scripts/health_checks/gpu_health_check.sh:169@f75d84c',
     '2026-12-01 10:13:58,017 - [gpu_health_check.sh] - INFO - JobID 4711 - Unable to start service nvidia-fabricmanager',
     'log.fabric_manager', 'cuda_or_driver'),
    ('awslabs/awsome-distributed-training 1.architectures/5.sagemaker-hyperpod/validate-config.py:90@0edaf15',
     '❌ No EFA egress rule found in security group sg-0a1b2c3d4e5f67890 ...',
     'log.firewall', 'firewall_or_port_blocked'),
]

NO_CAUSE = [
    '[    6.402117] efa 0000:10:1c.0 rdmap16s27: IB device registered',  # amzn/amzn-drivers kernel/linux/efa/src/efa_main.c:700@efa_linux_3.1.0
    '[ 8120.110532] efa: Acquired peer memory using P2P',  # amzn/amzn-drivers kernel/linux/efa/src/efa_p2p.c:124@efa_linux_3.1.0
    'I1201 10:14:03.120011    2431 health_checker.go:398] Skip error Xid=13 as it is not Xid Critical',  # GoogleCloudPlatform/container-engine-accelerators pkg/gpu/nvidia/health_check/health_checker.go:398@992db81
    'installation finishes',  # GoogleCloudPlatform/container-engine-accelerators gpudirect-rdma/nccl-rdma-installer.yaml:77@992db81
    '2026-12-01 10:20:41,552 - ERROR - gpu-node-17 - NCCL Test Failed: NCCL Test Failed: Avg bus bandwidth is less than 440',  # oracle-quickstart/oci-hpc playbooks/roles/healthchecks/files/active_healthcheck.py:827@b5285a6
    "2026-12-01 10:14:03,124 - INFO - No signal detected doesn't always come from a bad cable and require a termination for investigation",  # oracle-quickstart/oci-hpc playbooks/roles/healthchecks/files/check_gpu_setup.py:1961@b5285a6
    'No IB devices found. Skipping RDMA tests.',  # Azure/aks-rdma-infiniband tests/scenarios/k8s/files/scripts/rdma_test.sh:25@700dabb
    '2026-12-01 10:13:57,902 - [gpu_health_check.sh] - INFO - JobID 4711 - Starting nvidia-fabricmanager since it is not running',  # aws/aws-parallelcluster-cookbook .../health_checks/gpu_health_check.sh:194@f75d84c
    '[WARN] NCCL Inspector plugin not found at /opt/nccl-inspector/libnccl-profiler-inspector.so, skipping NCCL metrics',  # awslabs/awsome-distributed-training 1.architectures/5.sagemaker-hyperpod/LifecycleScripts/base-config/start_slurm.sh:53@0edaf15
]
