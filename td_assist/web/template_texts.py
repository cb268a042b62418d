"""The templates' ``_()`` and ``ngettext()``, each text translated once per language and
kept (issue 29).

Jinja's own newstyle gettext reaches ``td_assist.i18n._`` through three calls on every
use (the ``_`` alias looks up ``gettext``, which calls the function through the
template's context, then wraps the text in Markup and formats it), and a ruling page
has some thirty of them: a tenth of its rendering. These do what Jinja's do, with the
same results (a text is always a format string, so ``"NS %%"`` shows ``NS %``; the
values are escaped), but a text is looked up once per language and whether the
template escapes, and kept: finished where it has no values, else as the format its
values go into. The catalogs are read once per process
(``i18n.catalog``), so a kept text never outlives its translation.
"""

from __future__ import annotations

from typing import Any

from jinja2 import Environment, pass_eval_context
from jinja2.nodes import EvalContext
from markupsafe import Markup

from td_assist.i18n import _, current_language, ngettext

TEXTS_KEPT = 4096  # every template text in a few languages; a made-up one cannot grow it

# By language, whether the template escapes, the text and whether it has values: the
# finished text where it has none, else the translated format its values go into.
_kept: dict[tuple[str, bool, str, bool], str] = {}


def _as_shown(text: str, autoescape: bool) -> str:
    return Markup(text) if autoescape else text


# The evaluation context, not the template's: Jinja hands a function that takes the
# template's context a context of its own (``Context.derived``) when called inside a
# loop or a block that sets a variable, a tenth of a ruling page's rendering (issue 29).
@pass_eval_context
def kept_gettext(eval_ctx: EvalContext, text: str, **values: Any) -> str:
    """``_("Board %(number)s", number=...)`` in a template: the text in the reader's
    language, with its values (escaped where the template escapes)."""
    autoescape = eval_ctx.autoescape
    key = (current_language(), autoescape, text, bool(values))
    found = _kept.get(key)
    if found is None:
        found = _as_shown(_(text), autoescape)
        if not values:
            found = found % values  # a format all the same: "NS %%" shows "NS %"
        if len(_kept) >= TEXTS_KEPT:
            _kept.clear()
        _kept[key] = found
    return found % values if values else found


@pass_eval_context
def kept_ngettext(
    eval_ctx: EvalContext, singular: str, plural: str, count: int, **values: Any
) -> str:
    """``ngettext("%(num)d case", "%(num)d cases", n)`` in a template, as Jinja's."""
    values.setdefault("num", count)
    return _as_shown(ngettext(singular, plural, count), eval_ctx.autoescape) % values


def install(environment: Environment) -> None:
    """Use these for ``_``, ``gettext`` and ``ngettext`` in ``environment``'s templates
    (after the i18n extension's own, which they replace)."""
    environment.newstyle_gettext = True  # type: ignore[attr-defined]
    environment.globals.update(_=kept_gettext, gettext=kept_gettext, ngettext=kept_ngettext)
