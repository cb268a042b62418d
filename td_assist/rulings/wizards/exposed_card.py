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
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from td_assist.bridge.auction import Auction, Call, Contract
from td_assist.bridge.board import Board
from td_assist.bridge.cards import Card, Seat, Suit
from td_assist.bridge.errors import RecordError, shown
from td_assist.i18n import N_, _, ngettext
from td_assist.rulings.engine.facts import Context, FactResult, FactTable
from td_assist.rulings.engine.model import (
    IrregularityReport,
    PendingQuestion,
    ReportCards,
    ReportSeat,
    Ruling,
    Step,
    irregularity_kind,
)
from td_assist.rulings.engine.registry import AnswerHelp, Wizard, get_tree, register, walk_wizard
from td_assist.rulings.engine.walk import (
    AnswerError,
    Mode,
    Walk,
    fill_walk,
    outcome_ruling,
    pending_ruling,
)
from td_assist.rulings.procedures.barred_partner import call_at, next_turn
from td_assist.rulings.procedures.lead_restrictions import LeadOptions
from td_assist.rulings.procedures.named_cards import (
    MAX_CARDS,
    ask_more_cards,
    card_names,
    cards_answer,
    td_answered,
)
from td_assist.rulings.procedures.penalty_cards import (
    PenaltyCardLine,
    cards_held,
    major_by_law_50b,
)
from td_assist.rulings.procedures.tricks_and_scores import side_name

NAME = "exposed-card"
MAX_CALL_INDEX = 120  # the table-auction answer's limit on calls
SUIT_ORDER = "SHDC"

Category = Literal[
    "low_card", "honour_or_premature_lead", "two_or_more", "not_seen_by_partner", "before_auction"
]
PassStatus = Literal["passed", "pending", "ended_first", "called"]
EndState = Literal["open", "declaring", "defending", "passed_out"]
PASS_STATUSES: dict[str, PassStatus] = {
    "passed": "passed",
    "pending": "pending",
    "ended_first": "ended_first",
    "called": "called",
}

# Outcomes where the auction has ended with the offender's side declaring or defending.
DEFENDING = {"minor_penalty_card", "offender_leads_penalty_card", "declarer_lead_options"}
LAW_37 = {"barred_call_stands", "barred_call_cancelled"}
CATEGORY_LAW = {"low_card": "24A", "honour_or_premature_lead": "24B", "two_or_more": "24C"}
# The law that applies instead of Law 24, by outcome.
LAWS_INSTEAD = {"before_auction": ["16D1", "16D2"], "not_seen_by_partner": ["74C5", "16A1"]}


@irregularity_kind
class ExposedCardReport(IrregularityReport):
    """What the TD was told: whose cards, which, after how many calls (0: before the first
    call), and whether the card was led face up before the auction had ended."""

    kind: Literal["exposed_card_auction"] = "exposed_card_auction"
    offender: ReportSeat = None
    cards: ReportCards = Field(default_factory=list, max_length=MAX_CARDS)
    call_index: int | None = Field(default=None, ge=0, le=MAX_CALL_INDEX)
    premature_lead: bool = False


class OffenderMustLead(BaseModel):
    """Law 50D1(a), 51A: the offender, on opening lead, leads a major penalty card;
    ``designated_by`` is ``declarer`` when he names which of several."""

    model_config = ConfigDict(extra="forbid")
    seat: Seat
    cards: list[str]
    designated_by: Literal["declarer"] | None = None


class ExposedCardRectification(BaseModel):
    model_config = ConfigDict(extra="forbid")
    offender: Seat
    cards: list[str]
    call_index: int
    premature_lead: bool = False
    seen_by_partner: bool | None = None
    category: Category
    partner_must_pass: bool = False
    partner_pass_at: int | None = None  # the call number of his forced pass
    partner_pass_status: PassStatus | None = None
    barred_call: str | None = None  # what he called instead (Law 37)
    offending_side_barred: bool = False  # Law 37B2: both must pass from then on
    penalty_cards: list[PenaltyCardLine] = Field(default_factory=list)
    # While the auction goes on: what the penalty cards would be were he to defend.
    penalty_cards_if_defender: list[PenaltyCardLine] = Field(default_factory=list)
    returned_to_hand: bool = False
    lead_options: LeadOptions | None = None
    offender_must_lead: OffenderMustLead | None = None
    auction_complete: bool = False
    contract: str | None = None
    declarer: Seat | None = None
    opening_leader: Seat | None = None
    laws_instead: list[str] = Field(default_factory=list)  # when Law 24 does not apply


