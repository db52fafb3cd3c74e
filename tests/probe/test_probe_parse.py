"""Pure parsers of ncclkit.probe.parse / smi / netaddr on real-looking and malformed strings."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ncclkit.facts import NvLink
from ncclkit.probe import parse as p
from ncclkit.probe.kmod import parse_proc_modules
from ncclkit.probe.nccl import filter_env, parse_torch_nccl
from ncclkit.probe.netaddr import parse_ip_json
from ncclkit.probe.smi import parse_nvlink_status, parse_smi_xml


@pytest.mark.parametrize(("text", "want"), [
    ("4: ACTIVE", (4, "ACTIVE")), ("1: DOWN", (1, "DOWN")), ("5: LinkUp", (5, "LinkUp")),
    ("2: Polling", (2, "Polling")), ("3: Disabled", (3, "Disabled")), ("4: ACTIVE\n", (4, "ACTIVE")),
    ("ACTIVE", None), ("4:", None), (": ACTIVE", None), ("", None), (None, None), ("x: y", None),
])
def test_ib_state(text, want):
    assert p.parse_ib_state(text) == want


@pytest.mark.parametrize(("text", "want"), [
    ("400 Gb/sec (4X NDR)", 400.0), ("2.5 Gb/sec (1X SDR)", 2.5), ("10 Gb/sec (4X SDR)", 10.0),
    ("100 Gb/sec (2X HDR)", 100.0), ("200 Gb/sec (4X HDR)", 200.0), ("800 Gb/sec (4X XDR)", 800.0),
    ("fast", None), ("Gb/sec", None), ("400 GB/s", None), ("", None), (None, None), ("-1 Gb/sec", None),
])
def test_ib_rate(text, want):
    assert p.parse_ib_rate(text) == want


@pytest.mark.parametrize(("text", "want"), [
    ("16.0 GT/s PCIe", 16.0), ("8 GT/s", 8.0), ("2.5 GT/s PCIe", 2.5), ("32.0 GT/s PCIe\n", 32.0),
    ("Unknown", None), ("Unknown speed", None), ("", None), (None, None), ("GT/s", None), ("16.0", None),
])
def test_pci_speed(text, want):
    assert p.parse_pci_speed(text) == want


@pytest.mark.parametrize(("text", "want"), [
    ("00000000:1B:00.0", "0000:1b:00.0"), ("0000:1b:00.0", "0000:1b:00.0"), ("1b:00.0", "0000:1b:00.0"),
    ("00000001:C3:1F.7", "0001:c3:1f.7"), ("  0000:00:06.0 ", "0000:00:06.0"),
    ("0000:1b:00.8", None), ("0000:1b:20.0", None), ("100000000:1b:00.0", None), ("GPU0", None),
    ("", None), (None, None), ("0000:1b:00", None), ("zz:00.0", None),
])
def test_bdf(text, want):
    assert p.parse_bdf(text) == want


LIMITS = """Limit                     Soft Limit           Hard Limit           Units
Max stack size            8388608              unlimited            bytes
Max locked memory         {soft}                {hard}                bytes
"""


@pytest.mark.parametrize(("soft", "want"), [
    ("unlimited", (None, True)), ("65536", (65536, False)), ("0", (0, False)), ("lots", None), ("-5", None),
])
def test_limits_memlock(soft, want):
    assert p.parse_limits_memlock(LIMITS.format(soft=soft, hard="unlimited")) == want


def test_limits_memlock_absent_or_empty():
    assert p.parse_limits_memlock("Max stack size 8388608 unlimited bytes") is None
    assert p.parse_limits_memlock("Max locked memory") is None
    assert p.parse_limits_memlock(None) is None


@pytest.mark.parametrize(("text", "want"), [
    ("unlimited", (None, True)), ("64", (65536, False)), ("8192\n", (8 << 20, False)), ("0", (0, False)),
    ("", None), ("sh: ulimit: bad", None), ("64\n128", None), (None, None), ("-1", None),
])
def test_ulimit_l(text, want):
    assert p.parse_ulimit_l(text) == want


def test_os_release():
    text = 'PRETTY_NAME="Ubuntu 24.04.3 LTS"\nNAME="Ubuntu"\nVERSION_ID=24.04\n# comment\ngarbage line\n=x\nID=\'u\''
    assert p.parse_os_release(text) == {"PRETTY_NAME": "Ubuntu 24.04.3 LTS", "NAME": "Ubuntu",
                                        "VERSION_ID": "24.04", "ID": "u"}
    assert p.parse_os_release("") == {}
    assert p.parse_os_release(None) == {}


@pytest.mark.parametrize(("text", "want"), [
    ("0-3", (0, 1, 2, 3)), ("0-1,4,6-7", (0, 1, 4, 6, 7)), ("5", (5,)), ("", ()), ("\n", ()),
    ("3-1", None), ("a-b", None), ("0-", None), ("0,,1", None), (None, None), ("0-99999999", None),
])
def test_cpulist(text, want):
    assert p.parse_cpulist(text) == want


@pytest.mark.parametrize(("gid", "want"), [
    ("0000:0000:0000:0000:0000:ffff:0a01:0005", "10.1.0.5"), ("::ffff:10.1.0.5", "10.1.0.5"),
    ("0000:0000:0000:0000:0000:ffff:c0a8:0a11", "192.168.10.17"),
    ("fe80:0000:0000:0000:a288:c2ff:fe12:abb1", None), ("0000:0000:0000:0000:0000:0000:0000:0000", None),
    ("2001:0db8:0000:0000:0000:0000:0000:0001", None), ("not a gid", None), ("", None), (None, None),
])
def test_gid_ipv4(gid, want):
    assert p.parse_gid_ipv4(gid) == want


def test_kernel_release_and_version():
    text = "Linux version 5.15.0-119-generic (buildd@lcy02) (gcc 11.4.0) #129-Ubuntu SMP"
    assert p.parse_kernel_release(text) == "5.15.0-119-generic"
    assert p.parse_kernel_version("5.15.0-119-generic") == (5, 15)
    assert p.parse_kernel_version("6.18.44-fc-v657-gpu") == (6, 18)
    assert p.parse_kernel_release("garbage") is None
    assert p.parse_kernel_version("x.y") is None


def test_env_lines():
    env, bad = p.parse_env_lines('NCCL_DEBUG=INFO\nexport NCCL_IB_HCA="mlx5_0,mlx5_1"\n\n# c\nnot a var\n1X=2\nA==b')
    assert env == {"NCCL_DEBUG": "INFO", "NCCL_IB_HCA": "mlx5_0,mlx5_1", "A": "=b"}
    assert bad == ["not a var", "1X=2"]


def test_width_and_int():
    assert p.parse_width("16x") == 16
    assert p.parse_width("8") == 8
    assert p.parse_width("0") is None
    assert p.parse_width("N/A") is None
    assert p.parse_int("0x1003", 16) == 0x1003
    assert p.parse_int("-1", 10) == -1
    assert p.parse_int("1.5", 10) is None


TEXT_PARSERS = [p.parse_ib_state, p.parse_ib_rate, p.parse_pci_speed, p.parse_bdf, p.parse_limits_memlock,
                p.parse_ulimit_l, p.parse_os_release, p.parse_cpulist, p.parse_gid_ipv4, p.parse_kernel_release,
                p.parse_kernel_version, p.parse_env_lines, p.parse_width, parse_proc_modules, parse_ip_json,
                parse_smi_xml, parse_nvlink_status, parse_torch_nccl]


@settings(max_examples=150, deadline=None)
@given(st.text(max_size=80))
def test_parsers_never_raise(text):
    for fn in TEXT_PARSERS:
        fn(text)


def test_torch_nccl():
    assert parse_torch_nccl("2.11.0+cu130 13.0 (2, 28, 9)") == ("2.11.0+cu130", "2.28.9")
    assert parse_torch_nccl("2.4.0+cu121 12.1 22005") == ("2.4.0+cu121", "2.20.5")
    assert parse_torch_nccl("2.4.0+cpu None") == ("2.4.0+cpu", None)
    assert parse_torch_nccl("Traceback (most recent call last):") == (None, None)


def test_filter_env():
    env = {"NCCL_DEBUG": "INFO", "PATH": "/bin", "UCX_TLS": "rc", "CUDA_VISIBLE_DEVICES": "0,1",
           "MASTER_ADDR": "10.0.0.1", "CUDA_HOME": "/usr/local/cuda", "CUDA_DEVICE_ORDER": "PCI_BUS_ID"}
    assert filter_env(env) == {"CUDA_DEVICE_ORDER": "PCI_BUS_ID", "CUDA_VISIBLE_DEVICES": "0,1",
                               "MASTER_ADDR": "10.0.0.1", "NCCL_DEBUG": "INFO", "UCX_TLS": "rc"}


def test_proc_modules():
    text = "nvidia_peermem 16384 0 - Live 0xffffffffc0e80000 (OE)\nmlx5_core 2297856 1 mlx5_ib, Live 0x0\n"
    assert parse_proc_modules(text) == ("mlx5_core", "nvidia_peermem")
    assert parse_proc_modules("cat: /proc/modules: No such file") is None


def test_nvlink_status():
    text = ("GPU 0: NVIDIA H200 (UUID: GPU-0)\n\t Link 0: 26.562 GB/s\n\t Link 1: <inactive>\n"
            "GPU 1: NVIDIA H200 (UUID: GPU-1)\n\t Link 0: 26.562 GB/s\n")
    assert parse_nvlink_status(text) == {
        0: (NvLink(link=0, active=True), NvLink(link=1, active=False)),
        1: (NvLink(link=0, active=True),),
    }
    assert parse_nvlink_status("NVIDIA-SMI has failed") == {}


def test_smi_xml_malformed():
    assert parse_smi_xml("<nvidia_smi_log><gpu id=") is None
    assert parse_smi_xml("<other/>") is None
    assert parse_smi_xml("") is None
    report = parse_smi_xml("<nvidia_smi_log><driver_version>N/A</driver_version>"
                           "<gpu id='bogus'/><gpu id='00000000:1B:00.0'><product_name>X</product_name></gpu>"
                           "</nvidia_smi_log>")
    assert report is not None
    assert report.driver_version is None
    assert [(g.index, g.bus_id, g.name, g.pcie_gen_current) for g in report.gpus] == [(1, "0000:1b:00.0", "X", None)]


def test_ip_json_malformed():
    assert parse_ip_json("{not json") is None
    assert parse_ip_json('{"a": 1}') is None
    links = parse_ip_json('[{"ifname": "eth0", "flags": ["UP", "BOGUS"], "mtu": "x", "addr_info": '
                          '[{"family": "inet", "local": "10.0.0.1", "prefixlen": 8}, {"family": "inet6"}]}, 5]')
    assert links is not None
    assert links["eth0"].ipv4 == ("10.0.0.1/8",)
    assert links["eth0"].flags == 1
    assert links["eth0"].mtu is None


def test_torch_nccl_odd_digits():
    # str.isdigit() is true for a superscript one; int() is not: still no exception.
    assert parse_torch_nccl("0\r\u00b9") == (None, None)
