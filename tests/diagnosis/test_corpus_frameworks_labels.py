"""The framework-thread diagnosis corpus is well-formed.

Every case file has a label, every label names a case file that exists, a cause from
CONTRACTS.md section 9 (ncclkit.causes), a public thread URL and the fields the scoring
test reads; no thread is used twice across tests/diagnosis/*/SOURCES.tsv.
"""
import csv
import json
from pathlib import Path

from ncclkit.causes import Cause

HERE = Path(__file__).parent
CORPUS = HERE / "corpus-frameworks"
CAUSES = {c.value for c in Cause}
KEYS = {"root_cause", "also_acceptable", "cause_visible_in_artifact", "fix", "url", "evidence"}


def _labels() -> dict:
    return json.loads((CORPUS / "labels.json").read_text(encoding="utf-8"))


def _sources(path: Path) -> list[dict]:
    with path.open(encoding="utf-8", newline="") as f:
        return list(csv.DictReader(f, delimiter="\t"))


def test_every_case_has_a_label_and_every_label_a_case():
    cases = {p.name for p in (CORPUS / "cases").glob("*.txt")}
    assert cases, "no case files"
    assert cases == set(_labels()), "cases/ and labels.json disagree"


def test_labels_are_complete_and_use_the_taxonomy():
    for name, label in _labels().items():
        assert set(label) == KEYS, f"{name}: keys {sorted(label)}"
        assert label["root_cause"] in CAUSES, f"{name}: {label['root_cause']}"
        assert all(c in CAUSES for c in label["also_acceptable"]), name
        assert label["root_cause"] not in label["also_acceptable"], name
        assert isinstance(label["cause_visible_in_artifact"], bool), name
        assert label["url"].startswith("https://github.com/"), name
        assert label["fix"].strip() and label["evidence"].strip(), name


def test_case_files_are_nonempty_text():
    for path in (CORPUS / "cases").glob("*.txt"):
        text = path.read_text(encoding="utf-8")
        assert text.strip(), path.name


def test_sources_match_labels():
    rows = _sources(CORPUS / "SOURCES.tsv")
    assert {r["file"] for r in rows} == set(_labels())
    for r in rows:
        assert r["url"] == _labels()[r["file"]]["url"], r["file"]


def test_no_thread_is_used_twice_across_corpora():
    seen: dict[str, str] = {}
    for tsv in sorted(HERE.glob("*/SOURCES.tsv")):
        for r in _sources(tsv):
            url = r.get("url") or r.get("source_url")
            where = f"{tsv.parent.name}/{r['file']}"
            assert url not in seen, f"{url} used by {seen.get(url)} and {where}"
            seen[url] = where
