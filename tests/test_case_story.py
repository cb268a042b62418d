"""Worked cases read as a story and a board diagram, never a field dump (issue 26):
the case page, the practice page and the printed quiz, for every case in the library."""

from __future__ import annotations

import re
from urllib.parse import urlencode

import pytest

from td_assist.rulings.engine.requests import parse_irregularity
from td_assist.training.case_story import board_story, card_words, reported
from td_assist.training.cases import load_cases
from td_assist.web import create_app

CASES = load_cases()
# What a Python value or a field name looks like when dumped into a page.
DUMP = re.compile(
    r"\[\s*&#39;|\[\s*'|&#39;\s*\]|'\s*\]|\bTrue\b|\bFalse\b|\bNone\b|\b[a-z]+_[a-z_]+\b"
)

# Anywhere on the page: a Python list or boolean, or a report's field name.
FIELDS = sorted(
    {name for c in CASES if c.irregularity for name in type(c.irregularity).model_fields}
)
REPR = re.compile(
    r"\[&#39;|&#39;\]|\['|'\]|\bTrue\b|\bFalse\b|"
    + "|".join(rf"\b{re.escape(f)}\b" for f in FIELDS if "_" in f)
)


@pytest.fixture(scope="module")
def client(tmp_path_factory):
    home = tmp_path_factory.mktemp("cases")
    app = create_app({"TESTING": True, "STORE_PATH": str(home / "l.db"), "SECRET_KEY": "t"})
    return app.test_client()


def situation(page: str) -> str:
    """The words telling the case: the story line and what was reported."""
    story = re.search(r'<p class="case-story" data-case-story>(.*?)</p>', page, re.S)
    told = re.search(r'aria-label="Reported at the table">(.*?)</div>', page, re.S)
    text = " ".join(m.group(1) for m in (story, told) if m)
    return re.sub(r"<[^>]+>", " ", text)


def test_every_case_page_tells_the_case_in_words_with_a_diagram(client):
    for case in CASES:
        page = client.get(f"/cases/{case.id}").get_data(as_text=True)
        assert 'aria-label="The deal"' in page, case.id
        told = situation(page)
        assert told.strip(), case.id
        assert not DUMP.search(told), (case.id, DUMP.search(told).group(0), told)
        main = re.sub(r"<[^>]+>", " ", page.split('<main id="main">')[1].split("</main>")[0])
        assert not REPR.search(main), (case.id, REPR.search(main).group(0))
        if case.irregularity is not None:
            assert 'aria-label="Reported at the table"' in page, case.id


def test_a_case_whose_claim_decides_the_tricks_shows_the_claim(client):
    claimed = [c for c in CASES if c.board is not None and c.board.claim is not None]
    assert claimed
    for case in claimed:
        page = client.get(f"/cases/{case.id}").get_data(as_text=True)
        line = re.search(r"<p data-claim>([^<]+)</p>", page)
        assert line, case.id
        assert f"{case.board.claim} tricks in all" in line.group(1), case.id


def test_practice_pages_and_the_quiz_show_no_dump(client):
    for case in CASES:
        page = client.get("/practice/run?" + urlencode([("c", case.id)])).get_data(as_text=True)
        if "data-case-story" in page:
            told = situation(page)
            assert told.strip() and not DUMP.search(told), (case.id, told)
        assert not REPR.search(page), (case.id, REPR.search(page).group(0))
    for start in range(0, len(CASES), 20):
        chunk = [("c", c.id) for c in CASES[start : start + 20]]
        quiz = client.get("/practice/quiz?" + urlencode(chunk)).get_data(as_text=True)
        for section in quiz.split('<section class="quiz-case">')[1:]:
            told = situation(section)
            assert told.strip() and not DUMP.search(told), told
        assert not REPR.search(quiz), REPR.search(quiz).group(0)


def test_the_report_names_players_and_cards_in_words():
    report = parse_irregularity(
        {
            "kind": "penalty_card",
            "offender": "E",
            "cards": ["HQ", "D9"],
            "trick": 2,
            "exposure": "inadvertent",
            "before_trick": True,
        }
    )
    (told,) = reported(report, None)
    assert told == (
        "East exposed the queen of hearts and the nine of diamonds by accident at trick 2, "
        "before playing his own card to that trick."
    )
    assert card_words("ST") == "the ten of spades"
    assert board_story(None) == ""


def test_a_bid_in_the_story_reads_as_the_readers_table_writes_it():
    from td_assist.i18n import use_language
    from td_assist.training.case_story import call_words

    assert [call_words(c) for c in ("1S", "3NT", "X")] == ["1S", "3NT", "double"]
    with use_language("de"):
        # A German trainee reads 1♠ and 3SA, as on the bidding box, never the record's 1S.
        assert [call_words(c) for c in ("1S", "3NT", "X")] == ["1♠", "3SA", "Kontra"]
