"""Sessions and "rule on board N": load the day's hand record, pick a board by number,
give what the hand record lacks (contract, declarer, tricks), hand over to a wizard.

Every pick is a link whose address carries the picks so far (``?c=4S&x=X&d=S``), as
the wizard pages do: the back button, a reload and a bookmark all work, and the
server keeps no state between taps. The pick that completes the facts is a button that
POSTs to that address with the form's CSRF token: only then is the board stored. A GET
never writes, so a link on another page cannot add boards.
"""

from __future__ import annotations

import hashlib
import re
from typing import Any
from urllib.parse import urlencode

from flask import Blueprint, abort, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue

from td_assist.bridge.board import Board
from td_assist.bridge.errors import RecordError
from td_assist.bridge.results import TableResult
from td_assist.i18n import _
from td_assist.rulings.engine.registry import load_wizards
from td_assist.session import (
    TableFacts,
    board_with_facts,
    facts_board_id,
    load_bytes,
    missing_fact,
    session_board,
)
from td_assist.session_results import session_results
from td_assist.web import views
from td_assist.web.auction_box import box_url
from td_assist.web.boards import load_session, store

sessions = Blueprint("sessions", __name__)
MAX_UPLOAD = 2_000_000
LEVELS = range(1, 8)
STRAINS = (("C", "♣", "c"), ("D", "♦", "d"), ("H", "♥", "h"), ("S", "♠", "s"), ("NT", "NT", "nt"))


@sessions.app_context_processor
def _current_session() -> dict[str, Any]:
    """``td_session()`` in any template: the latest session, the default everywhere."""
    return {"td_session": lambda: store().latest_session()}


def _wizard_arg() -> str | None:
    name = request.args.get("w", "")[:40]
    return name if name in load_wizards() else None


def _heading(wizard: str | None) -> str:
    return load_wizards()[wizard].heading if wizard else ""


@sessions.get("/sessions")
def index() -> ResponseReturnValue:
    return render_template(
        "sessions.html",
        sessions=store().sessions(),
        loaded=store().session(request.args.get("loaded", "")[:40]),
        error=None,
    )


@sessions.post("/sessions")
def load() -> ResponseReturnValue:
    upload = request.files.get("file")
    name = request.form.get("name", "")[:200]
    if upload is None or not upload.filename:
        return _load_error(_("Choose the session's hand record file (.pbn or .lin)."))
    source = upload.filename[:120]
    raw = upload.read(MAX_UPLOAD + 1)
    if len(raw) > MAX_UPLOAD:
        return _load_error(_("{source}: the file is larger than 2 MB.").format(source=source))
    results = request.files.get("results")
    results_raw, results_source = None, ""
    if results is not None and results.filename:
        results_source = results.filename[:120]
        results_raw = results.read(MAX_UPLOAD + 1)
        if len(results_raw) > MAX_UPLOAD:
            return _load_error(
                _("{results_source}: the file is larger than 2 MB.").format(
                    results_source=results_source
                )
            )
    try:
        info = load_bytes(store(), raw, source, name, results_raw, results_source)
    except RecordError as error:
        return _load_error(str(error))
    return redirect(url_for("sessions.index", loaded=info.id), code=303)


def _load_error(message: str) -> tuple[str, int]:
    return render_template(
        "sessions.html", sessions=store().sessions(), loaded=None, error=message
    ), 400


@sessions.post("/sessions/<session_id>/remove")
def remove(session_id: str) -> ResponseReturnValue:
    store().remove_session(session_id[:40])
    return redirect(url_for("sessions.index"), code=303)


@sessions.get("/rule-board")
def keypad() -> ResponseReturnValue:
    """Pick a board by number: a keypad whose keys are links. A key that completes a
    board number no longer one goes straight to the board."""
    wanted = request.args.get("s", "")[:40]
    info = store().session(wanted) if wanted else store().latest_session()
    if info is None or info.removed:
        return redirect(url_for("sessions.index"), code=303)
    numbers = [str(n) for n in store().session_board_numbers(info.id)]
    typed = "".join(ch for ch in request.args.get("n", "")[:5] if ch in "0123456789")
    if not any(n.startswith(typed) for n in numbers):
        typed = ""
    wizard = _wizard_arg()

    def target(digits: str) -> str | None:
        if not digits or digits.startswith("0") or not any(n.startswith(digits) for n in numbers):
            return None
        longer = any(n.startswith(digits) and n != digits for n in numbers)
        if digits in numbers and not longer:
            return board_url(info.id, int(digits), wizard, TableFacts())
        return _keypad_url(info.id, digits, wizard)

    keys = [(str(d), target(typed + str(d))) for d in (1, 2, 3, 4, 5, 6, 7, 8, 9, 0)]
    return render_template(
        "keypad.html",
        info=info,
        typed=typed,
        keys=keys,
        go=board_url(info.id, int(typed), wizard, TableFacts()) if typed in numbers else None,
        erase=_keypad_url(info.id, typed[:-1], wizard) if typed else None,
        wizard=wizard,
        wizard_title=_heading(wizard),
        first=numbers[0] if numbers else "",
        last=numbers[-1] if numbers else "",
        others=[s for s in store().sessions() if s.id != info.id],
    )


