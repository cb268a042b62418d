"""The case library: worked rulings that train directors and test the engine.

A case is a small TOML file under ``rulings/cases/<wizard>/``: the record, the TD's
answers, the expected ruling and adjustment, and an explanation for trainees. The
expected numbers are worked out by hand from the Laws, never copied from the
engine's output; the test suite runs every case and compares.

A case's text in another language is an overlay beside it, ``<stem>.<lang>.toml``
(``01-defender-ruffs-two-tricks.de.toml``): its title and explanation and, where the
English case has them, the irregularity's free texts (a claim's statement, a
description, what an explainer said). The overlay is for display only: the ruling is
always worked out from the English case, so a translation can never change a ruling.
"""

from __future__ import annotations

import os
import re
import tomllib
from functools import lru_cache
from pathlib import Path
from typing import Annotated, Any, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field, PrivateAttr, StringConstraints, ValidationError

from td_assist.bridge.auction import expand_all_pass
from td_assist.bridge.board import Board, record_error_from
from td_assist.bridge.board import Irregularity as RecordMark
from td_assist.bridge.errors import RecordError
from td_assist.bridge.formats.text import split_tricks
from td_assist.i18n import DEFAULT_LANGUAGE, N_, _, current_language, known_language
from td_assist.paths import content_dir, file_stamp
from td_assist.recheck import recently
from td_assist.rulings.engine.model import Ruling
from td_assist.rulings.engine.registry import rule
from td_assist.rulings.engine.requests import Irregularity


class CaseBoard(BaseModel):
    """The record in the compact form a person types: strings, not lists."""

    model_config = ConfigDict(extra="forbid")
    number: int | None = None
    dealer: str | None = None
    vulnerability: str | None = None
    deal: str
    auction: str = ""
    contract: str | None = None
    declarer: str | None = None
    play: str = ""
    claim: int | None = None
    result: int | None = None
    notes: dict[str, str] = Field(default_factory=dict)  # call number (1-based) -> note

    def to_board(self) -> Board:
        fields: dict[str, Any] = {
            key: value
            for key, value in self.model_dump().items()
            if value is not None and key not in {"auction", "play", "notes"}
        }
        try:
            fields["auction_notes"] = {int(n) - 1: text for n, text in self.notes.items()}
        except ValueError:
            raise RecordError(_("a note's key is the call's number, e.g. \"3\"")) from None
        # PBN markers (``^I`` before an accepted insufficient bid, ``^S``) as in a PBN file.
        calls: list[str] = []
        marks: list[RecordMark] = []
        for token in self.auction.split():
            if token.startswith("^"):
                marks.append(RecordMark(section="auction", index=len(calls), code=token))
            else:
                calls.append(token)
        fields["auction"] = expand_all_pass(calls)
        if marks:
            fields["irregularities"] = marks
        try:
            fields["play"] = split_tricks(self.play)
        except RecordError as error:
            raise error.located("board play") from None
        return Board.checked(**fields)


class ExpectedRevoke(BaseModel):
    model_config = ConfigDict(extra="forbid")
    offender: str
    trick: int
    established: bool
    transferred: int


class Expected(BaseModel):
    model_config = ConfigDict(extra="forbid")
    status: str = "complete"
    outcome: str | None = None
    pending: str | None = None  # the node the TD must answer, for needs_answer cases
    tricks_transferred: int | None = None
    declarer_tricks_played: int | None = None
    declarer_tricks_final: int | None = None
    score_ns_played: int | None = None
    score_ns_final: int | None = None
    laws: list[str] = Field(default_factory=list)  # must all be among the ruling's laws
    revokes: list[ExpectedRevoke] | None = None  # the revoke wizard's lines
    path: dict[str, str] = Field(default_factory=dict)  # node -> answer, as a check
    # Any wizard: fields that must appear with these values in the ruling's JSON
    # ``adjustment`` / ``rectification`` (other fields are not compared).
    adjustment: dict[str, Any] = Field(default_factory=dict)
    rectification: dict[str, Any] = Field(default_factory=dict)


