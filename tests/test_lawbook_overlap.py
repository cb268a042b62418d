"""The own-words check: runs of words laws/ shares with an imported official text.

No official wording is used here. The "official" file is synthetic: invented filler,
with a few passages lifted from OUR OWN lawbook and re-cased and re-punctuated, so the
check must find exactly those passages, under the anchors they came from.
"""

import json
import re

import pytest

from td_assist.cli import main
from td_assist.lawbook import get_lawbook
from td_assist.lawbook.official import OfficialText, split_official
from td_assist.lawbook.overlap import find_overlaps, normalise, shared_runs

FILLER = "Lorem ipsum placeholder words that no lawbook would ever contain in this order."


@pytest.fixture(scope="module")
def book():
    return get_lawbook()


def words_of(book, anchor, start, count):
    return normalise(book.get(anchor).text)[start : start + count]


def shouty(words):
    """Our words as an official-looking text would print them: capitals, punctuation."""
    return ", ".join(w.upper() if i % 3 == 0 else w.capitalize() for i, w in enumerate(words))


def synthetic(book) -> str:
    copied_64b4 = shouty(words_of(book, "64B4", 0, 15))
    eleven_from_64b5 = shouty(words_of(book, "64B5", 0, 11))
    return "\n".join(
        [
            "LAW 63 - ESTABLISHMENT OF A REVOKE",
            f"A. {FILLER}",
            f"1. {FILLER}",
            "LAW 64 - PROCEDURE AFTER ESTABLISHMENT OF A REVOKE",
            f"A. {FILLER}",
            "B. No Automatic Trick Adjustment",
            f"1. {FILLER}",
            f"2. {FILLER}",
            f"3. {FILLER}",
            f"4. {FILLER} {copied_64b4}.",
            f"5. {eleven_from_64b5}; {FILLER}",
        ]
    )


def official_from(text: str) -> OfficialText:
    sections, titles = split_official(text)
    return OfficialText(source="synthetic", imported_at="now", sections=sections, titles=titles)


def test_normalise_ignores_case_punctuation_and_apostrophes():
    assert normalise("Partner's CALL,  (see Law 16B1(a))—then\nPASS.") == [
        "partners", "call", "see", "law", "16b1", "a", "then", "pass",
    ]  # fmt: skip
    assert normalise("partner’s") == normalise("partners")


def test_shared_runs_are_maximal_and_respect_the_minimum():
    theirs = list("abcdefgh")
    assert shared_runs(list("xabcdey"), theirs, 4) == [(1, 6)]
    assert shared_runs(list("xabcy"), theirs, 4) == []
    assert shared_runs(list("abcdxefgh"), theirs, 4) == [(0, 4), (5, 9)]


def test_finds_copied_words_under_their_anchor_and_nothing_else(book):
    report = find_overlaps(book, official_from(synthetic(book)), min_words=12)
    assert [(r.anchor, r.official_anchor, r.words) for r in report.runs] == [("64B4", "64B4", 15)]
    assert report.runs[0].shared == " ".join(words_of(book, "64B4", 0, 15))
    assert report.compared_laws == 2


def test_a_shorter_minimum_also_finds_the_eleven_word_run(book):
    report = find_overlaps(book, official_from(synthetic(book)), min_words=11)
    assert {(r.anchor, r.words) for r in report.runs} == {("64B4", 15), ("64B5", 11)}


def test_words_moved_to_another_subsection_are_still_found(book):
    moved = (
        synthetic(book)
        .replace("4. Lorem", "4. Other")
        .replace("3. " + FILLER, "3. " + shouty(words_of(book, "64B1", 0, 13)))
    )
    runs = find_overlaps(book, official_from(moved), min_words=12).runs
    assert ("64B1", "64B3") in {(r.anchor, r.official_anchor) for r in runs}


def test_in_practice_notes_are_checked_too(book):
    notes = book.law_of(book.get("64")).commentary
    text = synthetic(book).replace("2. " + FILLER, "2. " + shouty(normalise(notes)[:20]))
    runs = find_overlaps(book, official_from(text), min_words=12).runs
    assert any(r.anchor == "64 (In practice)" and r.words >= 20 for r in runs)


def test_minimum_below_the_floor_is_refused(book):
    with pytest.raises(ValueError, match="at least 4"):
        find_overlaps(book, official_from(synthetic(book)), min_words=2)


def test_cli_reports_runs_and_exits_1(tmp_path, monkeypatch, capsys, book):
    monkeypatch.setenv("TD_ASSIST_HOME", str(tmp_path / "home"))
    source = tmp_path / "official.txt"
    source.write_text(synthetic(book), encoding="utf-8")
    assert main(["laws", "import", str(source)]) == 0
    capsys.readouterr()
    assert main(["laws", "overlap"]) == 1
    out = capsys.readouterr().out
    assert re.search(r"^64B4: 15 words: ", out, re.MULTILINE)
    assert "1 runs of 12+ words shared" in out
    assert main(["laws", "overlap", "--min-words", "11", "--json"]) == 1
    data = json.loads(capsys.readouterr().out)
    assert {(r["anchor"], r["words"]) for r in data["runs"]} == {("64B4", 15), ("64B5", 11)}
    assert main(["laws", "overlap", "--min-words", "40"]) == 0


def test_cli_explains_missing_import_and_bad_minimum(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("TD_ASSIST_HOME", str(tmp_path / "empty-home"))
    assert main(["laws", "overlap"]) == 2
    assert "run 'td-assist laws import FILE' first" in capsys.readouterr().err
    with pytest.raises(SystemExit) as stop:
        main(["laws", "overlap", "--min-words", "many"])
    assert stop.value.code == 2
    assert "expected a whole number" in capsys.readouterr().err
