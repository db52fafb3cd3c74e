"""Plots of the report as inline SVG text: busbw vs message size per collective, pair bandwidth heat map.

matplotlib (the `report` extra) is imported only here and only when a plot is drawn, with the Agg
backend; text is drawn as paths (svg.fonttype "path") so the page needs no font, and the date and
hash salt are fixed so that the same results give the same bytes.
"""

from __future__ import annotations

import io
import math
from dataclasses import dataclass
from typing import Any

from markupsafe import Markup

from ncclkit.errors import NcclkitError

__all__ = ["RefLine", "Series", "busbw_svg", "heatmap_svg", "require_matplotlib"]

_PALETTE = ("#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#8c564b", "#e377c2", "#17becf")


@dataclass(frozen=True, slots=True, kw_only=True)
class Series:
    """One curve: busbw (GB/s) by size (bytes); `reference` curves are drawn dashed (nccl-tests)."""

    label: str
    sizes_bytes: tuple[int, ...]
    busbw_gbps: tuple[float, ...]
    reference: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class RefLine:
    """A horizontal line: the expected busbw or the link's line rate (GB/s)."""

    label: str
    value_gbps: float
    kind: str  # "expected" or "line_rate"


def require_matplotlib() -> Any:
    """matplotlib.pyplot on the Agg backend, or a clear error when the extra is not installed."""
    try:
        import matplotlib

        matplotlib.use("Agg", force=True)
        import matplotlib.pyplot as plt
    except ImportError:
        raise NcclkitError("the HTML report needs matplotlib, which is not installed",
                           hint="pip install 'ncclkit[report]' (in a clone: pip install -e '.[report]')") from None
    matplotlib.rcParams.update({"svg.fonttype": "path", "svg.hashsalt": "ncclkit",
                                "font.size": 9})
    return plt


def _svg(plt: Any, fig: Any, element_id: str) -> Markup:
    buf = io.StringIO()
    fig.savefig(buf, format="svg", bbox_inches="tight", metadata={"Date": None, "Creator": None})
    plt.close(fig)
    text = buf.getvalue()
    # Drop the XML declaration and DOCTYPE: inline SVG in HTML starts at <svg.
    text = text[text.index("<svg"):]
    return Markup(text.replace("<svg ", f'<svg id="{element_id}" class="plot" ', 1))


def _size_label(size: float, _pos: Any = None) -> str:
    for unit, div in (("G", 2**30), ("M", 2**20), ("K", 2**10)):
        if size >= div:
            return f"{size / div:g}{unit}"
    return f"{size:g}"


def busbw_svg(collective: str, series: list[Series], lines: list[RefLine], *, element_id: str) -> Markup:
    """busbw against size on log axes, one curve per series, the reference lines across."""
    plt = require_matplotlib()
    from matplotlib.ticker import FuncFormatter

    fig, ax = plt.subplots(figsize=(7.2, 3.9))
    colours = iter(_PALETTE)
    for s in series:
        pts = [(x, y) for x, y in zip(s.sizes_bytes, s.busbw_gbps, strict=True) if x > 0 and y > 0]
        if not pts:
            continue
        xs, ys = zip(*pts, strict=True)
        ax.plot(xs, ys, marker="o", markersize=3, linewidth=1.6, color=next(colours, "#444444"),
                linestyle="--" if s.reference else "-", label=s.label)
    for line in lines:
        style = {"expected": ("#2e7d32", ":"), "line_rate": ("#555555", "-.")}[line.kind]
        ax.axhline(line.value_gbps, color=style[0], linestyle=style[1], linewidth=1.2,
                   label=f"{line.label}: {line.value_gbps:.1f} GB/s")
    ax.set_xscale("log", base=2)
    ax.set_yscale("log")
    ax.xaxis.set_major_formatter(FuncFormatter(_size_label))
    ax.set_xlabel("message size (bytes)")
    ax.set_ylabel("busbw (GB/s)")
    ax.set_title(collective)
    ax.grid(True, which="major", alpha=0.3)
    ax.legend(fontsize=7, loc="upper left")
    return _svg(plt, fig, element_id)


def heatmap_svg(labels: list[str], matrix: list[list[float | None]], *, element_id: str) -> Markup:
    """Pair bandwidth (GB/s, row sends to column); empty cells are pairs not measured."""
    plt = require_matplotlib()
    n = len(labels)
    fig, ax = plt.subplots(figsize=(max(4.0, 1.1 * n + 2.5), max(3.0, 0.8 * n + 1.8)))
    values = [[math.nan if v is None else v for v in row] for row in matrix]
    image = ax.imshow(values, cmap="viridis", aspect="auto")
    finite = [v for row in values for v in row if not math.isnan(v)]
    middle = (max(finite) + min(finite)) / 2 if finite else 0.0
    for i, row in enumerate(values):
        for j, v in enumerate(row):
            if not math.isnan(v):
                ax.text(j, i, f"{v:.2f}", ha="center", va="center", fontsize=8,
                        color="black" if v > middle else "white")
    ax.set_xticks(range(n), labels=labels, rotation=30, ha="right")
    ax.set_yticks(range(n), labels=labels)
    ax.set_xlabel("receiver")
    ax.set_ylabel("sender")
    fig.colorbar(image, ax=ax, label="GB/s")
    return _svg(plt, fig, element_id)