# --- The situation: report, answers and record together --------------------------------


@dataclass(frozen=True)
class PartnerTurn:
    """The offender's partner's next turn to call after the exposure."""

    number: int | None  # call number (1-based); None when the auction ended before it
    status: PassStatus | None  # None: the record cannot say
    call: Call | None = None  # what he called there, when recorded


@dataclass
class Situation:
    board: Board | None
    offender: Seat
    cards: list[Card]
    call_index: int
    premature_reported: bool | None

    @property
    def partner(self) -> Seat:
        return self.offender.partner

    @property
    def auction(self) -> Auction | None:
        if self.board is None or not self.board.auction:
            return None
        return self.board.auction_obj

    @property
    def contract(self) -> Contract | None:
        if self.board is None:
            return None
        try:
            return self.board.contract_obj
        except RecordError:
            return None

    def end_state(self) -> EndState:
        contract = self.contract
        if contract is None:
            return "open"
        if contract.is_passed_out:
            return "passed_out"
        declarer = self.board.declarer_seat if self.board is not None else None
        if declarer is None:
            return "open"
        return "declaring" if self.offender.side is declarer.side else "defending"

    def partner_turn(self) -> PartnerTurn:
        auction = self.auction
        dealer = self.board.dealer if self.board is not None else Seat.N
        if auction is None:
            number = next_turn(Auction.parse(dealer, []), self.partner, self.call_index)
            return PartnerTurn(number, None)
        for index in range(self.call_index, len(auction.calls)):
            if auction.seats[index] is self.partner:
                call = auction.calls[index]
                return PartnerTurn(index + 1, "passed" if call.is_pass else "called", call)
        if auction.is_complete:
            return PartnerTurn(None, "ended_first")
        number = next_turn(auction, self.partner, max(self.call_index, len(auction.calls)))
        return PartnerTurn(number, "pending", call_at(auction, number))


def _call_index_answer(text: str) -> int:
    raw = text.strip()
    if not (raw.isascii() and raw.isdigit()) or int(raw) > MAX_CALL_INDEX:
        raise AnswerError(
            _("{value} is not a number of calls (0 to {most})").format(
                value=shown(text), most=MAX_CALL_INDEX
            ),
            where="answer call_index",
        )
    return int(raw)


def _check_call_index(board: Board | None, index: int) -> None:
    """The exposure came after ``index`` calls: the record must have made them."""
    if board is None or not board.auction:
        return
    made = len(board.auction_obj.calls)
    if index > made:
        raise RecordError(
            _(
                "the recorded auction has {made} calls, so the card cannot have been exposed "
                "after call {index}"
            ).format(made=made, index=index),
            where="irregularity call_index",
        )


def after_final_pass(board: Board | None, index: int) -> bool:
    """The exposure came once the recorded auction had ended."""
    if board is None or not board.auction:
        return False
    auction = board.auction_obj
    return index == len(auction.calls) and auction.is_complete


def _check_not_after_the_auction(board: Board | None, offender: Seat, index: int) -> None:
    """Law 24 covers the auction; after the final pass only a card of the declaring side
    faced as an opening lead comes back to it (Law 54E)."""
    if not after_final_pass(board, index) or board is None:
        return
    declarer = board.declarer_seat
    if declarer is not None and offender.side is declarer.side:
        return
    raise RecordError(
        _(
            "the card was exposed after the final pass, when the auction had ended: Law 24 "
            "covers the auction only. A defender's card is a penalty card under Law 49 (the "
            "penalty-card wizard), and an opening lead by the wrong defender is Law 54 (the "
            "lead-out-of-turn wizard); only a declaring-side player's attempt to make the "
            "opening lead comes under Law 24 (Law 54E)"
        ),
        where="irregularity call_index",
    )


