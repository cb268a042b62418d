"""Revoke rulings on random complete boards: the Law 64 invariants always hold."""

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from benchmarks.make_fixture import random_board
from td_assist.rulings.engine.registry import rule


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10**9), st.integers(1, 32))
def test_transfers_follow_law_64(seed, number):
    board = random_board(number, random.Random(seed), revoke=True)
    ruling = rule("revoke", board, None, {})
    assert ruling.status == "complete"
    adjustment = ruling.adjustment
    revokes = board.revokes
    if not revokes:
        assert ruling.outcome == "none" and adjustment.tricks_transferred == 0
        return
    play = board.play_obj
    for line in adjustment.revokes:
        assert 0 <= line.transferred <= 2  # Law 64A never moves more than two per revoke
        won_from = sum(
            1 for t in play.tricks[line.trick - 1 :] if t.winner.side is line.offender.side
        )
        assert line.transferred <= won_from  # only tricks the offenders won from the revoke on
        if line.trick == 12:
            assert line.transferred == 0  # Law 64B6
    declarer = board.declarer_seat
    offender_side = revokes[0].seat.side
    played, final = adjustment.declarer_tricks_played, adjustment.declarer_tricks_final
    assert played == play.tricks_won_by(declarer.side)
    moved = final - played
    assert abs(moved) == adjustment.tricks_transferred
    if moved:
        # tricks always move away from the offending side
        assert (moved < 0) == (offender_side is declarer.side)
    assert 0 <= final <= 13
