"""The real server (waitress, as `td-assist serve` runs it) on loopback: slow clients,
large uploads and waitress's own error answers (issue 11, items 11 and 12).

Every test talks to 127.0.0.1 only and is bounded in time by socket timeouts.
"""

import http.client
import json
import socket
import sys
import threading
import time

import pytest

from td_assist.web import create_app
from td_assist.web.server import SERVER_LIMITS, admits, make_server

HOST = "127.0.0.1"


@pytest.fixture
def running(tmp_path):
    """Start the app with td-assist's limits; yields a function making more servers."""
    started = []

    def start(**overrides):
        app = create_app({"STORE_PATH": str(tmp_path / "log.sqlite3"), "SECRET_KEY": "k"})
        server = make_server(app, HOST, 0, **overrides)
        threading.Thread(target=server.run, daemon=True).start()
        started.append(server)
        return server.effective_port

    yield start
    for server in started:
        server.close()
        server.task_dispatcher.shutdown(timeout=2)


def get(port, path="/healthz", timeout=5.0):
    connection = http.client.HTTPConnection(HOST, port, timeout=timeout)
    try:
        connection.request("GET", path)
        response = connection.getresponse()
        return response.status, response.read()
    finally:
        connection.close()


def slow_client(port):
    """A connection that starts a request and never finishes its headers."""
    sock = socket.create_connection((HOST, port), timeout=5)
    sock.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
    return sock


def test_limits_are_set_deliberately():
    assert (
        SERVER_LIMITS["max_request_body_size"]
        == create_app({"TESTING": True}).config["MAX_CONTENT_LENGTH"]
    )
    assert SERVER_LIMITS["connection_limit"] > 150  # waitress's 100 shut a room out
    assert SERVER_LIMITS["channel_timeout"] <= 30  # waitress's 120 s kept slow clients


def test_150_slow_clients_do_not_shut_the_room_out(running):
    port = running()
    slow = [slow_client(port) for _ in range(150)]
    try:
        started = time.monotonic()
        # A cheap page, so the bound measures waiting for a connection slot, not drawing
        # speed on a busy machine; a shut-out room would wait for the 10 s header deadline.
        results = [get(port, "/healthz") for _ in range(10)]
        assert all(status == 200 for status, _ in results)
        assert time.monotonic() - started < 8
    finally:
        for sock in slow:
            sock.close()


def test_a_slow_client_is_dropped_after_the_idle_time(running):
    port = running(channel_timeout=1, cleanup_interval=1)
    sock = slow_client(port)
    sock.settimeout(8)
    started = time.monotonic()
    try:
        assert sock.recv(100) == b""  # closed by the server, not by the timeout
    finally:
        sock.close()
    assert time.monotonic() - started < 8


def trickle(sock, data: bytes, every: float, seconds: float) -> float:
    """Send ``data`` a byte at a time; how long until the server closed the connection
    (``seconds`` if it never did)."""
    started = time.monotonic()
    sock.settimeout(every)
    for byte in data:
        if time.monotonic() - started > seconds:
            break
        try:
            sock.send(bytes([byte]))
            if sock.recv(100) == b"":
                return time.monotonic() - started
        except TimeoutError:
            continue
        except OSError:
            return time.monotonic() - started
    return seconds


