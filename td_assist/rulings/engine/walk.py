"""Walk a decision tree: the record answers what it can, the TD the rest.

A walk is driven by a dict of answers (node id -> choice value or number); the answer
``usual=yes`` takes the default of every question that has one, in either mode. In
``step`` mode it stops at the first node nobody has answered and returns that
question (the tablet: one question per screen; back = drop the last answer). In
``batch`` mode a question with a ``default`` (the common case) takes it and the path
says so; the walk stops only where the Laws call for the TD's judgment.

TD answers override the record; an answer that is not one of a node's choices is an
error naming the node and the choices, and so is one against a fact the ruling cannot
depart from (``FactResult.settled``: who revoked, when the record shows the revoke).
"""

from __future__ import annotations

import string
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Literal

from pydantic import BaseModel

from td_assist.bridge.errors import RecordError, shown
from td_assist.i18n import _
from td_assist.rulings.engine.facts import Context, FactResult, FactTable
from td_assist.rulings.engine.model import Adjustment, OptionLine, PendingQuestion, Ruling, Step
from td_assist.rulings.engine.tree import (
    Choice,
    FactNode,
    NumberInput,
    NumberNode,
    OutcomeNode,
    QuestionNode,
    Tree,
)

Mode = Literal["step", "batch"]
SKIP = "skip"
# An answer the TD may give in step mode: take the usual case (a node's ``default``) for
# every question that has one, and still ask the rest (the tablet's "usual for the rest").
USUAL = "usual"


class AnswerError(RecordError):
    """A TD answer that does not fit its question."""


@dataclass
class Walk:
    steps: list[Step] = field(default_factory=list)
    outcome: str | None = None
    pending: PendingQuestion | None = None
    numbers: dict[str, int | None] = field(default_factory=dict)


# The nodes that offer choices (a tuple: ``isinstance`` reads it without building a union)
_ASKING = (QuestionNode, FactNode)


def _label(node: QuestionNode | FactNode, value: str) -> str:
    return _choice(node, value).label


def _choice(node: QuestionNode | FactNode, value: str) -> Choice:
    """The node's choice of ``value`` (one of its values)."""
    for choice in node.choices:  # a loop, not next(generator): a walk asks a dozen times
        if choice.value == value:
            return choice
    raise StopIteration(value)  # as next() raised: a value that is no choice is a bug


def _check_answer(node_id: str, node: QuestionNode | FactNode, value: str) -> str:
    """The choice ``value`` names (seats and suits in either case), or an AnswerError."""
    for choice in node.choices:  # as the record and the address write it: the usual case
        if choice.value == value:
            return value
    values = [c.value for c in node.choices]
    for choice in values:
        if choice.lower() == value.strip().lower():
            return choice
    raise AnswerError(
        _("{value} is not an answer to '{node_id}'; choose one of: {list}").format(
            value=shown(value), node_id=node_id, list=", ".join(values)
        ),
        where=f"answer {node_id}",
    )


def _check_offered(node_id: str, node: FactNode, value: str, found: FactResult) -> None:
    """A TD answer the Laws do not leave open here (the record narrowed the choices)."""
    if found.offer and value not in found.offer:
        open_here = ", ".join(_label(node, v) for v in found.offer)
        raise AnswerError(
            _("'{label}' is not open here ({list}); choose one of: {open_here}").format(
                label=_label(node, value), list=" ".join(found.evidence), open_here=open_here
            ),
            where=f"answer {node_id}",
        )


def _refuse_unsettling(node_id: str, shown_value: str, found: FactResult) -> None:
    """A TD answer against a value the ruling cannot depart from (``FactResult.settled``)."""
    raise AnswerError(
        _(
            "{shown_value} contradicts what is already established: "
            "{list} Correct the record (or the earlier answer) if it is "
            "wrong, or leave this answer out."
        ).format(shown_value=shown_value, list=" ".join(found.evidence)),
        where=f"answer {node_id}",
    )


def _number(node_id: str, node: NumberInput, raw: str) -> int | None:
    if raw.strip().lower() in {SKIP, ""} and node.optional:
        return None
    try:
        value = int(raw)
    except ValueError:
        raise AnswerError(
            _("{raw} is not a whole number").format(raw=shown(raw)), where=f"answer {node_id}"
        ) from None
    if not node.minimum <= value <= node.maximum:
        raise AnswerError(
            _("{value} is outside {minimum} to {maximum}").format(
                value=value, minimum=node.minimum, maximum=node.maximum
            ),
            where=f"answer {node_id}",
        )
    return value


