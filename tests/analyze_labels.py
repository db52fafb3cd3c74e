"""Hand labels (labels.json, the schema of tests/data/corpus/README.md) against `analyze` output.

One judge for both labelled sets: tests/data/corpus (public threads) and
tests/analyze/data/heldout_like (formats users paste that the corpus lacks).
"""

from __future__ import annotations

from typing import Any

import pytest

KIND = {"nccl_logs": ("nccl_log",), "nccl_tests": ("nccl_tests",), "topo": ("topo",),
        "ibstat": ("ibstat", "ibv_devinfo"), "ibv_devinfo": ("ibv_devinfo", "ibstat"),
        "show_gids": ("show_gids",)}


def _state_word(s: str | None) -> str | None:
    if s is None:
        return None
    s = s.lower().replace("_", "").replace(" ", "")
    for word in ("active", "down", "init", "armed", "polling", "linkup", "disabled", "sleep"):
        if word in s:
            return word
    return s


def label_misses(rel: str, lab: dict[str, Any], out: dict[str, Any]) -> list[str]:
    """Every labelled fact of one file that `out` (analyze_path's record) gets wrong."""
    misses: list[str] = []
    if out["kind"] not in KIND[lab["kind"]]:
        return [f"{rel}: kind {out['kind']}"]
    if lab["kind"] == "nccl_logs":
        if sorted(set(lab["transports_seen"])) != out["transports"]:
            misses.append(f"{rel}: transports {out['transports']}")
        if lab.get("gdr") in (True, False) and out["gdr"] is not lab["gdr"]:
            misses.append(f"{rel}: gdr {out['gdr']}")
        if lab.get("nccl_version") and out["nccl_version"] != lab["nccl_version"]:
            misses.append(f"{rel}: version {out['nccl_version']}")
        if lab.get("nnodes") and len(out["hosts"]) != lab["nnodes"]:
            misses.append(f"{rel}: hosts {out['hosts']}")
        if lab.get("nranks") and out["nranks"] != lab["nranks"]:
            misses.append(f"{rel}: nranks {out['nranks']}")
        if lab.get("using_network") and out["network"] not in lab["using_network"]:
            misses.append(f"{rel}: network {out['network']}")
        if lab.get("error"):
            core = lab["error"].split("NCCL WARN", 1)[-1].strip()[:60]
            if not any(core in e["text"] for e in out["errors"]):
                misses.append(f"{rel}: error not found")
    elif lab["kind"] == "nccl_tests":
        if lab.get("collective") and out["collective"] != lab["collective"]:
            misses.append(f"{rel}: collective {out['collective']}")
        if lab.get("nranks") and out["nranks"] != lab["nranks"]:
            misses.append(f"{rel}: nranks {out['nranks']}")
        if out["peak_busbw_gbps"] != pytest.approx(lab["peak_busbw_GBps"], abs=0.011):
            misses.append(f"{rel}: peak {out['peak_busbw_gbps']}")
        wrong = lab.get("wrong")
        if isinstance(wrong, dict) and wrong.get("out_of_place_total") is not None:
            total = wrong["out_of_place_total"] + (wrong.get("in_place_total") or 0)
            if out["wrong_total"] != total:
                misses.append(f"{rel}: wrong_total {out['wrong_total']}")
    elif lab["kind"] == "topo":
        for gpu, row in lab["gpu_nic_matrix"].items():
            if out["gpu_nic"].get(gpu) != row:
                misses.append(f"{rel}: {gpu} row {out['gpu_nic'].get(gpu)}")
    elif lab["kind"] in ("ibstat", "ibv_devinfo"):
        for d in lab["devices"]:
            got = [p for p in out["ports"] if p["device"] == d["device"]
                   and (d.get("port") is None or p.get("port") in (d["port"], None))]
            if not got:
                misses.append(f"{rel}: {d['device']} missing")
                continue
            p = got[0]
            for key, lkey in (("state", "state"), ("phys_state", "physical_state")):
                if d.get(lkey) is not None and _state_word(p[key]) != _state_word(d[lkey]):
                    misses.append(f"{rel}: {d['device']} {key} {p[key]}")
            if d.get("rate") is not None and p["rate_gbps"] != float(d["rate"]):
                misses.append(f"{rel}: {d['device']} rate {p['rate_gbps']}")
            if d.get("link_layer") is not None and p["link_layer"] != d["link_layer"]:
                misses.append(f"{rel}: {d['device']} link_layer {p['link_layer']}")
    elif lab["kind"] == "show_gids":
        want: dict[str, set[int]] = {}
        for g in lab["roce_v2_ipv4_gids"]:
            want.setdefault(g["dev"], set()).add(g["index"])
        for dev, idx in want.items():
            got = out["recommended_gid_index"].get(f"{dev}:1")
            if got not in idx:
                misses.append(f"{rel}: {dev} gid {got}")
    return misses
