"""The words of an unauthorised-information ruling: the values its tree's texts are
filled from, the story of what happened, the basis and the notes.
"""

from __future__ import annotations

from td_assist.bridge.board import Board
from td_assist.bridge.cards import Seat, Side, Strain
from td_assist.bridge.double_dummy import dd_table
from td_assist.i18n import _
from td_assist.rulings.engine.walk import (
    fill,
)
from td_assist.rulings.procedures.adjusted_scores import (
    AdjustedScore,
    Fault,
)
from td_assist.rulings.procedures.tricks_and_scores import side_name
from td_assist.rulings.wizards.unauthorised_information.incident import (
    Incident,
    call_text,
    kind_words,
    record_contract_text,
    seats_at_table,
)


def _kind_text(kind: str, alerted: str | None) -> str:
    if kind == "alert" and alerted == "alerted":
        return _("an unexpected alert")
    if kind == "alert" and alerted == "not_alerted":
        return _("a missing alert")
    return kind_words(kind)


def ruling_values(
    incident: Incident, kind: str, board: Board | None, table: str, alerted: str | None = None
) -> dict[str, object]:
    gaining, restored = incident.sides
    return {
        # Where the record and the report leave a player unnamed, the words say so rather
        # than stand in for a name.
        "source": incident.source.name_full if incident.source else _("the player reported"),
        "receiver": incident.receiver.name_full if incident.receiver else _("his partner"),
        "call": (
            _marked_call(board, incident)
            if incident.call and incident.caller and incident.call_index
            else _("a call the record does not mark")
        ),
        "action": (
            # Without the player's name: the texts put it before ("North chose 4♥ at call 8").
            _("{call} at call {index}").format(
                call=call_text(incident.action), index=incident.action_index
            )
            if incident.action
            else _("the next call he made")
            if incident.receiver
            else _("the call made after it")
        ),
        "kind_text": _kind_text(kind, alerted),
        "offenders": side_name(gaining) if gaining else _("the offending side"),
        "non_offenders": side_name(restored) if restored else _("the non-offending side"),
        "cause": (
            _("the information from outside the table")
            if kind == "extraneous"
            else _("the infraction")
        ),
        "contract": record_contract_text(board) if board else _("not yet known"),
        "table": table,
    } | {"basis": ""}


def _previous(board: Board | None, call_index: int) -> tuple[str, str] | None:
    """Who made the call before the one at which the information was given, and what."""
    if board is None or call_index < 2:
        return None
    seat = seats_at_table(board)[call_index - 2]
    return seat.name_full, call_text(board.auction[call_index - 2])


def _marked_call(board: Board | None, incident: Incident) -> str:
    """ "North's Pass over East's 3♠": the call at which the information was given."""
    caller = incident.caller.name_full if incident.caller else ""
    call = call_text(incident.call or "")
    previous = _previous(board, incident.call_index or 0)
    if previous is None:
        return _("{caller}'s {call}").format(caller=caller, call=call)
    return _("{caller}'s {call} over {seat}'s {previous}").format(
        caller=caller, call=call, seat=previous[0], previous=previous[1]
    )


def _made(call: str) -> str:
    """ "passed", "doubled", "bid 4♠": a call as something a player did."""
    verbs = {"P": _("passed"), "X": _("doubled"), "XX": _("redoubled")}
    return verbs.get(call) or _("bid {call}").format(call=call_text(call))


def story(board: Board | None, incident: Incident, kind: str) -> str:
    """What happened at the table, naming players, seats and calls, for the start of
    the announcement: "North hesitated over East's 3♠ and passed; South bid 4♠." Empty
    when the record does not show the call."""
    if board is None or incident.call is None or incident.caller is None:
        return ""
    caller, made = incident.caller.name_full, _made(incident.call)
    previous = _previous(board, incident.call_index or 0)
    if kind == "tempo" and previous is not None:
        first = _("{caller} hesitated over {seat}'s {previous} and {made}").format(
            caller=caller, seat=previous[0], previous=previous[1], made=made
        )
    elif kind == "tempo":
        first = _("{caller} hesitated and {made}").format(caller=caller, made=made)
    else:
        first = _("{caller} {made} ({what})").format(
            caller=caller, made=made, what=_kind_text(kind, None)
        )
    if incident.action is not None and incident.receiver is not None:
        return _("{first}; {receiver} {made}.").format(
            first=first, receiver=incident.receiver.name_full, made=_made(incident.action)
        )
    return first + "."