def _check_held(board: Board | None, offender: Seat, cards: list[Card]) -> None:
    deal = board.deal_obj if board is not None else None
    if deal is None or not deal.is_complete:
        return
    for card in cards:
        holder = deal.holder(card)
        if holder is not offender:
            whose = (
                _("; {seat} holds it").format(seat=holder.name_full) if holder is not None else ""
            )
            raise RecordError(
                _("{card} is not in {seat}'s hand{whose}").format(
                    card=card.pretty, seat=offender.name_full, whose=whose
                ),
                where="irregularity cards",
            )


def gather(
    board: Board | None,
    report: ExposedCardReport | None,
    answers: dict[str, str],
    mode: Mode,
    steps: list[Step],
) -> Situation | PendingQuestion:
    """The report completed by the TD's answers (the tablet's questions before the tree);
    each answer used is added to ``steps`` so the path shows it."""
    # A report says whether the card was led; without one (the tablet) the tree asks.
    premature = report.premature_lead if report is not None else None
    report = report or ExposedCardReport()
    index = report.call_index
    if "call_index" in answers:
        index = _call_index_answer(answers["call_index"])
        steps.append(
            td_answered(
                "call_index", _("How many calls had been made before the exposure?"), str(index)
            )
        )
    if index is None:
        made = len(board.auction) if board is not None else 0
        return PendingQuestion(
            node="call_index",
            prompt=_("How many calls had been made when the card was exposed?"),
            kind="number",
            laws=["24", "16D1"],
            help=_("0: before the first call. The auction begins with the first call."),
            minimum=0,
            maximum=made if board is not None and board.auction else 60,
        )
    _check_call_index(board, index)
    offender = report.offender
    if "offender" in answers:
        try:
            offender = Seat.parse(answers["offender"])
        except RecordError as error:
            raise error.located("answer offender") from None
        steps.append(td_answered("offender", _("Whose card was exposed?"), offender.name_full))
    if offender is None:
        return PendingQuestion(
            node="offender",
            prompt=_("Whose card was exposed?"),
            kind="question",
            laws=["24"],
            choices=[{"value": s.value, "label": s.name_full} for s in Seat],
        )
    cards = [Card.parse(c) for c in report.cards]
    if "cards" in answers:
        cards = cards_answer(answers["cards"], "answer cards")
        if len({str(c) for c in cards}) != len(cards):
            raise AnswerError(_("a card is listed twice"), where="answer cards")
        steps.append(td_answered("cards", _("Which card was exposed?"), card_names(cards)))
    held = cards_held(board, offender, None)
    if not cards:
        if held:
            return PendingQuestion(
                node="cards",
                prompt=_("Which card of {seat}'s was exposed?").format(seat=offender.name_full),
                kind="question",
                laws=["24"],
                choices=[{"value": str(c), "label": c.pretty} for c in held],
            )
        return PendingQuestion(
            node="cards",
            prompt=_("Which card or cards of {seat}'s were exposed?").format(
                seat=offender.name_full
            ),
            kind="text",
            laws=["24"],
            help=_("Cards as suit and rank, separated by spaces: SK H3."),
        )
    if "cards" in answers and held and mode == "step":
        pending = ask_more_cards(
            held,
            cards,
            answers,
            steps,
            prompt=_("Was another card of {seat}'s exposed as well?").format(
                seat=offender.name_full
            ),
            laws=["24C"],
            help_text=_("Two or more cards: partner must pass at his next turn (Law 24C)."),
        )
        if pending is not None:
            return pending
    _check_held(board, offender, cards)
    _check_not_after_the_auction(board, offender, index)
    return Situation(board, offender, cards, index, premature)


# --- Facts from the report and the record ---------------------------------------------------

FACTS = FactTable()


def _situation(ctx: Context) -> Situation:
    if not isinstance(ctx.focus, Situation):
        raise TypeError("an exposed-card fact needs the wizard's situation")
    return ctx.focus


def _premature(ctx: Context) -> bool:
    return ctx.walked.get("premature_lead") == "yes"


