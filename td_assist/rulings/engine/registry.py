"""The wizards: a registry of them, and ``rule()``, the one entry point.

Every shell (the command line, the JSON API, the tablet pages, the law pages, the
case library) goes through this registry and knows nothing of any one wizard. The
registry knows the wizards only by the module names in ``WIZARD_MODULES``.

How to add a wizard (say ``penalty-card``), touching no other wizard's code:

1. ``rulings/penalty-card.toml``: its decision tree (the file name is the wizard's
   name, which is also its CLI/API/URL name).
2. ``rulings/cases/penalty-card/``: its worked cases, at least one reaching each
   outcome node.
3. ``td_assist/rulings/wizards/penalty_card.py`` (or a package
   ``wizards/penalty_card/`` when it needs more than one file: ``report.py`` with the
   report and what is read before the walk, ``facts.py``, ``rectification.py``, and
   ``__init__.py`` with ``rule`` and the ``register(...)`` call; list the package in
   pyproject.toml's ``packages``), holding everything of that wizard and importing no
   other wizard (tests/test_import_rules.py):

   - its irregularity report, registered by kind::

         @irregularity_kind
         class PenaltyCardReport(IrregularityReport):
             kind: Literal["penalty_card"] = "penalty_card"
             offender: Seat | None = None

   - ``FACTS = FactTable()`` and ``@FACTS.register("name")`` functions that answer
     the tree's fact nodes from the record (``td_assist.rulings.engine.facts``);
   - ``rule(board, report, answers, mode) -> Ruling``: walk the tree with
     ``walk_wizard`` (or ``engine.walk.walk`` directly, several times if need be),
     return ``pending_ruling(...)`` while a question is open, else
     ``outcome_ruling(...)`` with the wizard's ``rectification`` (its own pydantic
     model; it is stored as its JSON dict) and, when the score changes, an
     ``Adjustment`` (subclass it to add fields);
   - ``register(Wizard(name="penalty-card", title=..., laws=..., kind="penalty_card",
     rule=rule, facts=FACTS, computations={...}))`` at the end of the module (of
     the package's ``__init__.py``).

   What it shares with other wizards (penalty cards, lead restrictions, who plays the
   hand, Law 12C scores) it takes from ``td_assist.rulings.procedures``; a procedure
   two wizards need goes there, not into either wizard. A wizard that hands on to
   another (a refused lead out of turn leaves a penalty card) lists it in
   ``hands_on_to`` and calls ``hand_on(name, ...)`` below.
4. One line in ``WIZARD_MODULES`` below.

Answers every wizard accepts about the table result, for a hand record that has the
deal but no auction (the club path): ``contract`` (``4HX``), ``declarer`` (a seat) and
``declarer_tricks`` (0-13). The first two are written into the board here, before
the wizard runs (``table_board``); ``declarer_tricks`` is read by
``procedures.tricks_and_scores.declarer_tricks_as_played``.
"""

from __future__ import annotations

import difflib
import importlib
import operator
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache
from typing import NamedTuple

from td_assist.bridge.board import Board
from td_assist.bridge.errors import RecordError
from td_assist.i18n import DEFAULT_LANGUAGE, N_, _, current_language
from td_assist.lawbook import get_lawbook
from td_assist.rulings.engine import deal_checks
from td_assist.rulings.engine.facts import Context, FactTable
from td_assist.rulings.engine.model import (
    Adjustment,
    IrregularityReport,
    Ruling,
    registered_kinds,
)
from td_assist.rulings.engine.table_auction import apply_auction_answer
from td_assist.rulings.engine.tree import (
    FactNode,
    NumberNode,
    OutcomeNode,
    QuestionNode,
    Tree,
    load_tree,
    translated_tree,
    translation_path,
    tree_path,
)
from td_assist.rulings.engine.walk import USUAL, AnswerError, Mode, Walk, walk

