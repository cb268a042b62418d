"""The engine: tree validation, step and batch walks, TD overrides, bad input."""

import json
from pathlib import Path

import pytest

from td_assist.cli import main
from td_assist.lawbook import get_lawbook
from td_assist.rulings.engine.registry import get_wizard, rule
from td_assist.rulings.engine.tree import TreeError, load_tree, tree_path
from td_assist.training.cases import load_case
from td_assist.web import create_app

CASE = (
    Path(__file__).resolve().parent.parent
    / "rulings/cases/revoke/01-defender-ruffs-two-tricks.toml"
)
REVOKE_TOML = tree_path("revoke").read_text(encoding="utf-8")


def board():
    return load_case(CASE).board.to_board()


def load_text(tmp_path, text):
    path = tmp_path / "revoke.toml"
    path.write_text(text, encoding="utf-8")
    book = get_lawbook()
    revoke = get_wizard("revoke")
    return load_tree(path, lambda a: a in book.sections, revoke.facts, revoke.computations)


@pytest.mark.parametrize(
    ("change", "node", "reason"),
    [
        (('next = "offender" }', 'next = "nowhere" }'), "revoke_found", "leads to 'nowhere'"),
        (('laws = ["63A", "69A"]', 'laws = ["63A", "63Z"]'), "established", "law anchor '63Z'"),
        (('fact = "offender_role"', 'fact = "crystal_ball"'), "role", "fact 'crystal_ball'"),
        (
            ('title = "Two tricks transferred"\ntext', 'title = "Two tricks transferred"\ntext'),
            None,
            None,
        ),
        (('default = "in_time"', 'default = "never"'), "attention", "default 'never'"),
        (  # an answer is read in either case: "no" would name both
            ('{ value = "yes", label = "Yes, there was a revoke"', '{ value = "NO", label = "x"'),
            "revoke_found",
            "two choices have the same value",
        ),
        (('next = "transfer_two" }', 'next = "revoke_found" }'), "revoke_found", "loops"),
        (
            ('start = "revoke_found"', 'start = "established"'),
            "revoke_found",
            "no path from the start",
        ),
        (
            (
                'compute = "revoke_transfer"\ntransfer = "64A2"',
                'compute = "magic"\ntransfer = "64A2"',
            ),
            "transfer_one",
            "computation 'magic'",
        ),
        (
            (
                'asks = ["declarer_tricks", "equity"]\n\n[nodes.won_revoke_trick]',
                'asks = ["declarer_tricks", "fairness"]\n\n[nodes.won_revoke_trick]',
            ),
            "no_transfer_no_tricks",
            "input 'fairness'",
        ),
    ],
)
def test_broken_trees_name_file_node_and_reason(tmp_path, change, node, reason):
    if reason is None:
        load_text(tmp_path, REVOKE_TOML.replace(*change))
        return
    assert change[0] in REVOKE_TOML, change[0]
    with pytest.raises(TreeError) as error:
        load_text(tmp_path, REVOKE_TOML.replace(*change, 1))
    assert error.value.node == node and reason in str(error.value)
    assert str(error.value).startswith("revoke.toml")


def test_invalid_toml_and_schema_errors(tmp_path):
    with pytest.raises(TreeError, match="not valid TOML"):
        load_text(tmp_path, "id = ")
    with pytest.raises(TreeError, match=r"revoke.toml, node 'none'"):
        load_text(tmp_path, REVOKE_TOML.replace('title = "No revoke"\n', ""))


def test_step_mode_stops_at_the_first_judgment_batch_mode_assumes_the_usual_case():
    step = rule("revoke", board(), None, {}, mode="step")
    assert step.status == "needs_answer" and step.pending.node == "attention"
    assert [s.answered_by for s in step.path] == ["record"] * 10
    assert step.pending.default == "in_time"
    batch = rule("revoke", board(), None, {})
    assumed = [s for s in batch.path if s.answered_by == "assumed"]
    assert [s.node for s in assumed] == ["attention", "equity"] and "usual case" in assumed[0].note