# What the infraction was, by the kind of information: (sentence, the laws it rests on).
def basis_of(kind: str, values: dict[str, object]) -> tuple[str, list[str]]:
    if kind == "opponent":
        return (
            fill(
                _(
                    "{source}'s tempo or manner misled {non_offenders}; he had no demonstrable "
                    "bridge reason for it and could have known that it might work to his "
                    "benefit (Law 73E2)"
                ),
                values,
            ),
            ["73E2"],
        )
    if kind == "extraneous":
        return (
            fill(
                _(
                    "The information {receiver} received from outside the table affected the "
                    "result (Law 16D2(c))"
                ),
                values,
            ),
            ["16D2c"],
        )
    return (
        fill(
            # The withdrawn call is not recorded: the information came after the call marked.
            _(
                "{receiver} chose {action}, which the unauthorised information ({kind_text} "
                "after {call}) demonstrably suggested over a logical alternative (Law 16B1(a))"
            )
            if kind == "withdrawn"
            else _(
                "{receiver} chose {action}, which the unauthorised information ({kind_text} "
                "at {call}) demonstrably suggested over a logical alternative (Law 16B1(a))"
            ),
            values,
        ),
        ["16B1a", "16B3"] + (["16C2"] if kind == "withdrawn" else []),
    )


def self_inflicted_text(answer: AdjustedScore, values: dict[str, object]) -> str:
    """Law 12C1(e) in words: what the non-offenders' error cost them. The scores need not
    balance: they do when none of the damage was self-inflicted."""
    if answer.self_inflicted is None or answer.self_inflicted.balances:
        return fill(
            _(
                "{non_offenders} made a serious error or a gamble after {cause}, but "
                "it added nothing to their damage: without it their result would have been "
                "no better than it was at the table. They get the same adjusted score (Law "
                "12C1(e)), and the two scores balance."
            ),
            values,
        )
    return fill(
        _(
            "{non_offenders} contributed to their own damage by a serious error or a gamble "
            "after {cause}, so they get no redress for that part of the damage (Law "
            "12C1(e)); the two scores do not balance."
        ),
        values,
    )


def penalty_words(kind: str, values: dict[str, object]) -> str:
    """The procedural penalty the Director may add, by what the infraction was."""
    if kind == "extraneous":
        return ""
    if kind == "opponent":
        return " " + fill(
            _(
                "The Director may give {offenders} a procedural penalty for the breach of "
                "Law 73D2 (Law 90A)."
            ),
            values,
        )
    return " " + fill(
        _(
            "The Director may give {offenders} a procedural penalty for the breach of "
            "Law 73C1 (Laws 73C2 and 90A)."
        ),
        values,
    )


def capitalised(text: str) -> str:
    return text[:1].upper() + text[1:]


def own_session_text(answer: AdjustedScore) -> str:
    """The Law 12C2(c) sentences of the artificial score, when it applied."""
    return " ".join(answer.own_session)