# One line per wizard: the module that registers it. The order is the order on screen.
WIZARD_MODULES: tuple[str, ...] = (
    "td_assist.rulings.wizards.revoke",
    "td_assist.rulings.wizards.lead_out_of_turn",
    "td_assist.rulings.wizards.penalty_card",
    "td_assist.rulings.wizards.insufficient_bid",
    "td_assist.rulings.wizards.unauthorised_information",
    "td_assist.rulings.wizards.exposed_card",
    "td_assist.rulings.wizards.misinformation",
    "td_assist.rulings.wizards.call_out_of_rotation",
    "td_assist.rulings.wizards.claim",
)

RuleFunction = Callable[[Board | None, IrregularityReport | None, dict[str, str], Mode], Ruling]


@dataclass(frozen=True)
class AnswerHelp:
    """An answer a wizard takes that is not a node of its tree (for --list-questions).

    ``text`` is English, marked with ``N_()`` for the catalog; the listing translates it
    (``Wizard.notes`` likewise) and fills its ``{placeholders}`` from ``words`` (names
    of answers, which stay as they are in every language)."""

    name: str
    text: str
    words: tuple[tuple[str, str], ...] = ()

    @property
    def shown_text(self) -> str:
        """The text in the reader's language."""
        text = _(self.text)
        return text.format(**dict(self.words)) if self.words else text


@dataclass(frozen=True)
class Wizard:
    name: str  # CLI/API/URL name and tree file stem: "revoke", "penalty-card"
    title: str  # "Revoke"
    laws: str  # "Laws 61-64", shown beside the title
    kind: str  # the irregularity kind it rules on: "revoke", "penalty_card"
    rule: RuleFunction
    facts: FactTable = field(default_factory=FactTable)
    computations: frozenset[str] = frozenset()  # names an outcome's ``compute`` may use
    answers: tuple[AnswerHelp, ...] = ()  # answers outside the tree
    notes: str = ""  # extra help for --list-questions, English marked with N_()
    # Words for the {placeholders} of the tree's prompts when no board is at hand
    # (--list-questions), e.g. {"lho": "the offender's LHO"}.
    placeholder_words: dict[str, str] = field(default_factory=dict)
    # The board as the wizard reads it with the TD's answers, for the pages beside the
    # ruling (e.g. an insufficient bid the TD says was accepted); None: as recorded.
    board_as_ruled: Callable[[Board, dict[str, str]], Board] | None = None
    # Wizards this one hands its answers on to (a lead out of turn -> penalty card).
    hands_on_to: tuple[str, ...] = ()
    # The tablet starts it from the auction (the bidding box, then "where did it
    # happen?": the call tapped is the ``call_index`` answer), not from the contract.
    starts_from_auction: bool = False

    @property
    def heading(self) -> str:
        return f"{self.shown_title} ({self.shown_laws})"

    @property
    def shown_title(self) -> str:
        """The title in the reader's language: the translated tree's, when there is one."""
        return self.title if current_language() == DEFAULT_LANGUAGE else self.tree.title

    @property
    def shown_laws(self) -> str:
        """``Laws 61-64`` in the reader's language (German: ``Regeln 61-64``)."""
        numbers = self.laws.partition(" ")[2]
        if not numbers:
            return self.laws
        plural = self.laws.startswith("Laws")
        return (_("Laws {numbers}") if plural else _("Law {numbers}")).format(numbers=numbers)

    def answer_names(self) -> tuple[set[str], tuple[str, ...]]:
        """The answer names this wizard takes, and the prefixes of numbered ones
        (``lead_choice_N`` -> ``lead_choice_``).

        Worked out once per tree (a wizard page asked three times): kept beside the
        tree they were read from (the English one: a translation changes texts, never
        names), so a tree read again (``get_tree.cache_clear``) gives them anew. A copy
        of the set is returned, so no caller can change the kept one.
        """
        names, prefixes = self._kept_answer_names()
        return set(names), prefixes

    def _kept_answer_names(self) -> tuple[frozenset[str], tuple[str, ...]]:
        """``answer_names()`` itself, shared: for the registry's own look-ups, which
        only read it (every ruling checks its answers against it twice)."""
        trees = _english_trees(self)
        kept = _NAMES_KEPT.get(self.name)
        if kept is not None and kept[0] is self and _same_trees(kept[1], trees):
            return kept[2], kept[3]
        names, prefixes = self._answer_names(trees[0])
        _NAMES_KEPT[self.name] = (self, trees, frozenset(names), prefixes)
        return frozenset(names), prefixes

    def _answer_names(self, tree: Tree) -> tuple[set[str], tuple[str, ...]]:
        names = {
            name
            for name, node in tree.nodes.items()
            if isinstance(node, QuestionNode | FactNode | NumberNode)
        }
        names |= set(tree.inputs) | {USUAL}
        names |= {extra.name for extra in (*self.answers, *TABLE_ANSWERS)}
        for other in self.hands_on_to:
            more, _prefixes = get_wizard(other).answer_names()
            names |= more
        prefixes = tuple(sorted(n.removesuffix("N") for n in names if n.endswith("_N")))
        return names, prefixes

    @property
    def tree(self) -> Tree:
        return get_tree(self.name)


