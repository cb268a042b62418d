"""The wizard registry: every shell (CLI, API, pages, law pages) serves any wizard.

A toy wizard is registered here the way a real one is (its own report kind, facts,
tree and rule function) and driven through each shell without any code naming it.
"""

from __future__ import annotations

import json
from typing import Literal

import pytest
from pydantic import BaseModel

from td_assist.bridge.board import Board
from td_assist.bridge.errors import RecordError
from td_assist.cli import main
from td_assist.rulings.engine import registry
from td_assist.rulings.engine.facts import Context, FactResult, FactTable
from td_assist.rulings.engine.model import _KINDS, IrregularityReport, Ruling
from td_assist.rulings.engine.requests import RulingRequest, parse_irregularity
from td_assist.rulings.engine.walk import Mode, outcome_ruling, pending_ruling
from td_assist.rulings.wizards.revoke.report import RevokeReport
from td_assist.web import create_app

TOY_TREE = """
id = "toy-card"
title = "Toy card"
laws = ["50"]
start = "faced"

[nodes.faced]
kind = "fact"
fact = "card_faced"
prompt = "Was the card faced?"
laws = ["49"]
choices = [
  { value = "yes", label = "Yes", next = "honour" },
  { value = "no", label = "No", next = "nothing" },
]

[nodes.honour]
kind = "question"
prompt = "Was it an honour?"
laws = ["50B"]
choices = [
  { value = "yes", label = "Yes", next = "major" },
  { value = "no", label = "No", next = "minor" },
]

[nodes.major]
kind = "outcome"
title = "Major penalty card"
text = "{offender}'s card is a major penalty card."
laws = ["50B"]
compute = "none"

[nodes.minor]
kind = "outcome"
title = "Minor penalty card"
text = "{offender}'s card is a minor penalty card."
laws = ["50B"]
compute = "none"

[nodes.nothing]
kind = "outcome"
title = "No penalty card"
text = "Nothing to rectify."
laws = ["49"]
compute = "none"
"""


class ToyReport(IrregularityReport):
    kind: Literal["toy_card"] = "toy_card"
    offender: str = "W"
    faced: bool | None = None


class ToyRectification(BaseModel):
    offender: str
    major: bool


FACTS = FactTable()


@FACTS.register("card_faced")
def card_faced(ctx: Context) -> FactResult:
    report = ctx.report
    if not isinstance(report, ToyReport) or report.faced is None:
        return FactResult.unknown("The report does not say.")
    return FactResult("yes" if report.faced else "no", ["As reported."])


def rule_toy(
    board: Board | None, report: IrregularityReport | None, answers: dict[str, str], mode: Mode
) -> Ruling:
    toy = report if isinstance(report, ToyReport) else ToyReport()
    result = registry.walk_wizard(TOY, board, toy, answers, mode)
    if result.pending is not None:
        return pending_ruling(TOY.name, result.steps, result.pending)
    rectification = ToyRectification(offender=toy.offender, major=result.outcome == "major")
    return outcome_ruling(
        TOY.name,
        registry.get_tree(TOY.name),
        result,
        {"offender": toy.offender},
        rectification=rectification,
    )


TOY = registry.Wizard(
    name="toy-card",
    title="Toy card",
    laws="Law 50",
    kind="toy_card",
    rule=rule_toy,
    facts=FACTS,
    computations=frozenset({"none"}),
)


@pytest.fixture
def toy(tmp_path, monkeypatch):
    """Register the toy wizard for one test, as its module's one registry line would."""
    (tmp_path / "toy-card.toml").write_text(TOY_TREE, encoding="utf-8")
    real_path = registry.tree_path
    monkeypatch.setattr(
        registry,
        "tree_path",
        lambda name: tmp_path / f"{name}.toml" if name == "toy-card" else real_path(name),
    )
    monkeypatch.setitem(registry._REGISTRY, "toy-card", TOY)
    monkeypatch.setitem(_KINDS, "toy_card", ToyReport)  # as @irregularity_kind does
    registry.get_tree.cache_clear()
    yield TOY
    registry.get_tree.cache_clear()