def category_of(cards: list[Card], premature_lead: bool) -> Category:
    """Law 24A-C: two or more cards (C), else a single honour or a card led (B), else a
    single card below honour rank (A). Honours are A K Q J 10 (Definitions).

    >>> category_of([Card.parse("S9")], False), category_of([Card.parse("ST")], False)
    ('low_card', 'honour_or_premature_lead')
    >>> category_of([Card.parse("S2")], True)
    'honour_or_premature_lead'
    >>> category_of([Card.parse("S2"), Card.parse("D3")], False)
    'two_or_more'
    """
    if len(cards) >= 2:
        return "two_or_more"
    if premature_lead or cards[0].rank.is_honour:
        return "honour_or_premature_lead"
    return "low_card"


@FACTS.register("exposed_after_first_call")
def exposed_after_first_call(ctx: Context) -> FactResult:
    s = _situation(ctx)
    if s.call_index == 0:
        return FactResult(
            "no", [_("No call had been made when the card was exposed.")], settled=True
        )
    auction = s.auction
    last = ""
    if auction is not None and s.call_index <= len(auction.calls):
        last = _(" (the last: {seat}'s {call})").format(
            seat=auction.seats[s.call_index - 1].name_full, call=auction.calls[s.call_index - 1]
        )
    return FactResult(
        "yes",
        [
            ngettext(
                "{count} call had been made{last}.",
                "{count} calls had been made{last}.",
                s.call_index,
            ).format(count=s.call_index, last=last)
        ],
        settled=True,
    )


@FACTS.register("led_face_up")
def led_face_up(ctx: Context) -> FactResult:
    s = _situation(ctx)
    if s.premature_reported is None:
        return FactResult.unknown(_("The report does not say whether the card was led."))
    if s.premature_reported:
        return FactResult("yes", [_("Reported as led face up before the auction ended.")])
    return FactResult("no", [_("Reported as exposed, not led.")])


@FACTS.register("partner_could_see")
def partner_could_see(ctx: Context) -> FactResult:
    return FactResult.unknown(_("Only the table can say where the card was and who could see it."))


@FACTS.register("exposure_class")
def exposure_class(ctx: Context) -> FactResult:
    s = _situation(ctx)
    category = category_of(s.cards, _premature(ctx))
    if category == "two_or_more":
        why = ngettext(
            "{count} card exposed: {cards}.", "{count} cards exposed: {cards}.", len(s.cards)
        ).format(count=len(s.cards), cards=card_names(s.cards))
    elif _premature(ctx):
        why = _("{card} was led face up: a premature lead.").format(card=s.cards[0].pretty)
    elif category == "honour_or_premature_lead":
        why = _("{card} is an honour (ace, king, queen, jack or ten).").format(
            card=s.cards[0].pretty
        )
    else:
        why = _("{card} is below honour rank.").format(card=s.cards[0].pretty)
    return FactResult(category, [why], settled=True)


@FACTS.register("forced_pass_kept")
def forced_pass_kept(ctx: Context) -> FactResult:
    s = _situation(ctx)
    turn = s.partner_turn()
    partner = s.partner.name_full
    if turn.status is None:
        return FactResult.unknown(
            _(
                "The record has no auction: ask the table what {partner} did at call {number}."
            ).format(partner=partner, number=turn.number)
        )
    if turn.status == "ended_first":
        why = _("The auction ended before {partner}'s next turn.").format(partner=partner)
    elif turn.status == "pending":
        why = _("The record stops before call {number}, {partner}'s next turn.").format(
            number=turn.number, partner=partner
        )
    elif turn.status == "passed":
        why = _("{partner} passed at call {number}.").format(partner=partner, number=turn.number)
    else:
        why = _("{partner} called {call} at call {number}.").format(
            partner=partner, call=turn.call, number=turn.number
        )
    return FactResult(turn.status, [why], settled=True)


