"""The auction given as an answer on a hand-record board (``auction="1S P W:1H"``):
every wizard rules it exactly as it rules a record holding that auction."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from td_assist.bridge.board import Board, Irregularity
from td_assist.bridge.errors import RecordError
from td_assist.bridge.formats import read_boards
from td_assist.cli import main
from td_assist.i18n import use_language
from td_assist.rulings.engine.registry import answered_board, get_wizard, rule
from td_assist.web import create_app

HAND_RECORD = Path(__file__).resolve().parent / "data" / "24-boards-no-play.pbn"


def hand_record_board(number: int) -> Board:
    return next(b for b in read_boards(HAND_RECORD) if b.number == number)


def with_auction(board: Board, calls: str, **extra: object) -> Board:
    return Board.checked(**(board.model_dump() | {"auction": calls.split()} | extra))


def same(first, second) -> None:
    """Two rulings alike in everything the TD and the scorer read."""
    assert first.status == second.status
    assert first.outcome == second.outcome
    assert first.title == second.title
    assert first.text == second.text
    assert first.rectification == second.rectification
    assert first.adjustment == second.adjustment
    assert first.laws == second.laws


@pytest.mark.parametrize(
    ("calls", "answers"),
    [
        # East's 1H replaced by 2H, the lowest in hearts: Law 27B1(a).
        ("P 1S 1H 2H", {"accepted": "no"}),
        # Replaced by 2C, another strain: Law 27B2, partner barred.
        ("P 1S 1H 2C P P P", {"accepted": "no", "comparable": "no"}),
        # South's 2D over it accepted it (Law 27A1); the contract is read from the calls.
        ("P 1S 1H 2D P P P", {"accepted": "yes"}),
    ],
)
def test_insufficient_bid_from_an_answered_auction_rules_as_the_record(calls, answers):
    board = hand_record_board(5)  # dealer North
    from_answer = rule("insufficient-bid", board, None, {"auction": calls, **answers})
    from_record = rule("insufficient-bid", with_auction(board, calls), None, answers)
    same(from_answer, from_record)
    assert from_answer.status == "complete"


def test_a_seat_prefix_gives_an_insufficient_bid_out_of_rotation_as_whose_turn():
    """West bids 1H at South's turn: the record form gives the bid to South and the TD
    says whose_turn (Law 27A2, then Laws 29 and 31)."""
    board = hand_record_board(5)
    answers = {"accepted": "no", "rho_call": "call", "comparable": "no"}
    tapped = rule("insufficient-bid", board, None, {"auction": "P 1S W:1H", **answers})
    recorded = rule(
        "insufficient-bid", with_auction(board, "P 1S 1H"), None, answers | {"whose_turn": "rho"}
    )
    same(tapped, recorded)
    assert tapped.rectification["offender"] == "W"
    # Law 27A2: ruled by the call-out-of-rotation wizard, through the registry.
    assert tapped.wizard == "call-out-of-rotation"
    assert tapped.rectification["turn_of"] == "RHO"
    assert "31A2b" in tapped.laws
    plain = rule(
        "insufficient-bid",
        board,
        None,
        {"auction": "P 1S 1H", "accepted": "no", "replacement": "2H"},
    )
    assert plain.rectification["offender"] == "S"  # the plain form: in turn


def test_a_whose_turn_answer_against_the_tapped_seat_is_refused():
    with pytest.raises(RecordError, match="whose_turn=own does not fit"):
        rule(
            "insufficient-bid",
            hand_record_board(5),
            None,
            {"auction": "P 1S W:1H", "whose_turn": "own"},
        )


def test_an_earlier_call_out_of_rotation_is_held_as_pbn_holds_it():
    """North's turn, South opened 1S and it stood: North's and East's turns were passed
    over, which PBN records as two ^S before 1S."""
    board = hand_record_board(5)
    facts = {"declarer_tricks": "9", "revoke_found": "no"}
    tapped = rule("revoke", board, None, {"auction": "S:1S P 4S P P P"} | facts)
    skip = Irregularity(section="auction", index=0, code="^S")
    skipped = with_auction(board, "1S P 4S P P P", irregularities=[skip, skip])
    recorded = rule("revoke", skipped, None, facts)
    same(tapped, recorded)
    assert tapped.status == "complete"
    written, _ = answered_board(get_wizard("revoke"), board, {"auction": "S:1S P 4S P P P"})
    assert (str(written.contract_obj), written.declarer_seat.value) == ("4S", "S")


def test_the_replacement_is_told_apart_from_acceptance_by_its_seat():
    board = hand_record_board(5)
    replaced = rule("insufficient-bid", board, None, {"auction": "P 1S 1H S:2H P P P"})
    accepted = rule("insufficient-bid", board, None, {"auction": "P 1S 1H W:2H P P P"})
    assert replaced.rectification["accepted"] is False
    assert replaced.rectification["declarer"] == "S"  # South's 2H replaced his 1H
    assert accepted.rectification["accepted"] is True
    assert accepted.rectification["declarer"] == "W"  # West's 2H over the accepted 1H
    assert accepted.rectification["replacement"] is None


def test_the_ib_call_index_answer_picks_the_call_tapped():
    """Two insufficient bids: the call tapped (call_index) is the one ruled."""
    board = hand_record_board(5)
    second = rule(
        "insufficient-bid",
        board,
        None,
        {"auction": "1S 1H 2H 2D", "call_index": "4", "accepted": "no", "replacement": "3D"},
    )
    assert second.rectification["call_index"] == 4
    assert second.rectification["insufficient_bid"] == "2D"


def test_unauthorised_information_from_an_answered_auction_names_who_did_what():
    board = hand_record_board(6)  # dealer East
    calls = "P 1H 1S 2H 3S P P 4H P P P"
    answers = {
        "call_index": "6",
        "ui": "yes",
        "suggested": "yes",
        "logical_alternative": "yes",
        "damaged": "yes",
        "results": "3S W 9",
        "usual": "yes",
    }
    tapped = rule("unauthorised-information", board, None, answers | {"auction": calls})
    recorded = rule("unauthorised-information", with_auction(board, calls), None, answers)
    same(tapped, recorded)
    assert tapped.text.startswith("South hesitated over East's 3♠ and passed; North bid 4♥.")
    assert "North chose 4♥ at call 8" in tapped.text
    for placeholder in ("the action chosen", "call_index", "the call concerned"):
        assert placeholder not in tapped.text
    assert tapped.rectification["source"] == "S" and tapped.rectification["action"] == "4H"


def test_unauthorised_information_reads_the_caller_after_a_call_out_of_rotation():
    """West called out of rotation at North's turn and it stood; the hesitation was
    East's next call, so West (not the seat rotation alone would give) received it."""
    board = hand_record_board(5)  # dealer North
    ruling = rule(
        "unauthorised-information",
        board,
        None,
        {"auction": "W:P 1S P 2S P", "call_index": "3", "ui": "no"},
    )
    assert ruling.rectification["source"] == "E"
    assert ruling.rectification["receiver"] == "W"


