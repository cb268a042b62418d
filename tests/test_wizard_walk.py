"""What the walk from a session board found (issue 26): the usual-case answers change
in one tap, the table's contract/declarer/tricks change without starting again, and the
error page goes back one question, not to the start."""

from __future__ import annotations

import re
from urllib.parse import parse_qsl, urlsplit

import pytest

from td_assist.web import create_app
from tests.test_session_web import facts_to_wizard, html, link, load, pick_board, press


@pytest.fixture
def client(tmp_path):
    app = create_app(
        {"TESTING": True, "STORE_PATH": str(tmp_path / "log.sqlite3"), "SECRET_KEY": "test"}
    )
    return app.test_client()


def answers(url: str) -> list[str]:
    return [v for k, v in parse_qsl(urlsplit(url).query) if k == "a"]


def club_wizard(client, wizard="revoke") -> str:
    load(client)
    return facts_to_wizard(client, pick_board(client, "3", wizard)) + "?a=usual%3Ayes"


def test_an_answer_taken_as_the_usual_case_changes_in_one_tap(client):
    page = html(client.get(club_wizard(client)))
    # The revoke is taken as reported (the usual case): one tap says there was none.
    change = link(page, 'data-change="revoke_found"')
    assert answers(change) == ["usual:yes", "revoke_found:no"]
    ruled = html(client.get(change))
    assert "No revoke" in ruled


def test_every_assumed_step_on_a_ruling_offers_its_other_choices(client):
    given = ["offender:E", "revoke_trick:5", "revoke_suit:D", "established:yes"]
    given += ["won_from_revoke:1", "won_revoke_trick:yes"]
    url = club_wizard(client) + "".join(f"&a={a}" for a in given)
    # Walk to the end choosing the first answer offered each time.
    for _ in range(30):
        response = client.get(url)
        page = html(response)
        if "ruling-title" in page:
            break
        found = re.search(r'<a class="button answer[^"]*" href="([^"]+)"', page)
        assert found, re.sub(r"<[^>]+>", " ", page)[:3000]
        url = found.group(1).replace("&amp;", "&")
    # On the ruling, the assumed answers are offered outside the folded "how this ruling
    # was reached" too.
    section = page.split('aria-label="Taken as the usual case"')[1].split("</section>")[0]
    assert "instead</a>" in section
    assumed = re.findall(r'class="done by-assumed">(.*?)</li>', page, re.S)
    assert assumed, "the club path takes some usual-case answers"
    for item in assumed:
        assert "data-change=" in item, item


def test_the_table_facts_can_be_changed_from_the_wizard_keeping_the_answers(client):
    wizard_url = club_wizard(client)
    page = html(client.get(wizard_url + "&a=offender%3AE"))
    assert "Contract <strong>4H</strong>" in page and "Declarer <strong>North</strong>" in page
    picker = link(page, 'data-change-fact="tricks"')
    assert "t=" not in urlsplit(picker).query.replace("tricks", "")
    assert "offender:E" in answers(picker)
    # The picker asks only the tricks again, then goes back into the wizard with the
    # answers given so far.
    # The pick that completes the facts stores the board: a button that POSTs.
    response = press(client, html(client.get(picker)), 'data-tricks="8"')
    assert response.status_code == 303
    back_in = response.headers["Location"]
    assert answers(back_in) == ["usual:yes", "offender:E"]
    page = html(client.get(back_in))
    assert "tricks <strong>8</strong>" in page
    assert "Who revoked?" not in page.split("Settled so far")[0]  # not asked again
    # The contract too: the picker asks the contract, keeps declarer and tricks.
    contract = link(page, 'data-change-fact="contract"')
    picked = press(client, html(client.get(contract)), 'data-contract="3NT"')
    assert picked.status_code == 303
    assert "Contract <strong>3NT</strong>" in html(client.get(picked.headers["Location"]))


def test_the_error_page_goes_back_one_question_not_to_the_start(client):
    wizard_url = club_wizard(client)
    bad = wizard_url + "&a=offender%3AE&a=revoke_trick%3A99"
    response = client.get(bad)
    assert response.status_code == 400
    back = link(html(response), "data-back")
    assert answers(back) == ["usual:yes", "offender:E"]
    assert client.get(back).status_code == 200
