"""The auction of a session board, tapped in the bidding box, and "where in the auction
did it happen?": the start of every wizard that rules on the auction.

``GET /sessions/<id>/boards/<n>/auction?w=WIZARD&k=CALLS&seat=W`` draws the box (links
only: nothing is stored). Tapping a call of the diagram posts the calls and that call's
number; the hand-record board is stored once (the same board, the same id) and the
wizard starts with the ``auction`` and ``call_index`` answers.
"""

from __future__ import annotations

from urllib.parse import urlencode

from flask import Blueprint, abort, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue

from td_assist.bridge.board import Board
from td_assist.bridge.cards import Seat
from td_assist.bridge.errors import RecordError
from td_assist.i18n import _
from td_assist.rulings.engine.registry import load_wizards
from td_assist.session import deal_only, facts_board_id, session_board
from td_assist.store import SessionInfo
from td_assist.web import views
from td_assist.web.bidding_box import BiddingBox, build, read_tokens, written
from td_assist.web.boards import load_board, load_session, store

auction_box = Blueprint("auction_box", __name__)
MAX_ADDRESS_CALLS = 600  # characters of calls read from an address or a form

# What "where did it happen?" may point at, by wizard: the insufficient-bid wizard rules
# on an insufficient bid; the others on any call.
WHERE_PROMPT = {
    "insufficient-bid": "Tap the insufficient bid the Director was called for.",
    "unauthorised-information": (
        "Tap the call at which the information was given (the slow call, the alerted or "
        "explained call)."
    ),
    "exposed-card": "Tap the last call made before the card was exposed.",
    "misinformation": "Tap the call that was wrongly explained, or not alerted.",
    "call-out-of-rotation": "Tap the call made out of rotation.",
}
# Wizards for which "where did it happen?" may be before the first call (call_index 0).
BEFORE_FIRST_CALL = frozenset({"exposed-card"})


def before_first_label(wizard: str | None) -> str:
    """The "before the first call" button's words, for a wizard that takes call 0."""
    return _("Before the first call") if wizard in BEFORE_FIRST_CALL else ""


def _hand_record(session_id: str, number: int) -> tuple[SessionInfo, Board]:
    """The session and its board as the hand record gives the deal: the auction is the
    one tapped at this table (a record from another table does not count)."""
    info = load_session(session_id)
    board = session_board(store(), info.id, number)
    if board is None:
        abort(404)
    return info, deal_only(board)


def _wizard(name: str) -> str | None:
    return name if name in load_wizards() else None


def box_url(
    session_id: str, number: int, wizard: str | None, tokens: list[str], seat: Seat | None
) -> str:
    query = {
        **({"w": wizard} if wizard else {}),
        **({"k": " ".join(tokens)} if tokens else {}),
        **({"seat": seat.value} if seat else {}),
    }
    base = url_for("auction_box.page", session_id=session_id, number=number)
    return f"{base}?{urlencode(query)}" if query else base


def eligible(wizard: str | None, box: BiddingBox) -> set[int]:
    """The calls of the diagram that can answer "where did it happen?"."""
    if wizard is None:
        return set()
    if wizard == "insufficient-bid":
        return {c.number for c in box.calls if c.note == "insufficient"}
    return {c.number for c in box.calls}


@auction_box.get("/sessions/<session_id>/boards/<int:number>/auction")
def page(session_id: str, number: int) -> ResponseReturnValue:
    info, hand_record = _hand_record(session_id, number)
    wizard = _wizard(request.args.get("w", "")[:40])
    tokens = read_tokens(request.args.get("k", "")[:MAX_ADDRESS_CALLS])
    seat_text = request.args.get("seat", "")[:1].upper()
    seat = Seat(seat_text) if seat_text and seat_text in "NESW" else None
    box = build(
        hand_record,
        tokens,
        seat,
        lambda calls, chosen: box_url(info.id, number, wizard, calls, chosen),
    )
    return render_template(
        "board_auction.html",
        info=info,
        board=hand_record,
        box=box,
        wizard=wizard,
        wizard_title=load_wizards()[wizard].heading if wizard else "",
        where=eligible(wizard, box),
        where_prompt=WHERE_PROMPT.get(wizard or "", "Tap the call the Director was called for."),
        before_first=before_first_label(wizard),
        hands=views.hands(hand_record),
        keypad=url_for("sessions.keypad", s=info.id, **({"w": wizard} if wizard else {})),
    )


