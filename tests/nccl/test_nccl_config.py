"""NCCL config files (src/misc/param.cc initEnvFunc/setEnvFile): parsed verbatim, applied under the
environment (setenv(..., 0)), NCCL_CONF_FILE (2.23.4+) or ~/.nccl.conf before /etc/nccl.conf."""

from __future__ import annotations

from nodebuilder import NodeBuilder

from ncclkit.nccl.config import apply_conf_files, conf_file_order, parse_conf
from ncclkit.nccl.predict import predict
from ncclkit.probe.collect import collect
from ncclkit.probe.root import NodeRoot


def test_lines_are_taken_verbatim():
    text = "# comment\nNCCL_IB_HCA=mlx5_0\nNCCL_DEBUG = INFO\nnot a setting\nNCCL_IB_HCA=mlx5_9\n"
    assert parse_conf(text) == {"NCCL_IB_HCA": "mlx5_0", "NCCL_DEBUG ": " INFO"}


def test_environment_beats_user_file_beats_etc():
    env = {"NCCL_IB_HCA": "mlx5_1"}
    files = [("/home/u/.nccl.conf", "NCCL_SOCKET_IFNAME=eth0\nNCCL_IB_HCA=mlx5_2"),
             ("/etc/nccl.conf", "NCCL_SOCKET_IFNAME=ib0\nNCCL_TOPO_FILE=/opt/topo.xml")]
    out, origin = apply_conf_files(env, files)
    assert out == {"NCCL_IB_HCA": "mlx5_1", "NCCL_SOCKET_IFNAME": "eth0", "NCCL_TOPO_FILE": "/opt/topo.xml"}
    assert origin == {"NCCL_SOCKET_IFNAME": "/home/u/.nccl.conf", "NCCL_TOPO_FILE": "/etc/nccl.conf"}


def test_nccl_conf_file_replaces_the_home_file_from_2_23_4():
    env = {"NCCL_CONF_FILE": "/opt/site.conf"}
    assert conf_file_order(env, "/home/u", (2, 23, 4)) == ["/opt/site.conf", "/etc/nccl.conf"]
    assert conf_file_order(env, "/home/u", (2, 21, 5)) == ["/home/u/.nccl.conf", "/etc/nccl.conf"]


def test_etc_nccl_conf_of_a_snapshot_reaches_the_prediction(tmp_path):
    # Azure HPC images set NCCL variables in /etc/nccl.conf; NCCL reads them, so the prediction must.
    b = NodeBuilder(tmp_path, host="n1")
    b.gpu("0000:1b:00.0", ["pci0000:15", "0000:15:01.0"], numa=0)
    b.iface("eth0", ipv4=["10.0.0.5/16"]).iface("eth1", ipv4=["10.1.0.5/16"])
    b.nccl_version("2.23.4").env(NCCL_DEBUG="WARN")
    b.file("etc/nccl.conf", "NCCL_SOCKET_IFNAME=eth1\nNCCL_DEBUG=INFO\n")
    facts = collect(NodeRoot.open(str(b.write())))
    assert facts.nccl.env["NCCL_SOCKET_IFNAME"] == "eth1" and facts.nccl.env["NCCL_DEBUG"] == "WARN"
    assert facts.nccl.env_from_files == {"NCCL_SOCKET_IFNAME": "/etc/nccl.conf"}
    assert predict(facts, dict(facts.nccl.env))["bootstrap"]["interface"] == "eth1"


def test_snapshot_records_rdma_access(tmp_path):
    from nodebuilder import Port

    b = NodeBuilder(tmp_path, host="pod1")
    b.gpu("0000:1b:00.0", ["pci0000:15", "0000:15:01.0"], numa=0)
    b.ib_device("mlx5_0", "0000:18:00.0", ["pci0000:15", "0000:15:01.0"], ports=[Port(1)], netdev="ib0")
    b.iface("ib0", ipv4=["192.168.0.5/24"]).nccl_version("2.28.9")
    b.cmd("dev-infiniband.txt", "rdma_cm\n").cmd("libibverbs.txt", "libibverbs.so.1")
    b.file("proc/cpuinfo", "processor\t: 0\nvendor_id\t: AuthenticAMD\ncpu family\t: 25\n")
    facts = collect(NodeRoot.open(str(b.write())))
    assert facts.os.cpu_vendor == "AuthenticAMD"
    assert (facts.rdma.uverbs, facts.rdma.libibverbs) == ((), "libibverbs.so.1")
    assert predict(facts, {})["net"]["plugin"] == "Socket"