@pytest.mark.parametrize(
    ("calls", "named"),
    [
        ("1S X XX XX", "call 4 (XX)"),
        ("1S P P P 2H", "call 5 (2H)"),
        ("1S P 1Z", "call 3 ('1Z')"),
        ("1S P Q:1H", "call 3 ('Q:1H')"),
    ],
)
def test_a_bad_auction_is_refused_naming_the_call(calls, named):
    with pytest.raises(RecordError) as error:
        rule("revoke", hand_record_board(5), None, {"auction": calls})
    assert named in str(error.value) and "answer auction" in str(error.value)


def test_an_auction_answer_on_a_board_with_an_auction_is_refused():
    board = with_auction(hand_record_board(5), "1S P P P")
    with pytest.raises(RecordError, match="already holds an auction"):
        rule("revoke", board, None, {"auction": "1H P P P"})


def test_cli_takes_the_auction_with_the_board_number(capsys):
    code = main(
        [
            "rule",
            "insufficient-bid",
            str(HAND_RECORD),
            "--board",
            "5",
            "--answer",
            "auction=P 1S 1H 2H",
            "--answer",
            "accepted=no",
            "--json",
        ]
    )
    assert code == 0
    ruling = json.loads(capsys.readouterr().out)
    assert ruling["outcome"] == "lowest_same_denomination"
    assert (
        main(["rule", "revoke", str(HAND_RECORD), "--board", "5", "--answer", "auction=1S X XX XX"])
        != 0
    )
    assert "call 4 (XX)" in capsys.readouterr().err


def test_api_takes_the_auction_among_the_answers(tmp_path):
    app = create_app(
        {"TESTING": True, "STORE_PATH": str(tmp_path / "log.sqlite3"), "SECRET_KEY": "test"}
    )
    client = app.test_client()
    board = json.loads(hand_record_board(5).model_dump_json())
    reply = client.post(
        "/api/rulings/insufficient-bid",
        json={"board": board, "answers": {"auction": "P 1S 1H 2H", "accepted": "no"}},
    )
    assert reply.status_code == 200
    assert reply.get_json()["outcome"] == "lowest_same_denomination"
    bad = client.post(
        "/api/rulings/insufficient-bid",
        json={"board": board, "answers": {"auction": "1S X XX XX"}},
    )
    assert bad.status_code == 400 and "call 4 (XX)" in bad.get_json()["error"]


@pytest.mark.parametrize(
    ("calls", "named"),
    [("1S X XX XX", "Ansage 4 (XX): "), ("1S P 1Z", "Ansage 3 ('1Z'): ")],
)
def test_a_bad_auction_is_refused_in_german_naming_the_call(calls, named):
    """The board's place ("Reizung, Ansage 4") is read back to the answer's call in German
    too, not left as the board's own place."""
    with use_language("de"), pytest.raises(RecordError) as error:
        rule("revoke", hand_record_board(5), None, {"auction": calls})
    assert named in str(error.value) and "answer auction" in str(error.value)
    assert "Reizung, Ansage" not in str(error.value)


@pytest.mark.parametrize(
    ("answer", "expected"),
    [
        ("14", "declarer_tricks=14 ist unmöglich: ein Board hat 13 Stiche"),
        ("x", "'x' ist keine ganze Zahl"),
    ],
)
def test_an_impossible_trick_count_is_refused_in_german(answer, expected):
    board = read_boards(Path(__file__).parent / "data" / "revoke-full-play.pbn")[0]
    with use_language("de"), pytest.raises(RecordError) as error:
        rule("revoke", board, None, {"usual": "yes", "declarer_tricks": answer})
    assert expected in str(error.value), str(error.value)
