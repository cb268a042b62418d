"""Record formats: PBN, LIN, JSON and the compact text form, all giving ``Board``."""

from __future__ import annotations

import re
from pathlib import Path

from td_assist.bridge.board import Board
from td_assist.bridge.errors import RecordError
from td_assist.bridge.formats.lin import parse_lin
from td_assist.bridge.formats.pbn import parse_pbn
from td_assist.bridge.formats.text import parse_text
from td_assist.jsonsafe import JSONInputError
from td_assist.jsonsafe import loads as load_json

__all__ = ["parse_lin", "parse_pbn", "parse_record", "parse_text", "read_boards"]


def detect_format(text: str) -> str:
    """Guess the format of pasted text: ``json``, ``pbn``, ``lin`` or ``text``."""
    stripped = text.lstrip("\ufeff \t\r\n")
    if re.match(r"\[\s*[A-Za-z]", stripped) or stripped.startswith("%"):
        return "pbn"  # a tag such as [Event "..."] or a PBN escape line
    if stripped.startswith(("{", "[")):
        return "json"
    head = stripped[:200].lower()
    if "|" in head and any(f"{key}|" in head for key in ("md", "qx", "pn", "st", "sv", "ah")):
        return "lin"
    return "text"


def parse_record(text: str, fmt: str | None = None, only: int | None = None) -> list[Board]:
    """Boards from text in any supported format (``fmt`` or detected).

    ``only`` (a board number) lets PBN skip validating the other boards of a session.
    """
    fmt = fmt or detect_format(text)
    if fmt == "pbn":
        return parse_pbn(text, only)
    if fmt == "lin":
        return parse_lin(text)
    if fmt == "json":
        try:
            data = load_json(text)
        except JSONInputError as error:
            raise RecordError(
                error.problem, where=f"JSON line {error.line}" if error.line else "JSON"
            ) from None
        items = (
            data
            if isinstance(data, list)
            else [data.get("board", data)]
            if isinstance(data, dict)
            else None
        )
        if not items:
            raise RecordError("JSON must be a board object or a list of boards")
        return [Board.from_json(item) for item in items]
    if fmt == "text":
        return parse_text(text)
    raise RecordError(f"unknown format {fmt!r} (use pbn, lin, json or text)")


def read_boards(path: Path, only: int | None = None) -> list[Board]:
    """Read a record file; the extension decides the format (.pbn .lin .json .txt)."""
    try:
        raw = path.read_bytes()
    except OSError as error:
        raise RecordError(f"cannot read the file: {error.strerror}", where=str(path)) from None
    text = (
        raw.decode("utf-8", errors="replace")
        if not raw.startswith(b"\xff\xfe")
        else raw.decode("utf-16")
    )
    fmt = {".pbn": "pbn", ".lin": "lin", ".json": "json", ".txt": "text"}.get(path.suffix.lower())
    try:
        return parse_record(text, fmt, only)
    except RecordError as error:
        raise error.located(path.name) from None
