"""A session's hand record and the table facts a TD adds to rule on one of its boards."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from td_assist.bridge.board import Board
from td_assist.bridge.cards import Seat
from td_assist.bridge.deal import Vulnerability, board_dealer, board_vulnerability
from td_assist.bridge.errors import RecordError
from td_assist.bridge.formats import parse_pbn
from td_assist.cli import main
from td_assist.rulings.engine.registry import rule
from td_assist.session import (
    TableFacts,
    board_with_facts,
    facts_board_id,
    find_session,
    load_file,
    missing_fact,
    read_hand_record,
)
from td_assist.store import Store, open_store

DATA = Path(__file__).resolve().parent / "data"
HAND_RECORD = DATA / "24-boards-no-play.pbn"
REAL = Path(__file__).resolve().parents[2] / "shared" / "real-records"
DEAL = "N:AKQ2.543.432.432 543.AKQ2.765.765 876.876.AKQ8.AKQ JT9.JT9.JT9.JT98"
CASE_TEXT_PLAY = "HA H6 H9 H3 HK H7 HT H4 D5 DA D9 D2 CA C8 C2 C5 DK S9 D3 D6 CJ C3 C6 CK"
CASE_PLAY = CASE_TEXT_PLAY.split(" ")


def test_the_24_board_hand_record_loads_with_deal_dealer_and_vulnerability():
    record = read_hand_record(HAND_RECORD.read_text(encoding="utf-8"), HAND_RECORD.name)
    assert sorted(record.boards) == list(range(1, 25))
    for number, board in record.boards.items():
        assert board.deal is not None and not board.auction and not board.play
        assert board.dealer is board_dealer(number)
        assert board.vulnerability is board_vulnerability(number)
    assert record.notice == ""


def test_the_same_board_at_several_tables_keeps_the_deal_and_drops_what_one_table_did():
    played = f'[Board "1"]\n[Deal "{DEAL}"]\n[Auction "N"]\n1S Pass 4S Pass\nPass Pass\n'
    other = f'[Board "1"]\n[Deal "{DEAL}"]\n[Contract "3NT"]\n[Declarer "S"]\n[Result "9"]\n'
    record = read_hand_record(played + "\n" + other, "two-tables.pbn")
    board = record.boards[1]
    assert board.deal is not None and board.contract is None and not board.auction
    assert "appear more than once" in record.notice


def test_a_board_number_with_two_different_deals_is_refused_naming_it():
    other_deal = "N:543.AKQ2.765.765 AKQ2.543.432.432 876.876.AKQ8.AKQ JT9.JT9.JT9.JT98"
    text = f'[Board "4"]\n[Deal "{DEAL}"]\n\n[Board "4"]\n[Deal "{other_deal}"]\n'
    with pytest.raises(RecordError, match="board 4 appears twice with different deals"):
        read_hand_record(text, "bad.pbn")


def test_boards_without_numbers_or_deals():
    unnumbered = read_hand_record(f'[Deal "{DEAL}"]\n\n[Deal "{DEAL}"]\n', "deals.pbn")
    assert sorted(unnumbered.boards) == [1, 2] and "numbered in file order" in unnumbered.notice
    with pytest.raises(RecordError, match="board 2 in the file has no board number"):
        read_hand_record(f'[Board "1"]\n[Deal "{DEAL}"]\n\n[Deal "{DEAL}"]\n', "mixed.pbn")
    partial = read_hand_record(f'[Board "1"]\n[Deal "{DEAL}"]\n\n[Board "3"]\n', "p.pbn")
    assert sorted(partial.boards) == [1] and "Boards 3 have no deal" in partial.notice
    with pytest.raises(RecordError, match="no board in the file has a deal"):
        read_hand_record('[Board "3"]\n[Dealer "S"]\n', "nodeal.pbn")


def test_a_malformed_hand_record_names_the_file_and_line():
    with pytest.raises(RecordError, match=r"broken\.pbn.*PBN line 2"):
        read_hand_record('[Board "1"]\n[Deal "N:AKQ.xyz"]\n', "broken.pbn")


def test_table_facts_read_from_the_address_drop_what_does_not_fit():
    facts = TableFacts.from_query({"c": "3nt", "x": "XX", "d": "w", "t": "13"})
    assert (facts.contract_text, facts.declarer, facts.tricks) == ("3NTXX", Seat.W, 13)
    hostile = TableFacts.from_query({"c": "8S", "x": "XXX", "d": "Q", "t": "²"})
    assert hostile == TableFacts()
    assert TableFacts.from_query({"c": "4S", "t": "14"}).tricks is None
    assert TableFacts.from_query({"t": "open"}).in_progress
    assert TableFacts.from_query({"c": "P", "x": "X"}).contract_text == "Pass"


def test_only_what_the_record_lacks_is_asked():
    bare = Board.checked(number=1, deal=DEAL)
    assert missing_fact(bare, TableFacts()) == "contract"
    assert missing_fact(bare, TableFacts(contract="4S")) == "declarer"
    assert missing_fact(bare, TableFacts(contract="4S", declarer=Seat.N)) == "tricks"
    assert missing_fact(bare, TableFacts(contract="4S", declarer=Seat.N, tricks=9)) is None
    assert missing_fact(bare, TableFacts(contract="4S", declarer=Seat.N, in_progress=True)) is None
    assert missing_fact(bare, TableFacts(contract="P")) is None
    with_auction = Board.checked(number=1, deal=DEAL, auction=["1S", "P", "4S", "P", "P", "P"])
    assert missing_fact(with_auction, TableFacts()) == "tricks"
    full = Board.checked(
        number=1, deal=DEAL, auction=["1S", "P", "4S", "P", "P", "P"], play=CASE_PLAY, claim=9
    )
    assert missing_fact(full, TableFacts()) is None


def test_the_facts_go_on_the_board_model_as_contract_declarer_and_result():
    bare = Board.checked(number=7, deal=DEAL)
    ruled = board_with_facts(bare, TableFacts(contract="4S", doubling=1, declarer=Seat.N, tricks=9))
    assert (ruled.contract, ruled.declarer, ruled.result) == ("4SX", Seat.N, 9)
    assert ruled.vulnerability is Vulnerability.ALL  # board 7
    assert ruled.declarer_tricks_played() == 9
    assert ruled.score_ns(9) == -200  # 4SX down one vulnerable
    # Exactly what a PBN with Contract, Declarer and Result tags and no auction gives.
    pbn = f'[Board "7"]\n[Deal "{DEAL}"]\n[Contract "4SX"]\n[Declarer "N"]\n[Result "9"]\n'
    assert parse_pbn(pbn)[0] == ruled


def test_a_recorded_auction_is_kept_and_a_contract_given_against_it_is_ignored():
    with_auction = Board.checked(number=1, deal=DEAL, auction=["1S", "P", "4S", "P", "P", "P"])
    ruled = board_with_facts(with_auction, TableFacts(contract="3NT", declarer=Seat.E, tricks=10))
    assert (str(ruled.contract_obj), ruled.declarer_seat, ruled.result) == ("4S", Seat.N, 10)


def test_the_same_facts_give_the_same_board_id():
    bare = Board.checked(number=1, deal=DEAL)
    one = board_with_facts(bare, TableFacts(contract="4S", declarer=Seat.N, tricks=9))
    same = board_with_facts(bare, TableFacts(contract="4S", declarer=Seat.N, tricks=9))
    other = board_with_facts(bare, TableFacts(contract="4S", declarer=Seat.N, tricks=10))
    assert facts_board_id("s", one) == facts_board_id("s", same) != facts_board_id("s", other)
    assert facts_board_id("s", one) != facts_board_id("t", one)


def test_a_revoke_from_the_hand_record_and_the_tables_facts_scores_like_the_full_play():
    """The same transfer and score whether the play was recorded or the TD gave the facts."""
    full = Board.checked(
        number=1, deal=DEAL, auction=["1S", "P", "4S", "P", "P", "P"], play=CASE_PLAY, claim=9
    )
    from_play = rule("revoke", full, None, {"attention": "in_time", "equity": "skip"})
    bare = Board.checked(number=1, deal=DEAL)
    ruled = board_with_facts(bare, TableFacts(contract="4S", declarer=Seat.N, tricks=9))
    assert ruled.declarer_tricks_played() == full.declarer_tricks_played() == 9
    assert from_play.adjustment is not None
    played = from_play.adjustment.declarer_tricks_played
    assert ruled.score_ns(played) == from_play.adjustment.score_ns_played == -50


def test_load_find_and_remove_a_session(tmp_path: Path):
    store = Store(tmp_path / "log.sqlite3")
    info = load_file(store, HAND_RECORD, "Tuesday pairs")
    assert (info.name, info.board_count, info.source) == (
        "Tuesday pairs",
        24,
        "24-boards-no-play.pbn",
    )
    assert find_session(store, None).id == info.id
    assert find_session(store, "tuesday PAIRS").id == info.id
    unnamed = load_file(store, HAND_RECORD)
    assert unnamed.name == "24-boards-no-play"
    assert find_session(store, None).id == unnamed.id  # the latest is the default
    with pytest.raises(RecordError, match="no session 'Friday'"):
        find_session(store, "Friday")
    with pytest.raises(RecordError, match="cannot read the file"):
        load_file(store, tmp_path / "missing.pbn")


def test_cli_session_load_list_remove_and_export(capsys: pytest.CaptureFixture[str]):
    assert main(["session", "load", str(HAND_RECORD), "--name", "CLI pairs"]) == 0
    out = capsys.readouterr().out
    assert "24 boards" in out and "CLI pairs" in out
    assert main(["session", "list"]) == 0
    assert "CLI pairs (default)" in capsys.readouterr().out
    store = open_store()
    session = find_session(store, "CLI pairs")
    data = store.session_board(session.id, 17)
    assert data is not None
    ruled = board_with_facts(
        Board.model_validate(data), TableFacts(contract="4H", declarer=Seat.N, tricks=9)
    )
    board_id = store.save_board(json.loads(ruled.model_dump_json()), "t", session_id=session.id)
    from td_assist.ruling_log import log_facts

    ruling = rule("revoke", ruled, None, {"revoke_found": "no"})
    store.save_ruling(
        board_id,
        "revoke",
        {"revoke_found": "no"},
        ruling.model_dump(mode="json"),
        facts=log_facts(ruled, ruling, session.id, table="4", ns_pair="2", ew_pair="9"),
    )
    assert main(["log", "export", "--session", "CLI pairs", "--format", "csv"]) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    assert lines[0].startswith("session,board,table,ns_pair,ew_pair")
    assert lines[1].startswith("CLI pairs,17,4,2,9,4H,N,9,-50,9,-50,")
    assert main(["log", "export", "--format", "pbn"]) == 0
    reread = parse_pbn(capsys.readouterr().out)
    assert [(b.number, b.contract, b.result) for b in reread] == [(17, "4H", 9)]
    assert main(["log", "export", "--format", "html"]) == 0
    page = capsys.readouterr().out
    assert page.count('class="report-page"') == 1 and "<style>" in page
    assert main(["session", "remove", "CLI pairs"]) == 0
    assert main(["session", "remove", "CLI pairs"]) == 2
    assert "already removed" in capsys.readouterr().err


@pytest.mark.skipif(not REAL.exists(), reason="../shared/real-records is not here")
def test_every_real_record_loads_as_a_session_or_says_why(tmp_path: Path):
    """Sessions from 78 real PBN/LIN files: loaded, or a clear RecordError; nothing else."""
    manifest = json.loads((REAL / "manifest.json").read_text(encoding="utf-8"))
    store = Store(tmp_path / "real.sqlite3")
    loaded = 0
    for item in manifest["files"]:
        try:
            info = load_file(store, REAL / item["file"])
        except RecordError as error:
            assert str(error)
            continue
        loaded += 1
        assert info.board_count >= 1
        for number in store.session_board_numbers(info.id)[:3]:
            data = store.session_board(info.id, number)
            assert data is not None and Board.model_validate(data).deal
    assert loaded >= len(manifest["files"]) // 2
