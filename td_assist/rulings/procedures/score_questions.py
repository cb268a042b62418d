"""The questions a Law 12C assigned score needs, asked in the order a TD gives them.

``score_inputs`` reads (or asks for) the results the Director weighs (``results``), the
other table's NS score (``comparison``, teams) or the traveller (``traveller``, pairs), and
under Law 12C1(e) the result without the non-offenders' error
(``result_without_error``). The tablet pages know these answer names: the result builder
and the score keypad (td_assist/web/result_builder.py). Every wizard that assigns a score
asks through here, so the questions and their answers are the same in each;
``assigned_text`` says the assigned score in words, and ``SCORE_ANSWERS`` lists the
answers for ``--list-questions``. The numbers come from ``adjusted_scores``.
"""

from __future__ import annotations

from dataclasses import dataclass

from td_assist.bridge.errors import RecordError
from td_assist.i18n import N_, _
from td_assist.rulings.engine.model import PendingQuestion, Step
from td_assist.rulings.engine.registry import AnswerHelp
from td_assist.rulings.engine.walk import Mode, td_step
from td_assist.rulings.procedures.adjusted_scores import AdjustedScore, PossibleResult
from td_assist.rulings.procedures.result_answers import (
    parse_comparison,
    parse_results,
    parse_traveller,
    traveller_left_out,
)

SCORER_MATCHPOINTS = "left out: the scorer matchpoints the weighted score"
SCORER_PAIRS = "pairs_scorer"  # the scoring answer for pairs with the traveller left out

# The answers score_inputs reads, as --list-questions shows them.
SCORE_ANSWERS = (
    AnswerHelp("results", N_('(TD)  Results to weigh: "4S S 10 0.6; 3S S 9 0.4"')),
    AnswerHelp("comparison", N_("(TD)  Teams: NS score at the other table, e.g. -140")),
    AnswerHelp("traveller", N_('(TD)  Pairs: the other NS scores, "420, 450, -50"')),
    AnswerHelp(
        "scoring",
        N_(
            "(TD)  On the tablet, how the board is scored  "
            "[teams|pairs|pairs_scorer|points]; "
            "pairs_scorer (or traveller=skip): no traveller, the scorer matchpoints the "
            "weighted score"
        ),
    ),
)


@dataclass
class ScoreInputs:
    results: list[PossibleResult]
    comparison: int | None
    traveller: list[int]
    without_error: list[PossibleResult] | None


def text_question(node: str, prompt: str, help_text: str, laws: list[str]) -> PendingQuestion:
    return PendingQuestion(node=node, prompt=prompt, kind="text", laws=laws, help=help_text)


