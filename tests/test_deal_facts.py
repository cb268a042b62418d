"""Facts checked against the deal (issue 26): a revoke in a suit the offender never
held, a number of tricks the play rules out, a trick beyond the play get a message
naming the fact, not a ruling, on the command line, the API and the tablet; the
tablet's pickers offer only what can be."""

from __future__ import annotations

import json
import re

import pytest

from td_assist.bridge.board import Board
from td_assist.bridge.errors import RecordError
from td_assist.cli import main
from td_assist.rulings.engine.registry import rule
from td_assist.rulings.engine.requests import parse_irregularity
from td_assist.web import create_app

# West holds no spade; everyone else holds every suit.
VOID_DEAL = "N:AKQJ.AKQJ.AKQ.AK T9872.T98.T98.T9 6543.765.765.765 .432.J432.QJ8432"
TABLE = {"contract": "4S", "declarer": "N", "declarer_tricks": "9"}
REVOKE = {
    **TABLE,
    "revoke_found": "yes",
    "offender": "W",
    "revoke_trick": "5",
    "established": "yes",
    "won_from_revoke": "1",
    "won_revoke_trick": "yes",
}
# Six tricks of a real play (North declares 1S and has won 5 of them), then nothing.
PLAYED_TEXT = "D3 DK D8 D5 C8 C6 CT C9 CA C2 CK D6 C7 C4 CQ H7 S8 ST S4 SJ H5 HT H6 H4"
PLAYED = PLAYED_TEXT.split()
PARTIAL_DEAL = "N:KQ43.K84.5.AJT73 J.J953.AT93.9542 A9865.T2.K74.KQ8 T72.AQ76.QJ862.6"


def void_board() -> Board:
    return Board.checked(number=1, dealer="N", vulnerability="None", deal=VOID_DEAL)


def partial_board() -> Board:
    return Board.checked(
        number=1,
        dealer="N",
        vulnerability="None",
        deal=PARTIAL_DEAL,
        auction=["1S", "P", "P", "P"],
        play=PLAYED,
    )


@pytest.fixture
def client(tmp_path):
    app = create_app({"TESTING": True, "STORE_PATH": str(tmp_path / "l.db"), "SECRET_KEY": "t"})
    return app.test_client()


def test_a_revoke_in_a_suit_he_never_held_is_refused_naming_the_fact():
    with pytest.raises(RecordError) as refused:
        rule("revoke", void_board(), None, {**REVOKE, "revoke_suit": "S"})
    message = str(refused.value)
    assert "West held no spades in the deal" in message and "revoke_suit" in message
    ruled = rule("revoke", void_board(), None, {**REVOKE, "revoke_suit": "H"})
    assert ruled.status == "complete"


def test_the_suit_picker_offers_only_the_suits_he_held():
    asked = rule(
        "revoke",
        void_board(),
        None,
        {**TABLE, "revoke_found": "yes", "offender": "W", "revoke_trick": "5"},
        mode="step",
    )
    assert asked.pending.node == "revoke_suit"
    assert [c["value"] for c in asked.pending.choices] == ["H", "D", "C"]
    assert "West held no spades" in asked.pending.help


def test_declarer_tricks_the_play_rules_out_are_refused_and_not_offered():
    board = partial_board()
    # North's side has won 5 of the 6 tricks played: 5 to 12 in all.
    for wizard in ("revoke", "lead-out-of-turn", "penalty-card"):
        with pytest.raises(RecordError) as refused:
            rule(wizard, board, None, {"declarer_tricks": "4"})
        assert "declarer_tricks=4 cannot be" in str(refused.value)
        assert "5 of the 6 tricks played" in str(refused.value)
    with pytest.raises(RecordError):
        rule("revoke", board, None, {"declarer_tricks": "13"})
    # More than 13 is refused even where the wizard would not use the number.
    auction = Board.checked(deal=VOID_DEAL, dealer="N", auction=["1NT", "1H"])
    with pytest.raises(RecordError, match="a board has 13 tricks"):
        rule(
            "insufficient-bid",
            auction,
            parse_irregularity({"kind": "insufficient_bid", "call_index": 2}),
            {"declarer_tricks": "14"},
        )
    given = {"revoke_found": "yes", "offender": "E", "revoke_trick": "3", "revoke_suit": "H"}
    given |= {"established": "yes", "won_from_revoke": "1", "won_revoke_trick": "no"}
    asked = rule("revoke", board, None, {**given, "usual": "yes"}, mode="step")
    assert asked.pending.node == "declarer_tricks"
    assert (asked.pending.minimum, asked.pending.maximum) == (5, 12)


