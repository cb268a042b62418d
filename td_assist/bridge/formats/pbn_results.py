"""Results in PBN: a board's ``[ScoreTable]`` (Ruter, Magic Contest, BridgeWebs), or
one game per table result (a converter's output: ``[Contract]``, ``[Declarer]``,
``[Result]`` repeated for each table).

A score table names its columns in the tag value (``PairId_NS\\2R;Contract\\4L;...``);
the rows follow. Ruter and Magic Contest write artificial scores ``A+`` (60 %), ``A=``
(50 %) and ``A-`` (40 %) per side; the PBN standard's ``^`` prefix is read too. Where
the table has no score (BridgeWebs), the score is worked out from the contract.
"""

from __future__ import annotations

import re

from td_assist.bridge.auction import Contract
from td_assist.bridge.cards import Seat
from td_assist.bridge.deal import Vulnerability, board_vulnerability
from td_assist.bridge.errors import RecordError, shown
from td_assist.bridge.results import BoardResults, SessionResults, TableResult
from td_assist.bridge.scoring import score_ns
from td_assist.i18n import _, ngettext

_TAG = re.compile(r'\[\s*([A-Za-z][A-Za-z0-9_]*)\s+"(.*)"\s*\]\s*$')
_META_SCORING = re.compile(r'name=ScoringType\s+content="([^"]*)"', re.IGNORECASE)
_TOKEN = re.compile(r'"[^"]*"|\S+')
_ARTIFICIAL = {"A+": 60, "A=": 50, "A-": 40}
_VULNERABILITY = {
    "NONE": Vulnerability.NONE,
    "LOVE": Vulnerability.NONE,
    "-": Vulnerability.NONE,
    "NS": Vulnerability.NS,
    "EW": Vulnerability.EW,
    "ALL": Vulnerability.ALL,
    "BOTH": Vulnerability.ALL,
}


def has_results(text: str) -> bool:
    """A PBN with a score table, or with a contract and result in its games."""
    return "[ScoreTable " in text or (
        re.search(r'\[Contract "[^"?]+"\]', text) is not None
        and re.search(r'\[Result "', text) is not None
    )


class _Reader:
    def __init__(self, source: str) -> None:
        self.source = source
        self.lines: dict[int, list[TableResult]] = {}
        self.board: int | None = None
        self.board_line = 0
        self.vulnerability: Vulnerability | None = None
        self.game: dict[str, tuple[str, int]] = {}
        self.scoring = ""
        self.team_tables = 0
        self.sit_outs = 0
        self.table_seen = False

    def where(self, line: int) -> str:
        if self.board is None:
            return _("{source} line {line}").format(source=self.source, line=line)
        return _("{source}, board {number} line {line}").format(
            source=self.source, number=self.board, line=line
        )

    def add(self, result: TableResult) -> None:
        if self.board is None:
            raise RecordError(
                _("a result comes before any [Board] tag"), self.where(result.line or 0)
            )
        self.lines.setdefault(self.board, []).append(result)

    # A game without a score table: its own tags are the table's result.
    def end_game(self) -> None:
        game, self.game = self.game, {}
        if "Contract" not in game or "ScoreTable" in game:
            return
        contract_text, line = game["Contract"]
        if not contract_text or contract_text == "?":
            return
        north = game.get("North", ("", 0))[0]
        east = game.get("East", ("", 0))[0]
        result = self.result(
            line,
            {
                "PairId_NS": north or "?",
                "PairId_EW": east or "?",
                "Contract": contract_text,
                "Declarer": game.get("Declarer", ("", 0))[0],
                "Result": game.get("Result", ("", 0))[0],
            },
        )
        self.add(result)

    def tag(self, name: str, value: str, line: int) -> None:
        if name == "Board":
            if value != "#":
                if not value.strip().isdigit() or not 1 <= int(value) <= 999:
                    raise RecordError(
                        _("[Board] {board} is not a board number").format(board=shown(value)),
                        self.where(line),
                    )
                self.board = int(value)
            self.board_line = line
            self.vulnerability = None
        elif name == "Vulnerable" and value != "#":
            self.vulnerability = _VULNERABILITY.get(value.strip().upper())
        elif name == "Scoring" and not self.scoring:
            self.scoring = value
        self.game[name] = (value, line)

    def result(self, line: int, row: dict[str, str]) -> TableResult:
        at = self.where(line)
        individual = "PlayerId_North" in row
        if individual:
            ns_pair = f"{row.get('PlayerId_North', '?')}+{row.get('PlayerId_South', '?')}"
            ew_pair = f"{row.get('PlayerId_East', '?')}+{row.get('PlayerId_West', '?')}"
        else:
            ns_pair, ew_pair = row.get("PairId_NS", ""), row.get("PairId_EW", "")
        if not ns_pair or not ew_pair or len(ns_pair) > 20 or len(ew_pair) > 20:
            raise RecordError(_("the row has no N-S or E-W pair (or one too long)"), at)
        points_ns, points_ew = _points(row, at)
        score_ns_text = row.get("Score_NS", "-")
        score_ew_text = row.get("Score_EW", "-")
        table = row.get("Table", "")[:20]
        marks = {score_ns_text.lstrip("^"), score_ew_text.lstrip("^")}
        if marks & set(_ARTIFICIAL) or score_ns_text.startswith("^"):
            ns_mark, ew_mark = score_ns_text.lstrip("^"), score_ew_text.lstrip("^")
            return TableResult(
                ns_pair=ns_pair,
                ew_pair=ew_pair,
                table=table,
                line=line,
                artificial=f"{score_ns_text}/{score_ew_text}",
                ns_percent=_ARTIFICIAL.get(ns_mark),
                ew_percent=_ARTIFICIAL.get(ew_mark),
                points_ns=points_ns,
                points_ew=points_ew,
            )
        contract_text = row.get("Contract", "-").strip()
        if contract_text in ("-", "") and _written_score(score_ns_text, score_ew_text, at) is None:
            # No contract and no score (PBN 5.7): the table has no result to use.
            return TableResult(
                ns_pair=ns_pair,
                ew_pair=ew_pair,
                table=table,
                line=line,
                artificial="no result",
                points_ns=points_ns,
                points_ew=points_ew,
            )
        try:
            contract = Contract.parse(contract_text)
        except RecordError as error:
            raise error.located(at) from None
        declarer: Seat | None = None
        tricks: int | None = None
        if not contract.is_passed_out:
            declarer_text = row.get("Declarer", "").strip().upper()
            if declarer_text not in ("N", "E", "S", "W"):
                raise RecordError(
                    _("declarer {seat} is not N, E, S or W").format(seat=shown(declarer_text)), at
                )
            declarer = Seat(declarer_text)
            tricks_text = row.get("Result", "").strip()
            if not tricks_text.isdigit() or int(tricks_text) > 13:
                raise RecordError(
                    _("result {result} is not 0 to 13 tricks").format(result=shown(tricks_text)), at
                )
            tricks = int(tricks_text)
        score = _written_score(score_ns_text, score_ew_text, at)
        if score is None:
            if contract.is_passed_out:
                score = 0
            elif tricks is not None and declarer is not None:
                vulnerability = self.vulnerability or board_vulnerability(self.board or 1)
                score = score_ns(contract, tricks, vulnerability, declarer)
        contract_written = "PASS" if contract.is_passed_out else str(contract)
        return TableResult(
            ns_pair=ns_pair,
            ew_pair=ew_pair,
            table=table,
            line=line,
            contract=contract_written,
            declarer=declarer,
            tricks=tricks,
            lead=row.get("Lead", "").strip("-")[:3],
            score_ns=score,
            points_ns=points_ns,
            points_ew=points_ew,
        )


