"""The unauthorised-information worked cases tell stories their records can hold.

Trainees learn from these cases, so a case that weighs a result the auction makes
impossible, or rests on a contract the record lacks, teaches the Law wrongly.
"""

from td_assist.bridge.auction import Auction
from td_assist.bridge.cards import Suit
from td_assist.rulings.procedures.result_answers import parse_results
from td_assist.training.cases import Case, load_cases

CASES = [case for case in load_cases("unauthorised-information") if case.board is not None]


def _auction(case: Case) -> Auction | None:
    board = case.board.to_board()  # type: ignore[union-attr]
    if not board.auction:
        return None
    return Auction.parse(board.dealer, board.auction)


def _pass_ends_the_auction(case: Case) -> tuple[Auction, list] | None:
    """For a case weighing results for a partner's bid: the auction with a pass in its
    place, when that pass ends the auction, and the results weighed."""
    ruling = case.run()
    r = ruling.rectification or {}
    index, results = r.get("action_index"), case.answers.get("results")
    if not (index and results and ruling.outcome in {"adjust_assigned", "adjust_split"}):
        return None
    board = case.board.to_board()  # type: ignore[union-attr]
    if board.auction[index - 1] == "P" or case.answers.get("source_kind") == "opponent":
        return None  # not a bid the pass would replace
    passed = Auction.parse(board.dealer, [*board.auction[: index - 1], "P"])
    return (passed, parse_results(results)) if passed.is_complete else None


def test_weighted_results_are_legal_when_the_alternative_pass_ends_the_auction():
    """Law 12C1(c): weigh only results that could have happened legally.

    When the action ruled on is a bid after two passes, its logical alternative, a pass,
    ends the auction: every result weighed is then the contract already bid.
    """
    checked = 0
    for case in CASES:
        found = _pass_ends_the_auction(case)
        if found is None:
            continue
        passed, results = found
        standing = passed.contract()
        for result in results:
            assert (result.contract.level, result.contract.strain, result.declarer) == (
                standing.level,
                standing.strain,
                passed.declarer(),
            ), f"{case.id}: {result} cannot happen after a pass that ends the auction"
        checked += 1
    assert checked >= 3  # the check must bite on the library, not pass on no case


def test_the_result_without_the_error_is_in_the_tables_contract():
    """Law 12C1(e): the non-offenders' error in defence changes the tricks, not the
    contract: the result without it is the table's contract, doubled only if the
    record's is."""
    split = [case for case in CASES if case.answers.get("result_without_error")]
    assert split
    for case in split:
        auction = _auction(case)
        contract = auction.contract() if auction is not None else None
        assert contract is not None and auction is not None
        for result in parse_results(case.answers["result_without_error"]):
            mine, theirs = result.contract, contract
            assert (mine.level, mine.strain, mine.doubling) == (
                theirs.level,
                theirs.strain,
                theirs.doubling,
            ), f"{case.id}: {result} is not the record's contract {contract}"
            assert result.declarer == auction.declarer()


def test_the_opening_bid_fits_the_hand():
    """A one-level suit opening shows five or more cards and opening values; a 1NT
    opening 15-17 points with no singleton (the cases' own system)."""
    checked = 0
    for case in CASES:
        board = case.board.to_board()  # type: ignore[union-attr]
        opening = next(((i, c) for i, c in enumerate(board.auction) if c != "P"), None)
        if board.deal is None or opening is None:
            continue
        position, call = opening
        hand = board.deal_obj.hand(board.dealer.offset(position))
        if call == "1NT":
            assert 15 <= hand.hcp() <= 17, f"{case.id}: 1NT on {hand.hcp()} points"
            assert min(len(hand.suit_cards(s)) for s in Suit) >= 2
        elif call[0] == "1" and call[1:] in {"S", "H"}:
            assert len(hand.suit_cards(Suit(call[1:]))) >= 5, f"{case.id}: {call} short"
            assert hand.hcp() >= 11, f"{case.id}: {call} on {hand.hcp()} points"
        checked += 1
    assert checked >= 10