@FACTS.register("lho_called_over_barred_call")
def lho_called_over_barred_call(ctx: Context) -> FactResult:
    s = _situation(ctx)
    turn = s.partner_turn()
    auction = s.auction
    if auction is None or turn.number is None or turn.number >= len(auction.calls):
        return FactResult.unknown(_("The record does not show a call after the barred call."))
    over = auction.calls[turn.number]
    return FactResult(
        "yes",
        [
            _("{seat} called {call} over it (call {number}).").format(
                seat=auction.seats[turn.number].name_full, call=over, number=turn.number + 1
            )
        ],
    )


@FACTS.register("auction_end")
def auction_end(ctx: Context) -> FactResult:
    s = _situation(ctx)
    state = s.end_state()
    contract = s.contract
    if state == "open":
        return FactResult(
            "open",
            [
                _(
                    "The record's auction has not ended: give the rest of the auction (or the "
                    "contract and declarer) to rule on what follows it."
                )
            ],
            settled=True,
        )
    if state == "passed_out":
        return FactResult("passed_out", [_("The board was passed out.")], settled=True)
    declarer = s.board.declarer_seat if s.board is not None else None
    return FactResult(
        state,
        [
            _("The contract is {contract} by {declarer}.").format(
                contract=contract, declarer=declarer.name_full if declarer else "?"
            )
        ],
        settled=True,
    )


@FACTS.register("offending_side_leader")
def offending_side_leader(ctx: Context) -> FactResult:
    s = _situation(ctx)
    declarer = s.board.declarer_seat if s.board is not None else None
    if declarer is None:
        return FactResult.unknown(_("The record does not say who is declarer."))
    leader = declarer.lho
    return FactResult(
        "offender" if leader is s.offender else "partner",
        [_("{leader} is on lead, at declarer's left.").format(leader=leader.name_full)],
        settled=True,
    )


# --- The ruling -----------------------------------------------------------------------------


def _suit_word(suit: Suit) -> str:
    words = {"S": _("spades"), "H": _("hearts"), "D": _("diamonds"), "C": _("clubs")}
    return words[suit.value]


def _suits(cards: list[Card]) -> list[Suit]:
    return sorted({c.suit for c in cards}, key=lambda suit: SUIT_ORDER.index(suit.value))


def _category(result: Walk, s: Situation) -> Category:
    outcome = result.outcome
    if outcome == "before_auction":
        return "before_auction"
    if outcome == "not_seen_by_partner":
        return "not_seen_by_partner"
    return category_of(s.cards, _walked(result).get("premature_lead") == "yes")


def _walked(result: Walk) -> dict[str, str | None]:
    return {step.node: step.answer for step in result.steps}


def _penalty_lines(s: Situation, premature: bool) -> list[PenaltyCardLine]:
    major = major_by_law_50b(s.cards, deliberate=premature)
    return [PenaltyCardLine(seat=s.offender, card=str(c), major=major) for c in s.cards]


def rectify(s: Situation, result: Walk) -> ExposedCardRectification:
    outcome = result.outcome or ""
    walked = _walked(result)
    premature = walked.get("premature_lead") == "yes"
    category = _category(result, s)
    rect = ExposedCardRectification(
        offender=s.offender,
        cards=[str(c) for c in s.cards],
        call_index=s.call_index,
        premature_lead=premature,
        seen_by_partner=None
        if "seen_by_partner" not in walked
        else walked["seen_by_partner"] == "yes",
        category=category,
        laws_instead=LAWS_INSTEAD.get(outcome, []),
    )
    if premature:
        rect.seen_by_partner = True  # a card led lies face up on the table
    if outcome in LAWS_INSTEAD:
        rect.returned_to_hand = True  # no Law 24: the card simply goes back
        return rect
    if category in ("honour_or_premature_lead", "two_or_more"):
        turn = s.partner_turn()
        status = walked.get("partner_pass")
        rect.partner_must_pass = True
        rect.partner_pass_status = PASS_STATUSES.get(status or "")
        rect.partner_pass_at = None if status == "ended_first" else turn.number
        if status == "called" and turn.call is not None:
            rect.barred_call = str(turn.call)
    rect.offending_side_barred = outcome == "barred_call_cancelled"
    lines = _penalty_lines(s, premature)
    contract = s.contract
    complete = contract is not None and outcome != "barred_call_cancelled"
    if complete and contract is not None:
        rect.auction_complete = True
        rect.contract = str(contract)
        declarer = s.board.declarer_seat if s.board is not None else None
        rect.declarer = declarer
        rect.opening_leader = declarer.lho if declarer is not None else None
    if outcome == "returned_to_hand":
        rect.returned_to_hand = True
    elif outcome in DEFENDING:
        rect.penalty_cards = lines
    elif outcome not in ("passed_out",):
        rect.penalty_cards_if_defender = lines
    if outcome == "offender_leads_penalty_card":
        rect.offender_must_lead = OffenderMustLead(
            seat=s.offender,
            cards=[str(c) for c in s.cards],
            designated_by="declarer" if len(s.cards) > 1 else None,
        )
    if outcome == "declarer_lead_options":
        rect.lead_options = LeadOptions(
            seat=s.partner, suits=[suit.value for suit in _suits(s.cards)]
        )
    return rect


