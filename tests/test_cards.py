import pytest

from td_assist.bridge.cards import Card, Rank, Seat, Side, Strain, Suit
from td_assist.bridge.errors import RecordError


def test_seat_relationships_follow_clockwise_rotation():
    assert [Seat.N.lho, Seat.E.lho, Seat.S.lho, Seat.W.lho] == [Seat.E, Seat.S, Seat.W, Seat.N]
    assert [s.rho for s in Seat] == [Seat.W, Seat.N, Seat.E, Seat.S]
    assert [s.partner for s in Seat] == [Seat.S, Seat.W, Seat.N, Seat.E]
    assert [s.side for s in Seat] == [Side.NS, Side.EW, Side.NS, Side.EW]
    assert Seat.W.rotation() == (Seat.W, Seat.N, Seat.E, Seat.S)


@pytest.mark.parametrize("text", ["N", "n", "North", "NORTH", " north "])
def test_seat_parse_accepts_letters_and_names(text):
    assert Seat.parse(text) is Seat.N


@pytest.mark.parametrize("text", ["", "Q", "Nord", "NE"])
def test_seat_parse_rejects_unknown(text):
    with pytest.raises(RecordError, match="unknown seat"):
        Seat.parse(text)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("SA", "SA"),
        ("H10", "HT"),
        ("hq", "HQ"),
        ("♥Q", "HQ"),
        ("10H", "HT"),
        ("QH", "HQ"),
        ("c2", "C2"),
        ("♣10", "CT"),
        ("DT", "DT"),
    ],
)
def test_card_parse_variants(text, expected):
    assert str(Card.parse(text)) == expected


@pytest.mark.parametrize("text", ["", "S", "S1", "X5", "SAA", "H11", "♥", "1234"])
def test_card_parse_rejects_nonsense(text):
    with pytest.raises(RecordError, match="unknown card"):
        Card.parse(text)


def test_strain_order_for_sufficiency():
    assert [
        s.order
        for s in (Strain.CLUBS, Strain.DIAMONDS, Strain.HEARTS, Strain.SPADES, Strain.NOTRUMP)
    ] == [0, 1, 2, 3, 4]
    assert Strain.parse("N") is Strain.NOTRUMP and Strain.parse("nt") is Strain.NOTRUMP
    assert Strain.NOTRUMP.suit is None and Strain.HEARTS.suit is Suit.HEARTS


def test_honours_are_ace_to_ten():
    assert [r.value for r in Rank if r.is_honour] == ["T", "J", "Q", "K", "A"]


def test_pretty_card_uses_symbols():
    assert Card.parse("HT").pretty == "♥10"
