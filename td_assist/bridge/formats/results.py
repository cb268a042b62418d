"""One entry point for a results file of any format the readers take.

USEBIO XML, PBN with score tables (or one game per table result), Bridgemate
``.bws``, ACBLscore game files, JFR Pary's board pages and KoPS's pair pages (HTML), and
travellers or pick-up slips typed as text. Anything else gets an error that names the
file and says what to export instead.
"""

from __future__ import annotations

from pathlib import Path

from td_assist.bridge.errors import RecordError
from td_assist.bridge.formats.acblscore import looks_like_acblscore, read_acblscore
from td_assist.bridge.formats.bws import looks_like_access, read_bws
from td_assist.bridge.formats.html_rows import decode_page
from td_assist.bridge.formats.jfr_html import looks_like_jfr_board_page, read_jfr_html
from td_assist.bridge.formats.kops_html import looks_like_kops_page, read_kops_html
from td_assist.bridge.formats.pbn_results import has_results, read_pbn_results
from td_assist.bridge.formats.traveller_text import (
    looks_like_traveller_text,
    read_traveller_text,
)
from td_assist.bridge.formats.usebio import looks_like_usebio, read_usebio
from td_assist.bridge.results import MAX_RESULTS_FILE, SessionResults
from td_assist.i18n import _

RESULTS_SUFFIXES = (".xml", ".bws", ".pbn", ".aca", ".ace", ".acm", ".html", ".htm", ".txt")


def _export_instead() -> str:
    return _("export USEBIO XML, a PBN with score tables or the Bridgemate .bws instead")


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
    if looks_like_access(raw) or looks_like_acblscore(raw):
        return True
    text = decode_text(raw[:MAX_RESULTS_FILE])
    return (
        looks_like_usebio(text)
        or "[ScoreTable " in text
        or (_is_web_page(text) and (looks_like_jfr_board_page(text) or looks_like_kops_page(text)))
        or looks_like_traveller_text(text)
    )


def _is_web_page(text: str) -> bool:
    head = text.lstrip()[:4000].lower()
    return "<html" in head or "<!doctype html" in head


def read_results(raw: bytes, source: str) -> SessionResults:
    """The session's results from a file's bytes; ``source`` names it in messages."""
    if len(raw) > MAX_RESULTS_FILE:
        raise RecordError(
            _("the file is larger than {size} MB").format(size=MAX_RESULTS_FILE // 1_000_000),
            source,
        )
    if looks_like_access(raw):
        return read_bws(raw, source)
    if looks_like_acblscore(raw):
        return read_acblscore(raw, source)
    if raw[3:6] == b"AC3":
        raise RecordError(
            _("this looks like an ACBLscore file but not a game file: {advice}").format(
                advice=_export_instead()
            ),
            source,
        )
    text = decode_text(raw)
    if looks_like_usebio(text):
        return read_usebio(text, source)
    if _is_web_page(text):
        page = decode_page(raw)
        if looks_like_kops_page(page):
            return read_kops_html(page, source)
        if looks_like_jfr_board_page(page):
            return read_jfr_html(page, source)
        raise RecordError(
            _(
                "this web page is neither a JFR Pary board page nor a KoPS pair page: {advice}"
            ).format(advice=_export_instead()),
            source,
        )
    if has_results(text):
        return read_pbn_results(text, source)
    if Path(source).suffix.lower() == ".pbn":
        raise RecordError(_("the PBN has no score table and no table results"), source)
    if looks_like_traveller_text(text):
        return read_traveller_text(text, source)
    raise RecordError(
        _("the file is not a results file td-assist reads: {advice}").format(
            advice=_export_instead()
        ),
        source,
    )
