"""Real revoke rulings with published answers, put to the revoke wizard (audit).

Each entry is a ruling a Director (or a course, a magazine column, a WBFLC minute)
answered with the law; the facts are as the source gives them, and where it is silent
(the trick number, the tricks won after the revoke) a value consistent with its story is
filled in. The wizard must give the same transfer, final tricks, score and laws.
"""

from __future__ import annotations

import pytest

from td_assist.bridge.board import Board
from td_assist.rulings.engine.registry import rule

USUAL = {
    "revoke_found": "yes",
    "same_trick": "no",
    "established": "yes",
    "dummy_card": "no",
    "repeat": "no",
    "both_sides": "no",
    "attention": "in_time",
}

RULINGS = [
    pytest.param(
        # bridgebase.com forums topic 64765: declarer revokes on a heart that dummy wins;
        # the declaring side wins tricks later. One trick (64A2): made instead of +1.
        1, "4S", "S",
        {"offender": "S", "revoke_trick": "3", "revoke_suit": "H", "won_from_revoke": "9",
         "won_revoke_trick": "no", "declarer_tricks": "11"},
        (1, 10, 420), {"64A2"},
        id="declarer-revokes-dummy-wins",
    ),
    pytest.param(
        # English Bridge, Apr 2008 (J. Dhondy): 6D by East, declarer discards on the third
        # club, won by dummy; the club Director gave two tricks, the answer is one (64A2).
        1, "6D", "E",
        {"offender": "E", "revoke_trick": "6", "revoke_suit": "C", "won_from_revoke": "8",
         "won_revoke_trick": "no", "declarer_tricks": "12"},
        (1, 11, 50), {"64A2"},
        id="slam-one-trick-not-two",
    ),
    pytest.param(
        # NZ Bridge forum "Revoke and reaction" (board 5): 4S by West, South ruffs a heart
        # while holding one and wins it, North later ruffs a diamond: two tricks (64A1);
        # declarer's nine tricks become eleven.
        5, "4S", "W",
        {"offender": "S", "revoke_trick": "8", "revoke_suit": "H", "won_from_revoke": "2",
         "won_revoke_trick": "yes", "later_trick": "yes", "declarer_tricks": "9"},
        (2, 11, -450), {"64A1"},
        id="defender-wins-revoke-trick-and-a-later-one",
    ),
    pytest.param(
        # EBL TD course 2013 (T. Kooijman, "All you should know about revokes"): West's
        # revoke wins the trick and East-West win more: a two-trick transfer, 4S-1 to 4S+1.
        1, "4S", "S",
        {"offender": "W", "revoke_trick": "1", "revoke_suit": "H", "won_from_revoke": "4",
         "won_revoke_trick": "yes", "later_trick": "yes", "declarer_tricks": "9"},
        (2, 11, 450), {"64A1"},
        id="revoke-wins-the-trick",
    ),
    pytest.param(
        # Rulings column (J. Beddow, after Machlin): 2SX by South, both vulnerable; West
        # plays the heart ace on the diamond king while holding the diamond ace; South's
        # king wins; East-West win three trumps later. One trick (64A2): 2SX+3, +1270.
        7, "2SX", "S",
        {"offender": "W", "revoke_trick": "2", "revoke_suit": "D", "won_from_revoke": "3",
         "won_revoke_trick": "no", "declarer_tricks": "10"},
        (1, 11, 1270), {"64A2"},
        id="doubled-partscore-one-trick",
    ),
    pytest.param(
        # bridgebase.com forums topic 70436: 4H by South, declarer discards on dummy's
        # club ace and so scores his club jack; twelve tricks, ten without the revoke.
        # The one-trick transfer falls short: Law 64C1 gives the normal result, ten.
        1, "4H", "S",
        {"offender": "S", "revoke_trick": "1", "revoke_suit": "C", "won_from_revoke": "12",
         "won_revoke_trick": "no", "declarer_tricks": "12", "equity": "10"},
        (1, 10, 420), {"64A2", "64C1"},
        id="equity-beyond-the-transfer",
    ),
    pytest.param(
        # WBFLC minute 2001-11-01 #4 (EBU White Book 64.3): a defender ruffs, declarer
        # overruffs holding the suit, both established: no transfer, equity as though
        # neither had revoked (64B7, 64C2(b)).
        1, "4S", "S",
        {"offender": "W", "revoke_trick": "4", "revoke_suit": "H", "both_sides": "yes",
         "declarer_tricks": "10", "equity": "9"},
        (0, 9, -50), {"64B7", "64C2b"},
        id="both-sides-revoke",
    ),
]  # fmt: skip


@pytest.mark.parametrize(("number", "contract", "declarer", "facts", "expected", "laws"), RULINGS)
def test_the_wizard_rules_as_the_published_answer(
    number, contract, declarer, facts, expected, laws
):
    answers = USUAL | facts | {"contract": contract, "declarer": declarer}
    ruling = rule("revoke", Board.checked(number=number), None, answers)
    adjustment = ruling.adjustment
    assert ruling.status == "complete"
    got = (
        adjustment.tricks_transferred,
        adjustment.declarer_tricks_final,
        adjustment.score_ns_final,
    )
    assert got == expected
    assert laws <= set(ruling.laws)