Difficulty = Literal["first-course", "club", "tournament"]
# In the order a course teaches them; a case that does not say is a club TD's case.
DIFFICULTIES: tuple[Difficulty, ...] = ("first-course", "club", "tournament")
# Marked for the catalog; read through ``difficulty_labels()`` in the reader's language.
DIFFICULTY_LABELS: dict[str, str] = {
    "first-course": N_("First course"),
    "club": N_("Club TD"),
    "tournament": N_("Tournament TD"),
}


def difficulty_labels() -> dict[str, str]:
    """The levels' names in the reader's language, in teaching order."""
    return {value: _(label) for value, label in DIFFICULTY_LABELS.items()}


class Case(BaseModel):
    model_config = ConfigDict(extra="forbid")
    id: str = ""
    title: str
    wizard: str
    difficulty: Difficulty = "club"
    explanation: str
    laws: list[str] = Field(min_length=1)
    board: CaseBoard | None = None
    irregularity: Irregularity | None = None
    answers: dict[str, str] = Field(default_factory=dict)
    expected: Expected
    # Set on a case read in another language (see ``case_in``), never from a file.
    _text_language: str = PrivateAttr(default=DEFAULT_LANGUAGE)
    _english: Case | None = PrivateAttr(default=None)
    _text_problem: str = PrivateAttr(default="")
    _translated_texts: frozenset[str] = PrivateAttr(default=frozenset())

    @property
    def text_language(self) -> str:
        """The language its title and explanation are written in ("en" when the reader's
        language has no overlay for it: a page then marks the text as English)."""
        return self._text_language

    @property
    def text_problem(self) -> str:
        """Why the reader's language's text could not be read (its overlay is malformed:
        the file, line and fault), or empty. The case is then shown in English."""
        return self._text_problem

    def shows_english(self, field: str) -> bool:
        """Whether the irregularity's free text ``field`` (a claim's statement, a
        description) is shown in English to a reader of another language: the case has
        no overlay, or its overlay left that text untranslated."""
        return self.english is not self and field not in self._translated_texts

    @property
    def english(self) -> Case:
        """The case as its English file says: what the ruling is worked out from."""
        return self._english or self

    def run(self) -> Ruling:
        # Always the English data: an overlay's texts (a translated claim statement) are
        # for display and must never change the ruling.
        source = self.english
        board = source.board.to_board() if source.board else None
        return rule(source.wizard, board, source.irregularity, source.answers)

    def mismatches(self, ruling: Ruling) -> list[str]:
        """What differs between the ruling and the expected one (empty when it agrees)."""
        exp, problems = self.expected, []
        if ruling.status != exp.status:
            problems.append(f"status {ruling.status}, expected {exp.status}")
        if exp.outcome is not None and ruling.outcome != exp.outcome:
            problems.append(f"outcome {ruling.outcome}, expected {exp.outcome}")
        if exp.pending is not None and (
            ruling.pending is None or ruling.pending.node != exp.pending
        ):
            got = ruling.pending.node if ruling.pending else None
            problems.append(f"asks {got}, expected {exp.pending}")
        adjustment = ruling.adjustment
        for name in (
            "tricks_transferred",
            "declarer_tricks_played",
            "declarer_tricks_final",
            "score_ns_played",
            "score_ns_final",
        ):
            want = getattr(exp, name)
            got = getattr(adjustment, name) if adjustment else None
            if want is not None and got != want:
                problems.append(f"{name} {got}, expected {want}")
        missing = [a for a in exp.laws if a not in ruling.laws]
        if missing:
            problems.append(f"laws {ruling.laws} lack {missing}")
        dumped = ruling.model_dump(mode="json")
        if exp.revokes is not None:
            got_lines = [
                (r["offender"], r["trick"], r["established"], r["transferred"])
                for r in (dumped["adjustment"] or {}).get("revokes", [])
            ]
            want_lines = [(r.offender, r.trick, r.established, r.transferred) for r in exp.revokes]
            if got_lines != want_lines:
                problems.append(f"revokes {got_lines}, expected {want_lines}")
        for part in ("adjustment", "rectification"):
            got_part = dumped[part] or {}
            for name, want in getattr(exp, part).items():
                got_value = _dotted(got_part, name)
                if got_value != want:
                    problems.append(f"{part}.{name} {got_value!r}, expected {want!r}")
        answered = {step.node: step.answer for step in ruling.path}
        for node, answer in exp.path.items():
            if answered.get(node) != answer:
                problems.append(f"path {node}={answered.get(node)}, expected {answer}")
        return problems


