"""Rows of the line classifier (patterns.py) for NVIDIA's firmware and link tools as mstflint ships them (mstlink,
mstconfig, flint, mstfwmanager; tests/lines/mft_tools.py holds every line with file:line@commit), Mellanox/mstflint
b9d9e84:

- mstlink (mlxlink/modules/mlxlink_commander.cpp) prints its sections as rows whose key is padded to column 35,
  then ": value" (MlxlinkCmdPrint, PDDR_LINE_LEN 37). The rows below anchor on that layout, and only a value the
  code around it calls bad names a cause: a port its phy manager holds Disabled or left in a loopback, a module
  whose PMAOS oper_status is not "plugged and enabled", error counters at or above infiniband-diags' thresholds (the
  ones patterns_table_fabric reads in perfquery's output), an effective (post-FEC) BER above 1E-12, a PCIe link
  active below what is enabled. The same keys with healthy values are read first as no cause: "Link Down Counter"
  would otherwise meet the generic "link down" row;
- mstconfig (mlxconfig/mlxcfg_commander.cpp) refusing a device in Livefish mode: the NIC booted without usable
  firmware, so the driver cannot bring it up;
- the tools' own preconditions (firmware too old for mstlink's registers, PCI domains it could not set) state no
  cause: their words ("version ... not supported", "PCI") would otherwise make the error-words reader guess one.

mstconfig's query rows, flint's and mstfwmanager's status lines and the reset tools' preconditions match no row.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ncclkit.causes import Cause as C
from ncclkit.findings import Severity

E, W, I = Severity.ERROR, Severity.WARNING, Severity.INFO


def _row(key: str) -> str:
    """mstlink's row of `key`: the key padded to column 35 (two spaces or more in a paste that kept them), ': '."""
    return r"^\s*" + key + r" {2,}: "


def _padded(key: str) -> bytes:
    """The prefilter word of mstlink's row of `key`, as mstlink prints it (padded to column 35)."""
    return key.ljust(35).encode() + b": "


# Words the log scanner's prefilter (nccl_log_words.OTHER_WORDS) needs for these rows' lines; no word may contain
# another of the whole list. ("Symbol Errors" and "Link Error Recovery Counter" already hold "rror".)
MFT_WORDS: tuple[bytes, ...] = (
    _padded("State"), _padded("Loopback Mode"), _padded("Effective Physical BER"), _padded("Link Down Counter"),
    b"Active (Enabled)", b"module EEPROM information", b"Livefish mode",
)

# mstlink's PCIe row "Link Speed Active (Enabled) : 8G-Gen 3 (16G-Gen 4)" (pcieSpeedStr: "2.5G-Gen 1" .. "32G-Gen 5",
# "32G PAM-4 Gen6"; the enabled one is the highest of MPEIN's link_speed_enabled mask) and "Link Width Active
# (Enabled) : 8X (16X)": every pair whose active value is below the enabled one.
_GEN_BELOW = "|".join(rf"Gen ?{a} \([^)]*Gen ?[{a + 1}-6]\)" for a in range(1, 6))
_WIDTHS = (1, 2, 4, 8, 16, 32)
_WIDTH_BELOW = "|".join(rf"{a}X \((?:{'|'.join(str(e) for e in _WIDTHS if e > a)})X\)" for a in _WIDTHS[:-1])
_PCIE_BELOW = (_row(r"Link Speed Active \(Enabled\)") + rf"[^(]*?(?:{_GEN_BELOW})|"
               + _row(r"Link Width Active \(Enabled\)") + rf"(?:{_WIDTH_BELOW})\s*$")

# An effective BER above 1E-12 (mstlink prints coefficient "E-" magnitude, 2868/2918; "15E-255" is its zero): a
# coefficient from 1 with a magnitude up to 11, or from 2 with 12.
_BER_HIGH = r"(?:[1-9]\d?E-(?:\d|1[01])|(?:[2-9]|1\d)E-12)\b"

_MLXLINK_FIX = ("check the port with `mstlink -d <dev> -m -c` (module, counters) and the switch port at its other end; "
                "reseat or replace the cable or transceiver, then clear the counters (`mstlink -d <dev> --pc`) and "
                "watch whether they grow")


