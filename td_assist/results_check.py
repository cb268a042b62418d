"""Where the TD's answer and the scorer's results file disagree about a table's result.

The TD rules on what happened at the table as he found it: a contract, declarer and
tricks he picked and then changed, or typed, may differ from the line the scorer's
file has for that table (a result entered wrongly, corrected at the table). The TD's
answer is used, and the ruling says so, naming both, so the scorer corrects the file
rather than finding two different results for one table.
"""

from __future__ import annotations

from td_assist.bridge.auction import Contract
from td_assist.bridge.errors import RecordError
from td_assist.bridge.results import SessionResults, TableResult
from td_assist.i18n import _
from td_assist.rulings.engine.model import Ruling
from td_assist.session_results import session_results
from td_assist.store import LogFacts, Store


def table_line(results: SessionResults, facts: LogFacts) -> TableResult | None:
    """The file's line for the table the ruling is at (by N-S pair, else table number)."""
    if facts.board_number is None:
        return None
    if facts.ns_pair:
        found = results.find(facts.board_number, ns_pair=facts.ns_pair)
        if found is not None:
            return found
    if facts.table:
        return results.find(facts.board_number, table=facts.table)
    return None


def described(contract: str, declarer: str, tricks: int | None, score: int | None) -> str:
    """A table result as the TD reads it: ``4S by S, 9 tricks (N-S -50)``."""
    if contract.upper() in ("PASS", "P"):
        return _("passed out")
    if contract and declarer and tricks is not None:
        return _("{contract} by {declarer}, {tricks} tricks").format(
            contract=contract, declarer=declarer, tricks=tricks
        )
    if score is not None:
        return _("N-S {score:+d}").format(score=score)
    return _("no result")


def _same_contract(written: str, answered: str) -> bool:
    try:
        return str(Contract.parse(written)) == str(Contract.parse(answered))
    except RecordError:
        return written.strip().upper() == answered.strip().upper()


def disagreement(line: TableResult, facts: LogFacts) -> str | None:
    """The note for the ruling when the TD's result differs from the file's line, else None.

    Where the file has the contract, declarer and tricks, those are compared; where it
    has only a score (ACBLscore, typed travellers), the score as played is. An
    artificial score in the file is the scorer's own decision, not a table result, so
    there is nothing to compare it with.
    """
    if line.is_artificial or not facts.contract:
        return None
    if line.contract:
        same = _same_contract(line.contract, facts.contract)
        if same and line.contract.upper() != "PASS":
            same = (line.declarer.value if line.declarer else "") == facts.declarer and (
                line.tricks is None
                or facts.tricks_played is None
                or line.tricks == facts.tricks_played
            )
        file_result = described(
            line.contract,
            line.declarer.value if line.declarer else "",
            line.tricks,
            line.score_ns,
        )
    else:
        same = (
            line.score_ns is None
            or facts.score_played is None
            or line.score_ns == round(facts.score_played)
        )
        file_result = described("", "", None, line.score_ns)
    if same:
        return None
    td_result = described(
        facts.contract,
        facts.declarer,
        facts.tricks_played,
        None if facts.score_played is None else round(facts.score_played),
    )
    return _(
        "The scorer's results file has {file_result} at this table (N-S {ns_pair} v "
        "E-W {ew_pair}); the TD's answer, {td_result}, differs from it and was used for "
        "this ruling. Correct the result in the scoring program."
    ).format(
        file_result=file_result, ns_pair=line.ns_pair, ew_pair=line.ew_pair, td_result=td_result
    )


def with_results_check(store: Store, facts: LogFacts, ruling: Ruling) -> Ruling:
    """The ruling, with a closing paragraph when its table result differs from the
    session's results file (unchanged when there is no file, no line or no difference)."""
    if ruling.status != "complete" or not facts.session_id:
        return ruling
    results = session_results(store, facts.session_id)
    if results is None:
        return ruling
    line = table_line(results, facts)
    note = disagreement(line, facts) if line is not None else None
    if note is None or note in ruling.text:
        return ruling
    text = f"{ruling.text}\n\n{note}" if ruling.text else note
    return ruling.model_copy(update={"text": text})
