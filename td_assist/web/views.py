"""The board shapes the pages show. They live in ``td_assist.reports.board_views``, beside
the printable ruling report, which the command line renders without the web app; the
pages keep this name for them."""

from td_assist.bridge.display import call_text, contract_text
from td_assist.reports.board_views import (
    SUIT_CLASS,
    SUITS,
    HandView,
    TrickView,
    auction_rows,
    double_dummy,
    hands,
    tricks,
)

__all__ = [
    "SUITS",
    "SUIT_CLASS",
    "HandView",
    "TrickView",
    "auction_rows",
    "call_text",
    "contract_text",
    "double_dummy",
    "hands",
    "tricks",
]
