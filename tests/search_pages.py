"""A search page as a phone or a laptop asks for it, never answered by a kept page:
for the tests of what a never-asked question costs and how its page is made."""

from __future__ import annotations

from urllib.parse import quote_plus

GERMAN = {"Accept-Language": "de"}
PHONE, LAPTOP = "192.168.1.20", "127.0.0.1"


def fresh_search_page(
    client, question: str, headers: dict[str, str], remote: str, partial: bool = False
) -> str:
    client.application.extensions.pop("td_searches", None)  # no kept page answers
    response = client.get(
        "/search?q=" + quote_plus(question) + ("&partial=1" if partial else ""),
        headers=headers,
        environ_base={"REMOTE_ADDR": remote},
    )
    assert response.status_code == 200
    return response.get_data(as_text=True)
