"""Issue 35: the ACBLscore, JFR Pary, KoPS and traveller-text readers on the real files
in ../shared/real-records/results, each checked against what its manifest note says the
file holds; damaged copies are refused naming the file and the place."""

from __future__ import annotations

from pathlib import Path

import pytest

from td_assist.bridge.auction import Contract
from td_assist.bridge.cards import Seat
from td_assist.bridge.deal import board_vulnerability
from td_assist.bridge.errors import RecordError
from td_assist.bridge.formats.results import is_results_file, read_results
from td_assist.bridge.scoring import score_ns
from td_assist.session import load_file
from td_assist.session_results import session_results
from td_assist.store import Store

ROOT = Path(__file__).resolve().parents[1].parent / "shared" / "real-records" / "results"
HAND_RECORD = Path(__file__).resolve().parent / "data" / "24-boards-no-play.pbn"
pytestmark = pytest.mark.skipif(not ROOT.is_dir(), reason="../shared/real-records is absent")
AGILE = "acblscore/nap__agile-bridge-club__170731.ACA"
CLUB_750 = "acblscore/nap__750-club__170724.ACE"
BEVERLY = "acblscore/nap__beverly-hills-bridge-club__170731.ACA"
UNIT_FINALS = "acblscore/nap__2017-unit-finals__171015.ACM"
JFR = "jfr-pary-html/pbntools__jfrpary_wb120802001.html"
KOPS = "kops-html/pbntools__kops_PCH1003_h1.html"
LEXINGTON = "traveler-text/rchillyard__travelers.lexington.2016.1101.txt"
NEWTON = "traveler-text/rchillyard__Newton20241119.txt"


def _read(name: str):
    return read_results((ROOT / name).read_bytes(), Path(name).name)


def _lines(results):
    return [(board.number, line) for board in results.boards.values() for line in board.lines]


def _computed(number: int, line) -> int:
    contract = Contract.parse(line.contract)
    return score_ns(contract, line.tricks, board_vulnerability(number), line.declarer)


@pytest.mark.parametrize("name", [AGILE, CLUB_750, BEVERLY, UNIT_FINALS, JFR, KOPS, NEWTON])
def test_the_newer_formats_are_recognised_as_results(name):
    assert is_results_file((ROOT / name).read_bytes())


def test_acblscore_scores_are_times_ten_with_the_files_match_points():
    results = _read(AGILE)
    assert results.format == "acblscore" and results.scoring == "MP"
    first = results.find(1, table="1")
    assert (first.ns_pair, first.ew_pair, first.score_ns) == ("1NS", "1EW", 50)
    assert (first.points_ns, first.points_ew) == (5.79, 1.21)
    assert first.contract == "" and first.declarer is None  # ACBLscore keeps no contract


def test_acblscore_special_scores_of_the_agile_file_as_the_manifest_says():
    results = _read(AGILE)
    average = [line for number, line in _lines(results) if number == 21 and line.artificial]
    assert [(a.artificial, a.ns_percent, a.ew_percent) for a in average] == [("Ave+/Ave-", 60, 40)]
    assert (average[0].points_ns, average[0].points_ew) == (4.2, 2.8)
    not_played = [line for number, line in _lines(results) if number == 15 and line.artificial]
    assert [line.artificial for line in not_played] == ["Not Played"]
    assert not_played[0].ns_percent is None and not_played[0].score_ns is None


def test_acblscore_750_club_has_two_ave_plus_and_two_ave_minus():
    marks = [line.artificial for _n, line in _lines(_read(CLUB_750)) if line.artificial]
    sides = [mark for text in marks for mark in text.split("/")]
    assert sides.count("Ave+") == 2 and sides.count("Ave-") == 2


def test_acblscore_split_score_keeps_each_side_its_own():
    results = _read(UNIT_FINALS)
    split = results.find(3, table="C5")
    # N-S were given Ave+ (4.8 match points); E-W keep their table score, +100 for them.
    assert split.artificial == "Ave+/+100"
    assert (split.ns_percent, split.ew_percent) == (60, None)
    assert (split.points_ns, split.points_ew) == (4.8, 6.25)
    both = [line for n, line in _lines(results) if line.artificial == "Ave"]
    assert both and all(line.ns_percent == line.ew_percent == 50 for line in both)
    howell = results.find(1, table="A1")  # section A is a Howell: plain pair numbers
    assert (howell.ns_pair, howell.ew_pair) == ("A7", "A3")


