"""Translation of the text a person reads: one place every module asks.

Call ``_()`` where a sentence is composed (inside functions, at run time), never at import
time, so the reader's language applies: ``_("{seat} must pass at his next turn").format(seat=...)``.
Keep the English sentence whole inside ``_()``, placeholders named, so a translator sees
the full sentence.

Today this returns the English text unchanged; the German issue (36) puts the catalog
lookup behind it without any caller changing.

>>> _("No revoke")
'No revoke'
"""

from __future__ import annotations


def _(text: str) -> str:
    """The text in the reader's language (English until the catalogs exist)."""
    return text


def ngettext(singular: str, plural: str, count: int) -> str:
    """The singular or plural form of a sentence that depends on ``count``."""
    return singular if count == 1 else plural