def _keypad_url(session_id: str, typed: str, wizard: str | None) -> str:
    query = {
        "s": session_id,
        **({"n": typed} if typed else {}),
        **({"w": wizard} if wizard else {}),
    }
    return url_for("sessions.keypad") + "?" + urlencode(query)


def board_url(session_id: str, number: int, wizard: str | None, facts: TableFacts) -> str:
    query = {**facts.query(), **({"w": wizard} if wizard else {})}
    base = url_for("sessions.board", session_id=session_id, number=number)
    return f"{base}?{urlencode(query)}" if query else base


@sessions.get("/sessions/<session_id>/boards/<int:number>")
def board(session_id: str, number: int) -> ResponseReturnValue:
    """Ask what the hand record lacks, one thumb-sized picker at a time; when nothing is
    missing, one button to rule (a GET stores nothing)."""
    info = load_session(session_id)
    hand_record = session_board(store(), info.id, number)
    if hand_record is None:
        abort(404)
    facts = TableFacts.from_query(request.args)
    wizard = _wizard_arg()
    if wizard and load_wizards()[wizard].starts_from_auction:
        # An irregularity in the auction: the bidding box first, not the contract.
        return redirect(box_url(info.id, number, wizard, [], None))
    carried = _carried_answers()

    def pick(**change: Any) -> str:
        return _carry(
            board_url(
                info.id, number, wizard, TableFacts.model_validate(facts.model_dump() | change)
            ),
            carried,
        )

    def completes(**change: Any) -> bool:
        picked = TableFacts.model_validate(facts.model_dump() | change)
        return missing_fact(hand_record, picked) is None

    needed = missing_fact(hand_record, facts)
    if needed is None:
        try:
            board_with_facts(hand_record, facts, event=info.name)
        except RecordError as error:
            return _facts_error(error, _carry(_back_url(info.id, number, wizard, facts), carried))
    return render_template(
        "board_facts.html",
        info=info,
        board=hand_record,
        hands=views.hands(hand_record),
        tables=_table_picks(info.id, number, wizard, carried) if needed == "contract" else [],
        needed=needed or "nothing",
        facts=facts,
        wizard=wizard,
        wizard_title=_heading(wizard),
        pick=pick,
        completes=completes,
        here=_carry(board_url(info.id, number, wizard, facts), carried),
        levels=LEVELS,
        # the keypad shows "SA" for no trump on a German page; the value sent stays "NT"
        strains=[(key, _(label) if key == "NT" else label, css) for key, label, css in STRAINS],
        trick_labels=_trick_labels(hand_record, facts),
        back=_carry(_back_url(info.id, number, wizard, facts), carried),
    )


@sessions.post("/sessions/<session_id>/boards/<int:number>")
def rule_board(session_id: str, number: int) -> ResponseReturnValue:
    """The facts complete (in the address, as the pickers build it): store the board
    with them and hand over to the wizard, or show the board."""
    info = load_session(session_id)
    hand_record = session_board(store(), info.id, number)
    if hand_record is None:
        abort(404)
    facts = TableFacts.from_query(request.args)
    wizard = _wizard_arg()
    carried = _carried_answers()
    if missing_fact(hand_record, facts) is not None:
        return redirect(_carry(board_url(info.id, number, wizard, facts), carried), code=303)
    try:
        ruled = board_with_facts(hand_record, facts, event=info.name)
    except RecordError as error:
        return _facts_error(error, _carry(_back_url(info.id, number, wizard, facts), carried))
    seated = {key: request.args.get(arg, "")[:20] for key, arg in _SEATED_ARGS.items()}
    board_id = facts_board_id(info.id, ruled)
    if any(seated.values()):
        # The same result at another table is another board in the log.
        board_id = _seated_board_id(board_id, seated)
    board_id = store().save_board(
        ruled.model_dump(mode="json"),
        source=f"session {info.name}",
        session_id=info.id,
        board_id=board_id,
        **seated,
    )
    if wizard:
        # The club path: the usual case for every question that has one (each shows in
        # the path as assumed, one tap to change); the wizard asks only the facts.
        step = url_for("wizard.step", wizard_name=wizard, board_id=board_id)
        return redirect(f"{step}?{urlencode([('a', 'usual:yes'), *carried])}", code=303)
    return redirect(url_for("boards.show", board_id=board_id), code=303)