def _pass_turn(rect: ExposedCardRectification, s: Situation) -> str:
    number = rect.partner_pass_at or s.partner_turn().number
    status = rect.partner_pass_status
    if status == "ended_first":
        return _("none: the auction ended before his turn came")
    if status == "passed":
        return _("call {number}, where the record shows his pass").format(number=number)
    if status == "pending":
        return _("call {number} of the auction, if the auction reaches him").format(number=number)
    return _("call {number}").format(number=number)


def _exposure_text(s: Situation, category: Category, premature: bool) -> str:
    offender, cards = s.offender.name_full, card_names(s.cards)
    if after_final_pass(s.board, s.call_index):
        return _(
            "{offender} faced {cards} after the final pass, as an opening lead for the "
            "declaring side (Law 54E)."
        ).format(offender=offender, cards=cards)
    if category == "two_or_more":
        return _("{offender} exposed {count} cards, {cards} (Law 24C).").format(
            offender=offender, count=len(s.cards), cards=cards
        )
    if premature:
        return _(
            "{offender} led {cards} face up before the auction had ended, a premature "
            "lead (Law 24B)."
        ).format(offender=offender, cards=cards)
    if category == "honour_or_premature_lead":
        return _("{offender} exposed {cards}, a single honour (Law 24B).").format(
            offender=offender, cards=cards
        )
    return _(
        "{offender} exposed {cards}, a single card below honour rank that was not led (Law 24A)."
    ).format(offender=offender, cards=cards)


def _during_auction(rect: ExposedCardRectification, s: Situation) -> str:
    """What Law 24 did during the auction, for the outcomes at its end."""
    exposure = _exposure_text(s, rect.category, rect.premature_lead)
    partner = s.partner.name_full
    if rect.category == "low_card":
        return (
            exposure
            + " "
            + _("The card stayed face up until the auction ended, with no further rectification.")
        )
    if rect.partner_pass_status == "ended_first":
        return (
            exposure
            + " "
            + _(
                "{partner} would have had to pass at his next turn, but the auction ended before "
                "it came."
            ).format(partner=partner)
        )
    return (
        exposure
        + " "
        + _("{partner} had to pass at his next turn, call {number}, and did.").format(
            partner=partner, number=rect.partner_pass_at
        )
    )


