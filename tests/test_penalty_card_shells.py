"""The penalty-card wizard through every shell: CLI, JSON API, tablet pages, home, laws."""

import json
import re

import pytest

from td_assist.cli import main
from td_assist.web import create_app

DEAL = "N:5432.543.AK2.432 76.QJT9.QJT9.765 AKQJ.876.876.AKQ T98.AK2.543.JT98"
BOARD = {
    "number": 3,
    "deal": DEAL,
    "auction": ["1S", "P", "4S", "P", "P", "P"],
    "play": ["C8", "C2", "C5", "CA", "H6", "H2", "H3", "H9", "C6", "CK", "C9", "C3"],
}
REPORT = {
    "kind": "penalty_card",
    "offender": "E",
    "cards": ["HQ"],
    "trick": 1,
    "exposure": "inadvertent",
}


@pytest.fixture
def client(tmp_path):
    app = create_app(
        {"TESTING": True, "STORE_PATH": str(tmp_path / "log.sqlite3"), "SECRET_KEY": "test"}
    )
    return app.test_client()


def test_cli_rules_from_a_json_request(tmp_path, capsys):
    request = tmp_path / "request.json"
    # Dropped after his own card to trick 1: the record cannot tell, so the TD says.
    body = {"board": BOARD, "irregularity": REPORT, "answers": {"before_trick": "no"}}
    request.write_text(json.dumps(body), encoding="utf-8")
    assert main(["rule", "penalty-card", str(request), "--json"]) == 0
    ruling = json.loads(capsys.readouterr().out)
    assert ruling["status"] == "complete" and ruling["outcome"] == "failure_accepted"
    rect = ruling["rectification"]
    assert rect["penalty_cards"] == [{"seat": "E", "card": "HQ", "major": True}]
    assert rect["lead_options"] == {"seat": "W", "suits": ["H"], "options": ["require", "forbid"]}
    assert [(v["trick"], v["kind"]) for v in rect["violations"]] == [
        (2, "penalty_card_not_played"),
        (3, "penalty_card_not_played"),
    ]
    assert rect["released_trick"] is None and rect["released_by"] is None


def test_cli_answers_lead_choice_and_suit(tmp_path, capsys):
    board = dict(BOARD, play=["HA", "H3", "H9", "H6", "C8", "C2", "C5", "CA"])
    report = dict(REPORT, cards=["HQ", "DQ"], before_trick=True)
    request = tmp_path / "request.json"
    request.write_text(json.dumps({"board": board, "irregularity": report}), encoding="utf-8")
    code = main(
        [
            "rule",
            "penalty-card",
            str(request),
            "--answer",
            "lead_choice=require",
            "--answer",
            "lead_suit=H",
            "--json",
        ]
    )
    assert code == 0
    ruling = json.loads(capsys.readouterr().out)
    assert ruling["outcome"] == "lead_required"
    assert ruling["rectification"]["lead_suit"] == "H"
    assert ruling["rectification"]["still_on_table"] == ["DQ"]


def test_api_rules_and_names_a_card_the_offender_does_not_hold(client):
    body = {"board": BOARD, "irregularity": REPORT, "answers": {"before_trick": "no"}}
    response = client.post("/api/rulings/penalty-card", json=body)
    assert response.status_code == 200
    assert response.get_json()["rectification"]["violations"][0]["trick"] == 2
    bad = dict(REPORT, cards=["SA"])
    response = client.post("/api/rulings/penalty-card", json={"board": BOARD, "irregularity": bad})
    assert response.status_code == 400
    assert "not in East's hand; South holds it" in response.get_json()["error"]


def test_api_rejects_a_malformed_card(client):
    bad = dict(REPORT, cards=["X9"])
    response = client.post("/api/rulings/penalty-card", json={"board": BOARD, "irregularity": bad})
    assert response.status_code == 400 and "cards" in response.get_json()["error"]


def _token(client):
    page = client.get("/boards/new").get_data(as_text=True)
    return re.search(r'name="csrf_token" value="([^"]+)"', page).group(1)