def _written_score(ns: str, ew: str, at: str) -> int | None:
    for text, sign in ((ns, 1), (ew, -1)):
        if text not in ("-", ""):
            if not re.fullmatch(r"-?\d{1,5}", text):
                raise RecordError(_("score {score} is not a number").format(score=shown(text)), at)
            return sign * int(text)
    return None


def _points(row: dict[str, str], at: str) -> tuple[float | None, float | None]:
    for ns, ew in (
        ("MP_NS", "MP_EW"),
        ("IMP_NS", "IMP_EW"),
        ("MP_North", "MP_East"),
        ("Percentage_NS", "Percentage_EW"),
    ):
        if ns in row or ew in row:
            return _float(row.get(ns, "-"), at), _float(row.get(ew, "-"), at)
    return None, None


def _float(text: str, at: str) -> float | None:
    if text in ("-", ""):
        return None
    try:
        value = float(text.replace(",", "."))
    except ValueError:
        raise RecordError(
            _("points {points} are not a number").format(points=shown(text)), at
        ) from None
    if value != value or abs(value) > 1e6:
        raise RecordError(_("points {points} are out of range").format(points=shown(text)), at)
    return value


def _columns(spec: str) -> list[str]:
    return [part.split("\\")[0].strip() for part in spec.split(";")]


def read_pbn_results(text: str, source: str) -> SessionResults:
    reader = _Reader(source)
    columns: list[str] | None = None
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if columns is not None:
            if line and not line.startswith(("[", "%", "{")):
                tokens = [t.strip('"') for t in _TOKEN.findall(line)]
                if len(tokens) != len(columns):
                    raise RecordError(
                        _("the row has {fields} fields for {columns} columns").format(
                            fields=len(tokens), columns=len(columns)
                        ),
                        reader.where(number),
                    )
                row = dict(zip(columns, tokens, strict=True))
                if row.get("Score_NS") == "Bye" or row.get("Score_EW") == "Bye":
                    reader.sit_outs += 1
                    continue
                reader.add(reader.result(number, row))
                continue
            columns = None
        if not line:
            reader.end_game()
            continue
        if line.startswith("%"):
            meta = _META_SCORING.search(line)
            if meta and not reader.scoring:
                reader.scoring = meta.group(1)
            continue
        match = _TAG.match(line)
        if match is None:
            continue
        name, value = match.group(1), match.group(2)
        reader.tag(name, value, number)
        if name == "ScoreTable":
            reader.table_seen = True
            found = _columns(value)
            if "Contract" in found or "Score_NS" in found:
                columns = found
            else:
                reader.team_tables += 1  # a match-level table: no board results in it
                columns = None
    reader.end_game()
    notices = []
    if reader.team_tables:
        notices.append(_("The score tables hold match results only, with no board travellers."))
    if reader.sit_outs:
        notices.append(
            ngettext(
                "{count} sit-out row (Bye) was left out.",
                "{count} sit-out rows (Bye) were left out.",
                reader.sit_outs,
            ).format(count=reader.sit_outs)
        )
    if not reader.lines and not reader.team_tables:
        raise RecordError(_("no board in the file has a score table or a table result"), source)
    boards = {
        number: BoardResults(number=number, lines=lines)
        for number, lines in sorted(reader.lines.items())
    }
    scoring = reader.scoring.upper()
    return SessionResults(
        source=source,
        format="pbn",
        scoring="MP"
        if scoring.startswith(("MP", "MATCHPOINT"))
        else "IMP"
        if "IMP" in scoring
        else "",
        event_type=reader.scoring,
        boards=boards,
        notice=" ".join(notices),
    )
