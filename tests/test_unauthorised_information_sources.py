"""What passed the information, who is at fault, and what the ruling says about it.

Each test builds its own record. Board 1, nobody vulnerable, dealer North:

- the competitive deal: 1S P 2S 3H P P 3S P P P, 3S by North nine tricks (NS +140);
- the alert deal: P P 2C P 2D P P P, South's 2C (call 3) natural, North alerts it as strong
  or fails to alert it, 2D by North eight tricks (NS +90); 3C by South eight tricks is
  NS -50 (Law 77).
"""

import pytest

from td_assist.bridge.board import Board
from td_assist.bridge.cards import Side
from td_assist.cli import main
from td_assist.rulings.engine.registry import rule
from td_assist.rulings.procedures.adjusted_scores import adjusted_score, by_side_text
from td_assist.rulings.procedures.result_answers import parse_results
from td_assist.rulings.wizards.unauthorised_information import UnauthorisedInformationReport

WIZARD = "unauthorised-information"
COMPETITIVE = "N:AQ932.J94.AJ.652 54.QT5.KT64.KT94 KT87.6.Q972.QJ87 J6.AK8732.853.A3"
ALERT_DEAL = "N:KJ43.J5.QJ642.63 982.QT82.AT3.A52 75.AK3.87.KQJ974 AQT6.9764.K95.T8"
ALL_YES = {"ui": "yes", "suggested": "yes", "logical_alternative": "yes", "damaged": "yes"}


def calls(text: str) -> list[str]:
    return text.split()


def alert_board(note: str | None = None, auction: str = "P P 2C P 2D P P P", result: int = 8):
    record = {"number": 1, "deal": ALERT_DEAL, "auction": calls(auction), "result": result}
    if note is not None:
        record["auction_notes"] = {2: note}
    return Board.model_validate(record)


def competitive_board() -> Board:
    auction = calls("1S P 2S 3H P P 3S P P P")
    return Board.model_validate({"number": 1, "deal": COMPETITIVE, "auction": auction, "result": 9})


def report(**fields) -> UnauthorisedInformationReport:
    return UnauthorisedInformationReport.model_validate(
        {"kind": "unauthorised_information", **fields}
    )


def step(ruling, node):
    return next(s for s in ruling.path if s.node == node)


# ------------------------------------------------------------- what passed the information


def test_an_alert_in_the_record_is_the_alerters_not_a_tempo_by_the_caller():
    # No source_kind: the note says North alerted South's 2C. Law 16B1: the alert is
    # North's, the information South's; never "a break in tempo at South's 2C".
    ruling = rule(WIZARD, alert_board("alerted: strong, artificial"), None,
                  {**ALL_YES, "results": "3C S 8"})  # fmt: skip
    kind = step(ruling, "source_kind")
    assert (kind.answer, kind.answered_by) == ("alert", "record")
    assert "alerted: strong, artificial" in " ".join(kind.evidence)
    r = ruling.rectification
    assert (r["source"], r["receiver"], r["source_kind"]) == ("N", "S", "alert")
    assert (r["action_index"], r["action"], r["offenders"]) == (7, "P", "NS")
    assert "tempo" not in ruling.text and "an unexpected alert at South's 2♣" in ruling.text
    assert ruling.adjustment.score_ns_final == -50


def test_an_explanation_in_the_report_is_the_explainers():
    # Law 75A: North explained South's 2H; South received the information.
    board = Board.model_validate(
        {"number": 1, "auction": calls("1NT P 2H P 2S P 4S P P P"), "result": 10,
         "deal": "N:Q52.AK64.K93.A62 763.T82.AJ62.K93 AK984.Q9.T75.754 JT.J753.Q84.QJT8"}
    )  # fmt: skip
    said = report(call_index=3, description="North explained 2H as natural")
    ruling = rule(WIZARD, board, said, {**ALL_YES, "results": "3NT N 9"})
    assert step(ruling, "source_kind").answered_by == "record"
    r = ruling.rectification
    assert (r["source"], r["receiver"], r["source_kind"], r["mistake"]) == (
        "N", "S", "explanation", "explanation",
    )  # fmt: skip


def test_a_record_naming_something_else_is_asked_not_assumed_as_tempo():
    # An alert after a pause: which one passed the information is the Director's call,
    # and the usual case (tempo) would contradict the alert the record notes.
    ruling = rule(WIZARD, alert_board("alerted after a long pause"), None, ALL_YES)
    assert ruling.status == "needs_answer" and ruling.pending.node == "source_kind"
    overheard = report(source="S", call_index=7, description="South overheard a remark")
    ruling = rule(WIZARD, competitive_board(), overheard, ALL_YES)
    assert ruling.pending.node == "source_kind"