def routed_answers(answers: dict[str, str], routes: dict[str, Sequence[str]]) -> dict[str, str]:
    """``answers`` with each answer named in the contract (``routes``' keys) also given
    to every tree node it stands for, unless that node has its own answer.

    >>> routed_answers({"choice": "accept"}, {"choice": ("accept_53", "accept_54")})
    {'choice': 'accept', 'accept_53': 'accept', 'accept_54': 'accept'}
    """
    normal = dict(answers)
    for name, nodes in routes.items():
        if name in answers:
            for node in nodes:
                normal.setdefault(node, answers[name])
    return normal


def walk(tree: Tree, ctx: Context, facts: FactTable, mode: Mode = "batch", group: str = "") -> Walk:
    """Walk ``tree`` from its start; ``facts`` answers its fact nodes from the record.

    Every answer taken goes into ``ctx.walked`` as the walk goes on, so that a later
    fact can build on an earlier answer (the offender's seat -> his role).
    """
    result = Walk()
    node_id = tree.start
    answers = ctx.answers
    for _step in range(len(tree.nodes) + 1):  # a validated tree has no cycles
        node = tree.nodes[node_id]
        if isinstance(node, OutcomeNode):
            for name in node.asks:
                if not _take_number(name, tree.inputs[name], ctx, facts, mode, group, result):
                    return result
            result.outcome = node_id
            return result
        if isinstance(node, NumberNode):
            if not _take_number(node_id, node, ctx, facts, mode, group, result):
                return result
            node_id = node.next_for(result.numbers[node_id])
            continue
        if not isinstance(node, _ASKING):
            raise TypeError(_("a tree node must be a question, a fact, a number or an outcome"))
        evidence: list[str] = []
        value: str | None = None
        answered_by: Literal["record", "td", "assumed"] = "td"
        note = ""
        offer: tuple[str, ...] = ()
        default_ruled_out = False
        if node_id in answers:
            value = _check_answer(node_id, node, answers[node_id])
            if isinstance(node, FactNode):
                found = facts[node.fact](ctx)
                _check_offered(node_id, node, value, found)
                if found.settled and found.value is not None and found.value != value:
                    _refuse_unsettling(node_id, f"'{_label(node, value)}'", found)
                if found.value is not None and found.value != value:
                    note = _("The TD's answer overrides the record, which says '{label}'.").format(
                        label=_label(node, found.value)
                    )
                if found.value is not None:  # why the record could not tell: moot now
                    evidence = found.evidence
        elif isinstance(node, FactNode):
            found = facts[node.fact](ctx)
            evidence, offer = found.evidence, found.offer
            default_ruled_out = found.default_ruled_out
            if found.value is not None:
                value, answered_by = _check_answer(node_id, node, found.value), "record"
        usual = answers.get(USUAL) == "yes"
        if (
            value is None
            and node.default
            and not default_ruled_out
            and (not offer or node.default in offer)
            and (usual or (mode == "batch" and not node.default_usual_only))
        ):
            value, answered_by = node.default, "assumed"
            note = node.default_note or _("Not answered: the usual case is assumed.")
        if value is None:
            result.pending = PendingQuestion(
                node=node_id,
                prompt=node.prompt,
                kind=node.kind,
                laws=node.laws,
                help=node.help,
                choices=[
                    {"value": c.value, "label": c.label}
                    for c in node.choices
                    if not offer or c.value in offer
                ],
                default=node.default,
                group=group,
            )
            if evidence:
                result.pending.help = " ".join([node.help, *evidence]).strip()
            return result
        ctx.walked[node_id] = value
        chosen = _choice(node, value)
        result.steps.append(
            Step(
                node=node_id,
                question=node.prompt,
                answer=value,
                answer_label=chosen.label,
                answered_by=answered_by,
                evidence=evidence,
                laws=node.laws,
                note=note,
                group=group,
            )
        )
        node_id = chosen.next
    raise AssertionError(_("walk did not end: the tree has a cycle"))