def test_acblscore_late_play_and_sections_of_two_events():
    results = _read(BEVERLY)
    assert "sections A, B, C" in results.notice
    late = [line for _n, line in _lines(results) if line.artificial == "Late Play"]
    assert late and all(line.points_ns == line.points_ew == 0 for line in late)
    assert any(line.artificial == "Not Played" for _n, line in _lines(results))
    tables = {line.table[0] for _n, line in _lines(results)}
    assert tables == {"A", "B", "C"}


def test_jfr_board_page_reads_every_table_and_the_directors_split_score():
    results = _read(JFR)
    assert list(results.boards) == [1] and len(results.boards[1].lines) == 9
    first = results.boards[1].lines[0]
    assert (first.ns_pair, first.ew_pair, first.contract, first.declarer) == (
        "1",
        "2",
        "4H",
        Seat.S,
    )
    assert (first.tricks, first.lead, first.score_ns) == (9, "SQ", -50)
    assert (first.points_ns, first.points_ew) == (85.71, 14.29)
    director = results.find(1, ns_pair="17")
    assert director.artificial == "TD" and director.score_ns is None
    assert (director.ns_percent, director.ew_percent) == (60, 0)
    for number, line in _lines(results):
        if not line.artificial:  # the column a score is in decides its sign
            assert line.score_ns == _computed(number, line)


def test_kops_pair_page_gives_one_table_per_board_from_the_pairs_side():
    results = _read(KOPS)
    assert len(results.boards) == 26 and "pair 1" in results.notice
    assert all(len(board.lines) == 1 for board in results.boards.values())
    board4 = results.boards[4].lines[0]
    assert (board4.ns_pair, board4.ew_pair, board4.contract, board4.declarer) == (
        "1",
        "40",
        "3NT",
        Seat.E,
    )
    assert (board4.tricks, board4.score_ns, board4.points_ns) == (6, 300, 100.0)
    board20 = results.boards[20].lines[0]  # pair 1 sat E-W: its +650 is N-S's -650
    assert (board20.ns_pair, board20.ew_pair, board20.score_ns) == ("10", "1", -650)
    assert board20.points_ew == 57.14 and board20.points_ns is None
    for number, line in _lines(results):
        assert line.score_ns == _computed(number, line)


def test_traveller_text_lexington_keeps_the_adjusted_marks_as_written():
    results = _read(LEXINGTON)
    assert [len(board.lines) for board in results.boards.values()] == [11] * 6
    assert results.find(1, ns_pair="1").score_ns == 480
    adjusted = [
        (n, line.ns_pair, line.artificial) for n, line in _lines(results) if line.artificial
    ]
    assert adjusted == [(1, "34", "A-"), (2, "34", "A-")]
    assert results.find(2, ns_pair="32").score_ns == -1510


def test_pick_up_slips_are_gathered_into_travellers():
    results = _read(NEWTON)
    assert [len(board.lines) for board in results.boards.values()] == [7] * 6
    line = results.find(4, ns_pair="2")
    assert (line.ew_pair, line.score_ns) == ("1", 620)
    dnp = [(n, line.ns_pair) for n, line in _lines(results) if line.artificial == "DNP"]
    assert dnp == [(n, "7") for n in range(1, 7)]


def test_a_cut_acblscore_file_names_the_byte_it_ends_before():
    raw = (ROOT / AGILE).read_bytes()
    with pytest.raises(RecordError) as raised:
        read_results(raw[:8300], "club.ACA")
    message = str(raised.value)
    assert message.startswith("club.ACA: ") and "byte" in message and "cut short" in message


def test_damaged_acblscore_board_index_is_refused_not_looped():
    raw = bytearray((ROOT / AGILE).read_bytes())
    index = int.from_bytes(raw[0x13E + 8 : 0x13E + 12], "little")
    raw[index + 4 : index + 6] = (60000).to_bytes(2, "little")
    with pytest.raises(RecordError, match=r"club\.ACA: the board index at byte \d+ lists 60000"):
        read_results(bytes(raw), "club.ACA")