def test_a_registered_wizard_rules_and_carries_its_rectification(toy):
    request = RulingRequest.model_validate(
        {"irregularity": {"kind": "toy_card", "offender": "E", "faced": True}}
    )
    assert isinstance(request.irregularity, ToyReport)
    pending = registry.rule("toy-card", None, request.irregularity, {}, mode="step")
    assert pending.status == "needs_answer" and pending.pending.node == "honour"
    ruling = registry.rule("toy-card", None, request.irregularity, {"honour": "yes"})
    assert ruling.outcome == "major" and ruling.text == "E's card is a major penalty card."
    assert ruling.rectification == {"offender": "E", "major": True}
    dumped = ruling.model_dump(mode="json")
    assert Ruling.model_validate(dumped) == ruling  # a stored ruling reads back whole
    assert json.loads(request.model_dump_json())["irregularity"]["offender"] == "E"


def test_cli_api_and_pages_serve_any_registered_wizard(toy, tmp_path, capsys):
    body = {"irregularity": {"kind": "toy_card", "faced": True}, "answers": {"honour": "no"}}
    request = tmp_path / "toy.json"
    request.write_text(json.dumps(body), encoding="utf-8")
    assert main(["rule", "toy-card", str(request), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["rectification"] == {"offender": "W", "major": False}
    assert main(["rule", "toy-card", "--list-questions"]) == 0
    assert "honour" in capsys.readouterr().out

    client = create_app({"TESTING": True}).test_client()
    response = client.post("/api/rulings/toy-card", json=body)
    assert response.status_code == 200 and response.get_json()["outcome"] == "minor"
    step = client.post("/api/rulings/toy-card?mode=step", json={**body, "answers": {}})
    assert step.get_json()["pending"]["node"] == "honour"
    assert "Toy card wizard: Was it an honour?" in client.get("/laws/50").get_data(as_text=True)
    assert client.get("/wizards/toy-card").status_code == 200
    assert "Toy card" in client.get("/").get_data(as_text=True)
    board_id = client.application.extensions["td_store"].save_board(
        {"number": 1, "deal": None}, source="test"
    )
    assert "/rule/toy-card/" in client.get(f"/boards/{board_id}").get_data(as_text=True)
    page = client.get(f"/rule/toy-card/{board_id}").get_data(as_text=True)
    assert "Was the card faced?" in page
    page = client.get(f"/rule/toy-card/{board_id}?a=faced:yes&a=honour:yes").get_data(as_text=True)
    assert "Major penalty card" in page


def test_an_unknown_kind_or_a_kind_for_another_wizard_is_refused():
    with pytest.raises(ValueError, match="unknown irregularity kind 'nonsense'"):
        parse_irregularity({"kind": "nonsense"})
    with pytest.raises(ValueError, match="trick: Input should be less than or equal to 13"):
        parse_irregularity({"kind": "revoke", "trick": 14})
    with pytest.raises(RecordError, match="rules on a 'revoke' irregularity, not a 'toy_card'"):
        registry.rule("revoke", None, ToyReport(), {})
    assert isinstance(parse_irregularity({"kind": "revoke", "offender": "N"}), RevokeReport)


def test_unknown_wizard_is_named_everywhere():
    with pytest.raises(RecordError, match="unknown wizard 'nope' \\(available: revoke"):
        registry.rule("nope", None, None, {})
    client = create_app({"TESTING": True}).test_client()
    assert client.post("/api/rulings/nope", json={}).status_code == 404
    assert client.get("/wizards/nope").status_code == 404


def test_wizards_are_listed_in_module_order_whatever_was_imported_first(monkeypatch):
    """A test or caller that imports one wizard directly registers it first; the lists
    shown to people (the unknown-wizard error, the CLI) still follow WIZARD_MODULES."""
    every = registry.load_wizards()
    monkeypatch.setattr(registry, "_REGISTRY", {})
    for wizard in reversed(every.values()):  # the claim wizard imported first, say
        registry.register(wizard)
    listed = list(registry.load_wizards())
    assert listed == list(every)
    assert listed[0] == "revoke" and listed[-1] == "claim"
