"""The training pages: the case library (/cases) and practice mode (/practice).

Practice keeps no state on the server: the chosen cases (``c``) and the trainee's
answers so far (``g``, one per question in order) are in the address, so a page can
be reloaded, bookmarked or resumed from the device's own storage (static/js/practice.js).
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from typing import Generic, TypeVar
from urllib.parse import urlencode

from flask import Blueprint, abort, make_response, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue
from markupsafe import Markup, escape

from td_assist.bridge.errors import RecordError
from td_assist.i18n import DEFAULT_LANGUAGE, _, current_language
from td_assist.kept import Kept, Same
from td_assist.lawbook import get_lawbook
from td_assist.lawbook.render import law_url
from td_assist.rulings.engine.model import Ruling
from td_assist.rulings.engine.registry import load_wizards
from td_assist.training.case_story import board_story, claim_line, reported
from td_assist.training.cases import (
    DIFFICULTIES,
    OVERLAY_IRREGULARITY_TEXTS,
    Case,
    difficulty_labels,
    get_case,
    in_language,
    library_stamp,
    load_cases,
)
from td_assist.training.practice import (
    RANDOM_SET_SIZE,
    PracticeQuestion,
    grade,
    law_number,
    laws_to_revise,
    practice_questions,
    select_cases,
)
from td_assist.web import views
from td_assist.web.page_cache import kept_page
from td_assist.web.wizard import law_links

T = TypeVar("T")
training = Blueprint("training", __name__)
MAX_SET = 30
MAX_ANSWER_LENGTH = 40


def _library() -> list[Case]:
    try:
        return load_cases()
    except RecordError as error:
        # A course writer's broken file: say which, rather than a 500.
        page = render_template("error.html", title=_("A case file is broken"), message=str(error))
        abort(make_response(page, 500))


def _filters() -> dict[str, str]:
    wizards = load_wizards()
    wizard = request.args.get("wizard", "")
    difficulty = request.args.get("difficulty", "")
    law = request.args.get("law", "").strip()[:12]
    return {
        "wizard": wizard if wizard in wizards else "",
        "difficulty": difficulty if difficulty in DIFFICULTIES else "",
        "law": law if law.isdigit() else "",
    }


_LAW_MENTION = re.compile(r"\b(?:Law|Regel) (\d{1,2}(?:[A-H](?:\d{1,2}(?:\([a-z]\)|[a-z])?)?)?)\b")


def linked_laws(text: str) -> Markup:
    """Plain text with each "Law 64A1" (German: "Regel 64A1") turned into a link to it."""
    escaped = str(escape(text))
    book = get_lawbook()

    def link(match: re.Match[str]) -> str:
        anchor = match.group(1).replace("(", "").replace(")", "")
        if anchor not in book.sections and anchor[:2].rstrip("ABCDEFGH") not in book.sections:
            return match.group(0)
        target = anchor if anchor in book.sections else anchor[:2].rstrip("ABCDEFGH")
        return f'<a href="{law_url(target)}" data-law-panel>{match.group(0)}</a>'

    return Markup(_LAW_MENTION.sub(link, escaped))


def marked_english(sentence: str, case: Case) -> Markup:
    """A sentence of the story told from the irregularity, with the case's own free text
    (a claim's statement, a description, what an explainer said) marked as English when
    it has no translation in the reader's language: the page says truly what is English."""
    marked = str(escape(sentence))
    if case.irregularity is None:
        return Markup(marked)
    for name in OVERLAY_IRREGULARITY_TEXTS:
        if not case.shows_english(name):
            continue
        text = str(getattr(case.irregularity, name, "") or "").strip().rstrip(".")
        quoted = str(escape(text))
        if text and quoted in marked:
            marked = marked.replace(quoted, f'<span lang="en">{quoted}</span>', 1)
    return Markup(marked)


def _page_context() -> dict[str, object]:
    return {
        "linked_laws": linked_laws,
        "wizards": load_wizards(),
        "difficulties": difficulty_labels(),
        "law_links": law_links,
        "case_story": reported,
        "marked_english": marked_english,
        "claim_line": claim_line,
        "board_story": board_story,
    }


def cases_citing(number: int) -> list[Case]:
    """The worked cases that teach Law ``number`` (for the law pages), in the reader's
    language where they have been translated."""
    try:
        cases = _cases_on_law(number, library_stamp())
    except RecordError:
        return []
    if current_language() == DEFAULT_LANGUAGE:
        return list(cases)  # the library's own (English) cases: nothing to look up
    return [in_language(case) for case in cases]


@lru_cache(maxsize=128)  # per law (1-93) for the library as it is
def _cases_on_law(number: int, _library: object) -> tuple[Case, ...]:
    return tuple(select_cases(load_cases(language="en"), law=str(number)))


@training.get("/cases/")
def library() -> ResponseReturnValue:
    cases = _library()
    filters = _filters()
    words = request.args.get("q", "")[:200]
    shown = matching(select_cases(cases, **filters), words)
    laws = sorted({law_number(a) for case in cases for a in case.laws}, key=_law_order)
    return render_template(
        "cases_index.html",
        cases=shown,
        filters=filters,
        words=words,
        laws=laws,
        **_page_context(),
    )


def _stem(word: str) -> str:
    """``revokes``, ``revoked`` -> ``revok``: enough for a trainee's words to match."""
    for ending in ("ing", "ed", "es", "s", "e"):
        if len(word) > len(ending) + 3 and word.endswith(ending):
            return word[: -len(ending)]
    return word


def matching(cases: list[Case], words: str) -> list[Case]:
    """The cases whose title, explanation or laws hold every word (any case). A case
    shown in another language is searched in that text and in its English one, so a
    trainee's German words and a teacher's English ones both find it."""
    wanted = [_stem(word) for word in words.lower().split()]
    return [case for case in cases if all(word in _searched_text(case) for word in wanted)]


def _searched_text(case: Case) -> str:
    texts = [case.title, case.explanation, " ".join(case.laws)]
    if case.english is not case:
        texts += [case.english.title, case.english.explanation]
    return " ".join(texts).lower()


def _law_order(number: str) -> tuple[int, str]:
    return (int(number), "") if number.isdigit() else (999, number)


class _MadeOnce(Generic[T]):
    """What a page makes from a case (its checked board, its ruling), made once per case
    object: the library keeps one object per case file as saved, so a changed file is a
    new object and is made again. Bounded; an error is raised again, never kept."""

    def __init__(self, make: Callable[[Case], T], limit: int = 256) -> None:
        self._make = make
        self._made: Kept[Same, tuple[T]] = Kept(limit)  # a tuple: a case's None is kept too

    def __call__(self, case: Case) -> T:
        found = self._made.get(Same(case))  # the object itself, not a reused id
        if found is not None:
            return found[0]
        value = self._make(case)
        self._made.put(Same(case), (value,))
        return value


_board_of = _MadeOnce(lambda case: case.board.to_board() if case.board else None)


def _ruling_shown(case: Case) -> Ruling:
    """The ruling as a page shows it: worked out from the English case, always; where its
    walk or text quotes the case's own free text (a description, a statement) and the
    reader's language has that text translated, the quote is shown translated."""
    ruling = case.run()
    quoted: dict[str, str] = {}
    for name in OVERLAY_IRREGULARITY_TEXTS:
        if case.irregularity is None or case.shows_english(name):
            continue
        english = str(getattr(case.english.irregularity, name, "") or "").strip().rstrip(".")
        translated = str(getattr(case.irregularity, name, "") or "").strip().rstrip(".")
        if english and english != translated:
            quoted[english] = translated
    if not quoted:
        return ruling

    def shown(text: str) -> str:
        for english, translated in quoted.items():
            text = text.replace(english, translated)
        return text

    path = [
        step.model_copy(
            update={"evidence": [shown(line) for line in step.evidence], "note": shown(step.note)}
        )
        for step in ruling.path
    ]
    return ruling.model_copy(update={"path": path, "text": shown(ruling.text)})


_ruling_of = _MadeOnce(_ruling_shown)
_questions_of = _MadeOnce(practice_questions)


def _case_or_404(wizard_name: str, name: str) -> Case:
    try:
        return get_case(f"{wizard_name}/{name}")
    except RecordError:
        abort(404)


@training.get("/cases/<wizard_name>/<name>")
def case_page(wizard_name: str, name: str) -> ResponseReturnValue:
    case = _case_or_404(wizard_name, name)
    try:
        ruling = _ruling_of(case)
    except RecordError as error:
        return render_template(
            "error.html", title=_("This case cannot be ruled"), message=f"{case.id}: {error}"
        ), 400
    board = _board_of(case)

    def render() -> str:  # once per case file as saved, and language
        return render_template(
            "case.html",
            case=case,
            ruling=ruling,
            **_board_views(case),
            board=board,
            practice_url=_run_url([case.id], []),
            **_page_context(),
        )

    return kept_page(render, values=(tuple(load_wizards()),), objects=(case, get_lawbook()))


def _board_views(case: Case) -> dict[str, object]:
    board = _board_of(case)
    if board is None:
        return {"hands": [], "auction": [], "tricks": [], "marked_tricks": []}
    return {
        "hands": views.hands(board),
        "auction": views.auction_rows(board),
        "tricks": views.tricks(board),
        "marked_tricks": [],
    }


# --- practice -------------------------------------------------------------------------


def _run_url(case_ids: list[str], answers: list[str], grading: str = "") -> str:
    query = [("c", c) for c in case_ids] + [("g", g) for g in answers]
    if grading == "end":
        query.append(("grading", "end"))
    return url_for("training.run") + "?" + urlencode(query)


@training.get("/practice/")
def practice_home() -> ResponseReturnValue:
    cases = _library()
    laws = sorted({law_number(a) for case in cases for a in case.laws}, key=_law_order)
    return render_template("practice_index.html", laws=laws, count=len(cases), **_page_context())


@training.get("/practice/start")
def start() -> ResponseReturnValue:
    """Turn a choice (wizard, law, difficulty, random ten) into a fixed list of cases."""
    filters = _filters()
    chosen = select_cases(_library(), **filters)
    if request.args.get("random"):
        chosen = random.sample(chosen, min(RANDOM_SET_SIZE, len(chosen)))
    chosen = chosen[:MAX_SET]
    if not chosen:
        return render_template(
            "error.html",
            title=_("No cases"),
            message=_("No case matches that choice. Go back and choose fewer filters."),
        ), 400
    ids = [case.id for case in chosen]
    target = url_for("training.quiz") if request.args.get("quiz") else url_for("training.run")
    query = [("c", c) for c in ids]
    if request.args.get("grading") == "end" and not request.args.get("quiz"):
        query.append(("grading", "end"))
    return redirect(f"{target}?{urlencode(query)}")


@dataclass
class PracticeSet:
    cases: list[Case]
    questions: list[PracticeQuestion]


def _practice_set() -> PracticeSet:
    ids = list(dict.fromkeys(request.args.getlist("c")))[:MAX_SET]
    if not ids:
        abort(400, description=_("Choose the cases to practise first."))
    cases = []
    for case_id in ids:
        try:
            cases.append(get_case(case_id))
        except RecordError as error:
            abort(400, description=str(error))
    try:
        questions = [q for case in cases for q in _questions_of(case)]
    except RecordError as error:
        abort(400, description=str(error))
    return PracticeSet(cases, questions)


@training.get("/practice/run")
def run() -> ResponseReturnValue:
    chosen = _practice_set()
    # a step of a set is the same page for the same cases and answers (all in the address)
    return kept_page(
        lambda: _run_page(chosen),
        values=(tuple(load_wizards()),),
        objects=(*chosen.cases, get_lawbook()),
    )


def _run_page(chosen: PracticeSet) -> str:
    answers = [a[:MAX_ANSWER_LENGTH] for a in request.args.getlist("g")][: len(chosen.questions)]
    grading = "end" if request.args.get("grading") == "end" else "now"
    graded = grade(chosen.questions, answers)
    ids = [case.id for case in chosen.cases]
    common = {
        "case_ids": ids,
        "answers": answers,
        "grading": grading,
        "total": len(chosen.questions),
        **_page_context(),
    }
    if len(answers) == len(chosen.questions):
        return render_template(
            "practice_summary.html",
            graded=graded,
            score=sum(g.right for g in graded),
            revise=laws_to_revise(graded),
            cases={case.id: case for case in chosen.cases},
            restart=_run_url(ids, [], grading),
            **common,
        )
    question = chosen.questions[len(answers)]
    case = next(c for c in chosen.cases if c.id == question.case_id)
    feedback = graded[-1] if graded and grading == "now" else None
    number_in_case = sum(1 for q in chosen.questions[: len(answers)] if q.case_id == case.id)
    return render_template(
        "practice_question.html",
        case=case,
        case_number=ids.index(case.id) + 1,
        question=question,
        number=len(answers) + 1,
        number_in_case=number_in_case + 1,
        feedback=feedback,
        board=_board_of(case),
        **_board_views(case),
        **common,
    )


@training.get("/practice/quiz")
def quiz() -> ResponseReturnValue:
    """A printable quiz of the set for a teacher, with the answer key at the end."""
    chosen = _practice_set()
    by_case = [
        (case, [q for q in chosen.questions if q.case_id == case.id]) for case in chosen.cases
    ]
    boards = {case.id: _board_views(case) for case in chosen.cases}
    return render_template(
        "practice_quiz.html",
        by_case=by_case,
        boards=boards,
        board_of={c.id: _board_of(c) for c in chosen.cases},
        **_page_context(),
    )
