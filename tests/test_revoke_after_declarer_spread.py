"""A revoke after declarer spread his hand (Law 54A): his partner plays the hand from then
on and his own cards are dummy's, so a card of his hand not played is a card faced on
the table (Law 64B3: no automatic transfer), not a revoke by declarer (Law 64A)."""

from __future__ import annotations

from td_assist.bridge.board import Board, Irregularity
from td_assist.rulings.engine.registry import rule

# Board 3 of rulings/cases/lead-out-of-turn/02-declarer-spreads.toml: South plays 4S, East
# leads the queen of hearts out of turn, South spreads his hand and North declares. At
# trick 2 South's hand, played by North, ruffs a diamond while holding three.
SPREAD = Board(
    number=3,
    dealer="S",
    deal="N:5432.543.AK2.432 76.QJT9.QJT9.765 AKQJ.876.876.AKQ T98.AK2.543.JT98",
    auction=["1S", "P", "4S", "P", "P", "P"],
    play=["HQ", "H6", "H2", "H3", "DQ", "SJ", "D3", "D2", "SA", "S8", "S2", "S6"],
    irregularities=[Irregularity(section="declarer", index=0, code="^", text="N")],
)


def test_the_spread_hand_revoking_is_dummy_not_declarer():
    ruling = rule("revoke", SPREAD, None, {"attention": "in_time"})
    steps = {step.node: step for step in ruling.path}
    assert steps["offender"].evidence[0].startswith("The record shows the revoke by South (dummy)")
    assert steps["dummy_card"].answer == "yes"
    assert ruling.outcome == "no_transfer_dummy_or_penalty_card"
    assert ruling.adjustment is not None and ruling.adjustment.tricks_transferred == 0


def test_without_the_spread_the_same_revoke_is_declarers():
    board = SPREAD.model_copy(update={"irregularities": []})
    ruling = rule("revoke", board, None, {"attention": "in_time"})
    steps = {step.node: step for step in ruling.path}
    assert "South (declarer)" in steps["offender"].evidence[0]
    assert steps["dummy_card"].answer == "no"
