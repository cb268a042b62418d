"""Practice mode in a real browser: a set of three cases, one wrong answer, the score."""

from __future__ import annotations

from urllib.parse import urlencode

from td_assist.lawbook.render import law_url
from td_assist.training.cases import get_case
from td_assist.training.practice import practice_questions
from tests.test_browser import browser, pytestmark, server, shot, wait_for  # noqa: F401

SET = [
    "revoke/01-defender-ruffs-two-tricks",
    "penalty-card/01-declarer-drops-a-card",
    "lead-out-of-turn/03-opening-lead-refused",
]


def test_a_set_of_three_with_one_wrong_answer(server, browser):  # noqa: F811
    from selenium.common.exceptions import WebDriverException
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    questions = [q for case_id in SET for q in practice_questions(get_case(case_id))]
    browser.get(server + "/practice/run?" + urlencode([("c", c) for c in SET]))
    for number, question in enumerate(questions):
        # Wait for the next page itself, not the one still on screen after a click.
        # The page can be swapped mid-read, so a failed read just means "not yet".
        WebDriverWait(browser, 10, ignored_exceptions=(WebDriverException,)).until(
            lambda driver, n=number: (
                f"question {n + 1} of {len(questions)}"
                in driver.find_element(By.CSS_SELECTOR, "[data-practice-progress]").text
            )
        )
        if question.kind == "number":
            field = browser.find_element(By.ID, "g-number")
            field.send_keys(question.answer)
            field.submit()
            continue
        wrong = number == 1  # the second decision of the first case, answered wrongly
        value = next(v for v, _ in question.choices if (v != question.answer) == wrong)
        browser.find_element(By.CSS_SELECTOR, f'button.choice[value="{value}"]').click()
        if wrong:
            feedback = wait_for(browser, '[data-feedback="wrong"]')
            assert question.answer_label in feedback.text
            link = browser.find_element(By.CSS_SELECTOR, "[data-decided-by] a")
            assert link.is_displayed()
            assert link.get_attribute("href").endswith(law_url(question.laws[0]))
            shot(browser, "practice-wrong-answer")
    score = wait_for(browser, "[data-score]")
    assert score.text == f"{len(questions) - 1} of {len(questions)}"
    revise = browser.find_element(By.CSS_SELECTOR, "[data-revise-laws]").text
    assert revise.split(",")[0].strip().startswith("Law " + questions[1].laws[0][:2])
    shot(browser, "practice-summary")
    # The score is kept on the device and offered on the practice page.
    browser.get(server + "/practice/")
    history = wait_for(browser, "#practice-history-list li")
    assert f"{len(questions) - 1} of {len(questions)}" in history.text
