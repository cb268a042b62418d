"""The lawbook: laws/*.md parsed into a tree of anchored sections, cross-linked."""

from td_assist.lawbook.book import Lawbook, UnknownLaw, get_lawbook, reload_lawbook
from td_assist.lawbook.model import LANGUAGES, Law, LawFileError, Section, display_anchor

__all__ = [
    "LANGUAGES",
    "Law",
    "LawFileError",
    "Lawbook",
    "Section",
    "UnknownLaw",
    "display_anchor",
    "get_lawbook",
    "reload_lawbook",
]
