"""The labelled corpora of real bug reports (tests/diagnosis/corpus-*) are well-formed.

Every case file has a label and every label a case; every label names a cause category of
CONTRACTS section 9 (ncclkit.causes), a public thread URL, the fix the thread established and the
evidence; SOURCES.tsv agrees with the labels; no thread appears twice across the corpora.
"""

from __future__ import annotations

import csv
import json
import re
from pathlib import Path

import pytest

from ncclkit.causes import Cause

HERE = Path(__file__).parent
CORPORA = sorted(p.parent for p in HERE.glob("corpus-*/labels.json"))
CATEGORIES = {c.value for c in Cause}
URL = re.compile(r"^https://(github\.com/[\w.-]+/[\w.-]+/(issues|pull|discussions)/\d+"
                 r"|forums\.developer\.nvidia\.com/\S+|discuss\.pytorch\.org/\S+"
                 r"|stackoverflow\.com/questions/\S+|(?:serverfault|superuser|askubuntu)\.com/questions/\S+"
                 r"|discuss\.huggingface\.co/t/\S+"
                 # a write-up or blog post of its author's own case
                 r"|(?:blog\.gitcode\.com|[\w-]+\.notion\.site|qiita\.com|zenn\.dev|velog\.io|[\w-]+\.tistory\.com"
                 r"|huo\.zai\.meng\.li)/\S+"
                 # a team's incident write-up kept in its own repository, pinned to a commit
                 r"|github\.com/[\w.-]+/[\w.-]+/blob/[0-9a-f]{40}/\S+\.md"
                 # a mailing list's own archive (Open MPI's users list)
                 r"|www\.open-mpi\.org/community/lists/\S+"
                 # a Hugging Face Hub repository's community discussion
                 r"|huggingface\.co/[\w.-]+/[\w.-]+/discussions/\d+"
                 # Chinese-language write-ups and Q&A (CSDN, Zhihu, cnblogs, juejin, SegmentFault, Jianshu, the
                 # clouds' developer communities, Gitee's issues)
                 r"|(?:blog\.csdn\.net|zhuanlan\.zhihu\.com|www\.zhihu\.com/question|www\.cnblogs\.com|juejin\.cn|"
                 r"segmentfault\.com|www\.jianshu\.com|developer\.aliyun\.com|cloud\.tencent\.com|"
                 r"gitee\.com/[\w.-]+/[\w.-]+/issues)/\S+"
                 # a documentation page of an HPC centre or a GPU cloud that quotes an error and its fix
                 r"|docs\.[\w.-]+/\S+|[\w.-]+\.(?:gov|edu)/\S+)$")
KEYS = {"root_cause", "also_acceptable", "cause_visible_in_artifact", "fix", "url", "evidence"}


def _labels(corpus: Path) -> dict:
    return json.loads((corpus / "labels.json").read_text(encoding="utf-8"))


def _sources(corpus: Path) -> list[dict]:
    with (corpus / "SOURCES.tsv").open(encoding="utf-8", newline="") as f:
        return list(csv.DictReader(f, delimiter="\t"))


def test_corpora_hold_at_least_60_threads() -> None:
    assert len(CORPORA) >= 3
    assert sum(len(_labels(c)) for c in CORPORA) >= 60


@pytest.mark.parametrize("corpus", CORPORA, ids=lambda p: p.name)
def test_every_case_has_a_label_and_every_label_a_case(corpus: Path) -> None:
    cases = {p.name for p in (corpus / "cases").glob("*.txt")}
    labels = set(_labels(corpus))
    assert cases == labels, (sorted(cases - labels), sorted(labels - cases))


@pytest.mark.parametrize("corpus", CORPORA, ids=lambda p: p.name)
def test_labels_are_well_formed(corpus: Path) -> None:
    for name, label in _labels(corpus).items():
        assert set(label) == KEYS, name
        assert label["root_cause"] in CATEGORIES, (name, label["root_cause"])
        assert all(c in CATEGORIES for c in label["also_acceptable"]), name
        assert label["root_cause"] not in label["also_acceptable"], name
        assert isinstance(label["cause_visible_in_artifact"], bool), name
        assert URL.match(label["url"]), (name, label["url"])
        assert label["fix"].strip() and label["evidence"].strip(), name
        assert (corpus / "cases" / name).read_text(encoding="utf-8").strip(), name


@pytest.mark.parametrize("corpus", CORPORA, ids=lambda p: p.name)
def test_sources_match_labels(corpus: Path) -> None:
    rows = _sources(corpus)
    labels = _labels(corpus)
    assert {r["file"] for r in rows} == set(labels)
    for r in rows:
        assert r["url"] == labels[r["file"]]["url"], r["file"]


def test_no_thread_used_twice_across_corpora() -> None:
    seen: dict[str, str] = {}
    for corpus in CORPORA:
        for row in _sources(corpus):
            url = row["url"].rstrip("/")
            assert url not in seen, (url, seen.get(url), corpus.name)
            seen[url] = corpus.name
