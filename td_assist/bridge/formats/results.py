"""One entry point for a results file of any format the readers take.

USEBIO XML, PBN with score tables (or one game per table result) and Bridgemate
``.bws``. Other results formats (ACBLscore game files, JFR/KoPS web pages, home-made
traveller text) get an error that names the format and says what to export instead.
"""

from __future__ import annotations

from pathlib import Path

from td_assist.bridge.errors import RecordError
from td_assist.bridge.formats.bws import looks_like_access, read_bws
from td_assist.bridge.formats.pbn_results import has_results, read_pbn_results
from td_assist.bridge.formats.usebio import looks_like_usebio, read_usebio
from td_assist.bridge.results import MAX_RESULTS_FILE, SessionResults

RESULTS_SUFFIXES = (".xml", ".bws", ".pbn")
_EXPORT_INSTEAD = "export USEBIO XML, a PBN with score tables or the Bridgemate .bws instead"


def decode_text(raw: bytes) -> str:
    """UTF-8 (with or without a byte-order mark), else Latin-1 as older scorers write."""
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        return raw.decode("latin-1")


def is_results_file(raw: bytes) -> bool:
    """Whether the bytes are plainly a results file: USEBIO, a Bridgemate database or a
    PBN with score tables. (A PBN with one game per table result reads as a hand
    record too; it is taken as results only when the TD gives it as results.)"""
    if looks_like_access(raw):
        return True
    text = decode_text(raw[:MAX_RESULTS_FILE])
    return looks_like_usebio(text) or "[ScoreTable " in text


def read_results(raw: bytes, source: str) -> SessionResults:
    """The session's results from a file's bytes; ``source`` names it in messages."""
    if len(raw) > MAX_RESULTS_FILE:
        raise RecordError(f"the file is larger than {MAX_RESULTS_FILE // 1_000_000} MB", source)
    if looks_like_access(raw):
        return read_bws(raw, source)
    if raw[:3] == b"\x00\x00\x00" or raw[3:6] == b"AC3":
        raise RecordError(
            f"this looks like an ACBLscore game file, which is not read: {_EXPORT_INSTEAD}", source
        )
    text = decode_text(raw)
    head = text[:4000].lower()
    if looks_like_usebio(text):
        return read_usebio(text, source)
    if "<html" in head or "<!doctype html" in head:
        raise RecordError(f"this is a web page, not a results file: {_EXPORT_INSTEAD}", source)
    if has_results(text):
        return read_pbn_results(text, source)
    if Path(source).suffix.lower() == ".pbn":
        raise RecordError("the PBN has no score table and no table results", source)
    raise RecordError(f"the file is not a results file td-assist reads: {_EXPORT_INSTEAD}", source)
