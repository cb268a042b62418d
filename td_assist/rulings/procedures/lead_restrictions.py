"""Lead restrictions: what declarer may require or forbid of the offender's partner.

Law 50D2 and 51B (penalty cards on the table when the partner is to lead); Law 26
(a withdrawn call) is the next to live here when a second wizard needs it.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from td_assist.bridge.cards import Seat


class LeadOptions(BaseModel):
    """Declarer's options when the offender's partner is to lead (Law 50D2, 51B)."""

    model_config = ConfigDict(extra="forbid")
    seat: Seat
    suits: list[str]
    options: list[str] = Field(default_factory=lambda: ["require", "forbid"])
