"""Issue 26 in a real browser at phone size (390 x 844): a hand record loaded as the
session, then each of the five wizards ruled from a session board to a recorded ruling
in the log; the insufficient bid and the unauthorised information from the auction
tapped into the bidding box. The flows are those of ``benchmarks/club_taps.py``, which
prints the same figures."""

from __future__ import annotations

import os

import pytest

from benchmarks.club_taps import (
    FLOWS,
    HAND_RECORD,
    RESULTS_FILE,
    RESULTS_FLOWS,
    Flow,
    Phone,
    load_session,
    rule_one,
)
from tests.test_browser import (  # noqa: F401  (server is a fixture)
    PHONE,
    SHOTS,
    _browser,
    chromium,
    driver_path,
    server,
)

# The flows ruled on the hand record; those that need the scorer's results are below.
HAND_RECORD_FLOWS = [flow for flow in FLOWS if not flow.from_results]
pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(
        not (chromium and driver_path) and not os.environ.get("CI"),
        reason="Chromium is not installed",
    ),
]

# East bids 1H at North's turn, out of rotation (board 7: South deals, West opened 1S):
# the TD taps East's seat, then 1H.
OUT_OF_ROTATION = Flow(
    "insufficient-bid",
    7,
    calls=("P", "1S", "E:1H"),
    where=3,
    answers={"accepted": "no", "rho_call": "pass"},
)


def test_every_wizard_from_a_session_board_on_a_phone(server):  # noqa: F811
    from selenium.webdriver.common.by import By

    driver = _browser(PHONE)
    try:
        load_session(driver, server)
        phone = Phone(driver, SHOTS)
        figures = {}
        texts = {}
        for flow in HAND_RECORD_FLOWS:
            figures[flow.wizard] = rule_one(phone, server, flow)
            texts[flow.wizard] = driver.find_element(By.CSS_SELECTOR, ".ruling-text").text
            assert figures[flow.wizard] == {"taps": phone.taps, "keys": 0, "ruled": True}, (
                flow.wizard,
                phone.asked,
            )
            assert phone.taps <= flow.allowed, (flow.wizard, phone.taps, phone.asked)
        print("\nclub taps:", figures)

        # The insufficient bid was ruled from the tapped auction, not a final contract.
        assert "South replaced 1H with 2H" in texts["insufficient-bid"]
        # The UI announcement names players, seats and calls.
        ui = texts["unauthorised-information"]
        assert ui.startswith("South hesitated over East's 3♠ and passed; North bid 4♥.")
        assert "the action chosen" not in ui and "call_index" not in ui
        assert "3S by West, 9 tricks" in ui and "scorer matchpoints" in ui
        # Misinformation: the explained call picked on the diagram, the score from the
        # result builder.
        misinformation = texts["misinformation"]
        assert "South's 2♥ (call 3): misinformation (Law 75B1)" in misinformation
        assert "2S by North, 8 tricks" in misinformation

        # Every ruling is in the log, on its board, from the session.
        driver.get(server + "/rulings")
        rows = driver.find_elements(By.CSS_SELECTOR, "table.log tbody tr")
        boards = sorted(int(r.find_elements(By.CSS_SELECTOR, "td")[2].text) for r in rows)
        assert boards == sorted(flow.board for flow in HAND_RECORD_FLOWS)
        log_text = driver.find_element(By.CSS_SELECTOR, "table.log").text
        assert "24-boards-no-play" in log_text
    finally:
        driver.quit()


def test_a_call_out_of_rotation_is_tapped_by_its_seat(server):  # noqa: F811
    from selenium.webdriver.common.by import By

    driver = _browser(PHONE)
    try:
        load_session(driver, server)
        phone = Phone(driver, SHOTS)
        figures = rule_one(phone, server, OUT_OF_ROTATION)
        assert figures["ruled"] and figures["keys"] == 0
        assert phone.taps <= OUT_OF_ROTATION.allowed + 1  # the seat tapped before the call
        text = driver.find_element(By.CSS_SELECTOR, ".ruling-text").text
        assert "East" in text and "North" in text  # East bid at North's turn
        laws = driver.find_element(By.CSS_SELECTOR, "body").text
        assert "Law 31" in laws or "Law 29" in laws
    finally:
        driver.quit()


def test_the_tap_entry_page_fills_in_the_session_deal(server):  # noqa: F811
    """Typing a board number of the loaded session on the tapping page fills its deal."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    from td_assist.bridge.cards import Seat
    from td_assist.bridge.formats import read_boards

    driver = _browser(PHONE)
    try:
        load_session(driver, server)
        driver.get(server + "/boards/tap")
        driver.execute_script("window.sessionStorage.clear()")
        driver.get(server + "/boards/tap")
        Phone(driver).find("#tap-number").send_keys("6")

        def hands(d):
            return d.execute_script(
                "var s = JSON.parse(window.sessionStorage.getItem('td-assist.tap.v1') || '{}');"
                "return s.hands || null;"
            )

        WebDriverWait(driver, 10).until(lambda d: (hands(d) or {}).get("N"))
        board = next(b for b in read_boards(HAND_RECORD) if b.number == 6)
        expected = {s.value: sorted(str(c) for c in board.deal_obj.hand(s).cards) for s in Seat}
        assert {seat: sorted(cards) for seat, cards in hands(driver).items()} == expected
        alert = driver.find_element(By.ID, "tap-alert").text
        assert "filled in from the session" in alert
    finally:
        driver.quit()


@pytest.mark.skipif(not RESULTS_FILE.exists(), reason="../shared results are absent")
def test_with_the_scorers_results_nothing_is_typed_on_the_phone(server):  # noqa: F811
    """Issue 35, must show: with the scorer's USEBIO file as the session, a revoke is
    ruled by tapping the table (no contract, declarer or tricks) and a matchpointed UI
    adjustment takes the scorer's traveller in one tap (none typed)."""
    from selenium.webdriver.common.by import By

    driver = _browser(PHONE)
    try:
        load_session(driver, server, RESULTS_FILE)
        phone = Phone(driver, SHOTS)
        for flow in (*RESULTS_FLOWS, *(f for f in FLOWS if f.from_results)):
            figures = rule_one(phone, server, flow)
            assert figures == {"taps": phone.taps, "keys": 0, "ruled": True}, phone.asked
            assert phone.taps <= flow.allowed, (flow.wizard, phone.taps, phone.asked)
            if flow.calls:
                assert "traveller" in phone.asked  # tapped from the results, not skipped
            else:
                assert not any(q in phone.asked for q in ("contract", "declarer", "tricks"))
        driver.get(server + "/rulings")
        log_text = driver.find_element(By.CSS_SELECTOR, "table.log").text
        assert "2NS" in log_text  # the revoke is logged at the table picked
    finally:
        driver.quit()
