"""Home page, search page and health check."""

from __future__ import annotations

import re
from collections.abc import Callable, Hashable, Sequence
from functools import lru_cache
from urllib.parse import quote_plus

from flask import Blueprint, current_app, jsonify, redirect, render_template, request
from flask.typing import ResponseReturnValue
from markupsafe import Markup, escape

from td_assist import __version__
from td_assist.i18n import LANGUAGES
from td_assist.lawbook.refs import normalise_reference
from td_assist.lawbook.render import law_url
from td_assist.rulings.engine.registry import load_wizards
from td_assist.search import Hit, Results, SearchEngine, clean_query, get_search
from td_assist.web.page_cache import KINDS_KEPT, SEARCHES_KEPT, kept_page, page_kind
from td_assist.web.urls import QUERY_SAFE

core = Blueprint("core", __name__)


@core.get("/")
def home() -> ResponseReturnValue:
    wizards = [(w.name, w.shown_title, w.shown_laws) for w in load_wizards().values()]
    return render_template("home.html", wizards=wizards)


def kept_search(render: Callable[[], str], engine: SearchEngine | None = None) -> str:
    """A search page or answer, made once per address, language and engine while the
    server runs (``page_cache``): the same question asked again costs a look-up."""
    engine = engine or get_search()
    return kept_page(render, objects=(engine,), store="td_searches", limit=SEARCHES_KEPT)


@core.get("/search")
def search_page() -> ResponseReturnValue:
    query = request.args.get("q", "")[:1000]
    text = clean_query(query)
    if text and normalise_reference(text) is None:  # words: the page is kept
        engine = get_search()
        return kept_search(lambda: _results_page(query, engine.search(query)), engine)
    results = get_search().search(query) if query.strip() else None
    if results is not None and results.jumped and not request.args.get("partial"):
        return redirect(results.hits[0].url)  # a law number goes straight to its section
    return _results_page(query, results)


def _results_page(query: str, results: Results | None) -> str:
    hits = hits_html(results.hits) if results else Markup()
    if request.args.get("partial"):  # live search: the results alone
        return render_template("_results.html", results=results, hits=hits)
    frame = _page_frame() if query else None
    if frame is None:
        return render_template("search.html", query=query, results=results, hits=hits)
    filled = {
        _QUESTION: str(escape(query)),
        _ADDRESS: str(escape(quote_plus(request.full_path.removesuffix("?"), safe=QUERY_SAFE))),
        _RESULTS: _results_html(results, hits),
    }
    return "".join([filled.get(piece, piece) for piece in frame])


# The results around their hits (_results.html): the same for every question showing the
# same parts (a note, a suggestion, hits or none) in one kind of page, so rendered once
# per kind and parts with these marks where the question's own texts go, then filled, as
# the page around them is: rendering it was most of what a new question's page cost
# beside the search itself (issue 29).
_NOTE, _SUGGESTION, _WORDS, _HITS = (
    "tdAssistNoteMark", "tdAssistSuggestionMark", "tdAssistWordsMark", "tdAssistHitsMark"
)  # fmt: skip
_RESULT_MARKS = re.compile(f"({_NOTE}|{_SUGGESTION}|{_WORDS}|{_HITS})")


class _MarkedResults:
    """Stands in for the results while their frame is rendered: each text a mark."""

    def __init__(self, results: Results) -> None:
        self.note = _NOTE if results.note else None
        self.suggestion = _SUGGESTION if results.suggestion else None
        self.query = _WORDS if results.query else ""
        self.hits = results.hits


