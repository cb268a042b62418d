"""Record formats: PBN, LIN, JSON and the compact text form, all giving ``Board``."""

from __future__ import annotations

import re
from pathlib import Path

from td_assist import jsonsafe
from td_assist.bridge.board import Board
from td_assist.bridge.errors import RecordError, shown
from td_assist.bridge.formats.lin import parse_lin
from td_assist.bridge.formats.pbn import parse_pbn
from td_assist.bridge.formats.text import parse_text
from td_assist.i18n import _

__all__ = [
    "decode_record",
    "detect_format",
    "load_json",
    "parse_lin",
    "parse_pbn",
    "parse_record",
    "parse_text",
    "read_boards",
]


_LIN_KEYS = ("md", "qx", "pn", "st", "sv", "ah", "vg", "rs", "mb", "pc")


def detect_format(text: str) -> str:
    """Guess the format of pasted text: ``json``, ``pbn``, ``lin`` or ``text``.

    >>> [detect_format(t) for t in ('{"number": 1}', '{a comment}\\n[Board "1"]', "vg|x|")]
    ['json', 'pbn', 'lin']
    """
    stripped = text.lstrip("\ufeff \t\r\n")
    if re.match(r"\[\s*[A-Za-z]", stripped) or stripped.startswith("%"):
        return "pbn"  # a tag such as [Event "..."] or a PBN escape line
    if stripped.startswith("{") and not re.match(r"\{\s*(\"|\})", stripped):
        return "pbn"  # a PBN comment such as {Hand record}; a JSON object starts {"
    if stripped.startswith(("{", "[")):
        return "json"
    head = stripped[:200].lower()
    if "|" in head and any(re.search(rf"(^|\|){key}\|", head) for key in _LIN_KEYS):
        return "lin"
    return "text"


def parse_record(
    text: str, fmt: str | None = None, only: int | None = None, skipped: list[str] | None = None
) -> list[Board]:
    """Boards from text in any supported format (``fmt`` or detected).

    ``only`` (a board number) lets PBN skip validating the other boards of a session;
    ``skipped`` (a list) receives a note for each PBN game that holds no board.
    """
    text = text.removeprefix("\ufeff")  # a byte-order mark from Windows editors
    fmt = fmt or detect_format(text)
    if fmt == "pbn":
        return parse_pbn(text, only, skipped)
    if fmt == "lin":
        return parse_lin(text)
    if fmt == "json":
        data = load_json(text)
        items = (
            data
            if isinstance(data, list)
            else [data.get("board", data)]
            if isinstance(data, dict)
            else None
        )
        if not items:
            raise RecordError(_("JSON must be a board object or a list of boards"))
        return [Board.from_json(item) for item in items]
    if fmt == "text":
        return parse_text(text)
    raise RecordError(
        _("unknown format {format} (use pbn, lin, json or text)").format(format=shown(fmt))
    )


def load_json(text: str, where: str = "JSON") -> object:
    """JSON from a paste or file, every failure a RecordError naming the place.

    >>> load_json('{"number": ' + "9" * 5000 + "}")
    Traceback (most recent call last):
    ...
    td_assist.bridge.errors.RecordError: JSON: a number with 5000 digits is far too long
    """
    try:
        return jsonsafe.loads(text.removeprefix("\ufeff"))
    except jsonsafe.JSONInputError as error:
        line = (
            _("{where} line {line}").format(where=where, line=error.line) if error.line else where
        )
        raise RecordError(error.problem, where=line) from None


def read_boards(
    path: Path, only: int | None = None, skipped: list[str] | None = None
) -> list[Board]:
    """Read a record file; the extension decides the format (.pbn .lin .json .txt)."""
    try:
        raw = path.read_bytes()
    except OSError as error:
        raise RecordError(
            _("cannot read the file: {reason}").format(reason=error.strerror), where=str(path)
        ) from None
    text = decode_record(raw)
    fmt = {".pbn": "pbn", ".lin": "lin", ".json": "json", ".txt": "text"}.get(path.suffix.lower())
    try:
        return parse_record(text, fmt, only, skipped)
    except RecordError as error:
        raise error.located(path.name) from None


def decode_record(raw: bytes) -> str:
    """Text of an uploaded or read file: UTF-8 (with or without a byte-order mark),
    UTF-16 with its mark, else Latin-1 (old PBN files are ISO 8859-1, PBN 3.1)."""
    if raw.startswith((b"\xff\xfe", b"\xfe\xff")):
        return raw.decode("utf-16", errors="replace")
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        return raw.decode("latin-1")
