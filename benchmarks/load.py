"""Load on the real server (issues 11 and 29): requests/s and latency per route.

Starts ``td-assist serve`` as a TD runs it (one process, waitress with td-assist's
limits, see live_server.py) on 127.0.0.1 with a throw-away user folder, then:

1. a mixed load at 1, 8 and 32 concurrent clients: law pages 40% (Laws 1-93), search
   30% (the TDs' benchmark queries on the results page, and one in three an unknown
   made-up word through the API, which reaches the speller), a wizard page 15% (the
   revoke wizard on a tapped-in board, one of its steps) and a ruling POST 15%
   (/api/rulings/revoke on board 4 of tests/data/32-boards.pbn);
2. each of those four routes alone at 32 clients, then two more alone: a wizard page and
   a ruling POST the server has never answered (NEW_ROUTES; the four above ask the same
   pages and board again, which the server keeps). Each of these is on a deal of its
   own, as a TD's next board is: the tapped-in board (a wizard page, tapped in just
   before, alternately its first question and the step after) or board 4 (a POST) with
   cards moved so that the play, the tricks' winners, the revoke and the ruling stay
   the same (``other_deals``); the boards are tapped in before the timing starts;
3. beside them, clearly apart: the mix at 32 clients that pause between requests, as
   the phones in a room do (``--think`` seconds on average, random; 0 leaves it out);
   each starts after a random pause of its own, not all 32 in the same instant.

For each it prints requests/s and p50/p99 latency per route, and the errors (any answer
but 200, or 302 for a typed law number, or a dropped connection). Clients are threads
using http.client with keep-alive, each sending back the cookies it was given (its
session), as a phone's browser does; the figures depend on the machine, so compare runs
made side by side.

Stages 1 and 2 are closed-loop: each client sends its next request the moment the last
answer arrives and never pauses, so the server is always full. Then the mean latency is
the number of clients over the requests/s (Little's law): at 32 clients the latency
measures the server's throughput, i.e. its CPU per request on one process (one GIL),
sharing the machine with the 32 client threads. Each stage's first line prints that
figure, clients / (requests/s) in ms (column N/(req/s)), to set beside the measured
latencies: a p99 of 100 ms at 32 such clients needs well over 320 requests/s. Stage 3
is the same mix with pauses, an extra figure, not a replacement for the closed-loop one.
The server's resident memory is printed after warm-up and at the end.

With ``--only TEXT`` it runs just the routes alone (stage 2) whose name holds TEXT,
after the same warm-up, and leaves out the mixes: ``--only new`` gives the two
never-answered rows in a few minutes, to compare a change side by side several times.

    python benchmarks/load.py [--requests 500 2000 4000] [--alone 1000] [--think 1.0]
                              [--only "wizard page, new"]
"""

from __future__ import annotations

import argparse
import http.client
import itertools
import json
import random
import sys
import threading
import time
import tomllib
from collections.abc import Callable, Iterator
from pathlib import Path
from urllib.parse import quote

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.live_server import TAPPED_BOARD, Cookies, Server, running_server
from td_assist.bridge.formats import read_boards
from td_assist.cli.rule import pick_board

ROOT = Path(__file__).resolve().parent.parent
RECORD = ROOT / "tests" / "data" / "32-boards.pbn"
STAGES = (1, 8, 32)
ROUTES = ("law page", "search", "wizard page", "ruling POST")
# Measured alone after the four: every request one the server has never answered, on a
# deal it has never seen (the wizard page of a board tapped in just before, a ruling POST
# of a board never sent), as a TD's first look at a new call is. The four routes above
# ask the same two wizard pages and POST the same board again and again, which the
# server keeps (issue 29).
NEW_ROUTES = ("wizard page, new", "ruling POST, new")
WIZARD_STEPS = ("", "?a=declarer_tricks:9")  # the first question, and the one after it
Request = tuple[str, str, str, bytes | None]  # route, method, path, body


def ruling_body() -> bytes:
    board = pick_board(read_boards(RECORD, only=4), 4)
    request = {"board": json.loads(board.model_dump_json()), "answers": {}}
    return json.dumps(request).encode()


SUITS = "SHDC"


