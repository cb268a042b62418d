"""The law pages: table of contents and one page per law, with the official text beside."""

from __future__ import annotations

from functools import lru_cache

from flask import Blueprint, abort, render_template
from flask.typing import ResponseReturnValue
from markupsafe import Markup

from td_assist.lawbook import Lawbook, get_lawbook
from td_assist.lawbook.official import load_official
from td_assist.lawbook.render import law_html
from td_assist.rulings.engine.registry import CitingStep, load_wizards, nodes_citing
from td_assist.web.training import cases_citing

laws = Blueprint("laws", __name__, url_prefix="/laws")


@lru_cache(maxsize=128)
def _law_body(book: Lawbook, key: int | str, official_stamp: str) -> Markup:
    """Rendered once per law for a given lawbook and official text: Markdown is slow."""
    law = book.law(key) if isinstance(key, int) else book.named[key]
    official = load_official() if official_stamp else None
    return Markup(law_html(law, book, official.sections if official else None))


@lru_cache(maxsize=256)  # per law, for the wizards registered (each tree is loaded once)
def _used_by(number: int, _wizards: tuple[str, ...]) -> tuple[CitingStep, ...]:
    return tuple(nodes_citing(number))


@laws.get("/")
def contents() -> ResponseReturnValue:
    book = get_lawbook()
    return render_template("laws_contents.html", chapters=book.chapters(), book=book)


@laws.get("/<page>")
def law_page(page: str) -> ResponseReturnValue:
    book = get_lawbook()
    if page.isascii() and page.isdigit() and 1 <= int(page) <= 93 and len(page) <= 2:
        law = book.law(int(page))
    elif page in book.named:
        law = book.named[page]
    else:
        abort(404)
    official = load_official()
    body = _law_body(book, law.number or law.anchor, official.imported_at if official else "")
    previous, following = book.neighbours(law.number) if law.number else (None, None)
    return render_template(
        "law.html",
        law=law,
        body=body,
        previous=previous,
        following=following,
        chapters=book.chapters(),
        cited_by=book.citing(law.number) if law.number else [],
        used_by=_used_by(law.number, tuple(load_wizards())) if law.number else [],
        cases=cases_citing(law.number) if law.number else [],
    )
