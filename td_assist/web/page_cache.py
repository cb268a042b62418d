"""Rendered pages kept while the server runs, for the pages that are the same on every
visit: a law page, a worked case, a practice step (issue 29). Rendering one costs
several times what serving a file of its size does, and a room of phones asks for the
same few dozen.

A page is kept under a key naming everything it is made from: the address with its
query, its kind (``page_kind``: the reader's language, whether it is asked for on the
laptop itself, the address root) and the objects the view renders (the lawbook, the
case, the imported official text...). Those objects are new when their files change
(the lawbook after ``reload_lawbook``, a case file saved again), so a changed source
gives a new key and never an old page. The store is bounded: the oldest page goes first.
"""

from __future__ import annotations

import ipaddress
from collections.abc import Callable, Hashable
from functools import lru_cache

from flask import current_app, request

from td_assist.i18n import current_language
from td_assist.kept import Kept, Same

PAGES_KEPT = 512  # every law in two languages, the cases and practice steps in use
# Search pages and answers: the questions a room of phones asks during an evening (the
# same few are asked again, live search asks each prefix once). Their own store, so a
# run of new questions never pushes the law pages out.
SEARCHES_KEPT = 256
LONGEST_ADDRESS_KEPT = 2000  # a practice set of ten cases with its answers fits easily


def from_this_laptop() -> bool:
    """Whether the request comes from the laptop itself (its pages link to /lan)."""
    return _is_loopback(request.remote_addr or "")


# Pages of one kind differ only in what a view fills in: the same layout and links
KINDS_KEPT = 16  # languages x laptop or phone x address roots: a handful in practice


def page_kind() -> tuple[str, bool, str]:
    """What every page's layout is made from beside its own content: the reader's
    language, whether it is asked for on the laptop (the "Phones" link) and the address
    root its links start with. Every kept page or part of one is kept per kind."""
    return current_language(), from_this_laptop(), request.script_root


@lru_cache(maxsize=256)  # the phones in the room; asked three times a page
def _is_loopback(address: str) -> bool:
    try:
        return ipaddress.ip_address(address).is_loopback
    except ValueError:
        return False


class PageCache:
    def __init__(self, limit: int = PAGES_KEPT) -> None:
        self._pages: Kept[Hashable, str] = Kept(limit)

    def __len__(self) -> int:
        return len(self._pages)

    def clear(self) -> None:
        self._pages.clear()

    def page(
        self,
        render: Callable[[], str],
        values: tuple[Hashable, ...] = (),
        objects: tuple[object, ...] = (),
    ) -> str:
        """The page for this request, rendered on first use: ``values`` (compared by
        value) and ``objects`` (by identity) are what the view renders it from."""
        if len(request.full_path) > LONGEST_ADDRESS_KEPT:
            return render()  # made-up query strings: a page each, never worth keeping
        key = (request.full_path, *page_kind(), *values, *(Same(thing) for thing in objects))
        found = self._pages.get(key)
        if found is not None:
            return found
        made = render()  # outside the store's lock: two threads may both render it once
        self._pages.put(key, made)
        return made


def kept_page(
    render: Callable[[], str],
    values: tuple[Hashable, ...] = (),
    objects: tuple[object, ...] = (),
    store: str = "td_pages",
    limit: int = PAGES_KEPT,
) -> str:
    """``PageCache.page`` in this app's own store of pages (one per app: a test's app
    with other settings never sees another app's pages); ``store`` names the store
    (the search pages have theirs, of ``SEARCHES_KEPT``)."""
    kept = current_app.extensions.get(store)
    if kept is None:
        kept = current_app.extensions.setdefault(store, PageCache(limit))
    return kept.page(render, values, objects)


# The wizard and ruling pages: their record form's CSRF token and request key are new on
# every visit, so a page is kept with these marks where they go and filled on each visit
# (letters only: escaping leaves them as they are).
TOKEN_MARK, KEY_MARK = "tdAssistCsrfTokenMark", "tdAssistRequestKeyMark"
WIZARD_PAGES_KEPT = 256  # the walks on tonight's boards, in each language


class _MarksMoved(Exception):
    """The page does not hold each mark as often as it asked for it (a mark typed into
    the address, a token used twice): it is rendered in full instead."""


def kept_with_fresh_tokens(
    template: str,
    render: Callable[[dict[str, Callable[[], str]]], str],
    values: tuple[Hashable, ...] = (),
    objects: tuple[object, ...] = (),
) -> str:
    """A wizard or ruling page kept as ``kept_page`` keeps a page (``values`` and
    ``objects`` name what it is made from beside its address and kind), its token and
    key new on each visit. ``render(overrides)`` renders ``template`` with ``overrides``
    in its context (``csrf_token``, ``new_request_key``). The template is one of the
    objects (one loaded again is a new one); while templates reload as they are edited
    (debugging), every page is rendered in full."""
    environment = current_app.jinja_env
    # the templates' own (security.py, ledger.py), which the marks stand in for
    csrf_token = environment.globals["csrf_token"]
    new_request_key = environment.globals["new_request_key"]
    real = {"csrf_token": csrf_token, "new_request_key": new_request_key}
    if environment.auto_reload:
        return render(real)
    objects = (*objects, environment.get_template(template))
    asked = {TOKEN_MARK: 0, KEY_MARK: 0}

    def marking(mark: str) -> Callable[[], str]:
        def mark_here() -> str:
            asked[mark] += 1
            return mark

        return mark_here

    def marked() -> str:
        page = render({"csrf_token": marking(TOKEN_MARK), "new_request_key": marking(KEY_MARK)})
        if any(page.count(mark) != times for mark, times in asked.items()):
            raise _MarksMoved
        return page

    try:
        page = kept_page(marked, values, objects, store="td_wizard_pages", limit=WIZARD_PAGES_KEPT)
    except _MarksMoved:
        return render(real)
    if TOKEN_MARK in page:
        page = page.replace(TOKEN_MARK, csrf_token())
    if KEY_MARK in page:
        first, *rest = page.split(KEY_MARK)
        page = first + "".join(new_request_key() + piece for piece in rest)
    return page
