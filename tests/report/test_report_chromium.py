"""The report page opened in headless Chromium: a screenshot with real content, the expected elements
in the DOM Chromium built, and no request leaving the page (tests/report/setup_chromium.sh installs it)."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest
from report_inputs import analyze_json, bench_json, doctor_json, write_json

from ncclkit.cli.main import main

pytest.importorskip("matplotlib")
Image = pytest.importorskip("PIL.Image")

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="chromium not installed (run tests/report/setup_chromium.sh)")

_FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
          "--disable-component-update", "--no-first-run", "--disable-sync", "--disable-extensions",
          "--window-size=1280,2000")


def _chromium(tmp: Path, *args: str) -> subprocess.CompletedProcess[str]:
    assert CHROMIUM is not None
    return subprocess.run([CHROMIUM, *_FLAGS, f"--user-data-dir={tmp / 'profile'}", *args],
                          capture_output=True, text=True, timeout=120, check=False)


@pytest.fixture(scope="module")
def page(data: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    tmp = tmp_path_factory.mktemp("chromium-page")
    files = [write_json(tmp / "doctor.json", doctor_json(data, "ib-port-down-memlock")),
             write_json(tmp / "analyze.json", analyze_json(data)),
             write_json(tmp / "bench.json", bench_json(data))]
    out = tmp / "report.html"
    assert main(["report", *(str(f) for f in files), "--out", str(out)]) == 0
    return out


def test_screenshot_not_blank(page: Path, tmp_path: Path) -> None:
    shot = tmp_path / "shot.png"
    proc = _chromium(tmp_path, f"--screenshot={shot}", page.as_uri())
    assert shot.is_file(), proc.stderr[-2000:]
    with Image.open(shot) as im:
        rgb = im.convert("RGB")
        width, height = rgb.size
        pixels = list(rgb.get_flattened_data()) if hasattr(rgb, "get_flattened_data") else list(rgb.getdata())
    assert (width, height) == (1280, 2000)
    colours = len(set(pixels))
    ink = sum(1 for p in pixels if sum(p) < 600) / len(pixels)
    assert colours > 200, f"only {colours} colours: a blank or unstyled page"
    assert ink > 0.03, f"only {ink:.1%} of the pixels carry content"


def test_dom_has_the_sections(page: Path, tmp_path: Path) -> None:
    proc = _chromium(tmp_path, "--dump-dom", page.as_uri())
    dom = proc.stdout
    assert "</html>" in dom, proc.stderr[-2000:]
    for element_id in ("summary", "findings", "topology", "topology-svg-0", "path-table-0", "env",
                       "bench", "busbw-all-reduce-svg", "transports", "transport-table"):
        assert f'id="{element_id}"' in dom, element_id
    assert dom.count('class="topo-gpu') == 4 and 'class="topo-nic topo-bad"' in dom


def _page_requests(tmp: Path, url: str) -> list[str]:
    """URLs requested on behalf of the page at `url` (file://), from Chromium's net log.

    Chromium's own service traffic (updates, time, accounts) is in the log too; a page's requests
    are the ones whose site_for_cookies is the file:// page."""
    log = tmp / "netlog.json"
    proc = _chromium(tmp, "--host-resolver-rules=MAP * ~NOTFOUND", f"--log-net-log={log}", "--dump-dom", url)
    assert "</html>" in proc.stdout, proc.stderr[-2000:]
    data = json.loads(log.read_text())
    start = data["constants"]["logEventTypes"]["URL_REQUEST_START_JOB"]
    return [e["params"]["url"] for e in data["events"]
            if e["type"] == start and "site=file://" in str(e.get("params", {}).get("site_for_cookies", ""))]


def test_no_network_request(page: Path, tmp_path: Path) -> None:
    control = tmp_path / "control.html"
    control.write_text('<html><body><img src="http://example.invalid/x.png"></body></html>')
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    assert _page_requests(tmp_path / "a", control.as_uri()) == ["http://example.invalid/x.png"]
    assert _page_requests(tmp_path / "b", page.as_uri()) == []
