"""One server thread answers at a time; another stands in when it is stuck (issue 29)."""

import http.client
import threading
import time

from td_assist.web import dispatcher as dispatcher_module
from td_assist.web.dispatcher import STUCK_SECONDS, OneAtATimeDispatcher
from td_assist.web.server import make_server

HOST = "127.0.0.1"


def _serve(app):
    server = make_server(app, HOST, 0)
    threading.Thread(target=server.run, daemon=True).start()
    return server


def _get(port: int, path: str) -> bytes:
    connection = http.client.HTTPConnection(HOST, port, timeout=30)
    try:
        connection.request("GET", path)
        return connection.getresponse().read()
    finally:
        connection.close()


def test_quick_requests_are_answered_one_at_a_time_in_turn(monkeypatch):
    # Each answer lets the interpreter lock go (a sleep, as a disk read does): with
    # waitress's own pool, the other threads came in and eight answers were under way.
    # (A busy test machine must not make a 4 ms answer look stuck.)
    monkeypatch.setattr(dispatcher_module, "STUCK_SECONDS", 30.0)
    lock = threading.Lock()
    inside = [0]
    most = [0]

    def app(environ, start_response):
        with lock:
            inside[0] += 1
            most[0] = max(most[0], inside[0])
        time.sleep(0.004)
        with lock:
            inside[0] -= 1
        start_response("200 OK", [("Content-Type", "text/plain")])
        return [b"ok"]

    server = _serve(app)
    try:
        port = server.effective_port
        clients = [
            threading.Thread(target=lambda: [_get(port, "/") for _ in range(5)]) for _ in range(12)
        ]
        for client in clients:
            client.start()
        for client in clients:
            client.join()
    finally:
        server.close()
    assert most[0] == 1


def test_a_stuck_request_does_not_hold_up_the_others():
    released = threading.Event()
    order: list[str] = []

    def app(environ, start_response):
        if environ["PATH_INFO"] == "/slow":
            released.wait(10)
        order.append(environ["PATH_INFO"])
        start_response("200 OK", [("Content-Type", "text/plain")])
        return [b"ok"]

    server = _serve(app)
    try:
        port = server.effective_port
        slow = threading.Thread(target=_get, args=(port, "/slow"))
        slow.start()
        time.sleep(0.05)  # the slow one is being answered
        started = time.monotonic()
        assert _get(port, "/quick") == b"ok"  # answered while /slow still waits
        waited = time.monotonic() - started
        released.set()
        slow.join()
    finally:
        released.set()
        server.close()
    assert order == ["/quick", "/slow"]
    assert waited < 5  # the stand-in came after STUCK_SECONDS, not after /slow


def test_only_a_request_older_than_the_stuck_time_lets_another_thread_in():
    dispatcher = OneAtATimeDispatcher()
    dispatcher.queue.append(object())
    now = time.monotonic()
    dispatcher.running = {0: now}
    wait = dispatcher._wait_for_turn()
    assert wait is not None and 0 < wait <= STUCK_SECONDS
    dispatcher.running = {0: now - 2 * STUCK_SECONDS}
    assert dispatcher._wait_for_turn() == 0.0
    dispatcher.queue.clear()
    assert dispatcher._wait_for_turn() == STUCK_SECONDS  # nothing queued: look again later


def test_a_request_queued_while_another_is_answered_wakes_no_thread():
    dispatcher = OneAtATimeDispatcher()
    woken: list[str] = []
    dispatcher.queue_cv.notify = lambda n=1: woken.append("notify")  # type: ignore[method-assign]
    dispatcher.running = {0: time.monotonic()}
    dispatcher.add_task(object())
    assert woken == []  # the answering thread takes it next
    assert dispatcher._wait_for_turn() > 0  # the others wait, and look again later
    dispatcher.running = {}
    dispatcher.add_task(object())
    assert woken == ["notify"]  # nobody answering: one thread is woken
