"""Issue 35: the results readers over every file in ../shared/real-records/results.

Each file the manifest marks valid is read (USEBIO, PBN score tables, Bridgemate .bws,
ACBLscore game files, JFR Pary and KoPS pages, traveller text) with the manifest's board
count; the invalid one is refused naming the file, the line and the problem. Scores are
kept as the file writes them. The newer readers' own tests are in
tests/test_results_readers_more.py.
"""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

from td_assist.bridge.cards import Seat
from td_assist.bridge.errors import RecordError
from td_assist.bridge.formats.results import read_results
from td_assist.bridge.results import neuberg

ROOT = Path(__file__).resolve().parents[1].parent / "shared" / "real-records" / "results"
HAS_ACCESS = importlib.util.find_spec("access_parser") is not None


def _entries() -> list[dict]:
    manifest = ROOT / "manifest.json"
    if not manifest.exists():
        return []
    return json.loads(manifest.read_text(encoding="utf-8"))


def _ids(entries: list[dict]) -> list[str]:
    return [entry["file"] for entry in entries]


VALID = [e for e in _entries() if e["valid"] == "yes"]
INVALID = [e for e in _entries() if e["valid"] != "yes"]
pytestmark = pytest.mark.skipif(not VALID, reason="../shared/real-records/results is absent")


def _read(name: str):
    path = ROOT / name
    return read_results(path.read_bytes(), path.name)


def _needs_reader(entry: dict) -> None:
    if entry["format"].startswith("bridgemate") and not HAS_ACCESS:
        pytest.skip("access-parser (the 'results' extra) is not installed")


@pytest.mark.parametrize("entry", VALID, ids=_ids(VALID))
def test_every_valid_results_file_is_read(entry):
    _needs_reader(entry)
    results = _read(entry["file"])
    if "team" in entry["format"]:
        assert results.boards == {} and "match results only" in results.notice
        return
    assert len(results.boards) == entry["boards"]
    for board in results.boards.values():
        assert board.lines, f"board {board.number} has an empty traveller"
        for line in board.lines:
            # Every line is either a result with a score or an artificial score.
            assert (line.score_ns is not None) != line.is_artificial


@pytest.mark.parametrize("entry", INVALID, ids=_ids(INVALID))
def test_every_invalid_results_file_gets_an_error_naming_file_and_line(entry):
    with pytest.raises(RecordError) as raised:
        _read(entry["file"])
    message = str(raised.value)
    assert Path(entry["file"]).name in message
    assert " line " in message
    assert "'NOTSUP'" in message and "EVENT_TYPE" in message


def test_usebio_artificial_scores_and_their_match_points_are_kept_as_written():
    results = _read("usebio/cobalt__mp_pairs_mitchell_02.xml")
    assert results.event_type == "MP_PAIRS" and results.scoring == "MP"
    board3 = results.find(3, ns_pair="1NS")
    assert board3 is not None and board3.artificial == "A5050"
    assert (board3.ns_percent, board3.ew_percent) == (50, 50)
    # The file gives 23/11 for an A5050: the reader keeps the scorer's figures.
    assert (board3.points_ns, board3.points_ew) == (23, 11)
    assert board3.contract == "" and board3.tricks is None and board3.score_ns is None
    first = results.find(1, ns_pair="1")  # the TD may type "1" for "1NS"
    assert first is not None
    assert (first.contract, first.declarer, first.tricks, first.score_ns) == ("2S", Seat.S, 8, 110)
    assert first.lead == "2D" and first.ew_pair == "1EW"


def test_usebio_pass_out_from_scorebridge():
    results = _read("usebio/yewtc__sample_scorebridge.xml")
    passed = [line for b in results.boards.values() for line in b.lines if line.contract == "PASS"]
    assert passed and all(line.score_ns == 0 and line.declarer is None for line in passed)


def test_pbn_ruter_artificial_scores_name_their_percentages():
    results = _read("pbn/rkcb__indi.pbn")
    artificial = [line for b in results.boards.values() for line in b.lines if line.artificial]
    assert {line.artificial for line in artificial} == {"A+/A+", "A-/A-"}
    for line in artificial:
        expected = 60 if line.artificial == "A+/A+" else 40
        assert (line.ns_percent, line.ew_percent) == (expected, expected)
        assert line.points_ns is not None  # the file's match points, kept


def test_pbn_scores_are_read_from_either_column_and_computed_when_absent():
    sm1 = _read("pbn/rkcb__sm1.pbn")
    first = sm1.boards[1].lines[0]
    assert (first.contract, first.declarer, first.tricks, first.score_ns) == (
        "6NT",
        Seat.S,
        13,
        1020,
    )
    # BridgeWebs writes no score: 4H by S making 10 on board 1 (none vulnerable) is +420.
    newton = _read("pbn/rchillyard__newtonbridge_20160120_1.pbn")
    line = newton.boards[1].lines[0]
    assert (line.contract, line.declarer, line.tricks, line.score_ns) == ("4H", Seat.S, 10, 420)


@pytest.mark.skipif(not HAS_ACCESS, reason="access-parser (the 'results' extra) is absent")
def test_bridgemate_remarks_are_artificial_scores_as_written():
    results = _read("bws/bridgemate-ui__12tables1section.bws")
    line = results.find(1, ns_pair="7")
    assert line is not None and line.artificial == "40%-60%"
    assert (line.ns_percent, line.ew_percent) == (40, 60)
    assert results.find(2, ns_pair="7").artificial == "60%-60%"
    played = [
        ln for b in results.boards.values() for ln in b.lines if ln.contract not in ("", "PASS")
    ]
    assert all(ln.score_ns is not None and ln.tricks is not None for ln in played)


def test_a_broken_traveller_line_is_named_by_file_board_and_line():
    raw = (ROOT / "usebio/cobalt__mp_pairs_mitchell_03.xml").read_bytes()
    broken = raw.replace(b"<PLAYED_BY>", b"<PLAYED_BY>Q", 1)
    with pytest.raises(RecordError) as raised:
        read_results(broken, "club.xml")
    message = str(raised.value)
    assert message.startswith("club.xml, board ") and " line " in message
    assert "PLAYED_BY 'Q" in message


def test_a_broken_score_table_row_is_named_by_file_board_and_line():
    raw = (ROOT / "pbn/rkcb__sm1.pbn").read_bytes()
    broken = raw.replace(
        b' 5  1  5 32 6N   S 13 S9  "1020"', b' 5  1  5 32 6N   S 19 S9  "1020"', 1
    )
    with pytest.raises(RecordError) as raised:
        read_results(broken, "sm1.pbn")
    assert str(raised.value).startswith("sm1.pbn, board 1 line 101: result '19'")


def test_hostile_xml_entities_and_garbage_are_refused_cleanly():
    bomb = b'<?xml version="1.0"?><!DOCTYPE USEBIO [<!ENTITY a "aaaa">]><USEBIO>&a;</USEBIO>'
    with pytest.raises(RecordError, match="entities"):
        read_results(bomb, "bomb.xml")
    with pytest.raises(RecordError, match=r"bad\.xml line 1: not well-formed"):
        read_results(b"<USEBIO><EVENT></USEBIO>", "bad.xml")
    with pytest.raises(RecordError, match="not a results file"):
        read_results(b"hello", "notes.txt")


def test_neuberg_matches_the_adjusted_cobalt_file():
    # 19 results compared on a board of 21: a top of 36 becomes 39.9 (the file's 0.1 / 39.9).
    assert round(neuberg(36, 19, 21), 1) == 39.9
