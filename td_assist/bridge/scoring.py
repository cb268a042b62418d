"""Scores (Law 77), IMPs and matchpoints (Law 78), weighted and artificial scores (Law 12C).

>>> score(Contract.parse("4S"), tricks=10, vulnerable=False)
420
>>> score_ns(Contract.parse("2SX", Seat.E), tricks=7, vulnerability=Vulnerability.NONE)
100
>>> imps(750)
13
"""

from __future__ import annotations

import bisect
import enum
from collections.abc import Sequence
from dataclasses import dataclass

from td_assist.bridge.auction import Contract
from td_assist.bridge.cards import Seat, Strain
from td_assist.bridge.deal import Vulnerability
from td_assist.bridge.errors import RecordError
from td_assist.i18n import _

_GAME_THRESHOLD = 100
# Module names: Python 3.11 reaches Strain.CLUBS or Seat.N through the class in ~0.7 us
_MINORS = (Strain.CLUBS, Strain.DIAMONDS)
_NOTRUMP = Strain.NOTRUMP
_NORTH_SOUTH = (Seat.N, Seat.S)


def trick_points(contract: Contract) -> int:
    """Points for the tricks bid, counting doubling (Law 77, contract points)."""
    if contract.is_passed_out:
        return 0
    per_trick = 20 if contract.strain in _MINORS else 30
    points = per_trick * contract.level + (10 if contract.strain is _NOTRUMP else 0)
    return points * (1, 2, 4)[contract.doubling]


def score(contract: Contract, tricks: int, vulnerable: bool) -> int:
    """The declaring side's score for taking ``tricks`` tricks (negative when defeated)."""
    if contract.is_passed_out:
        return 0
    if not 0 <= tricks <= 13:
        raise RecordError(_("declarer cannot take {tricks} tricks (0 to 13)").format(tricks=tricks))
    over = tricks - contract.tricks_needed
    if over < 0:
        return -undertrick_penalty(-over, contract.doubling, vulnerable)
    contract_points = trick_points(contract)
    total = contract_points
    if contract_points >= _GAME_THRESHOLD:
        total += 500 if vulnerable else 300
    else:
        total += 50
    if contract.level == 6:
        total += 750 if vulnerable else 500
    elif contract.level == 7:
        total += 1500 if vulnerable else 1000
    total += (0, 50, 100)[contract.doubling]
    if contract.doubling == 0:
        per_over = 20 if contract.strain in _MINORS else 30
    else:
        per_over = (100 if not vulnerable else 200) * contract.doubling
    return total + over * per_over


def undertrick_penalty(down: int, doubling: int, vulnerable: bool) -> int:
    """What the defenders score for ``down`` undertricks (Law 77)."""
    if down <= 0:
        return 0
    if doubling == 0:
        return down * (100 if vulnerable else 50)
    if vulnerable:
        doubled = 200 + 300 * (down - 1)
    else:
        doubled = 100 + 200 * min(down - 1, 2) + 300 * max(down - 3, 0)
    return doubled * doubling


def score_ns(
    contract: Contract, tricks: int, vulnerability: Vulnerability, declarer: Seat | None = None
) -> int:
    """The score from North-South's view. Only the declaring side's vulnerability counts."""
    if contract.is_passed_out:
        return 0
    declarer = declarer or contract.declarer
    if declarer is None:
        raise RecordError(
            _("contract {contract} has no declarer, so the score has no side").format(
                contract=contract
            )
        )
    points = score(contract, tricks, vulnerability.is_vulnerable(declarer))
    return points if declarer in _NORTH_SOUTH else -points


# Law 78B: the lower bound of each IMP band.
_IMP_BOUNDS = (
    20, 50, 90, 130, 170, 220, 270, 320, 370, 430, 500, 600, 750, 900, 1100,
    1300, 1500, 1750, 2000, 2250, 2500, 3000, 3500, 4000,
)  # fmt: skip


def imps(difference: float) -> int:
    """IMPs for a total-point difference, with its sign (Law 78B)."""
    value = bisect.bisect_right(_IMP_BOUNDS, abs(difference))
    return value if difference >= 0 else -value


class MatchpointScale(enum.StrEnum):
    """2 per result beaten, 1 per tie (as in Europe); or 1 and 0.5 (North American)."""

    TWO_ONE = "2/1"
    ONE_HALF = "1/0.5"

    @property
    def per_win(self) -> float:
        return 2.0 if self is MatchpointScale.TWO_ONE else 1.0


def matchpoints(
    scores: Sequence[float], scale: MatchpointScale = MatchpointScale.TWO_ONE
) -> list[float]:
    """Matchpoints for each result on a traveller, from the same side's view (Law 78A)."""
    win = scale.per_win
    return [
        sum(win if s > other else win / 2 if s == other else 0.0 for other in scores) - win / 2
        for s in scores
    ]


def matchpoint_top(count: int, scale: MatchpointScale = MatchpointScale.TWO_ONE) -> float:
    return scale.per_win * (count - 1)


def percentages(scores: Sequence[float]) -> list[float]:
    """Each result's matchpoints as a percentage of the top (identical on either scale)."""
    if len(scores) < 2:
        return [50.0 for _ in scores]
    top = matchpoint_top(len(scores))
    return [100.0 * mp / top for mp in matchpoints(scores)]


@dataclass(frozen=True, slots=True)
class WeightedResult:
    """One possible result of a weighted adjusted score (Law 12C1(c))."""

    score_ns: int
    weight: float


def _check_weights(results: Sequence[WeightedResult]) -> float:
    if not results:
        raise RecordError(_("a weighted score needs at least one result"))
    if any(r.weight < 0 for r in results):
        raise RecordError(_("weights in a weighted score cannot be negative"))
    total = sum(r.weight for r in results)
    if total <= 0:
        raise RecordError(_("the weights of a weighted score must add up to more than zero"))
    return total


def weighted_total_points(results: Sequence[WeightedResult]) -> float:
    """The expected total-point score: each result times its share of the weights."""
    total = _check_weights(results)
    return sum(r.score_ns * r.weight for r in results) / total


def weighted_imps(results: Sequence[WeightedResult], comparison_ns: int) -> float:
    """Weighted IMPs: each result is IMPed against the other table, then weighted.

    Converting each result first (not the average) is how Law 12C1(c) scores work.
    """
    total = _check_weights(results)
    return sum(imps(r.score_ns - comparison_ns) * r.weight for r in results) / total


def weighted_matchpoints(
    results: Sequence[WeightedResult],
    others: Sequence[int],
    scale: MatchpointScale = MatchpointScale.TWO_ONE,
) -> float:
    """Weighted matchpoints of one table against the other results on the traveller."""
    total = _check_weights(results)
    return sum(matchpoints([r.score_ns, *others], scale)[0] * r.weight for r in results) / total


class ArtificialScore(enum.StrEnum):
    """Artificial adjusted scores of Law 12C2, as percentages; in IMPs per Law 12C2(b)."""

    AVERAGE_PLUS = "average-plus"
    AVERAGE = "average"
    AVERAGE_MINUS = "average-minus"

    @property
    def percent(self) -> int:
        return {"average-plus": 60, "average": 50, "average-minus": 40}[self.value]

    @property
    def imps(self) -> int:
        return {"average-plus": 3, "average": 0, "average-minus": -3}[self.value]

    def matchpoints(self, top: float) -> float:
        return top * self.percent / 100
