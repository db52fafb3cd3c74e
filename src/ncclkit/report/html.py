"""`ncclkit report`: doctor, env, bench, analyze and cluster results -> one self-contained HTML page.

The page works offline: CSS is inline, plots are inline SVG (report.plots, matplotlib), the
topology is an inline SVG drawn here (report.topo_svg), and there is no script and no external URL.
The jinja2 template escapes every text (autoescape on); only the SVGs we generate are inserted as
markup, and they escape their own text.
"""

from __future__ import annotations

from collections import Counter
from datetime import UTC, datetime
from pathlib import Path

from jinja2 import Environment, PackageLoader, StrictUndefined, select_autoescape

from ncclkit import __version__
from ncclkit.errors import NcclkitError
from ncclkit.outputfile import write_output_file
from ncclkit.report.sources import Source
from ncclkit.report.views import env_views, finding_views, node_views
from ncclkit.report.views_net import bench_views, cluster_views, transport_rows

__all__ = ["render_html", "write_html"]


def _environment() -> Environment:
    return Environment(loader=PackageLoader("ncclkit.report", "templates"),
                       autoescape=select_autoescape(default=True, default_for_string=True),
                       undefined=StrictUndefined, trim_blocks=True, lstrip_blocks=True)


def render_html(sources: list[Source], *, generated_at: str | None = None) -> str:
    """The page for `sources` (at least one); matplotlib (the `report` extra) only when it has a plot."""
    if not sources:
        raise NcclkitError("nothing to report", hint="give result files or --root SNAPSHOT")
    findings = finding_views(sources)
    counts = Counter(f.severity for f in findings)
    kinds = Counter(s.kind for s in sources)
    template = _environment().get_template("report.html.j2")
    return template.render(
        version=__version__,
        generated_at=generated_at or datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ"),
        sources=sources, kinds=kinds, findings=findings,
        counts={s: counts.get(s, 0) for s in ("error", "warning", "info")},
        nodes=node_views(sources), envs=env_views(sources), benches=bench_views(sources),
        clusters=cluster_views(sources), transports=transport_rows(sources))


def write_html(text: str, out: Path) -> None:
    """Write the page to `out` atomically (ncclkit.outputfile)."""
    write_output_file(out, text, flag="--out")
