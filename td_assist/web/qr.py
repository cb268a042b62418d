"""QR codes for the addresses phones type, drawn as inline SVG on the laptop's page."""

from __future__ import annotations

import segno
from markupsafe import Markup


def qr_svg(text: str, label: str) -> Markup:
    """``text`` as a QR code in an inline ``<svg>`` (no file, no outside address)."""
    code = segno.make(text, error="m")
    svg = code.svg_inline(scale=5, light="#fff", title=label, svgclass="qr", lineclass="qr-line")
    return Markup(svg)  # segno escapes the title it writes
