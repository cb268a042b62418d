"""The call-out-of-rotation wizard against the 2017 Laws 28-32: who chooses, how long the
partner is barred and at which call, what a comparable call cancels, which reading of the
record counts for declarer."""

from __future__ import annotations

import pytest

from td_assist.bridge.board import Board
from td_assist.bridge.errors import RecordError
from td_assist.rulings.engine.registry import rule
from td_assist.rulings.engine.walk import AnswerError
from td_assist.rulings.wizards.call_out_of_rotation import CallOutOfRotationReport


def _rule(auction: str, index: int, offender: str | None, number: int = 1, **answers: str):
    board = Board.checked(number=number, auction=auction.split())
    report = CallOutOfRotationReport(call_index=index, offender=offender)
    return rule("call-out-of-rotation", board, report, dict(answers))


def test_opening_at_partners_turn_not_comparable_bars_partner_once_at_his_next_turn():
    # N deals; S opens 1C first. Cancelled: N 1D, E 1H, S 1S (not comparable), W 2H,
    # N's enforced pass is the 6th call as made, then 4H by East.
    ruling = _rule("1C 1D 1H 1S 2H P 4H P P P", 1, "S", accepted="no", comparable="no")
    rect = ruling.rectification
    assert ruling.outcome == "bid_not_comparable"
    assert rect["partner_barred"] == "once"  # 2017 Law 31B2 -> 31A2(b): never whole_auction
    assert rect["partner_pass_at"] == 6
    assert rect["accept_chooser"] == "W" and rect["chooser"] == "W"
    assert rect["contract"] == "4H" and rect["declarer"] == "E"
    assert rect["lead_restrictions"] and rect["restricted_leader"] == "N"
    assert rect["forbid_suits"] == ["H", "D", "C"]  # South specified spades only (26B)


def test_a_comparable_call_cancels_the_bar_and_the_lead_restriction():
    ruling = _rule("1C 1D 1H 1S 2H P 4H P P P", 1, "S", accepted="no", comparable="yes")
    rect = ruling.rectification
    assert ruling.outcome == "bid_comparable_call"
    assert rect["partner_barred"] == "none" and rect["partner_pass_at"] is None
    assert not rect["lead_restrictions"] and rect["forbid_suits"] == []
    assert not rect["unauthorised_withdrawn_call"]  # Law 23B: 16C2 does not apply
    assert "23C" in ruling.laws


@pytest.mark.parametrize(
    ("auction", "index", "offender", "answers", "outcome"),
    [
        ("P 1H P 2C P P P", 1, "N", {"accepted": "no", "comparable": "no"}, "pass_not_comparable"),
        (
            "1D 1H 1S P 2S P P P",
            2,
            "S",
            {"accepted": "no", "comparable": "no"},
            "bid_not_comparable",
        ),
    ],
)
def test_every_non_comparable_bar_is_one_turn(auction, index, offender, answers, outcome):
    number = 3 if auction.startswith("P 1H") else 1
    ruling = _rule(auction, index, offender, number=number, **answers)
    assert ruling.outcome == outcome
    assert ruling.rectification["partner_barred"] == "once"
    assert ruling.rectification["partner_pass_at"] == 6


def test_pass_at_rhos_turn_binds_the_offender_not_his_partner():
    # N deals; E passes first (RHO's turn). Law 30A: E passes at his next turn, call 3.
    ruling = _rule("P 1S P 2S P 4S P P P", 1, "E", accepted="no")
    rect = ruling.rectification
    assert ruling.outcome == "pass_rho_turn"
    assert rect["offender_obligation"] == "pass_once" and rect["offender_pass_at"] == 3
    assert rect["partner_barred"] == "none" and not rect["lead_restrictions"]
    assert rect["accept_chooser"] == "S"  # the offender's LHO, not the dealer's partner
    assert rect["contract"] == "4S" and rect["declarer"] == "N"


def test_pass_before_any_call_depends_on_whose_turn_it_was():
    # Dealer East: North (dealer's RHO) passes first: LHO's turn, Law 30B1, not 30A.
    lho = _rule("P 1S P 2S P P P", 1, "N", number=2, called_before_ruling="no", comparable="no")
    assert lho.rectification["turn_of"] == "LHO"
    assert lho.outcome == "pass_not_comparable"
    assert lho.rectification["offender_obligation"] == "none"
    assert lho.rectification["chooser"] is None  # East's own call is in turn (28B / 29B)
    # Dealer North: East (dealer's LHO) passes first: RHO's turn, Law 30A.
    rho = _rule("P 1S P 2S P 4S P P P", 1, "E", accepted="no")
    assert rho.outcome == "pass_rho_turn"


def test_accepted_call_counts_and_the_turn_passed_over_is_lost():
    ruling = _rule("1H 1S 2C 2S P 4S P P P", 2, "S", accepted="yes")
    rect = ruling.rectification
    assert ruling.outcome == "accepted_29a"
    assert rect["accepted"] and not rect["cancelled"] and rect["next_to_call"] == "W"
    assert rect["contract"] == "4S" and rect["declarer"] == "S"
    assert "East has lost the turn passed over." in ruling.text


def test_the_cancelled_call_never_names_declarer():
    # South's 1S at North's turn is cancelled; North opens 1S and South raises to 4S.
    # Counting the cancelled 1S would make South declarer; North named spades first.
    ruling = _rule("1S 1S P 4S P P P", 1, "S", accepted="no", comparable="yes")
    assert ruling.rectification["contract"] == "4S"
    assert ruling.rectification["declarer"] == "N"


