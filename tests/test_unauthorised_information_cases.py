"""The unauthorised-information worked cases tell stories their records can hold.

Trainees learn from these cases, so a case that weighs a result the auction makes
impossible, or rests on a contract the record lacks, teaches the Law wrongly.
"""

import pytest

from td_assist.bridge.auction import Auction
from td_assist.bridge.cards import Suit
from td_assist.rulings.adjusted import parse_results
from td_assist.rulings.cases import Case, load_cases

CASES = [case for case in load_cases("unauthorised-information") if case.board is not None]


def _id(case: Case) -> str:
    return case.id


def _auction(case: Case) -> Auction | None:
    board = case.board.to_board()  # type: ignore[union-attr]
    if not board.auction:
        return None
    return Auction.parse(board.dealer, board.auction)


@pytest.mark.parametrize("case", CASES, ids=_id)
def test_weighted_results_are_legal_when_the_alternative_pass_ends_the_auction(case):
    """Law 12C1(c): weigh only results that could have happened legally.

    When the action ruled on is a bid after two passes, its logical alternative, a pass,
    ends the auction: every result weighed is then the contract already bid.
    """
    ruling = case.run()
    r = ruling.rectification or {}
    index, results = r.get("action_index"), case.answers.get("results")
    if not (index and results and ruling.outcome in {"adjust_assigned", "adjust_split"}):
        pytest.skip("no weighted results for a partner's action")
    board = case.board.to_board()  # type: ignore[union-attr]
    if board.auction[index - 1] == "P" or case.answers.get("source_kind") == "opponent":
        pytest.skip("the action is not a bid the pass would replace")
    passed = Auction.parse(board.dealer, [*board.auction[: index - 1], "P"])
    if not passed.is_complete:
        pytest.skip("a pass would not end the auction here")
    standing = passed.contract()
    for result in parse_results(results):
        assert (result.contract.level, result.contract.strain, result.declarer) == (
            standing.level,
            standing.strain,
            passed.declarer(),
        ), f"{case.id}: {result} cannot happen after a pass that ends the auction"


@pytest.mark.parametrize("case", CASES, ids=_id)
def test_the_result_without_the_error_is_in_the_tables_contract(case):
    """Law 12C1(e): the non-offenders' error in defence changes the tricks, not the
    contract: the result without it is the table's contract, doubled only if the
    record's is."""
    text = case.answers.get("result_without_error")
    if not text:
        pytest.skip("no Law 12C1(e) split")
    auction = _auction(case)
    contract = auction.contract() if auction is not None else None
    assert contract is not None and auction is not None
    for result in parse_results(text):
        mine, theirs = result.contract, contract
        assert (mine.level, mine.strain, mine.doubling) == (
            theirs.level,
            theirs.strain,
            theirs.doubling,
        ), f"{case.id}: {result} is not the record's contract {contract}"
        assert result.declarer == auction.declarer()


@pytest.mark.parametrize("case", CASES, ids=_id)
def test_the_opening_bid_fits_the_hand(case):
    """A one-level suit opening shows five or more cards and opening values; a 1NT
    opening 15-17 points with no singleton (the cases' own system)."""
    board = case.board.to_board()  # type: ignore[union-attr]
    if not board.auction or board.deal is None:
        pytest.skip("no auction")
    opening = next(((i, c) for i, c in enumerate(board.auction) if c != "P"), None)
    if opening is None:
        pytest.skip("passed out")
    position, call = opening
    hand = board.deal_obj.hand(board.dealer.offset(position))
    if call == "1NT":
        assert 15 <= hand.hcp() <= 17, f"{case.id}: 1NT on {hand.hcp()} points"
        assert min(len(hand.suit_cards(s)) for s in Suit) >= 2
    elif call[0] == "1" and call[1:] in {"S", "H"}:
        assert len(hand.suit_cards(Suit(call[1:]))) >= 5, f"{case.id}: {call} on a short suit"
        assert hand.hcp() >= 11, f"{case.id}: {call} on {hand.hcp()} points"