def _upload_board(client, play: str = "") -> str:
    """Board 3 as PBN, with the play if given; the stored board's id."""
    text = (
        '[Board "3"]\n[Dealer "S"]\n[Vulnerable "EW"]\n'
        f'[Deal "{DEAL}"]\n[Auction "S"]\n1S Pass 4S Pass\nPass Pass\n'
        '[Declarer "S"]\n[Contract "4S"]\n'
    ) + (f'[Play "W"]\n{play}\n' if play else "")
    response = client.post("/boards", data={"text": text, "csrf_token": _token(client)})
    assert response.status_code == 303, response.get_data(as_text=True)[:400]
    return response.headers["Location"].rsplit("/", 1)[-1]


def test_tablet_asks_offender_trick_card_then_rules(client):
    board_id = _upload_board(client, "C8 C2 C5 CA\nH2 H3 HQ H6")
    base = f"/rule/penalty-card/{board_id}"
    assert "Whose card was exposed?" in client.get(base).get_data(as_text=True)
    page = client.get(f"{base}?a=offender:E").get_data(as_text=True)
    assert "At which trick" in page
    page = client.get(f"{base}?a=offender:E&a=trick:1").get_data(as_text=True)
    assert "Which card of East" in page and "HQ" in page
    page = client.get(f"{base}?a=offender:E&a=trick:1&a=cards:HQ").get_data(as_text=True)
    assert "another card" in page
    asked = f"{base}?a=offender:E&a=trick:1&a=cards:HQ&a=card_2:none&a=before_trick:no"
    assert "normal course of play" in client.get(asked).get_data(as_text=True)
    seen = client.get(f"{asked}&a=normal_course:no").get_data(as_text=True)
    assert "possibly have seen" in seen  # Law 49
    done = client.get(f"{asked}&a=normal_course:no&a=partner_could_see:yes").get_data(as_text=True)
    assert "Major penalty card" in done
    assert "East played the penalty card ♥Q to trick 2" in done


def test_home_tile_is_live_and_law_page_lists_the_steps(client):
    home = client.get("/").get_data(as_text=True)
    assert 'href="/boards/new?wizard=penalty-card"' in home
    assert "Penalty card <small>Laws 48-52</small>" in home
    law = client.get("/laws/50").get_data(as_text=True)
    assert "Penalty card wizard" in law and "/wizards/penalty-card#lead_choice" in law


TWO_SUITS = dict(REPORT, cards=["HQ", "DQ"], before_trick=True)


def _two_suit_ruling(client, play, lead_suit):
    board = dict(BOARD, play=play)
    answers = {"lead_choice": "forbid", "lead_suit": lead_suit}
    response = client.post(
        "/api/rulings/penalty-card",
        json={"board": board, "irregularity": TWO_SUITS, "answers": answers},
    )
    return response.status_code, response.get_json()


def test_declarer_may_forbid_every_suit_with_a_penalty_card(client):
    # Law 51B2(b): penalty cards in two suits; declarer bars both, both queens go back.
    status, ruling = _two_suit_ruling(client, ["CJ", "C2", "C5", "CA"], "H,D")
    assert status == 200, ruling
    assert ruling["outcome"] == "lead_forbidden"
    rect = ruling["rectification"]
    assert rect["lead_suits"] == ["H", "D"] and rect["lead_suit"] is None
    assert rect["still_on_table"] == [] and rect["released_by"] == "picked_up"
    assert "51B2(b)" in ruling["text"] and "♥ and ♦" in ruling["text"]


def test_leading_one_of_several_forbidden_suits_is_a_revoke(client):
    # West holds clubs and spades, yet leads a diamond after both red suits were barred.
    status, ruling = _two_suit_ruling(client, ["D5", "D2", "DQ", "D6"], "all")
    assert status == 200, ruling
    assert ruling["outcome"] == "lead_restriction_broken"
    kinds = [v["kind"] for v in ruling["rectification"]["violations"]]
    assert kinds == ["lead_restriction_broken"]


def test_forbidding_a_suit_with_no_penalty_card_among_several_is_refused(client):
    status, ruling = _two_suit_ruling(client, ["CJ", "C2", "C5", "CA"], "HS")
    assert status == 400
    assert "penalty cards are in ♥ and ♦" in ruling["error"]


def test_declarer_may_require_only_one_suit(client):
    board = dict(BOARD, play=["CJ", "C2", "C5", "CA"])
    answers = {"lead_choice": "require", "lead_suit": "HD"}
    response = client.post(
        "/api/rulings/penalty-card",
        json={"board": board, "irregularity": TWO_SUITS, "answers": answers},
    )
    assert response.status_code == 400
    assert "only one suit (Law 51B2(a))" in response.get_json()["error"]