def test_a_silent_record_takes_the_usual_case_only_in_batch_and_says_so():
    slow = report(source="N", call_index=5)
    ruling = rule(WIZARD, competitive_board(), slow, {"ui": "no"})
    kind = step(ruling, "source_kind")
    assert (kind.answer, kind.answered_by) == ("tempo", "assumed") and kind.note
    stepwise = rule(WIZARD, competitive_board(), slow, {"ui": "no"}, mode="step")
    assert stepwise.pending.node == "source_kind"
    # A hesitation in the record does not say whose: partner's or an opponent's (73D).
    paused = report(source="W", call_index=4, description="West paused before 3H")
    stepwise = rule(WIZARD, competitive_board(), paused, {}, mode="step")
    assert stepwise.pending.node == "source_kind"


def test_the_tds_answer_overrides_the_record_and_says_so():
    answers = {"source_kind": "tempo", "ui": "no"}
    ruling = rule(WIZARD, alert_board("alerted: strong"), None, answers)
    kind = step(ruling, "source_kind")
    assert kind.answered_by == "td" and "overrides the record" in kind.note
    assert ruling.rectification["source"] == "S"  # South's own slow 2C


# ------------------------------------------------------------- alerts are misinformation


def test_a_missing_alert_is_worded_as_one_and_is_misinformation():
    said = report(call_index=3, description="North did not alert South's 2C")
    ruling = rule(WIZARD, alert_board(), said, {**ALL_YES, "results": "3C S 8"})
    assert step(ruling, "alerted").answer == "not_alerted"
    assert "a missing alert at South's 2♣" in ruling.text
    assert "unexpected alert" not in ruling.text
    # Law 20F5(a) / 21B1(a): a missing alert is misinformation, ruled on separately.
    assert "misinformation" in ruling.text and "21B1a" in ruling.laws
    assert {"20F5a", "20F5b", "75B1"} <= set(ruling.laws)
    # South is dummy (North declares 2D): he corrects after the final pass, 20F5(b)(ii).
    assert "as soon as the auction ended with the final pass, as dummy" in ruling.text


def test_the_explainers_partner_corrects_after_the_play_when_defending():
    # East overcalls 2H and declares it: South, the explainer's partner, defends.
    said = report(call_index=3, description="North alerted 2C as strong")
    board = alert_board(auction="P P 2C P 2D 2H P P P", result=7)
    ruling = rule(WIZARD, board, said, {"ui": "no"})
    assert "once the play was over, as a defender (Law 20F5(b)(i))" in ruling.text


def test_a_mistaken_call_is_not_misinformation():
    ruling = rule(WIZARD, alert_board("alerted"), None, {"mistake": "call", "ui": "no"})
    assert "75C" in ruling.laws and "not misinformed" in ruling.text
    assert "20F5b" not in ruling.laws and ruling.rectification["mistake"] == "call"


def test_whether_the_call_was_alerted_is_not_guessed():
    said = report(call_index=3, description="")
    ruling = rule(WIZARD, alert_board(), said, {"source_kind": "alert", "ui": "no"})
    assert ruling.pending.node == "alerted"


# ------------------------------------------------------------- artificial scores by fault

EXTRANEOUS = {
    "source_kind": "extraneous",
    "extraneous_timing": "later",
    "extraneous_affected": "yes",
    "assignable": "no",
}


def test_outside_information_asks_each_sides_share_of_the_fault():
    heard = report(source="S", call_index=7, description="South overheard a result")
    ruling = rule(WIZARD, competitive_board(), heard, EXTRANEOUS)
    assert ruling.status == "needs_answer" and ruling.pending.node == "receiver_fault"


@pytest.mark.parametrize(
    ("receiver_fault", "other_fault", "ns", "ew"),
    [
        # An accidental remark from another table: nobody at the table is at fault,
        # so neither side gets average minus (Law 12C2(a)): average plus to each.
        ("none", "none", (60, 3), (60, 3)),
        ("partly", "none", (50, 0), (60, 3)),  # South was slow to tell the Director
        ("none", "directly", (60, 3), (40, -3)),  # an opponent showed his cards
    ],
)
def test_outside_information_artificial_score_follows_the_fault(
    receiver_fault, other_fault, ns, ew
):
    heard = report(source="S", call_index=7, description="South overheard a result")
    answers = {**EXTRANEOUS, "receiver_fault": receiver_fault, "other_fault": other_fault}
    ruling = rule(WIZARD, competitive_board(), heard, answers)
    assert ruling.outcome == "adjust_artificial_by_fault"
    by_side = ruling.adjustment.by_side
    assert (by_side["NS"].mp_percent, by_side["NS"].imps) == ns
    assert (by_side["EW"].mp_percent, by_side["EW"].imps) == ew
    assert "12C2a" in ruling.laws and "16D2c" in ruling.laws
    assert "73C" not in ruling.text and ruling.options == []


