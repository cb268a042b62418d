"""The lawbook: laws/*.md parsed into a tree of anchored sections, cross-linked."""

from td_assist.lawbook.book import Lawbook, UnknownLaw, get_lawbook, reload_lawbook
from td_assist.lawbook.model import Law, LawFileError, Section, display_anchor

__all__ = [
    "Law",
    "LawFileError",
    "Lawbook",
    "Section",
    "UnknownLaw",
    "display_anchor",
    "get_lawbook",
    "reload_lawbook",
]
