"""Taps and keystrokes at the club: each wizard ruled from a session board on a phone.

Starts ``td-assist serve`` on a free loopback port with a fresh user folder, loads the
hand record ``tests/data/24-boards-no-play.pbn`` as the session (not counted), then for
each wizard drives Chromium at 390 x 844 from the home page to a recorded ruling,
counting every tap (a call tapped into the bidding box is one tap) and every keystroke
on the phone's keyboard. Prints ONE JSON object on stdout:

    {"revoke": {"taps": 12, "keys": 0, "ruled": true}, "lead-out-of-turn": {...}, ...}

Target (issue 26): every wizard ruled, ``keys`` 0, ``taps`` at most 12 plus one per call
of the auction entered (``calls`` in each flow below).

    .venv/bin/python benchmarks/club_taps.py [--only insufficient-bid] [--shots DIR]

To add a wizard (call-out-of-rotation, exposed-card, misinformation, claim), add one
``Flow`` to ``FLOWS``: its board, its calls (for a wizard that starts from the auction),
the call tapped for "where did it happen?", and the answers to its questions.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import parse_qsl, urlsplit

ROOT = Path(__file__).resolve().parent.parent
HAND_RECORD = ROOT / "tests" / "data" / "24-boards-no-play.pbn"
# A USEBIO results file with its deals (issue 35), for --results; not in the repository.
RESULTS_FILE = (
    ROOT.parent
    / "shared"
    / "real-records"
    / "results"
    / "usebio"
    / "cobalt__mp_pairs_mitchell_02.xml"
)
PHONE = (390, 844)
TAP_ALLOWANCE = 12  # taps allowed besides one per call of the auction
MAX_STEPS = 30  # questions in one flow, at most: a bounded loop


@dataclass(frozen=True)
class Flow:
    """One ruling at the table, as a TD taps it."""

    wizard: str
    board: int
    # Table facts for a wizard that starts from the contract: contract, declarer, tricks.
    contract: str = ""
    declarer: str = ""
    tricks: int | None = None
    # For a wizard that starts from the auction: the calls as made ("W:1H" for a call
    # out of rotation: the seat is tapped first) and the call number tapped as "where".
    calls: tuple[str, ...] = ()
    where: int | None = None
    answers: dict[str, str] = field(default_factory=dict)  # node -> value; others: usual
    # With the scorer's results loaded: the N-S pair whose table is tapped instead of the
    # contract, declarer and tricks.
    table_pick: str = ""
    # The result builder: a contract from the auction ("3S-W") and declarer's tricks.
    result: tuple[str, int] | None = None
    scoring: str = "pairs_scorer"  # the scoring question, when asked
    # Ruled with the scorer's results as the session (--results), not the hand record.
    from_results: bool = False
    # The claim's cards left, marked on the diagram: a whole holding ("N♦", one tap) or
    # a card ("SA"); each tap is allowed, as each call of an auction is.
    marks: tuple[str, ...] = ()

    @property
    def allowed(self) -> int:
        return TAP_ALLOWANCE + len(self.calls) + len(self.marks)


FLOWS: tuple[Flow, ...] = (
    # Board 17: 4H by North, 9 tricks; East revoked in diamonds at trick 5, East-West
    # won that trick and one more after it.
    Flow(
        "revoke",
        17,
        contract="4H",
        declarer="N",
        tricks=9,
        answers={
            "revoke_found": "yes",
            "offender": "E",
            "revoke_trick": "5",
            "revoke_suit": "D",
            "established": "yes",
            "won_from_revoke": "2",
            "won_revoke_trick": "yes",
            "later_trick": "yes",
            "equity": "skip",
        },
    ),
    # Board 8: 3NT by South; East led face up out of turn; declarer accepts it.
    Flow(
        "lead-out-of-turn",
        8,
        contract="3NT",
        declarer="S",
        tricks=9,
        answers={
            "offender": "E",
            "faced": "yes",
            "opening_lead": "yes",
            "who_led": "defender",
            "choice_opening": "accept",
        },
    ),
    # Board 9: 4S by West; North has a penalty card.
    Flow(
        "penalty-card",
        9,
        contract="4S",
        declarer="W",
        tricks=10,
        answers={"offender": "N"},
    ),
    # Board 5 (North deals): North passes, East opens 1S, South bids 1H; West does not
    # accept it and South replaces it with 2H, the lowest bid in hearts (Law 27B1(a)).
    Flow(
        "insufficient-bid",
        5,
        calls=("P", "1S", "1H"),
        where=3,
        answers={"accepted": "no", "replacement": "2H"},
    ),
    # Board 6 (East deals): South passed slowly over East's 3S and North bid 4H; without
    # it, 3S by West making 9 tricks.
    Flow(
        "unauthorised-information",
        6,
        calls=("P", "1H", "1S", "2H", "3S", "P", "P", "4H", "P", "P", "P"),
        where=6,
        answers={"ui": "yes", "suggested": "yes", "logical_alternative": "yes", "damaged": "yes"},
        result=("3S-W", 9),
    ),
    # Board 2 (East deals): East and South pass and West opens 1H; North then drops the
    # ace of spades face up: a single honour, so South must pass at his next turn (24B).
    Flow(
        "exposed-card",
        2,
        calls=("P", "P", "1H"),
        where=3,
        answers={"offender": "N", "cards": "SA", "card_2": "none"},
    ),
    # Board 5 (North deals): South's 2H, a transfer, was explained by North as natural;
    # it came out at the end of play. Without it, 2S by North makes only 8 tricks.
    Flow(
        "misinformation",
        5,
        calls=("1NT", "P", "2H", "P", "2S", "P", "P", "P"),
        where=3,
        answers={
            "type": "explanation",
            "agreement": "matches_call",
            "corrected_at": "end_of_play",
            "damaged": "yes",
        },
        result=("2S-N", 8),
    ),
    # With the scorer's results (--results), board 5 (North deals): West passed slowly
    # over South's 2C and East bid 3D over North's 3C (3D by E, 10 tricks, -130 on the
    # scorer's traveller); without it, 3C by South making 8. Matchpointed: the traveller
    # is the scorer's, one tap, none typed.
    Flow(
        "unauthorised-information",
        5,
        calls=("P", "1D", "2C", "P", "3C", "3D", "P", "P", "P"),
        where=4,
        answers={"ui": "yes", "suggested": "yes", "logical_alternative": "yes", "damaged": "yes"},
        result=("3C-S", 8),
        scoring="pairs",
        from_results=True,
    ),
    # Board 10 (East deals): West opens 1NT before his partner East; South does not
    # accept it, and West's later call is not comparable: East must pass once (Law 31B).
    Flow(
        "call-out-of-rotation",
        10,
        calls=("W:1NT",),
        where=1,
        answers={"accepted": "no", "comparable": "no"},
    ),
    # Board 3: 2H by North, declarer's side has won 9 of the first 11 tricks. North
    # claims one of the last two ("dummy's ace of hearts, then I lose a diamond"); dummy,
    # on lead with the ace and three of hearts (the last trumps), cannot lose either.
    Flow(
        "claim",
        3,
        contract="2H",
        declarer="N",
        answers={
            "claimer": "N",
            "tricks_won_before_claim": "9",
            "claimed": "1",
            "statement": "skip",
            "normal_line_tricks": "2",
        },
        marks=("N♦", "E♣", "S♥", "W♣"),
    ),
)


class Phone:
    """Chromium at phone size, counting taps and keystrokes."""

    def __init__(self, driver, shots: Path | None = None) -> None:
        self.driver = driver
        self.taps = 0
        self.keys = 0
        self.shots = shots
        self.asked: list[str] = []

    def find(self, css: str, timeout: float = 10):
        from selenium.webdriver.common.by import By
        from selenium.webdriver.support import expected_conditions
        from selenium.webdriver.support.ui import WebDriverWait

        return WebDriverWait(self.driver, timeout).until(
            expected_conditions.presence_of_element_located((By.CSS_SELECTOR, css))
        )

    def all(self, css: str) -> list:
        from selenium.webdriver.common.by import By

        return self.driver.find_elements(By.CSS_SELECTOR, css)

    def tap(self, element) -> None:
        self.driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
        element.click()
        self.taps += 1

    def type(self, element, text: str) -> None:
        """Typing on the phone's keyboard: each character is a keystroke (no flow types
        today; a flow that must, counts here)."""
        element.send_keys(text)
        self.keys += len(text)

    def tap_css(self, css: str) -> None:
        self.tap(self.find(css))

    def shot(self, name: str) -> None:
        if self.shots is not None:
            self.shots.mkdir(parents=True, exist_ok=True)
            self.driver.save_screenshot(str(self.shots / f"club-{name}.png"))


# With the scorer's results as the session (--results): the table is one tap.
RESULTS_FLOWS: tuple[Flow, ...] = (
    # Board 1 at N-S pair 2 v E-W 15: 4S by South, 9 tricks (from the results); East
    # revoked in diamonds at trick 5 and East-West won that trick and one more.
    Flow(
        "revoke",
        1,
        table_pick="2NS",
        answers={
            "revoke_found": "yes",
            "offender": "E",
            "revoke_trick": "5",
            "revoke_suit": "D",
            "established": "yes",
            "won_from_revoke": "2",
            "won_revoke_trick": "yes",
            "later_trick": "yes",
            "equity": "skip",
        },
    ),
)


def _answer_links(phone: Phone) -> list[tuple[str, str, object]]:
    found = []
    for element in phone.all(".answers a.button.answer"):
        pairs = [v for k, v in parse_qsl(urlsplit(element.get_attribute("href")).query) if k == "a"]
        if pairs:
            node, _, value = pairs[-1].partition(":")
            found.append((node, value, element))
    return found


def _board_number(phone: Phone, number: int) -> None:
    for digit in str(number):
        phone.tap_css(f'.keypad [data-key="{digit}"]')
        phone.find(".pick-title, .auction-entry")
        if not phone.all(".keypad"):
            return  # the digits already named the board
    phone.tap_css(".keypad [data-go]")


def _auction(phone: Phone, flow: Flow) -> None:
    phone.find("[data-bidding-box]")
    for call in flow.calls:
        seat, _, bid = call.rpartition(":")
        if seat:
            phone.tap_css(f'.box-seats [data-seat="{seat}"]')
            phone.find(f'.box-seats [data-seat="{seat}"][aria-current]')
        count = len(phone.all("[data-call-number], .where-call"))
        phone.tap_css(f'.auction-entry a[data-call="{bid}"]')
        _wait_for_more_calls(phone, count)
    phone.shot(f"{flow.wizard}-auction")
    phone.tap_css(f'[data-where="{flow.where}"]')


def _wait_for_more_calls(phone: Phone, before: int) -> None:
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        if len(phone.all("[data-call-number], .where-call")) > before:
            return
        time.sleep(0.05)
    raise TimeoutError("the call did not appear in the auction")


def _facts(phone: Phone, flow: Flow) -> None:
    if flow.table_pick:
        phone.tap_css(f'[data-table-pick="{flow.table_pick}"]')
        return
    phone.tap_css(f'[data-contract="{flow.contract}"]')
    phone.tap_css(f'[data-declarer="{flow.declarer}"]')
    phone.tap_css(f'[data-tricks="{"open" if flow.tricks is None else flow.tricks}"]')


def _questions(phone: Phone, flow: Flow) -> bool:
    for _ in range(MAX_STEPS):
        phone.find(".question h1, .ruling-title")
        if phone.all(".ruling-title"):
            return True
        if phone.all("[data-result-builder]"):
            phone.asked.append("results")
            stage = phone.find("[data-result-builder]").get_attribute("data-stage")
            if stage == "contract" and flow.result:
                phone.tap_css(f'[data-quick-contract="{flow.result[0]}"]')
            elif stage == "tricks" and flow.result:
                phone.tap_css(f'[data-tricks="{flow.result[1]}"]')
            else:
                return False
            continue
        if phone.all("[data-score-pad]"):
            phone.asked.append("traveller")
            from_results = phone.all("[data-traveller-results]")
            if from_results:
                phone.tap(from_results[0])
            elif flow.from_results:
                return False  # the scorer's traveller was not offered: not what is measured
            else:
                phone.tap_css("[data-traveller-skip]")
            continue
        if phone.all("[data-card-picker]"):
            phone.asked.append("cards_left")
            _mark_cards(phone, flow)
            continue
        links = _answer_links(phone)
        if not links:
            return False
        node = links[0][0]
        phone.asked.append(node)
        wanted = flow.answers.get(node, flow.scoring if node == "scoring" else None)
        choice = next((e for n, v, e in links if v == wanted), None)
        if choice is None:
            usual = phone.all(".answers a.button.answer.usual")
            choice = usual[0] if usual else links[0][2]
        phone.tap(choice)
    return False


def _mark_cards(phone: Phone, flow: Flow) -> None:
    """Tap the flow's holdings or cards on the diagram, each tap a new page, then Done."""
    for mark in flow.marks:
        before = phone.find("[data-marked]").get_attribute("data-marked")
        suit_row = len(mark) == 2 and mark[1] in "♠♥♦♣"
        phone.tap_css(f'[data-suit-row="{mark}"]' if suit_row else f'[data-card="{mark}"]')
        deadline = time.monotonic() + 10
        while phone.find("[data-marked]").get_attribute("data-marked") == before:
            if time.monotonic() > deadline:
                raise TimeoutError(f"the mark {mark} did not register")
            time.sleep(0.05)
    phone.tap_css("[data-cards-done]")


