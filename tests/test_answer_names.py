"""A misspelt answer is refused, never dropped: "atention=after_round" ignored would rule
as if the TD had said nothing (here: a trick transferred that Law 64B5 keeps)."""

import pytest

from td_assist.bridge.errors import RecordError
from td_assist.cli import main
from td_assist.rulings.engine.registry import canonical_answers, load_wizards, rule
from td_assist.web import create_app

DEAL = "N:AKQ2.543.432.432 543.AKQ2.765.765 876.876.AKQ8.AKQ JT9.JT9.JT9.JT98"


def test_a_misspelt_answer_is_refused_with_the_name_it_meant():
    with pytest.raises(RecordError, match="did you mean attention") as raised:
        rule("revoke", None, None, {"atention": "after_round"})
    assert raised.value.where == "answer atention"


@pytest.mark.parametrize(
    ("wizard", "name"),
    [
        ("revoke", "2.attention"),  # the second revoke on the board
        ("penalty-card", "lead_choice_5"),
        ("penalty-card", "card_2"),
        ("lead-out-of-turn", "lead_suit_7"),  # handed on to the penalty-card wizard
        ("lead-out-of-turn", "accept_choice"),
        ("insufficient-bid", "usual"),
        ("unauthorised-information", "scoring"),
        ("exposed-card", "card_2"),
        ("exposed-card", "seen_by_partner"),
    ],
)
def test_the_names_the_wizards_ask_for_are_taken(wizard, name):
    names, prefixes = load_wizards()[wizard].answer_names()
    number, _, rest = name.partition(".")
    base = rest if number.isdigit() else name
    assert base in names or (base.startswith(prefixes) and base[-1].isdigit())


@pytest.mark.parametrize("name", ["lead_choice_x", "lead_choice", "3.lead_choic"])
def test_a_name_that_only_looks_numbered_is_refused(name):
    with pytest.raises(RecordError, match="takes no answer"):
        rule("revoke", None, None, {name: "require"})


def test_the_cli_and_the_api_say_which_answer_is_unknown(tmp_path, capsys):
    path = tmp_path / "board.pbn"
    path.write_text(
        f'[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n[Deal "{DEAL}"]\n'
        '[Auction "N"]\n1S Pass 4S Pass\nPass Pass\n',
        encoding="utf-8",
    )
    assert main(["rule", "revoke", str(path), "--answer", "atention=after_round"]) == 2
    assert "atention" in capsys.readouterr().err
    client = create_app({"TESTING": True}).test_client()
    response = client.post("/api/rulings/revoke", json={"answers": {"x" * 5000: "yes"}})
    assert response.status_code == 400
    error = response.get_json()["error"]
    assert "takes no answer" in error and len(error) < 400


def test_answers_are_read_as_their_question_spells_them():
    # "Inadvertent" once passed the tree (which ignores case) but not the play tracing,
    # which then treated a minor penalty card as major.
    penalty = load_wizards()["penalty-card"]
    given = {"exposure": "Inadvertent", "lead_choice": " Forbid", "lead_choice_4": "NONE"}
    assert canonical_answers(penalty, given) == {
        "exposure": "inadvertent",
        "lead_choice": "forbid",
        "lead_choice_4": "none",
    }
    loot = load_wizards()["lead-out-of-turn"]
    assert canonical_answers(loot, {"lead_choice": "Require", "cards": "HQ"}) == {
        "lead_choice": "require",
        "cards": "HQ",  # not a choice: left as given
    }