def _ranks_high_first(suit_cards: list[str]) -> list[str]:
    return sorted(suit_cards, key=lambda card: "AKQJT98765432".index(card[1:]))


def _hands(board: dict[str, object]) -> dict[str, list[str]]:
    """Each seat's cards as "SA", from a tapped-in board's hands or a record's PBN deal."""
    if "hands" in board:
        return {seat: list(cards) for seat, cards in board["hands"].items()}  # type: ignore[attr-defined]
    first, _, hands = str(board["deal"]).partition(":")
    seats = "NESW"[("NESW".index(first)) :] + "NESW"[: "NESW".index(first)]
    return {
        seat: [suit + rank for suit, holding in zip(SUITS, hand.split("."), strict=True)
               for rank in holding]
        for seat, hand in zip(seats, hands.split(), strict=True)
    }  # fmt: skip


def _with_hands(board: dict[str, object], hands: dict[str, list[str]], play: list[str]) -> dict:
    if "hands" in board:
        return {**board, "hands": hands, "play": play}
    holdings = [
        ".".join("".join(card[1:] for card in _ranks_high_first(
            [c for c in hands[seat] if c[0] == suit])) for suit in SUITS)
        for seat in "NESW"
    ]  # fmt: skip
    return {**board, "deal": "N:" + " ".join(holdings), "play": play}


def _deal_key(hands: dict[str, list[str]]) -> str:
    return json.dumps({seat: sorted(cards) for seat, cards in hands.items()}, sort_keys=True)


