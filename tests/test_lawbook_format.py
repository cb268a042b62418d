"""The lawbook parser: structure, anchors, errors naming file and line, references."""

from pathlib import Path

import pytest

from td_assist.lawbook import Lawbook, LawFileError, display_anchor
from td_assist.lawbook.parser import parse_law_text
from td_assist.lawbook.refs import find_references, normalise_reference

GOOD = """+++
number = 64
title = "Procedure after Establishment of a Revoke"
chapter = "VI"
chapter_title = "The Play"
part = ""
related = [63]
+++

# Law 64: Procedure after Establishment of a Revoke

## A. Automatic Trick Adjustment

Intro of A.

### 1.

First. See Law 64B2 and Laws 61 to 63.

### 2.

#### (a)

Sub a.

##### (i)

Roman one.

##### (ii)

Roman two.

#### (b)

Sub b.

## B. No Automatic Trick Adjustment

### 1.

Text.

## In practice

Commentary citing Law 64A2(a)(ii).
"""


def parse(text, name="law-64.md"):
    return parse_law_text(text, Path(name))


def test_tree_anchors_and_commentary():
    law = parse(GOOD)
    anchors = [s.anchor for s in law.sections()]
    assert anchors == [
        "64",
        "64A",
        "64A1",
        "64A2",
        "64A2a",
        "64A2ai",
        "64A2aii",
        "64A2b",
        "64B",
        "64B1",
    ]
    section = next(s for s in law.sections() if s.anchor == "64A2aii")
    assert section.parent == "64A2a" and section.text == "Roman two." and section.label == "(ii)"
    assert law.commentary.startswith("Commentary") and "In practice" not in law.root.text
    assert next(s for s in law.sections() if s.anchor == "64B1").text == "Text."
    assert display_anchor("64A2aii") == "Law 64A2(a)(ii)"


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (("### 2.\n", "### 3.\n"), r"law-64.md line 20: label 3. follows 1.; expected 2."),
        (("#### (b)", "#### (c)"), r"label \(c\) follows \(a\); expected \(b\)"),
        (("## B. No", "## C. No"), r"label C. follows A.; expected B."),
        (("##### (ii)", "##### (iii)"), r"expected \(ii\)"),
        (("#### (a)\n", "##### (a)\n"), r"line 22: heading level 5 skips a level"),
        (("### 1.\n\nText.", "### One\n\nText."), r"heading 'One' must start with a label"),
        (("number = 64", "number = 640"), r"line 2: front matter field number"),
        (('title = "Procedure', 'titel = "Procedure'), r"front matter field"),
        (("# Law 64: Procedure", "# Law 63: Procedure"), r"line 10: the title line must read"),
        (("+++\nnumber", "number"), r"line 1: the file must start with TOML front matter"),
        (
            ("## In practice\n\nCommentary", "## In practice\n\n## A. Again\n\nCommentary"),
            r"'## In practice' must be the last heading",
        ),
    ],
)
def test_malformed_files_name_file_and_line(change, message):
    with pytest.raises(LawFileError, match=message):
        parse(GOOD.replace(*change))


def test_file_name_must_match_the_law_number(tmp_path):
    (tmp_path / "law-64.md").write_text(GOOD, encoding="utf-8")
    (tmp_path / "law-65.md").write_text(GOOD, encoding="utf-8")  # also says number = 64
    with pytest.raises(LawFileError, match=r"law-65.md line 2: number = 64 belongs in law-64.md"):
        Lawbook.load(tmp_path)


def test_definitions_term_twice_is_an_error():
    text = '+++\nnumber = 0\ntitle = "Definitions"\n+++\n\n# Definitions\n\n## Bid\n\nx\n\n## Bid\n'
    with pytest.raises(LawFileError, match=r"definitions.md line 12: 'Bid' appears twice"):
        parse(text, "definitions.md")


@pytest.mark.parametrize(
    ("typed", "anchor"),
    [
        ("64", "64"),
        ("L64", "64"),
        ("l 64", "64"),
        ("law 64b3", "64B3"),
        ("Law 12C1(c)", "12C1c"),
        ("27 B 1 b", "27B1b"),
        ("12c1e(ii)", "12C1eii"),
        ("Law 50D2(a)", "50D2a"),
        ("§16", "16"),
    ],
)
def test_typed_law_numbers_normalise(typed, anchor):
    assert normalise_reference(typed) == anchor


@pytest.mark.parametrize("typed", ["", "dummy revoked", "64B3x", "B3", "0", "x" * 200, "64 (a)"])
def test_non_references_are_not_law_numbers(typed):
    assert normalise_reference(typed) is None


def test_references_found_in_prose():
    text = (
        "Apply Law 16D, then Law 12C1(b); see Laws 28 to 32, Laws 26B and 72C, "
        "Laws 28-32 and Law 64B3. Not 1997 or law-ish 12 tricks."
    )
    assert [r.anchor for r in find_references(text)] == [
        "16D",
        "12C1b",
        "28",
        "32",
        "26B",
        "72C",
        "28",
        "32",
        "64B3",
    ]