def _values(s: Situation, rect: ExposedCardRectification) -> dict[str, object]:
    offender, partner = s.offender, s.partner
    count = len(s.cards)
    cards = card_names(s.cards)
    suits = _suits(s.cards)
    suit_names = [_suit_word(suit) for suit in suits]
    declarer = rect.declarer
    titles = {
        "low_card": _("Single low card"),
        "two_or_more": _("Two or more cards"),
        "honour_or_premature_lead": (
            _("Premature lead") if rect.premature_lead else _("Single honour")
        ),
    }
    laws = {
        category: _("Law {anchor}").format(anchor=anchor)
        for category, anchor in CATEGORY_LAW.items()
    }
    if len(suits) > 1:
        suits_text = _("one suit of the penalty cards ({suits})").format(
            suits=_(" or ").join(suit_names)
        )
        several_note = " " + _(
            "With penalty cards in two or more suits he may forbid several of those suits at "
            "once (Law 51B2(b))."
        )
        law_51b = ", " + _("Law 51B2")
    else:
        suits_text = suit_names[0] if suit_names else "?"
        several_note = ""
        law_51b = ", " + _("Law 51B1") if count > 1 else ""
    return {
        "offender": offender.name_full,
        "partner": partner.name_full,
        "partner_lho": partner.lho.name_full,
        "offenders": side_name(offender.side),
        "non_offenders": side_name(offender.side.other),
        "cards": cards,
        "category_title": titles.get(rect.category, ""),
        "category_law": laws.get(rect.category, _("Law {anchor}").format(anchor="24")),
        "exposure_text": _exposure_text(s, rect.category, rect.premature_lead)
        if rect.category in laws
        else "",
        "pass_turn": _pass_turn(rect, s),
        "during_auction": _during_auction(rect, s) if rect.category in laws else "",
        "contract": rect.contract or "?",
        "declarer": declarer.name_full if declarer is not None else "?",
        "role": _("declarer") if declarer is offender else _("dummy"),
        "opening_leader": rect.opening_leader.name_full if rect.opening_leader else "?",
        "cards_are_major": ngettext(
            "{cards} becomes a major penalty card", "{cards} become major penalty cards", count
        ).format(cards=cards),
        "a_penalty_card": ngettext("it", "one of them", count),
        "designation": " "
        + _("With two or more penalty cards, declarer says which of them he leads (Law 51A).")
        if count > 1
        else "",
        "lead_card_choice": cards
        if count == 1
        else _("one of {cards}, the one declarer designates (Law 51A)").format(cards=cards),
        "suits": suits_text,
        "law_51b": law_51b,
        "several_note": several_note,
        "barred_call": rect.barred_call or _("a call"),
    }


def _end_text(rect: ExposedCardRectification) -> str:
    """The contract and the table's next step, for the outcomes where the auction ended."""
    if not rect.auction_complete or rect.contract is None or rect.declarer is None:
        return ""
    if rect.contract == str(Contract.passed_out()):
        return ""
    return _("Contract: {contract} by {declarer}; {leader} makes the opening lead.").format(
        contract=rect.contract,
        declarer=rect.declarer.name_full,
        leader=rect.opening_leader.name_full if rect.opening_leader else "?",
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
        rect_so_far = _provisional(situation, result)
        fill_walk(result, _values(situation, rect_so_far))
        if result.pending is not None:
            return pending_ruling(NAME, result.steps, result.pending)
    rect = rectify(situation, result)
    values = _values(situation, rect)
    fill_walk(result, values)
    ruling = outcome_ruling(
        NAME,
        get_tree(NAME),
        result,
        values,
        rectification=rect,
        extra_text=_end_text(rect),
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


def _provisional(s: Situation, result: Walk) -> ExposedCardRectification:
    """The rectification as far as the walk has gone, for the words of the next question."""
    walked = _walked(result)
    premature = walked.get("premature_lead") == "yes"
    return ExposedCardRectification(
        offender=s.offender,
        cards=[str(c) for c in s.cards],
        call_index=s.call_index,
        premature_lead=premature,
        category=category_of(s.cards, premature),
        contract=str(s.contract) if s.contract is not None else None,
        partner_pass_at=s.partner_turn().number,
    )


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
                "(TD)  How many calls had been made before the exposure (0: before the first "
                "call); on the tablet, the call tapped",
            ),
            AnswerHelp("offender", "(TD)  Whose card was exposed  [N | E | S | W]"),
            AnswerHelp("cards", "(TD)  The card or cards exposed  [e.g. SK or SK H3]"),
            AnswerHelp("card_N", "(TD)  One more card exposed (card_2, card_3 ...), or none"),
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
            'The irregularity in a .json request: {"kind": "exposed_card_auction", '
            '"offender": "W", "cards": ["SK"], "call_index": 2, "premature_lead": false} '
            "(call_index: the calls made before the exposure, 0 before the first call)."
        ),
    )
)