_REGISTRY: dict[str, Wizard] = {}
# A wizard's answer names, with the wizard and trees they were worked out from.
_NAMES_KEPT: dict[str, tuple[Wizard, tuple[Tree, ...], frozenset[str], tuple[str, ...]]] = {}
# A wizard's choice values by node, with the trees they were read from.
_CHOICES_KEPT: dict[str, tuple[Wizard, tuple[Tree, ...], dict[str, tuple[str, ...]]]] = {}


def register(wizard: Wizard) -> Wizard:
    if _REGISTRY.get(wizard.name, wizard) != wizard:
        raise ValueError(f"wizard '{wizard.name}' is registered twice")
    _REGISTRY[wizard.name] = wizard
    # Registration follows import order, which a caller importing one wizard directly
    # changes; lists shown to people follow WIZARD_MODULES instead.
    ordered = sorted(_REGISTRY.values(), key=_module_place)
    _REGISTRY.clear()
    _REGISTRY.update((each.name, each) for each in ordered)
    return wizard


def load_wizards() -> dict[str, Wizard]:
    """Every registered wizard by name, in the order of ``WIZARD_MODULES``."""
    for module in WIZARD_MODULES:
        if module not in sys.modules:  # importlib's own look-up costs ~5 us a module
            importlib.import_module(module)
    return dict(_REGISTRY)


def _module_place(wizard: Wizard) -> int:
    """Where the module that defines ``wizard``'s rule stands in ``WIZARD_MODULES``."""
    defined_in = wizard.rule.__module__
    for place, module in enumerate(WIZARD_MODULES):
        if defined_in == module or defined_in.startswith(module + "."):
            return place
    return len(WIZARD_MODULES)


def get_wizard(name: str) -> Wizard:
    wizards = load_wizards()
    if name not in wizards:
        raise RecordError(
            _("unknown wizard '{wizard}' (available: {list})").format(
                wizard=name, list=", ".join(wizards)
            )
        )
    return wizards[name]


def hand_on(
    name: str, board: Board | None, report: dict[str, object], answers: dict[str, str], mode: Mode
) -> Ruling:
    """The ruling of the wizard ``name`` on ``report`` (the fields of its irregularity
    report), for a wizard that hands on to another (a lead out of turn refused leaves a
    penalty card): the one way a wizard reaches another, so no wizard imports one. The
    board and answers go to it as they are; ``rule()``'s table answers were applied by
    the wizard that hands on."""
    wizard = get_wizard(name)
    if name not in {other for w in _REGISTRY.values() for other in w.hands_on_to}:
        raise ValueError(f"no wizard says it hands on to '{name}' (Wizard.hands_on_to)")
    return wizard.rule(board, registered_kinds()[wizard.kind].model_validate(report), answers, mode)


def get_tree(name: str) -> Tree:
    """The wizard's tree, its texts in the reader's language where a translation file
    (``rulings/<name>.<language>.toml``) gives them."""
    return _tree_in(name, current_language())


@lru_cache(maxsize=256)  # wizards x languages
def _tree_in(name: str, language: str) -> Tree:
    if language != DEFAULT_LANGUAGE:
        english = _tree_in(name, DEFAULT_LANGUAGE)
        path = translation_path(name, language)
        return translated_tree(english, path) if path.exists() else english
    wizard = get_wizard(name)
    book = get_lawbook()
    return load_tree(
        tree_path(name), lambda anchor: anchor in book.sections, wizard.facts, wizard.computations
    )


