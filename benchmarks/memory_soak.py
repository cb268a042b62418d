"""The server's resident memory under a long mixed load (issue 29): must stay flat.

Starts ``td-assist serve`` (see live_server.py) and sends, from 8 keep-alive client
threads, a mix of law pages, searches (every fourth one a made-up word never sent
before, so the stemmer and speller see ever new words), case and practice pages, the
log, a wizard page and a ruling POST, printing the server's resident memory (RSS)
at each checkpoint. Target: from 20,000 to 100,000 requests RSS grows by at most 10%.
Linux only (/proc), loopback only, a bounded number of requests.

    python benchmarks/memory_soak.py [--requests 100000] [--every 10000]
"""

from __future__ import annotations

import argparse
import http.client
import itertools
import string
import sys
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.live_server import running_server
from benchmarks.load import ruling_body

CASE = "revoke/01-defender-ruffs-two-tricks"
THREADS = 8


def requests(board_id: str) -> itertools.cycle[tuple[str, str, bytes | None]]:
    """An endless mix; the made-up search words are fed in separately (all distinct)."""
    fixed: list[tuple[str, str, bytes | None]] = []
    for law in range(1, 94):
        fixed.append(("GET", f"/laws/{law}", None))
        fixed.append(("GET", "/search?q=dummy+revoked", None) if law % 2 else
                     ("GET", "/api/search?q=lead+out+of+turn", None))  # fmt: skip
        if law % 4 == 0:
            fixed.append(("GET", f"/cases/{CASE}", None))
            fixed.append(("GET", f"/practice/run?c={CASE}", None))
        if law % 6 == 0:
            fixed.append(("GET", "/rulings", None))
            fixed.append(("GET", f"/rule/revoke/{board_id}?a=declarer_tricks:9", None))
            fixed.append(("POST", "/api/rulings/revoke", ruling_body()))
    return itertools.cycle(fixed)


def new_words() -> itertools.chain[str]:
    letters = string.ascii_lowercase
    return ("zx" + "".join(tail) for tail in itertools.product(letters, repeat=5))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=100_000)
    parser.add_argument("--every", type=int, default=10_000, help="checkpoint interval")
    args = parser.parse_args()
    with running_server() as server:
        mix = requests(server.tapped_board())
        words = new_words()
        lock = threading.Lock()
        sent = [0]
        errors = [0]
        checkpoints: list[tuple[int, float, int | None]] = []
        start = time.perf_counter()

        def next_request() -> tuple[str, str, bytes | None] | None:
            with lock:
                if sent[0] >= args.requests:
                    return None
                sent[0] += 1
                if sent[0] % args.every == 0:
                    mark = (sent[0], time.perf_counter() - start, server.rss_kib())
                    checkpoints.append(mark)
                    rss_mb = (mark[2] or 0) / 1024
                    print(f"{mark[0]:>9,} {mark[1]:>8.0f} {rss_mb:>7.1f}", flush=True)
                if sent[0] % 4 == 0:
                    return ("GET", f"/api/search?q={next(words)}", None)
                return next(mix)

        def client() -> None:
            connection = server.connection()
            while (request := next_request()) is not None:
                method, path, body = request
                headers = {"Content-Type": "application/json"} if body else {}
                try:
                    connection.request(method, path, body=body, headers=headers)
                    response = connection.getresponse()
                    response.read()
                    ok = response.status in (200, 302)  # a law number jumps to its page
                except (OSError, http.client.HTTPException):
                    ok = False
                    connection.close()
                    connection = server.connection()
                if not ok:
                    with lock:
                        errors[0] += 1
            connection.close()

        first = server.rss_kib()
        print(f"td-assist serve on 127.0.0.1:{server.port}, {THREADS} clients, "
              f"{args.requests:,} mixed requests (a quarter new made-up search words)")  # fmt: skip
        print(f"{'requests':>9} {'seconds':>8} {'RSS MB':>7}")
        print(f"{0:>9} {0:>8} {(first or 0) / 1024:>7.1f}")
        threads = [threading.Thread(target=client) for _ in range(THREADS)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        if sent[0] % args.every:
            checkpoints.append((sent[0], time.perf_counter() - start, server.rss_kib()))
            count, seconds, rss = checkpoints[-1]
            print(f"{count:>9,} {seconds:>8.0f} {(rss or 0) / 1024:>7.1f}")
        print(f"errors: {errors[0]} (answers other than 200 or 302, dropped connections)")
        marks = {count: rss for count, _, rss in checkpoints if rss}
        base = marks.get(20_000)
        if base:
            top = max(rss for count, rss in marks.items() if count >= 20_000)
            print(f"growth from 20,000 requests to the end: {(top - base) / base:+.1%}")


if __name__ == "__main__":
    main()
