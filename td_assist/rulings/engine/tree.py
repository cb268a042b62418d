"""The schema of a decision tree (rulings/*.toml) and its validation.

A tree is data a TD can read: questions with the laws they rest on, facts the board
record can settle (named functions in ``td_assist.rulings.engine.facts``), numbers the TD
enters, and outcomes with the ruling text and the computation that adjusts the score.
Loading checks everything a walk relies on and names the file, node and reason.
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from td_assist.paths import content_dir


class TreeError(ValueError):
    """A decision tree is broken: ``revoke.toml, node 'established': no such law 63Z``."""

    def __init__(self, path: Path, node: str | None, reason: str) -> None:
        where = f"{path.name}, node '{node}'" if node else path.name
        super().__init__(f"{where}: {reason}")
        self.path, self.node, self.reason = path, node, reason


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Choice(_Strict):
    value: str = Field(pattern=r"^[A-Za-z0-9_]+$")  # seats and suits are upper case: N, S
    label: str
    next: str


class _Asking(_Strict):
    prompt: str
    laws: list[str] = Field(default_factory=list)
    help: str = ""


class QuestionNode(_Asking):
    """A judgment the TD makes; ``default`` is the common case a batch ruling assumes."""

    kind: Literal["question"]
    choices: list[Choice] = Field(min_length=2)
    default: str | None = None
    default_note: str = ""
    # Taken only when the TD asks for the usual case ("usual=yes", the club path), never
    # silently by a batch ruling: for facts a batch ruling must not guess.
    default_usual_only: bool = False


class FactNode(_Asking):
    """A question the record can settle; the TD is asked when it cannot.

    ``default``: what a batch ruling assumes when neither the record nor the TD says
    (only for the rare cases, such as "was it dummy's card?"); the path says so.
    """

    kind: Literal["fact"]
    fact: str
    choices: list[Choice] = Field(min_length=2)
    default: str | None = None
    default_note: str = ""
    # Taken only when the TD asks for the usual case ("usual=yes", the club path), never
    # silently by a batch ruling: for facts a batch ruling must not guess.
    default_usual_only: bool = False


class NumberInput(_Asking):
    """A number the TD enters (e.g. tricks); ``optional`` ones may be skipped.

    ``fact``: a fact function that reads the number from the record when it can
    (its value is the number as text, or ``skip`` for an optional one it rules out).
    """

    minimum: int = 0
    maximum: int = 13
    optional: bool = False
    usual_skip: bool = False  # skipping is the usual case: "usual=yes" skips it too
    skip_label: str = "Skip"
    fact: str | None = None


class NumberBranch(_Strict):
    at_most: int
    next: str


class NumberNode(NumberInput):
    """A number in the walk; ``branches`` send small values elsewhere (first match)."""

    kind: Literal["number"]
    next: str
    branches: list[NumberBranch] = Field(default_factory=list)

    def next_for(self, value: int | None) -> str:
        for branch in self.branches:
            if value is not None and value <= branch.at_most:
                return branch.next
        return self.next


class OptionText(_Strict):
    side: str  # who holds the option: "non-offending side", "declarer", "offender" ...
    text: str


class OutcomeNode(_Strict):
    kind: Literal["outcome"]
    title: str
    text: str  # a template; {placeholders} are filled from the facts
    laws: list[str] = Field(min_length=1)
    options: list[OptionText] = Field(default_factory=list)
    compute: str
    transfer: Literal["none", "64A1", "64A2"] = "none"
    asks: list[str] = Field(default_factory=list)  # names in the tree's [inputs]


Node = Annotated[QuestionNode | FactNode | NumberNode | OutcomeNode, Field(discriminator="kind")]


class Tree(_Strict):
    id: str
    title: str
    summary: str = ""
    laws: list[str] = Field(default_factory=list)
    start: str
    nodes: dict[str, Node]
    inputs: dict[str, NumberInput] = Field(default_factory=dict)

    def choices_of(self, node_id: str) -> list[Choice]:
        node = self.nodes[node_id]
        return list(node.choices) if isinstance(node, QuestionNode | FactNode) else []

    def outcomes(self) -> list[str]:
        return [n for n, node in self.nodes.items() if isinstance(node, OutcomeNode)]

    def successors(self, node_id: str) -> list[str]:
        node = self.nodes[node_id]
        if isinstance(node, QuestionNode | FactNode):
            return [c.next for c in node.choices]
        if isinstance(node, NumberNode):
            return [node.next, *(b.next for b in node.branches)]
        return []


def load_tree(
    path: Path,
    law_exists: Callable[[str], bool],
    facts: Iterable[str],
    computations: Iterable[str],
) -> Tree:
    """Read and validate one tree file; raises TreeError naming file, node and reason."""
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except OSError as error:
        raise TreeError(path, None, f"cannot read the file ({error.strerror})") from None
    except tomllib.TOMLDecodeError as error:
        raise TreeError(path, None, f"not valid TOML: {error}") from None
    try:
        tree = Tree.model_validate(data)
    except ValidationError as error:
        first = error.errors()[0]
        loc = [str(p) for p in first["loc"]]
        node = loc[1] if len(loc) > 1 and loc[0] == "nodes" else None
        field = ".".join(loc[2:] if node else loc)
        raise TreeError(path, node, f"{field}: {first['msg']}") from None
    _check(tree, path, law_exists, set(facts), set(computations))
    return tree


def _check(
    tree: Tree,
    path: Path,
    law_exists: Callable[[str], bool],
    facts: set[str],
    computations: set[str],
) -> None:
    if tree.start not in tree.nodes:
        raise TreeError(path, None, f"start node '{tree.start}' does not exist")
    for anchor in tree.laws:
        if not law_exists(anchor):
            raise TreeError(path, None, f"law anchor '{anchor}' does not exist in the lawbook")
    for node_id, node in tree.nodes.items():
        for anchor in node.laws:
            if not law_exists(anchor):
                raise TreeError(
                    path, node_id, f"law anchor '{anchor}' does not exist in the lawbook"
                )
        for target in tree.successors(node_id):
            if target not in tree.nodes:
                raise TreeError(path, node_id, f"leads to '{target}', which is not a node")
        choices = tree.choices_of(node_id)
        values = [c.value for c in choices]
        if len(values) != len({value.lower() for value in values}):
            # an answer is read in either case ("n" for N), so it must name one choice
            raise TreeError(path, node_id, "two choices have the same value")
        if (
            isinstance(node, QuestionNode | FactNode)
            and node.default
            and node.default not in values
        ):
            raise TreeError(path, node_id, f"default '{node.default}' is not one of the choices")
        fact_name = node.fact if isinstance(node, FactNode | NumberNode) else None
        if fact_name is not None and fact_name not in facts:
            raise TreeError(path, node_id, f"fact '{fact_name}' is not a known fact function")
        if isinstance(node, OutcomeNode) and node.compute not in computations:
            raise TreeError(path, node_id, f"computation '{node.compute}' does not exist")
        if isinstance(node, OutcomeNode):
            for name in node.asks:
                if name not in tree.inputs:
                    raise TreeError(path, node_id, f"asks for input '{name}', not in [inputs]")
    for name, number in tree.inputs.items():
        if number.fact is not None and number.fact not in facts:
            raise TreeError(path, f"inputs.{name}", f"fact '{number.fact}' is not a known fact")
        for anchor in number.laws:
            if not law_exists(anchor):
                raise TreeError(path, f"inputs.{name}", f"law anchor '{anchor}' does not exist")
    _check_reachable_and_acyclic(tree, path)


def _check_reachable_and_acyclic(tree: Tree, path: Path) -> None:
    state: dict[str, int] = {}  # 1 = on the current path, 2 = done

    def visit(node_id: str, trail: list[str]) -> None:
        if state.get(node_id) == 1:
            cycle = " -> ".join([*trail[trail.index(node_id) :], node_id])
            raise TreeError(path, node_id, f"the tree loops: {cycle}")
        if state.get(node_id) == 2:
            return
        state[node_id] = 1
        for target in tree.successors(node_id):
            visit(target, [*trail, node_id])
        state[node_id] = 2

    visit(tree.start, [])
    unreachable = [n for n in tree.nodes if n not in state]
    if unreachable:
        raise TreeError(path, unreachable[0], "no path from the start reaches this node")


def tree_path(wizard: str) -> Path:
    return content_dir("rulings") / f"{wizard}.toml"


def translation_path(wizard: str, language: str) -> Path:
    """The tree's texts in ``language`` beside it: ``rulings/revoke.de.toml``."""
    return content_dir("rulings") / f"{wizard}.{language}.toml"