def _dotted(data: dict[str, Any], name: str) -> Any:
    """``by_side.NS.imps`` reaches into nested objects (TOML has no null to compare)."""
    value: Any = data
    for part in name.split("."):
        value = value.get(part) if isinstance(value, dict) else None
    return value


def case_id(path: Path) -> str:
    return f"{path.parent.name}/{path.stem}"


_M = TypeVar("_M", bound=BaseModel)


def _read_model(path: Path, where: str, model: type[_M]) -> tuple[_M, str]:
    """A TOML file read into ``model``, with its text (to find a line in later); a
    RecordError names the file, the line and the field."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise RecordError(
            _("cannot read the file ({error})").format(error=error), where=where
        ) from None
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise RecordError(_("not valid TOML: {error}").format(error=error), where=where) from None
    try:
        return model.model_validate(data), text
    except ValidationError as error:
        loc = [str(part) for part in error.errors()[0].get("loc", ())]
        line = _line_of(text, loc)
        raise record_error_from(error).located(f"{where} line {line}") from None


def load_case(path: Path) -> Case:
    """Read one case file; a RecordError names the file, the line and the field."""
    where = case_id(path) + ".toml"
    case, text = _read_model(path, where, Case)
    folder = path.resolve().parent.name
    if case.wizard != folder:
        raise RecordError(
            _("wizard = '{wizard}' but the file is in the folder '{folder}'").format(
                wizard=case.wizard, folder=folder
            ),
            where=f"{where} line {_line_of(text, ['wizard'])}",
        )
    return case.model_copy(update={"id": case_id(path)})


NonEmptyText = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1)]
# The irregularity's free texts a case may carry, by the field of the report.
OVERLAY_IRREGULARITY_TEXTS = ("statement", "description", "explanation")


class CaseIrregularityText(BaseModel):
    model_config = ConfigDict(extra="forbid")
    statement: NonEmptyText | None = None
    description: NonEmptyText | None = None
    explanation: NonEmptyText | None = None


class CaseText(BaseModel):
    """A case's text in another language, from ``<stem>.<lang>.toml`` beside the case."""

    model_config = ConfigDict(extra="forbid")
    title: NonEmptyText
    explanation: NonEmptyText
    irregularity: CaseIrregularityText | None = None


def overlay_path(path: Path, language: str) -> Path:
    """Where the case file ``path`` keeps its text in ``language``."""
    return path.with_name(f"{path.stem}.{language}.toml")


def overlay_files(wizard: str | None = None) -> list[Path]:
    """Every overlay of the library (files named ``<stem>.<lang>.toml``)."""
    return _library_files(wizard, dots=2)


def load_overlay(path: Path, case: Case | None = None) -> CaseText:
    """Read one overlay; a RecordError names the file, the line and the field. With the
    English ``case``, an irregularity text the case does not have is an error too."""
    where = f"{path.parent.name}/{path.name}"
    overlay, text = _read_model(path, where, CaseText)
    if case is not None and overlay.irregularity is not None:
        for name, value in overlay.irregularity.model_dump(exclude_none=True).items():
            if value and not getattr(case.irregularity, name, ""):
                raise RecordError(
                    _("the English case has no irregularity {field} to translate").format(
                        field=name
                    ),
                    where=f"{where} line {_line_of(text, ['irregularity', name])}",
                )
    return overlay


