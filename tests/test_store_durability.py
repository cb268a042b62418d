"""Nothing lost: kill the server (kill -9) while several phones record rulings at once,
then every ruling it acknowledged is in the log. Bounded in time, loopback only."""

from __future__ import annotations

import http.client
import json
import os
import re
import secrets
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path
from urllib.parse import urlencode

import pytest

from td_assist.store import Store

CASE = """board 1
deal N:AKQ2.543.432.432 543.AKQ2.765.765 876.876.AKQ8.AKQ JT9.JT9.JT9.JT98
auction 1S P 4S P P P
play HA H6 H9 H3 / HK H7 HT H4 / D5 DA D9 D2 / CA C8 C2 C5 / DK S9 D3 D6 / CJ C3 C6 CK
claim 9
"""
WRITERS = 4
WRITE_SECONDS = 3.0


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class Phone:
    """One client with its own session cookie, as a phone on the club network."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.cookie = ""

    def request(self, method: str, path: str, form: dict[str, str] | None = None):
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=10)
        headers = {"Cookie": self.cookie} if self.cookie else {}
        body = None
        if form is not None:
            body = urlencode(form)
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        try:
            connection.request(method, path, body=body, headers=headers)
            response = connection.getresponse()
            text = response.read().decode("utf-8", "replace")
        finally:
            connection.close()
        cookie = response.getheader("Set-Cookie")
        if cookie:
            self.cookie = cookie.split(";", 1)[0]
        return response.status, response.getheader("Location") or "", text

    def csrf(self) -> str:
        _status, _location, page = self.request("GET", "/boards/new")
        return re.search(r'name="csrf_token" value="([^"]+)"', page).group(1)


@pytest.mark.skipif(os.name != "posix", reason="kill -9 is POSIX")
def test_every_acknowledged_ruling_survives_kill_9_during_concurrent_writes(tmp_path: Path):
    port = _free_port()
    env = dict(os.environ, TD_ASSIST_HOME=str(tmp_path))
    server = subprocess.Popen(
        [sys.executable, "-m", "td_assist", "serve", "--port", str(port)],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                Phone(port).request("GET", "/healthz")
                break
            except OSError:
                assert time.monotonic() < deadline and server.poll() is None, "server did not start"
                time.sleep(0.2)
        first = Phone(port)
        status, location, _ = first.request(
            "POST", "/boards", {"text": CASE, "csrf_token": first.csrf()}
        )
        assert status == 303
        board_id = location.rsplit("/", 1)[-1]
        answers = json.dumps({"attention": "in_time", "equity": "skip"})
        acknowledged: list[str] = []
        lock = threading.Lock()
        stop = threading.Event()

        def write() -> None:
            phone = Phone(port)
            try:
                token = phone.csrf()
            except (OSError, http.client.HTTPException):
                return
            while not stop.is_set():
                form = {
                    "csrf_token": token,
                    "answers": answers,
                    "request_key": secrets.token_urlsafe(16),
                    "table": "3",
                }
                try:
                    status, location, _ = phone.request(
                        "POST", f"/rule/revoke/{board_id}/record", form
                    )
                except (OSError, http.client.HTTPException):
                    return  # the server is gone: this write was never acknowledged
                if status == 303:
                    with lock:
                        acknowledged.append(location.rsplit("/", 1)[-1])

        writers = [threading.Thread(target=write) for _ in range(WRITERS)]
        for thread in writers:
            thread.start()
        time.sleep(WRITE_SECONDS)
        server.send_signal(signal.SIGKILL)  # mid-write, no clean shutdown
        server.wait(timeout=10)
        stop.set()
        for thread in writers:
            thread.join(timeout=15)
    finally:
        if server.poll() is None:
            server.kill()
            server.wait(timeout=10)
    assert len(acknowledged) >= 5, "too few writes to show anything"
    store = Store(tmp_path / "td-assist.sqlite3")
    found = {entry.id for entry in store.entries(limit=1_000_000)}
    missing = [ruling_id for ruling_id in acknowledged if ruling_id not in found]
    print(
        f"\nkill -9 during concurrent writes: {len(acknowledged)} acknowledged, "
        f"{len(acknowledged) - len(missing)} found"
    )
    assert not missing
    assert all(store.ruling(ruling_id).table == "3" for ruling_id in acknowledged[:5])
