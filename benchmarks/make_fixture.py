"""Write tests/data/32-boards.pbn: 32 random boards with complete play, some revokes.

Deterministic (fixed seed), so the file in the repository can be regenerated and
compared. Play follows suit with a random card, except that on a few boards one
player discards while holding the suit led, as happens at the table.

    python benchmarks/make_fixture.py
"""

from __future__ import annotations

import random
from pathlib import Path

from td_assist.bridge.auction import Auction, Call
from td_assist.bridge.board import Board
from td_assist.bridge.cards import ALL_CARDS, Card, Seat, Strain
from td_assist.bridge.deal import Deal, Hand, board_dealer, board_vulnerability
from td_assist.bridge.formats.pbn import boards_to_pbn
from td_assist.bridge.play import Trick

OUT = Path(__file__).resolve().parent.parent / "tests" / "data" / "32-boards.pbn"


def random_board(number: int, rng: random.Random, revoke: bool) -> Board:
    cards = list(ALL_CARDS)
    rng.shuffle(cards)
    deal = Deal.from_hands(
        {seat: Hand.of(cards[i * 13 : i * 13 + 13]) for i, seat in enumerate(Seat)}
    )
    dealer = board_dealer(number)
    level = rng.randint(1, 4)
    strain = rng.choice(list(Strain))
    calls = ["P"] * rng.randint(0, 3) + [str(Call.bid(level, strain))]
    if rng.random() < 0.2:
        calls.append("X")
    calls += ["P", "P", "P"]
    auction = Auction.parse(dealer, calls)
    contract = auction.contract()
    assert contract is not None and contract.declarer is not None
    trump = contract.strain.suit if contract.strain else None
    hands = {seat: set(deal.hand(seat).cards) for seat in Seat}
    leader = contract.declarer.lho
    revoke_trick = rng.randint(2, 10) if revoke else 0
    played: list[str] = []
    for number_of_trick in range(1, 14):
        trick_cards: list[Card] = []
        for position, seat in enumerate(leader.rotation()):
            hand = sorted(hands[seat], key=lambda c: c.sort_key)
            if position == 0:
                card = rng.choice(hand)
            else:
                led = trick_cards[0].suit
                follow = [c for c in hand if c.suit is led]
                others = [c for c in hand if c.suit is not led]
                if follow and others and number_of_trick == revoke_trick and position == 1:
                    card = rng.choice(others)
                else:
                    card = rng.choice(follow or hand)
            hands[seat].discard(card)
            trick_cards.append(card)
            played.append(str(card))
        winner = Trick(number_of_trick, leader, tuple(trick_cards), trump).winner
        assert winner is not None
        leader = winner
    return Board.checked(
        number=number,
        dealer=dealer,
        vulnerability=board_vulnerability(number),
        deal=deal.to_pbn(),
        auction=calls,
        play=played,
        event="Fixture",
    )


def make_boards(count: int = 32, seed: int = 2017) -> list[Board]:
    rng = random.Random(seed)
    return [random_board(n, rng, revoke=n % 4 == 0) for n in range(1, count + 1)]


if __name__ == "__main__":
    boards = make_boards()
    OUT.write_text(boards_to_pbn(boards), encoding="utf-8")
    print(f"wrote {OUT} ({len(boards)} boards, {sum(len(b.revokes) for b in boards)} revokes)")
