"""Lines of NVIDIA's firmware and link tools that users run and paste when a NIC misbehaves under NCCL, read alone
and inside an NCCL log: mstflint (Mellanox/mstflint b9d9e84): mstlink (mlxlink/: the operational, BER and PCIe
sections, its warnings and errors), mstconfig (mlxconfig/: query rows as mlxcfg_ui.cpp prints them, parameter names
and values from mlxconfig_dbs/mlxconfig_host.db, and its errors), mstflint (flint/, mlxfwops/), mstfwmanager
(mlxfwupdate/), mstfwreset and nvfwreset, mstresourcedump (resourcetools/). The ibdev2netdev and show_gids scripts
are not in that repository (they ship with MLNX_OFED's ofed-scripts). mstlink's rows are `key` padded to column 35
then ": value" (MlxlinkRecord, PDDR_LINE_LEN 37); mstconfig's query rows are eight spaces, the name padded to 48
and the value (trailing padding dropped). Causes decided from the code around each line: a port the phy manager
holds Disabled, a port left in a PHY loopback, a module whose PMAOS oper_status is not "plugged and enabled", and
error counters the phy keeps after FEC (symbol errors, link downs, link recoveries, an effective BER far above 1E-12)
are the link (ib_port_down_or_link); a NIC in Livefish mode (it booted without usable firmware, so the driver cannot
bring it up) is the NIC itself failing (log.nic_fault, ib_port_down_or_link); the NIC's PCIe link active below what
is enabled (MPEIN link_speed_active / link_width_active against *_enabled) is the degraded PCIe link lspci reports
(log.pcie_link_degraded, other). mstconfig's query rows name a setting, not a failure: LINK_TYPE_P1 ETH(2),
ROCE_CONTROL ROCE_DISABLE(1) and ATS_ENABLED True(1) decide NCCL's path only on a fabric where that setting is
wrong, which the row alone cannot tell (ETH is right on a RoCE fabric, ROCE_DISABLE harmless on InfiniBand), so they
name no cause. "No plugged cable detected" names no cause: mstlink
adds it whenever the module is software-controlled (MGIR module_master_fw_default stand-alone or the MMCR control
bit), not when it sees no cable. mstlink's and mstconfig's failures to reach the device through the tools' driver,
firmware too old for mstlink's registers, parameters the firmware does not offer, a pending reboot, mstfwmanager's
"Update required" (an image newer than the running firmware exists), the reset tools' own preconditions (GPU
drivers still loaded, mstflint_access not loaded), flint pointed at a GPU and healthy counters name nothing."""

from __future__ import annotations

CASES = [
    # mstlink (mlxlink) operational info, BER counters and warnings
    ('Mellanox/mstflint mlxlink/modules/mlxlink_commander.cpp:2344@b9d9e84',
     'State                              : Disable',
     'log.ib_port_event', 'ib_port_down_or_link'),
    ('Mellanox/mstflint mlxlink/modules/mlxlink_commander.cpp:2351@b9d9e84',
     'Loopback Mode                      : PHY Local Loopback',
     'log.ib_port_event', 'ib_port_down_or_link'),
    ('Mellanox/mstflint mlxlink/modules/mlxlink_commander.cpp:2101@b9d9e84',
     "Warning: Cannot get module EEPROM information, module operation status is not 'plugged and enabled'",
     'log.ib_port_event', 'ib_port_down_or_link'),
    ('Mellanox/mstflint mlxlink/modules/mlxlink_commander.cpp:2864@b9d9e84',
     'Symbol Errors                      : 1402',
     'log.ib_link_errors', 'ib_port_down_or_link'),
    ('Mellanox/mstflint mlxlink/modules/mlxlink_commander.cpp:2868@b9d9e84',
     'Effective Physical BER             : 3E-9',
     'log.ib_link_errors', 'ib_port_down_or_link'),
    ('Mellanox/mstflint mlxlink/modules/mlxlink_commander.cpp:2882@b9d9e84',
     'Link Down Counter                  : 14',
     'log.ib_link_errors', 'ib_port_down_or_link'),
    ('Mellanox/mstflint mlxlink/modules/mlxlink_commander.cpp:2883@b9d9e84',
     'Link Error Recovery Counter        : 326',
     'log.ib_link_errors', 'ib_port_down_or_link'),
    # mstlink --port_type PCIE
    ('Mellanox/mstflint mlxlink/modules/mlxlink_commander.cpp:4255@b9d9e84',
     'Link Speed Active (Enabled)        : 8G-Gen 3 (16G-Gen 4)',
     'log.pcie_link_degraded', 'other'),
    ('Mellanox/mstflint mlxlink/modules/mlxlink_commander.cpp:4257@b9d9e84',
     'Link Width Active (Enabled)        : 8X (16X)',
     'log.pcie_link_degraded', 'other'),
    # mstconfig (mlxconfig) errors
    ('Mellanox/mstflint mlxconfig/mlxcfg_commander.cpp:97@b9d9e84',
     '-E- Device in Livefish mode is not supported',
     'log.nic_fault', 'ib_port_down_or_link'),
]

