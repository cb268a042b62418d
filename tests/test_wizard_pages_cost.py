"""What the cheaper wizard pages and rulings keep (issue 29): the short cuts give what the
long way gave. The pages themselves are compared with the long way's in
test_wizard_pages_kept.py and the wizard tests; these check the short cuts on the
inputs the pages do not happen to send."""

from __future__ import annotations

import re
from urllib.parse import parse_qsl, urlencode

import pytest

from td_assist.bridge.cards import Seat, Side, seat_names
from td_assist.i18n import catalog, use_language
from td_assist.web.wizard import _encoded

from .conftest import TAPPED_HANDS

ODD_VALUES = [
    "9",
    "after_round",
    "skip",
    "a:b",
    "1 2",
    "4H-1",
    "a+b",
    "50%",
    "x&a=y",
    "ä ß €",
    "",
    "-~._",
    "\ud800",  # a lone surrogate from a hostile address
]


@pytest.mark.parametrize("value", ODD_VALUES)
@pytest.mark.parametrize("node", ["declarer_tricks", "2.attention", "lead_choice_5"])
def test_an_answer_is_encoded_as_urlencode_encodes_it(node: str, value: str) -> None:
    try:
        expected = urlencode([("a", f"{node}:{value}")])
    except UnicodeEncodeError:
        with pytest.raises(UnicodeEncodeError):
            _encoded(node, value)
        return
    assert _encoded(node, value) == expected
    assert parse_qsl(_encoded(node, value), keep_blank_values=True) == [("a", f"{node}:{value}")]


def test_a_number_answer_is_encoded_as_urlencode_encodes_it() -> None:
    for number in range(0, 14):
        assert _encoded("declarer_tricks", number) == urlencode(
            [("a", f"declarer_tricks:{number}")]
        )


def test_a_seats_side_is_its_partnership() -> None:
    assert {seat: seat.side for seat in Seat} == {
        Seat.N: Side.NS,
        Seat.S: Side.NS,
        Seat.E: Side.EW,
        Seat.W: Side.EW,
    }
    for seat in Seat:
        assert seat.side is seat.partner.side
        assert seat.side is not seat.lho.side


def test_seat_names_follow_the_language_each_time() -> None:
    for _round in range(2):  # the second round reads the kept names
        with use_language("de"):
            assert Seat.E.name_full == "Ost"
            assert seat_names()["N"] == "Nord"
        with use_language("en"):
            assert Seat.E.name_full == "East"
            assert seat_names() == {"N": "North", "E": "East", "S": "South", "W": "West"}


def test_the_kept_seat_names_cannot_be_changed_by_a_caller() -> None:
    with use_language("en"):
        names = seat_names()
        names["N"] = "changed"
        assert seat_names()["N"] == "North"
        assert Seat.N.name_full == "North"


def test_a_catalog_read_again_gives_its_seat_names_anew() -> None:
    with use_language("de"):
        assert Seat.W.name_full == "West"
        catalog.cache_clear()  # a new catalog object: the kept names are not reused
        assert Seat.S.name_full == "Süd"


def test_a_wizard_page_lists_each_number_once_with_its_own_address(app) -> None:
    client = app.test_client()
    board = {
        "number": 1,
        "hands": {seat: hand.split() for seat, hand in TAPPED_HANDS.items()},
        "auction": ["1S", "P", "4S", "P", "P", "P"],
        "play": ["HA", "H6", "H9", "H3", "HK", "H7", "HT", "H4", "D5", "DA", "D9", "D2"],
    }
    board_id = client.post("/api/boards", json=board).get_json()["id"]
    page = client.get(f"/rule/revoke/{board_id}").get_data(as_text=True)
    buttons = re.findall(r'<a class="button answer" href="([^"]+)">(\d+)</a>', page)
    assert buttons, "the first question asks for declarer's tricks"
    for address, number in buttons:
        assert address == f"/rule/revoke/{board_id}?a=declarer_tricks%3A{number}"
    assert len({number for _address, number in buttons}) == len(buttons)
