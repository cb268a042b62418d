"""The law pages: table of contents and one page per law, with the official text beside."""

from __future__ import annotations

from functools import lru_cache

from flask import Blueprint, abort, render_template, request
from flask.typing import ResponseReturnValue
from markupsafe import Markup

from td_assist.i18n import current_language
from td_assist.lawbook import LANGUAGES, Law, Lawbook, get_lawbook
from td_assist.lawbook.model import LAW_WORD
from td_assist.lawbook.official import load_official
from td_assist.lawbook.render import law_html
from td_assist.rulings.engine.registry import CitingStep, load_wizards, nodes_citing
from td_assist.web.page_cache import kept_page
from td_assist.web.training import cases_citing

laws = Blueprint("laws", __name__, url_prefix="/laws")


LANGUAGE_NAMES = {"en": "English", "de": "Deutsch"}  # each in its own language
# Shown on a page asked for in a language whose file for that law is not written yet.
FALLBACK_NOTES = {
    "de": "Diese Seite gibt es noch nicht auf Deutsch; hier steht der englische Text.",
}
# Shown on a translated law page whose "In practice" notes exist only in English so far.
COMMENTARY_NOTES = {
    "de": "Die Praxis-Hinweise zu dieser Regel gibt es bisher nur auf Englisch.",
}


def reader_language() -> str:
    """The lawbook's language for this page: ``?lang=de`` (the "other language" link),
    else the reader's language (the switch's cookie, Accept-Language; td_assist.i18n),
    else English."""
    asked = request.args.get("lang", "")[:10].lower().split("-")[0].split("_")[0]
    if asked in LANGUAGES:
        return asked
    reader = current_language()
    return reader if reader in LANGUAGES else "en"


@lru_cache(maxsize=128)
def _law_body(book: Lawbook, key: int | str, official_stamp: str) -> Markup:
    """Rendered once per law for a given lawbook and official text: Markdown is slow."""
    law = book.law(key) if isinstance(key, int) else book.named[key]
    official = load_official(book.lang) if official_stamp else None
    return Markup(law_html(law, book, official.sections if official else None))


def _used_by(number: int, wizards: tuple[str, ...]) -> tuple[CitingStep, ...]:
    """The wizard steps citing Law ``number``, in the reader's language."""
    return _used_by_in(number, wizards, current_language())


@lru_cache(maxsize=512)  # per law and language, for the wizards registered
def _used_by_in(number: int, _wizards: tuple[str, ...], _language: str) -> tuple[CitingStep, ...]:
    # The language is part of the key: the steps' texts and titles are the reader's.
    return tuple(nodes_citing(number))


@laws.get("/")
def contents() -> ResponseReturnValue:
    english = get_lawbook()
    asked = reader_language()
    book = english
    if asked != "en":
        translated = get_lawbook(lang=asked)
        if all(translated.has_law(law.number) for law in english.laws):
            book = translated  # a half-written contents page would mix the languages
    other = "en" if asked != "en" else next(lang for lang in LANGUAGES if lang != "en")
    return render_template(
        "laws_contents.html",
        chapters=book.chapters(),
        book=book,
        lang_query="" if asked == "en" else f"?lang={asked}",
        other_lang=other,
        other_lang_name=LANGUAGE_NAMES[other],
    )


def _in_language(book: Lawbook, page: str) -> Law | None:
    if page.isascii() and page.isdigit() and 1 <= int(page) <= 93 and len(page) <= 2:
        return book.law(int(page)) if book.has_law(int(page)) else None
    return book.named.get(page)


@laws.get("/<page>")
def law_page(page: str) -> ResponseReturnValue:
    english = get_lawbook()
    law = _in_language(english, page)
    if law is None:
        abort(404)
    asked = reader_language()
    book, note = english, ""
    if asked != "en":
        translated = _in_language(get_lawbook(lang=asked), page)
        if translated is not None:
            book, law = get_lawbook(lang=asked), translated
        else:
            note = FALLBACK_NOTES[asked]
    official = load_official(book.lang)
    body = _law_body(book, law.number or law.anchor, official.imported_at if official else "")
    english_law = _in_language(english, page)
    commentary_note = (
        COMMENTARY_NOTES.get(book.lang, "")
        if book.lang != "en" and not law.commentary and english_law and english_law.commentary
        else ""
    )
    # one tap to the other language: English from German, the reader's (or German) from English
    other = "en" if asked != "en" else next(lang for lang in LANGUAGES if lang != "en")
    wizards = tuple(load_wizards())
    cases = cases_citing(law.number) if law.number else []

    def render() -> str:  # once per law, language and lawbook while the server runs
        # The list of all laws and the laws citing this one in the page's language, when
        # that lawbook has every law (a half-written list would mix the languages).
        listed = book if all(book.has_law(item.number) for item in english.laws) else english
        previous, following = english.neighbours(law.number) if law.number else (None, None)
        return render_template(
            "law.html",
            law=law,
            body=body,
            law_word=LAW_WORD[book.lang],
            page_lang=book.lang,
            fallback_note=note,
            asked_lang=asked,
            commentary_note=commentary_note,
            lang_query="" if asked == "en" else f"?lang={asked}",
            other_lang=other,
            other_lang_name=LANGUAGE_NAMES[other],
            other_lang_url=f"/laws/{page}?lang={other}",
            previous=previous,
            following=following,
            chapters=listed.chapters(),
            cited_by=listed.citing(law.number) if law.number else [],
            used_by=_used_by(law.number, wizards) if law.number else [],
            cases=cases,
        )

    return kept_page(render, values=(wizards,), objects=(english, book, official, *cases))