def mft_rows(p: Callable[..., Any]) -> tuple[Any, ...]:
    return (
        # -- mstlink's operational info, BER counters and module warnings ------------------------------------
        # Mellanox/mstflint mlxlink/modules/mlxlink_commander.cpp:2344@b9d9e84 "State" is the phy manager's FSM
        # state (mlxlink_maps.cpp _pmFsmState: PHY_MNGR_DISABLED "Disable": the port is administratively down, PAOS);
        # :2351 "Loopback Mode" (_loopbackModeList: PHY Remote/PHY Local/External Local/Link Layer Local Loopback,
        # "No Loopback" healthy): a port in loopback talks to itself, not to the fabric; :2101 prints the module
        # warning when PMAOS oper_status != 1 ("plugged and enabled": unplugged, or plugged with an error). Each
        # is a port that carries no traffic.
        p(_row("State") + r"Disable\s*$|" + _row("Loopback Mode")
          + r"(?:PHY (?:Local|Remote)|External Local|Link Layer Local) Loopback|Warning: Cannot get module EEPROM "
          r"information, module operation status is not 'plugged and enabled'", "ib_port_event", E,
          "mstlink shows a port that carries no traffic: its phy manager holds it disabled, it is left in a "
          "loopback, or its cable or transceiver module is not plugged and enabled",
          "bring the port up (`mstlink -d <dev> --port_state UP`), take it out of loopback (`mstlink -d <dev> "
          "--loopback NO`), or reseat or replace the module (`mstlink -d <dev> -m` shows it); then check `ibstat`",
          C.IB_PORT_DOWN_OR_LINK),
        # mlxlink_commander.cpp:2864 "Symbol Errors" (PPCNT Symbol_Errors, IB), :2868 "Effective Physical BER" (the
        # BER left after FEC), :2882/:2883 "Link Down Counter" and "Link Error Recovery Counter" (PPCNT phy group
        # link_down_events and successful_recovery_events; :2962 link_downed_counter on IB): the kernel's
        # sysfs-class-infiniband counters of a bad physical link. Counters from 10 (infiniband-diags' threshold, as
        # patterns_table_fabric reads perfquery's); a BER above 1E-12 (the post-FEC figure of a sound link).
        p(_row("Symbol Errors") + r"[1-9]\d+\s*$|" + _row("Link Down Counter") + r"[1-9]\d+\s*$|"
          + _row("Link Error Recovery Counter") + r"[1-9]\d+\s*$|" + _row("Effective Physical BER") + _BER_HIGH,
          "ib_link_errors", W, "mstlink's counters show a bad physical link: symbol errors, link recoveries or the "
          "link going down, or errors left after FEC (an effective BER above 1E-12): transfers on it are retried "
          "or time out", _MLXLINK_FIX, C.IB_PORT_DOWN_OR_LINK, "root", (C.IB_TIMEOUT_OR_RETRY,)),
        # -- mstlink --port_type PCIE ----------------------------------------------------------------------
        # mlxlink_commander.cpp:4255/:4257 showPcieState: MPEIN's link_speed_active / link_width_active, the enabled
        # ones in parentheses. Active below enabled: the NIC's PCIe link trained slower or narrower than it can
        # (what lspci shows as LnkSta "(downgraded)").
        p(_PCIE_BELOW, "pcie_link_degraded", W,
          "mstlink shows the NIC's PCIe link running slower or narrower than it is enabled for: the NIC gets a "
          "fraction of its PCIe bandwidth", "reseat the NIC or its riser, check the slot's bifurcation and link "
          "settings in the BIOS; `lspci -vv -s <addr>` shows LnkCap and LnkSta", C.OTHER, "root",
          (C.TOPOLOGY_OR_NUMA,)),
        # The same rows with healthy values (counters below 10, a BER at or below 1E-12, "No Loopback", PCIe active
        # as enabled), and the raw (pre-FEC) errors per lane, which FEC corrects (mlxlink_commander.cpp:2874): no
        # cause. Read before the generic rows ("Link Down Counter : 0" would be the generic "link down").
        p(_row(r"(?:Symbol Errors|Link Down Counter|Link Error Recovery Counter|"
               r"Effective Physical BER|Symbol BER|Raw Physical Errors Per Lane|Raw Physical BER Per Lane|"
               r"Loopback Mode|Link Speed Active \(Enabled\)|Link Width Active \(Enabled\))"),
          "noise", I, "a link reading of mstlink within its healthy range", "nothing to fix", None, "noise"),
        # -- mstconfig --------------------------------------------------------------------------------------
        # Mellanox/mstflint mlxconfig/mlxcfg_commander.cpp:97@b9d9e84 Commander::create: dm_is_livefish_mode: the
        # NIC booted into its flash-recovery mode (no usable firmware), so its driver cannot bring it up.
        p(r"Device in Livefish mode is not supported", "nic_fault", E,
          "the NIC is in Livefish (flash recovery) mode: it booted without usable firmware, so its driver cannot "
          "bring it up", "burn the NIC's firmware again (`mstflint -d <pci addr> -i <fw image>.bin burn`), then "
          "cold-reboot the node; replace the card if it returns to Livefish", C.IB_PORT_DOWN_OR_LINK),
        # -- the tools' own preconditions ------------------------------------------------------------------
        # mlxlink_commander.cpp:360 (checkRegCmd, also :521/:539): the firmware lacks a register mstlink reads;
        # :67 initPCIDomain ("SetPCIDomain should not throw exceptions, even if failed to set domain"): mstlink runs on.
        p(r"-E- FW Version \S+ is not supported\. Please update FW\.|Warning: Failed to set one or more PCI domains, "
          r"use \"export MFT_PRINT_LOG=1\"", "noise", I,
          "mstlink's own limits: the NIC's firmware is older than the registers it reads, or it could not set a "
          "PCI domain (it runs on); neither says anything about the link",
          "nothing to fix for the job; update the NIC's firmware to read its link with mstlink", None, "noise"),
    )