def rule_one(phone: Phone, base: str, flow: Flow) -> dict[str, object]:
    """From the home page (session loaded) to a recorded ruling."""
    phone.taps = phone.keys = 0
    phone.asked = []
    phone.driver.get(base + "/")
    phone.tap_css(f"a.wizard[href*='rule-board'][href*='w={flow.wizard}']")
    phone.find(".keypad")
    _board_number(phone, flow.board)
    if flow.calls:
        _auction(phone, flow)
    else:
        _facts(phone, flow)
    ruled = _questions(phone, flow)
    if ruled:
        phone.shot(f"{flow.wizard}-ruling")
        phone.tap_css("[data-record]")
        phone.find(".saved")
    return {"taps": phone.taps, "keys": phone.keys, "ruled": ruled}


def load_session(driver, base: str, record: Path = HAND_RECORD) -> None:
    """The TD's set-up before the evening (not counted): the hand record as the session
    (or the scorer's results that carry the deals)."""
    from selenium.webdriver.common.by import By

    driver.get(base + "/sessions")
    driver.find_element(By.ID, "file").send_keys(str(record))
    driver.find_element(By.CSS_SELECTOR, "form.stack button[type=submit]").click()
    Phone(driver).find("[data-loaded]")


def phone_driver():
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = shutil.which("chromium") or shutil.which("chromium-browser") or ""
    for flag in (
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        f"--window-size={PHONE[0]},{PHONE[1]}",
    ):
        options.add_argument(flag)
    driver = webdriver.Chrome(service=Service(shutil.which("chromedriver")), options=options)
    driver.set_window_size(*PHONE)
    return driver