# The fields a translation gives, by table: the words a person reads, nothing that
# steers the walk (choices' values and targets, laws, facts, computations stay in the
# English tree, the one source of the logic).
TREE_TEXTS = ("title", "summary")
INPUT_TEXTS = ("prompt", "help", "skip_label")
NODE_TEXTS = ("prompt", "help", "title", "text", "default_note")


def translated_tree(tree: Tree, path: Path) -> Tree:
    """``tree`` with the texts of the translation file ``path`` (same tables and keys as
    the English tree, text fields only; choices' labels as ``labels = { value = "..." }``,
    an outcome's options as ``options = [{ side = "...", text = "..." }, ...]`` in the
    English order). A text the file does not give stays English; a key or value the
    English tree does not have is an error naming file, table and key."""
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except OSError as error:
        raise TreeError(path, None, f"cannot read the file ({error.strerror})") from None
    except tomllib.TOMLDecodeError as error:
        raise TreeError(path, None, f"not valid TOML: {error}") from None
    top = _texts(data, (*TREE_TEXTS, "inputs", "nodes"), path, None)
    inputs = {}
    for name, given in _tables(data.get("inputs", {}), tree.inputs, path, "inputs").items():
        inputs[name] = tree.inputs[name].model_copy(
            update=_texts(given, INPUT_TEXTS, path, f"inputs.{name}")
        )
    nodes: dict[str, Node] = dict(tree.nodes)
    for node_id, given in _tables(data.get("nodes", {}), tree.nodes, path, "nodes").items():
        node = tree.nodes[node_id]
        update: dict[str, object] = _texts(given, (*NODE_TEXTS, "labels", "options"), path, node_id)
        for field in NODE_TEXTS:
            if field in update and not hasattr(node, field):
                raise TreeError(path, node_id, f"'{field}': this node has no such text")
        if "labels" in update:
            update["choices"] = _labelled(node, update.pop("labels"), path, node_id)
        if "options" in update:
            update["options"] = _options(node, update.pop("options"), path, node_id)
        nodes[node_id] = node.model_copy(update=update)
    return tree.model_copy(update={**top, "inputs": {**tree.inputs, **inputs}, "nodes": nodes})


