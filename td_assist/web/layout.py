"""The parts of every page's layout (base.html) that are the same on every visit: the
menu's links and the law panel with the footer. They are rendered once per language,
laptop-or-phone and address root, and kept (issue 29): a dozen translated words and
links looked up on every request cost about a millisecond a page."""

from __future__ import annotations

import threading
from typing import Any

from flask import Flask, current_app, render_template
from markupsafe import Markup

from td_assist.web.page_cache import KINDS_KEPT, page_kind

PARTS = {"links": "_layout_links.html", "end": "_layout_end.html"}


class KeptLayout:
    """What base.html reads as ``layout.links`` and ``layout.end``: each part made on
    first use for this request's kind of page and kept in the app."""

    def __getattr__(self, part: str) -> Markup:
        if part not in PARTS:
            raise AttributeError(part)
        kept: dict[tuple[str, ...], Markup] = current_app.extensions["td_layout"]
        key = (part, *page_kind())
        found = kept.get(key)
        if found is None:
            found = Markup(render_template(PARTS[part]))  # escaped by its own template
            with _LOCK:
                if len(kept) >= KINDS_KEPT * len(PARTS):
                    kept.clear()
                kept[key] = found
        return found


_LOCK = threading.Lock()


def install(app: Flask) -> None:
    app.extensions["td_layout"] = {}

    @app.context_processor
    def _layout() -> dict[str, Any]:
        return {"layout": KeptLayout()}
