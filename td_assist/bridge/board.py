"""The board record: what happened at the table, as far as it was recorded.

PBN, LIN, JSON and tablet entry all produce this one model (DESIGN.md, "Board record").
It keeps the record as text (calls, cards) so it round-trips exactly, and derives the
game objects on demand; ``Board.checked`` validates them and names the first problem.

>>> board = Board.checked(number=1, deal="N:AKQJ.T98.765.432 T98.765.432.AKQJ "
...     "765.432.AKQJ.T98 432.AKQJ.T98.765", auction=["1S", "P", "P", "P"])
>>> str(board.contract_obj), board.declarer_seat, board.dealer
('1S', <Seat.N: 'N'>, <Seat.N: 'N'>)

Calls and cards are stored in their canonical form whatever the spelling typed:

>>> Board.checked(auction=["1n", "pass", "2♠", "p"], dealer="N").auction
['1NT', 'P', '2S', 'P']

A record holds the irregularities a TD is called for. An insufficient bid (here
East's 1H) is read, not rejected; ``with_insufficient_reading`` applies the TD's
answer when the record alone is ambiguous:

>>> board = Board.checked(number=1, auction="1NT 1H 2H P P P".split())
>>> bid = board.insufficient_bids[0]
>>> bid.offender, bid.accepted, str(bid.replacement), bid.alternative, str(board.contract_obj)
(<Seat.E: 'E'>, False, '2H', 'accepted', '2H')
>>> accepted = board.with_insufficient_reading(2, accepted=True)
>>> accepted.insufficient_bids[0].accepted, accepted.declarer_seat
(True, <Seat.S: 'S'>)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from functools import cached_property
from typing import Any, Self

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

from td_assist.bridge.auction import (
    CALL_TEXTS,
    Auction,
    Call,
    Contract,
    InsufficientBid,
    expand_all_pass,
)
from td_assist.bridge.cards import CARD_TEXTS, Card, Seat
from td_assist.bridge.deal import Deal, Vulnerability, board_dealer, board_vulnerability
from td_assist.bridge.errors import RecordError
from td_assist.bridge.play import LeadOutOfTurn, Play, Revoke
from td_assist.bridge.scoring import score_ns
from td_assist.i18n import N_, _


class Irregularity(BaseModel):
    """An irregularity marked inside a record (PBN 2.1 section 3.9).

    ``section`` is ``auction``, ``play`` or ``declarer``; ``index`` is the 0-based
    position of the call or card the marker precedes (for ``^S``, the call after the
    skipped turn); ``code`` the marker as written: ``^I`` (an accepted insufficient
    bid), ``^S`` (a skipped turn), ``^L`` (a lead out of turn), ``^R`` (a revoke), ``^``
    on the Declarer tag (declarer became dummy after an opening lead out of turn, Law
    54A; ``text`` names the seat that played the hand).
    """

    model_config = ConfigDict(frozen=True)
    section: str
    index: int
    code: str
    text: str = ""


class Board(BaseModel):
    """One board as recorded: deal, auction, play, result. Partial boards are normal."""

    model_config = ConfigDict(frozen=True, extra="forbid", str_max_length=10_000)

    number: int | None = Field(default=None, ge=1, le=10_000)
    dealer: Seat = Seat.N
    vulnerability: Vulnerability = Vulnerability.NONE
    deal: str | None = None
    auction: list[str] = Field(default_factory=list, max_length=400)
    auction_notes: dict[int, str] = Field(default_factory=dict)
    contract: str | None = None
    declarer: Seat | None = None
    play: list[str] = Field(default_factory=list, max_length=52)
    result: int | None = Field(default=None, ge=0, le=13)
    # Declarer's total tricks under an agreed claim or concession (LIN ``mc``).
    claim: int | None = Field(default=None, ge=0, le=13)
    event: str = ""
    irregularities: list[Irregularity] = Field(default_factory=list, max_length=200)
    # The reading of an insufficient bid when the record alone does not settle it:
    # 1-based call index -> accepted (True) or replaced by the offender (False).
    accepted_insufficient: dict[int, bool] = Field(default_factory=dict, max_length=20)

    @model_validator(mode="before")
    @classmethod
    def _board_number_sets_defaults(cls, data: Any) -> Any:
        """A board number alone decides dealer and vulnerability (Law 2)."""
        if not isinstance(data, dict):
            return data
        raw = data.get("number")
        if isinstance(raw, str) and raw.strip().isascii() and raw.strip().isdigit():
            raw = int(raw) if len(raw.strip()) <= 5 else None
        if isinstance(raw, int) and not isinstance(raw, bool) and 1 <= raw <= 10_000:
            data = dict(data)
            data.setdefault("dealer", board_dealer(raw))
            data.setdefault("vulnerability", board_vulnerability(raw))
        return data

    @field_validator("auction", mode="after")
    @classmethod
    def _canonical_calls(cls, calls: list[str]) -> list[str]:
        """Every call in its one spelling (``1N``, ``pass``, ``1♠`` -> ``1NT``, ``P``, ``1S``)."""
        if CALL_TEXTS.issuperset(calls):  # each in its spelling already (no "AP" to expand)
            return calls
        out = []
        for position, text in enumerate(expand_all_pass(calls), start=1):
            try:
                out.append(str(Call.parse(text)))
            except RecordError as error:
                raise ValueError(
                    _("call {position}: {problem}").format(position=position, problem=error.problem)
                ) from None
        return out

    @field_validator("play", mode="after")
    @classmethod
    def _canonical_cards(cls, cards: list[str]) -> list[str]:
        """Every card in its one spelling (``h10``, ``♥T``, ``10h`` -> ``HT``)."""
        if CARD_TEXTS.issuperset(cards):  # each in its spelling already: one look-up each
            return cards
        out = []
        for position, text in enumerate(cards, start=1):
            try:
                out.append(str(Card.parse(text)))
            except RecordError as error:
                raise ValueError(
                    _("card {position}: {problem}").format(position=position, problem=error.problem)
                ) from None
        return out

    @field_validator("dealer", "declarer", mode="before")
    @classmethod
    def _seat(cls, value: Any) -> Any:
        return Seat.parse(value) if isinstance(value, str) and value.strip() else value or None

    @field_validator("vulnerability", mode="before")
    @classmethod
    def _vul(cls, value: Any) -> Any:
        return Vulnerability.parse(value) if isinstance(value, str) else value

    @classmethod
    def checked(cls, **fields: Any) -> Board:
        """Build a board and validate it as a whole, raising RecordError on any problem."""
        try:
            board = cls(**fields)
        except ValidationError as error:
            raise record_error_from(error) from None
        board.validate_record()
        return board.normalized()

    def normalized(self) -> Board:
        """The same board with the deal, contract and declarer written out in their one
        form when derivable (``n:akq...`` -> ``N:AKQ...``).

        Every format then yields the same model for the same facts.
        """
        update: dict[str, Any] = {}
        deal = self.deal_obj
        if deal is not None:
            update["deal"] = deal.to_pbn()
        contract = self.contract_obj
        if contract is not None:
            update |= {"contract": str(contract), "declarer": contract.declarer}
        settled = self._settled_by_contract()
        if settled:  # kept: once written out, the contract no longer tells the readings apart
            update["accepted_insufficient"] = {**self.accepted_insufficient, **settled}
        if all(getattr(self, key) == value for key, value in update.items()):
            return self
        if "accepted_insufficient" in update:  # the cached readings would be stale
            return type(self).model_validate(self.model_dump() | update)
        # The game objects already derived, and the mark of a record checked, stay: the
        # update writes the same deal, contract and declarer, each in its one form.
        return BaseModel.model_copy(self, update=update)

    def model_copy(self, *, update: Mapping[str, Any] | None = None, deep: bool = False) -> Self:
        """A copy (pydantic's), without the derived game objects and the check's mark
        when ``update`` changes a field they are derived from: they would be stale."""
        copied = super().model_copy(update=update, deep=deep)
        if update and not _NOT_DERIVED_FROM.issuperset(update):
            for name in _DERIVED:
                copied.__dict__.pop(name, None)
        return copied

    @classmethod
    def from_json(cls, data: Any) -> Board:
        if not isinstance(data, dict):
            raise RecordError(_("a board must be a JSON object"))
        return cls.checked(**data)

    def validate_record(self) -> None:
        """Derive every game object once; each raises RecordError naming the problem.

        Checked once a board: the API checks the board it reads, and the ruling checks
        the board it is given (issue 29). A board that fails is checked again each time.
        """
        _unused = self.record_checked

    @cached_property
    def record_checked(self) -> bool:
        """True once every check has passed (``validate_record``); raises RecordError
        naming the first problem otherwise."""
        _unused = self.deal_obj, self.auction_obj, self.contract_obj, self.play_obj
        self._check_claim()
        return True

    def _check_claim(self) -> None:
        """A claim is declarer's total: it cannot undo tricks the play already decided.

        Without this a claim of 12 after two tricks lost would be scored, and the
        revoke wizard would count tricks the offenders could never have won.
        """
        play, declarer = self.play_obj, self.declarer_seat
        if self.claim is None or play is None or declarer is None:
            return
        low, high = play.claim_range(declarer.side)
        if not low <= self.claim <= high:
            done = len(play.completed_tricks)
            raise RecordError(
                _(
                    "a claim of {claim} tricks for declarer does not fit the play: "
                    "declarer's side won {low} of the {done} tricks played, so the claim "
                    "must be between {low} and {high}"
                ).format(claim=self.claim, low=low, done=done, high=high),
                where=_("claim"),
            )

    # Derived game objects -------------------------------------------------------

    @cached_property
    def deal_obj(self) -> Deal | None:
        if not self.deal:
            return None
        try:
            return Deal.from_pbn(self.deal)
        except RecordError as error:
            raise error.located(_("Deal")) from None

    @cached_property
    def auction_marks(self) -> dict[int, list[str]]:
        """The markers in the auction by the 0-based position of the call they precede
        (``{1: ["^I"]}``), as ``Auction.parse`` takes them."""
        marks: dict[int, list[str]] = {}
        for mark in self.irregularities:
            if mark.section == "auction":
                marks.setdefault(mark.index, []).append(mark.code)
        return marks

    @cached_property
    def auction_obj(self) -> Auction:
        """The auction as read; an unsettled insufficient bid takes the reading that fits
        the recorded contract and declarer, else the default (see ``Auction``)."""
        marks = self.auction_marks
        auction = Auction.parse(
            self.dealer, self.auction, marks=marks, accepted=self.accepted_insufficient
        )
        open_bids = [b for b in auction.insufficient_bids if b.alternative and not b.marked]
        if not open_bids or not self.contract or self._fits_record(auction):
            return auction
        for combination in range(1, 2 ** len(open_bids)):
            forced = dict(self.accepted_insufficient)
            for bit, bid in enumerate(open_bids):
                flip = bool(combination >> bit & 1)
                forced[bid.call_index] = (not bid.accepted) if flip else bool(bid.accepted)
            try:
                other = Auction.parse(self.dealer, self.auction, marks=marks, accepted=forced)
            except RecordError:
                continue
            if self._fits_record(other):
                return _unforced(other, open_bids)
        return auction

    def _settled_by_contract(self) -> dict[int, bool]:
        """Insufficient bids whose reading only the recorded contract decides: read the
        other way, the calls end in another contract or declarer."""
        if not self.contract:
            return {}
        settled: dict[int, bool] = {}
        for bid in self.auction_obj.insufficient_bids:
            if bid.alternative is None or bid.marked or bid.accepted is None:
                continue
            forced = {**self.accepted_insufficient, bid.call_index: not bid.accepted}
            try:
                other = Auction.parse(
                    self.dealer, self.auction, marks=self.auction_marks, accepted=forced
                )
            except RecordError:
                other = None
            if other is None or not self._fits_record(other):
                settled[bid.call_index] = bid.accepted
        return settled

    def _fits_record(self, auction: Auction) -> bool:
        contract = auction.contract()
        if contract is None or not self.contract:
            return True
        try:
            recorded = Contract.parse(self.contract, self.declarer)
        except RecordError:
            return True
        same = (contract.level, contract.strain, contract.doubling) == (
            recorded.level,
            recorded.strain,
            recorded.doubling,
        )
        return same and (recorded.declarer is None or recorded.declarer is contract.declarer)

    @property
    def insufficient_bids(self) -> list[InsufficientBid]:
        """The insufficient bids the recorded auction holds, in order (see ``Auction``)."""
        return list(self.auction_obj.insufficient_bids)

    def with_insufficient_reading(self, call_index: int, accepted: bool) -> Board:
        """The board read with the insufficient bid at ``call_index`` (1-based) accepted or
        replaced, as the TD found at the table; RecordError if the calls do not fit."""
        fields = self.model_dump()
        fields["accepted_insufficient"] = {**self.accepted_insufficient, call_index: accepted}
        if self.auction:  # the contract written out came from the other reading
            fields["contract"] = fields["declarer"] = None
        board = Board.checked(**fields)
        if board.auction_obj.insufficient_bid(call_index) is None:
            raise RecordError(
                _("there is no insufficient bid at call {call}").format(call=call_index)
            )
        return board

    @property
    def leads_out_of_turn(self) -> list[LeadOutOfTurn]:
        """Tricks the recorded play shows led by the wrong hand (accepted, Law 53A)."""
        play = self.play_obj
        return list(play.leads_out_of_turn) if play else []

    @cached_property
    def contract_obj(self) -> Contract | None:
        """The contract from the auction, or as recorded; they must agree."""
        from_auction = self.auction_obj.contract()
        recorded = None
        if self.contract:
            try:
                recorded = Contract.parse(self.contract, self.declarer)
            except RecordError as error:
                raise error.located(_("Contract")) from None
        if from_auction and recorded:
            same = (from_auction.level, from_auction.strain, from_auction.doubling) == (
                recorded.level,
                recorded.strain,
                recorded.doubling,
            )
            if not same:
                raise RecordError(
                    _(
                        "the recorded contract {recorded} does not match the auction, "
                        "which ends in {auction}"
                    ).format(recorded=recorded, auction=from_auction),
                    where=_("Contract"),
                )
            if recorded.declarer and recorded.declarer is not from_auction.declarer:
                if from_auction.declarer is None:
                    raise RecordError(_("the auction names no declarer"))
                raise RecordError(
                    _(
                        "the recorded declarer {recorded} does not match the auction: "
                        "{declarer} first named {strain}"
                    ).format(
                        recorded=recorded.declarer.name_full,
                        declarer=from_auction.declarer.name_full,
                        strain=from_auction.strain.value if from_auction.strain else "",
                    ),
                    where=_("Declarer"),
                )
        return from_auction or recorded

    @property
    def declarer_seat(self) -> Seat | None:
        contract = self.contract_obj
        return contract.declarer if contract else self.declarer

    @cached_property
    def play_obj(self) -> Play | None:
        if not self.play:
            return None
        deal, contract = self.deal_obj, self.contract_obj
        if deal is None:
            raise RecordError(_("the play cannot be checked without the deal"), where=_("Play"))
        if contract is None or contract.is_passed_out or contract.declarer is None:
            raise RecordError(
                _("the play needs a contract and declarer (from the auction or recorded)"),
                where=_("Play"),
            )
        if contract.strain is None:
            raise RecordError(_("the contract has no strain"))
        return Play.parse(deal, contract.strain.suit, contract.declarer.lho, self.play)

    @property
    def calls(self) -> list[Call]:
        return list(self.auction_obj.calls)

    @property
    def cards_played(self) -> list[Card]:
        play = self.play_obj
        return list(play.cards) if play else []

    @property
    def revokes(self) -> list[Revoke]:
        play = self.play_obj
        return play.revokes if play else []

    def declarer_tricks_played(self) -> int | None:
        """Declarer's tricks as the record stands: a claim or result, else the play."""
        contract, play = self.contract_obj, self.play_obj
        if contract is None or contract.declarer is None:
            return self.result
        if play is not None and play.is_finished:
            return play.tricks_won_by(contract.declarer.side)
        if self.claim is not None:
            return self.claim
        if self.result is not None:
            return self.result
        return None

    def score_ns(self, declarer_tricks: int) -> int:
        contract = self.contract_obj
        if contract is None:
            raise RecordError(_("the board has no contract, so it has no score"))
        return score_ns(contract, declarer_tricks, self.vulnerability)


# What ``model_copy`` drops when it changes a field they are derived from: the cached
# properties, every one. A copy that changes only fields none of them reads keeps them.
_DERIVED = tuple(name for name, value in vars(Board).items() if isinstance(value, cached_property))
_NOT_DERIVED_FROM = frozenset({"number", "vulnerability", "auction_notes", "result", "event"})


def _unforced(auction: Auction, open_bids: list[InsufficientBid]) -> Auction:
    """The auction read to fit the record, each bid still showing its other reading."""
    alternatives = {b.call_index: b for b in open_bids}
    bids = tuple(
        replace(
            bid,
            marked=False,
            alternative="replaced" if bid.accepted else "accepted",
        )
        if bid.call_index in alternatives
        else bid
        for bid in auction.insufficient_bids
    )
    return replace(auction, insufficient_bids=bids)


_PLAIN_WORDS = {
    "int_parsing_size": N_("the number is far too long"),
    "int_parsing": N_("not a whole number"),
    "int_from_float": N_("not a whole number"),
    "finite_number": N_("not a number a board can hold"),
    "int_type": N_("not a whole number"),
}
"""pydantic's wording where it speaks of Python types, said for a TD."""


def record_error_from(error: ValidationError) -> RecordError:
    """Turn pydantic's report into one clear sentence naming the field."""
    first = error.errors()[0]
    where = ".".join(str(part) for part in first.get("loc", ())) or "board"
    plain = _PLAIN_WORDS.get(str(first.get("type")))
    message = _(plain) if plain else str(first.get("msg", _("invalid value")))
    for prefix in ("Value error, ", "Assertion failed, "):
        message = message.removeprefix(prefix)
    return RecordError(message, where=_("field {field}").format(field=where))
