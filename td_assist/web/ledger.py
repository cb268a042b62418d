"""The event ruling log: record a ruling, its permanent page, the log, corrections and
appeals (new entries that amend an old one), and the exports for the scorer."""

from __future__ import annotations

import re
import secrets

from flask import Blueprint, Response, abort, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue

from td_assist.bridge.board import Board
from td_assist.bridge.errors import RecordError
from td_assist.i18n import _
from td_assist.jsonsafe import JSONInputError
from td_assist.jsonsafe import loads as load_json
from td_assist.reports.ruling_report import STYLESHEETS, render_report, report_pages
from td_assist.results_check import with_results_check
from td_assist.ruling_log import (
    amended_facts,
    entry_kind_text,
    export_entries,
    log_facts,
    score_after_text,
    to_csv,
    to_pbn,
)
from td_assist.rulings.engine.model import Ruling
from td_assist.rulings.engine.registry import load_wizards, rule
from td_assist.session_results import session_results
from td_assist.store import LogEntry, SavedRuling
from td_assist.web.boards import store
from td_assist.web.wizard import (
    MAX_ANSWERS,
    MAX_VALUE,
    address,
    answered,
    as_ruled,
    law_links,
    summary,
)

ledger = Blueprint("ledger", __name__)
_KEY = re.compile(r"^[A-Za-z0-9_-]{8,64}$")
_SHORT = re.compile(r"^[A-Za-z0-9 ./-]{0,20}$")
LOG_PAGE = 200  # rulings on one page of the log; the exports hold every one


def new_request_key() -> str:
    """Sent with the record form: a re-sent form (a lost response) records nothing new."""
    return secrets.token_urlsafe(16)


def _short_field(name: str, label: str) -> str:
    value = request.form.get(name, "").strip()[:200]
    if not _SHORT.match(value):
        abort(400, description=_("{label}: use up to 20 letters or digits.").format(label=label))
    return value


def _request_key() -> str | None:
    key = request.form.get("request_key", "")
    return key if _KEY.match(key) else None


def _board(board_id: str | None) -> Board | None:
    data = store().board(board_id[:40]) if board_id else None
    return Board.model_validate(data) if data is not None else None


@ledger.post("/rule/<wizard_name>/<board_id>/record")
def record(wizard_name: str, board_id: str) -> ResponseReturnValue:
    if wizard_name not in load_wizards():
        abort(404)
    board = _board(board_id)
    if board is None:
        abort(404)
    try:
        answers = load_json(request.form.get("answers", "{}")[:20_000])
    except JSONInputError as error:
        abort(
            400,
            description=_("The answers sent with the form cannot be read: {error}.").format(
                error=error
            ),
        )
    if not isinstance(answers, dict):
        abort(400, description=_("The answers sent with the form are not a set of answers."))
    answers = {str(k)[:40]: str(v)[:MAX_VALUE] for k, v in list(answers.items())[:MAX_ANSWERS]}
    try:
        ruling = rule(wizard_name, board, None, answers, mode="step")
    except RecordError as error:
        abort(
            400, description=_("The answers do not fit this ruling: {error}.").format(error=error)
        )
    if ruling.status != "complete":
        abort(400, description=_("The ruling is not finished: answer the remaining questions."))
    context = store().board_context(board_id[:40])
    facts = log_facts(
        answered(load_wizards()[wizard_name], board, answers),
        ruling,
        context["session_id"],
        table=_short_field("table", "Table"),
        ns_pair=_short_field("ns_pair", "NS pair"),
        ew_pair=_short_field("ew_pair", "EW pair"),
    )
    # Where the TD's result differs from the scorer's file, the ruling says so.
    ruling = with_results_check(store(), facts, ruling)
    amends = request.form.get("amends", "")[:40] or None
    kind = "correction" if amends else "ruling"
    if amends is not None and store().ruling(amends) is None:
        abort(400, description=_("The ruling this corrects is not in the log."))
    ruling_id = store().save_ruling(
        board_id[:40],
        wizard_name,
        answers,
        ruling.model_dump(mode="json"),
        request.form.get("note", "")[:2000],
        facts=facts,
        kind=kind,
        amends=amends,
        request_key=_request_key(),
    )
    return redirect(url_for("ledger.saved", ruling_id=ruling_id), code=303)


