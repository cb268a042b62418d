"""Practice: a worked case turned into the decisions a trainee must make, and grading.

Every step of the model walk becomes a question, including those the record settles
(a trainee must learn to see them), then the ruling itself and, when the score
changes, the final score. Questions are rebuilt from the case on every request, so
the trainee's answers can live in the address and nothing is kept on the server.
"""

from __future__ import annotations

import hashlib
import random
from typing import Literal

from pydantic import BaseModel, Field

from td_assist.i18n import _
from td_assist.rulings.engine.model import PendingQuestion
from td_assist.rulings.engine.registry import get_tree
from td_assist.rulings.engine.tree import FactNode, NumberInput, OutcomeNode, QuestionNode
from td_assist.training.cases import Case

RULING_CHOICES = 4  # the model outcome and three others of the same tree
RANDOM_SET_SIZE = 10


class PracticeQuestion(BaseModel):
    case_id: str
    prompt: str
    group: str = ""
    kind: Literal["choice", "number"]
    choices: list[tuple[str, str]] = Field(default_factory=list)  # (value, label)
    answer: str
    answer_label: str
    laws: list[str] = Field(default_factory=list)
    settled_by: str = ""  # "record", "td", "assumed", "ruling", "score"

    def is_right(self, given: str) -> bool:
        given = given.strip()
        if self.kind == "number":
            try:
                return int(given) == int(self.answer)
            except ValueError:
                return False
        return given == self.answer

    def label_of(self, given: str) -> str:
        return dict(self.choices).get(given, given) if self.kind == "choice" else given


def practice_questions(case: Case) -> list[PracticeQuestion]:
    """The decisions of the case's model walk, then the ruling, then the final score."""
    ruling = case.run()
    # The wizard that gave the ruling: a case may be handed on to another (Law 27A2).
    tree = get_tree(ruling.wizard)
    questions: list[PracticeQuestion] = []
    for step in ruling.path:
        node = tree.nodes.get(step.node) or tree.inputs.get(step.node)
        common = {
            "case_id": case.id,
            "prompt": step.question,
            "group": step.group,
            "laws": step.laws,
            "settled_by": step.answered_by,
        }
        if isinstance(node, QuestionNode | FactNode) and step.answer is not None:
            questions.append(
                PracticeQuestion(
                    kind="choice",
                    choices=[(c.value, c.label) for c in node.choices],
                    answer=step.answer,
                    answer_label=step.answer_label,
                    **common,
                )
            )
        elif isinstance(node, NumberInput) and step.answer is not None:
            questions.append(
                PracticeQuestion(
                    kind="number", answer=step.answer, answer_label=step.answer_label, **common
                )
            )
    if ruling.pending is not None:
        questions.append(_pending_question(case, ruling.pending, ruling.wizard))
    if ruling.outcome is not None:
        outcomes = {
            node_id: node.title
            for node_id, node in tree.nodes.items()
            if isinstance(node, OutcomeNode)
        }
        others = [node_id for node_id in outcomes if node_id != ruling.outcome]
        # The same distractors every time for a case, so a set reads the same on reload.
        seed = int(hashlib.sha256(case.id.encode()).hexdigest()[:8], 16)
        picked = random.Random(seed).sample(others, min(RULING_CHOICES - 1, len(others)))
        shown = [node_id for node_id in outcomes if node_id in {*picked, ruling.outcome}]
        questions.append(
            PracticeQuestion(
                case_id=case.id,
                prompt=_("Which ruling?"),
                kind="choice",
                choices=[(node_id, _plain(outcomes[node_id])) for node_id in shown],
                answer=ruling.outcome,
                answer_label=_plain(outcomes[ruling.outcome]),
                laws=ruling.laws,
                settled_by="ruling",
            )
        )
    adjustment = ruling.adjustment
    if adjustment is not None and adjustment.score_ns_final is not None:
        questions.append(
            PracticeQuestion(
                case_id=case.id,
                prompt=_("The final score for North-South after the ruling?"),
                kind="number",
                answer=str(adjustment.score_ns_final),
                answer_label=f"{adjustment.score_ns_final:+d}",
                laws=[*adjustment.laws, "77"] if "77" not in adjustment.laws else adjustment.laws,
                settled_by="score",
            )
        )
    return questions


def _pending_question(case: Case, asked: PendingQuestion, wizard: str) -> PracticeQuestion:
    """A case that stops at a question: the trainee must see what to ask before ruling.
    The choices are the tree's questions, and the one asked even when the wizard's code
    asks it rather than the tree (the claim wizard's cards left, for one)."""
    pending, laws = asked.node, asked.laws
    tree = get_tree(wizard)
    prompts = {
        node_id: node.prompt
        for node_id, node in tree.nodes.items()
        if isinstance(node, QuestionNode | FactNode | NumberInput)
    } | {name: number.prompt for name, number in tree.inputs.items()}
    prompts.setdefault(pending, asked.prompt)
    others = [node_id for node_id in prompts if node_id != pending]
    seed = int(hashlib.sha256(case.id.encode()).hexdigest()[:8], 16)
    picked = random.Random(seed).sample(others, min(RULING_CHOICES - 1, len(others)))
    shown = [node_id for node_id in prompts if node_id in {*picked, pending}]
    return PracticeQuestion(
        case_id=case.id,
        prompt=_("The ruling cannot be given yet. What must the TD find out first?"),
        kind="choice",
        choices=[(node_id, prompts[node_id]) for node_id in shown],
        answer=pending,
        answer_label=prompts.get(pending, pending),
        laws=laws,
        settled_by="pending",
    )


def _plain(title: str) -> str:
    """An outcome title template without its placeholders (they depend on the case)."""
    while "{" in title and "}" in title:
        start = title.index("{")
        end = title.index("}", start)
        title = title[:start] + "…" + title[end + 1 :]
    return title


def law_number(anchor: str) -> str:
    """``64A1`` -> ``64``; ``def-revoke`` -> ``def-revoke``."""
    digits = "".join(ch for ch in anchor[:2] if ch.isdigit())
    return digits or anchor


def select_cases(
    cases: list[Case],
    wizard: str = "",
    law: str = "",
    difficulty: str = "",
) -> list[Case]:
    """The cases matching every filter given (law: a number such as ``64``)."""
    return [
        case
        for case in cases
        if (not wizard or case.wizard == wizard)
        and (not law or law in {law_number(a) for a in case.laws})
        and (not difficulty or case.difficulty == difficulty)
    ]


class Graded(BaseModel):
    question: PracticeQuestion
    given: str
    right: bool


def grade(questions: list[PracticeQuestion], answers: list[str]) -> list[Graded]:
    return [
        Graded(question=q, given=a, right=q.is_right(a))
        for q, a in zip(questions, answers, strict=False)
    ]


def laws_to_revise(graded: list[Graded]) -> list[str]:
    """The laws of the questions answered wrongly, each once, in the order met."""
    return list(dict.fromkeys(a for g in graded if not g.right for a in g.question.laws))
