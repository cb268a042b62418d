"""Load on the real server (issue 11): requests/s and latency at 1, 8 and 32 clients,
and the server's memory before and after the whole run.

Starts ``td-assist serve`` (waitress, td-assist's limits) on 127.0.0.1 with a
throw-away user folder, then sends a mixed load (search with the TDs' queries and
unknown words, law pages, the revoke ruling API) from threads using http.client with
keep-alive. Loopback only.

    python benchmarks/load.py [--requests 1000 3000 6000]

The request counts are per stage (1, 8, 32 clients); the default totals 10,000.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import socket
import subprocess
import sys
import tempfile
import threading
import time
import tomllib
from pathlib import Path

from td_assist.bridge.formats import read_boards
from td_assist.cli.rule import pick_board

HOST = "127.0.0.1"
ROOT = Path(__file__).resolve().parent.parent
RECORD = ROOT / "tests" / "data" / "32-boards.pbn"
STAGES = (1, 8, 32)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind((HOST, 0))
        return int(sock.getsockname()[1])


def rss_kib(pid: int) -> int | None:
    """Resident memory of the server from /proc (Linux); None elsewhere."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    except OSError:
        return None
    return None


def ruling_body() -> bytes:
    board = pick_board(read_boards(RECORD, only=4), 4)
    request = {"board": json.loads(board.model_dump_json()), "answers": {}}
    return json.dumps(request).encode()


def workload(seed: int) -> list[tuple[str, str, bytes | None]]:
    """A shuffled mix: 40% search, 40% law pages, 20% rulings."""
    queries = [
        q["q"]
        for q in tomllib.loads((ROOT / "benchmarks" / "search_queries.toml").read_text())["query"]
    ]
    body = ruling_body()
    rnd = random.Random(seed)
    mix: list[tuple[str, str, bytes | None]] = []
    for index in range(1000):
        kind = index % 10
        if kind < 3:
            from urllib.parse import quote

            mix.append(("GET", "/search?q=" + quote(rnd.choice(queries)), None))
        elif kind == 3:
            word = "".join(rnd.choice("abcdefghijklmnopqrstuvwxyz") for _ in range(8))
            mix.append(("GET", f"/api/search?q={word}", None))  # unknown words too
        elif kind < 8:
            mix.append(("GET", f"/laws/{rnd.randint(1, 93)}", None))
        else:
            mix.append(("POST", "/api/rulings/revoke", body))
    rnd.shuffle(mix)
    return mix


def run_stage(port: int, clients: int, total: int, seed: int) -> tuple[float, list[float], int]:
    """``total`` requests spread over ``clients`` threads: (seconds, latencies, errors)."""
    mix = workload(seed)
    latencies: list[float] = []
    errors = [0]
    lock = threading.Lock()
    counter = iter(range(total))

    def client() -> None:
        connection = http.client.HTTPConnection(HOST, port, timeout=30)
        mine: list[float] = []
        while True:
            with lock:
                index = next(counter, None)
            if index is None:
                break
            method, path, body = mix[index % len(mix)]
            headers = {"Content-Type": "application/json"} if body else {}
            start = time.perf_counter()
            try:
                connection.request(method, path, body=body, headers=headers)
                response = connection.getresponse()
                response.read()
                ok = response.status in (200, 302)
            except (OSError, http.client.HTTPException):
                ok = False
                connection.close()
                connection = http.client.HTTPConnection(HOST, port, timeout=30)
            mine.append(time.perf_counter() - start)
            if not ok:
                with lock:
                    errors[0] += 1
        connection.close()
        with lock:
            latencies.extend(mine)

    threads = [threading.Thread(target=client) for _ in range(clients)]
    start = time.perf_counter()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return time.perf_counter() - start, latencies, errors[0]


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def wait_until_up(port: int, server: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise SystemExit("the server stopped while starting")
        try:
            connection = http.client.HTTPConnection(HOST, port, timeout=2)
            connection.request("GET", "/healthz")
            if connection.getresponse().status == 200:
                return
        except OSError:
            time.sleep(0.2)
    raise SystemExit("the server did not start within 2 minutes")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, nargs=3, default=[1000, 3000, 6000])
    args = parser.parse_args()
    port = free_port()
    with tempfile.TemporaryDirectory() as home:
        environment = {**os.environ, "TD_ASSIST_HOME": home}
        command = [sys.executable, "-m", "td_assist", "serve", "--port", str(port)]
        log = open(Path(home) / "server.log", "wb")  # noqa: SIM115 - closed below
        server = subprocess.Popen(command, env=environment, stdout=log, stderr=log)
        try:
            wait_until_up(port, server)
            run_stage(port, 4, 300, seed=0)  # warm up: index, lawbook, trees, templates
            before = rss_kib(server.pid)
            print(
                f"td-assist serve on {HOST}:{port}, mixed load (search 40%, laws 40%, rulings 20%)"
            )
            print(f"{'clients':>7} {'requests':>8} {'req/s':>7} {'p50 ms':>7} {'p95 ms':>7} "
                  f"{'p99 ms':>7} {'errors':>6}")  # fmt: skip
            done = 0
            for clients, total in zip(STAGES, args.requests):
                seconds, latencies, errors = run_stage(port, clients, total, seed=clients)
                done += total
                print(
                    f"{clients:>7} {total:>8} {total / seconds:>7.0f} "
                    f"{percentile(latencies, 0.50) * 1000:>7.1f} "
                    f"{percentile(latencies, 0.95) * 1000:>7.1f} "
                    f"{percentile(latencies, 0.99) * 1000:>7.1f} {errors:>6}"
                )
            after = rss_kib(server.pid)
            if before is not None and after is not None:
                print(
                    f"server memory (RSS): {before / 1024:.1f} MB after warm-up, "
                    f"{after / 1024:.1f} MB after {done:,} more requests "
                    f"({(after - before) / 1024:+.1f} MB)"
                )
            else:
                print("server memory: not measurable on this system (needs /proc)")
        finally:
            server.terminate()
            try:
                server.wait(timeout=10)
            except subprocess.TimeoutExpired:
                server.kill()
            log.close()
            lines = (Path(home) / "server.log").read_text(errors="replace").splitlines()
            queued = sum("queue depth" in line for line in lines)  # waitress: all threads busy
            others = [line for line in lines if line.strip() and "queue depth" not in line]
            print(f"server log: {queued} 'task queue depth' notes, {len(others)} other lines")
            for line in others[:5]:
                print(f"  {line[:160]}")


if __name__ == "__main__":
    main()
