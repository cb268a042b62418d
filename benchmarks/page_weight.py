"""Page weights and load times from a real local server (issue 6 targets).

Starts `td-assist serve` on a free local port, then for each key page prints the bytes
transferred (the page plus the CSS and JS it loads) and the time to fetch them all,
first (cold server) and warm. Target: every page under 150 KB, first page usable in
under 300 ms from localhost.

    python benchmarks/page_weight.py
"""

from __future__ import annotations

import os
import re
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BOARD = """board 1
deal N:AKQ2.543.432.432 543.AKQ2.765.765 876.876.AKQ8.AKQ JT9.JT9.JT9.JT98
auction 1S P 4S P P P
play HA H6 H9 H3 / HK H7 HT H4 / D5 DA D9 D2 / CA C8 C2 C5 / DK S9 D3 D6 / CJ C3 C6 CK
claim 9
"""


def fetch(url: str, data: bytes | None = None, headers: dict | None = None) -> tuple[bytes, str]:
    request = urllib.request.Request(url, data=data, headers=headers or {})
    with urllib.request.urlopen(request, timeout=10) as response:
        return response.read(), response.geturl()


def page_with_assets(base: str, path: str) -> tuple[int, float]:
    start = time.perf_counter()
    body, _ = fetch(base + path)
    total = len(body)
    for asset in re.findall(rb'(?:href|src)="(/static/[^"]+)"', body):
        try:
            total += len(fetch(base + asset.decode())[0])
        except urllib.error.HTTPError as error:
            print(f"  missing asset {asset.decode()} on {path}: {error.code}")
    return total, (time.perf_counter() - start) * 1000


def main() -> None:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    home = tempfile.mkdtemp()
    started = time.perf_counter()
    server = subprocess.Popen(
        [sys.executable, "-m", "td_assist", "serve", "--port", str(port)],
        env=dict(os.environ, TD_ASSIST_HOME=home),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.STDOUT,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        while True:
            try:
                fetch(base + "/healthz")
                break
            except OSError:
                time.sleep(0.05)
        print(f"server up after {(time.perf_counter() - started) * 1000:.0f} ms")
        size, first = page_with_assets(base, "/")
        print(
            f"first page (home + assets), cold: {first:.0f} ms, {size / 1024:.1f} KB "
            f"(target < 300 ms)"
        )
        # A board, a wizard question and a ruling summary, through the real forms.
        opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor())
        form = opener.open(base + "/boards/new").read().decode()
        token = re.search(r'name="csrf_token" value="([^"]+)"', form).group(1)
        posted = opener.open(
            base + "/boards", urllib.parse.urlencode({"text": BOARD, "csrf_token": token}).encode()
        )
        board = posted.geturl().replace(base, "")
        board_id = board.rsplit("/", 1)[-1]
        pages = [
            "/",
            "/search?q=dummy+revoked",
            "/laws/",
            "/laws/64",
            "/laws/12",
            "/laws/definitions",
            "/boards/new",
            "/boards/tap",
            board,
            f"/rule/revoke/{board_id}",
            f"/rule/revoke/{board_id}?a=attention:in_time&a=equity:skip",
            "/wizards/revoke",
        ]
        print(f"\n{'page':<58}{'KB':>7}{'warm ms':>9}")
        for path in pages:
            size, _ = page_with_assets(base, path)
            times = [page_with_assets(base, path)[1] for _ in range(5)]
            flag = "" if size < 150 * 1024 else "  OVER 150 KB"
            print(f"{path[:57]:<58}{size / 1024:>7.1f}{statistics.median(times):>9.1f}{flag}")
    finally:
        server.terminate()
        server.wait(timeout=10)


if __name__ == "__main__":
    main()
