"""The printable ruling report: one page per ruling, with its board, auction, play and
the path of questions that led to it.

The web app serves it at ``/rulings/export.html`` and ``td-assist log export --format
html`` writes it to a file; both render it here, through a template environment of its
own, so the command line needs neither Flask nor the web package. The report's
templates are the web pages' templates (``report.html`` includes the board and path
pieces the ruling page shows), read from the same folder.
"""

from __future__ import annotations

from functools import cached_property, lru_cache
from pathlib import Path

from jinja2 import Environment, FileSystemLoader, select_autoescape

from td_assist.bridge.board import Board
from td_assist.bridge.display import contract_text, vulnerability_text
from td_assist.i18n import _, current_language, ngettext
from td_assist.kept import Kept, Same
from td_assist.lawbook.model import display_anchor
from td_assist.lawbook.render import law_url
from td_assist.reports import board_views
from td_assist.ruling_log import score_after_text
from td_assist.rulings.engine.model import Ruling
from td_assist.store import LogEntry, Store

TEMPLATES = Path(__file__).resolve().parent.parent / "web" / "templates"
STYLESHEETS = ("app.css", "session.css")


def law_links(anchors: list[str]) -> list[tuple[str, str]]:
    """(shown label, address) of each law a ruling cites."""
    return [(display_anchor(a), law_url(a)) for a in anchors]


def summary(board: Board, ruling: Ruling, diagram: bool = True) -> dict[str, object]:
    """What the board pieces of a ruling's page show: hands, auction, tricks, and the
    tricks and calls the ruling marks. Without ``diagram`` (a wizard's question page,
    which shows the auction but no diagram), not the hands and tricks."""
    views = _board_views(board)
    shown: dict[str, object] = {"auction": views.auction}
    if diagram:
        shown.update(hands=views.hands, tricks=views.tricks)
    return {
        **shown,
        "marked_tricks": set(ruling.marked_tricks),
        "marked_calls": set(ruling.marked_calls),
    }


class BoardViews:
    """The hands, auction and tricks of one board in the reader's language, each worked
    out when first read: a question page reads only the auction."""

    def __init__(self, board: Board) -> None:
        self.board = board

    @cached_property
    def hands(self) -> list[board_views.HandView]:
        return board_views.hands(self.board)

    @cached_property
    def auction(self) -> list[list[str]]:
        return board_views.auction_rows(self.board)

    @cached_property
    def tricks(self) -> list[board_views.TrickView]:
        return board_views.tricks(self.board)


VIEWS_KEPT = 128  # boards on the wizard pages in use, in each language
_views_kept: Kept[tuple[Same, str], BoardViews] = Kept(VIEWS_KEPT)


def _board_views(board: Board) -> BoardViews:
    """The views of ``board`` in the reader's language, kept (issue 29): a wizard
    page's board is the stored one, read once (web/boards.py), and a Board is frozen.
    Kept under the board's identity, so the key cannot pass to another board while it
    is kept; the views are only read by the templates."""
    key = (Same(board), current_language())
    kept = _views_kept.get(key)
    if kept is None:
        kept = BoardViews(board)
        _views_kept.put(key, kept)
    return kept


def report_pages(store: Store, entries: list[LogEntry]) -> list[dict[str, object]]:
    """One page's worth per ruling whose board is still kept."""
    pages: list[dict[str, object]] = []
    for entry in entries:
        saved_ruling = store.ruling(entry.id)
        data = store.board(entry.board_id[:40]) if entry.board_id else None
        if saved_ruling is None or data is None:
            continue
        board = Board.model_validate(data)
        ruling = Ruling.model_validate(saved_ruling.ruling)
        pages.append(
            {"entry": saved_ruling, "board": board, "ruling": ruling, **summary(board, ruling)}
        )
    return pages


@lru_cache(maxsize=1)
def _environment() -> Environment:
    # The same escaping as the web pages (Flask escapes every .html template).
    environment = Environment(
        loader=FileSystemLoader(TEMPLATES),
        autoescape=select_autoescape(["html"]),
        extensions=["jinja2.ext.i18n"],
    )
    # The reader's language, as on the pages (td_assist.i18n follows --lang or the request).
    environment.install_gettext_callables(_, ngettext, newstyle=True)  # type: ignore[attr-defined]
    environment.filters["contract"] = contract_text
    environment.globals["vulnerability_text"] = vulnerability_text
    return environment


def render_report(
    pages: list[dict[str, object]],
    stylesheet_urls: list[str] | None = None,
    inline_css: str | None = None,
) -> str:
    """The report's HTML: linking ``stylesheet_urls`` (served pages), or with
    ``inline_css`` in the page itself (a file that prints without the server)."""
    return (
        _environment()
        .get_template("report.html")
        .render(
            pages=pages,
            law_links=law_links,
            score_after_text=score_after_text,
            stylesheet_urls=stylesheet_urls or [],
            inline_css=inline_css,
            report_language=current_language(),
        )
    )


def stylesheets_inline(static_folder: Path) -> str:
    """The report's stylesheets as one text, to put in a file that stands alone."""
    return "\n".join(
        (static_folder / "css" / name).read_text(encoding="utf-8") for name in STYLESHEETS
    )