def test_a_ui_infraction_still_gives_the_offenders_average_minus():
    slow = report(source="N", call_index=5)
    ruling = rule(WIZARD, competitive_board(), slow, {**ALL_YES, "assignable": "no"})
    assert ruling.outcome == "adjust_artificial"
    assert ruling.adjustment.by_side["NS"].mp_percent == 40
    assert ruling.adjustment.by_side["EW"].mp_percent == 60


# ------------------------------------------------------------- citations and balance


def test_the_other_tables_score_is_imped_under_law_78b():
    slow = report(source="N", call_index=5)
    answers = {**ALL_YES, "results": "3H W 9", "comparison": "110"}
    ruling = rule(WIZARD, competitive_board(), slow, answers)
    assert step(ruling, "comparison").laws == ["78B"]
    stepwise = rule(WIZARD, competitive_board(), slow,
                    {**ALL_YES, "results": "3H W 9", "source_kind": "tempo",
                     "assignable": "yes", "serious_error": "no", "scoring": "teams"},
                    mode="step")  # fmt: skip
    assert stepwise.pending.node == "comparison" and stepwise.pending.laws == ["78B"]


def test_a_12c1e_split_with_nothing_self_inflicted_is_not_called_unbalanced(capsys):
    args = ["adjust", "--results", "4SX E 10", "--table-result", "4H N 10",
            "--without-error", "4SX E 9", "--non-offenders", "NS"]  # fmt: skip
    assert main(args) == 0
    out = capsys.readouterr().out
    assert "NS: +420 points" in out and "EW: -420 points" in out
    assert "do not balance" not in out and "scores balance" in out
    answer = adjusted_score(
        parse_results("3H W 9"),
        competitive_board().vulnerability,
        table_result=parse_results("3S N 9"),
        without_error=parse_results("3S N 10"),
        non_offenders=Side.EW,
    )
    assert answer.by_side["EW"].score == answer.by_side["NS"].score * -1 == 140
    assert "do not balance" not in by_side_text(answer)
    # Part of it self-inflicted (3S one down without the error): they do not balance.
    answer = adjusted_score(
        parse_results("3H W 9"),
        competitive_board().vulnerability,
        table_result=parse_results("3S N 9"),
        without_error=parse_results("3S N 8"),
        non_offenders=Side.EW,
    )
    assert "do not balance" in by_side_text(answer)


@pytest.mark.parametrize(
    ("without_error", "balance", "ns", "ew"),
    [
        # 3S one down without East-West's error: the 50 points it cost them are theirs.
        ("3S N 8", "the two scores do not balance", -140, -50),
        # 3S made anyway: the error cost nothing, both sides get 3H by West (NS -140).
        ("3S N 9", "the two scores balance", -140, 140),
    ],
)
def test_a_12c1e_ruling_says_the_scores_do_not_balance_only_when_they_do_not(
    without_error, balance, ns, ew
):
    slow = report(source="N", call_index=5)
    answers = {**ALL_YES, "serious_error": "yes", "results": "3H W 9",
               "result_without_error": without_error}  # fmt: skip
    ruling = rule(WIZARD, competitive_board(), slow, answers)
    assert ruling.outcome == "adjust_split"
    by_side = ruling.adjustment.by_side
    assert (by_side["NS"].score, by_side["EW"].score) == (ns, ew)
    assert balance in ruling.text
    balanced = ns == -ew
    assert ruling.text.count("do not balance") == (0 if balanced else 1)  # said once
    assert ("no redress for that part" in ruling.text) is not balanced
    assert "not balancing" not in ruling.title


# ------------------------------------------------------------- Law 16D: nobody offended


@pytest.mark.parametrize(
    "answers",
    [
        {**EXTRANEOUS, "receiver_fault": "none", "other_fault": "none"},
        {**EXTRANEOUS, "assignable": "yes", "results": "3H W 9"},
    ],
    ids=["artificial", "assigned"],
)
def test_outside_information_names_the_side_that_received_it_not_an_offender(answers):
    # South overheard a remark at the next table: he gave no information to anyone and
    # broke no law by hearing it (Law 16D1), so neither side is an offender.
    heard = report(source="S", call_index=7, description="South overheard a result")
    ruling = rule(WIZARD, competitive_board(), heard, answers)
    r = ruling.rectification
    assert (r["receiver"], r["receiving_side"]) == ("S", "NS")
    assert (r["source"], r["offenders"], r["non_offenders"]) == (None, None, None)
    assert "South received the information." in step(ruling, "incident").evidence
    assert not any("came from South" in line for line in step(ruling, "incident").evidence)
    assert "infraction" not in ruling.text + ruling.title


