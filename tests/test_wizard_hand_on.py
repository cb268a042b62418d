"""A wizard hands on to another only through the registry (issue 30): the lead out of
turn that declarer refuses leaves a penalty card, ruled by the penalty-card wizard as
registered, not by a function imported from its module."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from td_assist.rulings.engine import registry
from td_assist.training.cases import load_case

REFUSED = (
    Path(__file__).resolve().parent.parent
    / "rulings/cases/lead-out-of-turn/03-opening-lead-refused.toml"
)


def test_a_refused_lead_is_ruled_by_the_registered_penalty_card_wizard(monkeypatch):
    registry.load_wizards()
    penalty_card = registry.get_wizard("penalty-card")
    seen: list[object] = []

    def spy(board, report, answers, mode):
        seen.append(report)
        return penalty_card.rule(board, report, answers, mode)

    monkeypatch.setitem(
        registry._REGISTRY, "penalty-card", dataclasses.replace(penalty_card, rule=spy)
    )
    case = load_case(REFUSED)
    ruling = case.run()
    assert case.mismatches(ruling) == []
    assert seen, "the lead-out-of-turn wizard did not go through the registry"
    report = seen[0]
    assert report.kind == "penalty_card" and report.exposure == "deliberate"
    assert report.cards == [ruling.rectification["penalty_cards"][0]["card"]]


def test_hand_on_only_to_a_wizard_one_says_it_hands_on_to():
    with pytest.raises(ValueError, match="hands_on_to"):
        registry.hand_on("revoke", None, {"kind": "revoke"}, {}, "batch")
