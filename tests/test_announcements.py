"""Announcements name the players, seats, calls and cards (issue 26): every text of
every worked case's ruling, and every text of every tree, is free of placeholders and
internal words ("the action chosen", "call_index", "the penalty-card steps below",
snake_case names, raw booleans, an unfilled "?")."""

from __future__ import annotations

import re
import tomllib

import pytest

from td_assist.bridge.errors import RecordError
from td_assist.paths import content_dir
from td_assist.rulings.engine.registry import rule
from td_assist.training.cases import load_cases

CASES = load_cases()
INTERNAL = re.compile(
    r"\b[a-z]+_[a-z_]+\b"  # a field or node name: call_index, lead_choice
    r"|\bTrue\b|\bFalse\b|\bNone\b"  # a Python value
    r"|[{}]|\['|'\]"  # an unfilled placeholder or a Python list
    r"|(?:^|\s)\?(?=\s|$|[.,;:)])"  # a placeholder filled with "?"
    r"|the action chosen|steps below|the call concerned|the player's partner"
)


def texts(ruling) -> list[tuple[str, str]]:
    found = [("title", ruling.title), ("text", ruling.text)]
    found += [("option", f"{o.side}: {o.text}") for o in ruling.options]
    for step in ruling.path:
        found += [("question", step.question), ("answer", step.answer_label), ("note", step.note)]
        found += [("evidence", line) for line in step.evidence]
    if ruling.pending is not None:
        found += [("prompt", ruling.pending.prompt), ("help", ruling.pending.help)]
        found += [("choice", c["label"]) for c in ruling.pending.choices]
    return found


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_every_text_of_a_worked_case_names_things_in_words(case):
    ruling = case.run()
    for where, text in texts(ruling):
        found = INTERNAL.search(text or "")
        assert not found, f"{case.id} {where}: {found.group(0)!r} in {text!r}"


def test_every_worked_case_walked_in_steps_names_things_in_words():
    """The same walk one question at a time, as the tablet shows it."""
    for case in CASES:
        board = case.board.to_board() if case.board else None
        answers: dict[str, str] = {}
        for _ in range(40):
            ruling = rule(case.wizard, board, case.irregularity, answers, mode="step")
            for where, text in texts(ruling):
                found = INTERNAL.search(text or "")
                assert not found, f"{case.id} {where}: {found.group(0)!r} in {text!r}"
            if ruling.status == "complete":
                break
            node = ruling.pending.node
            if node in case.answers:
                answers[node] = case.answers[node]
            elif ruling.pending.choices:
                default = ruling.pending.default
                answers[node] = default or ruling.pending.choices[0]["value"]
            else:
                break  # a number or text the case does not give: what was shown is checked


def _outcome_texts(node: dict) -> list[str]:
    return [node.get("title", ""), node.get("text", "")] + [
        o["text"] for o in node.get("options", [])
    ]


@pytest.mark.parametrize(
    "tree", sorted(content_dir("rulings").glob("*.toml")), ids=lambda p: p.stem
)
def test_no_tree_text_uses_an_internal_word(tree):
    data = tomllib.loads(tree.read_text(encoding="utf-8"))
    for node_id, node in data.get("nodes", {}).items():
        shown = [node.get("prompt", ""), node.get("help", "")]
        shown += [c["label"] for c in node.get("choices", [])]
        if node.get("kind") == "outcome":
            shown += _outcome_texts(node)
        for text in shown:
            words = re.sub(r"\{[a-z_0-9]+\}", "X", text)  # placeholders are filled in
            found = INTERNAL.search(words)
            assert not found, f"{tree.name} {node_id}: {found.group(0)!r} in {text!r}"


def test_a_refused_lead_stays_face_up_and_only_the_choice_made_is_listed():
    for case in CASES:
        if case.wizard != "lead-out-of-turn":
            continue
        ruling = case.run()
        chosen = (ruling.rectification or {}).get("choice")
        if ruling.status != "complete" or not chosen:
            continue
        choosing = [o.text for o in ruling.options if o.text.startswith(("1.", "2.", "3."))]
        assert not choosing, (case.id, choosing)
        if chosen == "reject" and (ruling.rectification or {}).get("penalty_cards"):
            first = ruling.text.split("\n\n")[0]
            assert "face up" in first and "major penalty card" in first, (case.id, first)
            assert "takes back" not in first and "take back" not in first, case.id


def _situations():
    """Each distinct board and report of the worked cases, once per wizard."""
    found = {}
    for case in CASES:
        key = (case.wizard, repr(case.board), repr(case.irregularity))
        found.setdefault(key, case)
    return list(found.values())


def test_every_branch_near_each_worked_situation_names_things_in_words():
    """From each case's board and report, the first answers of every kind (each choice,
    a low and a middle number), breadth first: the texts of the outcomes and questions
    the worked answers do not reach."""
    for case in _situations():
        board = case.board.to_board() if case.board else None
        queue: list[dict[str, str]] = [{}]
        for _ in range(10):
            if not queue:
                break
            answers = queue.pop(0)
            try:
                ruling = rule(case.wizard, board, case.irregularity, answers, mode="step")
            except RecordError:
                continue  # answers that do not fit together: refused, not ruled
            for where, text in texts(ruling):
                found = INTERNAL.search(text or "")
                assert not found, f"{case.id} {answers} {where}: {found.group(0)!r} in {text!r}"
            pending = ruling.pending
            if pending is None:
                continue
            if pending.choices:
                values = [c["value"] for c in pending.choices][:6]
            elif pending.kind == "number":
                low, high = pending.minimum or 0, pending.maximum or 13
                values = sorted({str(low), str((low + high) // 2)})
            else:
                values = [case.answers.get(pending.node, "3S N 9")]
            queue += [{**answers, pending.node: value} for value in values]
