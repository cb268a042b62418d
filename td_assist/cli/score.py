"""``td-assist score``: the Law 77 score of a result, from North-South's view."""

from __future__ import annotations

import argparse

from pydantic import BaseModel

from td_assist.bridge.auction import Contract
from td_assist.bridge.cards import Seat
from td_assist.bridge.deal import Vulnerability
from td_assist.bridge.scoring import score
from td_assist.i18n import _, ngettext


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
        print(_("Passed out: NS 0 / EW 0"))
        return 0
    if report.over_under == 0:
        made = _("made exactly")
    elif report.over_under > 0:
        made = ngettext(
            "made with {count} overtrick", "made with {count} overtricks", report.over_under
        ).format(count=report.over_under)
    else:
        made = _("down {count}").format(count=-report.over_under)
    facts = {
        # codes stay (4SX); only no trump is written as the reader writes it (3SA)
        "contract": report.contract.replace("NT", _("NT")),
        "declarer": Seat(report.declarer).short,
        "tricks": report.tricks,
        "made": made,
    }
    if report.declarer_vulnerable:
        line = _("{contract} by {declarer}, {tricks} tricks ({made}), declarer vulnerable")
    else:
        line = _("{contract} by {declarer}, {tricks} tricks ({made}), declarer not vulnerable")
    print(line.format(**facts))
    print(_("NS {ns} / EW {ew}").format(ns=f"{report.score_ns:+d}", ew=f"{report.score_ew:+d}"))
    return 0
