"""The templates' ``_()`` reads only whether the template escapes (issue 29): called
inside a loop or a block that sets a variable, it makes no context of its own, as a
function that takes the template's context does (``jinja2.runtime.Context.derived``, a
tenth of a ruling page)."""

from __future__ import annotations

from jinja2.runtime import Context

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
