"""The session's results as PBN score tables, with the rulings' scores written in.

One game per board of the scorer's results (USEBIO, PBN or Bridgemate, as loaded), its
deal from the hand record when the session has it, and a ``[ScoreTable]`` with one row
per table. A ruled row carries the ruling's score the way PBN can: an assigned score as
contract, declarer, tricks and score; an artificial one with ``-`` for the contract,
declarer and result and the percentages as Ruter writes them (``A+`` 60, ``A=`` 50,
``A-`` 40; another percentage as ``^`` and the number, PBN 2.0 section 5.2); a weighted
score keeps the table result with the weighted match points and a comment telling the
scorer to enter the weights by hand. On a ruled board of a match-pointed session the
match points are worked out again (Neuberg when artificial scores leave fewer results
to compare); totals are left to the scoring program.
"""

from __future__ import annotations

from td_assist.bridge.results import SessionResults, TableResult, neuberg, same_pair
from td_assist.i18n import _
from td_assist.ruling_log import export_entries
from td_assist.session_results import session_results
from td_assist.store import Store
from td_assist.usebio_export import RulingScore, ruling_score

_MARKS = {60: "A+", 50: "A=", 40: "A-"}
_COLUMNS = (
    "Table\\2R;PairId_NS\\4R;PairId_EW\\4R;Contract\\5L;Declarer\\1R;Result\\2R;"
    "Score_NS\\6R;Score_EW\\6R;MP_NS\\5R;MP_EW\\5R"
)


def _mark(percent: float | None) -> str:
    if percent is None:
        return "-"
    return (
        _MARKS.get(int(percent), f"^{percent:g}")
        if float(percent).is_integer()
        else f"^{percent:g}"
    )


# The header line every such file carries: an export replaces only a file that has it.
PBN_RESULTS_MARK = "% td-assist: the scorer's results with the rulings' scores"


def export_pbn_results(store: Store, session_id: str) -> tuple[str, list[str], int]:
    """The PBN text, the notes for the scorer, and how many rows the rulings changed."""
    results = session_results(store, session_id)
    info = store.session(session_id)
    if results is None or info is None:
        from td_assist.bridge.errors import RecordError

        raise RecordError(
            _(
                "the session has no results file: load it with the hand record "
                "(td-assist session load HANDS.pbn --results RESULTS)"
            )
        )
    ruled: dict[int, dict[int, RulingScore]] = {}
    notes: list[str] = []
    for entry in export_entries(store, session_id):
        score = ruling_score(store, entry)
        if score is None or entry.board_number is None:
            continue
        lines = results.traveller(entry.board_number)
        index = next(
            (
                i
                for i, line in enumerate(lines)
                if entry.ns_pair
                and same_pair(line.ns_pair, entry.ns_pair)
                and (not entry.ew_pair or same_pair(line.ew_pair, entry.ew_pair))
            ),
            None,
        )
        where = _("Board {number}, NS {pair}").format(
            number=entry.board_number, pair=entry.ns_pair or "?"
        )
        if index is None:
            notes.append(
                _("{where}: no table result for these pairs; enter the ruling by hand.").format(
                    where=where
                )
            )
            continue
        ruled.setdefault(entry.board_number, {})[index] = score
        if score.kind == "weighted":
            notes.append(
                _(
                    "{where}: weighted score (Law 12C1(c)) {results}. The row keeps the table "
                    "result with the weighted match points: enter the weights by hand."
                ).format(where=where, results=score.note)
            )
        elif score.note:
            notes.append(f"{where}:{score.note}")
    games = [
        _game(store, session_id, info.name, results, number, ruled.get(number, {}))
        for number in results.boards
    ]
    if ruled:
        notes.append(
            _("Pair totals and places are not recomputed: rescore in the scoring program.")
        )
    head = f"% PBN 2.1\n% EXPORT\n{PBN_RESULTS_MARK}\n"
    comment = "{" + " ".join(notes).replace("}", ")") + "}\n" if notes else ""
    changed = sum(len(rows) for rows in ruled.values())
    return head + comment + "\n" + "\n\n".join(games) + "\n", notes, changed