@auction_box.post("/sessions/<session_id>/boards/<int:number>/auction")
def start(session_id: str, number: int) -> ResponseReturnValue:
    """The call tapped: keep the board and start the wizard from that call."""
    info, hand_record = _hand_record(session_id, number)
    wizard = _wizard(request.form.get("w", "")[:40])
    tokens = read_tokens(request.form.get("k", "")[:MAX_ADDRESS_CALLS])
    index_text = request.form.get("call_index", "")[:4]
    before_first = index_text == "0" and wizard in BEFORE_FIRST_CALL
    if (
        wizard is None
        or not (tokens or before_first)
        or not (index_text.isascii() and index_text.isdigit())
    ):
        abort(400, description=_("Tap a call of the auction to start the ruling."))
    try:
        written(hand_record, tokens)
    except RecordError as error:
        return render_template(
            "error.html",
            title=_("That auction does not fit"),
            message=_("{error}. Go back and tap the calls again.").format(error=error),
        ), 400
    index = int(index_text)
    if not (1 <= index <= len(tokens) or before_first):
        abort(400, description=_("The auction has no call {index}.").format(index=index))
    board = _named(hand_record, info.name)
    board_id = store().save_board(
        board.model_dump(mode="json"),
        source=f"session {info.name}",
        session_id=info.id,
        board_id=facts_board_id(info.id, board),
    )
    answers = [("usual", "yes")] + ([("auction", " ".join(tokens))] if tokens else [])
    answers.append(("call_index", str(index)))
    step = url_for("wizard.step", wizard_name=wizard, board_id=board_id)
    return redirect(f"{step}?{urlencode([('a', f'{n}:{v}') for n, v in answers])}", code=303)


def stored_box_url(board_id: str, wizard: str, tokens: list[str], seat: Seat | None) -> str:
    query = {
        "w": wizard,
        **({"k": " ".join(tokens)} if tokens else {}),
        **({"seat": seat.value} if seat else {}),
    }
    return f"{url_for('auction_box.stored', board_id=board_id)}?{urlencode(query)}"


@auction_box.get("/boards/<board_id>/auction")
def stored(board_id: str) -> ResponseReturnValue:
    """The bidding box for a board entered without its auction (pasted, uploaded or
    tapped): the board is kept already, so the call tapped is a plain link on to the
    wizard with the ``auction`` and ``call_index`` answers."""
    board = load_board(board_id)
    wizard = _wizard(request.args.get("w", "")[:40])
    if wizard is None:
        abort(404)
    if board.auction:  # the record's own auction: nothing to tap
        return redirect(url_for("wizard.step", wizard_name=wizard, board_id=board_id))
    tokens = read_tokens(request.args.get("k", "")[:MAX_ADDRESS_CALLS])
    seat_text = request.args.get("seat", "")[:1].upper()
    seat = Seat(seat_text) if seat_text and seat_text in "NESW" else None
    box = build(
        board, tokens, seat, lambda calls, chosen: stored_box_url(board_id, wizard, calls, chosen)
    )
    fields = [("a", "usual:yes")]
    if box.tokens:
        fields.append(("a", f"auction:{' '.join(box.tokens)}"))
    return render_template(
        "board_auction.html",
        info=None,
        board=board,
        box=box,
        wizard=wizard,
        wizard_title=load_wizards()[wizard].heading,
        where=eligible(wizard, box),
        where_prompt=WHERE_PROMPT.get(wizard, "Tap the call the Director was called for."),
        before_first=before_first_label(wizard),
        where_form={
            "action": url_for("wizard.step", wizard_name=wizard, board_id=board_id),
            "method": "get",
            "name": "a",
            "prefix": "call_index:",
            "fields": fields,
        },
        hands=views.hands(board),
        keypad=url_for("boards.show", board_id=board_id),
        keypad_label=_("Back to the board"),
    )


def _named(board: Board, event: str) -> Board:
    return board if board.event or not event else board.model_copy(update={"event": event})
