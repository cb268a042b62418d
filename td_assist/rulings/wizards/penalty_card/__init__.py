"""The penalty-card wizard (Laws 48-52, 59): its report, its facts, its walk.

The report says whose cards were exposed, which, and at which trick. When the record
holds the play, every penalty card is followed through it (``procedures.penalty_cards.trace``):
the tree's questions about what happened afterwards (was the card played when due,
did partner get the lead, did he keep to declarer's choice) are then settled from the
record with the evidence, and the ``rectification`` lists every breach found.

A TD on the tablet page has no report: the wizard asks who exposed the card, at which
trick (when the play is recorded) and which card(s) (when the deal is known) before it
walks the tree. The lead-out-of-turn wizard hands a refused defender's lead to
``rule_penalty_card`` with a report of its own (Law 54D, 56).

The package: ``report`` (the report, the answers outside the tree, the situation),
``gather`` (reading them before the walk, asking what is missing), ``tracking`` (when
the cards were exposed, and the penalty cards followed through the play), ``facts``
(the tree's facts), ``rectification`` (the ruling's fields and words); here the ruling
itself and the registry entry.
"""

from __future__ import annotations

from td_assist.bridge.board import Board
from td_assist.i18n import N_
from td_assist.rulings.engine.model import (
    IrregularityReport,
    PendingQuestion,
    Ruling,
    Step,
)
from td_assist.rulings.engine.registry import AnswerHelp, Wizard, get_tree, register, walk_wizard
from td_assist.rulings.engine.walk import Mode, outcome_ruling, pending_ruling
from td_assist.rulings.wizards.penalty_card.facts import FACTS
from td_assist.rulings.wizards.penalty_card.gather import gather
from td_assist.rulings.wizards.penalty_card.rectification import (
    outcome_values,
    rectify,
    violations_text,
)
from td_assist.rulings.wizards.penalty_card.report import NAME, PenaltyCardReport, normalise_answers


def rule_penalty_card(
    board: Board | None, report: IrregularityReport | None, answers: dict[str, str], mode: Mode
) -> Ruling:
    reported = report if isinstance(report, PenaltyCardReport) else None
    answers = normalise_answers(answers)
    asked: list[Step] = []
    found = gather(board, reported, answers, mode, asked)
    if isinstance(found, PendingQuestion):
        return pending_ruling(NAME, asked, found)
    situation = found
    result = walk_wizard(WIZARD, board, reported, answers, mode, focus=situation)
    result.steps[:0] = asked
    if result.pending is not None:
        return pending_ruling(NAME, result.steps, result.pending)
    rectification = rectify(situation, result)
    ruling = outcome_ruling(
        NAME,
        get_tree(NAME),
        result,
        outcome_values(situation, result, rectification),
        rectification=rectification,
        extra_text=violations_text(rectification),
        marked_tricks=sorted({v.trick for v in rectification.violations}),
    )
    if len(situation.cards) < 2:
        # Law 51 is about two or more penalty cards; the outcomes cite it for that case,
        # and their text names it only then ({law_51b1a} and the like).
        ruling.laws = [anchor for anchor in ruling.laws if not anchor.startswith("51")]
    return ruling


WIZARD = register(
    Wizard(
        name=NAME,
        title="Penalty card",
        laws="Laws 48-52",
        kind="penalty_card",
        rule=rule_penalty_card,
        facts=FACTS,
        computations=frozenset({"penalty_card_record"}),
        answers=(
            AnswerHelp("offender", N_("(TD)  Whose card was exposed  [N E S W]")),
            AnswerHelp("cards", N_("(TD)  The exposed cards  [e.g. HQ or HQ,D3]")),
            AnswerHelp(
                "card_N",
                N_("(TD)  On the tablet, the Nth exposed card, one at a time  [e.g. D3, or none]"),
            ),
            AnswerHelp("trick", N_("(TD)  The trick during which they were exposed  [1-13]")),
            AnswerHelp(
                "before_trick",
                N_(
                    "(TD)  The exposure came before the offender's own card to that trick, so "
                    "that card is checked against it; asked when the record cannot tell  [yes|no]"
                ),
            ),
            AnswerHelp(
                "before_lead",
                N_(
                    "(TD)  With before_trick=yes, when the offender's partner led to that trick: "
                    "the exposure came before his lead (Law 50D2)  [yes|no]"
                ),
            ),
            AnswerHelp(
                "lead_suit",
                N_(
                    "(TD)  The suit declarer requires or forbids  [S H D C; SH or all when he "
                    "forbids every suit with a penalty card, Law 51B2(b)]"
                ),
            ),
            AnswerHelp(
                "designated_N",
                N_(
                    "(TD)  At trick N, the penalty card declarer designated when two or more "
                    "could legally be played (Law 51A; checked against the play record)  "
                    "[e.g. HQ]"
                ),
            ),
            AnswerHelp(
                "lead_choice_N",
                N_(
                    "(TD)  Declarer's choice when the offender's partner led again at trick N "
                    "with a major penalty card still out (from a record)  [require|forbid|none]"
                ),
            ),
            AnswerHelp(
                "lead_suit_N",
                N_(
                    "(TD)  At trick N, the suit declarer required or forbade, when the penalty "
                    "cards are in more than one suit  [S H D C, or all to forbid every one]"
                ),
            ),
        ),
        notes=(
            N_(
                'The irregularity in a .json request: {"kind": "penalty_card", "offender": '
                '"E", "cards": ["HQ"], "trick": 3, "exposure": "inadvertent"}'
            )
        ),
    )
)
