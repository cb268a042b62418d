"""``td-assist law`` and ``td-assist laws import|check|overlap``."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import TYPE_CHECKING

from td_assist.i18n import _, current_language
from td_assist.lawbook.book import Lawbook, UnknownLaw, get_lawbook
from td_assist.lawbook.model import LANGUAGES, LAW_WORD, LawFileError, display_anchor
from td_assist.lawbook.refs import find_references, normalise_reference
from td_assist.lawbook.render import labels, section_text
from td_assist.lawbook.settings import DEFAULT_MIN_WORDS, MIN_WORDS_FLOOR, OFFICIAL_FILE

if TYPE_CHECKING:
    from td_assist.lawbook.official import OfficialText


class CommandError(Exception):
    """Shown to the user as one line; exit status 2."""


LANG_ENV = "TD_ASSIST_LANG"

# Said when a law has no German file yet and the English one is shown instead.
_FALLBACK_NOTE = {
    "de": "{law} gibt es noch nicht auf Deutsch; hier steht der englische Text.",
}


def reader_language(args: argparse.Namespace) -> str:
    """The lawbook's language: this command's ``--lang``, else the reader's language (the
    global ``--lang``, TD_ASSIST_LANG; td_assist.i18n), else English. A language asked
    for by name that the lawbook is not written in is an error."""
    asked = getattr(args, "lang", None)
    if not asked:
        reader = current_language()
        return reader if reader in LANGUAGES else "en"
    lang = asked.strip().lower()[:10].split("_")[0].split("-")[0] or "en"
    if lang not in LANGUAGES:
        raise CommandError(
            _("no lawbook in '{lang}'; --lang takes one of {languages}").format(
                lang=lang, languages=", ".join(LANGUAGES)
            )
        )
    return lang


def _cmd_law(args: argparse.Namespace) -> int:
    reference = " ".join(args.reference)
    lang = reader_language(args)
    try:
        book = get_lawbook()
        section = book.find(reference)
        if lang != "en":
            number = book.law_of(section).number
            translated = get_lawbook(lang=lang)
            if (number and translated.has_law(number)) or section.anchor in translated.sections:
                book, section = translated, translated.sections[section.anchor]
            else:
                shown_law = display_anchor(str(number), lang) if number else section.display
                print(_FALLBACK_NOTE[lang].format(law=shown_law) + "\n")
    except (UnknownLaw, LawFileError) as error:
        raise CommandError(str(error)) from None
    except KeyError as error:  # a German law lacking a section the English one has
        raise CommandError(
            _("the {lang} lawbook lacks section {anchor}").format(lang=lang, anchor=error.args[0])
        ) from None
    official = _official_if_imported(book.lang)
    texts = official.sections if official else None
    if args.json:
        from td_assist.lawbook.law_json import section_json

        law = book.law_of(section)
        data = section_json(section, texts).model_dump()
        data["law"] = {"number": law.number, "title": law.title}
        if section.depth == 0:
            data["commentary"] = law.commentary
        print(json.dumps(data, indent=2, ensure_ascii=False))
        return 0
    words = labels(book.lang)
    print(section_text(section), end="")
    if section.depth == 0 and book.law_of(section).commentary:
        print(f"\n{words['practice']} {words['not_the_law']}\n")
        print(book.law_of(section).commentary)
    if texts and section.anchor in texts:
        print(f"\n{words['official']} ({section.display}):\n  {texts[section.anchor]}")
    return 0


def _official_if_imported(lang: str = "en") -> OfficialText | None:
    """The imported official text; its reader (pydantic) is loaded only when a club has
    imported one, so `td-assist law` stays quick for the others."""
    from td_assist.paths import user_dir

    name = OFFICIAL_FILE if lang == "en" else OFFICIAL_FILE.replace(".json", f".{lang}.json")
    if not (user_dir() / name).exists():
        return None
    from td_assist.lawbook.official import load_official

    return load_official(lang)


def _cmd_laws_import(args: argparse.Namespace) -> int:
    from td_assist.lawbook.official import ImportProblem, import_official

    lang = reader_language(args)
    try:
        official = import_official(Path(args.file), lang)
    except ImportProblem as error:
        raise CommandError(str(error)) from None
    book = get_lawbook(lang=lang)
    matched = sum(1 for anchor in official.sections if anchor in book.sections)
    print(
        _(
            "Imported {sections} sections of {laws} laws from {source}; "
            "{matched} match our anchors."
        ).format(
            sections=len(official.sections),
            laws=len(official.titles),
            source=official.source,
            matched=matched,
        )
    )
    missing = [
        a
        for a in book.sections
        if (a[:1].isascii() and a[:1].isdigit()) and a not in official.sections
    ]
    if missing:
        print(
            _("{count} of our sections have no official text, e.g. {examples}").format(
                count=len(missing), examples=", ".join(missing[:8])
            )
        )
    return 0


def _cmd_laws_check(args: argparse.Namespace) -> int:
    lang = reader_language(args)
    try:
        book = get_lawbook(lang=lang)
        english = get_lawbook()
    except LawFileError as error:
        raise CommandError(str(error)) from None
    numbers = {law.number for law in book.laws}
    problems = [
        _("{law} is missing").format(law=f"{LAW_WORD[lang]} {n}")
        for n in range(1, 94)
        if n not in numbers
    ]
    if lang != "en":  # the same anchors as the English, law by law
        for law in book.laws:
            ours = {s.anchor for s in law.sections()}
            theirs = {s.anchor for s in english.law(law.number).sections()}
            problems += [
                _("{file}: no section {anchor}").format(file=law.source.name, anchor=a)
                for a in sorted(theirs - ours)
            ]
            problems += [
                _("{file}: {anchor} is not in English").format(file=law.source.name, anchor=a)
                for a in sorted(ours - theirs)
            ]
        problems += translation_reference_problems(book, english)
    problems += [  # a German reference may point to a law not yet written in German
        _("{where}: reference '{text}' leads nowhere").format(where=u.source, text=u.text)
        for u in book.unresolved_references()
        if lang == "en" or normalise_reference(u.text) not in english.sections
    ]
    for line in problems:
        print(line)
    print(
        _("{laws} laws, {sections} sections, {problems} problems").format(
            laws=len(book.laws), sections=len(book.sections), problems=len(problems)
        )
    )
    return 1 if problems else 0


def translation_reference_problems(book: Lawbook, english: Lawbook) -> list[str]:
    """Where a translated section (or a law's "In practice" notes) cites other laws than
    the English one does: a reference lost or gained in translation most likely lost or
    gained a rule (the section-by-section review of issue 36)."""
    problems = []

    def compare(where: str, english_text: str, translated_text: str) -> None:
        cited_en = {ref.anchor for ref in find_references(english_text)}
        cited_here = {ref.anchor for ref in find_references(translated_text)}
        shown = ", ".join
        if cited_en - cited_here:
            problems.append(
                _("{where}: the English cites {laws}, this text does not").format(
                    where=where, laws=shown(sorted(cited_en - cited_here))
                )
            )
        if cited_here - cited_en:
            problems.append(
                _("{where}: this text cites {laws}, the English does not").format(
                    where=where, laws=shown(sorted(cited_here - cited_en))
                )
            )

    for law in [*book.laws, *book.named.values()]:
        theirs = english.law(law.number) if law.number else english.named.get(law.anchor)
        if theirs is None:
            continue
        for section in law.sections():
            original = english.get(section.anchor)
            if original is not None:
                compare(f"{law.source.name} {section.anchor}", original.text, section.text)
        if law.commentary:
            compare(
                _("{file} (In practice)").format(file=law.source.name),
                theirs.commentary,
                law.commentary,
            )
    return problems


def _cmd_laws_overlap(args: argparse.Namespace) -> int:
    from td_assist.lawbook.official import load_official
    from td_assist.lawbook.overlap import find_overlaps

    lang = reader_language(args)
    official = load_official(lang)
    if official is None:
        also = "" if lang == "en" else f" --lang {lang}"
        raise CommandError(
            _(
                "no official text imported; run '{command}' first "
                "(FILE: the official 2017 Laws saved as plain text)"
            ).format(command=f"td-assist laws import FILE{also}")
        )
    if args.min_words < MIN_WORDS_FLOOR:
        raise CommandError(
            _("--min-words must be at least {floor} (got {given})").format(
                floor=MIN_WORDS_FLOOR, given=args.min_words
            )
        )
    try:
        book = get_lawbook(lang=lang)
    except LawFileError as error:
        raise CommandError(str(error)) from None
    try:
        report = find_overlaps(book, official, args.min_words)
    except ValueError as error:  # a malformed allow-list
        raise CommandError(str(error)) from None
    if args.json:
        print(report.model_dump_json(indent=2))
        return 1 if report.runs else 0
    for run in report.runs:
        if run.official_anchor == run.anchor:
            line = _("{anchor}: {words} words: {shared}")
        else:
            line = _("{anchor} (official {official}): {words} words: {shared}")
        print(
            line.format(
                anchor=run.anchor, official=run.official_anchor, words=run.words, shared=run.shared
            )
        )
    counts = {
        "runs": len(report.runs),
        "min_words": report.min_words,
        "passages": report.compared_sections,
        "laws": report.compared_laws,
        "allowed": report.allowed_passages,
    }
    if report.allowed_passages:
        summary = _(
            "{runs} runs of {min_words}+ words shared with the official text ({passages} of "
            "our passages in {laws} laws compared; {allowed} allow-listed defined lists left "
            "out, see laws/overlap-allowed.toml)"
        )
    else:
        summary = _(
            "{runs} runs of {min_words}+ words shared with the official text ({passages} of "
            "our passages in {laws} laws compared)"
        )
    print(summary.format(**counts))
    return 1 if report.runs else 0


def _min_words(value: str) -> int:
    try:
        return int(value)
    except ValueError:
        raise argparse.ArgumentTypeError(
            _("expected a whole number, got {value}").format(value=repr(value))
        ) from None


def _add_lang(command: argparse.ArgumentParser) -> None:
    """``--lang de`` on a lawbook command; without it the global ``--lang`` (when the
    program has one) or TD_ASSIST_LANG decides. SUPPRESS keeps a global value."""
    command.add_argument(
        "--lang",
        default=argparse.SUPPRESS,
        metavar="LANG",
        help=_("the lawbook's language: {languages} (default: {variable} or en)").format(
            languages=", ".join(LANGUAGES), variable=LANG_ENV
        ),
    )


def register(commands: argparse._SubParsersAction) -> None:
    law = commands.add_parser(
        "law",
        help=_("print a law or subsection, e.g. 64, 64B3, 12c1(c)"),
        description=_("Examples: td-assist law 64; td-assist law 12C1(c) --json"),
    )
    law.add_argument("reference", nargs="+", help=_("law number or anchor"))
    law.add_argument("--json", action="store_true", help=_("print JSON"))
    _add_lang(law)
    law.set_defaults(handler=_cmd_law)

    laws = commands.add_parser(
        "laws", help=_("manage the lawbook (import the official text, check, overlap)")
    )
    sub = laws.add_subparsers(dest="laws_command", metavar="ACTION", required=True)
    importer = sub.add_parser(
        "import", help=_("import the official 2017 text your club owns (plain text file)")
    )
    importer.add_argument("file", help=_("the official text saved as plain text"))
    _add_lang(importer)
    importer.set_defaults(handler=_cmd_laws_import)
    check = sub.add_parser("check", help=_("check laws/ for format errors and broken references"))
    _add_lang(check)
    check.set_defaults(handler=_cmd_laws_check)
    overlap = sub.add_parser(
        "overlap",
        help=_("list wording laws/ shares with the imported official text"),
        description=_(
            "Compares laws/ with the official text imported by 'td-assist laws import' and "
            "lists every run of N or more consecutive words (ignoring case and punctuation) "
            "the two share, naming our section. Exit status 1 when any run is found."
        ),
    )
    overlap.add_argument(
        "--min-words",
        type=_min_words,
        default=DEFAULT_MIN_WORDS,
        metavar="N",
        help=_("shortest run to report (default {count})").format(count=DEFAULT_MIN_WORDS),
    )
    overlap.add_argument("--json", action="store_true", help=_("print JSON"))
    _add_lang(overlap)
    overlap.set_defaults(handler=_cmd_laws_overlap)
