"""The one error type for bad bridge input.

Every message names the problem and where it is, so a TD can fix the record:
``PBN line 14: card S7 is in both North and East``.
"""

from __future__ import annotations

from td_assist.i18n import _


class RecordError(ValueError):
    """A record (deal, auction, play, file) is malformed or contradicts itself.

    ``where`` is a short location such as ``"PBN line 14"`` or ``"Play trick 5"``;
    it is prefixed to the message when given.

    >>> str(RecordError("card S7 is in both North and East", where="PBN line 14"))
    'PBN line 14: card S7 is in both North and East'
    """

    def __init__(self, problem: str, where: str | None = None) -> None:
        self.problem = problem
        self.where = where
        super().__init__(f"{where}: {problem}" if where else problem)

    def located(self, where: str) -> RecordError:
        """The same problem with an outer location prepended (``Board 3, Play trick 5``)."""
        inner = f"{where}, {self.where}" if self.where else where
        return RecordError(self.problem, where=inner)


def shown(text: str, limit: int = 30) -> str:
    """A piece of the input quoted for a message, as a TD would read it: no Python
    escapes, invisible characters dropped, long text cut.

    >>> shown("Pas5"), shown(""), shown("\\ufeff%"), shown("x" * 40)
    ("'Pas5'", '(empty)', "'%'", "'xxxxxxxxxxxxxxxxxxxxxxxxxxx...'")
    """
    visible = "".join(ch for ch in text if ch.isprintable() or ch == " ").strip()
    if not visible:
        return _("(empty)")
    if len(visible) > limit:
        visible = visible[: limit - 3] + "..."
    return f"'{visible}'"
