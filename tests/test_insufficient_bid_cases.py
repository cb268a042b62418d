"""Every worked case runs as a test, and every outcome of insufficient-bid.toml has a case."""

import pytest

from td_assist.rulings.cases import case_files, load_case, load_cases
from td_assist.rulings.wizards import get_tree

CASES = case_files("insufficient-bid")


@pytest.mark.parametrize("path", CASES, ids=[p.stem for p in CASES])
def test_case_gives_the_expected_ruling(path):
    case = load_case(path)
    ruling = case.run()
    assert case.mismatches(ruling) == [], ruling.model_dump_json(indent=1)
    assert all(anchor in ruling.laws or anchor in case.laws for anchor in case.expected.laws)


def test_every_outcome_node_is_reached_by_a_case():
    reached = {case.run().outcome for case in load_cases("insufficient-bid")}
    missing = set(get_tree("insufficient-bid").outcomes()) - reached
    assert not missing, f"no case reaches: {sorted(missing)}"


def test_there_are_at_least_twenty_insufficient_bid_cases():
    assert len(CASES) >= 20
