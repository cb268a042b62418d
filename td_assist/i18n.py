"""Translation of the text a person reads: one place every module asks.

Call ``_()`` where a sentence is composed (inside functions, at run time), never at import
time, so the reader's language applies: ``_("{seat} must pass at his next turn").format(seat=...)``.
Keep the English sentence whole inside ``_()``, placeholders named, so a translator sees
the full sentence.

The reader's language comes, in this order, from: a ``use_language()`` block (the command
line's ``--lang``, a test), the web request (the language cookie, else the browser's
Accept-Language; see ``td_assist.web.language``), the ``TD_ASSIST_LANG`` environment
variable, else English. The catalogs are gettext files under ``td_assist/translations/``
(``<code>/LC_MESSAGES/messages.po``, compiled to ``.mo`` beside it); English is the source
text and needs none.

>>> _("Page not found")
'Page not found'
>>> with use_language("de"):
...     _("Page not found")
'Seite nicht gefunden'
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar, Token
from functools import lru_cache
from gettext import NullTranslations, translation
from pathlib import Path

# The languages td-assist speaks, by code, with each one's name in itself (for the
# switch). A third language is one more line here and one more catalog.
LANGUAGES: dict[str, str] = {"en": "English", "de": "Deutsch"}
DEFAULT_LANGUAGE = "en"
LANGUAGE_VARIABLE = "TD_ASSIST_LANG"
TRANSLATIONS_DIR = Path(__file__).resolve().parent / "translations"
DOMAIN = "messages"

_chosen: ContextVar[str | None] = ContextVar("td_assist_language", default=None)


def known_language(code: str | None) -> str | None:
    """``code`` as one of ``LANGUAGES`` ("de", "DE", "de-AT", "de_CH" -> "de"), or None.

    >>> known_language("de-AT"), known_language("fr"), known_language(None)
    ('de', None, None)
    """
    if not code:
        return None
    base = code.strip().replace("_", "-").split("-")[0].lower()
    return base if base in LANGUAGES else None


@contextmanager
def use_language(code: str) -> Iterator[str]:
    """Compose text in ``code`` inside the block (command line, tests, exports)."""
    language = known_language(code) or DEFAULT_LANGUAGE
    token = _chosen.set(language)
    try:
        yield language
    finally:
        _chosen.reset(token)


def enter_language(code: str) -> Token[str | None]:
    """Compose text in ``code`` until ``leave_language`` (a web request: chosen once,
    then read by every ``_()`` of the page without looking up the request each time)."""
    return _chosen.set(known_language(code) or DEFAULT_LANGUAGE)


def leave_language(token: Token[str | None]) -> None:
    """Undo ``enter_language``; a worker thread serves its next request as it was."""
    try:
        _chosen.reset(token)
    except ValueError:  # the token belongs to another context: forget the choice here
        _chosen.set(None)


def current_language() -> str:
    """The reader's language code (see the module's docstring for the order)."""
    chosen = _chosen.get()
    if chosen:
        return chosen
    from_request = _request_language()
    if from_request:
        return from_request
    return known_language(os.environ.get(LANGUAGE_VARIABLE)) or DEFAULT_LANGUAGE


def _request_language() -> str | None:
    # Imported here: the command line must not load Flask to print a ruling.
    import sys

    if "flask" not in sys.modules:
        return None
    from flask import g, has_request_context

    if not has_request_context():
        return None
    language = g.get("td_language")
    return language if isinstance(language, str) else None


@lru_cache(maxsize=16)  # one per language
def catalog(language: str) -> NullTranslations:
    """The compiled catalog of ``language`` (English, or a missing file: the source text)."""
    if language == DEFAULT_LANGUAGE:
        return NullTranslations()
    return translation(DOMAIN, str(TRANSLATIONS_DIR), [language], fallback=True)


def _(text: str) -> str:
    """The text in the reader's language (the English text where no translation exists)."""
    return catalog(current_language()).gettext(text)


def ngettext(singular: str, plural: str, count: int) -> str:
    """The singular or plural form of a sentence that depends on ``count``."""
    return catalog(current_language()).ngettext(singular, plural, count)


def N_(text: str) -> str:
    """Marks a text set at import time for the catalog; translate it where it is read,
    with ``_(text)`` (e.g. a wizard's ``placeholder_words``)."""
    return text