def test_one_suit_forbidden_of_two_leaves_the_other_card_on_the_table(client):
    status, ruling = _two_suit_ruling(client, ["CJ", "C2", "C5", "CA"], "H")
    assert status == 200, ruling
    rect = ruling["rectification"]
    assert rect["lead_suit"] == "H" and rect["lead_suits"] == ["H"]
    assert rect["still_on_table"] == ["DQ"]


def test_declarer_may_name_only_a_suit_with_a_penalty_card(client):
    # Law 50D2 / 51B2: with the queens of hearts and diamonds out, spades is not open.
    status, ruling = _two_suit_ruling(client, ["CJ", "C2", "C5", "CA"], "S")
    assert status == 400
    assert "'Spades' is not open here" in ruling["error"]
    assert "Hearts, Diamonds, Every suit he has a penalty card in" in ruling["error"]


def test_tablet_offers_only_the_penalty_cards_suits(client):
    board_id = _upload_board(client)
    asked = (
        f"/rule/penalty-card/{board_id}?a=offender:E&a=trick:1&a=cards:HQ&a=card_2:DQ"
        "&a=card_3:none&a=before_trick:yes&a=normal_course:no&a=partner_could_see:yes"
        "&a=failed_major:no"
        "&a=partner_lead:yes&a=premature_lead:no&a=lead_choice:forbid"
    )
    page = client.get(asked).get_data(as_text=True)
    assert "Which suit does declarer forbid?" in page
    assert ">Hearts<" in page and ">Every suit he has a penalty card in<" in page
    assert ">Spades<" not in page and ">Clubs<" not in page
    done = client.get(f"{asked}&a=forbid_suit:all&a=forbid_kept:yes").get_data(as_text=True)
    assert "Declarer forbade West to lead ♥ and ♦" in done


# West leads three hearts in a row while East's diamond queen lies on the table: declarer
# has the Law 50D2 choice at each of West's leads (tricks 1, 2 and 3 until he loses it).
LATER_PLAY = ["HA", "H3", "H9", "H6", "HK", "H4", "HT", "H7", "H2", "H5", "HJ", "H8"]
ONE_QUEEN = dict(REPORT, cards=["DQ"], before_trick=True)


def _later_ruling(client, answers, mode="batch"):
    board = dict(BOARD, play=LATER_PLAY)
    response = client.post(
        f"/api/rulings/penalty-card?mode={mode}",
        json={"board": board, "irregularity": ONE_QUEEN, "answers": answers},
    )
    return response.status_code, response.get_json()


def test_declarer_chooses_again_at_a_later_lead_from_the_record(client):
    # Free at trick 1; at trick 2 declarer forbids diamonds, so the queen goes back
    # (Law 50D2(a)) and West keeps off diamonds while he keeps the lead (tricks 2 and 3).
    status, ruling = _later_ruling(client, {"lead_choice": "none", "lead_choice_2": "forbid"})
    assert status == 200, ruling
    rect = ruling["rectification"]
    assert rect["released_trick"] == 2 and rect["released_by"] == "picked_up"
    assert rect["still_on_table"] == [] and rect["violations"] == []
    assert any(step["node"] == "lead_choice_2" for step in ruling["path"])


def test_a_later_requirement_not_kept_is_a_revoke(client):
    # Declarer requires diamonds at trick 2; West holds three and leads the king of hearts.
    status, ruling = _later_ruling(client, {"lead_choice": "none", "lead_choice_2": "require"})
    assert status == 200, ruling
    violations = ruling["rectification"]["violations"]
    assert [(v["trick"], v["kind"]) for v in violations] == [(2, "lead_restriction_broken")]


def test_the_tablet_asks_declarers_choice_at_each_later_lead(client):
    status, ruling = _later_ruling(client, {"lead_choice": "none"}, mode="step")
    assert status == 200 and ruling["status"] == "needs_answer", ruling
    question = ruling["pending"]
    assert question["node"] == "lead_choice_2" and "Trick 2" in question["prompt"]
    assert [c["value"] for c in question["choices"]] == ["require", "forbid", "none"]
    answers = {"lead_choice": "none", "lead_choice_2": "none"}
    status, ruling = _later_ruling(client, answers, mode="step")
    assert ruling["pending"]["node"] == "lead_choice_3"
    # batch mode does not ask: the record is followed as far as the known choices go
    status, ruling = _later_ruling(client, {"lead_choice": "none"})
    assert status == 200 and ruling["status"] == "complete"
    assert ruling["rectification"]["still_on_table"] == ["DQ"]