def score_inputs(
    answers: dict[str, str], mode: Mode, split: bool, table_known: bool, hint: str = ""
) -> tuple[ScoreInputs | None, PendingQuestion | None, list[Step]]:
    """Read (or ask for) what the adjusted score needs, in the order a TD gives it."""
    steps: list[Step] = []
    if not answers.get("results", "").strip():
        return (
            None,
            text_question(
                "results",
                _(
                    "Which results could have happened without the infraction, and how likely "
                    "is each?"
                ),
                _(
                    "One result, or several with weights adding up to 1: contract, declarer, "
                    "tricks, weight, e.g. 4S S 10 0.6; 3S S 9 0.4. Tricks may be =, +1, -2. "
                    "Include only results that could have been reached legally; never the "
                    "action the information suggested (Law 12C1(c))."
                )
                + hint,
                ["12C1b", "12C1c"],
            ),
            steps,
        )
    try:
        results = parse_results(answers["results"])
    except RecordError as error:
        raise error.located(_("answer {name}").format(name="results")) from None
    steps.append(
        td_step("results", _("Results without the infraction"), answers["results"], ["12C1c"])
    )
    comparison: int | None = None
    traveller: list[int] = []
    scoring = answers.get("scoring", "")
    if answers.get("comparison", "").strip():
        comparison = parse_comparison(answers["comparison"])
        steps.append(
            td_step("comparison", _("NS score at the other table"), answers["comparison"], ["78B"])
        )
    elif traveller_left_out(answers) or scoring == SCORER_PAIRS:
        steps.append(
            td_step(
                "traveller",
                _("Other NS scores"),
                SCORER_MATCHPOINTS,
                ["12C1c"],
                answer_label=_("left out: the scorer matchpoints the weighted score"),
            )
        )
    elif answers.get("traveller", "").strip():
        try:
            traveller = parse_traveller(answers["traveller"])
        except RecordError as error:
            raise error.located(_("answer {name}").format(name="traveller")) from None
        steps.append(td_step("traveller", _("Other NS scores"), answers["traveller"], ["12C1c"]))
    elif mode == "step" and scoring not in {"teams", "pairs", SCORER_PAIRS, "points"}:
        return (
            None,
            PendingQuestion(
                node="scoring",
                prompt=_("How is the board scored?"),
                kind="question",
                laws=["12C1c"],
                help=_(
                    "Each result is IMPed (teams) or matchpointed (pairs) first, then weighted."
                ),
                choices=[
                    {"value": "teams", "label": _("Teams (IMPs against the other table)")},
                    {"value": "pairs", "label": _("Pairs (matchpoints on the traveller)")},
                    {
                        "value": SCORER_PAIRS,
                        "label": _("Pairs, without the traveller: the scorer matchpoints it"),
                    },
                    {"value": "points", "label": _("Total points only")},
                ],
            ),
            steps,
        )
    elif mode == "step" and scoring == "teams":
        return (
            None,
            text_question(
                "comparison",
                _("What did North-South score at the other table?"),
                _("NS points, e.g. -140 or 420."),
                ["78B"],
            ),
            steps,
        )
    elif mode == "step" and scoring == "pairs":
        return (
            None,
            text_question(
                "traveller",
                _("What are the other North-South scores on the traveller?"),
                _("NS points separated by commas, without this table's own score: 420, 450, -50."),
                ["12C1c"],
            ),
            steps,
        )
    without_error: list[PossibleResult] | None = None
    if split:
        text = answers.get("result_without_error", "").strip()
        if not text:
            return (
                None,
                text_question(
                    "result_without_error",
                    _(
                        "Had the non-offenders not made their serious error, what would the "
                        "result have been (with the infraction)?"
                    ),
                    _(
                        "Contract, declarer, tricks, e.g. 4SX E 8 (several with weights if need "
                        "be). The part of the damage between this and the table result is their "
                        "own."
                    ),
                    ["12C1e"],
                ),
                steps,
            )
        try:
            without_error = parse_results(text)
        except RecordError as error:
            raise error.located(_("answer {name}").format(name="result_without_error")) from None
        steps.append(
            td_step("result_without_error", _("Result without the error"), text, ["12C1e"])
        )
        if not table_known:
            return (
                None,
                PendingQuestion(
                    node="declarer_tricks",
                    kind="number",
                    laws=["12C1e"],
                    minimum=0,
                    maximum=13,
                    prompt=_("How many tricks did declarer take at the table?"),
                    help=_("Law 12C1(e) compares the table result with the other two."),
                ),
                steps,
            )
    return ScoreInputs(results, comparison, traveller, without_error), None, steps


def result_words(result: PossibleResult, score: int) -> str:
    if result.declarer is None:
        return _("passed out, NS {score:+d}").format(score=score)
    return _("{contract} by {declarer}, {tricks} tricks, NS {score:+d}").format(
        contract=result.contract,
        declarer=result.declarer.name_full,
        tricks=result.tricks,
        score=score,
    )


def assigned_text(answer: AdjustedScore, results: list[PossibleResult]) -> str:
    lines = answer.weighted
    if len(lines) == 1:
        text = result_words(results[0], lines[0].score_ns)
    else:
        text = "; ".join(
            _("{percent} of {result}").format(
                percent=f"{line.weight * 100:g}%", result=result_words(r, line.score_ns)
            )
            for line, r in zip(lines, results, strict=True)
        )
        text += "; " + _("weighted NS {score:+g}").format(score=answer.score_ns_final)
    if answer.imps_ns is not None:
        text += "; " + _("NS {imps:+g} IMPs against NS {comparison:+d}").format(
            imps=answer.imps_ns, comparison=answer.comparison
        )
    if answer.mp_percent_ns is not None:
        text += "; " + _("NS {percent} of the matchpoints").format(
            percent=f"{answer.mp_percent_ns:.2f}%"
        )
    return text


def scorer_weighs_note(answers: dict[str, str], score_ns_final: float) -> str:
    """What the assigned score adds when the TD left the traveller out (pairs): the
    scorer, not the TD, matchpoints the weighted score; "" when the TD weighed it.

    >>> scorer_weighs_note({"traveller": "skip"}, -35.0)
    '; the traveller was left out, so the scorer matchpoints the weighted NS score of -35 points'
    >>> scorer_weighs_note({}, -35.0)
    ''
    """
    if not (traveller_left_out(answers) or answers.get("scoring") == SCORER_PAIRS):
        return ""
    return _(
        "; the traveller was left out, so the scorer matchpoints the weighted "
        "NS score of {points} points"
    ).format(points=f"{score_ns_final:+g}")
