"""Every worked case of every wizard runs as a test, and every outcome node has a case.

The cases are the model rulings trainees learn from: each gives the record, the
answers, the expected ruling worked by hand and an explanation citing the law.
"""

import pytest

from td_assist.rulings.engine.registry import get_tree, load_wizards
from td_assist.training.cases import case_files, load_case, load_cases

WIZARDS = sorted(load_wizards())
CASES = [(wizard, path) for wizard in WIZARDS for path in case_files(wizard)]


@pytest.mark.parametrize(
    ("wizard", "path"), CASES, ids=[f"{wizard}/{path.stem}" for wizard, path in CASES]
)
def test_case_gives_the_expected_ruling(wizard, path):
    case = load_case(path)
    assert case.wizard == wizard
    ruling = case.run()
    assert case.mismatches(ruling) == [], ruling.model_dump_json(indent=1)
    if ruling.status == "complete":
        assert all(anchor in ruling.laws or anchor in case.laws for anchor in case.expected.laws)


@pytest.mark.parametrize("wizard", WIZARDS)
def test_every_outcome_node_is_reached_by_a_case(wizard):
    reached = {case.run().outcome for case in load_cases(wizard)}
    missing = set(get_tree(wizard).outcomes()) - reached
    assert not missing, f"no {wizard} case reaches: {sorted(missing)}"


@pytest.mark.parametrize("wizard", WIZARDS)
def test_at_least_twenty_cases_each_explained_with_a_law(wizard):
    cases = load_cases(wizard)
    assert len(cases) >= 20
    for case in cases:
        assert "Law " in case.explanation, case.id


def test_every_placeholder_in_a_rulings_words_is_filled(monkeypatch):
    # A placeholder with no value prints "?": "(Law 50D2(a)?)" in front of a TD.
    from td_assist.rulings.engine import walk as engine

    missing: list[str] = []

    def note(self, key):
        missing.append(key)
        return "?"

    monkeypatch.setattr(engine._Blank, "__missing__", note)
    for wizard, path in CASES:
        load_case(path).run()
        assert not missing, f"{wizard}/{path.stem}: no value for {sorted(set(missing))}"