def _results_html(results: Results | None, hits: Markup) -> str:
    """``_results.html`` rendered for these results, filled into its kept frame."""
    listed = current_app.jinja_env.get_template("_results.html")
    if results is None:
        return listed.render(results=results, hits=hits)
    parts = (bool(results.note), bool(results.suggestion), bool(results.query), bool(results.hits))
    note, suggestion, words, _any_hits = parts
    frame = _kept_frame(
        "td_results_frames",
        (page_kind(), parts),
        KINDS_KEPT * 16,
        lambda: listed.render(results=_MarkedResults(results), hits=_HITS),
        _RESULT_MARKS,
        {_NOTE: int(note), _SUGGESTION: 2 * suggestion, _WORDS: 2 * words, _HITS: 1},
    )
    if frame is None:  # another template: render it in full
        return listed.render(results=results, hits=hits)
    said = {_NOTE: results.note, _SUGGESTION: results.suggestion, _WORDS: results.query}
    out: list[str] = []
    for piece in frame:
        if piece == _HITS:
            out.append(str(hits))
        elif piece in said:
            text = said[piece] or ""
            # in an address ("...?q=" before it) the text is the query's value
            in_address = out[-1].endswith("q=") if out else False
            out.append(str(escape(quote_plus(text, safe=QUERY_SAFE) if in_address else text)))
        else:
            out.append(piece)
    return "".join(out)


# The search page around its question and results: the same for every question in one
# language, on the laptop or a phone, under one address root. Rendering it (the layout,
# the form, the language switch) cost a third of a new question's page (issue 29), so it
# is rendered once per kind of page (``page_kind``) with these marks where the question
# goes, then filled. A mark is letters only, so escaping and quoting leave it as it is.
_QUESTION, _ADDRESS, _RESULTS = "tdAssistQuestionMark", "tdAssistAddressMark", "tdAssistResultsMark"
_MARKS = re.compile(f"({_QUESTION}|{_ADDRESS}|{_RESULTS})")


def _page_frame() -> list[str] | None:
    """search.html in pieces, each mark a piece of its own; None when the page does not
    hold each mark where it is expected (another template: render it in full)."""
    return _kept_frame(
        "td_search_frames",
        page_kind(),
        KINDS_KEPT,
        lambda: render_template(
            "search.html", query=_QUESTION, page_address=_ADDRESS, results_html=Markup(_RESULTS)
        ),
        _MARKS,
        {_QUESTION: 2, _ADDRESS: len(LANGUAGES) - 1, _RESULTS: 1},
    )


def _kept_frame(
    store: str,
    key: Hashable,
    bound: int,
    render: Callable[[], str],
    marks: re.Pattern[str],
    expected: dict[str, int],
) -> list[str] | None:
    """A page or a part of one rendered once with ``marks`` where a question's own texts
    go, in pieces (each mark a piece of its own), kept per ``key`` in the app's ``store``
    (at most ``bound``: all go when it is full); None when the rendering does not hold
    each mark as often as ``expected`` (another template: render it in full)."""
    kept: dict[Hashable, list[str] | None] = current_app.extensions.setdefault(store, {})
    if key in kept:
        return kept[key]
    pieces = marks.split(render())
    frame = pieces if all(pieces.count(m) == n for m, n in expected.items()) else None
    if len(kept) >= bound:
        kept.clear()
    kept[key] = frame
    return frame


def hits_html(hits: Sequence[Hit]) -> Markup:
    """The items of the results list (``_results.html``): each hit's link, then its
    snippet (already HTML). Made here rather than in a template loop, which cost a
    third of a new search's page (issue 29); a section's link is made once and kept."""
    return Markup(
        "".join(
            f"\n    <li>{_hit_link(h.anchor, h.lang, h.display, h.title, h.heading)}"
            f'\n      <p class="snippet">{h.snippet}</p></li>\n  '
            for h in hits
        )
    )


@lru_cache(maxsize=4096)  # a section's link in each language: a few hundred of each
def _hit_link(anchor: str, lang: str, display: str, title: str, heading: str) -> Markup:
    """The hit's link: its citation and law title, and the heading it is under when
    that is not the law's own title."""
    under = (
        Markup(' <span class="section-heading">› {}</span>').format(heading)
        if heading and heading != title
        else ""
    )
    return Markup(
        '<a class="hit" href="{}"><span class="cite">{}</span> <span class="law-title">{}</span>'
        "{}</a>"
    ).format(law_url(anchor, lang), display, title, under)


@core.get("/healthz")
def healthz() -> ResponseReturnValue:
    # warm: the server has loaded what a session uses (td_assist/web/warm.py)
    warm = bool(current_app.config.get("WARMED_UP"))
    return jsonify(status="ok", version=__version__, warm=warm)