def _game(
    store: Store,
    session_id: str,
    event: str,
    results: SessionResults,
    number: int,
    ruled: dict[int, RulingScore],
) -> str:
    board = store.session_board(session_id, number) or {}
    tags = [f'[Event "{event.replace(chr(34), chr(39))}"]', f'[Board "{number}"]']
    if board.get("deal"):
        tags += [
            f'[Dealer "{board.get("dealer", "N")}"]',
            f'[Vulnerable "{board.get("vulnerability", "None")}"]',
            f'[Deal "{board["deal"]}"]',
        ]
    lines = results.traveller(number)
    points = _points(lines, ruled) if ruled and results.scoring == "MP" else {}
    rows = [
        _row(line, ruled.get(i), points.get(i, (line.points_ns, line.points_ew)))
        for i, line in enumerate(lines)
    ]
    return "\n".join([*tags, f'[ScoreTable "{_COLUMNS}"]', *rows])


def _row(
    line: TableResult, score: RulingScore | None, points: tuple[float | None, float | None]
) -> str:
    contract, declarer = line.contract or "-", line.declarer.value if line.declarer else "-"
    tricks = "-" if line.tricks is None else str(line.tricks)
    ns_score, ew_score = _scores(line.score_ns)
    if line.is_artificial:
        contract = declarer = tricks = "-"
        ns_score, ew_score = _mark(line.ns_percent), _mark(line.ew_percent)
    if score is not None and score.kind == "artificial":
        contract = declarer = tricks = "-"
        ns_score, ew_score = _mark(score.ns_percent), _mark(score.ew_percent)
    elif score is not None and score.kind == "assigned" and score.score_ns is not None:
        contract, declarer = score.contract or "PASS", score.declarer or "-"
        tricks = "-" if score.tricks is None else str(score.tricks)
        ns_score, ew_score = _scores(score.score_ns)
    cells = [
        line.table or "-",
        line.ns_pair,
        line.ew_pair,
        contract,
        declarer,
        tricks,
        f'"{ns_score}"' if ns_score != "-" else "-",
        f'"{ew_score}"' if ew_score != "-" else "-",
        *("-" if p is None else f"{round(p, 1):g}" for p in points),
    ]
    return " ".join(cells)


def _scores(score_ns: int | None) -> tuple[str, str]:
    if score_ns is None:
        return "-", "-"
    return (str(score_ns), "-") if score_ns >= 0 else ("-", str(-score_ns))


def _points(
    lines: list[TableResult], ruled: dict[int, RulingScore]
) -> dict[int, tuple[float, float]]:
    """Match points again on a ruled board (as the USEBIO export does)."""
    total = len(lines)
    top = 2 * (total - 1)
    out: dict[int, tuple[float, float]] = {}
    field: list[tuple[int, list[tuple[int, float]]]] = []
    for i, line in enumerate(lines):
        score = ruled.get(i)
        if score is not None and score.kind == "artificial":
            out[i] = ((score.ns_percent or 0) * top / 100, (score.ew_percent or 0) * top / 100)
        elif score is not None and score.kind == "weighted":
            field.append((i, score.weighted))
        elif score is not None and score.kind == "assigned" and score.score_ns is not None:
            field.append((i, [(score.score_ns, 1.0)]))
        elif line.score_ns is not None and not line.is_artificial:
            field.append((i, [(line.score_ns, 1.0)]))
    compared = len(field)
    for position, (i, mine) in enumerate(field):
        points = sum(
            w * ow * (2.0 if s > o else 1.0 if s == o else 0.0)
            for s, w in mine
            for j, (_k, other) in enumerate(field)
            if j != position
            for o, ow in other
        )
        ns = neuberg(points, compared, total) if 0 < compared < total else points
        out[i] = (ns, top - ns)
    return out