def test_a_broken_jfr_row_names_the_board_and_the_line():
    cell = b'<td class="noc">-3</td>'
    raw = (ROOT / JFR).read_bytes().replace(cell, cell.replace(b"-3", b"-11"), 1)
    with pytest.raises(RecordError) as raised:
        read_results(raw, "wb001.html")
    assert str(raised.value).startswith("wb001.html, board 1 line 153: result -11 on 4H")


def test_a_broken_traveller_line_names_the_line():
    raw = (ROOT / LEXINGTON).read_bytes().replace(b"2\t3 480", b"2\t3 4 80", 1)
    with pytest.raises(RecordError) as raised:
        read_results(raw, "lex.txt")
    assert str(raised.value).startswith("lex.txt line 27: '2 3 4 80' is not a traveller line")


def test_an_unknown_web_page_is_refused_with_advice():
    page = b"<!DOCTYPE html><html><head><title>Results</title></head><body>hi</body></html>"
    with pytest.raises(RecordError, match=r"page\.html: this web page is neither .*export USEBIO"):
        read_results(page, "page.html")


def test_a_hand_record_with_an_acblscore_file_beside_it(tmp_path):
    store = Store(tmp_path / "log.sqlite3")
    info = load_file(store, HAND_RECORD, results_path=ROOT / AGILE)
    assert "192 table results on 27 boards" in info.notice
    results = session_results(store, info.id)
    assert results is not None and results.format == "acblscore"
    assert results.find(21, table="5").artificial == "Ave+/Ave-"


def test_the_traveller_offered_for_an_acblscore_table_is_its_own_sections(tmp_path):
    from td_assist.bridge.board import Board
    from td_assist.web import create_app
    from td_assist.web.wizard import _traveller_from_results

    path = tmp_path / "log.sqlite3"
    app = create_app({"TESTING": True, "STORE_PATH": str(path), "SECRET_KEY": "test"})
    store = Store(path)
    info = load_file(store, HAND_RECORD, results_path=ROOT / BEVERLY)
    results = session_results(store, info.id)
    own = results.find(1, ns_pair="B1NS")
    section_b = [ln.score_ns for ln in results.traveller(1) if ln.section == "B" and ln != own]
    assert own is not None and len(section_b) == 6 and len(results.traveller(1)) > 20
    board = {**store.session_board(info.id, 1), "contract": "4S", "declarer": "S", "result": 9}
    board_id = store.save_board(board, "session", session_id=info.id, ns_pair="B1NS")
    with app.test_request_context():
        key = _traveller_from_results(board_id, Board.model_validate(board), str)
    assert key is not None and sorted(int(s) for s in key.url.split(", ")) == sorted(section_b)


@pytest.mark.parametrize("name", [AGILE, UNIT_FINALS, JFR, KOPS, LEXINGTON, NEWTON])
def test_damaged_copies_give_a_result_or_a_record_error_never_a_crash(name):
    """Bounded, seeded damage to each real file: cut short, bytes changed, hostile text
    pasted in (huge numbers, other scripts' digits, markup). The reader returns results
    or a RecordError naming the file; nothing else escapes."""
    import random

    from td_assist.bridge.results import SessionResults

    raw = (ROOT / name).read_bytes()
    rng = random.Random(35)
    pastes = [b"9" * 400, "\u0663\u00b2".encode(), b"<tr><td>", b"\x00\xff", b"T 0\n", b"-"]
    for _trial in range(60):
        damaged = bytearray(raw)
        for _change in range(rng.randint(1, 6)):
            at = rng.randrange(len(damaged))
            kind = rng.random()
            if kind < 0.4:
                damaged[at] = rng.randrange(256)
            elif kind < 0.8:
                damaged[at:at] = rng.choice(pastes)
            else:
                del damaged[at:]
                if not damaged:
                    damaged = bytearray(b"x")
        try:
            read = read_results(bytes(damaged), "damaged")
        except RecordError as error:
            assert str(error).startswith("damaged")
        else:
            assert isinstance(read, SessionResults)
