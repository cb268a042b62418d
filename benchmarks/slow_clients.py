"""Slow clients against the real server (issue 28): how many connections trickling one
byte a second the server holds while the room's normal requests keep their speed.

Starts td-assist's waitress server (its own limits, ``td_assist.web.server``) in a
child process on 127.0.0.1 with a throw-away user folder; the child reports how many
connections it holds twice a second. Then, for ``--seconds``:

- ``--slow`` clients each open a connection, start a request and send one more header
  byte every second, never finishing; when the server drops one it opens a new one
  (a determined attacker keeps the pressure on);
- ``--normal`` clients (threads, phones in the room) each send ``GET /healthz`` and
  ``GET /`` in turn on a new connection, ``--think`` seconds apart, with a 5 s
  timeout (a timeout counts as 5 s). The pages are warmed up first.

It prints the normal requests' p50/p99/max latency, failures, how many slow
connections the server held (lowest and highest over the run, after the start-up)
and how many it dropped. Loopback only; every socket has a timeout and the run stops
by itself after ``--seconds``.

    python benchmarks/slow_clients.py [--slow 400] [--normal 8] [--think 0.5] [--seconds 30]
"""

from __future__ import annotations

import argparse
import http.client
import os
import selectors
import socket
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

HOST = "127.0.0.1"
REQUEST_TIMEOUT = 5.0
SLOW_START = b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: "


def serve(port: int) -> None:
    """The child: td-assist's server, and a line with its open connections every 0.5 s."""
    from td_assist.web import create_app
    from td_assist.web.server import make_server

    app = create_app({"SECRET_KEY": "benchmark"})
    server = make_server(app, HOST, port)

    def report() -> None:
        while True:
            print(f"open {len(server.active_channels)}", flush=True)
            time.sleep(0.5)

    threading.Thread(target=report, daemon=True).start()
    server.run()


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind((HOST, 0))
        return int(sock.getsockname()[1])


def wait_until_up(port: int, child: subprocess.Popen[str]) -> None:
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        if child.poll() is not None:
            raise SystemExit("the server stopped while starting")
        try:
            connection = http.client.HTTPConnection(HOST, port, timeout=2)
            connection.request("GET", "/healthz")
            if connection.getresponse().status == 200:
                return
        except OSError:
            time.sleep(0.2)
    raise SystemExit("the server did not start within 2 minutes")


class SlowClients:
    """``count`` trickling connections, kept at that number until ``stop``."""

    def __init__(self, port: int, count: int) -> None:
        self.port = port
        self.count = count
        self.selector = selectors.DefaultSelector()
        self.dropped = 0
        self.stop = threading.Event()

    def _open(self) -> None:
        try:
            sock = socket.create_connection((HOST, self.port), timeout=2)
            sock.sendall(SLOW_START)
            sock.setblocking(False)
        except OSError:
            return
        self.selector.register(sock, selectors.EVENT_READ)

    def _drop(self, sock: socket.socket) -> None:
        self.selector.unregister(sock)
        sock.close()
        self.dropped += 1

    def run(self) -> None:
        next_byte = time.monotonic()
        while not self.stop.is_set():
            while len(self.selector.get_map()) < self.count and not self.stop.is_set():
                self._open()
            for key, _ in self.selector.select(timeout=0.2):
                sock = key.fileobj
                try:
                    data = sock.recv(4096)  # type: ignore[union-attr]
                except OSError:
                    data = b""
                if not data:  # the server closed it
                    self._drop(sock)  # type: ignore[arg-type]
            if time.monotonic() >= next_byte:
                next_byte += 1.0
                for key in list(self.selector.get_map().values()):
                    try:
                        key.fileobj.send(b"a")  # type: ignore[union-attr]
                    except OSError:
                        self._drop(key.fileobj)  # type: ignore[arg-type]
        for key in list(self.selector.get_map().values()):
            key.fileobj.close()  # type: ignore[union-attr]
        self.selector.close()


PATHS = ("/healthz", "/")  # light pages: this measures waiting, not drawing


