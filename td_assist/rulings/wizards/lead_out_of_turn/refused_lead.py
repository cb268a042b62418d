"""A defender's lead out of turn refused: the card is a major penalty card (Law 54D,
56B), ruled on by the penalty-card wizard through the registry and joined to this
ruling."""

from __future__ import annotations

from dataclasses import dataclass

from td_assist.bridge.cards import Seat
from td_assist.bridge.errors import RecordError
from td_assist.i18n import _
from td_assist.rulings.engine.model import Ruling, Step
from td_assist.rulings.engine.registry import get_tree, hand_on
from td_assist.rulings.engine.tree import QuestionNode
from td_assist.rulings.engine.walk import AnswerError, Mode
from td_assist.rulings.procedures.lead_restrictions import LeadOptions
from td_assist.rulings.procedures.penalty_cards import DESIGNATED, PenaltyCardLine
from td_assist.rulings.wizards.lead_out_of_turn.rectification import LeadOutOfTurnRectification
from td_assist.rulings.wizards.lead_out_of_turn.report import Situation

# Answers handed on to the penalty-card wizard after a refused defender's lead.
PENALTY_ANSWERS = (
    "lead_choice",
    "lead_suit",
    "require_suit",
    "forbid_suit",
    "failed_major",
    "must_accept",
    "accept_choice",
    "partner_lead",
    "premature_lead",
    "require_kept",
    "forbid_kept",
)
# Declarer's choice at a later lead by the offender's partner (lead_choice_5, lead_suit_5),
# and the penalty card he designated at a trick (designated_5, Law 51A).
PENALTY_LATER_ANSWERS = ("lead_choice_", "lead_suit_", DESIGNATED)
# The wizard a refused lead hands on to, through the registry (Wizard.hands_on_to).
PENALTY_CARD = "penalty-card"


@dataclass
class PenaltyHandOver:
    """The penalty-card wizard's ruling on a refused lead, and what it leaves open."""

    ruling: Ruling
    nothing_since: bool  # the record holds nothing from the refused lead on
    open_choice: bool = False  # declarer's Law 50D2 choice is due now but not given


def _nothing_played_since(situation: Situation) -> bool:
    """True when the record holds no card from the trick of the refused lead on."""
    board = situation.board
    play = board.play_obj if board is not None else None
    return play is None or situation.trick is None or len(play.tricks) < situation.trick


def penalty_ruling(situation: Situation, answers: dict[str, str], mode: Mode) -> PenaltyHandOver:
    """A refused defender's lead: the card is a major penalty card (Law 54D, 56B, 50D)."""
    if situation.card is None:
        raise RecordError(_("the card led out of turn is not known"))
    report: dict[str, object] = {
        "kind": "penalty_card",
        "offender": situation.offender,
        "cards": [str(situation.card)],
        "trick": situation.trick,
        "exposure": "deliberate",
        "before_trick": True,
        "before_lead": True,
    }
    handed = {
        k: v
        for k, v in answers.items()
        if k in PENALTY_ANSWERS or k.startswith(PENALTY_LATER_ANSWERS)
    }
    # A refused lead out of turn is a major penalty card by law (Law 54D, 56B): it was not
    # shown in the normal course of play, and this wizard takes no answer to say it was.
    handed["normal_course"] = "no"
    board = situation.board
    partner = situation.offender.partner
    on_lead = situation.correct_leader is partner
    nothing_since = _nothing_played_since(situation)
    if nothing_since:
        # Nothing has been played since: the card has not yet been due, and the offender's
        # partner has the lead now exactly when the lead was his. A record that stops
        # here cannot show his lead, so it is taken from whose lead it was, not from the
        # record's silence (which would read as "not yet" and skip declarer's choice).
        if board is None or board.play_obj is None:
            handed.setdefault("failed_major", "no")  # a record that stops here says so
        handed.setdefault("partner_lead", "yes" if on_lead else "no")
        handed.setdefault("premature_lead", "no")  # he has not led: nothing played since
        handed.setdefault("require_kept", "yes")
        handed.setdefault("forbid_kept", "yes")
    ruling = hand_on(PENALTY_CARD, board, report, handed, mode)
    open_choice = (
        mode == "batch"
        and ruling.pending is not None
        and ruling.pending.node == "lead_choice"
        and nothing_since
    )
    if open_choice:
        # Declarer chooses when the partner is about to lead, and a batch ruling has not
        # been told his choice: it must not guess it, but the ruling on the lead out of
        # turn is complete. The penalty card's ruling as it stands before he chooses (the
        # card on the table, the three options to read him) is the tree's "not yet".
        path = ruling.path
        ruling = hand_on(PENALTY_CARD, board, report, {**handed, "partner_lead": "no"}, mode)
        ruling.path = [*path, _open_choice_step(partner)]
    supplied = set(handed) - set(answers)
    card = situation.card.pretty
    for step in ruling.path:
        if step.node == "normal_course":
            step.answered_by = "record"
            step.note = ""
            step.evidence = [
                _(
                    "Declarer refused the lead out of turn: {card} becomes a "
                    "major penalty card (Law 54D, 56B)."
                ).format(card=card)
            ]
        elif step.node == "partner_lead" and "partner_lead" in supplied:
            step.answered_by = "record"
            step.note = ""
            step.evidence = [
                _(
                    "It is {partner}'s lead, and he is {offender}'s partner: he "
                    "is to lead now, with {card} on the table."
                ).format(
                    partner=partner.name_full, offender=situation.offender.name_full, card=card
                )
                if on_lead
                else _(
                    "It is {correct_name}'s lead, not {partner}'s: declarer's "
                    "choice comes when {partner} is next to lead while {card} is "
                    "on the table."
                ).format(
                    correct_name=_correct_name(situation), partner=partner.name_full, card=card
                )
            ]
        elif step.node in supplied:
            step.answered_by = "assumed"
            step.note = _("Taken from the lead out of turn: nothing has been played since.")
    return PenaltyHandOver(ruling, nothing_since, open_choice)