def _take_number(
    name: str,
    node: NumberInput,
    ctx: Context,
    facts: FactTable,
    mode: Mode,
    group: str,
    result: Walk,
) -> bool:
    """Record a number (the TD's, the record's, or its skipping); False when the walk must ask."""
    found = facts[node.fact](ctx) if node.fact is not None else None
    evidence = found.evidence if found is not None else []
    if name in ctx.answers and (found is None or found.value is None):
        evidence = []  # why the record could not tell: moot once the TD answers
    answered_by: Literal["record", "td", "assumed"]
    note = ""
    if name in ctx.answers:
        value, answered_by = _number(name, node, ctx.answers[name]), "td"
        if found is not None and found.value is not None:
            recorded = _number(name, node, found.value)
            if recorded != value and found.settled:
                _refuse_unsettling(name, str(value), found)
            if recorded != value:
                shown = node.skip_label if recorded is None else str(recorded)
                note = _("The TD's answer overrides the record, which says {shown}.").format(
                    shown=shown
                )
    elif found is not None and found.value is not None:
        value, answered_by = _number(name, node, found.value), "record"
    elif node.optional and (
        mode == "batch" or (node.usual_skip and ctx.answers.get(USUAL) == "yes")
    ):
        value, answered_by = None, "assumed"
        note = _("Not answered: taken as skipped.")
    else:
        result.pending = PendingQuestion(
            node=name,
            prompt=node.prompt,
            kind="number",
            laws=node.laws,
            help=" ".join([node.help, *evidence]).strip(),
            minimum=node.minimum,
            maximum=node.maximum,
            optional=node.optional,
            skip_label=node.skip_label if node.optional else "",
            group=group,
        )
        return False
    result.numbers[name] = value
    ctx.walked[name] = value
    result.steps.append(
        Step(
            node=name,
            question=node.prompt,
            answer=None if value is None else str(value),
            answer_label=node.skip_label if value is None else str(value),
            answered_by=answered_by,
            evidence=evidence,
            laws=node.laws,
            note=note,
            group=group,
        )
    )
    return True


def pending_ruling(
    wizard: str,
    path: list[Step],
    pending: PendingQuestion,
    *,
    marked_calls: list[int] | None = None,
) -> Ruling:
    """The ruling while a question is open: the path so far and the question (and the
    calls of the auction it is about, ``marked_calls``, for the diagram)."""
    return Ruling(
        wizard=wizard,
        status="needs_answer",
        path=path,
        pending=pending,
        marked_calls=marked_calls or [],
    )


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
    if result.outcome is None:
        raise RecordError(_("the ruling has no outcome"))
    node = tree.nodes[result.outcome]
    if not isinstance(node, OutcomeNode):
        raise TypeError(_("the walk ended on a node that is no outcome"))
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
    if "{" not in template and "}" not in template:  # most labels and notes: nothing to fill
        return template
    blank = _Blank(values)
    try:
        # str's own formatting (C) reads a template as string.Formatter does, at a
        # fifth of its cost (issue 29: a ruling fills some thirty texts).
        return template.format_map(blank)
    except (ValueError, IndexError, KeyError, AttributeError, TypeError):
        # A template the two read differently ({0}, {}) or a broken one: Formatter's
        # result or its error, as before.
        return string.Formatter().vformat(template, (), blank)


def filled_steps(
    steps: list[Step], values: dict[str, object], *, capitalise: bool = False
) -> list[Step]:
    """Copies of ``steps`` with their question, answer and note filled from ``values``."""
    return [
        step.model_copy(
            update={
                "question": _filled_prompt(step.question, values, capitalise),
                "answer_label": fill(step.answer_label, values),
                "note": fill(step.note, values),
            }
        )
        for step in steps
    ]


def fill_walk(result: Walk, values: dict[str, object], *, capitalise: bool = False) -> None:
    """Fill the ``{placeholders}`` of a walk's path and open question from ``values``.

    A tree's prompts, choice labels and notes name people and calls by placeholder
    (``{offender}``, ``{call}``); a wizard fills them once it knows who and what. With
    ``capitalise``, a question that begins with a placeholder ("{caller} hesitated")
    gets a capital first letter once filled.
    """
    result.steps = filled_steps(result.steps, values, capitalise=capitalise)
    if result.pending is not None:
        result.pending = result.pending.model_copy(
            update={
                "prompt": _filled_prompt(result.pending.prompt, values, capitalise),
                "help": fill(result.pending.help, values),
                "choices": [
                    {**choice, "label": fill(choice["label"], values)}
                    for choice in result.pending.choices
                ],
            }
        )


def td_step(
    node: str, question: str, answer: str, laws: Sequence[str] = (), answer_label: str = ""
) -> Step:
    """A step of the path the TD answered outside the tree (whose card, which trick, the
    results to weigh), shown as ``answer_label`` or else the answer itself."""
    return Step(
        node=node,
        question=question,
        answer=answer,
        answer_label=answer_label or answer,
        answered_by="td",
        laws=list(laws),
    )


def _filled_prompt(text: str, values: dict[str, object], capitalise: bool) -> str:
    filled = fill(text, values)
    return filled[:1].upper() + filled[1:] if capitalise else filled
