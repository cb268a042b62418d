"""An answer's header goes out with the first bytes of its body in one send (issue 29):
the same bytes as waitress alone sends, in one system call instead of two.

Every test talks to 127.0.0.1 only and is bounded in time by socket timeouts.
"""

from __future__ import annotations

import re
import socket
import threading

import pytest
from waitress.server import create_server

from td_assist.web import server as td_server

HOST = "127.0.0.1"
BODY = b"<p>" + b"x" * 3000 + b"</p>"


def app(environ, start_response):
    if environ["PATH_INFO"] == "/pieces":  # no length: waitress sends it chunked
        start_response("200 OK", [("Content-Type", "text/plain")])
        return iter([b"first piece", b"second piece"])
    if environ["PATH_INFO"] == "/unchanged":  # an answer with no body: what is written is not sent
        start_response("304 Not Modified", [("ETag", '"1"')])
        return [b"dropped"]
    start_response("200 OK", [("Content-Type", "text/html"), ("Content-Length", str(len(BODY)))])
    return [BODY]


@pytest.fixture
def servers():
    """td-assist's server and waitress's own, each serving ``app``; their ports."""
    ours = td_server.make_server(app, HOST, 0)
    plain = create_server(app, host=HOST, port=0, ident="td-assist")
    for server in (ours, plain):
        threading.Thread(target=server.run, daemon=True).start()
    yield ours.effective_port, plain.effective_port
    for server in (ours, plain):
        server.close()
        server.task_dispatcher.shutdown(timeout=2)


@pytest.fixture
def sends(monkeypatch):
    """The length of every send td-assist's server makes."""
    seen: list[int] = []
    real = td_server.GuardedChannel.send

    def counting(self, data, *args, **kwargs):
        seen.append(len(data))
        return real(self, data, *args, **kwargs)

    monkeypatch.setattr(td_server.GuardedChannel, "send", counting)
    return seen


def exchange(port: int, request: bytes) -> bytes:
    """Send ``request`` (it asks to close), read until the server closes; no Date line."""
    with socket.create_connection((HOST, port), timeout=5) as sock:
        sock.sendall(request)
        received = b""
        while chunk := sock.recv(65536):
            received += chunk
    return re.sub(rb"\r\nDate: [^\r]*", b"", received)


@pytest.mark.parametrize(
    "request_line",
    [
        b"GET / HTTP/1.1",
        b"HEAD / HTTP/1.1",
        b"GET /pieces HTTP/1.1",
        b"GET /unchanged HTTP/1.1",
        b"GET / HTTP/1.0",
    ],
)
def test_the_same_bytes_as_waitress_sends(servers, sends, request_line) -> None:
    ours, plain = servers
    request = request_line + b"\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"
    answer = exchange(ours, request)
    assert answer == exchange(plain, request)
    assert answer.startswith(b"HTTP/1.")


def test_a_page_goes_out_in_one_send(servers, sends) -> None:
    answer = exchange(servers[0], b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
    assert answer.endswith(BODY)
    assert len(sends) == 1 and sends[0] > len(BODY)  # the header and the body together


def test_a_header_with_no_body_still_goes_out(servers, sends) -> None:
    request = b"GET /unchanged HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"
    answer = exchange(servers[0], request)
    assert answer.startswith(b"HTTP/1.1 304 ") and answer.endswith(b"\r\n\r\n")
    assert len(sends) == 1
