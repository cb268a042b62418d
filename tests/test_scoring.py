"""Scores against ../shared/reference/seed-facts.md and rules restated independently."""

import pytest

from td_assist.bridge.auction import Contract
from td_assist.bridge.cards import Seat, Strain
from td_assist.bridge.deal import Vulnerability
from td_assist.bridge.scoring import (
    ArtificialScore,
    MatchpointScale,
    WeightedResult,
    imps,
    matchpoints,
    percentages,
    score,
    score_ns,
    weighted_imps,
    weighted_matchpoints,
    weighted_total_points,
)


@pytest.mark.parametrize(
    ("contract", "tricks", "vul", "expected"),
    [
        ("2S", 10, False, 170),
        ("4S", 10, False, 420),
        ("4S", 10, True, 620),
        ("3S", 11, False, 200),
        ("4S", 11, False, 450),
        ("6NT", 13, False, 1020),
        ("2SX", 9, False, 570),
        ("3NT", 9, False, 400),
        ("7NT", 13, True, 2220),
        ("1NT", 7, False, 90),
        ("2HX", 8, False, 470),
        ("1CXX", 7, True, 230),
        ("4HX", 7, True, -800),
        ("4HX", 7, False, -500),
        ("7SXX", 0, True, -7600),
    ],
)
def test_worked_scores(contract, tricks, vul, expected):
    assert score(Contract.parse(contract), tricks, vul) == expected


# The undertrick table of seed-facts.md, typed in as given: (down1, down2, down3, each further)
UNDERTRICKS = {
    (False, 0): (50, 100, 150, 50),
    (False, 1): (100, 300, 500, 300),
    (False, 2): (200, 600, 1000, 600),
    (True, 0): (100, 200, 300, 100),
    (True, 1): (200, 500, 800, 300),
    (True, 2): (400, 1000, 1600, 600),
}


def expected_score(level: int, strain: str, doubling: int, vul: bool, tricks: int) -> int:
    """Law 77 restated from the reference sheet, not from the code under test."""
    needed = level + 6
    if tricks < needed:
        down = needed - tricks
        first3 = UNDERTRICKS[(vul, doubling)]
        return -(first3[down - 1] if down <= 3 else first3[2] + (down - 3) * first3[3])
    multiplier = {0: 1, 1: 2, 2: 4}[doubling]
    trick_values = [{"C": 20, "D": 20, "H": 30, "S": 30}.get(strain, 30) for _ in range(level)]
    if strain == "NT":
        trick_values[0] = 40
    bid_points = sum(trick_values) * multiplier
    total = bid_points + ((500 if vul else 300) if bid_points >= 100 else 50)
    total += {6: 750 if vul else 500, 7: 1500 if vul else 1000}.get(level, 0)
    total += {0: 0, 1: 50, 2: 100}[doubling]
    over = tricks - needed
    if doubling == 0:
        total += over * (20 if strain in "CD" else 30)
    else:
        total += over * (200 if vul else 100) * (2 if doubling == 2 else 1)
    return total


@pytest.mark.parametrize("strain", ["C", "D", "H", "S", "NT"])
@pytest.mark.parametrize("level", range(1, 8))
def test_every_contract_doubling_vulnerability_and_trick_count(
    level,
    strain,
):
    for doubling in (0, 1, 2):
        contract = Contract(level, Strain(strain), doubling, Seat.S)
        for vul in (False, True):
            for tricks in range(14):
                assert score(contract, tricks, vul) == expected_score(
                    level, strain, doubling, vul, tricks
                ), (str(contract), vul, tricks)


def test_doubled_heart_trick_is_worth_60_not_40():
    # 2HX making 8: 120 trick points (game), 300, 50 for the insult = 470.
    assert score(Contract.parse("2HX"), 8, False) == 470


def test_score_from_north_south_view_uses_declarers_vulnerability():
    assert score_ns(Contract.parse("4S", Seat.E), 10, Vulnerability.NS) == -420
    assert score_ns(Contract.parse("4S", Seat.E), 10, Vulnerability.EW) == -620
    assert score_ns(Contract.parse("4S", Seat.S), 9, Vulnerability.EW) == -50
    assert score_ns(Contract.passed_out(), 0, Vulnerability.ALL) == 0


