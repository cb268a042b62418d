"""The wizard trees in other languages: rulings/<id>.<code>.toml beside each tree gives
every text of it (and only texts), with the same {placeholders}; the wizard then speaks
the reader's language."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

from td_assist.i18n import LANGUAGES, use_language
from td_assist.rulings.engine.registry import get_tree, load_wizards
from td_assist.rulings.engine.tree import (
    INPUT_TEXTS,
    NODE_TEXTS,
    TREE_TEXTS,
    TreeError,
    translated_tree,
)

RULINGS = Path(__file__).resolve().parent.parent / "rulings"
PLACEHOLDER = re.compile(r"\{[A-Za-z_0-9]*\}")


def english_texts(data: dict) -> dict[str, str]:
    """Every text of an English tree file by its place: ``nodes.x.prompt``,
    ``nodes.x.labels.yes``, ``nodes.x.options.0.text``."""
    texts = {key: data[key] for key in TREE_TEXTS if data.get(key)}
    for name, table in data.get("inputs", {}).items():
        texts |= {f"inputs.{name}.{k}": table[k] for k in INPUT_TEXTS if table.get(k)}
    for name, table in data.get("nodes", {}).items():
        texts |= {f"nodes.{name}.{k}": table[k] for k in NODE_TEXTS if table.get(k)}
        for choice in table.get("choices", []):
            texts[f"nodes.{name}.labels.{choice['value']}"] = choice["label"]
        for index, option in enumerate(table.get("options", [])):
            texts[f"nodes.{name}.options.{index}.side"] = option["side"]
            texts[f"nodes.{name}.options.{index}.text"] = option["text"]
    return texts


def translated_texts(data: dict) -> dict[str, str]:
    texts = {key: data[key] for key in TREE_TEXTS if key in data}
    for name, table in data.get("inputs", {}).items():
        texts |= {f"inputs.{name}.{k}": v for k, v in table.items()}
    for name, table in data.get("nodes", {}).items():
        for key, value in table.items():
            if key == "labels":
                texts |= {f"nodes.{name}.labels.{v}": label for v, label in value.items()}
            elif key == "options":
                for index, option in enumerate(value):
                    texts |= {f"nodes.{name}.options.{index}.{k}": t for k, t in option.items()}
            else:
                texts[f"nodes.{name}.{key}"] = value
    return texts


TRANSLATIONS = sorted(
    (path.name.split(".")[0], path.name.split(".")[1])
    for path in RULINGS.glob("*.*.toml")
    if path.name.split(".")[1] in LANGUAGES
)


def test_there_are_translated_trees():
    assert ("revoke", "de") in TRANSLATIONS


@pytest.mark.parametrize(("wizard", "code"), TRANSLATIONS)
def test_a_translation_gives_every_text_of_its_tree_with_its_placeholders(wizard, code):
    english = english_texts(tomllib.loads((RULINGS / f"{wizard}.toml").read_text("utf-8")))
    given = translated_texts(tomllib.loads((RULINGS / f"{wizard}.{code}.toml").read_text("utf-8")))
    missing = sorted(set(english) - set(given))
    assert not missing, f"rulings/{wizard}.{code}.toml lacks: {', '.join(missing)}"
    assert not sorted(set(given) - set(english)), "texts the English tree does not have"
    wrong = [
        key
        for key, text in english.items()
        if set(PLACEHOLDER.findall(text)) != set(PLACEHOLDER.findall(given[key]))
    ]
    assert not wrong, f"placeholders differ from the English in: {', '.join(wrong)}"
    # A text that is only placeholders ("{comparable_help}") reads the same in any language.
    untranslated = [
        k
        for k, text in english.items()
        if text == given[k] and len(PLACEHOLDER.sub("", text).strip()) > 12
    ]
    assert not untranslated, f"left in English: {', '.join(untranslated)}"


@pytest.mark.parametrize(("wizard", "code"), TRANSLATIONS)
def test_the_wizard_reads_its_translation_in_that_language(wizard, code):
    english = get_tree(wizard)
    with use_language(code):
        translated = get_tree(wizard)
    assert translated.title != english.title
    # The logic is the English tree's: same nodes, choices, targets, laws.
    assert translated.start == english.start
    for node_id, node in english.nodes.items():
        other = translated.nodes[node_id]
        assert other.laws == node.laws
        assert [(c.value, c.next) for c in getattr(other, "choices", [])] == [
            (c.value, c.next) for c in getattr(node, "choices", [])
        ]


def test_every_registered_wizard_is_checked_here():
    """A wizard without a German tree is listed by the must-show page test; here: the
    trees that have one are all of a registered wizard."""
    assert {wizard for wizard, _ in TRANSLATIONS} <= set(load_wizards())


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ('[nodes.nowhere]\nprompt = "x"', "not in the English tree"),
        ('[nodes.offender]\nnext = "none"', "'next' is not a text a translation gives"),
        ('[nodes.offender]\nlabels = { Z = "x" }', "'Z' is not a choice"),
        ('[nodes.none]\nprompt = "x"', "this node has no such text"),
        ("title = 3", "'title' must be text"),
        ('[nodes.corrected_defender]\noptions = [{ side = "a", text = "b" }]', "give all 3"),
    ],
)
def test_a_broken_translation_is_refused_naming_the_place(tmp_path, text, reason):
    path = tmp_path / "revoke.de.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(TreeError, match=re.escape(reason)) as error:
        translated_tree(get_tree("revoke"), path)
    assert "revoke.de.toml" in str(error.value)
