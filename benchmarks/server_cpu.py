"""Server CPU per request, beside a static file of the same bytes (issue 29).

Starts ``td-assist serve`` (see live_server.py), fetches each page once, writes its
exact bytes as a file under static/ and then asks, over one keep-alive connection,
alternately for the page and for that static file (sending back the cookies it was
given, as a phone's browser does), reading the server process's CPU
time (user + system, all threads) around each batch. Prints the CPU per request of
both and their ratio; the target is at most 3x. Linux only (/proc), loopback only.

The wizard rows are load.py's wizard page: the revoke wizard on a tapped-in board, its
first question and the ruling after one answer. The POST row is load.py's ruling POST
(/api/rulings/revoke on board 4 of tests/data/32-boards.pbn); its static copy is its
JSON answer, fetched with a GET. The server keeps a board it has read under its JSON, so
the "new" POST row sends a board never sent before each time, a deal of its own with
the same play shape (load.py's ``new_boards``), which the kept boards cannot answer.

The server keeps a search page once made (web/page_cache.py), so a question asked again
costs a look-up. The "new" search rows never ask the same address twice: they take the
TD questions of search_queries.toml in turn (not the law numbers, which redirect), each
with a number of its own added ("dummy revoked 1042"); a number of three or more digits
is no search word, so each request does the full search of its question, and the kept
pages never answer it. Their static copy is the first such page. Before measuring, each
"new" row asks every question once (with numbers of their own): the first meeting of a
word (its spelling checked, its stems and German reading worked out) is paid once per
word in the server's life, and without this the row measured first paid it for both
(the page row was 3.8x and the API row after it 3.1x, the API alone 3.3x). So the rows
measure a question never asked whose words the server has met, as an evening's
searches mostly are.

    python benchmarks/server_cpu.py [--requests 300] [--rounds 5] [--only wizard]
"""

from __future__ import annotations

import argparse
import itertools
import shutil
import sys
import tomllib
from collections.abc import Callable
from pathlib import Path
from urllib.parse import quote_plus

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.live_server import Cookies, Server, running_server
from benchmarks.load import new_boards, ruling_body
from td_assist.paths import content_dir

CASE = "revoke/01-defender-ruffs-two-tricks"
PAGES = {
    "law page /laws/64": "/laws/64",
    "case page": f"/cases/{CASE}",
    "practice page": f"/practice/run?c={CASE}",
    "the log /rulings": "/rulings",
    "search page": "/search?q=dummy+revoked",
    "search API": "/api/search?q=dummy+revoked",
    "search page, new": "/search?q={new}",
    "search API, new": "/api/search?q={new}",
    "wizard, 1st step": "/rule/revoke/{board}",
    "wizard, ruling": "/rule/revoke/{board}?a=declarer_tricks:9",
}
POSTS = {"ruling POST": "/api/rulings/revoke", "ruling POST, new": "/api/rulings/revoke"}
QUERIES = Path(__file__).resolve().parent / "search_queries.toml"


def never_asked() -> tuple[Callable[[str], str], int]:
    """``path`` with ``{new}`` filled by a question never asked before in this run, and
    how many questions the cycle holds."""
    with QUERIES.open("rb") as stream:
        questions = [q["q"] for q in tomllib.load(stream)["query"] if q["kind"] != "number"]
    numbers = itertools.count(1000)
    asked = itertools.cycle(questions)
    fill = lambda path: path.format(new=quote_plus(f"{next(asked)} {next(numbers)}"))  # noqa: E731
    return fill, len(questions)


def cpu_per_request(
    server: Server,
    path: str,
    requests: int,
    fill: Callable[[str], str] = str,
    body: Callable[[], bytes] | None = None,
) -> float:
    """CPU per request of ``path``: a GET, or a JSON POST of what ``body`` gives."""
    connection = server.connection()
    method = "GET" if body is None else "POST"
    headers = {} if body is None else {"Content-Type": "application/json"}
    cookies = Cookies()
    before = server.cpu_seconds()
    for _ in range(requests):
        sent = cookies.headers(headers)
        connection.request(method, fill(path), body=body and body(), headers=sent)
        response = connection.getresponse()
        response.read()
        cookies.keep_from(response)
        if response.status != 200:
            raise SystemExit(f"{method} {path} answered {response.status}")
    after = server.cpu_seconds()
    connection.close()
    if before is None or after is None:
        raise SystemExit("the server's CPU time is not readable here (needs Linux /proc)")
    return (after - before) / requests


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=300, help="per batch")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--only", default="", help="only the rows whose label has this text")
    args = parser.parse_args()
    copies = content_dir("static") / "_cpu_benchmark"
    copies.mkdir(exist_ok=True)
    try:
        with running_server() as server:
            print(f"td-assist serve on 127.0.0.1:{server.port}; {args.rounds} rounds of "
                  f"{args.requests} requests per page and per static copy, one client")  # fmt: skip
            print(f"{'page':<20} {'bytes':>7} {'page ms':>8} {'static ms':>9} {'ratio':>6}")
            fill, questions = never_asked()
            board = server.tapped_board()
            posted = ruling_body()
            again: Callable[[], bytes] = lambda: posted  # noqa: E731
            rows = [(label, path.replace("{board}", board), None) for label, path in PAGES.items()]
            rows += [
                (label, path, new_boards(posted) if "new" in label else again)
                for label, path in POSTS.items()
            ]
            rows = [row for row in rows if args.only in row[0]]
            for number, (label, path, sent) in enumerate(rows):
                if sent is None:
                    body = server.get(fill(path))
                else:
                    connection = server.connection()
                    connection.request(
                        "POST", path, body=sent(), headers={"Content-Type": "application/json"}
                    )
                    body = connection.getresponse().read()
                    connection.close()
                (copies / f"{number}.html").write_bytes(body)
                static = f"/static/_cpu_benchmark/{number}.html"
                if server.get(static) != body:
                    raise SystemExit("the static copy does not serve the same bytes")
                # warm: index, cases, templates; for a "new" search row every question's
                # words once (see the docstring)
                warm = questions if "{new}" in path else 20
                cpu_per_request(server, path, warm, fill, sent)
                page = copy = 0.0
                for _ in range(args.rounds):
                    page += cpu_per_request(server, path, args.requests, fill, sent)
                    copy += cpu_per_request(server, static, args.requests)
                page, copy = page / args.rounds, copy / args.rounds
                print(
                    f"{label:<20} {len(body):>7} {page * 1000:>8.2f} {copy * 1000:>9.2f} "
                    f"{page / max(copy, 1e-9):>6.1f}"
                )
    finally:
        shutil.rmtree(copies, ignore_errors=True)


if __name__ == "__main__":
    main()
