"""The board diagram of a ruling page (_board.html: hands, auction, tricks), rendered once
per board, language and marked tricks and calls, and kept (issue 29).

It is a third of a ruling page's rendering and the same on every page of a walk on that
board. It is made only from the board, its views (ruling_report.summary, kept per board)
and the tricks and calls the ruling marks, so it is kept under those: the board and views
by identity (each held in the store, so its id cannot pass to another object while the
diagram is kept; a board is frozen and its views are only read), the marks by value.
A page whose board or views are new objects renders it anew, and so does an edited
_board.html that Jinja has loaded again.
"""

from __future__ import annotations

from collections.abc import Hashable

from flask import Flask
from jinja2 import pass_context
from jinja2.runtime import Context
from markupsafe import Markup

from td_assist.i18n import current_language
from td_assist.kept import Kept

DIAGRAMS_KEPT = 128  # boards on the wizard pages in use, in each language
PART = "_board.html"
READS = ("board", "hands", "auction", "tricks")  # by identity
MARKS = ("marked_tricks", "marked_calls")  # by value

_kept: Kept[tuple[Hashable, ...], tuple[tuple[object, ...], Markup]] = Kept(DIAGRAMS_KEPT)


@pass_context
def kept_diagram(context: Context) -> Markup:
    """``{% include "_board.html" %}`` for this page's board, from the store after its
    first use."""
    # The template too: one reloaded after an edit (TEMPLATES_AUTO_RELOAD) is a new one.
    template = context.environment.get_template(PART)
    things = (template, *(context.get(name) for name in READS))
    marks = tuple(frozenset(context.get(name) or ()) for name in MARKS)
    key = (*(id(thing) for thing in things), *marks, current_language())
    found = _kept.get(key)
    if found is not None and all(a is b for a, b in zip(found[0], things, strict=True)):
        return found[1]
    made = Markup(template.render(context.get_all()))
    _kept.put(key, (things, made))
    return made


def install(app: Flask) -> None:
    app.jinja_env.globals["kept_diagram"] = kept_diagram
