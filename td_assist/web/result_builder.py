"""Tap pickers for the text answers of a Law 12C adjustment: the result builder
(``results``, ``result_without_error``) and the score keypad (``traveller``,
``comparison``).

Like every wizard page, they are links only: the address carries the answers so far
plus the picker's own state (``rb`` the results built, ``rc`` ``rd`` ``rt`` the one being
built; ``tv`` ``te`` the scores), and the tap that completes the answer links straight
to the next question with the answer in the text form the command line takes
("3S W 9 0.5; 4H N 10 0.5", "420, 450, -50"). The misinformation and claim wizards
will use the same partials (``_result_builder.html``, ``_score_keypad.html``).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction

from td_assist.bridge.auction import Contract
from td_assist.bridge.board import Board
from td_assist.bridge.cards import Seat, Strain
from td_assist.bridge.display import contract_text
from td_assist.bridge.errors import RecordError
from td_assist.i18n import _, ngettext

RESULT_NODES = frozenset({"results", "result_without_error"})
SCORE_NODES = frozenset({"traveller", "comparison"})
LEFT_OUT = "skip"  # the traveller left out: the scorer matchpoints the weighted score
MAX_PARTS = 6
MAX_SCORES = 60
WHOLE = 30  # weights are counted in 30ths: tenths, halves and thirds are all whole
_PART = re.compile(r"^(?:[1-7](?:C|D|H|S|NT)X{0,2}|Pass) [NESW-] [0-9]{1,2} [0-9]{1,2}$")
_CONTRACT = re.compile(r"^(?:[1-7](?:C|D|H|S|NT)X{0,2}|Pass)$")
_SCORE = re.compile(r"^-?[0-9]{1,4}$")

Link = Callable[..., str]  # builder state -> the address of the page with it


@dataclass
class Part:
    contract: str  # "4SX", "Pass"
    declarer: str  # "S", "" when passed out
    tricks: int
    units: int  # of WHOLE

    def text(self) -> str:
        weight = f"{self.units / WHOLE:.10g}"
        if self.contract == "Pass":
            return f"Pass {weight}"
        return f"{self.contract} {self.declarer} {self.tricks} {weight}"

    def label(self) -> str:
        share = Fraction(self.units, WHOLE)
        if self.contract == "Pass":
            return _("Passed out, {share}").format(share=share)
        seat = Seat(self.declarer).name_full
        return _("{contract} by {declarer}, {tricks} tricks, {share}").format(
            contract=contract_text(self.contract), declarer=seat, tricks=self.tricks, share=share
        )


@dataclass
class Key:
    label: str
    url: str
    data: str = ""
    css: str = ""


@dataclass
class ResultBuilder:
    parts: list[Part]
    stage: str  # contract | declarer | tricks | weight
    contract: str = ""
    declarer: str = ""
    quick: list[Key] = field(default_factory=list)  # contracts from the auction
    bids: list[Key] = field(default_factory=list)
    doubling: list[Key] = field(default_factory=list)
    passed_out: Key | None = None
    seats: list[Key] = field(default_factory=list)
    tricks: list[Key] = field(default_factory=list)
    weights: list[Key] = field(default_factory=list)
    undo: Key | None = None
    left: Fraction = Fraction(1)
    several: bool = False  # weighing several results (else one result, certain)
    weigh: Key | None = None  # the switch to several results


def _parts(text: str) -> list[Part]:
    parts = []
    for piece in text.split(";")[:MAX_PARTS]:
        words = piece.strip()
        if not _PART.match(words):
            continue
        fields = words.split(" ")
        declarer = "" if fields[0] == "Pass" else fields[1].replace("-", "")
        if fields[0] != "Pass" and not declarer:
            continue
        parts.append(Part(fields[0], declarer, int(fields[2]), int(fields[3])))
    kept, total = [], 0
    for part in parts:
        if part.units > 0 and total + part.units < WHOLE:
            kept.append(part)
            total += part.units
    return kept


def _state(parts: list[Part]) -> str:
    return "; ".join(f"{p.contract} {p.declarer or '-'} {p.tricks} {p.units}" for p in parts)


def answer_text(parts: list[Part]) -> str:
    return "; ".join(part.text() for part in parts)


def auction_contracts(board: Board) -> list[tuple[str, Seat]]:
    """Each bid of the auction as a contract with the declarer it would have (the first
    of the bidder's side to name the strain), the final contract with its doubling."""
    if not board.auction:
        return []
    try:
        auction = board.auction_obj
    except RecordError:
        return []
    found: list[tuple[str, Seat]] = []
    first: dict[tuple[object, Strain], Seat] = {}
    for seat, call in auction.effective_calls():
        if not call.is_bid or call.strain is None:
            continue
        declarer = first.setdefault((seat.side, call.strain), seat)
        found.append((str(call), declarer))
    final = auction.contract()
    if final is not None and not final.is_passed_out and final.declarer is not None:
        found.append((str(final), final.declarer))
    unique = list(dict.fromkeys(found))
    return unique[-8:]


def build(
    board: Board, args: dict[str, str], page_link: Link, answer: Callable[[str], str]
) -> ResultBuilder:
    """The builder at the stage its state says; ``answer(text)`` is the address with the
    finished answer."""
    parts = _parts(args.get("rb", "")[:400])
    used = sum(p.units for p in parts)
    state = _state(parts)
    contract = args.get("rc", "")[:6].upper()
    contract = contract if _CONTRACT.match(contract) or contract == "PASS" else ""
    contract = "Pass" if contract == "PASS" else contract
    declarer = args.get("rd", "")[:1].upper()
    declarer = declarer if declarer and declarer in "NESW" else ""
    tricks_text = args.get("rt", "")[:2]
    tricks = (
        int(tricks_text)
        if re.fullmatch(r"[0-9]{1,2}", tricks_text) and int(tricks_text) <= 13
        else None
    )
    doubled = args.get("rx", "")[:2].upper()
    doubled = doubled if doubled in ("X", "XX") else ""
    # One result is the usual adjusted score: its tricks answer the question at once.
    # "Several results" first makes the tricks lead on to a weight.
    several = bool(parts) or args.get("rw", "") == "1"

    def link(**state: str) -> str:  # the page with this state, in the same mode
        return page_link(**state, rw="1" if several else "")

    builder = ResultBuilder(
        parts=parts, stage="contract", left=Fraction(WHOLE - used, WHOLE), several=several
    )
    if parts:
        builder.undo = Key(_("Remove the last result"), link(rb=_state(parts[:-1])))
    if not contract:
        for text, seat in auction_contracts(board):
            builder.quick.append(
                Key(
                    _("{contract} by {declarer}").format(
                        contract=contract_text(text), declarer=seat.name_full
                    ),
                    link(rb=state, rc=text, rd=seat.value),
                    data=f"{text}-{seat.value}",
                )
            )
        for level in range(1, 8):
            for strain in ("C", "D", "H", "S", "NT"):
                text = f"{level}{strain}{doubled}"
                builder.bids.append(
                    Key(text, link(rb=state, rc=text, rx=doubled), data=text, css=strain.lower())
                )
        builder.doubling = [
            Key(
                label,
                link(rb=state, rx=value),
                data=value or "none",
                css="current" if value == doubled else "",
            )
            for label, value in (("Undoubled", ""), ("X", "X"), ("XX", "XX"))
        ]
        single = answer(Part("Pass", "", 0, WHOLE).text()) if not several else None
        builder.passed_out = Key(
            _("Passed out"), single or link(rb=state, rc="Pass", rt="0"), data="Pass"
        )
        if not several:
            builder.weigh = Key(_("Several results, with weights"), page_link(rw="1"))
        return builder
    builder.contract = contract
    if contract != "Pass" and not declarer:
        builder.stage = "declarer"
        builder.seats = [
            Key(seat.name_full, link(rb=state, rc=contract, rd=seat.value), data=seat.value)
            for seat in Seat
        ]
        return builder
    builder.declarer = declarer
    if tricks is None:
        builder.stage = "tricks"
        needed = Contract.parse(contract).tricks_needed
        for count in range(14):
            over = count - needed
            label = f"{count} ({'=' if over == 0 else f'{over:+d}'})"
            url = (
                link(rb=state, rc=contract, rd=declarer, rt=str(count))
                if several
                else answer(Part(contract, declarer, count, WHOLE).text())
            )
            builder.tricks.append(Key(label, url, data=str(count)))
        return builder
    builder.stage = "weight"
    left = WHOLE - used
    choices: dict[int, str] = {
        left: _("All that is left ({Fraction})").format(Fraction=Fraction(left, WHOLE))
    }
    for units, label in (
        (15, "1/2"),
        (10, "1/3"),
        (20, "2/3"),
        *((3 * t, f"0.{t}") for t in range(1, 10)),
    ):
        if units < left:
            choices.setdefault(units, label)
    for units, label in sorted(choices.items(), key=lambda item: -item[0]):
        part = Part(contract, declarer, tricks, units)
        whole = [*parts, part]
        url = answer(answer_text(whole)) if used + units == WHOLE else link(rb=_state(whole))
        builder.weights.append(Key(label, url, data=str(Fraction(units, WHOLE))))
    return builder


@dataclass
class ScorePad:
    node: str
    scores: list[int]
    typed: str
    keys: list[Key] = field(default_factory=list)
    add: Key | None = None
    done: Key | None = None
    erase: Key | None = None
    sign: Key | None = None
    skip: Key | None = None
    from_results: Key | None = None  # the traveller from the scorer's results file
    problem: str = ""


def score_pad(
    node: str, args: dict[str, str], link: Link, answer: Callable[[str], str]
) -> ScorePad:
    """A numeric keypad for NS scores: the traveller score by score, or the other
    table's score (teams)."""
    scores = [int(s) for s in args.get("tv", "")[:600].split(",") if _SCORE.match(s.strip())][
        :MAX_SCORES
    ]
    typed = args.get("te", "")[:6]
    typed = typed if re.fullmatch(r"-?[0-9]{0,4}", typed) else ""
    saved = ",".join(str(s) for s in scores)
    pad = ScorePad(node=node, scores=scores, typed=typed)
    for digit in "1234567890":
        if len(typed.lstrip("-")) < 4 and not (digit == "0" and typed.lstrip("-") == ""):
            pad.keys.append(Key(digit, link(tv=saved, te=typed + digit), data=digit))
        else:
            pad.keys.append(Key(digit, "", data=digit))
    pad.sign = Key("+/−", link(tv=saved, te=typed[1:] if typed.startswith("-") else "-" + typed))
    if typed.lstrip("-"):
        pad.erase = Key("⌫", link(tv=saved, te=typed[:-1]))
    value = int(typed) if typed.lstrip("-") else None
    if value is not None and (value % 10 or abs(value) > 7600):
        pad.problem = _(
            "{value} is not a bridge score: a multiple of 10, at most 7600 either way."
        ).format(value=value)
        value = None
    if node == "traveller":
        if value is not None:
            pad.add = Key(_("Add this score"), link(tv=",".join(str(s) for s in [*scores, value])))
        every = [*scores, value] if value is not None else scores
        if every:
            pad.done = Key(
                ngettext("Done: {count} score", "Done: {count} scores", len(every)).format(
                    count=len(every)
                ),
                answer(", ".join(str(s) for s in every)),
            )
        pad.skip = Key(_("Leave the traveller out: the scorer matchpoints it"), answer(LEFT_OUT))
    elif value is not None:
        pad.done = Key(f"NS {value:+d}", answer(str(value)))
    return pad