def case_in(case: Case, path: Path, language: str) -> Case:
    """``case`` (read from ``path``) with its texts in ``language`` where an overlay has
    them. A malformed overlay never stops a page or a ruling: the case is shown in
    English, with the overlay's fault (file, line, field) in ``text_problem``;
    ``td-assist cases check`` reports it too. English asks for no overlay."""
    if language == DEFAULT_LANGUAGE:
        return case
    overlay = overlay_path(path, language)
    return _case_in(case, str(overlay), language, file_stamp(overlay))


def _case_in(case: Case, overlay: str, language: str, stamp: tuple[int, int]) -> Case:
    key = (id(case), language, stamp)
    found = _TEXTS_SHOWN.get(key)
    if found is not None and found[0] is case:  # the object itself, not a reused id
        return found[1]
    shown = _case_text(case, Path(overlay), language, overlay_there=stamp != (0, 0))
    if len(_TEXTS_SHOWN) >= _TEXTS_SHOWN_LIMIT:
        _TEXTS_SHOWN.clear()
    _TEXTS_SHOWN[key] = (case, shown)
    return shown


# One object per English case, language and overlay as last saved, so that what a page
# makes once per case object (its ruling, its practice questions) is made per language.
_TEXTS_SHOWN: dict[tuple[int, str, tuple[int, int]], tuple[Case, Case]] = {}
_TEXTS_SHOWN_LIMIT = 2048


def _case_text(case: Case, overlay_file: Path, language: str, overlay_there: bool) -> Case:
    shown = case.model_copy()
    shown._english = case
    if overlay_there:
        try:
            overlay = load_overlay(overlay_file, case)
        except RecordError as error:
            shown._text_problem = str(error)
            return shown
        update: dict[str, Any] = {"title": overlay.title, "explanation": overlay.explanation}
        texts: dict[str, str] = {}
        if overlay.irregularity is not None and case.irregularity is not None:
            texts = overlay.irregularity.model_dump(exclude_none=True)
            update["irregularity"] = case.irregularity.model_copy(update=texts)
        shown = case.model_copy(update=update)
        shown._english = case
        shown._text_language = language
        shown._translated_texts = frozenset(texts)
    return shown


def in_language(case: Case, language: str | None = None) -> Case:
    """A case of the library (as ``load_cases`` or ``get_case`` gave it) with its texts in
    ``language`` (the reader's, unless given)."""
    english = case.english
    wanted = _reader_language(language)
    if wanted == DEFAULT_LANGUAGE:  # no overlay to look for: no path to build (law pages)
        return english
    path = content_dir("rulings") / "cases" / f"{english.id}.toml"
    return case_in(english, path, wanted)


def _reader_language(language: str | None) -> str:
    return known_language(language) or current_language()


def _line_of(text: str, loc: list[str]) -> int:
    """The line a pydantic location points at: the key's line, else its table's, else 1."""
    lines = text.splitlines()
    keys = [part for part in loc if not part.isdigit()]

    def first(pattern: str, start: int = 0, stop_at_table: bool = False) -> int | None:
        for number in range(start, len(lines)):
            if stop_at_table and number > start and lines[number].lstrip().startswith("["):
                return None
            if re.match(pattern, lines[number]):
                return number
        return None

    if not keys:
        return 1
    header = rf"^\s*\[\s*{re.escape(keys[0])}\s*\]"
    top_key = rf"^\s*{re.escape(keys[0])}\s*="
    table = first(header)
    if table is not None and len(keys) > 1:
        inner = first(rf"^\s*{re.escape(keys[1])}\s*=", table, stop_at_table=True)
        return (inner if inner is not None else table) + 1
    found = first(top_key)
    if found is None:
        found = table
    return found + 1 if found is not None else 1