NO_CAUSE = [
    '        LINK_TYPE_P1                                    ETH(2)',  # Mellanox/mstflint mlxconfig/mlxcfg_ui.cpp:456@b9d9e84
    '        ROCE_CONTROL                                    ROCE_DISABLE(1)',  # Mellanox/mstflint mlxconfig/mlxcfg_ui.cpp:456@b9d9e84
    '        ATS_ENABLED                                     True(1)',  # Mellanox/mstflint mlxconfig/mlxcfg_ui.cpp:456@b9d9e84
    'Loopback Mode                      : No Loopback',  # Mellanox/mstflint mlxlink/modules/mlxlink_commander.cpp:2351@b9d9e84
    'Effective Physical BER             : 15E-255',  # Mellanox/mstflint mlxlink/modules/mlxlink_commander.cpp:2868@b9d9e84
    'Link Down Counter                  : 0',  # Mellanox/mstflint mlxlink/modules/mlxlink_commander.cpp:2882@b9d9e84
    'Raw Physical Errors Per Lane       : 1620,1584,1702,1655',  # Mellanox/mstflint mlxlink/modules/mlxlink_commander.cpp:2874@b9d9e84
    'No plugged cable detected',  # Mellanox/mstflint mlxlink/modules/mlxlink_commander.cpp:2063@b9d9e84
    '-E- Problem accessing the device. Please verify that driver is up',  # Mellanox/mstflint mlxlink/modules/mlxlink_commander.cpp:358@b9d9e84
    '-E- FW Version 20.28.1002 is not supported. Please update FW.',  # Mellanox/mstflint mlxlink/modules/mlxlink_commander.cpp:360@b9d9e84
    'Warning: Failed to set one or more PCI domains, use "export MFT_PRINT_LOG=1" to get more details.',  # Mellanox/mstflint mlxlink/modules/mlxlink_commander.cpp:67@b9d9e84
    '        ADVANCED_PCI_SETTINGS                           False(0)',  # Mellanox/mstflint mlxconfig/mlxcfg_ui.cpp:456@b9d9e84
    '        SRIOV_EN                                        True(1)',  # Mellanox/mstflint mlxconfig/mlxcfg_ui.cpp:456@b9d9e84
    "-E- The Device doesn't support ATS_ENABLED parameter",  # Mellanox/mstflint mlxconfig/mlxcfg_generic_commander.cpp:767@b9d9e84
    '-E- Cannot access NV register. Either FW does not support NV access register, or HW access is disabled. rc=(3)',  # Mellanox/mstflint mlxconfig/mlxcfg_generic_commander.cpp:151@b9d9e84
    "The '*' shows parameters with next value different from default/current value.",  # Mellanox/mstflint mlxconfig/mlxcfg_ui.cpp:817@b9d9e84
    '-I- Please reboot machine to load new configurations.',  # Mellanox/mstflint mlxconfig/mlxcfg_ui.cpp:1282@b9d9e84
    'FW Version(Running):   28.39.1002',  # Mellanox/mstflint flint/subcommands.cpp:4816@b9d9e84
    '-E- Cannot open Device: 0000:1b:00.0. GPUs are not supported.',  # Mellanox/mstflint flint/subcommands.cpp:666@b9d9e84
    "-E- No devices found or specified, mst might be stopped, run 'mst start' to load MST modules",  # Mellanox/mstflint mlxfwupdate/mlxfwmanager.cpp:602@b9d9e84
    '  Status:           Update required',  # Mellanox/mstflint mlxfwupdate/mlxfwmanager.cpp:3141@b9d9e84
    'Some drivers attached to the GPU are still loaded, please unload them.',  # Mellanox/mstflint small_utils/mlxfwresetlib/gpu_drivers_safety_check.py:119@b9d9e84
    "The required driver 'mstflint_access' is not loaded. Please load the driver and try again.",  # Mellanox/mstflint nvfwreset/NVFWresetMain.cpp:67@b9d9e84
    'Error: Resource Dump register is not supported by the FW. Exiting...',  # Mellanox/mstflint resourcetools/mstresourcedump.py:224@b9d9e84
]