def test_a_trick_beyond_the_play_is_refused_for_every_wizard_that_names_one():
    board = partial_board()
    reports = {
        "revoke": {"kind": "revoke", "offender": "E", "trick": 9},
        "lead-out-of-turn": {
            "kind": "lead_out_of_turn",
            "offender": "E",
            "card": "HJ",
            "trick": 11,
        },
        "penalty-card": {
            "kind": "penalty_card",
            "offender": "E",
            "cards": ["HJ"],
            "trick": 11,
            "exposure": "inadvertent",
        },
    }
    for wizard, report in reports.items():
        with pytest.raises(RecordError) as refused:
            rule(wizard, board, parse_irregularity(report), {})
        assert "beyond the play: the record ends at trick 6" in str(refused.value), wizard
    with pytest.raises(RecordError) as refused:
        rule("revoke", board, None, {"revoke_found": "yes", "offender": "E", "revoke_trick": "9"})
    assert "revoke_trick" in str(refused.value) and "beyond the play" in str(refused.value)
    # The next trick is still possible: the record stops where the play has got to.
    rule(
        "lead-out-of-turn",
        board,
        parse_irregularity({**reports["lead-out-of-turn"], "trick": 7}),
        {},
    )


def test_the_trick_pickers_offer_only_the_tricks_the_play_reaches():
    board = partial_board()
    asked = rule("revoke", board, None, {"revoke_found": "yes", "offender": "E"}, mode="step")
    assert asked.pending.node == "revoke_trick" and asked.pending.maximum == 7
    asked = rule("lead-out-of-turn", board, None, {"offender": "E"}, mode="step")
    assert asked.pending.node == "trick" and asked.pending.maximum == 7
    # Tricks won from the revoke on: no more than are left from the revoke trick.
    asked = rule(
        "revoke",
        void_board(),
        None,
        {
            **TABLE,
            "revoke_found": "yes",
            "offender": "W",
            "revoke_trick": "11",
            "revoke_suit": "H",
            "established": "yes",
            "usual": "yes",
        },
        mode="step",
    )
    assert asked.pending.node == "won_from_revoke" and asked.pending.maximum == 3


def test_the_cli_and_the_api_name_the_fact(tmp_path, capsys, client):
    request = {
        "board": {"number": 1, "dealer": "N", "vulnerability": "None", "deal": VOID_DEAL},
        "answers": {**REVOKE, "revoke_suit": "S"},
    }
    path = tmp_path / "request.json"
    path.write_text(json.dumps(request), encoding="utf-8")
    assert main(["rule", "revoke", str(path)]) == 2
    assert "West held no spades in the deal" in capsys.readouterr().err
    response = client.post("/api/rulings/revoke", json=request)
    assert response.status_code == 400
    assert "West held no spades in the deal" in response.get_json()["error"]


def test_the_tablet_names_the_fact_and_offers_only_held_suits(client):
    page = client.get("/boards/new").get_data(as_text=True)
    token = re.search(r'name="csrf_token" value="([^"]+)"', page).group(1)
    text = f'[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n[Deal "{VOID_DEAL}"]\n'
    response = client.post("/boards", data={"text": text, "csrf_token": token})
    board_id = response.headers["Location"].rsplit("/", 1)[-1]
    base = f"/rule/revoke/{board_id}?" + "&".join(
        f"a={k}:{v}"
        for k, v in [
            *TABLE.items(),
            ("revoke_found", "yes"),
            ("offender", "W"),
            ("revoke_trick", "5"),
        ]
    )
    picker = client.get(base).get_data(as_text=True)
    assert ">Hearts<" in picker and ">Spades<" not in picker
    refused = client.get(base + "&a=revoke_suit:S")
    assert refused.status_code == 400
    assert "West held no spades in the deal" in refused.get_data(as_text=True)
