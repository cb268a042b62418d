"""Rulings kept while the server runs, for the wizard pages and the ruling API (issue 29).

Working a ruling out (the walk of the tree, the wizard's facts and texts) was a quarter
of a wizard page and half of a ruling POST, and a page asked again (the back button, a
permalink, a second phone) or a board POSTed again asks for the same ruling. A ruling
is made only from the wizard (its code, fixed while the process runs, and its trees),
the board, the irregularity, the answers, the mode and the reader's language, so it is
kept under those: the wizard, the board and the trees by identity (``Same``: each held in
the key, so its id cannot pass to another object while the ruling is kept; a Board is frozen, the
web's boards are the ones read once and kept, web/boards.py and the API's
``parse_request``), the rest by value. A bad answer raises its error every time (an
error is never kept), and each caller gets its own copy of the ruling's fields, so a
page that replaces one (``with_results_check``) never changes the kept one. The API
keeps the JSON it sent under the same key, not the ruling (``kept_ruling_text``): a
ruling POSTed again is sent as it was, without working it out or dumping it again.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import NamedTuple

from td_assist.bridge.board import Board
from td_assist.i18n import current_language
from td_assist.kept import Kept, Same
from td_assist.rulings.engine.model import IrregularityReport, Ruling
from td_assist.rulings.engine.registry import get_tree, load_wizards, rule
from td_assist.rulings.engine.walk import Mode

RULINGS_KEPT = 256  # the walks on tonight's boards, in each language
LONGEST_ANSWERS_KEPT = 4000  # characters of answers: every real walk; padded ones are worked out


_kept: Kept[Hashable, Ruling] = Kept(RULINGS_KEPT)
# The text of a kept ruling, by the ruling (its identity) and how the text is written.
_texts: Kept[Hashable, str] = Kept(RULINGS_KEPT)


def _trees(wizard_name: str) -> tuple[object, ...]:
    """The trees the wizard walks in the reader's language: its own and those of the
    wizards it hands on to, and theirs."""
    wizards = load_wizards()
    names, found = [wizard_name], []
    while names and len(found) <= len(wizards):
        name = names.pop()
        found.append(get_tree(name))
        names += [other for other in wizards[name].hands_on_to if other in wizards]
    return tuple(found)


def kept_ruling_and_copy(
    wizard_name: str,
    board: Board | None,
    report: IrregularityReport | None,
    answers: dict[str, str],
    mode: Mode,
) -> tuple[Ruling | None, Ruling]:
    """The kept ruling (shared: never to be changed; a page kept per ruling names it by
    identity), or None when it is not kept, and the caller's own copy of it."""
    kept, ruling = _kept_or_made(Asked(wizard_name, board, report, answers, mode))
    return kept, ruling.model_copy() if kept is not None else ruling


class Asked(NamedTuple):
    """What a ruling is asked on: ``rule``'s arguments."""

    wizard_name: str
    board: Board | None
    report: IrregularityReport | None
    answers: dict[str, str]
    mode: Mode


def kept_ruling_text(asked: Asked, text: Callable[[Ruling], str], how: Hashable) -> str:
    """``text(rule(*asked))``, made once per ruling asked and ``how`` (what else ``text``
    depends on: the JSON's indentation) and kept; the ruling itself is not kept.

    The API's boards are its own (read once and kept by ``parse_request``), never a
    page's, so a ruling kept for a POST could only be dumped again: keeping the text
    alone spares each new POST keeping a ruling's hundred-odd objects, which the
    garbage collector then walks while they are kept (issue 29)."""
    key = _key(asked)
    if key is None:
        return text(rule(*asked))
    found = _texts.get((key, how))
    if found is None:
        found = text(rule(*asked))
        _texts.put((key, how), found)
    return found


def _key(asked: Asked) -> tuple[Hashable, ...] | None:
    """What a ruling is kept under, or None when it is not to be kept (an unknown
    wizard gets its own error; answers too long to keep)."""
    wizard_name, board, report, answers, mode = asked
    wizards = load_wizards()
    if wizard_name not in wizards or (
        sum(len(name) + len(value) for name, value in answers.items()) > LONGEST_ANSWERS_KEPT
    ):  # its own error, or no room
        return None
    things = (wizards[wizard_name], board, *_trees(wizard_name))
    said = report.model_dump_json() if report is not None else None
    return (
        wizard_name,
        mode,
        current_language(),
        said,
        type(report),
        tuple(answers.items()),
        *(Same(thing) for thing in things),
    )


def _kept_or_made(asked: Asked) -> tuple[Ruling | None, Ruling]:
    """The kept ruling twice (made now if need be), or None and a ruling not to keep."""
    key = _key(asked)
    if key is None:
        return None, rule(*asked)
    found = _kept.get(key)
    if found is not None:
        return found, found
    made = rule(*asked)
    _kept.put(key, made)
    return made, made


def forget() -> None:
    """Forget every kept ruling (a test: as a server just started)."""
    _kept.clear()
    _texts.clear()
