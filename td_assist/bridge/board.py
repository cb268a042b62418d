"""The board record: what happened at the table, as far as it was recorded.

PBN, LIN, JSON and tablet entry all produce this one model (DESIGN.md, "Board record").
It keeps the record as text (calls, cards) so it round-trips exactly, and derives the
game objects on demand; ``Board.checked`` validates them and names the first problem.

>>> board = Board.checked(number=1, deal="N:AKQJ.T98.765.432 T98.765.432.AKQJ "
...     "765.432.AKQJ.T98 432.AKQJ.T98.765", auction=["1S", "P", "P", "P"])
>>> str(board.contract_obj), board.declarer_seat, board.dealer
('1S', <Seat.N: 'N'>, <Seat.N: 'N'>)
"""

from __future__ import annotations

from functools import cached_property
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

from td_assist.bridge.auction import Auction, Call, Contract
from td_assist.bridge.cards import Card, Seat
from td_assist.bridge.deal import Deal, Vulnerability, board_dealer, board_vulnerability
from td_assist.bridge.errors import RecordError
from td_assist.bridge.play import Play, Revoke
from td_assist.bridge.scoring import score_ns


class Irregularity(BaseModel):
    """An irregularity marked inside a record (PBN 2.1 section 3.9 or a LIN annotation).

    ``section`` is ``auction`` or ``play``; ``index`` is the 0-based position of the
    call or card it follows; ``code`` the marker as written (e.g. ``^R``).
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
    irregularities: list[Irregularity] = Field(default_factory=list)

    @model_validator(mode="before")
    @classmethod
    def _board_number_sets_defaults(cls, data: Any) -> Any:
        """A board number alone decides dealer and vulnerability (Law 2)."""
        if isinstance(data, dict) and data.get("number"):
            try:
                number = int(data["number"])
            except (TypeError, ValueError):
                return data
            if number >= 1:
                data = dict(data)
                data.setdefault("dealer", board_dealer(number))
                data.setdefault("vulnerability", board_vulnerability(number))
        return data

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
        """The same board with the contract and declarer written out when derivable.

        Every format then yields the same model for the same facts.
        """
        contract = self.contract_obj
        if contract is None:
            return self
        update = {"contract": str(contract), "declarer": contract.declarer}
        if all(getattr(self, key) == value for key, value in update.items()):
            return self
        return self.model_copy(update=update)

    @classmethod
    def from_json(cls, data: Any) -> Board:
        if not isinstance(data, dict):
            raise RecordError("a board must be a JSON object")
        return cls.checked(**data)

    def validate_record(self) -> None:
        """Derive every game object once; each raises RecordError naming the problem."""
        _ = self.deal_obj, self.auction_obj, self.contract_obj, self.play_obj

    # Derived game objects -------------------------------------------------------

    @cached_property
    def deal_obj(self) -> Deal | None:
        if not self.deal:
            return None
        try:
            return Deal.from_pbn(self.deal)
        except RecordError as error:
            raise error.located("Deal") from None

    @cached_property
    def auction_obj(self) -> Auction:
        return Auction.parse(self.dealer, self.auction)

    @cached_property
    def contract_obj(self) -> Contract | None:
        """The contract from the auction, or as recorded; they must agree."""
        from_auction = self.auction_obj.contract()
        recorded = None
        if self.contract:
            try:
                recorded = Contract.parse(self.contract, self.declarer)
            except RecordError as error:
                raise error.located("Contract") from None
        if from_auction and recorded:
            same = (from_auction.level, from_auction.strain, from_auction.doubling) == (
                recorded.level,
                recorded.strain,
                recorded.doubling,
            )
            if not same:
                raise RecordError(
                    f"the recorded contract {recorded} does not match the auction, "
                    f"which ends in {from_auction}",
                    where="Contract",
                )
            if recorded.declarer and recorded.declarer is not from_auction.declarer:
                assert from_auction.declarer is not None
                raise RecordError(
                    f"the recorded declarer {recorded.declarer.name_full} does not match "
                    f"the auction: {from_auction.declarer.name_full} first named "
                    f"{from_auction.strain.value if from_auction.strain else ''}",
                    where="Declarer",
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
            raise RecordError("the play cannot be checked without the deal", where="Play")
        if contract is None or contract.is_passed_out or contract.declarer is None:
            raise RecordError(
                "the play needs a contract and declarer (from the auction or recorded)",
                where="Play",
            )
        assert contract.strain is not None
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
            raise RecordError("the board has no contract, so it has no score")
        return score_ns(contract, declarer_tricks, self.vulnerability)


def record_error_from(error: ValidationError) -> RecordError:
    """Turn pydantic's report into one clear sentence naming the field."""
    first = error.errors()[0]
    where = ".".join(str(part) for part in first.get("loc", ())) or "board"
    message = str(first.get("msg", "invalid value"))
    for prefix in ("Value error, ", "Assertion failed, "):
        message = message.removeprefix(prefix)
    return RecordError(message, where=f"field {where}")