@contextmanager
def local_server() -> Iterator[str]:
    """``td-assist serve`` on a free loopback port with its own user folder."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    home = tempfile.mkdtemp(prefix="club-taps-")
    process = subprocess.Popen(
        [sys.executable, "-m", "td_assist", "serve", "--port", str(port)],
        env=dict(os.environ, TD_ASSIST_HOME=home),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                urllib.request.urlopen(f"{url}/healthz", timeout=2).close()
                break
            except OSError:
                if time.monotonic() > deadline or process.poll() is not None:
                    raise
                time.sleep(0.2)
        yield url
    finally:
        process.terminate()
        process.wait(timeout=10)
        shutil.rmtree(home, ignore_errors=True)


def _measured(phone: Phone, base: str, flow: Flow) -> dict[str, object]:
    try:
        return rule_one(phone, base, flow)
    except Exception as error:
        return {
            "taps": phone.taps,
            "keys": phone.keys,
            "ruled": False,
            "error": f"{type(error).__name__}: {str(error)[:200]}",
        }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", action="append", help="one wizard (repeatable)")
    parser.add_argument("--shots", type=Path, help="save a screenshot of each auction and ruling")
    parser.add_argument(
        "--results",
        action="store_true",
        help="also rule with the scorer's results as the session (../shared, issue 35)",
    )
    args = parser.parse_args()
    chosen = [f for f in FLOWS if not args.only or f.wizard in args.only]
    flows = [f for f in chosen if not f.from_results]
    results_flows = [
        f
        for f in (*RESULTS_FLOWS, *(f for f in chosen if f.from_results))
        if args.results and RESULTS_FILE.exists()
    ]
    figures: dict[str, dict[str, object]] = {}
    with local_server() as base:
        driver = phone_driver()
        try:
            load_session(driver, base)
            phone = Phone(driver, args.shots)
            for flow in flows:
                figures[flow.wizard] = _measured(phone, base, flow)
            if results_flows:
                load_session(driver, base, RESULTS_FILE)
                for flow in results_flows:
                    what = "traveller" if flow.calls else "table"
                    figures[f"{flow.wizard} ({what} from results)"] = _measured(phone, base, flow)
        finally:
            driver.quit()
    print(json.dumps(figures))
    return 0


if __name__ == "__main__":
    sys.exit(main())
