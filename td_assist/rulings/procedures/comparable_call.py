"""The comparable call (Law 23): the help a Director gives before the offender's turn,
and what follows when the offender does or does not make one.

Shared by every wizard where a withdrawn or cancelled call may be replaced by a
comparable call: an insufficient bid (Law 27B1(b)), a pass, bid, double or redouble out
of rotation (Laws 30B1(b), 31A2, 31B2, 32A2, 32B2). Whether a call is comparable is the
Director's judgment (Law 23A): these functions never decide it, they say what to ask
and what the answer brings.
"""

from __future__ import annotations

from td_assist.i18n import _


def comparable_tests(withdrawn: str) -> list[str]:
    """The three Law 23A tests, each one sentence, said of the withdrawn call.

    >>> len(comparable_tests("1S"))
    3
    """
    return [
        _(
            "Same or similar meaning: the new call means what {withdrawn} meant, or close "
            "to it (Law 23A1)."
        ).format(withdrawn=withdrawn),
        _(
            "Subset: every hand the new call can show could also have made {withdrawn} (Law 23A2)."
        ).format(withdrawn=withdrawn),
        _(
            "Same purpose: the new call does the job {withdrawn} would have done, e.g. both "
            "ask or both relay (Law 23A3)."
        ).format(withdrawn=withdrawn),
    ]


def comparable_call_help(offender: str, withdrawn: str) -> str:
    """What the Director tells the offender, away from the table, before his turn."""
    return _(
        "Before {offender}'s turn, take him away from the table, find out what {withdrawn} "
        "meant in his system, and tell him which calls would be comparable. A call is "
        "comparable if it passes one test: {tests} The choice of call stays his; a pass "
        "can be comparable too."
    ).format(offender=offender, withdrawn=withdrawn, tests=" ".join(comparable_tests(withdrawn)))


def comparable_consequence(comparable: bool, offender_partner: str) -> str:
    """What a comparable call (Laws 23B, 23C) or another call brings for the partner."""
    if comparable:
        return _(
            "A comparable call: no further rectification, no Law 26B lead restriction, and "
            "Law 16C2 does not restrict {partner} (Law 23B); after play the Director "
            "adjusts if the help from the withdrawn call could well have changed the result "
            "and damaged the other side (Law 23C)."
        ).format(partner=offender_partner)
    return _(
        "Not a comparable call: the law that sent the Director here decides how long "
        "{partner} must pass; Law 26B lead restrictions may follow, and the withdrawn call "
        "stays unauthorised information to {partner} (Law 16C2)."
    ).format(partner=offender_partner)
