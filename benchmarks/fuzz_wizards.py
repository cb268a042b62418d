"""Requests for every wizard built from the worked cases, varied, and run through every shell.

Each request starts from a worked case (rulings/cases/<wizard>/) of a registered wizard,
so it is close to what a TD really sends, and is then varied the way a TD or a table
varies it: a seat or a trick or call index changed, a card swapped, answers dropped,
added (any answer the wizard takes, with one of its choices or a stray value) or
changed, the play or the auction cut short, the irregularity or the board left out. It
goes through the engine (``rule``, batch and step mode), the command line (``td-assist
rule W request.json --json``) and the JSON API (``POST /api/rulings/W``). The only
failure allowed is the project's own input error (``RecordError``: a clear message
naming the problem and where); an AssertionError, a KeyError, a 500 is a bug.

Half the requests are varied at random (``varied``), half walk a case question by
question as the tablet asks it (``walked_request``). The unit test
(tests/test_wizard_fuzz.py) runs a bounded, derandomized sample of both on every CI run;
this script runs a longer one and prints what it tried and found:

    python benchmarks/fuzz_wizards.py [--requests N] [--seed S] [--shells engine,api,cli]

A new wizard is covered as soon as it is registered and has worked cases: the list of
wizards comes from the registry, the answers each takes from its tree.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import random
import sys
import tempfile
import time
import traceback
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from td_assist.bridge.board import Board
from td_assist.bridge.errors import RecordError
from td_assist.rulings.engine.registry import get_tree, load_wizards, rule
from td_assist.rulings.engine.requests import parse_request
from td_assist.rulings.engine.tree import FactNode, QuestionNode
from td_assist.training.cases import load_cases

SEATS = ("N", "E", "S", "W")
SUITS = "SHDC"
RANKS = "AKQJT98765432"
CALLS = ("P", "X", "XX", "1C", "1NT", "2H", "2S", "3NT", "4S", "7NT")
# Answers taking a call (no choices in the tree): given a call more often than not.
CALL_ANSWERS = ("replacement", "attempted_replacement", "auction")
# Values a TD might type into any answer: right for some questions, wrong for most.
STRAY_VALUES = (
    "",
    "yes",
    "no",
    "skip",
    "all",
    "none",
    "usual",
    "0",
    "1",
    "7",
    "13",
    "14",
    "-1",
    "4S N 10",
    "4S N 10 0.5; 3S N 9 0.5",
    "420, 450, -50",
    "55",
    "SH",
    "S",
    "N",
    "X",
    "2H",
    "HQ",
    "HQ,D3",
    "♠A",
    "x" * 300,
)
SEAT_FIELDS = ("offender", "source", "claimer", "explainer")
INDEX_FIELDS = ("trick", "call_index", "corrected_after_calls")


@dataclass(frozen=True)
class Request:
    """One request: the wizard and the JSON body the API and a .json file take."""

    wizard: str
    body: dict[str, Any]
    origin: str  # the case it came from and the changes made, to reproduce a failure


@cache
def seed_requests() -> tuple[Request, ...]:
    """Every worked case of every registered wizard, as a request."""
    found = []
    for wizard in load_wizards():
        for case in load_cases(wizard):
            body: dict[str, Any] = {"answers": dict(case.answers)}
            if case.board is not None:
                body["board"] = case.board.to_board().model_dump(mode="json")
            if case.irregularity is not None:
                body["irregularity"] = case.irregularity.model_dump(mode="json")
            found.append(Request(wizard, body, case.id))
    return tuple(found)


@cache
def answer_values(wizard: str) -> dict[str, tuple[str, ...]]:
    """Each answer the wizard takes, with the values its tree offers (none for a number
    or a free text), so that a varied answer is often one the tree accepts."""
    chosen = load_wizards()[wizard]
    names, prefixes = chosen.answer_names()
    values: dict[str, tuple[str, ...]] = {name: () for name in names}
    for tree_name in (wizard, *chosen.hands_on_to):
        for node_id, node in get_tree(tree_name).nodes.items():
            if isinstance(node, QuestionNode | FactNode):
                values[node_id] = tuple(c.value for c in node.choices)
    for prefix in prefixes:
        values[f"{prefix}{{trick}}"] = ()
    return values


def _card(rng: random.Random) -> str:
    return rng.choice(SUITS) + rng.choice(RANKS)


def _pending_question(
    wizard: str, body: dict[str, Any], answers: dict[str, str]
) -> tuple[str, tuple[str, ...]] | None:
    """The question the tablet would ask next for this request, and its choices: a TD
    answering it (rightly or not) reaches the deeper nodes a random answer seldom does."""
    try:
        parsed = parse_request({**body, "answers": answers})
        ruling = rule(wizard, parsed.board, parsed.irregularity, parsed.answers, "step")
    except Exception:  # the shells report it; here it only steers
        return None
    if ruling.pending is None:
        return None
    return ruling.pending.node, tuple(c["value"] for c in ruling.pending.choices)


def _vary_answers(
    wizard: str,
    body: dict[str, Any],
    answers: dict[str, str],
    rng: random.Random,
    log: list[str],
) -> None:
    known = answer_values(wizard)
    action = rng.choice(("drop", "add", "change", "drop_all", *["pending"] * 6))
    if action == "pending":
        # Answer the next few questions the tablet asks, as a TD would, one by one.
        for _ in range(rng.randint(1, 12)):
            pending = _pending_question(wizard, body, answers)
            if pending is None:
                break
            name, offered = pending
            answers[name] = _value_for(name, offered, rng, rightly=0.97)
            log.append(f"+{name}={answers[name][:20]} (asked)")
        return
    if action == "drop_all" and answers:
        answers.clear()
        log.append("answers dropped")
    elif action == "drop" and answers:
        name = rng.choice(sorted(answers))
        del answers[name]
        log.append(f"-{name}")
    elif action == "change" and answers:
        name = rng.choice(sorted(answers))
        answers[name] = _value_for(name, known.get(name, ()), rng)
        log.append(f"{name}={answers[name][:20]}")
    else:
        name = rng.choice(sorted(known))
        offered = known[name]
        name = name.replace("{trick}", str(rng.randint(1, 13)))
        answers[name] = _value_for(name, offered, rng)
        log.append(f"+{name}={answers[name][:20]}")


def _value_for(
    name: str, offered: tuple[str, ...], rng: random.Random, rightly: float = 0.7
) -> str:
    """A value for the answer ``name``: one of its choices with chance ``rightly``."""
    if name in CALL_ANSWERS and rng.random() < rightly:
        return rng.choice(CALLS)
    if offered and rng.random() < rightly:
        special = [value for value in offered if value in ("P", "X", "XX")]
        if special and rng.random() < 0.3:  # among 30 bids, the calls that are not bids
            return rng.choice(special)
        return rng.choice(offered)
    if rng.random() < 0.3:
        return rng.choice((*SEATS, *CALLS, _card(rng)))
    return rng.choice(STRAY_VALUES)


def _vary_irregularity(report: dict[str, Any], rng: random.Random, log: list[str]) -> None:
    fields = [name for name in report if name != "kind"]
    if not fields:
        return
    name = rng.choice(fields)
    value = report[name]
    if name in SEAT_FIELDS or (isinstance(value, str) and value in SEATS):
        report[name] = rng.choice((*SEATS, None))
    elif name in INDEX_FIELDS or (isinstance(value, int) and not isinstance(value, bool)):
        base = value if isinstance(value, int) and not isinstance(value, bool) else 1
        report[name] = rng.choice((base - 1, base + 1, 1, 13, rng.randint(0, 40), None))
    elif isinstance(value, bool):
        report[name] = not value
    elif isinstance(value, list):
        report[name] = [_card(rng) for _ in range(rng.randint(0, 3))]
    elif name == "card" or (isinstance(value, str) and len(value) == 2):
        report[name] = _card(rng)
    elif isinstance(value, str):
        report[name] = rng.choice((value.upper(), value[: len(value) // 2], "", *STRAY_VALUES[-4:]))
    else:
        del report[name]
    log.append(f"irregularity.{name}={str(report.get(name, '-'))[:20]}")


def _cut_record(
    board: dict[str, Any], report: dict[str, Any] | None, rng: random.Random, log: list[str]
) -> None:
    """Cut the play or the auction short, often just where the irregularity happened (the
    record a TD has when he is called at once)."""
    part = rng.choice(("play", "auction"))
    calls = board.get(part) or []
    if not calls:
        return
    keep = rng.randint(0, len(calls) - 1)
    report = report or {}
    at = report.get("call_index") if part == "auction" else report.get("trick")
    if isinstance(at, int) and not isinstance(at, bool) and rng.random() < 0.6:
        near = at if part == "auction" else 4 * (at - 1) + rng.randint(0, 4)
        keep = max(0, min(len(calls) - 1, near + rng.choice((-1, 0, 0, 1))))
    board[part] = calls[:keep]
    if part == "auction":
        board["contract"] = None
        board["declarer"] = None
    log.append(f"{part} cut to {keep}")


def varied(seed: Request, rng: random.Random, changes: int) -> Request:
    """``seed`` with ``changes`` random changes of the kinds a TD or a record makes: first
    to the record and the report, then to the answers (a TD answers what the record he has
    leaves open)."""
    body = json.loads(json.dumps(seed.body))
    log: list[str] = []
    kinds = sorted(rng.random() for _ in range(changes))[::-1]
    for kind in kinds:
        if kind < 0.5:
            _vary_answers(seed.wizard, body, body.setdefault("answers", {}), rng, log)
        elif kind < 0.75 and body.get("irregularity"):
            _vary_irregularity(body["irregularity"], rng, log)
        elif kind < 0.93 and body.get("board"):
            _cut_record(body["board"], body.get("irregularity"), rng, log)
        elif kind < 0.97:
            body.pop("irregularity", None)
            log.append("no irregularity")
        else:
            body.pop("board", None)
            log.append("no board")
    return Request(seed.wizard, body, f"{seed.origin} [{'; '.join(log)}]")


def _irregularity_point(body: dict[str, Any]) -> tuple[str, int]:
    """Where the request's irregularity happened: ("auction", calls up to and including
    it) or ("play", cards up to and including the trick's lead), else ("none", 0)."""
    report = body.get("irregularity") or {}
    if isinstance(report.get("call_index"), int):
        return "auction", report["call_index"]
    if isinstance(report.get("trick"), int):
        return "play", 4 * (report["trick"] - 1) + 1
    try:
        found = Board.checked(**body.get("board") or {}).insufficient_bids
    except (RecordError, TypeError):
        return "none", 0
    return ("auction", found[0].call_index) if found else ("none", 0)


def walked_request(index: int, cut: tuple[str, int], picks: list[int]) -> Request:
    """A worked case, its record perhaps cut short (``cut``: the part and how many calls or
    cards to keep), then answered question by question as the tablet asks them, the
    ``picks`` choosing each answer among the offered ones (a number is taken modulo their
    count; questions without choices get a call, a number or a stray value). Small picks
    are the first choices: a search over them reaches every branch of the trees."""
    seeds = seed_requests()
    seed = seeds[index % len(seeds)]
    body = json.loads(json.dumps(seed.body))
    log: list[str] = []
    part, keep = cut
    board = body.get("board") or {}
    if part == "irregularity":
        # Cut just after the irregularity: the record a TD has when called at once.
        part, keep = _irregularity_point(body)
    if part in ("auction", "play") and board.get(part):
        board[part] = board[part][: keep % (len(board[part]) + 1)]
        if part == "auction":
            board["contract"] = board["declarer"] = None
        log.append(f"{part} cut to {len(board[part])}")
    answers = body.setdefault("answers", {})
    if picks and picks[0] % 2:
        answers.clear()
        log.append("answers dropped")
    for pick in picks[1:]:
        pending = _pending_question(seed.wizard, body, answers)
        if pending is None:
            break
        name, offered = pending
        pool = offered or (CALLS if name in CALL_ANSWERS else (*STRAY_VALUES[:14], *SEATS))
        answers[name] = pool[pick % len(pool)]
        log.append(f"{name}={answers[name][:20]}")
    return Request(seed.wizard, body, f"{seed.origin} [{'; '.join(log)}]")


def request_from(seed_number: int, index: int, changes: int) -> Request:
    """The request a seed number, a case index and a number of changes stand for."""
    seeds = seed_requests()
    return varied(seeds[index % len(seeds)], random.Random(seed_number), changes)


# --- The shells -------------------------------------------------------------------------------


def through_engine(request: Request) -> None:
    """The request as the engine gets it, in batch and step mode; RecordError is input's."""
    try:
        parsed = parse_request(request.body)
    except RecordError:
        return
    for mode in ("batch", "step"):
        with contextlib.suppress(RecordError):
            rule(request.wizard, parsed.board, parsed.irregularity, parsed.answers, mode)


def through_cli(request: Request, folder: Path) -> None:
    """``td-assist rule W request.json --json``: exit 0 or the bad-input code, no traceback."""
    from td_assist.cli import EXIT_BAD_INPUT, main

    path = folder / "request.json"
    path.write_text(json.dumps(request.body), encoding="utf-8")
    out, err = io.StringIO(), io.StringIO()
    previous = os.environ.get("TD_ASSIST_DEBUG")
    os.environ["TD_ASSIST_DEBUG"] = "1"  # a reader's ValueError raises instead of "report it"
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = main(["rule", request.wizard, str(path), "--json"])
    finally:
        if previous is None:
            os.environ.pop("TD_ASSIST_DEBUG", None)
        else:
            os.environ["TD_ASSIST_DEBUG"] = previous
    if code not in (0, EXIT_BAD_INPUT):
        raise AssertionError(f"td-assist rule exited {code}: {err.getvalue()[-500:]}")
    if code == EXIT_BAD_INPUT and not json.loads(out.getvalue().splitlines()[-1]).get("error"):
        raise AssertionError("td-assist rule failed without naming the problem")


def through_api(request: Request, client: Any) -> None:
    """``POST /api/rulings/W`` in both modes: 200 or a 400 naming the problem, never a 500."""
    for query in ("", "?mode=step"):
        response = client.post(f"/api/rulings/{request.wizard}{query}", json=request.body)
        if response.status_code == 400 and (response.get_json() or {}).get("error"):
            continue
        if response.status_code != 200:
            raise AssertionError(f"HTTP {response.status_code}: {response.get_data(True)[:300]}")


def api_client(folder: Path) -> Any:
    from td_assist.web import create_app

    config = {"TESTING": True, "STORE_PATH": str(folder / "log.sqlite3"), "SECRET_KEY": "fuzz"}
    return create_app(config).test_client()


def shells(names: list[str], folder: Path) -> Iterator[tuple[str, Callable[[Request], None]]]:
    if "engine" in names:
        yield "engine", through_engine
    if "cli" in names:
        yield "cli", lambda request: through_cli(request, folder)
    if "api" in names:
        client = api_client(folder)
        yield "api", lambda request: through_api(request, client)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--shells", default="engine,api,cli")
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    failures: Counter[str] = Counter()
    shown: set[str] = set()
    tried: Counter[str] = Counter()
    start = time.perf_counter()
    with tempfile.TemporaryDirectory() as name:
        runners = list(shells(args.shells.split(","), Path(name)))
        seeds = seed_requests()
        for number in range(args.requests):
            if number % 2:
                request = varied(rng.choice(seeds), random.Random(number), rng.randint(1, 6))
            else:
                part = rng.choice(("irregularity", "none", "auction", "play"))
                picks = [rng.choice((rng.randint(0, 3), rng.randint(0, 40))) for _ in range(10)]
                request = walked_request(
                    rng.randrange(len(seeds)), (part, rng.randint(0, 60)), picks
                )
            tried[request.wizard] += 1
            for shell, run in runners:
                try:
                    run(request)
                except Exception as error:  # every escape is a finding
                    where = traceback.extract_tb(error.__traceback__)[-1]
                    key = f"{shell}: {type(error).__name__} at {where.filename}:{where.lineno}"
                    failures[key] += 1
                    if key not in shown:
                        shown.add(key)
                        print(f"\n== {key}\n{request.wizard} {request.origin}", file=sys.stderr)
                        traceback.print_exception(error, file=sys.stderr)
    elapsed = time.perf_counter() - start
    print(
        f"requests tried: {sum(tried.values())} ({', '.join(f'{w} {n}' for w, n in tried.items())})"
    )
    print(f"shells: {', '.join(shell for shell, _ in runners)}; seed {args.seed}; {elapsed:.0f} s")
    print(f"tracebacks: {sum(failures.values())} ({len(failures)} distinct)")
    for key, count in failures.most_common():
        print(f"  {count:5d}  {key}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
