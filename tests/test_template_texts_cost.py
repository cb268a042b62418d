"""The templates' ``_()`` reads only whether the template escapes (issue 29): called
inside a loop or a block that sets a variable, it makes no context of its own, as a
function that takes the template's context does (``jinja2.runtime.Context.derived``, a
tenth of a ruling page)."""

from __future__ import annotations

from jinja2.runtime import Context

from td_assist.i18n import use_language
from td_assist.web import template_texts

from .spies import first_arguments

LOOP = (  # a block and a loop, each setting a variable of its own, as ruling.html's do
    "{% block content %}{% set mark = '<b>' %}{% for number in [1, 2] %}{% set n = number %}"
    '{{ _("Board %(number)s", number=mark ~ n) }} {{ _("Restart") }} '
    "{{ ngettext('%(num)d case', '%(num)d cases', n) }}|{% endfor %}{% endblock %}"
)


def test_a_text_in_a_loop_makes_no_context_of_its_own_and_is_escaped(app, monkeypatch):
    derived = first_arguments(monkeypatch, Context, "derived")
    with app.test_request_context("/"):
        shown = app.jinja_env.from_string(LOOP).render()
    assert shown == "Board &lt;b&gt;1 Restart 1 case|Board &lt;b&gt;2 Restart 2 cases|"
    assert derived == []


def test_where_the_template_does_not_escape_neither_does_the_text(app):
    with app.test_request_context("/"):
        inner = LOOP.removeprefix("{% block content %}").removesuffix("{% endblock %}")
        shown = app.jinja_env.from_string("{% autoescape false %}" + inner + "{% endautoescape %}")
        assert shown.render() == "Board <b>1 Restart 1 case|Board <b>2 Restart 2 cases|"


def test_a_text_with_values_is_translated_once_per_language_and_filled_each_time(app, monkeypatch):
    template_texts._kept.clear()
    asked = first_arguments(monkeypatch, template_texts, "_")
    source = '{% for n in ["<N>", "S"] %}{{ _("Dealer %(seat)s", seat=n) }}|{% endfor %}'
    shown = {}
    for language in ("en", "de", "en", "de"):
        with use_language(language):
            shown[language] = app.jinja_env.from_string(source).render()
    assert shown == {"en": "Dealer &lt;N&gt;|Dealer S|", "de": "Teiler &lt;N&gt;|Teiler S|"}
    assert asked == ["Dealer %(seat)s", "Dealer %(seat)s"]  # once in each language
