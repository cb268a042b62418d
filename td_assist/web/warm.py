"""Warming the server up before the room needs it, then taking what it loaded out of
the garbage collector's sight.

The server keeps large tables for the whole session: the lawbooks, the search index and
its tables, the speller's word lists, the wizards' trees, the case library. Python's
full garbage collections walk every one of those objects each time (about 100 ms on
this app once warm), and a request that arrives meanwhile waits: that pause, not the
work of the request, was the slow 1% of answers under load. ``gc.freeze`` moves what
is alive now into a generation the collector never walks; reference counting still
frees whatever is later dropped. So the server loads what a session uses by asking
itself for one page of each kind in each language, then freezes.

It runs in a thread beside the server, so that the server answers at once (a first
run in a fresh user folder builds the search index, a few seconds).
"""

from __future__ import annotations

import gc
import logging
import threading

from flask import Flask

from td_assist.i18n import LANGUAGES

LOG = logging.getLogger(__name__)

# One page of each kind a session uses; a made-up word reaches the speller.
WARM_PAGES = (
    "/",
    "/laws/",
    "/laws/64",
    "/search?q=revoke+established",
    "/api/search?q=qzxvbnwk",
    "/cases/",
    "/practice/",
    "/rulings",
)


def warm_up(app: Flask) -> int:
    """Ask ``app`` for each warm page in each language, then freeze the heap; returns
    how many pages answered 200. A page that fails is skipped: the warm-up must never
    keep the server from serving (the same page will show its own error when asked)."""
    client = app.test_client()
    answered = 0
    from td_assist.rulings.engine.registry import load_wizards

    pages = [*WARM_PAGES, *(f"/wizards/{name}" for name in sorted(load_wizards()))]
    for language in LANGUAGES:
        for page in pages:
            try:
                response = client.get(
                    page, base_url="http://127.0.0.1/", headers={"Accept-Language": language}
                )
                answered += response.status_code == 200
                response.close()
            except Exception:  # best effort, see the docstring
                LOG.debug("warm-up: %s (%s) failed", page, language, exc_info=True)
    gc.collect()
    gc.freeze()
    app.config["WARMED_UP"] = True
    return answered


def _warm_quietly(app: Flask) -> None:
    try:
        warm_up(app)
    except Exception:  # a warm-up that cannot start: the server serves cold, silently
        LOG.debug("warm-up did not run", exc_info=True)


def warm_in_background(app: Flask) -> threading.Thread:
    """Start ``warm_up`` in a daemon thread (it never holds the server's exit, and never
    prints a traceback into the TD's window)."""
    thread = threading.Thread(
        target=_warm_quietly, args=(app,), name="td-assist-warm-up", daemon=True
    )
    thread.start()
    return thread