def test_28b_ignores_the_call_without_rectification():
    ruling = _rule("1H 1S 2C", 2, "S", called_before_ruling="yes")
    rect = ruling.rectification
    assert ruling.outcome == "ignored_28b"
    assert rect["chooser"] is None and rect["partner_barred"] == "none"
    assert not rect["lead_restrictions"] and rect["unauthorised_withdrawn_call"]


def test_accepting_is_not_open_to_the_player_whose_turn_it_was():
    with pytest.raises(AnswerError, match="28B"):
        _rule("P 1D", 1, "N", number=2, accepted="yes")


def test_insufficient_call_out_of_rotation_repeated_goes_to_the_insufficient_bid_wizard():
    ruling = _rule("1S P 1H P", 3, "W", accepted="no")
    assert ruling.outcome == "repeat_insufficient"
    assert ruling.rectification["hand_on_to"] == "insufficient-bid"


def test_inadmissible_double_cannot_be_accepted():
    ruling = _rule("1H X", 2, "S", accepted="yes")
    assert ruling.outcome == "inadmissible_double"
    assert ruling.rectification["chooser"] is None


def test_a_call_in_turn_is_refused():
    with pytest.raises(RecordError, match="not out of rotation"):
        _rule("1H 1S", 2, "E")


def test_the_tapped_auction_names_the_offender():
    board = Board.checked(number=1, deal=None)
    ruling = rule(
        "call-out-of-rotation",
        board,
        None,
        {"auction": "S:1NT", "call_index": "1", "accepted": "no", "comparable": "no"},
    )
    assert ruling.rectification["offender"] == "S"
    assert ruling.rectification["turn_of"] == "partner"
    assert ruling.rectification["partner_pass_at"] == 6


def test_cli_heads_the_ruling_with_the_contract_as_ruled(capsys):
    from pathlib import Path

    from td_assist.cli import main

    case = Path(__file__).resolve().parent.parent / "rulings" / "cases" / "call-out-of-rotation"
    code = main(
        [
            "rule",
            "call-out-of-rotation",
            str(case / "10-opening-at-partner-turn-not-comparable.toml"),
        ]
    )
    assert code == 0
    # Read with the cancelled 1C standing the calls would end in 4H by South.
    assert capsys.readouterr().out.startswith("Board 1, 4♥ by East")


def test_the_board_beside_the_ruling_leaves_the_cancelled_call_out():
    from td_assist.rulings.wizards.call_out_of_rotation import board_as_ruled

    board = Board.checked(
        number=1, auction=["1C", "1D", "1H", "1S", "2H", "P", "4H", "P", "P", "P"]
    )
    ruled = board_as_ruled(board, {"call_index": "1", "offender": "S", "accepted": "no"})
    assert ruled.auction == ["1D", "1H", "1S", "2H", "P", "4H", "P", "P", "P"]
    assert str(ruled.contract_obj) == "4H" and ruled.declarer_seat.value == "E"
    assert board_as_ruled(board, {"call_index": "1", "offender": "S"}) is board


def test_a_barred_call_in_the_record_is_named_with_law_37():
    # North had to pass at call 6 and bid 3D there.
    ruling = _rule("1C 1D 1H 1S 2H 3D P P P", 1, "S", accepted="no", comparable="no")
    assert ruling.rectification["partner_pass_at"] == 6
    assert "The record shows North calling 3D at call 6" in ruling.text
    assert "Law 37" in ruling.text


def test_an_auction_that_ends_before_the_partners_turn_leaves_no_pass_to_enforce():
    # South's 1H at North's turn is cancelled; North opens 1S, East passes, South passes
    # (not comparable), West passes: the auction is over before North calls again.
    ruling = _rule("1H 1S P P P", 1, "S", accepted="no", comparable="no")
    rect = ruling.rectification
    assert rect["partner_barred"] == "once" and rect["partner_pass_at"] is None
    assert "no pass is left to enforce" in ruling.text
    assert rect["contract"] == "1S" and rect["declarer"] == "N"


def test_cli_rules_in_german_with_lang_de(capsys):
    """The walk, the ruling and the Law 26B lines all in German (issue 36)."""
    from pathlib import Path

    from td_assist.cli import main

    from .test_german_pages import english_in

    case = Path(__file__).resolve().parent.parent / "rulings" / "cases" / "call-out-of-rotation"
    for name in ("10-opening-at-partner-turn-not-comparable", "01-overcall-at-rho-turn-accepted"):
        assert (
            main(["--lang", "de", "rule", "call-out-of-rotation", str(case / f"{name}.toml")]) == 0
        )
        out = capsys.readouterr().out
        assert "Entscheidung:" in out
        assert not english_in(f"<p>{out}</p>", set()), out


def test_cli_lists_the_questions_in_german_with_placeholder_words_in_german(capsys):
    from td_assist.cli import main

    assert main(["--lang", "de", "rule", "call-out-of-rotation", "--list-questions"]) == 0
    out = capsys.readouterr().out
    assert "Hätte der Schuldige die Ansage außer Reihenfolge" in out
    assert "Sein Partner (der Spieler, der an der Reihe war)" in out
    assert "(the player whose turn it was)" not in out
