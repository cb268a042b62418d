"""Nothing in the server grows without bound under random requests (issue 11, item 13).

Every functools cache in td_assist either has a maxsize, or is listed below with the
reason its keys are finite; a bounded fuzz run then checks that each stays within its
bound, and so do the server's own tables (wrong PINs).
"""

import functools
import importlib
import pkgutil
import random
import re
import string
from pathlib import Path

import td_assist
from td_assist.web import create_app

PBN = (Path(__file__).resolve().parent / "data" / "32-boards.pbn").read_text(encoding="utf-8")
REQUESTS = 900

# Caches without a maxsize, and why their keys cannot grow with input.
FINITE_KEYS = {
    "td_assist.bridge.cards._sort_key": "one entry per card: 52",
    "td_assist.bridge.cards._parse_card": "only spellings that parse are kept: a few per card",
    "td_assist.bridge.auction._parse_call": "only spellings that parse are kept: a few per call",
    "td_assist.rulings.engine.registry.get_tree": "unknown names raise, so one entry per wizard",
    # search.py belongs to the search work (its term cache is bounded there):
    "td_assist.search._analyzer_one": "words of the lawbook and of queries (search.py's own)",
    "td_assist.search._engine": "one per version of the content (search.py's own)",
    "td_assist.search._hash_for": "one per version of the content (search.py's own)",
}
CACHE_TYPE = type(functools.lru_cache(maxsize=1)(len))
FINITE_LIMIT = 5_000  # entries any of those may reach in the fuzz run


def all_caches():
    for info in pkgutil.walk_packages(td_assist.__path__, "td_assist."):
        if info.name.endswith("__main__"):
            continue
        module = importlib.import_module(info.name)
        for name, value in vars(module).items():
            # name == __name__: skip aliases of a cache already found
            if isinstance(value, CACHE_TYPE) and (value.__module__, value.__name__) == (
                info.name,
                name,
            ):
                yield f"{info.name}.{name}", value


def test_every_cache_has_a_bound_or_a_reason():
    unbounded = {
        name
        for name, cached in all_caches()
        if cached.cache_parameters()["maxsize"] is None and name not in FINITE_KEYS
    }
    assert not unbounded, f"caches that grow with input: {sorted(unbounded)}"


def word(rnd):
    alphabet = string.ascii_letters + string.digits + "♠♥²é-_ "
    return "".join(rnd.choice(alphabet) for _ in range(rnd.randint(1, 14)))


def random_request(client, rnd, token, index):
    kind = index % 10
    if kind == 0:
        client.get("/search", query_string={"q": f"{word(rnd)} {word(rnd)}"})
    elif kind == 1:
        client.get("/api/search", query_string={"q": word(rnd), "limit": str(rnd.randint(1, 50))})
    elif kind == 2:
        client.get(f"/laws/{rnd.choice([str(rnd.randint(0, 120)), word(rnd)])}")
    elif kind == 3:
        calls = [rnd.choice(["1S", "p", "pass", "X", "2h", "1n", word(rnd)]) for _ in range(6)]
        cards = [rnd.choice(["SA", "♠K", "h10", "dt", word(rnd)]) for _ in range(4)]
        client.post("/api/boards/check", json={"auction": calls, "hands": {"N": cards}})
    elif kind == 4:
        client.post("/api/rulings/revoke", json={"board": {"deal": word(rnd)}, "answers": {}})
    elif kind == 5:
        client.post(
            "/boards",
            data={"text": PBN, "board_number": str(rnd.randint(1, 40)), "csrf_token": token},
        )
    elif kind == 6:
        client.get(f"/boards/{word(rnd)}")
    elif kind == 7:
        client.get(f"/rule/revoke/{word(rnd)}", query_string={"a": f"{word(rnd)}:{word(rnd)}"})
    elif kind == 8:
        client.post("/api/boards", data="[" * rnd.randint(1, 5000), content_type="application/json")
    else:
        tablet = client.application.test_client()
        tablet.environ_base["REMOTE_ADDR"] = f"10.{index % 250}.{rnd.randint(0, 250)}.7"
        tablet.get("/")


def test_random_requests_leave_every_cache_and_table_bounded(tmp_path):
    app = create_app(
        {
            "TESTING": True,
            "STORE_PATH": str(tmp_path / "log.sqlite3"),
            "SECRET_KEY": "k",
            "LAN_PIN": "123456",
        }
    )
    client = app.test_client()
    page = client.get("/boards/new").get_data(as_text=True)
    token = re.search(r'name="csrf_token" value="([^"]+)"', page).group(1)
    rnd = random.Random(11)
    for index in range(REQUESTS):
        random_request(client, rnd, token, index)
    for name, cached in all_caches():
        info = cached.cache_info()
        bound = info.maxsize if info.maxsize is not None else FINITE_LIMIT
        assert info.currsize <= bound, (name, info)
    from td_assist.web.security import MAX_TRACKED_ADDRESSES

    assert app.extensions["td_lan"].attempts.tracked() <= MAX_TRACKED_ADDRESSES
    assert len(app.jinja_env.cache or {}) <= 400  # jinja's own bounded template cache


def test_the_search_for_caches_finds_them():
    names = {name for name, _ in all_caches()}
    assert {"td_assist.lawbook.book._load", "td_assist.web.laws._law_body"} <= names
    assert isinstance(functools.cache(len), CACHE_TYPE)