def normal_client(
    port: int, until: float, think: float, latencies: list[float], failures: list[int]
) -> None:
    paths = PATHS
    turn = 0
    while time.monotonic() < until:
        if turn:
            time.sleep(think)
        path = paths[turn % len(paths)]
        turn += 1
        start = time.perf_counter()
        connection = http.client.HTTPConnection(HOST, port, timeout=REQUEST_TIMEOUT)
        try:
            connection.request("GET", path)
            response = connection.getresponse()
            response.read()
            ok = response.status == 200
        except (OSError, http.client.HTTPException):
            ok = False
        finally:
            connection.close()
        elapsed = time.perf_counter() - start
        latencies.append(elapsed if ok else max(elapsed, REQUEST_TIMEOUT))
        if not ok:
            failures.append(1)


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))] if ordered else 0.0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--slow", type=int, default=400)
    parser.add_argument("--normal", type=int, default=8)
    parser.add_argument("--think", type=float, default=0.5)
    parser.add_argument("--seconds", type=float, default=30)
    parser.add_argument("--serve", type=int, help=argparse.SUPPRESS)  # the child
    args = parser.parse_args()
    if args.serve:
        serve(args.serve)
        return
    if not 1 <= args.seconds <= 600 or not 0 <= args.slow <= 2000:
        raise SystemExit("--seconds 1-600 and --slow 0-2000 keep the run bounded")
    port = free_port()
    with tempfile.TemporaryDirectory() as home:
        environment = {**os.environ, "TD_ASSIST_HOME": home}
        command = [sys.executable, str(Path(__file__).resolve()), "--serve", str(port)]
        child = subprocess.Popen(
            command, env=environment, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True
        )
        open_counts: list[tuple[float, int]] = []

        def read_counts() -> None:
            assert child.stdout is not None
            for line in child.stdout:
                if line.startswith("open "):
                    open_counts.append((time.monotonic(), int(line.split()[1])))

        threading.Thread(target=read_counts, daemon=True).start()
        try:
            wait_until_up(port, child)
            warm: list[float] = []
            normal_client(port, time.monotonic() + 2, 0, warm, [])
            slow = SlowClients(port, args.slow)
            slow_thread = threading.Thread(target=slow.run)
            slow_thread.start()
            time.sleep(3)  # let the slow clients connect
            start = time.monotonic()
            until = start + args.seconds
            latencies: list[float] = []
            failures: list[int] = []
            threads = [
                threading.Thread(
                    target=normal_client, args=(port, until, args.think, latencies, failures)
                )
                for _ in range(args.normal)
            ]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join(timeout=args.seconds + 2 * REQUEST_TIMEOUT)
            slow.stop.set()
            slow_thread.join(timeout=10)
        finally:
            child.terminate()
            try:
                child.wait(timeout=10)
            except subprocess.TimeoutExpired:
                child.kill()
        held = [max(0, n - args.normal) for at, n in open_counts if start <= at <= until]
        p99 = percentile(latencies, 0.99)
        print(
            f"{args.slow} slow clients (one byte a second, reconnecting), "
            f"{args.normal} normal clients ({args.think:g} s apart), {args.seconds:g} s, "
            f"td-assist serve on {HOST}"
        )
        print(
            f"normal requests: {len(latencies)}, failed {len(failures)}, "
            f"p50 {percentile(latencies, 0.5) * 1000:.1f} ms, p99 {p99 * 1000:.1f} ms, "
            f"max {max(latencies, default=0) * 1000:.1f} ms"
        )
        median = percentile(held, 0.5)
        if held:
            print(
                f"slow connections held by the server (open connections less the normal "
                f"clients, every 0.5 s): median {median}, lowest {min(held)} (while dropped "
                f"ones reconnect), highest {max(held)}; dropped by its deadlines: {slow.dropped}"
            )
        passed = held and median >= 300 and p99 < 1.0 and not failures
        print(f"median held >= 300 while normal p99 < 1 s: {'yes' if passed else 'no'}")


if __name__ == "__main__":
    main()