def test_a_later_choice_must_be_a_choice(client):
    status, ruling = _later_ruling(client, {"lead_choice": "none", "lead_choice_2": "maybe"})
    assert status == 400 and "lead_choice_2" in ruling["error"]


def test_a_later_choice_names_its_suit_when_the_cards_are_in_two_suits(client):
    report = dict(ONE_QUEEN, cards=["DQ", "C7"])
    board = dict(BOARD, play=LATER_PLAY)

    def rule(answers, mode="batch"):
        response = client.post(
            f"/api/rulings/penalty-card?mode={mode}",
            json={"board": board, "irregularity": report, "answers": answers},
        )
        return response.status_code, response.get_json()

    first = {"lead_choice": "none", "lead_choice_2": "forbid"}
    status, ruling = rule(first, mode="step")
    assert ruling["pending"]["node"] == "lead_suit_2"
    assert [c["value"] for c in ruling["pending"]["choices"]] == ["D", "C", "all"]
    status, ruling = rule(first | {"lead_suit_2": "all"})
    assert status == 200 and ruling["rectification"]["still_on_table"] == []
    status, ruling = rule(first | {"lead_suit_2": "D"})
    assert ruling["rectification"]["still_on_table"] == ["C7"]
    status, ruling = rule(first | {"lead_suit_2": "S"})
    assert status == 400 and "lead_suit_2" in ruling["error"]
    status, ruling = rule({"lead_choice": "none", "lead_choice_2": "require", "lead_suit_2": "DC"})
    assert status == 400 and "one suit" in ruling["error"]


def test_cli_takes_declarers_law_51a_designation(tmp_path, capsys):
    # East's heart and diamond queens are penalty cards; out of trumps at trick 4 he may
    # discard either, declarer designates the diamond queen, East plays the heart queen.
    play = [
        "C8",
        "C2",
        "C5",
        "CA",
        "SA",
        "S8",
        "S2",
        "S6",
        "SK",
        "S9",
        "S3",
        "S7",
        "SQ",
        "ST",
        "S4",
        "HQ",
    ]
    board = {**BOARD, "play": play}
    report = {**REPORT, "cards": ["HQ", "DQ"]}
    request = tmp_path / "request.json"
    request.write_text(json.dumps({"board": board, "irregularity": report}), encoding="utf-8")
    args = ["rule", "penalty-card", str(request), "--json", "--answer", "accept_choice=require"]
    args += ["--answer", "before_trick=no"]
    assert main([*args, "--answer", "designated_4=DQ"]) == 0
    ruling = json.loads(capsys.readouterr().out)
    assert ruling["outcome"] == "failure_replaced"
    assert ruling["rectification"]["still_on_table"] == ["HQ"]
    # A card East could not legally play then, or no penalty card, is refused.
    assert main([*args, "--answer", "designated_3=DQ"]) == 2
    assert "had to follow to the ♠ lead" in capsys.readouterr().err
    assert main([*args, "--answer", "designated_4=DJ"]) == 2
    assert "♦J is not a penalty card" in capsys.readouterr().err
    # Without the play record there is nothing to check it against.
    request.write_text(
        json.dumps({"board": {**BOARD, "play": []}, "irregularity": report}), encoding="utf-8"
    )
    assert main(["rule", "penalty-card", str(request), "--answer", "designated_4=DQ"]) == 2
    assert "no play record" in capsys.readouterr().err


def test_another_penalty_card_played_instead_of_the_designated_one_stays_a_penalty_card():
    # Case 28: East had HQ and DQ as penalty cards, declarer designated DQ (Law 51A) and
    # East played HQ. It was a penalty card already: it stays one, it does not "become"
    # one in its turn as an ordinary card played illegally would (Law 52B2).
    from td_assist.training.cases import case_files, load_case

    path = next(p for p in case_files("penalty-card") if p.stem.startswith("28-"))
    ruling = load_case(path).run()
    assert ruling.outcome == "failure_replaced"
    assert "♥Q, which was itself a penalty card, stays on the table" in ruling.text
    assert "becomes a major penalty card in its turn" not in ruling.text