def test_td_answer_overrides_the_record_and_says_so():
    ruling = rule("revoke", board(), None, {"dummy_card": "yes"})
    step = next(s for s in ruling.path if s.node == "dummy_card")
    assert step.answered_by == "td" and "overrides the record" in step.note
    assert ruling.outcome == "no_transfer_dummy_or_penalty_card"
    assert ruling.adjustment.tricks_transferred == 0


def test_late_attention_removes_the_transfer_but_64c_can_restore_equity():
    late = rule("revoke", board(), None, {"attention": "after_round"})
    assert late.outcome == "no_transfer_after_round" and late.adjustment.declarer_tricks_final == 9
    equity = rule("revoke", board(), None, {"attention": "after_round", "equity": "10"})
    assert equity.adjustment.declarer_tricks_final == 10 and equity.adjustment.equity_applied
    assert "64C1" in equity.laws


def test_equity_never_worse_for_the_non_offenders_than_the_transfer():
    ruling = rule("revoke", board(), None, {"equity": "10"})  # transfer gives 11
    assert ruling.adjustment.declarer_tricks_final == 11 and not ruling.adjustment.equity_applied


@pytest.mark.parametrize(
    ("answers", "message"),
    [
        ({"attention": "yesterday"}, "'yesterday' is not an answer to 'attention'"),
        ({"equity": "fourteen"}, "'fourteen' is not a whole number"),
        ({"equity": "14"}, "14 is outside 0 to 13"),
    ],
)
def test_bad_answers_name_the_question(answers, message):
    from td_assist.bridge.errors import RecordError

    with pytest.raises(RecordError, match=message):
        rule("revoke", board(), None, answers)


def test_a_hostile_answer_is_named_but_not_echoed_whole():
    from td_assist.bridge.errors import RecordError

    with pytest.raises(RecordError) as caught:
        rule("revoke", board(), None, {"attention": "x" * 10_000})
    message = str(caught.value)
    assert "is not an answer to 'attention'" in message and len(message) < 300


def test_cli_rule_json_and_errors(tmp_path, capsys):
    request = tmp_path / "request.json"
    request.write_text(
        json.dumps(
            {
                "board": json.loads(board().model_dump_json()),
                "irregularity": {"kind": "revoke", "offender": "W"},
                "answers": {},
            }
        )
    )
    assert main(["rule", "revoke", str(request), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    adjustment = data["adjustment"]
    assert (adjustment["offender"], adjustment["revoke_trick"], adjustment["established"]) == (
        "W",
        5,
        True,
    )
    assert (adjustment["tricks_transferred"], adjustment["score_ns_final"]) == (2, 450)
    assert main(["rule", "revoke", str(request), "--answer", "attention=never"]) == 2
    assert "not an answer to 'attention'" in capsys.readouterr().err
    assert main(["rule", "revoke", str(request), "--answer", "nonsense"]) == 2
    bad = tmp_path / "bad.json"
    bad.write_text('{"board": {"deal": "N:AKQ"}}')
    assert main(["rule", "revoke", str(bad)]) == 2
    assert "bad.json" in capsys.readouterr().err
    assert main(["rule", "revoke", "--list-questions"]) == 0
    assert "attention" in capsys.readouterr().out


def test_play_contradicting_the_deal_is_a_400_naming_trick_and_seat():
    data = json.loads(board().model_dump_json())
    data["play"][5] = "SA"  # South, trick 2, does not hold the ace of spades
    client = create_app({"TESTING": True}).test_client()
    response = client.post("/api/rulings/revoke", json={"board": data})
    assert response.status_code == 400
    assert "Play trick 2: South played SA but does not hold it" in response.get_json()["error"]
    assert client.post("/api/rulings/revoke", data="x").status_code == 400
    assert (
        client.post(
            "/api/rulings/revoke", json={"board": {}, "irregularity": {"kind": "x"}}
        ).status_code
        == 400
    )


def test_a_reported_revoke_the_record_places_elsewhere_is_pointed_out():
    from td_assist.rulings.wizards.revoke.report import RevokeReport

    ruling = rule("revoke", board(), RevokeReport(offender="E"), {})
    assert ruling.outcome == "none"
    assert "West at trick 5" in ruling.path[0].evidence[0]
