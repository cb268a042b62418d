"""The rulings the wizard pages and the ruling API keep (issue 29, web/rulings_kept.py):
a kept ruling reads as one worked out afresh, in each language and mode; it is worked
out again for another board, answer, mode, language or a tree read again; the store is
bounded; a caller changing its copy leaves the kept one alone; a bad answer gets its
error every time."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from td_assist.bridge.errors import RecordError
from td_assist.i18n import use_language
from td_assist.rulings.engine import registry
from td_assist.rulings.engine.model import Ruling
from td_assist.rulings.engine.requests import parse_request
from td_assist.web import rulings_kept

REQUESTS = sorted((Path(__file__).resolve().parent / "data" / "requests").glob("*.json"))


@pytest.fixture(autouse=True)
def _nothing_kept():
    rulings_kept.forget()
    yield
    rulings_kept.forget()


def _request(path: Path):
    return parse_request(json.loads(path.read_text(encoding="utf-8")))


def _kept(*asked) -> Ruling:
    """The caller's own copy of the ruling, as a wizard page gets it."""
    return rulings_kept.kept_ruling_and_copy(*asked)[1]


def _counting(monkeypatch) -> list[tuple]:
    calls: list[tuple] = []
    real = rulings_kept.rule

    def counted(*args, **kwargs):
        calls.append(args)
        return real(*args, **kwargs)

    monkeypatch.setattr(rulings_kept, "rule", counted)
    return calls


@pytest.mark.parametrize("path", REQUESTS, ids=lambda p: p.stem)
@pytest.mark.parametrize("mode", ["batch", "step"])
@pytest.mark.parametrize("language", ["en", "de"])
def test_a_kept_ruling_reads_as_one_worked_out_afresh(path, mode, language):
    request = _request(path)
    with use_language(language):
        fresh = registry.rule(path.stem, request.board, request.irregularity, request.answers, mode)
        for _visit in range(2):  # made, then from the store
            kept = _kept(path.stem, request.board, request.irregularity, request.answers, mode)
            assert kept.model_dump(mode="json") == fresh.model_dump(mode="json")


def test_the_same_ruling_asked_again_is_not_worked_out_again(monkeypatch):
    calls = _counting(monkeypatch)
    request = _request(REQUESTS[-1])
    wizard = REQUESTS[-1].stem
    asked = (wizard, request.board, request.irregularity, request.answers)
    for _visit in range(3):
        _kept(*asked, "batch")
    assert len(calls) == 1
    _kept(*asked, "step")  # another mode
    with use_language("de"):  # another language
        _kept(*asked, "batch")
    assert len(calls) == 3


def test_another_board_or_answer_is_worked_out_anew(monkeypatch):
    calls = _counting(monkeypatch)
    path = next(p for p in REQUESTS if p.stem == "revoke")
    request = _request(path)
    _kept("revoke", request.board, None, {}, "step")
    _kept("revoke", request.board, None, {"declarer_tricks": "9"}, "step")
    # the same deal and play as another board object (another record of it)
    again = request.board.model_copy()
    assert again is not request.board
    ruling = _kept("revoke", again, None, {}, "step")
    assert len(calls) == 3
    assert ruling.status == "needs_answer"


def test_a_tree_read_again_gives_a_ruling_worked_out_anew(monkeypatch):
    calls = _counting(monkeypatch)
    request = _request(next(p for p in REQUESTS if p.stem == "revoke"))
    _kept("revoke", request.board, None, {}, "batch")
    registry._tree_in.cache_clear()  # as after an edited tree: new tree objects
    _kept("revoke", request.board, None, {}, "batch")
    assert len(calls) == 2


def test_a_callers_change_to_its_ruling_leaves_the_kept_one_alone():
    request = _request(next(p for p in REQUESTS if p.stem == "revoke"))
    asked = ("revoke", request.board, request.irregularity, request.answers, "batch")
    first = _kept(*asked)
    text = first.text
    assert first.status == "complete" and text and first.adjustment is not None
    first.text = "changed by a page"
    first.adjustment = None
    again = _kept(*asked)
    assert again.text == text and again.adjustment is not None


def test_the_store_is_bounded(monkeypatch):
    monkeypatch.setattr(
        rulings_kept, "rule", lambda wizard, *_: Ruling(wizard=wizard, status="complete", path=[])
    )
    for number in range(rulings_kept.RULINGS_KEPT + 50):
        _kept("revoke", None, None, {"declarer_tricks": str(number)}, "batch")
    assert len(rulings_kept._kept) == rulings_kept.RULINGS_KEPT


def test_long_answers_are_worked_out_and_not_kept(monkeypatch):
    calls = _counting(monkeypatch)
    request = _request(next(p for p in REQUESTS if p.stem == "revoke"))
    padded = {"note": "x" * (rulings_kept.LONGEST_ANSWERS_KEPT + 1)}
    for _visit in range(2):
        with pytest.raises(RecordError):
            _kept("revoke", request.board, None, padded, "batch")
    assert len(calls) == 2 and len(rulings_kept._kept) == 0


def test_a_bad_answer_gets_its_error_every_time():
    request = _request(next(p for p in REQUESTS if p.stem == "revoke"))
    for _visit in range(2):
        with pytest.raises(RecordError, match="declarer_tricks"):
            _kept("revoke", request.board, None, {"declarer_tricks": "99"}, "batch")
    assert len(rulings_kept._kept) == 0
    with pytest.raises(RecordError, match="unknown wizard"):
        _kept("no-such-wizard", request.board, None, {}, "batch")