def walk_wizard(
    wizard: Wizard,
    board: Board | None,
    report: IrregularityReport | None,
    answers: dict[str, str],
    mode: Mode,
    focus: object = None,
    group: str = "",
) -> Walk:
    """One walk of the wizard's tree over the record and the TD's answers."""
    ctx = Context(board, report, answers, focus=focus)
    return walk(get_tree(wizard.name), ctx, wizard.facts, mode, group)


class CitingStep(NamedTuple):
    wizard: str
    wizard_title: str
    node: str
    text: str
    anchor: str


def nodes_citing(number: int) -> list[CitingStep]:
    """The tree nodes of every wizard that cite Law ``number``, their texts and the
    wizards' titles in the reader's language."""
    found = []
    for wizard in load_wizards().values():
        for node_id, node in get_tree(wizard.name).nodes.items():
            text = node.title if isinstance(node, OutcomeNode) else node.prompt
            for anchor in node.laws:
                digits = "".join(ch for ch in anchor[:2] if (ch.isascii() and ch.isdigit()))
                if digits == str(number):
                    found.append(CitingStep(wizard.name, wizard.shown_title, node_id, text, anchor))
                    break
    return found


TABLE_ANSWERS: tuple[AnswerHelp, ...] = (
    AnswerHelp(
        "contract", N_("(TD)  The contract with any double, when the record has no auction: 4HX")
    ),
    AnswerHelp("declarer", N_("(TD)  Declarer's seat, with contract: N, E, S or W")),
    AnswerHelp(
        "declarer_tricks", N_("(TD)  Declarer's tricks at the table, when the record lacks them")
    ),
    AnswerHelp(
        "usual", N_("(TD)  yes: take the usual case wherever a question has one; ask the rest")
    ),
    AnswerHelp(
        "auction",
        N_(
            "(TD)  The auction at the table, when the record has none: calls in the order made "
            'from the dealer, a call out of rotation with its seat: "1S P W:1H"'
        ),
    ),
)


def table_board(board: Board | None, answers: dict[str, str]) -> Board | None:
    """The board with the TD's ``contract`` and ``declarer`` answers written in.

    A recorded auction must agree with them (the board says where it does not).
    """
    contract, declarer = answers.get("contract"), answers.get("declarer")
    if not contract and not declarer:
        return board
    data = board.model_dump() if board is not None else {}
    if contract:
        data["contract"] = contract.strip().upper()
    if declarer:
        data["declarer"] = declarer.strip().upper()
    try:
        return Board.checked(**data)
    except RecordError as error:
        raise error.located("answers contract and declarer") from None


def rule(
    wizard: str,
    board: Board | None,
    report: IrregularityReport | None,
    answers: dict[str, str],
    mode: Mode = "batch",
) -> Ruling:
    """The one entry point for the CLI, the API, the pages and the case library."""
    chosen = get_wizard(wizard)
    if report is not None and report.kind != chosen.kind:
        raise RecordError(
            f"the {chosen.name} wizard rules on a '{chosen.kind}' irregularity, "
            f"not a '{report.kind}' one",
            where="irregularity kind",
        )
    check_answer_names(chosen, answers)
    answers = canonical_answers(chosen, answers)
    if board is not None:
        # A board built in code skips Board.checked; a wizard must not count tricks from
        # a record that contradicts itself (a claim of more tricks than were left).
        board.validate_record()
    board, answers = answered_board(chosen, board, answers)
    deal_checks.check_report(board, report)
    deal_checks.check_declarer_tricks(board, answers)
    ruling = chosen.rule(board, report, answers, mode)
    deal_checks.narrow_pending(board, ruling.pending)
    if ruling.status == "complete" and ruling.adjustment is None:
        # One shape for "no adjusted score" in every wizard (CONTRACTS.md): an object
        # saying adjusted false, never null.
        ruling.adjustment = Adjustment(adjusted=False, note=NO_ADJUSTMENT)
    return ruling


