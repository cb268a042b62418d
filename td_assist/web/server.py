"""Serving the app with waitress, with limits chosen for a club room rather than left
at waitress's defaults (100 connections, 2-minute idle time, 1 GiB request bodies).

A room is a few dozen phones and tablets, each keeping a handful of connections open.
Connections that never finish their headers hold a connection slot and nothing else
(waitress reads headers without a thread), so the defence against them is: enough
slots, a short idle time after which waitress drops them, a cap per address so one
device cannot take every slot, and deadlines for a request to arrive: a client that
sends one byte a second is never idle, so the idle time alone never drops it.
``benchmarks/slow_clients.py`` measures what the room keeps while slow clients trickle.
"""

from __future__ import annotations

import ipaddress
import json
import logging
import sys
import time
from collections.abc import Callable, Iterator
from typing import Any

from waitress.channel import HTTPChannel
from waitress.server import BaseWSGIServer, create_server
from waitress.task import ErrorTask, WSGITask

from td_assist.recheck import SERVE_SECONDS, reuse_for
from td_assist.web import MAX_UPLOAD, TOO_LARGE_FOR_API
from td_assist.web.dispatcher import one_at_a_time
from td_assist.web.security import SECURITY_HEADERS
from td_assist.web.warm import warm_in_background

CONNECTIONS_PER_ADDRESS = 32  # a browser opens about six to one host
HEADER_SECONDS = 10  # from a request's first byte to the end of its headers
REQUEST_SECONDS = 60  # ... to the end of its body (2 MB at 35 kB/s)

SERVER_LIMITS: dict[str, Any] = {
    # One answers at a time; the others stand in when it is stuck (dispatcher.py).
    "threads": 8,
    # Slots for every device in the room with room to spare for slow clients; stays
    # under the 512 sockets select() can watch on Windows.
    "connection_limit": 480,
    # An idle connection (a finished keep-alive, or headers that stopped coming) is
    # closed after this many seconds; checked every cleanup_interval.
    "channel_timeout": 20,
    "cleanup_interval": 2,
    "max_request_body_size": MAX_UPLOAD,  # the app's own limit, refused before reading
    "max_request_header_size": 64 * 1024,
    "ident": "td-assist",
    "expose_tracebacks": False,
    "asyncore_use_poll": sys.platform != "win32",  # select() stops at descriptor 1024
}


class HeaderedErrorTask(ErrorTask):
    """Waitress's own error answers (400, 413, 500...) carry our security headers, and
    on the JSON API they are JSON like the API's own errors."""

    def execute(self) -> None:
        self.response_headers.extend(SECURITY_HEADERS.items())
        self.response_headers.append(("Cache-Control", "no-store"))
        if not str(getattr(self.request, "path", "") or "").startswith("/api/"):
            super().execute()
            return
        error = self.request.error
        message = TOO_LARGE_FOR_API if error.code == 413 else f"{error.reason}: {error.body}"
        body = json.dumps({"error": message}).encode()
        self.status = f"{error.code} {error.reason}"
        self.response_headers.append(("Content-Type", "application/json"))
        self.set_close_on_finish()
        self.content_length = len(body)
        self.write(body)


def admits(address: str, open_from: Iterator[str], per_address: int) -> bool:
    """Whether a new connection from ``address`` may be served, given the addresses of
    the connections already open. This laptop itself is never capped."""
    try:
        if ipaddress.ip_address(address).is_loopback:
            return True
    except ValueError:
        return True  # a Unix socket or an address we cannot read: not a LAN device
    count = 0
    for other in open_from:
        count += other == address
        if count >= per_address:
            return False
    return True


class OneSendTask(WSGITask):  # type: ignore[misc]
    """Waitress sends an answer's header, then its body: two sends (system calls) and
    two packets for every page. The header is held back and goes out with the first
    bytes of the body, the same bytes in one send (issue 29)."""

    def write(self, data: bytes) -> None:
        if self.wrote_header or not data or not self.complete:
            super().write(data)
            return
        self.channel.hold_header = True
        try:
            super().write(data)
        finally:
            self.channel.send_held()  # the header alone, if no body bytes went with it


