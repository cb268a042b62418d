"""Requests built from every wizard's worked cases, varied, never end in a traceback or a 500.

The variations (benchmarks/fuzz_wizards.py): seats, trick and call indices, cards,
answers dropped, added or changed (often the very question the tablet would ask next),
the record cut short, the irregularity or the board left out. Derandomized and bounded
here, so CI is repeatable and quick; ``python benchmarks/fuzz_wizards.py`` runs longer.
A new wizard is covered once it is registered and has worked cases.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from benchmarks.fuzz_wizards import (
    api_client,
    request_from,
    seed_requests,
    through_api,
    through_cli,
    through_engine,
    walked_request,
)
from td_assist.rulings.engine.registry import load_wizards


def _settings(examples: int) -> settings:
    return settings(
        max_examples=examples,
        derandomize=True,
        deadline=None,
        database=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
    )


requests = st.builds(
    request_from,
    st.integers(0, 2**32),
    st.integers(0, 10_000),
    st.integers(1, 6),
)


# A case walked question by question as the tablet asks, the record perhaps cut first:
# small integers are the first choices, so the search goes down every branch.
walks = st.builds(
    walked_request,
    st.integers(0, 10_000),
    st.tuples(st.sampled_from(["irregularity", "none", "auction", "play"]), st.integers(0, 60)),
    st.lists(st.integers(0, 3) | st.integers(0, 40), max_size=10),
)


def test_every_registered_wizard_has_cases_to_vary():
    assert {request.wizard for request in seed_requests()} == set(load_wizards())


@_settings(300)
@given(requests)
def test_engine_raises_only_input_errors(request):
    through_engine(request)


@_settings(300)
@given(walks)
def test_walking_the_questions_raises_only_input_errors(request):
    through_engine(request)


@pytest.fixture(scope="module")
def client(tmp_path_factory):
    return api_client(tmp_path_factory.mktemp("wizard-fuzz"))


@_settings(120)
@given(request=requests)
def test_api_answers_200_or_a_named_400(client, request):
    through_api(request, client)


@_settings(40)
@given(request=requests)
def test_command_line_exits_cleanly(tmp_path_factory, request):
    through_cli(request, tmp_path_factory.mktemp("cli"))


# The exposed-card wizard (issue 31) on its own, so its cases get more than their share of
# the examples above: its requests varied, and its questions walked as the tablet asks them.
EXPOSED_CARD = [i for i, r in enumerate(seed_requests()) if r.wizard == "exposed-card"]


@_settings(150)
@given(
    st.builds(
        request_from,
        st.integers(0, 2**32),
        st.sampled_from(EXPOSED_CARD),
        st.integers(1, 6),
    )
)
def test_exposed_card_requests_raise_only_input_errors(request):
    assert request.wizard == "exposed-card"
    through_engine(request)


@_settings(150)
@given(
    st.builds(
        walked_request,
        st.sampled_from(EXPOSED_CARD),
        st.tuples(st.sampled_from(["irregularity", "none", "auction"]), st.integers(0, 12)),
        st.lists(st.integers(0, 3) | st.integers(0, 14), max_size=10),
    )
)
def test_exposed_card_walked_as_the_tablet_asks_raises_only_input_errors(request):
    assert request.wizard == "exposed-card"
    through_engine(request)