def get_case(identifier: str, language: str | None = None) -> Case:
    """The case ``wizard/name`` (as ``cases list`` shows it) with its texts in ``language``
    (the reader's, unless given); a RecordError if there is none."""
    wizard, sep, name = identifier.strip().removesuffix(".toml").partition("/")
    safe_name = bool(name) and not name.startswith(".") and not set(name) & {"/", "\\"}
    if sep and wizard.replace("-", "").isalnum() and safe_name:
        path = content_dir("rulings") / "cases" / wizard / f"{name}.toml"
        try:
            found = path.is_file()
        except OSError:  # e.g. a name longer than the file system allows: no such case
            found = False
        if found:
            case = _case_as_saved(path, file_stamp(path))
            return case_in(case, path, _reader_language(language))
    raise RecordError(
        _("there is no case '{identifier}' (see: td-assist cases list)").format(
            identifier=identifier
        )
    )


def case_files(wizard: str | None = None) -> list[Path]:
    """Every case file of the library (``<stem>.toml``; not their overlays)."""
    return _library_files(wizard, dots=1)


def _library_files(wizard: str | None, dots: int) -> list[Path]:
    """The library's ``.toml`` files (of one wizard, or all) whose names hold ``dots``
    dots: 1 for the cases, 2 for their texts in another language."""
    base = content_dir("rulings") / "cases"
    folders = [base / wizard] if wizard else sorted(p for p in base.iterdir() if p.is_dir())
    return sorted(
        path
        for folder in folders
        if folder.is_dir()
        for path in folder.glob("*.toml")
        if path.name.count(".") == dots
    )


def load_cases(wizard: str | None = None, language: str | None = None) -> list[Case]:
    """Every case (of ``wizard``) with its texts in ``language`` (the reader's, unless
    given), read once per process and again only when a folder of the library changes (a
    case added, removed or saved by renaming, as editors do): the law, case and practice
    pages ask for the whole library on every request. An overlay is looked at on every
    call (one stat each), so a translator's edit shows at once."""
    base, stamps = library_stamp()
    cases = _library(base, wizard, stamps)
    chosen = _reader_language(language)
    if chosen == DEFAULT_LANGUAGE:
        return list(cases)
    overlays = _overlay_names(base, wizard, stamps, chosen)
    return [
        _case_in(case, overlay, chosen, _stamp_of(overlay))
        for case, overlay in zip(cases, overlays, strict=True)
    ]


@lru_cache(maxsize=64)  # per wizard and language, for the library as it is
def _overlay_names(
    base: Path, wizard: str | None, stamps: object, language: str
) -> tuple[str, ...]:
    """Where each case of ``_library`` keeps its text in ``language``, as plain strings:
    looking at a few hundred overlays per page must cost a stat each, no more."""
    return tuple(
        str(overlay_path(base / f"{case.id}.toml", language))
        for case in _library(base, wizard, stamps)
    )


def _stamp_of(name: str) -> tuple[int, int]:
    try:
        stat = os.stat(name)
    except OSError:
        return (0, 0)
    return (stat.st_mtime_ns, stat.st_size)


def library_stamp() -> tuple[Path, tuple[tuple[str, int, int], ...]]:
    """The library's folder and the state of its folders: what a cache of anything
    made from the cases is keyed on."""
    base = content_dir("rulings") / "cases"
    return base, recently(("case library", base), lambda: _folder_stamps(base))


@lru_cache(maxsize=16)  # per wizard and the whole library, as the folders last were
def _library(base: Path, wizard: str | None, _stamps: object) -> tuple[Case, ...]:
    return tuple(_case_as_saved(path, file_stamp(path)) for path in case_files(wizard))


@lru_cache(maxsize=512)  # a few hundred case files at most, each as last saved
def _case_as_saved(path: Path, _stamp: object) -> Case:
    return load_case(path)


def _folder_stamps(base: Path) -> tuple[tuple[str, int, int], ...]:
    """The library's folders as they are now: a dozen stat calls, not one per case."""
    try:
        # scandir knows which entries are folders without a stat call each (every law
        # page asks for this stamp)
        with os.scandir(base) as entries:
            folders = sorted(entry.path for entry in entries if entry.is_dir())
    except OSError:
        return ()
    return tuple((os.path.basename(p), *_stamp_of(p)) for p in (str(base), *folders))
