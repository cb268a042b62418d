"""Two of Jinja's costs on every value a page shows, made cheaper with the same HTML
(issue 29).

A never-answered wizard or ruling page is rendered in full (nothing kept fits a new
deal), and much of that rendering is Jinja's own work around the values (these two
took some 5-9% off such a page's CPU, measured in one process side by side):

- ``{{ value }}`` escapes through ``markupsafe.escape``, which wraps each escaped text in
  a new ``Markup`` (a Python-level constructor) only for the page to join it with the
  rest: some 115 a page. ``shown`` escapes the same characters and hands back the
  text itself; a value already safe (``Markup``, anything with ``__html__``) is passed as
  its own HTML, as markupsafe does, without wrapping it again.
- ``{{ f(x) }}`` goes through ``Context.call``, which asks every callable twice whether
  it wants the context passed in. ``QuickCallContext`` answers that with one attribute
  look-up for plain functions and methods (what the templates call: ``url_for``, ``_``,
  the views' helpers) and leaves anything else to Jinja.

Where a page joins the pieces (``Template.render``, a ``{% set %}`` block, a macro) it
makes the joined text ``Markup`` itself, so no piece needs to be one.
"""

from __future__ import annotations

from types import BuiltinFunctionType, FunctionType, MethodType
from typing import Any

import jinja2
from jinja2 import Environment, nodes
from jinja2.compiler import CodeGenerator, Frame
from jinja2.runtime import Context
from markupsafe import escape

try:  # Jinja's private answer to "what does this callable want passed in"
    from jinja2.utils import _PassArg
except ImportError:  # pragma: no cover - a Jinja this was not written against
    _PassArg = None  # type: ignore[assignment,misc]

try:  # markupsafe's own escaping of a text, in C where it was built with it
    from markupsafe._speedups import _escape_inner
except ImportError:  # pragma: no cover - a markupsafe without its C part
    try:
        from markupsafe._native import _escape_inner
    except ImportError:
        _escape_inner = None


def shown(value: Any) -> str:
    """The text of ``markupsafe.escape(value)``, not wrapped in ``Markup``."""
    if type(value) is str:
        return _escape_inner(value)  # type: ignore[misc]
    if hasattr(value, "__html__"):
        html = value.__html__()
        if isinstance(html, str):
            return html
    return escape(value)


class QuickEscapeGenerator(CodeGenerator):
    """Jinja's code generator, with ``shown`` for the escape of ``{{ value }}``."""

    def visit_Template(self, node: nodes.Template, frame: Frame | None = None) -> None:
        self.writeline(f"from {__name__} import shown as td_shown")
        super().visit_Template(node, frame)

    def _output_child_pre(self, node: nodes.Expr, frame: Frame, finalize: Any) -> None:
        # Only where the template always escapes; an {% autoescape %} block that can
        # switch it (volatile) keeps Jinja's own choice made while rendering.
        if frame.eval_ctx.autoescape and not frame.eval_ctx.volatile:
            self.write("td_shown(")
            if finalize.src is not None:
                self.write(finalize.src)
            return
        super()._output_child_pre(node, frame, finalize)


_PLAIN_CALLABLES = frozenset({FunctionType, MethodType, BuiltinFunctionType})


class QuickCallContext(Context):
    """Jinja's context, with a short way through ``call`` for plain functions."""

    def call(__self, __obj: Any, *args: Any, **kwargs: Any) -> Any:
        # A function's or method's __call__ is a method-wrapper, which never carries
        # jinja_pass_arg: Jinja's first question has the answer "no" for these.
        if type(__obj) not in _PLAIN_CALLABLES:
            return Context.call(__self, __obj, *args, **kwargs)
        pass_arg = getattr(__obj, "jinja_pass_arg", None)
        if pass_arg is _PassArg.eval_context:  # the templates' _(): kept_gettext
            args = (__self.eval_ctx, *args)
        elif pass_arg is _PassArg.environment:
            args = (__self.environment, *args)
        elif pass_arg is not None:  # pass_context: Jinja's own way (loop variables)
            return Context.call(__self, __obj, *args, **kwargs)
        if kwargs:
            kwargs.pop("_block_vars", None)
            kwargs.pop("_loop_vars", None)
        try:
            return __obj(*args, **kwargs)
        except StopIteration:  # as Context.call
            return __self.environment.undefined(
                "value was undefined because a callable raised a StopIteration exception"
            )


# Both classes lean on Jinja's private parts (the generator's ``_output_child_pre``,
# ``_PassArg``) and markupsafe's ``_escape_inner``: a club laptop installs whatever Jinja
# is newest, so any other major.minor than the one tested here (3.1) renders Jinja's own
# way, slower but never wrongly escaped.
TESTED_JINJA = "3.1."


def understood(version: str | None = None) -> bool:
    """Whether this Jinja is one the quick paths were written and tested against.

    >>> understood("3.1.6"), understood("3.2.0"), understood("4.0")
    (True, False, False)
    """
    if version is None:
        version = str(getattr(jinja2, "__version__", ""))
    return (
        version.startswith(TESTED_JINJA)
        and _PassArg is not None
        and callable(getattr(CodeGenerator, "_output_child_pre", None))
    )


def install(environment: Environment) -> None:
    """Render ``environment``'s templates this way (before any is compiled); on a Jinja
    it does not know, leave Jinja's own way."""
    if not understood():
        return
    if _escape_inner is not None:
        environment.code_generator_class = QuickEscapeGenerator
    environment.context_class = QuickCallContext
