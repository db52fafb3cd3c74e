"""The labels of the forum/ecosystem diagnosis corpus are well-formed.

Every case file has a label and every label a case; every label names a cause category of
CONTRACTS section 9 (ncclkit.causes) and a public thread URL; no thread appears twice across the
SOURCES.tsv files of tests/diagnosis/*.
"""
import csv
import json
import re
from pathlib import Path

from ncclkit.causes import Cause

HERE = Path(__file__).parent
CORPUS = HERE / "corpus-forums"
CATEGORIES = {c.value for c in Cause}
# GitHub threads, NVIDIA developer forums, PyTorch forums, Stack Overflow.
URL = re.compile(
    r"^https://(github\.com/[\w.-]+/[\w.-]+/(issues|pull|discussions)/\d+"
    r"|forums\.developer\.nvidia\.com/\S+|discuss\.pytorch\.org/\S+|stackoverflow\.com/questions/\S+)$"
)
KEYS = {"root_cause", "also_acceptable", "cause_visible_in_artifact", "fix", "url", "evidence"}


def _labels():
    return json.loads((CORPUS / "labels.json").read_text(encoding="utf-8"))


def test_every_case_has_a_label_and_every_label_a_case():
    cases = {p.name for p in (CORPUS / "cases").glob("*.txt")}
    labels = set(_labels())
    assert cases == labels, (sorted(cases - labels), sorted(labels - cases))
    assert cases


def test_labels_are_well_formed():
    for name, label in _labels().items():
        assert set(label) == KEYS, name
        assert label["root_cause"] in CATEGORIES, (name, label["root_cause"])
        assert all(c in CATEGORIES for c in label["also_acceptable"]), name
        assert label["root_cause"] not in label["also_acceptable"], name
        assert isinstance(label["cause_visible_in_artifact"], bool), name
        assert URL.match(label["url"]), (name, label["url"])
        assert label["fix"].strip() and label["evidence"].strip(), name
        assert (CORPUS / "cases" / name).read_text(encoding="utf-8").strip(), name


def test_sources_match_labels():
    with open(CORPUS / "SOURCES.tsv", encoding="utf-8") as f:
        rows = list(csv.DictReader(f, delimiter="\t"))
    labels = _labels()
    assert {r["file"] for r in rows} == set(labels)
    for r in rows:
        assert r["url"] == labels[r["file"]]["url"], r["file"]
        assert re.match(r"^\d{4}-\d{2}-\d{2}$", r["date"]), r["file"]


def test_no_thread_used_twice_across_corpora():
    seen = {}
    for sources in sorted(HERE.glob("*/SOURCES.tsv")):
        with open(sources, encoding="utf-8") as f:
            for row in csv.DictReader(f, delimiter="\t"):
                url = row["url"].rstrip("/")
                assert url not in seen, (url, seen.get(url), sources.parent.name)
                seen[url] = sources.parent.name
