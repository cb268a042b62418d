"""The lawbook against the 2017 text: own words, subsections that exist, marks of doubt.

No official wording is stored here. The own-words check uses fingerprints (truncated
SHA-256 of every run of 10 normalised words) of the 2017 text that could be assembled
from public reference copies; see tests/data/official_2017_fingerprints.txt.
"""

import hashlib
import re
from pathlib import Path

import pytest

from td_assist.cli import main
from td_assist.lawbook import get_lawbook
from td_assist.lawbook.official import OfficialText, split_official
from td_assist.lawbook.overlap import (
    AllowedPassage,
    find_overlaps,
    leave_out,
    load_allowed,
    normalise,
)
from td_assist.lawbook.parser import LawFileError, parse_law_text
from td_assist.lawbook.render import law_html, section_text

FINGERPRINTS = Path(__file__).parent / "data" / "official_2017_fingerprints.txt"
FINGERPRINT_WORDS = 10
README = Path(__file__).resolve().parent.parent / "laws" / "README.md"


@pytest.fixture(scope="module")
def book():
    return get_lawbook()


def _fingerprints() -> dict[str, set[str]]:
    by_law: dict[str, set[str]] = {}
    for line in FINGERPRINTS.read_text(encoding="utf-8").splitlines():
        if line and not line.startswith("#"):
            law, digest = line.split()
            by_law.setdefault(law, set()).add(digest)
    return by_law


def _digest(words: list[str]) -> str:
    return hashlib.sha256(" ".join(words).encode()).hexdigest()[:16]


def test_no_passage_shares_ten_words_with_the_assembled_2017_text(book):
    """Stricter than the 12-word bar, so a reworded passage keeps a margin."""
    official = _fingerprints()
    allowed: dict[str, list[list[str]]] = {}
    for passage in load_allowed(book.folder):
        allowed.setdefault(passage.anchor, []).append(normalise(passage.words))
    shared = []
    for law in book.laws:
        digests = official.get(str(law.number))
        if not digests:
            continue
        passages = [(s.anchor, s.text) for s in law.sections()]
        passages.append((f"{law.number} (In practice)", law.commentary))
        for anchor, text in passages:
            words = normalise(text)
            for listed in allowed.get(anchor, []):
                words, _ = leave_out(words, listed)
            for i in range(len(words) - FINGERPRINT_WORDS + 1):
                if _digest(words[i : i + FINGERPRINT_WORDS]) in digests:
                    shared.append((anchor, " ".join(words[i : i + FINGERPRINT_WORDS])))
    assert shared == []


def test_the_fingerprints_cover_the_laws_the_issue_named():
    assert {"1", "32", "70", "79", "81"} <= set(_fingerprints())


# --- the allow-list for defined lists --------------------------------------------------

RANKS = "Ace, King, Queen, Jack, 10, 9, 8, 7, 6, 5, 4, 3, 2"


def _official(text: str) -> OfficialText:
    sections, titles = split_official(text)
    return OfficialText(source="synthetic", imported_at="now", sections=sections, titles=titles)


def test_the_ranks_in_1a_are_allow_listed_and_the_prose_around_them_is_still_checked(book):
    ours = book.get("1A").text
    assert RANKS in ours
    # An official-looking text that repeats the list, and then the whole of our 1A.
    only_the_list = _official(f"LAW 1 - THE PACK\nA. Placeholder words only. {RANKS}.")
    assert find_overlaps(book, only_the_list, allowed=[]).runs  # the list alone is 13 words
    report = find_overlaps(book, only_the_list)
    assert report.runs == [] and report.allowed_passages == 1

    whole = _official(f"LAW 1 - THE PACK\nA. {ours}")
    runs = find_overlaps(book, whole).runs
    assert runs and all(r.anchor == "1A" for r in runs)
    assert all("queen jack" not in r.shared for r in runs)  # the list never joins a run


def test_leave_out_blanks_every_occurrence_and_keeps_positions():
    words, found = leave_out(["a", "b", "c", "a", "b"], ["a", "b"])
    assert found == 2 and len(words) == 5 and words[2] == "c"
    assert "a" not in words and "b" not in words


def test_every_allowed_passage_is_still_in_its_section(book):
    for passage in load_allowed(book.folder):
        section = book.get(passage.anchor)
        assert section is not None, passage.anchor
        assert leave_out(normalise(section.text), normalise(passage.words))[1] >= 1


def test_a_malformed_allow_list_is_named(tmp_path, book):
    (tmp_path / "overlap-allowed.toml").write_text('[[allowed]]\nanchor = "1A"\n', "utf-8")
    with pytest.raises(ValueError, match=r"overlap-allowed\.toml: allowed\.0\.words"):
        load_allowed(tmp_path)
    assert AllowedPassage(anchor="1A", words="x", reason="y").anchor == "1A"


def test_a_partial_official_text_splits_into_each_of_its_laws():
    text = "LAW 1 - THE PACK\nA. One.\nLAW 10 - ASSESSMENT\nA. Ten.\nLAW 79 - TRICKS WON\nA. Aye."
    sections, titles = split_official(text)
    assert set(titles) == {1, 10, 79}
    assert sections["10A"] == "Ten." and sections["79A"] == "Aye."