def test_a_client_trickling_its_headers_is_dropped_at_the_deadline(running):
    """One byte every 0.2 s is never idle, so only the header deadline drops it."""
    port = running(header_seconds=1, cleanup_interval=1)
    sock = socket.create_connection((HOST, port), timeout=5)
    try:
        held = trickle(sock, b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: " + b"a" * 200, 0.2, 8)
    finally:
        sock.close()
    assert held < 5


def test_a_client_trickling_its_body_is_dropped_at_the_deadline(running):
    port = running(request_seconds=1, cleanup_interval=1)
    sock = socket.create_connection((HOST, port), timeout=5)
    try:
        sock.sendall(
            b"POST /api/boards/check HTTP/1.1\r\nHost: 127.0.0.1\r\n"
            b"Content-Type: application/json\r\nContent-Length: 500\r\n\r\n"
        )
        held = trickle(sock, b" " * 500, 0.2, 8)
    finally:
        sock.close()
    assert held < 5


def test_300_slow_clients_are_held_while_the_room_is_served(running):
    port = running()
    slow = [slow_client(port) for _ in range(320)]
    try:
        for _ in range(10):
            started = time.monotonic()
            status, _body = get(port, "/healthz", timeout=5)
            assert status == 200 and time.monotonic() - started < 2
    finally:
        for sock in slow:
            sock.close()


def read_until_closed(sock: socket.socket) -> bytes:
    """The whole answer: the head and the body may come in separate packets."""
    chunks = []
    while chunk := sock.recv(4096):
        chunks.append(chunk)
    return b"".join(chunks)


def test_an_oversized_body_on_the_api_is_refused_as_json(running):
    port = running()
    sock = socket.create_connection((HOST, port), timeout=5)
    try:
        sock.sendall(
            b"POST /api/boards HTTP/1.1\r\nHost: 127.0.0.1\r\n"
            b"Content-Type: application/json\r\nContent-Length: 50000000\r\n\r\n{"
        )
        answer = read_until_closed(sock).decode("latin-1")
    finally:
        sock.close()
    head, _, body = answer.partition("\r\n\r\n")
    assert head.startswith("HTTP/1.1 413") and "Content-Type: application/json" in head
    assert "2 MB" in json.loads(body)["error"]
    assert "X-Content-Type-Options: nosniff" in head


def test_a_50_mb_upload_is_refused_before_it_is_read(running):
    port = running()
    sock = socket.create_connection((HOST, port), timeout=5)
    try:
        sock.sendall(
            b"POST /boards HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: text/plain\r\n"
            b"Content-Length: 50000000\r\n\r\n" + b"x" * 10_000
        )
        answer = sock.recv(4096).decode("latin-1")
    finally:
        sock.close()
    assert answer.startswith("HTTP/1.1 413")
    # waitress's own error answers carry the same security headers as the app's
    assert "X-Content-Type-Options: nosniff" in answer
    assert "Content-Security-Policy: default-src 'self'" in answer


def test_waitress_bad_request_answers_carry_the_security_headers(running):
    port = running()
    sock = socket.create_connection((HOST, port), timeout=5)
    try:
        sock.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: x\r\n\r\n")
        answer = sock.recv(4096).decode("latin-1")
    finally:
        sock.close()
    assert answer.startswith("HTTP/1.1 400") and "X-Content-Type-Options: nosniff" in answer


def test_one_device_cannot_take_every_connection():
    lan_device = "192.168.1.40"
    assert admits(lan_device, iter([lan_device] * 31), per_address=32)
    assert not admits(lan_device, iter([lan_device] * 32 + ["192.168.1.41"]), per_address=32)
    assert admits("192.168.1.41", iter([lan_device] * 200), per_address=32)
    assert admits(HOST, iter([HOST] * 200), per_address=32)  # the laptop itself


def test_the_per_address_cap_is_applied_to_real_connections(running, monkeypatch):
    import td_assist.web.server as server

    # Loopback is exempt in use; here it stands in for a tablet, so the exemption is off.
    monkeypatch.setattr(server.ipaddress, "ip_address", lambda _text: _Lan())
    port = running(connections_per_address=3)
    slow = [slow_client(port) for _ in range(3)]
    try:
        time.sleep(0.3)
        extra = socket.create_connection((HOST, port), timeout=5)
        extra.sendall(b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        try:
            assert extra.recv(100) == b""  # refused: closed without an answer
        except ConnectionResetError:
            pass
        finally:
            extra.close()
    finally:
        for sock in slow:
            sock.close()
    time.sleep(0.3)
    assert get(port)[0] == 200  # once they are gone, the device is served again


class _Lan:
    is_loopback = False


def test_serving_does_not_print_a_line_per_waiting_request(monkeypatch):
    import logging

    import td_assist.web.server as server

    class Idle:
        def run(self):
            return None

    monkeypatch.setattr(server, "make_server", lambda *args, **kwargs: Idle())
    monkeypatch.setattr(server, "warm_in_background", lambda app: None)
    queue_log = logging.getLogger("waitress.queue")
    monkeypatch.setattr(queue_log, "level", logging.NOTSET)
    turns = sys.getswitchinterval()
    try:
        server.serve(object(), HOST, 0)
    finally:
        sys.setswitchinterval(turns)  # serve shortens them for the whole process
    assert not queue_log.isEnabledFor(logging.WARNING)


def _big_answer_server(**overrides):
    """A bare WSGI app writing 2 MB in 32 pieces, under td-assist's server settings."""
    piece = b"x" * 65536

    def app(environ, start_response):
        start_response("200 OK", [("Content-Type", "text/plain"), ("Content-Length", str(2 << 20))])
        return iter([piece] * 32)

    server = make_server(app, HOST, 0, **overrides)
    # a small send buffer (each connection inherits it): one send never takes it all
    server.socket.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, 8192)
    threading.Thread(target=server.run, daemon=True).start()
    return server


@pytest.mark.parametrize("watermark", [16 * 1024 * 1024, 128 * 1024])
def test_an_answer_larger_than_the_socket_reaches_a_slow_reader(watermark):
    # The loop leaves sending to the answering thread while it works (GuardedChannel.
    # writable); when that thread waits for the loop (output over the high watermark)
    # or the reader is too slow for one send, the loop must still send the rest.
    server = _big_answer_server(outbuf_high_watermark=watermark)
    try:
        sock = socket.create_connection((HOST, server.effective_port), timeout=10)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        sock.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        time.sleep(0.3)  # the reader is away: the server's sends fill the socket
        received = b""
        while b"\r\n\r\n" not in received or len(received.split(b"\r\n\r\n", 1)[1]) < 2 << 20:
            chunk = sock.recv(65536)
            if not chunk:
                break
            received += chunk
        sock.close()
        assert len(received.split(b"\r\n\r\n", 1)[1]) == 2 << 20
    finally:
        server.close()
        server.task_dispatcher.shutdown(timeout=2)
