"""A revoke ruling works out what the record says once (issue 29: a ruling POST of a new
board): the revoke's evidence, whether it was established and who won each trick are
each asked by several facts and by the transfer, and the ruling's texts are filled by
str's own formatting, which reads a template as string.Formatter does."""

from __future__ import annotations

import string

import pytest

from td_assist.bridge.board import Board
from td_assist.bridge.play import Revoke
from td_assist.rulings.engine import walk
from td_assist.rulings.engine.registry import rule
from td_assist.rulings.wizards.revoke import report

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
