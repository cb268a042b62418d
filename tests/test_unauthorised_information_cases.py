"""Every unauthorised-information case runs as a test; every outcome node has a case."""

import pytest

from td_assist.rulings.cases import case_files, load_case, load_cases
from td_assist.rulings.wizards import get_tree

WIZARD = "unauthorised-information"
CASES = case_files(WIZARD)


@pytest.mark.parametrize("path", CASES, ids=[p.stem for p in CASES])
def test_case_gives_the_expected_ruling(path):
    case = load_case(path)
    ruling = case.run()
    assert case.mismatches(ruling) == [], ruling.model_dump_json(indent=1)


def test_every_outcome_node_is_reached_by_a_case():
    reached = {case.run().outcome for case in load_cases(WIZARD)}
    missing = set(get_tree(WIZARD).outcomes()) - reached
    assert not missing, f"no case reaches: {sorted(missing)}"


def test_there_are_at_least_twenty_cases_each_explained_with_a_law():
    cases = load_cases(WIZARD)
    assert len(cases) >= 20
    for case in cases:
        assert "Law " in case.explanation, case.id
