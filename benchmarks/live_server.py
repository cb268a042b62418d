"""The real server for the benchmarks: ``td-assist serve`` (waitress, td-assist's limits)
on 127.0.0.1 with a throw-away user folder, and what can be read about its process
(resident memory, CPU time) on Linux. Loopback only."""

from __future__ import annotations

import contextlib
import http.client
import json
import os
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

HOST = "127.0.0.1"
# A board tapped in on the phone (Law 64 revoke of worked case 01), for the wizard page.
TAPPED_BOARD = {
    "number": 1,
    "hands": {
        "N": ["SA", "SK", "SQ", "S2", "H5", "H4", "H3", "D4", "D3", "D2", "C4", "C3", "C2"],
        "E": ["S5", "S4", "S3", "HA", "HK", "HQ", "H2", "D7", "D6", "D5", "C7", "C6", "C5"],
        "S": ["S8", "S7", "S6", "H8", "H7", "H6", "DA", "DK", "DQ", "D8", "CA", "CK", "CQ"],
        "W": ["SJ", "ST", "S9", "HJ", "HT", "H9", "DJ", "DT", "D9", "CJ", "CT", "C9", "C8"],
    },
    "auction": ["1S", "P", "4S", "P", "P", "P"],
    "play": ["HA", "H6", "H9", "H3", "HK", "H7", "HT", "H4", "D5", "DA", "D9", "D2"],
}


class Cookies:
    """The cookies one client was given, sent back with its next requests, as a phone's
    browser does: without them every wizard page made and signed a new session (about a
    tenth of its cost) that no phone in a room would ask for twice.

    >>> jar = Cookies()
    >>> jar.keep(["session=abc; HttpOnly; Path=/"])
    >>> jar.headers({"Content-Type": "application/json"})["Cookie"]
    'session=abc'
    """

    def __init__(self) -> None:
        self._values: dict[str, str] = {}

    def keep(self, set_cookie: list[str]) -> None:
        for header in set_cookie:
            name, _, value = header.split(";", 1)[0].partition("=")
            if name.strip():
                self._values[name.strip()] = value.strip()

    def keep_from(self, response: http.client.HTTPResponse) -> None:
        self.keep(response.headers.get_all("Set-Cookie") or [])

    def headers(self, base: dict[str, str] | None = None) -> dict[str, str]:
        found = dict(base or {})
        if self._values:
            found["Cookie"] = "; ".join(f"{k}={v}" for k, v in self._values.items())
        return found


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind((HOST, 0))
        return int(sock.getsockname()[1])


@dataclass
class Server:
    process: subprocess.Popen[bytes]
    port: int
    home: Path

    def rss_kib(self) -> int | None:
        """Resident memory from /proc (Linux); None elsewhere."""
        try:
            for line in Path(f"/proc/{self.process.pid}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
        except OSError:
            return None
        return None

    def cpu_seconds(self) -> float | None:
        """User + system CPU time of the whole process (all its threads), Linux only."""
        try:
            fields = Path(f"/proc/{self.process.pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            return None
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def connection(self) -> http.client.HTTPConnection:
        return http.client.HTTPConnection(HOST, self.port, timeout=30)

    def get(self, path: str) -> bytes:
        connection = self.connection()
        try:
            connection.request("GET", path)
            response = connection.getresponse()
            body = response.read()
            if response.status != 200:
                raise SystemExit(f"GET {path} answered {response.status}")
            return body
        finally:
            connection.close()

    def post_json(self, path: str, data: object) -> dict[str, object]:
        connection = self.connection()
        try:
            body = json.dumps(data).encode()
            connection.request("POST", path, body, {"Content-Type": "application/json"})
            response = connection.getresponse()
            answer = json.loads(response.read())
            if response.status >= 400:
                raise SystemExit(f"POST {path} answered {response.status}: {answer}")
            return dict(answer)
        finally:
            connection.close()

    def tapped_board(self) -> str:
        """Saves a tapped-in board; its id, for the wizard's page /rule/revoke/<id>."""
        return str(self.post_json("/api/boards", TAPPED_BOARD)["id"])


def _wait_until_up(server: Server) -> None:
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        if server.process.poll() is not None:
            raise SystemExit("the server stopped while starting")
        try:
            connection = server.connection()
            connection.request("GET", "/healthz")
            response = connection.getresponse()
            # measured from the moment the warm-up (web/warm.py) is done, as in a room
            if response.status == 200 and json.loads(response.read()).get("warm"):
                return
            time.sleep(0.2)
        except OSError:
            time.sleep(0.2)
    raise SystemExit("the server did not start within 2 minutes")


@contextlib.contextmanager
def running_server() -> Iterator[Server]:
    """``td-assist serve`` on a free loopback port; its log lines are counted at the end."""
    port = free_port()
    with tempfile.TemporaryDirectory() as folder:
        home = Path(folder)
        environment = {**os.environ, "TD_ASSIST_HOME": str(home)}
        command = [sys.executable, "-m", "td_assist", "serve", "--port", str(port)]
        with open(home / "server.log", "wb") as log:
            process = subprocess.Popen(command, env=environment, stdout=log, stderr=log)
            server = Server(process, port, home)
            try:
                _wait_until_up(server)
                yield server
            finally:
                process.terminate()
                try:
                    process.wait(timeout=10)
                except subprocess.TimeoutExpired:
                    process.kill()
        lines = (home / "server.log").read_text(errors="replace").splitlines()
        queued = sum("queue depth" in line for line in lines)  # waitress: all threads busy
        others = [line for line in lines if line.strip() and "queue depth" not in line]
        print(f"server log: {queued} 'task queue depth' notes, {len(others)} other lines")
        for line in others[:5]:
            print(f"  {line[:160]}")