IMP_TABLE = [
    (0, 10, 0),
    (20, 40, 1),
    (50, 80, 2),
    (90, 120, 3),
    (130, 160, 4),
    (170, 210, 5),
    (220, 260, 6),
    (270, 310, 7),
    (320, 360, 8),
    (370, 420, 9),
    (430, 490, 10),
    (500, 590, 11),
    (600, 740, 12),
    (750, 890, 13),
    (900, 1090, 14),
    (1100, 1290, 15),
    (1300, 1490, 16),
    (1500, 1740, 17),
    (1750, 1990, 18),
    (2000, 2240, 19),
    (2250, 2490, 20),
    (2500, 2990, 21),
    (3000, 3490, 22),
    (3500, 3990, 23),
    (4000, 9000, 24),
]


@pytest.mark.parametrize(("low", "high", "value"), IMP_TABLE)
def test_imp_table_band_edges(low, high, value):
    for diff in range(low, high + 1, 10):
        assert imps(diff) == value and imps(-diff) == -value


def test_worked_team_match_totals_plus_15():
    boards = [  # (table 1 NS score, table 2 NS score) from seed-facts.md
        (
            score_ns(Contract.parse("4S", Seat.S), 10, Vulnerability.NONE),
            score_ns(Contract.parse("4S", Seat.S), 11, Vulnerability.NONE),
        ),
        (
            score_ns(Contract.parse("5DX", Seat.W), 8, Vulnerability.NS),
            score_ns(Contract.parse("4H", Seat.N), 10, Vulnerability.NS),
        ),
        (
            score_ns(Contract.parse("3NT", Seat.W), 12, Vulnerability.EW),
            score_ns(Contract.parse("6NT", Seat.W), 12, Vulnerability.EW),
        ),
        (
            score_ns(Contract.parse("2H", Seat.N), 9, Vulnerability.ALL),
            score_ns(Contract.parse("4H", Seat.N), 9, Vulnerability.ALL),
        ),
    ]
    # Our NS sat at table 1; our EW at table 2 scores the negative of table 2's NS score.
    nets = [t1 - t2 for t1, t2 in boards]
    assert nets == [-30, -120, 750, 240]
    assert [imps(n) for n in nets] == [-1, -3, 13, 6]
    assert sum(imps(n) for n in nets) == 15


TRAVELLER = [  # seed-facts.md: board 1, none vulnerable
    ("4S", "N", 10, 5, 7),
    ("3NT", "S", 10, 8, 4),
    ("5DX", "E", 8, 12, 0),
    ("4S", "N", 10, 5, 7),
    ("4S", "N", 11, 10, 2),
    ("5S", "N", 10, 0, 12),
    ("3S", "N", 10, 2, 10),
]


def test_worked_traveller_matchpoints_both_scales():
    scores = [
        score_ns(Contract.parse(c, Seat(d)), t, Vulnerability.NONE) for c, d, t, *_ in TRAVELLER
    ]
    assert scores == [420, 430, 500, 420, 450, -50, 170]
    assert matchpoints(scores) == [row[3] for row in TRAVELLER]
    assert matchpoints([-s for s in scores]) == [row[4] for row in TRAVELLER]
    assert matchpoints(scores, MatchpointScale.ONE_HALF) == [row[3] / 2 for row in TRAVELLER]
    assert percentages(scores)[2] == 100.0 and percentages(scores)[0] == pytest.approx(41.667, 0.01)


def test_weighted_score_law_12c1c():
    results = [WeightedResult(420, 0.6), WeightedResult(-50, 0.4)]
    assert weighted_total_points(results) == pytest.approx(232.0)
    # Each result is IMPed first: +420 v +170 = +6; -50 v +170 = -6 -> 0.6*6 + 0.4*-6 = 1.2
    assert weighted_imps(results, 170) == pytest.approx(1.2)
    others = [430, 500, 420, 450, -50, 170]
    # +420 beats -50 and +170 and ties +420: 5; -50 ties -50: 1 -> 0.6*5 + 0.4*1
    assert weighted_matchpoints(results, others) == pytest.approx(3.4)


def test_weights_must_be_sensible():
    from td_assist.bridge.errors import RecordError

    with pytest.raises(RecordError):
        weighted_total_points([])
    with pytest.raises(RecordError):
        weighted_total_points([WeightedResult(100, -1)])


def test_artificial_adjusted_scores_law_12c2():
    assert [a.percent for a in ArtificialScore] == [60, 50, 40]
    assert ArtificialScore.AVERAGE_PLUS.matchpoints(12) == pytest.approx(7.2)
    assert ArtificialScore.AVERAGE_MINUS.imps == -3
