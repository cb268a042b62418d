"""A revoke ruling works out what the record says once (issue 29: a ruling POST of a new
board): the revoke's evidence, whether it was established and who won each trick are
each asked by several facts and by the transfer, and the ruling's texts are filled by
str's own formatting, which reads a template as string.Formatter does. The ruling API
keeps the JSON it sent, not the ruling: a ruling POSTed again is not worked out or dumped
again."""

from __future__ import annotations

import json
import string
from pathlib import Path

import pytest
from flask import jsonify

from td_assist.bridge.board import Board
from td_assist.bridge.play import Revoke
from td_assist.rulings.engine import walk
from td_assist.rulings.engine.registry import rule
from td_assist.rulings.engine.requests import parse_request
from td_assist.rulings.wizards.revoke import report
from td_assist.web import api, rulings_kept

from .spies import first_arguments

# Both defenders revoke, West at trick 2 and East at trick 4; declarer claims ten.
PLAY = (
    "SJ S2 S3 SQ / HA C2 H4 H6 / HK H2 H5 H9 / D2 D4 DA CT / DQ D6 D5 D7 / D3 D8 DK S8 / "
    "DJ S9 C4 D9 / H3 H8 HQ HJ / SK S5 S4 ST / S6 S7 SA C9"
)
TWO_REVOKES = Board.checked(
    deal="N:K62.Q754.AQ3.864 753.J96.T986.KJT AQ4.AK3.KJ52.753 JT98.T82.74.AQ92",
    auction=["1NT", "P", "3NT", "P", "P", "P"],
    play=[card for card in PLAY.split() if card != "/"],
    claim=10,
)


def test_each_revoke_is_looked_at_once_per_ruling(monkeypatch):
    evidence = first_arguments(monkeypatch, Revoke, "evidence")
    established = first_arguments(monkeypatch, report, "established_in_record")
    sides = first_arguments(monkeypatch, report, "trick_sides")
    ruling = rule("revoke", TWO_REVOKES, None, {})
    assert ruling.adjustment is not None and ruling.adjustment.tricks_transferred == 2
    revokes = TWO_REVOKES.revokes
    # Three facts of each walk quote the revoke; the focuses and the walk ask whether
    # it was established; two facts and the transfer read who won each trick.
    assert sorted(r.trick for r in evidence) == [r.trick for r in revokes]
    assert established == [TWO_REVOKES] * len(revokes)
    assert sides == [TWO_REVOKES]


def test_declarer_s_tricks_are_counted_once_per_ruling(monkeypatch):
    counted = first_arguments(monkeypatch, Board, "declarer_tricks_played")
    ruling = rule("revoke", TWO_REVOKES, None, {})
    assert ruling.adjustment is not None and ruling.adjustment.declarer_tricks_played == 10
    assert counted == [TWO_REVOKES]


def test_a_ruling_asked_again_works_it_out_again(monkeypatch):
    """What is known lives for one ruling only: the next ruling reads its own record."""
    established = first_arguments(monkeypatch, report, "established_in_record")
    first = rule("revoke", TWO_REVOKES, None, {})
    again = rule("revoke", TWO_REVOKES, None, {})
    assert len(established) == 4
    assert first == again


def test_the_td_s_answer_on_one_revoke_still_counts(monkeypatch):
    established = first_arguments(monkeypatch, report, "established_in_record")
    ruling = rule("revoke", TWO_REVOKES, None, {"2.established": "no"})
    assert ruling.adjustment is not None
    assert [line.established for line in ruling.adjustment.revokes] == [True, False]
    # The focuses ask the record of the first revoke only (the TD settled the second);
    # the second's walk still asks it once, to weigh his answer against it.
    assert len(established) == 2


TEMPLATES = [
    "plain",
    "",
    "{offender} revoked at trick {trick}",
    "{missing} and {trick:+d}",
    "{trick:{width}}",
    "{{braces}} {offender!r}",
    "}}",
    "a}}b{{",
    "{offender.upper}",
    "{cards[0]}",
    "{0}",
    "{}",
    "{",
    "}",
    "{missing:d}",
]
VALUES: dict[str, object] = {"offender": "West", "trick": 7, "width": 4, "cards": ["SA"]}


def _outcome(fill, template: str) -> tuple[str, str]:
    try:
        return ("text", fill(template, VALUES))
    except Exception as error:  # the error itself is what is compared
        return (type(error).__name__, str(error))


def _formatter(template: str, values: dict[str, object]) -> str:
    return string.Formatter().vformat(template, (), walk._Blank(values))


@pytest.mark.parametrize("template", TEMPLATES)
def test_fill_reads_a_template_as_string_formatter_does(template):
    assert _outcome(walk.fill, template) == _outcome(_formatter, template)


def test_fill_leaves_string_formatter_alone_for_a_ruling(monkeypatch):
    used = first_arguments(monkeypatch, string.Formatter, "vformat")
    ruling = rule("revoke", TWO_REVOKES, None, {})
    assert "West" in ruling.text and "East" in ruling.text
    assert used == []


REQUEST = Path(__file__).resolve().parent / "data" / "requests" / "revoke.json"


def _fresh_json(app, indent: bool) -> bytes:
    """The body as the API sent it before: jsonify of a ruling worked out afresh."""
    body = json.loads(REQUEST.read_text(encoding="utf-8"))
    asked = parse_request(body)
    ruling = rule("revoke", asked.board, asked.irregularity, asked.answers, "batch")
    with app.test_request_context():
        app.debug = indent
        return jsonify(ruling.model_dump(mode="json")).get_data()


def test_a_ruling_posted_again_is_sent_as_it_was_without_dumping_it_again(app, monkeypatch):
    """A POSTed board is the API's own (no page asks about it), so what it keeps for a
    ruling POSTed again is the JSON: the ruling is worked out and dumped once and not
    kept, and a new board leaves no ruling's objects for the garbage collector."""
    rulings_kept.forget()
    dumped = first_arguments(monkeypatch, api, "_ruling_text")
    worked_out = first_arguments(monkeypatch, rulings_kept, "rule")
    client = app.test_client()
    body = REQUEST.read_bytes()
    sent = [
        client.post("/api/rulings/revoke", data=body, content_type="application/json")
        for _ in range(3)
    ]
    assert [r.status_code for r in sent] == [200] * 3
    assert [r.mimetype for r in sent] == ["application/json"] * 3
    assert {r.get_data() for r in sent} == {_fresh_json(app, indent=False)}
    assert len(dumped) == 1
    assert worked_out == ["revoke"]
    assert len(rulings_kept._kept) == 0
    assert len(rulings_kept._texts) == 1


def test_a_debugging_app_still_gets_its_indented_json(app):
    rulings_kept.forget()
    client = app.test_client()
    body = REQUEST.read_bytes()
    compact = client.post("/api/rulings/revoke", data=body, content_type="application/json")
    app.debug = True
    indented = client.post("/api/rulings/revoke", data=body, content_type="application/json")
    assert compact.get_data() == _fresh_json(app, indent=False)
    assert indented.get_data() == _fresh_json(app, indent=True)
    assert compact.get_data() != indented.get_data()
