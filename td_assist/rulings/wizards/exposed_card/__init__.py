"""The exposed-card wizard (Law 24, with Laws 16C, 16D, 37, 50 and 51): a card exposed or
led during the auction.

The report says whose cards, which, after how many calls (0: before the first call), and
whether the card was led face up (a premature lead). The record's auction settles the
rest it can: whether the auction had begun (it begins with the first call, so Law 16D
and not Law 24 covers a card seen before it), the offender's partner's next turn (the
forced pass of Law 24B and 24C) and whether he passed there, the contract, who is
declarer and who leads. The Director is asked only whether the partner could have seen
the card's face (Law 24 applies only then).

At the end of the auction a declarer's or dummy's cards go back into his hand (24D); a
defender's become penalty cards (24E), major or minor by Law 50B (shared with the
penalty-card wizard through ``procedures.penalty_cards``), and the opening lead follows
Law 50D and Law 51: the offender leads a major penalty card himself (declarer naming which
of several, 51A), or declarer has the options on his partner's lead (50D2, 51B).

On the tablet there is no report: the auction tapped in gives ``call_index`` (the call
tapped is the last call made before the exposure), and the wizard asks who exposed the
card and which, from his hand.

The package: ``report`` (the report, the situation, ``gather``), ``facts`` (the tree's
facts), ``rectification`` (the ruling's fields and words); here the ruling itself and
the registry entry.
"""

from __future__ import annotations

from td_assist.bridge.board import Board
from td_assist.i18n import N_, _
from td_assist.rulings.engine.model import (
    IrregularityReport,
    PendingQuestion,
    Ruling,
    Step,
)
from td_assist.rulings.engine.registry import AnswerHelp, Wizard, get_tree, register, walk_wizard
from td_assist.rulings.engine.walk import (
    Mode,
    fill_walk,
    outcome_ruling,
    pending_ruling,
)
from td_assist.rulings.wizards.exposed_card.facts import FACTS
from td_assist.rulings.wizards.exposed_card.rectification import (
    end_text,
    outcome_values,
    provisional,
    rectify,
)
from td_assist.rulings.wizards.exposed_card.report import (
    CATEGORY_LAW,
    NAME,
    ExposedCardReport,
    after_final_pass,
    gather,
)


def rule_exposed_card(
    board: Board | None, report: IrregularityReport | None, answers: dict[str, str], mode: Mode
) -> Ruling:
    reported = report if isinstance(report, ExposedCardReport) else None
    asked: list[Step] = []
    found = gather(board, reported, answers, mode, asked)
    if isinstance(found, PendingQuestion):
        return pending_ruling(NAME, asked, found)
    situation = found
    result = walk_wizard(WIZARD, board, reported, answers, mode, focus=situation)
    result.steps[:0] = asked
    if result.pending is not None:
        rect_so_far = provisional(situation, result)
        fill_walk(result, outcome_values(situation, rect_so_far))
        if result.pending is not None:
            return pending_ruling(NAME, result.steps, result.pending)
    rect = rectify(situation, result)
    values = outcome_values(situation, rect)
    fill_walk(result, values)
    ruling = outcome_ruling(
        NAME,
        get_tree(NAME),
        result,
        values,
        rectification=rect,
        extra_text=end_text(rect),
    )
    if len(situation.cards) < 2:
        # Law 51 is about two or more penalty cards: cited only then.
        ruling.laws = [anchor for anchor in ruling.laws if not anchor.startswith("51")]
    if after_final_pass(board, situation.call_index):
        ruling.text += "\n\n" + _(
            "{offender} faced the card after the final pass, trying to make the opening lead "
            "for the declaring side: Law 54E sends that to Law 24, and the card goes back "
            "into his hand."
        ).format(offender=situation.offender.name_full)
        ruling.laws.append("54E")
    anchor = CATEGORY_LAW.get(rect.category)
    if anchor is not None and anchor not in ruling.laws:
        ruling.laws.insert(0, anchor)  # the Law 24 subsection that applied in the auction
    if rect.partner_pass_at is not None and rect.partner_pass_status in ("passed", "called"):
        ruling.marked_calls = [rect.partner_pass_at]
    return ruling


WIZARD = register(
    Wizard(
        name=NAME,
        title="Card exposed during the auction",
        laws="Law 24",
        kind="exposed_card_auction",
        rule=rule_exposed_card,
        facts=FACTS,
        starts_from_auction=True,
        computations=frozenset({"exposed_card"}),
        answers=(
            AnswerHelp(
                "call_index",
                N_(
                    "(TD)  How many calls had been made before the exposure (0: before the first "
                    "call); on the tablet, the call tapped"
                ),
            ),
            AnswerHelp("offender", N_("(TD)  Whose card was exposed  [N | E | S | W]")),
            AnswerHelp("cards", N_("(TD)  The card or cards exposed  [e.g. SK or SK H3]")),
            AnswerHelp("card_N", N_("(TD)  One more card exposed (card_2, card_3 ...), or none")),
        ),
        placeholder_words={
            "offender": N_("the offender"),
            "partner": N_("the offender's partner"),
            "partner_lho": N_("the partner's LHO"),
            "cards": N_("the exposed card(s)"),
            "pass_turn": N_("his next turn"),
            "barred_call": N_("his call"),
            "contract": N_("the contract"),
        },
        notes=(
            N_(
                'The irregularity in a .json request: {"kind": "exposed_card_auction", '
                '"offender": "W", "cards": ["SK"], "call_index": 2, "premature_lead": false} '
                "(call_index: the calls made before the exposure, 0 before the first call)."
            )
        ),
    )
)