def other_deals(board: dict[str, object], seed: int = 0) -> Iterator[dict[str, object]]:
    """The board again and again, each time a different legal deal with the same play shape
    (issue 29: a TD's new board is a new deal, whose walk and diagram nothing kept can
    answer). Two ways of renaming cards everywhere (hands and play), so every trick is won
    by the same seat, every seat follows or shows out (or revokes) when it did, and the
    auction and contract stand: the suits the auction never names change places, and some
    pairs of touching cards of a suit (no card of that suit ranks between them) held by
    different seats and not played to the same trick change hands. Never the same deal
    twice."""
    hands, play = _hands(board), list(board.get("play") or [])  # type: ignore[call-overload]
    holder = {card: seat for seat, cards in hands.items() for card in cards}
    trick = {card: index // 4 for index, card in enumerate(play)}
    calls = [*(board.get("auction") or []), str(board.get("contract") or "")]  # type: ignore[misc]
    named = {call[1] for call in calls if call[:1].isdigit()}
    free = [suit for suit in SUITS if suit not in named]
    touching = [
        (high, low)
        for suit in SUITS
        for high, low in itertools.pairwise(_ranks_high_first([c for c in holder if c[0] == suit]))
        if holder[high] != holder[low] and trick.get(high, high) != trick.get(low, low)
    ]
    rnd, seen, repeats = random.Random(seed), {_deal_key(hands)}, 0
    while repeats < 10_000:  # a board with too few cards to move would never end
        order = free[:]
        rnd.shuffle(order)
        rename = {card: card for card in holder}
        for old_suit, new_suit in zip(free, order, strict=True):
            for card in holder:
                if card[0] == old_suit:
                    rename[card] = new_suit + card[1:]
        swapped: set[str] = set()
        for high, low in rnd.sample(touching, len(touching)):
            if rnd.random() < 0.5 and not {high, low} & swapped:
                swapped |= {high, low}
                rename[high], rename[low] = rename[low], rename[high]
        new_hands = {seat: [rename[card] for card in cards] for seat, cards in hands.items()}
        key, repeats = _deal_key(new_hands), repeats + 1
        if key not in seen:
            seen.add(key)
            repeats = 0
            yield _with_hands(board, new_hands, [rename[card] for card in play])
    raise ValueError("this board has too few cards that can change hands")


def new_boards(posted: bytes) -> Callable[[], bytes]:
    """The POST's body again and again, each time with a deal of its own
    (``other_deals``): a board the server's kept boards and rulings never answer."""
    request = json.loads(posted)
    deals = other_deals(request["board"])
    return lambda: json.dumps({**request, "board": next(deals)}).encode()


def never_answered(
    route: str, count: int, tap_in: Callable[[dict[str, object]], str]
) -> list[Request]:
    """``count`` requests of ``route`` (one of NEW_ROUTES), none asked before, each on a
    deal of its own (``other_deals``): a wizard page of a board given to ``tap_in`` just
    before (which saves it and gives its id), or a ruling POST of board 4 of
    tests/data/32-boards.pbn with its cards moved so."""
    if route == "ruling POST, new":
        body = new_boards(ruling_body())
        return [(route, "POST", "/api/rulings/revoke", body()) for _ in range(count)]
    deals = other_deals(TAPPED_BOARD)
    return [
        (route, "GET", f"/rule/revoke/{tap_in(next(deals))}{WIZARD_STEPS[n % 2]}", None)
        for n in range(count)
    ]


def workload(seed: int, board_id: str, only: str | None = None) -> list[Request]:
    """1000 requests, shuffled: the mix of the module doc, or one route alone."""
    queries = [
        q["q"]
        for q in tomllib.loads((ROOT / "benchmarks" / "search_queries.toml").read_text())["query"]
    ]
    body = ruling_body()
    rnd = random.Random(seed)
    mix: list[Request] = []
    for index in range(1000):
        kind = index % 20
        if only is not None:
            kind = {"law page": 0, "search": 8, "wizard page": 14, "ruling POST": 17}[only]
            kind += index % 2 if only == "search" else 0
        if kind < 8:
            mix.append(("law page", "GET", f"/laws/{rnd.randint(1, 93)}", None))
        elif kind < 14:
            if kind % 3 == 0:  # an unknown word: the speller
                word = "".join(rnd.choice("abcdefghijklmnopqrstuvwxyz") for _ in range(8))
                mix.append(("search", "GET", f"/api/search?q={word}", None))
            else:
                mix.append(("search", "GET", "/search?q=" + quote(rnd.choice(queries)), None))
        elif kind < 17:
            path = f"/rule/revoke/{board_id}{rnd.choice(WIZARD_STEPS)}"
            mix.append(("wizard page", "GET", path, None))
        else:
            mix.append(("ruling POST", "POST", "/api/rulings/revoke", body))
    rnd.shuffle(mix)
    return mix


def run_stage(
    server: Server, clients: int, total: int, mix: list[Request], think: float = 0.0
) -> tuple[float, dict[str, list[float]], dict[str, int]]:
    """``total`` requests spread over ``clients`` threads: (seconds, latencies by route,
    errors by route). ``think``: each client's mean pause between requests (random,
    exponential), 0 for none."""
    latencies: dict[str, list[float]] = {}
    errors: dict[str, int] = {}
    lock = threading.Lock()
    counter = iter(range(total))

    def client(seed: int) -> None:
        connection = server.connection()
        cookies = Cookies()  # one phone's browser: its session comes back with each tap
        mine: list[tuple[str, float]] = []
        pauses = random.Random(seed)
        if think > 0:
            # Phones in a room do not all tap at the same instant: without this the 32
            # first requests arrived together, and that one burst was the whole p99.
            time.sleep(pauses.uniform(0, think))
        while True:
            with lock:
                index = next(counter, None)
            if index is None:
                break
            route, method, path, body = mix[index % len(mix)]
            headers = cookies.headers({"Content-Type": "application/json"} if body else {})
            start = time.perf_counter()
            try:
                connection.request(method, path, body=body, headers=headers)
                response = connection.getresponse()
                response.read()
                cookies.keep_from(response)
                ok = response.status in (200, 302)  # a law number jumps to its page
            except (OSError, http.client.HTTPException):
                ok = False
                connection.close()
                connection = server.connection()
            mine.append((route, time.perf_counter() - start))
            if not ok:
                with lock:
                    errors[route] = errors.get(route, 0) + 1
            if think > 0:
                time.sleep(min(pauses.expovariate(1 / think), 10 * think))
        connection.close()
        with lock:
            for route, seconds in mine:
                latencies.setdefault(route, []).append(seconds)

    threads = [threading.Thread(target=client, args=(seed,)) for seed in range(clients)]
    start = time.perf_counter()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return time.perf_counter() - start, latencies, errors


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def report(label: str, clients: int, seconds: float, latencies: dict[str, list[float]],
           errors: dict[str, int]) -> None:  # fmt: skip
    """One line for the whole load, then one per route (only the route, when alone)."""
    every = [value for values in latencies.values() for value in values]
    rows = [(r, latencies[r], errors.get(r, 0)) for r in ROUTES + NEW_ROUTES if r in latencies]
    if len(rows) > 1:
        rows.insert(0, ("all", every, sum(errors.values())))
    rate = len(every) / seconds
    for number, (route, values, failed) in enumerate(rows):
        head = f"{label:<6} {clients:>7} {rate:>7.0f}" if number == 0 else ""
        # Little's law for closed-loop clients: the mean wait is clients / throughput
        bound = f"{clients / rate * 1000:>9.1f}" if number == 0 and label != "think" else ""
        print(
            f"{head:<22} {route:<16} {len(values):>6} {percentile(values, 0.50) * 1000:>7.1f} "
            f"{percentile(values, 0.99) * 1000:>7.1f} {failed:>6} {bound:>9}"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, nargs=3, default=[500, 2000, 4000],
                        help="mixed requests at 1, 8 and 32 clients")  # fmt: skip
    parser.add_argument("--alone", type=int, default=1000, help="requests per route alone")
    parser.add_argument("--think", type=float, default=1.0,
                        help="mean pause of each of 32 clients, extra run (0: none)")  # fmt: skip
    parser.add_argument("--only", default=None,
                        help="only the routes alone whose name holds this, no mixes")  # fmt: skip
    args = parser.parse_args()
    wanted = [r for r in ROUTES + NEW_ROUTES if args.only is None or args.only in r]
    if not wanted:
        raise SystemExit(f"no route's name holds {args.only!r}: {', '.join(ROUTES + NEW_ROUTES)}")
    with running_server() as server:
        board_id = server.tapped_board()
        run_stage(server, 4, 300, workload(0, board_id))  # warm up: index, lawbook, trees
        before = server.rss_kib()
        print(f"td-assist serve on 127.0.0.1:{server.port}, one process (waitress)")
        print("mix: law pages 40%, search 30% (a third unknown words), wizard page 15%, "
              "ruling POST 15%")  # fmt: skip
        print(f"{'load':<6} {'clients':>7} {'req/s':>7} {'route':<16} {'count':>6} "
              f"{'p50 ms':>7} {'p99 ms':>7} {'errors':>6} {'N/(req/s)':>9}")  # fmt: skip
        done = 300
        stages = zip(STAGES, args.requests, strict=True) if args.only is None else ()
        for clients, total in stages:
            mix = workload(clients, board_id)
            seconds, latencies, errors = run_stage(server, clients, total, mix)
            report("mix", clients, seconds, latencies, errors)
            done += total
        for route in (r for r in ROUTES if r in wanted):
            mix = workload(7, board_id, only=route)
            seconds, latencies, errors = run_stage(server, 32, args.alone, mix)
            report("alone", 32, seconds, latencies, errors)
            done += args.alone
        for route in (r for r in NEW_ROUTES if r in wanted):
            mix = never_answered(
                route, args.alone, lambda board: str(server.post_json("/api/boards", board)["id"])
            )
            done += args.alone if route == "wizard page, new" else 0  # the boards tapped in
            seconds, latencies, errors = run_stage(server, 32, args.alone, mix)
            report("alone", 32, seconds, latencies, errors)
            done += args.alone
        if args.think > 0 and args.only is None:
            print(f"extra run, not closed-loop: 32 clients pausing {args.think:g} s on average "
                  "between requests (a room's phones)")  # fmt: skip
            mix = workload(32, board_id)
            seconds, latencies, errors = run_stage(server, 32, 1000, mix, think=args.think)
            report("think", 32, seconds, latencies, errors)
            done += 1000
        after = server.rss_kib()
        if before is not None and after is not None:
            print(
                f"server memory (RSS): {before / 1024:.1f} MB after warm-up, "
                f"{after / 1024:.1f} MB after {done:,} requests in all "
                f"({(after - before) / 1024:+.1f} MB)"
            )
        else:
            print("server memory: not measurable on this system (needs /proc)")


if __name__ == "__main__":
    main()
