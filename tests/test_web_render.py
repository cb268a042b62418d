"""The app's templates escape values and call functions the cheap way (web/render.py,
issue 29) and read exactly as with Jinja's own escape and call: the same constructs,
and the wizard and ruling pages of a new board in English and German."""

from __future__ import annotations

import re

import jinja2.runtime
import pytest
from jinja2 import Environment, pass_context, pass_environment, pass_eval_context
from jinja2.utils import _PassArg
from markupsafe import Markup, escape

from benchmarks.live_server import TAPPED_BOARD
from td_assist.web import create_app, render

from .spies import first_arguments


class Shows:
    def __init__(self, html: object) -> None:
        self.html = html

    def __html__(self) -> object:
        return self.html


class Plain:
    def __str__(self) -> str:
        return "a < b & 'c'"


VALUES = [
    'Pass & "double" <b>',
    "",
    "Ärger über 3♠",
    Markup("<strong>safe</strong>"),
    Shows("<i>its own</i>"),
    Shows(Markup("<em>marked</em>")),
    Shows(42),  # not text: markupsafe makes text of it
    7,
    -1.5,
    None,
    Plain(),
    ["<", ">"],
]


@pytest.mark.parametrize("value", VALUES, ids=range(len(VALUES)))
def test_a_value_is_shown_as_markupsafe_escapes_it(value):
    assert render.shown(value) == str(escape(value))


def _first(items):
    return next(iter(items))  # StopIteration on an empty list: Jinja makes it undefined


@pass_context
def seat_of(context, n):
    return f"{context.get('prefix')}{n}<"


@pass_eval_context
def escapes(eval_ctx, text):
    return f"{text}:{eval_ctx.autoescape}"


@pass_environment
def named(environment, text):
    return f"{text}:{type(environment).__name__ != ''}"


CONSTRUCTS = """{% macro row(cells) %}<tr>{% for c in cells %}<td>{{ c }}</td>{% endfor %}\
{{ caller() if caller }}</tr>{% endmacro %}
{% set prefix = "<N>" %}{% for v in values %}[{{ v }}]{{ seat_of(loop.index) }}{% endfor %}
{% set block %}<b>{{ values[0] }}</b>{% endset %}{{ block }}|{{ block|length }}
{{ row(values[:3]) }}{% call row(["<x>"]) %}{{ values[1] }}<i>{% endcall %}
{% filter upper %}{{ values[0] }}{% endfilter %}
{{ first(values) }}|{{ first([]) }}|{{ "a<b".upper() }}|{{ {"k": "<v>"}.items()|list }}
{{ escapes("e") }} {{ named("n") }} {{ values[0] ~ "&" }} {{ 3 + 4 }} {{ nothing }}
{% autoescape false %}{{ values[0] }}{% endautoescape %}{{ values[0] }}
{% for v in values %}{{ escapes(v) }}{% endfor %}"""


def _environments():
    quick = Environment(autoescape=True)
    render.install(quick)
    for environment in (Environment(autoescape=True), quick):
        environment.globals.update(first=_first, seat_of=seat_of, escapes=escapes, named=named)
        yield environment


def test_templates_read_as_with_jinjas_own_escape_and_call():
    plain, quick = (e.from_string(CONSTRUCTS) for e in _environments())
    values = [v for v in VALUES if not isinstance(v, Plain)]
    assert quick.render(values=values) == plain.render(values=values)
    assert "&lt;b&gt;" in quick.render(values=values)  # and it does escape


def test_a_shown_value_is_not_escaped_through_markupsafe(monkeypatch):
    # escape, as the compiled templates import it from jinja2.runtime
    asked = first_arguments(monkeypatch, jinja2.runtime, "escape")
    quick = list(_environments())[1]
    shown = quick.from_string("{% for v in values %}{{ v }}{% endfor %}").render(values=VALUES)
    assert shown == "".join(str(escape(v)) for v in VALUES)
    assert asked == []


def test_a_plain_function_is_called_without_asking_what_it_takes(app, monkeypatch):
    asked = first_arguments(monkeypatch, _PassArg, "from_obj")
    template = (
        "{% for n in [1, 2] %}{% set m = n %}{{ url_for('core.home') }}"
        "{{ _('Restart') }}{{ m }}{% endfor %}"
    )
    with app.test_request_context("/"):
        assert app.jinja_env.from_string(template).render() == "/Restart1/Restart2"
    assert asked == []


TOKEN = re.compile(r'(name="(?:csrf_token|request_key)" value=")[^"]*|(nonce-|nonce=")[^\'"]*')


def _pages(app, board: dict, language: str) -> list[str]:
    client = app.test_client()
    board_id = client.post("/api/boards", json=board).get_json()["id"]
    shown = []
    for query in ("", "?a=declarer_tricks:9", "?a=declarer_tricks:9&usual=yes"):
        response = client.get(
            f"/rule/revoke/{board_id}{query}", headers={"Accept-Language": language}
        )
        assert response.status_code == 200
        page = TOKEN.sub(
            lambda m: (m.group(1) or m.group(2)) + "X", response.get_data(as_text=True)
        )
        shown.append(page.replace(board_id, "ID"))
    return shown


@pytest.mark.parametrize("language", ["en", "de"])
def test_wizard_and_ruling_pages_read_as_with_jinjas_own(tmp_path, monkeypatch, language):
    settings = {"TESTING": True, "SECRET_KEY": "k"}
    quick = create_app({**settings, "STORE_PATH": str(tmp_path / "quick.db")})
    monkeypatch.setattr(render, "install", lambda environment: None)
    plain = create_app({**settings, "STORE_PATH": str(tmp_path / "plain.db")})
    assert plain.jinja_env.context_class is not render.QuickCallContext
    board = {**TAPPED_BOARD, "number": 5}
    assert _pages(quick, board, language) == _pages(plain, board, language)


def test_an_unknown_jinja_renders_its_own_way(monkeypatch: pytest.MonkeyPatch) -> None:
    """A newer Jinja may change the private parts the quick paths use: then they stay off."""
    from jinja2.compiler import CodeGenerator
    from jinja2.runtime import Context

    monkeypatch.setattr(render.jinja2, "__version__", "3.2.0")
    environment = Environment(autoescape=True)
    render.install(environment)
    assert environment.code_generator_class is CodeGenerator
    assert environment.context_class is Context
    assert environment.from_string("{{ x }}").render(x="<b>") == "&lt;b&gt;"