class GuardedChannel(HTTPChannel):  # type: ignore[misc]
    error_task_class = HeaderedErrorTask
    task_class = OneSendTask
    # Set by OneSendTask: the next write is a header, to be sent with the write after it.
    hold_header = False
    held = b""

    def write_soon(self, data: Any) -> int:
        if self.hold_header:
            self.hold_header = False
            self.held = data
            return len(data)
        if self.held:
            held, self.held = self.held, b""
            if isinstance(data, bytes):
                data = held + data
            else:  # not bytes we can join (a file): the header first, on its own
                super().write_soon(held)
        return int(super().write_soon(data))

    def send_held(self) -> None:
        self.hold_header = False
        if self.held:
            held, self.held = self.held, b""
            super().write_soon(held)

    def __init__(self, server: Any, sock: Any, addr: Any, adj: Any, map: Any = None) -> None:
        address = str(addr[0]) if isinstance(addr, tuple) and addr else ""
        per_address = getattr(server, "connections_per_address", CONNECTIONS_PER_ADDRESS)
        open_from = (
            str(channel.addr[0])
            for channel in list(server.active_channels.values())
            if isinstance(channel.addr, tuple) and channel.addr
        )
        if not admits(address, open_from, per_address):
            sock.close()  # never registered: waitress forgets it at once
            return
        self.request_started = time.monotonic()
        super().__init__(server, sock, addr, adj, map)

    def writable(self) -> bool:
        """Whether the server's loop should send this connection's output. While a
        request is being answered, the thread answering it sends what it writes
        (waitress's ``send_bytes`` is 1), so the loop only stepped in to find that
        thread holding the buffer: four idle wake-ups per page at 32 phones
        (benchmarks/load.py). It still sends once the answer is done, and whenever that
        thread waits for it (output over the high watermark)."""
        if self.will_close or self.close_when_flushed:
            return True
        pending = self.total_outbufs_len
        if not pending:
            return False
        # ">=": that thread waits while its output is over the mark, but waitress wakes
        # it only once the loop has sent it below (at exactly the mark both would wait)
        return not self.requests or pending >= self.adj.outbuf_high_watermark

    def received(self, data: bytes) -> bool:
        if self.request is None and data:
            self.request_started = time.monotonic()  # a new request's first byte
        return bool(super().received(data))


def close_overdue(server: Any) -> None:
    """Marks for closing every connection whose request is still arriving after its
    deadline, however steadily its bytes trickle in. Run with waitress's own sweep of
    idle connections (every ``cleanup_interval`` seconds), not on every turn of its
    loop: that turn asks each of a room's connections whether it is readable, and a
    clock read there cost ~3% of a busy server's time (benchmarks/load.py)."""
    moment = time.monotonic()
    for channel in list(server.active_channels.values()):
        partial = getattr(channel, "request", None)
        if partial is None or channel.will_close or not hasattr(channel, "request_started"):
            continue
        deadline = (
            getattr(server, "request_seconds", REQUEST_SECONDS)
            if partial.headers_finished
            else getattr(server, "header_seconds", HEADER_SECONDS)
        )
        if moment - channel.request_started > deadline:
            channel.will_close = True


def _loopback(host: str) -> bool:
    return host.startswith("127.") or host in ("::1", "localhost")


def make_server(
    app: Callable[..., Any],
    host: str,
    port: int,
    connections_per_address: int = CONNECTIONS_PER_ADDRESS,
    header_seconds: float = HEADER_SECONDS,
    request_seconds: float = REQUEST_SECONDS,
    **overrides: Any,
) -> Any:
    """A waitress server for ``app`` with td-assist's limits; ``run()`` serves.

    A ``host`` other than loopback or "everywhere" (``serve --lan --host 192.168.1.5``)
    is served on loopback too, so that the laptop itself still reaches its own pages
    (``/lan`` answers loopback only).
    """
    where: dict[str, Any] = {"host": host, "port": port}
    if host not in ("0.0.0.0", "::", "") and not _loopback(host):
        where = {"listen": f"127.0.0.1:{port} {host}:{port}"}
    settings = {**SERVER_LIMITS, **overrides}
    # one thread answers at a time, the others stand in when it is stuck (dispatcher.py)
    dispatcher = one_at_a_time(settings["threads"])
    server = create_server(app, **where, **settings, _dispatcher=dispatcher)
    listeners = (
        [server]
        if isinstance(server, BaseWSGIServer)
        else [s for s in server.map.values() if isinstance(s, BaseWSGIServer)]
    )
    for listener in listeners:
        listener.channel_class = GuardedChannel
        listener.connections_per_address = connections_per_address
        listener.header_seconds = header_seconds
        listener.request_seconds = request_seconds
        sweep = listener.maintenance

        def maintenance(now: float, listener: Any = listener, sweep: Any = sweep) -> None:
            sweep(now)
            close_overdue(listener)

        listener.maintenance = maintenance
    return server


# How long a thread may hold Python's interpreter lock while another waits for it:
# Python's own 5 ms. With eight threads answering at once it had to be 0.2 ms (each
# system call that let the lock go waited out a whole turn before it got it back); with
# one thread answering at a time (dispatcher.py) the only other thread is waitress's
# loop, and short turns only cost switches (load.py at 32 phones: 616 answers a second
# at 2 ms, 624 at 5 ms).
SWITCH_SECONDS = 0.005


def serve(app: Callable[..., Any], host: str, port: int) -> None:
    # Waitress notes "Task queue depth is N" on every request that waits for one of the
    # threads: with a busy room that is a line per request in the TD's window (and a
    # stall if that window's output is a pipe nobody reads). Waiting is normal here.
    logging.getLogger("waitress.queue").setLevel(logging.ERROR)
    sys.setswitchinterval(SWITCH_SECONDS)
    server = make_server(app, host, port)
    warm_in_background(app)
    previous = reuse_for(SERVE_SECONDS)
    try:
        server.run()
    finally:
        reuse_for(previous)
