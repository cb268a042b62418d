"""``td-assist score``: the Law 77 score of a result, from North-South's view."""

from __future__ import annotations

import argparse

from pydantic import BaseModel

from td_assist.bridge.auction import Contract
from td_assist.bridge.cards import Seat
from td_assist.bridge.deal import Vulnerability
from td_assist.bridge.scoring import score


class ScoreReport(BaseModel):
    contract: str
    declarer: str
    tricks: int
    vulnerability: str
    declarer_vulnerable: bool
    over_under: int
    score_declarer: int
    score_ns: int
    score_ew: int


def score_report(contract_text: str, declarer_text: str, tricks: int, vul_text: str) -> ScoreReport:
    declarer = Seat.parse(declarer_text)
    contract = Contract.parse(contract_text, declarer)
    if contract.is_passed_out:
        return ScoreReport(
            contract="Pass",
            declarer="",
            tricks=0,
            vulnerability=vul_text,
            declarer_vulnerable=False,
            over_under=0,
            score_declarer=0,
            score_ns=0,
            score_ew=0,
        )
    vulnerability = Vulnerability.parse(vul_text)
    vulnerable = vulnerability.is_vulnerable(declarer)
    points = score(contract, tricks, vulnerable)
    ns = points if declarer.side.value == "NS" else -points
    return ScoreReport(
        contract=str(contract),
        declarer=declarer.value,
        tricks=tricks,
        vulnerability=vulnerability.value,
        declarer_vulnerable=vulnerable,
        over_under=tricks - contract.tricks_needed,
        score_declarer=points,
        score_ns=ns,
        score_ew=-ns,
    )


def print_score(args: argparse.Namespace) -> int:
    report = score_report(args.contract, args.declarer, args.tricks, args.vul)
    if args.json:
        print(report.model_dump_json(indent=2))
        return 0
    if report.contract == "Pass":
        print("Passed out: NS 0 / EW 0")
        return 0
    made = (
        "made exactly"
        if report.over_under == 0
        else f"made with {report.over_under} overtrick{'s' * (report.over_under > 1)}"
        if report.over_under > 0
        else f"down {-report.over_under}"
    )
    vul = "vulnerable" if report.declarer_vulnerable else "not vulnerable"
    print(
        f"{report.contract} by {report.declarer}, {report.tricks} tricks ({made}), declarer {vul}"
    )
    print(f"NS {report.score_ns:+d} / EW {report.score_ew:+d}")
    return 0