# A table picked from the scorer's results: its table number and pairs, for the log.
_SEATED_ARGS = {"table": "tb", "ns_pair": "ns", "ew_pair": "ew"}


def _seated_board_id(board_id: str, seated: dict[str, str]) -> str:
    text = "\n".join([board_id, *seated.values()])
    return "s" + hashlib.sha256(text.encode()).digest()[:12].hex()


def _table_picks(
    session_id: str, number: int, wizard: str | None, carried: list[tuple[str, str]]
) -> list[dict[str, str]]:
    """Each table's result from the scorer's file, as one tap that gives the contract,
    declarer and tricks (and the table and pairs for the log)."""
    results = session_results(store(), session_id)
    if results is None:
        return []
    picks = []
    for line in results.traveller(number):
        facts = _facts_of(line)
        if facts is None:
            continue
        seated = {"tb": line.table, "ns": line.ns_pair, "ew": line.ew_pair}
        url = board_url(session_id, number, wizard, facts)
        url += "&" + urlencode({k: v for k, v in seated.items() if v})
        pairs = {"ns": line.ns_pair, "ew": line.ew_pair, "result": line.describe()}
        label = (
            _("Table {table} · NS {ns} v EW {ew}: {result}").format(table=line.table, **pairs)
            if line.table
            else _("NS {ns} v EW {ew}: {result}").format(**pairs)
        )
        picks.append(
            {
                "url": _carry(url, carried),
                "label": label,
                "ns_pair": line.ns_pair,
            }
        )
    return picks


def _facts_of(line: TableResult) -> TableFacts | None:
    """The contract, declarer and tricks of a table result; None for an artificial one."""
    if line.is_artificial or not line.contract:
        return None
    if line.contract == "PASS":
        return TableFacts(contract="P")
    match = re.fullmatch(r"([1-7](?:C|D|H|S|NT))(XX|X)?", line.contract)
    if match is None or line.declarer is None or line.tricks is None:
        return None
    doubling = {"X": 1, "XX": 2}.get(match.group(2) or "", 0)
    return TableFacts(
        contract=match.group(1), doubling=doubling, declarer=line.declarer, tricks=line.tricks
    )


def _facts_error(error: RecordError, back: str) -> ResponseReturnValue:
    return render_template(
        "error.html",
        title=_("That does not fit the board"),
        message=_("{error}. Go back and choose again.").format(error=error),
        back=back,
        back_label=_("Back one question"),
    ), 400


def _carried_answers() -> list[tuple[str, str]]:
    """A ruling's answers so far, when the TD came back from the wizard to change the
    contract, declarer or tricks: kept through the pickers and back into the wizard,
    with the table picked from the scorer's results (a corrected result is still that
    table's, and the ruling compares it with the file's)."""
    answers = [("a", a) for a in request.args.getlist("a")[:60] if len(a) <= 400]
    return answers + seated_query(
        {key: request.args.get(arg, "") for key, arg in _SEATED_ARGS.items()}
    )


def seated_query(seated: dict[str, str | None]) -> list[tuple[str, str]]:
    """The table and pairs a board was picked at, as the pickers' address carries them."""
    return [
        (arg, str(seated.get(key) or "")[:20])
        for key, arg in _SEATED_ARGS.items()
        if seated.get(key)
    ]


def _carry(url: str, carried: list[tuple[str, str]]) -> str:
    if not carried:
        return url
    return f"{url}{'&' if '?' in url else '?'}{urlencode(carried)}"


def _trick_labels(board: Board, facts: TableFacts) -> list[tuple[int, str]]:
    """Each number of tricks with its result against the contract: 9 (-1), 10 (=)."""
    contract = board.contract_obj
    picked = (facts.contract or "0")[0]
    level = contract.level if contract else int(picked) if picked.isdigit() else 0
    labels = []
    for tricks in range(14):
        if not level:
            labels.append((tricks, ""))
            continue
        over = tricks - (level + 6)
        labels.append((tricks, "=" if over == 0 else f"{over:+d}"))
    return labels


def _back_url(session_id: str, number: int, wizard: str | None, facts: TableFacts) -> str:
    if facts.tricks is not None or facts.in_progress:
        return board_url(
            session_id,
            number,
            wizard,
            facts.model_copy(update={"tricks": None, "in_progress": False}),
        )
    if facts.declarer is not None:
        return board_url(session_id, number, wizard, facts.model_copy(update={"declarer": None}))
    if facts.contract is not None:
        return board_url(
            session_id, number, wizard, facts.model_copy(update={"contract": None, "doubling": 0})
        )
    return _keypad_url(session_id, "", wizard)
