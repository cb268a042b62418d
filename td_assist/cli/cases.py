"""``td-assist cases list|show|check``: the case library from the command line.

``check`` is what a course writer runs after adding a case file: every case is run
against the engine and any that disagrees with its expected ruling is printed; every
translated text (``<stem>.<lang>.toml``) is read too, and one with no English case, an
unknown language or key, or an empty text is printed. ``list`` and ``show`` print the
cases in the language of ``--lang`` where they have been translated.
"""

from __future__ import annotations

import argparse
import json
from dataclasses import dataclass
from pathlib import Path

from td_assist.bridge.errors import RecordError
from td_assist.cli.rule import print_ruling
from td_assist.i18n import DEFAULT_LANGUAGE, LANGUAGES, _, current_language
from td_assist.lawbook.model import display_anchor
from td_assist.rulings.engine.registry import load_wizards
from td_assist.training.case_story import claim_line, reported
from td_assist.training.cases import (
    Case,
    case_files,
    case_in,
    difficulty_labels,
    get_case,
    load_case,
    load_overlay,
    overlay_files,
)

EXIT_DISAGREE = 1


@dataclass
class CaseCheck:
    case_id: str
    problems: list[str]


def check_all(wizard: str | None = None) -> tuple[int, list[CaseCheck]]:
    """How many case files were checked, and those that fail to load or disagree (and
    the translated texts that fail to read, named by their file)."""
    failures, paths = [], case_files(wizard)
    for path in paths:
        name = f"{path.parent.name}/{path.stem}"
        try:
            case = load_case(path)
            problems = case.mismatches(case.run())
        except RecordError as error:
            problems = [str(error)]
        if problems:
            failures.append(CaseCheck(name, problems))
    overlays = overlay_files(wizard)
    for path in overlays:
        problems = overlay_problems(path)
        if problems:
            failures.append(CaseCheck(f"{path.parent.name}/{path.name}", problems))
    return len(paths), failures


def overlay_problems(path: Path) -> list[str]:
    """What is wrong with one translated text: its English case, language, keys, texts."""
    stem, _dot, language = path.name.removesuffix(".toml").rpartition(".")
    if language not in LANGUAGES or language == DEFAULT_LANGUAGE:
        known = ", ".join(code for code in LANGUAGES if code != DEFAULT_LANGUAGE)
        return [
            _("'{language}' is not a language td-assist translates into ({known})").format(
                language=language, known=known
            )
        ]
    english = path.with_name(f"{stem}.toml")
    if not english.is_file():
        return [_("there is no English case {name} beside it").format(name=english.name)]
    try:
        load_overlay(path, load_case(english))
    except RecordError as error:
        return [str(error)]
    return []


def _summary(case: Case) -> dict[str, object]:
    return {
        "id": case.id,
        "wizard": case.wizard,
        "title": case.title,
        "laws": case.laws,
        "difficulty": case.difficulty,
    }


def _known_wizard(name: str | None) -> str | None:
    if name is not None and name not in load_wizards():
        raise RecordError(
            _("unknown wizard '{wizard}' (available: {list})").format(
                wizard=name, list=", ".join(load_wizards())
            )
        )
    return name


def _english_only(case: Case) -> str:
    """A note after a text the reader's language has no translation of."""
    return "" if case.text_language == current_language() else " " + _("(English only)")


def _cmd_list(args: argparse.Namespace) -> int:
    language = current_language()
    cases = [
        case_in(load_case(path), path, language) for path in case_files(_known_wizard(args.wizard))
    ]
    if args.json:
        print(json.dumps([_summary(case) for case in cases], indent=2, ensure_ascii=False))
        return 0
    for case in cases:
        laws = ", ".join(case.laws)
        print(f"{case.id}  [{case.difficulty}]  ({laws})\n    {case.title}{_english_only(case)}")
    print("\n" + _("{count} cases").format(count=len(cases)))
    return 0


def _cmd_show(args: argparse.Namespace) -> int:
    case = get_case(args.id)
    ruling = case.run()
    if args.json:
        print(json.dumps({**_summary(case), "ruling": ruling.summary()}, indent=2))
        return 0
    print(f"{case.id}: {case.title}{_english_only(case)}")
    if case.text_problem:
        print(
            _(
                "The translation of this case cannot be read, so it is shown in English: {problem}"
            ).format(problem=case.text_problem)
        )
    print(
        _("Difficulty: {level}   Laws: {laws}").format(
            level=difficulty_labels().get(case.difficulty, case.difficulty),
            laws=", ".join(map(display_anchor, case.laws)),
        )
    )
    board = case.board.to_board() if case.board else None
    if board is not None:
        print(_("Deal: {deal}").format(deal=case.board.deal if case.board else ""))
        if case.board and case.board.auction:
            print(_("Auction: {auction}").format(auction=case.board.auction))
        if case.board and case.board.play:
            print(_("Play: {play}").format(play=case.board.play))
    # what was reported, told in sentences as the case page tells it (not a data dump)
    told = [claim_line(board), *reported(case.irregularity, board)]
    if any(told):
        print(_("Reported at the table") + ":")
        for sentence in filter(None, told):
            print(f"  {sentence}")
    print(f"\n{case.explanation.strip()}\n")
    print(_("Model walk and ruling:"))
    print_ruling(ruling, board)
    return 0


def _cmd_check(args: argparse.Namespace) -> int:
    checked, failures = check_all(_known_wizard(args.wizard))
    for failure in failures:
        print(f"{failure.case_id}:")
        for problem in failure.problems:
            print(f"    {problem}")
    # A translation is named by its file (``revoke/01-x.de.toml``), a case by its id.
    unreadable = [f for f in failures if f.case_id.endswith(".toml")]
    disagree = len(failures) - len(unreadable)
    translated = len(overlay_files(args.wizard))
    if disagree:
        print(
            "\n"
            + _("{count} of {checked} cases disagree with the engine").format(
                count=disagree, checked=checked
            )
        )
    if unreadable:
        print(
            _("{count} of {translated} translated case texts cannot be read").format(
                count=len(unreadable), translated=translated
            )
        )
    if failures:
        return EXIT_DISAGREE
    print(_("All {checked} cases agree with the engine").format(checked=checked))
    if translated:
        print(_("All {translated} translated case texts read well").format(translated=translated))
    return 0


def register(commands: argparse._SubParsersAction) -> None:
    from td_assist.i18n import _  # local: keeps this apart from the cases imports being reworked

    cases = commands.add_parser(
        "cases", help=_("the library of worked cases: list, show, check")
    ).add_subparsers(dest="cases_command", metavar="ACTION", required=True)
    listing = cases.add_parser("list", help=_("every case with its wizard, laws and difficulty"))
    listing.add_argument("--wizard", help=_("only this wizard's cases"))
    listing.add_argument("--json", action="store_true", help=_("print JSON"))
    listing.set_defaults(handler=_cmd_list)
    show = cases.add_parser("show", help=_("one case: the situation, the model walk and ruling"))
    show.add_argument(
        "id", help=_("the case id as listed, e.g. revoke/01-defender-ruffs-two-tricks")
    )
    show.add_argument("--json", action="store_true", help=_("print JSON"))
    show.set_defaults(handler=_cmd_show)
    check = cases.add_parser(
        "check", help=_("run every case against the engine; exit 1 if any disagrees")
    )
    check.add_argument("--wizard", help=_("only this wizard's cases"))
    check.set_defaults(handler=_cmd_check)
