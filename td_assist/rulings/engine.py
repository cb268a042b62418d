"""Walk a decision tree: the record answers what it can, the TD the rest.

A walk is driven by a dict of answers (node id -> choice value or number). In
``step`` mode it stops at the first node nobody has answered and returns that
question (the tablet: one question per screen; back = drop the last answer). In
``batch`` mode a question with a ``default`` (the common case) takes it and the path
says so; the walk stops only where the Laws call for the TD's judgment.

TD answers override the record; an answer that is not one of a node's choices is an
error naming the node and the choices.
"""

from __future__ import annotations

import string
from dataclasses import dataclass, field
from typing import Literal

from pydantic import BaseModel

from td_assist.bridge.errors import RecordError
from td_assist.rulings.facts import Context, FactTable
from td_assist.rulings.model import Adjustment, OptionLine, PendingQuestion, Ruling, Step
from td_assist.rulings.tree import (
    FactNode,
    NumberInput,
    NumberNode,
    OutcomeNode,
    QuestionNode,
    Tree,
)

Mode = Literal["step", "batch"]
SKIP = "skip"


class AnswerError(RecordError):
    """A TD answer that does not fit its question."""


@dataclass
class Walk:
    steps: list[Step] = field(default_factory=list)
    outcome: str | None = None
    pending: PendingQuestion | None = None
    numbers: dict[str, int | None] = field(default_factory=dict)


def _label(node: QuestionNode | FactNode, value: str) -> str:
    return next(c.label for c in node.choices if c.value == value)


def _check_answer(node_id: str, node: QuestionNode | FactNode, value: str) -> str:
    values = [c.value for c in node.choices]
    if value not in values:
        raise AnswerError(
            f"'{value}' is not an answer to '{node_id}'; choose one of: {', '.join(values)}",
            where=f"answer {node_id}",
        )
    return value


def _number(node_id: str, node: NumberInput, raw: str) -> int | None:
    if raw.strip().lower() in {SKIP, ""} and node.optional:
        return None
    try:
        value = int(raw)
    except ValueError:
        raise AnswerError(f"'{raw}' is not a whole number", where=f"answer {node_id}") from None
    if not node.minimum <= value <= node.maximum:
        raise AnswerError(
            f"{value} is outside {node.minimum} to {node.maximum}", where=f"answer {node_id}"
        )
    return value


def walk(tree: Tree, ctx: Context, facts: FactTable, mode: Mode = "batch", group: str = "") -> Walk:
    """Walk ``tree`` from its start; ``facts`` answers its fact nodes from the record."""
    result = Walk()
    node_id = tree.start
    answers = ctx.answers
    for _ in range(len(tree.nodes) + 1):  # a validated tree has no cycles
        node = tree.nodes[node_id]
        if isinstance(node, OutcomeNode):
            for name in node.asks:
                if not _take_number(tree, name, tree.inputs[name], ctx, mode, group, result):
                    return result
            result.outcome = node_id
            return result
        if isinstance(node, NumberNode):
            if not _take_number(tree, node_id, node, ctx, mode, group, result):
                return result
            node_id = node.next
            continue
        assert isinstance(node, QuestionNode | FactNode)
        evidence: list[str] = []
        value: str | None = None
        answered_by: Literal["record", "td", "assumed"] = "td"
        note = ""
        if node_id in answers:
            value = _check_answer(node_id, node, answers[node_id])
            if isinstance(node, FactNode):
                found = facts[node.fact](ctx)
                if found.value is not None and found.value != value:
                    note = (
                        f"The TD's answer overrides the record, which says "
                        f"'{_label(node, found.value)}'."
                    )
                evidence = found.evidence
        elif isinstance(node, FactNode):
            found = facts[node.fact](ctx)
            evidence = found.evidence
            if found.value is not None:
                value, answered_by = _check_answer(node_id, node, found.value), "record"
        if value is None and isinstance(node, QuestionNode) and node.default and mode == "batch":
            value, answered_by = node.default, "assumed"
            note = node.default_note or "Not answered: the usual case is assumed."
        if value is None:
            result.pending = PendingQuestion(
                node=node_id,
                prompt=node.prompt,
                kind=node.kind,
                laws=node.laws,
                help=node.help,
                choices=[{"value": c.value, "label": c.label} for c in node.choices],
                default=node.default if isinstance(node, QuestionNode) else None,
                group=group,
            )
            if evidence:
                result.pending.help = " ".join([node.help, *evidence]).strip()
            return result
        result.steps.append(
            Step(
                node=node_id,
                question=node.prompt,
                answer=value,
                answer_label=_label(node, value),
                answered_by=answered_by,
                evidence=evidence,
                laws=node.laws,
                note=note,
                group=group,
            )
        )
        node_id = next(c.next for c in node.choices if c.value == value)
    raise AssertionError("walk did not end: the tree has a cycle")


