"""The unauthorised-information wizard and the adjusted-score desk page in Chromium."""

from __future__ import annotations

from tests.test_browser import browser, pytestmark, server, shot, wait_for  # noqa: F401

BOARD_TEXT = """board 1
deal N:543.74.AKQJ932.6 QJT.32.T865.9842 AK2.AK65.4.AK753 9876.QJT98.7.QJT
auction 1S P 2S 3H P P 3S P P P
note 5: long pause before passing
result 9
"""


def click_answer(driver, label: str) -> None:
    from selenium.webdriver.common.by import By

    driver.find_element(By.PARTIAL_LINK_TEXT, label).click()
    wait_for(driver, ".question h1, .ruling-title")


def test_rule_a_hesitation_typing_the_weighted_results(server, browser):  # noqa: F811
    from selenium.webdriver.common.by import By

    browser.get(server + "/boards/new")
    browser.find_element(By.ID, "text").send_keys(BOARD_TEXT)
    browser.find_element(By.CSS_SELECTOR, "form.stack button[type=submit]").click()
    wait_for(browser, ".hands")
    browser.find_element(By.LINK_TEXT, "Unauthorised information").click()
    question = wait_for(browser, ".question h1")
    assert "What passed the information?" in question.text
    marked = browser.find_elements(By.CSS_SELECTOR, "td.marked-call")
    assert [cell.get_attribute("data-marked-call") for cell in marked] == ["5", "7"]
    shot(browser, "ui-first-question")
    for label in (
        "Partner's tempo",
        "Yes, unauthorised information",
        "Yes, it demonstrably suggested",
        "Yes, there was a logical alternative",
        "Yes, they were damaged",
        "Yes: assign a result",
        "No",
    ):
        click_answer(browser, label)
    # The typed form stays under the result builder for a TD who prefers it.
    browser.find_element(By.CSS_SELECTOR, ".typed-answer summary").click()
    box = browser.find_element(By.ID, "value")
    box.send_keys("3H W 9 0.6; 3H W 8 0.4")
    shot(browser, "ui-results")
    browser.find_element(By.CSS_SELECTOR, "[data-text-answer] button").click()
    wait_for(browser, ".question h1")
    click_answer(browser, "Teams")
    browser.find_element(By.CSS_SELECTOR, ".typed-answer summary").click()
    browser.find_element(By.ID, "value").send_keys("110")
    browser.find_element(By.CSS_SELECTOR, "[data-text-answer] button").click()
    title = wait_for(browser, ".ruling-title")
    assert "Score adjusted" in title.text
    # 0.6 x -6 IMPs (-140 against +110) + 0.4 x -2 (+50 against +110) = -4.4.
    assert browser.find_element(By.CSS_SELECTOR, "[data-imps-ns]").text == "-4.4"
    assert browser.find_element(By.CSS_SELECTOR, "[data-score-ns]").text == "-64"
    shot(browser, "ui-ruling")


def test_desk_page_computes_weighted_matchpoints(server, browser):  # noqa: F811
    from selenium.webdriver.common.by import By

    browser.get(server + "/adjust")
    browser.find_element(By.ID, "results").send_keys("4S N 10 0.7\n4S N 11 0.3")
    browser.find_element(By.ID, "traveller").send_keys("420, 430, 500, 420, 450, 170")
    browser.find_element(By.CSS_SELECTOR, "form.stack button[type=submit]").click()
    cell = wait_for(browser, "[data-mp-ns]")
    # 0.7 x 4 + 0.3 x 9 = 5.5 of 12 (seed traveller without pair 6's own score).
    assert cell.text == "45.83%"
    shot(browser, "adjust-desk")