@ledger.get("/rulings/<ruling_id>")
def saved(ruling_id: str) -> ResponseReturnValue:
    record = store().ruling(ruling_id[:40])
    if record is None:
        abort(404)
    board = _board(record.board_id)
    if board is None:
        abort(404)
    if record.wizard in load_wizards():
        chosen = load_wizards()[record.wizard]
        board = as_ruled(
            chosen, answered(chosen, board, dict(record.answers)), dict(record.answers)
        )
    ruling = Ruling.model_validate(record.ruling)
    history = _history(record)
    return render_template(
        "ruling.html",
        wizard_name=record.wizard,
        wizard_title=(
            load_wizards()[record.wizard].heading
            if record.wizard in load_wizards()
            else record.wizard
        ),
        board=board,
        board_id=record.board_id,
        ruling=ruling,
        law_links=law_links,
        restart=address(record.wizard, record.board_id or "", []),
        back=None,
        answer_url=None,
        permalink=url_for("ledger.saved", ruling_id=record.id),
        saved=record,
        entry=record,
        history=history,
        amended_by=store().amended_by(record.id),
        correct_url=address(record.wizard, record.board_id or "", list(record.answers.items()))
        + ("&" if record.answers else "?")
        + f"amends={record.id}",
        score_after_text=score_after_text,
        entry_kind_text=entry_kind_text,
        request_key=new_request_key(),
        **summary(board, ruling),
    )


def _history(record: SavedRuling) -> list[SavedRuling]:
    """The entries this one amends, newest first."""
    chain, seen = [], {record.id}
    current = record.amends
    while current and current not in seen:
        seen.add(current)
        previous = store().ruling(current)
        if previous is None:
            break
        chain.append(previous)
        current = previous.amends
    return chain


@ledger.post("/rulings/<ruling_id>/amend")
def amend(ruling_id: str) -> ResponseReturnValue:
    """An appeal outcome or a correction of the result: a new entry, the old one kept."""
    original = store().ruling(ruling_id[:40])
    if original is None:
        abort(404)
    kind = request.form.get("kind", "")
    if kind not in ("correction", "appeal"):
        abort(400, description=_("Say whether this is a correction or an appeal outcome."))
    tricks_text = request.form.get("tricks_after", "").strip()[:3]
    ns_text = request.form.get("artificial_ns", "").strip()[:3]
    ew_text = request.form.get("artificial_ew", "").strip()[:3]
    tricks = int(tricks_text) if re.fullmatch(r"[0-9]|1[0-3]", tricks_text) else None
    if tricks_text and tricks is None:
        abort(400, description=_("Declarer's tricks after the ruling: a number from 0 to 13."))
    artificial = None
    if ns_text or ew_text:
        if not (re.fullmatch(r"[0-9]{2}", ns_text) and re.fullmatch(r"[0-9]{2}", ew_text)):
            abort(400, description=_("An artificial score needs both sides' percentages."))
        artificial = (int(ns_text), int(ew_text))
    note = request.form.get("note", "").strip()[:2000]
    if not note and tricks is None and artificial is None:
        abort(400, description=_("Give the new result or a note saying what changed."))
    try:
        facts = amended_facts(original, _board(original.board_id), tricks, artificial)
    except RecordError as error:
        abort(400, description=str(error))
    label = "Appeal outcome" if kind == "appeal" else "Correction"
    facts = facts.model_copy(update={"title": f"{label}: {original.title.split(': ', 1)[-1]}"})
    new_id = store().save_ruling(
        original.board_id,
        original.wizard,
        original.answers,
        original.ruling,
        note,
        facts=facts,
        kind=kind,  # type: ignore[arg-type]
        amends=original.id,
        request_key=_request_key(),
    )
    return redirect(url_for("ledger.saved", ruling_id=new_id), code=303)