def misinformation_note(
    kind: str, mistake: str, alerted: str | None, incident: Incident, board: Board | None
) -> tuple[str, list[str]]:
    """Law 75 for an alert or an explanation: misinformation or not, and who must correct.

    A missing or a wrong alert is a mistaken explanation too (Law 20F5(a)), so both kinds
    share the note; the caller (the explainer's partner) is the one who must speak up.
    """
    caller = incident.receiver.name_full if incident.receiver else _("the caller")
    if mistake == "call":
        if kind == "alert":
            text = _(
                "The call, not the alert, was mistaken: the opponents were not misinformed and "
                "there is nothing to correct (Law 75C), but {caller} had to go on as if partner "
                "had understood his call as he meant it (Law 75A)."
            )
        else:
            text = _(
                "The call, not the explanation, was mistaken: the opponents were not "
                "misinformed and there is nothing to correct (Law 75C), but {caller} had to go "
                "on as if partner had understood his call as he meant it (Law 75A)."
            )
        return text.format(caller=caller), ["75A", "75C"]
    what = {
        "alerted": _("The alert"),
        "not_alerted": _("The missing alert"),
    }.get(alerted or "") or (
        _("The alert or its absence") if kind == "alert" else _("The explanation")
    )
    laws = ["75A", "75B1", "20F5a", "20F5b"]
    if kind == "alert":
        why = _(
            "{what} did not match the partnership agreement: that is misinformation (Laws "
            "20F5(a) and 21B1(a): a missing or wrong alert counts as misinformation; Law 75B1)"
        )
        laws.append("21B1a")
    else:
        why = _("{what} did not match the partnership agreement: that is misinformation (Law 75B1)")
    # When is the record's to say: the explainer's partner speaks after the final pass
    # if his side declares, at the end of the play if it defends.
    declarer = board.declarer_seat if board is not None else None
    receiver = incident.receiver
    if declarer is not None and receiver is not None and declarer.side is receiver.side:
        if declarer is receiver:
            when = _(
                "{caller}, whose partner gave it, had to say nothing about it during the "
                "auction (Law 20F5(a)), then call the Director and correct it as soon as the "
                "auction ended with the final pass, as declarer (Law 20F5(b)(ii))."
            )
        else:
            when = _(
                "{caller}, whose partner gave it, had to say nothing about it during the "
                "auction (Law 20F5(a)), then call the Director and correct it as soon as the "
                "auction ended with the final pass, as dummy (Law 20F5(b)(ii))."
            )
    elif declarer is not None and receiver is not None:
        when = _(
            "{caller}, whose partner gave it, had to say nothing about it during the auction "
            "(Law 20F5(a)), then call the Director and correct it once the play was over, as "
            "a defender (Law 20F5(b)(i))."
        )
    else:
        when = _(
            "{caller}, whose partner gave it, had to say nothing about it during the auction "
            "(Law 20F5(a)), then call the Director and correct it after the final pass if his "
            "side declares, or once the play is over if it defends (Law 20F5(b))."
        )
    text = _(
        "{why}, and any damage the opponents suffered from it is ruled on separately (Laws "
        "21B and 40B). {when}"
    ).format(why=why.format(what=what), when=when.format(caller=caller))
    return text, laws


def fault_words(faults: dict[Side, Fault]) -> str:
    """Each side's artificial score and why, in the Law 12C2(a) terms."""
    parts = []
    for side in Side:
        score = faults[side].artificial
        named = {
            "average-plus": _("average plus"),
            "average": _("average"),
            "average-minus": _("average minus"),
        }[score.value]
        parts.append(
            _("{score} to {side}, {fault} ({percent}% in pairs, {imps} IMPs in teams)").format(
                score=named,
                side=side_name(side),
                fault=faults[side].words,
                percent=score.percent,
                imps=f"{score.imps:+d}",
            )
        )
    return "; ".join(parts)


def dd_hint(board: Board | None) -> str:
    """The double-dummy table in one line, with the analysis extra: a starting point."""
    table = dd_table(board.deal) if board is not None and board.deal else None
    if table is None:
        return ""
    order = (Strain.NOTRUMP, Strain.SPADES, Strain.HEARTS, Strain.DIAMONDS, Strain.CLUBS)
    rows = [
        f"{strain.value} " + " ".join(f"{seat.value}{table[strain][seat]}" for seat in Seat)
        for strain in order
    ]
    return " " + _(
        "Double-dummy tricks (all four hands seen; a starting point, not a likely result): {rows}."
    ).format(rows="; ".join(rows))


def two_paragraphs(first: str, second: str) -> str:
    return f"{first}\n\n{second}" if first else second