def test_outside_information_assigned_score_restores_the_other_sides_result():
    # The assigned score (3H by West, NS -140) is scored for East-West, the side that
    # did not receive the information; with no serious error the two scores balance.
    heard = report(source="S", call_index=7, description="South overheard a result")
    answers = {**EXTRANEOUS, "assignable": "yes", "results": "3H W 9"}
    ruling = rule(WIZARD, competitive_board(), heard, answers)
    assert ruling.outcome == "adjust_assigned"
    assert "East-West were damaged" in ruling.text
    assert "without the information from outside the table" in ruling.text
    assert ruling.adjustment.score_ns_final == -140


def test_a_ui_infraction_names_the_offenders_and_the_receiving_side():
    slow = report(source="N", call_index=5)
    ruling = rule(WIZARD, competitive_board(), slow, {**ALL_YES, "results": "3H W 9"})
    r = ruling.rectification
    assert (r["source"], r["receiver"], r["offenders"], r["non_offenders"]) == (
        "N",
        "S",
        "NS",
        "EW",
    )
    assert r["receiving_side"] == "NS"
    assert "without the infraction" in ruling.text


# ------------------------------------------------------------- notes in German


@pytest.mark.parametrize(
    ("note", "alerted"),
    [
        ("Nord hat 2C alertiert: stark, künstlich", "alerted"),
        ("2C nicht alertiert", "not_alerted"),
        ("kein Alert, Süd erwartete einen", "not_alerted"),
        ("North didn't alert 2C", "not_alerted"),  # the English contraction too
    ],
)
def test_an_alert_note_settles_whether_the_call_was_alerted(note, alerted):
    ruling = rule(WIZARD, alert_board(note), None, {**ALL_YES, "results": "3C S 8"})
    kind, said = step(ruling, "source_kind"), step(ruling, "alerted")
    assert (kind.answer, kind.answered_by) == ("alert", "record")
    assert (said.answer, said.answered_by) == (alerted, "record")
    assert (ruling.rectification["source"], ruling.rectification["receiver"]) == ("N", "S")


@pytest.mark.parametrize("note", ["Nord alertierte nicht sofort", "alerted, but not at once"])
def test_an_alert_note_with_a_negation_it_cannot_place_is_asked_about(note):
    ruling = rule(WIZARD, alert_board(note), None, {**ALL_YES, "results": "3C S 8"})
    assert ruling.status == "needs_answer" and ruling.pending.node == "alerted"


@pytest.mark.parametrize("note", ["Erklärung: 2C stark", "Nord erklärt 2C als stark"])
def test_a_german_explanation_note_is_the_explainers(note):
    ruling = rule(WIZARD, alert_board(note), None, {**ALL_YES, "results": "3C S 8"})
    kind = step(ruling, "source_kind")
    assert (kind.answer, kind.answered_by) == ("explanation", "record")
    assert ruling.rectification["source"] == "N"


def noted_board(note: str) -> Board:
    """The competitive deal with the note on North's pass over 3H (call 5)."""
    board = competitive_board()
    return board.model_copy(update={"auction_notes": {4: note}})


@pytest.mark.parametrize(
    "note", ["gezögert", "lange Denkpause", "Tempo!", "zögerte ca. 20 Sekunden", "BIT", "hes."]
)
def test_a_tempo_note_marks_the_call_but_asks_whose_tempo(note):
    ruling = rule(WIZARD, noted_board(note), None, {}, mode="step")
    incident = step(ruling, "incident")
    assert (incident.answer, incident.answered_by) == ("yes", "record")
    assert "Call 5: North Pass (given by the record's note)" in " ".join(incident.evidence)
    # Partner's tempo (16B) or an opponent's (73D)? The note does not say.
    assert ruling.pending.node == "source_kind"
    assert "mentions a break in tempo" in ruling.pending.help


@pytest.mark.parametrize("note", ["Frage von Nord", "Bemerkung von Nord"])
def test_a_question_or_remark_in_german_is_not_taken_as_tempo(note):
    ruling = rule(WIZARD, noted_board(note), None, {**ALL_YES, "call_index": "5"})
    assert ruling.status == "needs_answer" and ruling.pending.node == "source_kind"