def take_penalty_rectification(
    rect: LeadOutOfTurnRectification, handed: PenaltyHandOver, situation: Situation
) -> None:
    """The penalty-card wizard's decisions, joined to this ruling's rectification."""
    penalty_rect = handed.ruling.rectification or {}
    rect.penalty_cards = [PenaltyCardLine(**line) for line in penalty_rect["penalty_cards"]]
    if penalty_rect.get("lead_options"):
        rect.lead_options = LeadOptions(**penalty_rect["lead_options"])
    rect.lead_choice = penalty_rect.get("lead_choice")
    if not handed.nothing_since:
        # The record goes on past the refused lead: the penalty-card wizard followed the
        # card through it.
        rect.still_on_table = list(penalty_rect.get("still_on_table", []))
        rect.released_trick = penalty_rect.get("released_trick")
        rect.released_by = penalty_rect.get("released_by")
        return
    # Nothing played since: the card lies on the table unless declarer has just required
    # or forbidden its suit, which puts it back in the offender's hand (Law 50D2(a)).
    picked = set(penalty_rect.get("lead_suits", []))
    rect.still_on_table = [line.card for line in rect.penalty_cards if line.card[0] not in picked]
    if rect.penalty_cards and not rect.still_on_table:
        rect.released_trick = situation.trick
        rect.released_by = "picked_up"


def check_lead_choice_used(situation: Situation, handed: PenaltyHandOver) -> None:
    """A ``lead_choice`` the penalty-card ruling never reached must not be dropped without
    a word: it was given for a lead the offender's partner has not (yet) made."""
    if any(step.node == "lead_choice" for step in handed.ruling.path):
        return
    partner = situation.offender.partner.name_full
    card = situation.card.pretty if situation.card else _("the penalty card")
    if handed.nothing_since:
        why = _(
            "it is {correct_name}'s lead to trick {trick}, not "
            "{partner}'s, so declarer chooses only when {partner} is "
            "next to lead while {card} is still on the table"
        ).format(
            correct_name=_correct_name(situation), trick=situation.trick, partner=partner, card=card
        )
    else:
        why = _("the record shows no lead by {partner} while {card} was on the table").format(
            partner=partner, card=card
        )
    raise lead_choice_not_due(situation, why)


def lead_choice_not_due(situation: Situation, why: str) -> AnswerError:
    partner = situation.offender.partner.name_full
    return AnswerError(
        _(
            "lead_choice is declarer's Law 50D2 choice when {partner}, "
            "the partner of the irregular leader, is to lead with a "
            "refused lead's penalty card on the table; here {why}; leave "
            "it out"
        ).format(partner=partner, why=why),
        where=_("answer lead_choice"),
    )


def _correct_name(s: Situation) -> str:
    return s.correct_leader.name_full if s.correct_leader else _("the correct leader")


def _open_choice_step(partner: Seat) -> Step:
    """The path's record of declarer's Law 50D2 choice left open in a batch ruling."""
    node = get_tree(PENALTY_CARD).nodes["lead_choice"]
    if not isinstance(node, QuestionNode):
        raise TypeError(_("the penalty-card tree's lead_choice must be a question"))
    return Step(
        node="lead_choice",
        question=node.prompt,
        answer=None,
        answer_label=_("Not yet chosen"),
        answered_by="assumed",
        laws=node.laws,
        note=_(
            "Not answered: declarer makes his choice before {partner} "
            "leads; his options are listed with the ruling."
        ).format(partner=partner.name_full),
    )