NO_ADJUSTMENT = "The Laws give no adjusted score on this ruling."


def answered_board(
    wizard: Wizard, board: Board | None, answers: dict[str, str]
) -> tuple[Board | None, dict[str, str]]:
    """The board with the table's answers written in (``auction``, then ``contract`` and
    ``declarer``), and the answers with any the auction implies (``whose_turn``)."""
    names, _prefixes = wizard._kept_answer_names()
    board, implied = apply_auction_answer(board, answers, takes_turn="whose_turn" in names)
    return table_board(board, answers), implied | answers


def canonical_answers(wizard: Wizard, answers: dict[str, str]) -> dict[str, str]:
    """Each answer to a choice question as the question spells it ("Inadvertent" ->
    "inadvertent"), so no later comparison of the raw text can read it another way."""
    choices = _choice_values(wizard)
    canonical = {}
    for given, value in answers.items():
        name = _answer_name(given)
        numbered = _numbered_prefix(name)
        base = numbered.removesuffix("_") if numbered else name
        said = value.strip()
        spelt = next(
            (c for c in choices.get(name, choices.get(base, [])) if c.lower() == said.lower()),
            None,
        )
        canonical[given] = spelt if spelt is not None else value
    return canonical


def _english_trees(wizard: Wizard) -> tuple[Tree, ...]:
    """The English trees of the wizard and of those it hands on to."""
    return tuple(_tree_in(name, DEFAULT_LANGUAGE) for name in (wizard.name, *wizard.hands_on_to))


def _same_trees(kept: tuple[Tree, ...], trees: tuple[Tree, ...]) -> bool:
    """Whether ``trees`` are the very trees something was worked out from (a tree read
    again is a new object)."""
    return len(kept) == len(trees) and all(map(operator.is_, kept, trees))


def _choice_values(wizard: Wizard) -> dict[str, tuple[str, ...]]:
    """The choices' values of each question of the wizard's tree and the trees it hands
    on to (the first tree's where two share a node), kept beside those trees (the
    English ones: a translation changes the labels, never the values)."""
    trees = _english_trees(wizard)
    kept = _CHOICES_KEPT.get(wizard.name)
    if kept is not None and kept[0] is wizard and _same_trees(kept[1], trees):
        return kept[2]
    choices: dict[str, tuple[str, ...]] = {}
    for tree in trees:
        for node_id, node in tree.nodes.items():
            if isinstance(node, QuestionNode | FactNode):
                choices.setdefault(node_id, tuple(c.value for c in node.choices))
    _CHOICES_KEPT[wizard.name] = (wizard, trees, choices)
    return choices


def _answer_name(given: str) -> str:
    """The answer's name without a group number: "2.attention" (an answer for the second
    of several revokes on the board) -> "attention"."""
    number, dot, rest = given.partition(".")
    return rest if dot and number.isascii() and number.isdigit() else given


def _numbered_prefix(name: str) -> str | None:
    """ "lead_choice_5" -> "lead_choice_": the prefix of an answer asked once per trick."""
    prefix, underscore, number = name.rpartition("_")
    return prefix + underscore if underscore and number.isascii() and number.isdigit() else None


def check_answer_names(wizard: Wizard, answers: dict[str, str]) -> None:
    """A misspelt answer must not be dropped without a word: "atention=after_round"
    ignored would rule as if the TD had said nothing."""
    names, prefixes = wizard._kept_answer_names()
    for given in answers:
        name = _answer_name(given)
        if name in names or _numbered_prefix(name) in prefixes:
            continue
        close = difflib.get_close_matches(name, sorted(names), n=1)
        hint = f" (did you mean {close[0]}?)" if close else ""
        raise AnswerError(
            f"the {wizard.name} wizard takes no answer called '{name[:40]}'{hint}; "
            f"see td-assist rule {wizard.name} --list-questions",
            where=f"answer {given[:40]}",
        )


# Tests that swap a tree file clear the cache as before the trees had languages.
get_tree.cache_clear = _tree_in.cache_clear  # type: ignore[attr-defined]