def _tables(given: object, english: dict, path: Path, table: str) -> dict[str, dict]:
    if not isinstance(given, dict):
        raise TreeError(path, None, f"[{table}] must be a table")
    for name, value in given.items():
        if name not in english:
            raise TreeError(path, f"{table}.{name}", "not in the English tree")
        if not isinstance(value, dict):
            raise TreeError(path, f"{table}.{name}", "must be a table")
    return given


def _texts(given: dict, allowed: tuple[str, ...], path: Path, where: str | None) -> dict:
    texts = {}
    for key, value in given.items():
        if key not in allowed:
            raise TreeError(path, where, f"'{key}' is not a text a translation gives")
        if key in ("inputs", "nodes"):
            continue
        if key in (*TREE_TEXTS, *INPUT_TEXTS, *NODE_TEXTS) and not isinstance(value, str):
            raise TreeError(path, where, f"'{key}' must be text")
        texts[key] = value
    return texts


def _labelled(node: Node, labels: object, path: Path, node_id: str) -> list[Choice]:
    choices = list(getattr(node, "choices", []))
    if not isinstance(labels, dict) or not choices:
        raise TreeError(path, node_id, "labels: a table of choice value = label")
    values = {choice.value for choice in choices}
    for value, label in labels.items():
        if value not in values:
            raise TreeError(path, node_id, f"labels: '{value}' is not a choice of this node")
        if not isinstance(label, str):
            raise TreeError(path, node_id, f"labels: '{value}' must be text")
    return [c.model_copy(update={"label": labels.get(c.value, c.label)}) for c in choices]


def _options(node: Node, options: object, path: Path, node_id: str) -> list[OptionText]:
    english = list(getattr(node, "options", []))
    if not isinstance(options, list) or len(options) != len(english):
        raise TreeError(path, node_id, f"options: give all {len(english)}, in the English order")
    try:
        return [OptionText.model_validate(option) for option in options]
    except ValidationError as error:
        raise TreeError(path, node_id, f"options: {error.errors()[0]['msg']}") from None
