"""The server's warm-up (td_assist/web/warm.py): every kind of page answers before the
room arrives, and what it loaded is out of the garbage collector's walks."""

from __future__ import annotations

import gc
import sys

import pytest
from flask import Flask

from td_assist.i18n import LANGUAGES
from td_assist.web import create_app
from td_assist.web.warm import WARM_PAGES, warm_up


@pytest.fixture
def unfrozen():
    yield
    gc.unfreeze()


def test_warm_up_answers_every_page_in_every_language_and_freezes(unfrozen) -> None:
    app = create_app({"TESTING": True})
    assert app.test_client().get("/healthz").get_json()["warm"] is False
    gc.unfreeze()
    answered = warm_up(app)
    from td_assist.rulings.engine.registry import load_wizards

    assert answered == len(LANGUAGES) * (len(WARM_PAGES) + len(load_wizards()))
    assert gc.get_freeze_count() > 10_000  # the tables, not a handful of objects
    assert app.test_client().get("/healthz").get_json()["warm"] is True


def test_a_failing_page_does_not_stop_the_warm_up(unfrozen) -> None:
    app: Flask = create_app({"TESTING": True})

    @app.before_request
    def broken() -> None:
        raise RuntimeError("a page that fails")

    app.config["PROPAGATE_EXCEPTIONS"] = True  # the test client raises, as a bug would
    assert warm_up(app) == 0
    assert gc.get_freeze_count() > 0


def test_serve_warms_the_app_beside_the_server_and_shortens_thread_turns(monkeypatch) -> None:
    """``serve`` starts the warm-up and then serves at once (it does not wait for it)."""
    from td_assist.web import server as server_module

    events: list[str] = []

    class FakeServer:
        def run(self) -> None:
            events.append("run")

    monkeypatch.setattr(server_module, "make_server", lambda *a, **k: FakeServer())
    monkeypatch.setattr(server_module, "warm_in_background", lambda app: events.append("warm"))
    before = sys.getswitchinterval()
    try:
        sys.setswitchinterval(0.001)  # anything else
        server_module.serve(object(), "127.0.0.1", 0)  # type: ignore[arg-type]
        # one thread answers at a time (dispatcher.py): Python's own turns suit it
        assert sys.getswitchinterval() == pytest.approx(server_module.SWITCH_SECONDS)
    finally:
        sys.setswitchinterval(before)
    assert events == ["warm", "run"]


def test_a_warm_up_that_cannot_start_says_nothing(monkeypatch) -> None:
    import threading

    from td_assist.web.warm import warm_in_background

    raised: list[BaseException] = []
    monkeypatch.setattr(threading, "excepthook", lambda args: raised.append(args.exc_value))
    warm_in_background(object()).join(timeout=30)  # type: ignore[arg-type]
    assert raised == []