def _filters() -> tuple[str | None, int | None]:
    session_id = request.args.get("s", "")[:40] or None
    board_text = request.args.get("b", "").strip()[:5]
    board = int(board_text) if re.fullmatch(r"[0-9]{1,5}", board_text) else None
    return session_id, board


@ledger.get("/rulings")
def log() -> ResponseReturnValue:
    """The ruling log: each ruling as it stands, newest first, with what it amends,
    ``LOG_PAGE`` to a page; the page says which part of how many it shows."""
    session_id, board = _filters()
    rows = store().latest_entries(session_id, board)
    pages = max(1, -(-len(rows) // LOG_PAGE))
    page_text = request.args.get("p", "1").strip()[:6]
    page = int(page_text) if re.fullmatch(r"[1-9][0-9]{0,5}", page_text) else 1
    page = min(page, pages)
    first = (page - 1) * LOG_PAGE

    def page_url(number: int) -> str:
        query = {"s": session_id or "", "b": "" if board is None else board, "p": number}
        return url_for("ledger.log", **{k: v for k, v in query.items() if v != ""})

    return render_template(
        "log.html",
        rows=rows[first : first + LOG_PAGE],
        total=len(rows),
        first=first,
        newer=page_url(page - 1) if page > 1 else None,
        older=page_url(page + 1) if page < pages else None,
        sessions=store().sessions(include_removed=True),
        session_id=session_id,
        board=board,
        score_after_text=score_after_text,
        entry_kind_text=entry_kind_text,
        bridgemate=_from_bridgemate(session_id),
    )


def _from_bridgemate(session_id: str | None) -> bool:
    """Whether the session's results came from a Bridgemate .bws (its rows can be updated)."""
    if not session_id:
        return False
    results = session_results(store(), session_id)
    return results is not None and results.format == "bws"


@ledger.get("/rulings/export.<fmt>")
def export(fmt: str) -> ResponseReturnValue:
    session_id, board = _filters()
    entries = export_entries(store(), session_id, board)
    stem = "rulings"
    if session_id and (info := store().session(session_id)):
        stem = "rulings-" + re.sub(r"[^A-Za-z0-9]+", "-", info.name).strip("-").lower()
    if fmt == "csv":
        return _download(to_csv(entries), "text/csv", f"{stem}.csv")
    if fmt == "pbn":
        return _download(to_pbn(store(), entries), "application/x-pbn", f"{stem}.pbn")
    if fmt == "html":
        return report_page(entries)
    if fmt == "usebio" and session_id:
        return _usebio(session_id, stem)
    if fmt == "bridgemate" and session_id:
        return _bridgemate(session_id, stem)
    abort(404)


def _bridgemate(session_id: str, stem: str) -> ResponseReturnValue:
    """The ruled tables' Bridgemate rows (ReceivedData), to apply to the session's .bws."""
    from td_assist.bridgemate_export import export_bridgemate

    try:
        exported = export_bridgemate(store(), session_id)
    except RecordError as error:
        return render_template(
            "error.html", title=_("No Bridgemate rows for this session"), message=f"{error}."
        ), 400
    return _download(exported.text, "text/csv", f"{stem}-bridgemate.csv")


def _usebio(session_id: str, stem: str) -> ResponseReturnValue:
    """The session's USEBIO results with the rulings' scores written in."""
    from td_assist.usebio_export import export_usebio

    try:
        exported = export_usebio(store(), session_id)
    except RecordError as error:
        return render_template(
            "error.html", title=_("No USEBIO file for this session"), message=f"{error}."
        ), 400
    # The notes for the scorer (weights USEBIO cannot carry, totals to recompute) are
    # a comment at the top of the event in the file.
    return _download(exported.text, "application/xml", f"{stem}.xml")


def _download(text: str, mimetype: str, filename: str) -> Response:
    response = Response(text, mimetype=mimetype)
    response.headers["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


def report_page(entries: list[LogEntry]) -> str:
    """The printable report: one page per ruling."""
    return render_report(
        report_pages(store(), entries),
        stylesheet_urls=[url_for("static", filename=f"css/{name}") for name in STYLESHEETS],
    )