def _take_number(
    tree: Tree, name: str, node: NumberInput, ctx: Context, mode: Mode, group: str, result: Walk
) -> bool:
    """Record a TD number (or its skipping); False when the walk must stop and ask."""
    if name in ctx.answers:
        value = _number(name, node, ctx.answers[name])
        result.numbers[name] = value
        result.steps.append(
            Step(
                node=name,
                question=node.prompt,
                answer=None if value is None else str(value),
                answer_label=node.skip_label if value is None else str(value),
                answered_by="td",
                laws=node.laws,
                group=group,
            )
        )
        return True
    if node.optional and mode == "batch":
        result.numbers[name] = None
        result.steps.append(
            Step(
                node=name,
                question=node.prompt,
                answer=None,
                answer_label=node.skip_label,
                answered_by="assumed",
                laws=node.laws,
                note="Not answered: taken as skipped.",
                group=group,
            )
        )
        return True
    result.pending = PendingQuestion(
        node=name,
        prompt=node.prompt,
        kind="number",
        laws=node.laws,
        help=node.help,
        minimum=node.minimum,
        maximum=node.maximum,
        optional=node.optional,
        group=group,
    )
    return False


def pending_ruling(wizard: str, path: list[Step], pending: PendingQuestion) -> Ruling:
    """The ruling while a question is open: the path so far and the question."""
    return Ruling(wizard=wizard, status="needs_answer", path=path, pending=pending)


def outcome_ruling(
    wizard: str,
    tree: Tree,
    result: Walk,
    values: dict[str, object],
    *,
    rectification: BaseModel | dict[str, object] | None = None,
    adjustment: Adjustment | None = None,
    extra_text: str = "",
    marked_tricks: list[int] | None = None,
) -> Ruling:
    """A complete ruling from one walk's outcome node, its text filled from ``values``."""
    assert result.outcome is not None, "outcome_ruling needs a finished walk"
    node = tree.nodes[result.outcome]
    assert isinstance(node, OutcomeNode)
    text = fill(node.text, values)
    return Ruling(
        wizard=wizard,
        status="complete",
        path=result.steps,
        outcome=result.outcome,
        title=fill(node.title, values),
        text="\n\n".join(t for t in (text, extra_text) if t),
        options=[OptionLine(side=o.side, text=fill(o.text, values)) for o in node.options],
        laws=list(dict.fromkeys([*node.laws, *(adjustment.laws if adjustment else [])])),
        adjustment=adjustment,
        rectification=rectification,  # type: ignore[arg-type]  # the model turns it into a dict
        marked_tricks=marked_tricks or [],
    )


class _Blank(dict[str, object]):
    def __missing__(self, key: str) -> str:
        return "?"


def fill(template: str, values: dict[str, object]) -> str:
    """Fill ``{name}`` placeholders; an unknown name shows as ``?`` rather than failing."""
    formatter = string.Formatter()
    return formatter.vformat(template, (), _Blank(values))