# --- subsections that exist in 2017, and notes that had no source ----------------------


def _labels(book, anchor):
    return [child.anchor for child in book.get(anchor).children]


def test_law_32_and_law_36_have_only_sections_a_and_b(book):
    """32C and 36C were not found in the 2017 text; nothing may point at them."""
    assert _labels(book, "32") == ["32A", "32B"]
    assert _labels(book, "36") == ["36A", "36B"]
    assert book.get("32C") is None and book.get("36C") is None


def test_law_70d_has_the_two_subsections_of_2017(book):
    """The 2017 text (reference copy of the Polish federation) has 70D1 and 70D2 only;
    "70D3" (play after the claim as evidence) is the 2007 code. The notes say so."""
    assert _labels(book, "70D") == ["70D1", "70D2"]
    notes = book.law(70).commentary
    assert "2007" in notes and "Law 68D2(b)" in notes


def test_law_16a_has_its_third_paragraph(book):
    assert _labels(book, "16A") == ["16A1", "16A2", "16A3"]
    assert "extraneous" in book.get("16A3").text


def test_the_law_89_note_about_a_2024_revision_is_gone(book):
    notes = book.law(89).commentary
    assert "2024" not in notes and "revised Law" not in notes


# --- the mark "not verified against the 2017 text" ------------------------------------

LAW = """+++
number = 64
title = "Procedure after Establishment of a Revoke"
+++

# Law 64: Procedure after Establishment of a Revoke

## A. First

> [!unverified] the footnote to 64A

Text of A.

## B. Second

Text of B.
"""


def test_the_mark_is_parsed_into_the_section_and_out_of_its_text(tmp_path):
    law = parse_law_text(LAW, tmp_path / "law-64.md")
    first, second = law.root.children
    assert first.unverified == "the footnote to 64A" and first.text == "Text of A."
    assert second.unverified == ""


@pytest.mark.parametrize(
    ("mark", "problem"),
    [
        ("> [!unverified]", "say what could not be checked"),
        ("> [!unverified] one\n> [!unverified] two", "already marked unverified"),
    ],
)
def test_a_bad_mark_is_refused_with_file_and_line(tmp_path, mark, problem):
    text = LAW.replace("> [!unverified] the footnote to 64A", mark)
    with pytest.raises(LawFileError, match=problem) as error:
        parse_law_text(text, tmp_path / "law-64.md")
    assert "law-64.md line" in str(error.value)


def test_a_mark_in_the_notes_is_refused(tmp_path):
    text = LAW + "\n## In practice\n\n> [!unverified] a note\n"
    with pytest.raises(LawFileError, match="not the notes"):
        parse_law_text(text, tmp_path / "law-64.md")


def test_the_mark_is_shown_in_the_terminal_and_on_the_web_page(book):
    section = book.get("86B2")
    assert "footnote" in section.unverified
    assert "[Not verified against the 2017 text: " in section_text(section)
    page = law_html(book.law(86), book)
    assert '<p class="unverified"><strong>Not verified against the 2017 text:</strong>' in page


def test_the_law_command_shows_the_mark(capsys):
    assert main(["law", "86B2"]) == 0
    assert "Not verified against the 2017 text" in capsys.readouterr().out
    assert main(["law", "86B2", "--json"]) == 0
    assert "footnote" in capsys.readouterr().out


def test_the_law_page_shows_the_mark(tmp_path):
    from td_assist.web import create_app

    client = create_app(
        {"TESTING": True, "STORE_PATH": str(tmp_path / "l.sqlite3"), "SECRET_KEY": "t"}
    ).test_client()
    page = client.get("/laws/86").get_data(as_text=True)
    assert 'class="unverified"' in page and "Not verified against the 2017 text" in page


def test_the_readme_lists_exactly_the_marks_in_the_files(book):
    readme = README.read_text(encoding="utf-8")
    listed = readme.split("## Not verified against the 2017 text", 1)[1].split("\n## ", 1)[0]
    in_readme = re.findall(r"^- (Law \S+): (.+)$", listed, re.MULTILINE)
    in_files = [(section.display, section.unverified) for section in book.unverified()]
    assert in_readme == in_files
    assert {anchor for anchor, _ in in_readme} >= {"Law 86B2", "Law 40B3", "Law 68D2(b)"}


def test_numbered_paragraphs_under_a_law_title_stay_in_that_law(book):
    """A partial text whose first label is "1." (its "A." was not copied) makes the
    importer write 64 + 1 = "641"; the check must still compare it with Law 64."""
    words = normalise(book.get("64B4").text)[:15]
    official = _official(
        "LAW 64 - PROCEDURE AFTER ESTABLISHMENT OF A REVOKE\n1. " + " ".join(words)
    )
    assert "641" in official.sections
    runs = find_overlaps(book, official).runs
    assert [(r.anchor, r.official_anchor, r.words) for r in runs] == [("64B4", "641", 15)]
