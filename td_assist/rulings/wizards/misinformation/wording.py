"""Words for the misinformation tree's placeholders, and the players' duty to correct."""

from __future__ import annotations

from td_assist.bridge.board import Board
from td_assist.bridge.cards import Card, Seat
from td_assist.i18n import _
from td_assist.rulings.procedures.tricks_and_scores import side_name
from td_assist.rulings.wizards.misinformation.incident import Incident, Remedy, call_text


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _what_said(incident: Incident) -> str:
    if incident.type == "failure_to_alert":
        return _("the missing alert")
    if incident.explanation:
        return _("the explanation '{said}'").format(said=incident.explanation[:200])
    return _("the explanation")


def _explained_call(incident: Incident) -> str:
    if incident.call is None or incident.caller is None or incident.call_index is None:
        return _("the call explained")
    return _("{caller}'s {call} (call {index})").format(
        caller=incident.caller.name_full, call=call_text(incident.call), index=incident.call_index
    )


def correct_leader_of(board: Board | None, incident: Incident) -> Seat | None:
    """Who should have led: the winner of the last trick, or declarer's LHO at trick 1."""
    if incident.declarer is None:
        return None
    play = board.play_obj if board is not None else None
    tricks = play.completed_tricks if play is not None else []
    if tricks and tricks[-1].winner is not None:
        return tricks[-1].winner
    return incident.declarer.lho


def outcome_values(
    board: Board | None, incident: Incident, found: Remedy, table: str
) -> dict[str, object]:
    offenders = incident.offenders
    opening_leader = incident.declarer.lho if incident.declarer else None
    leader = incident.leader or opening_leader
    if found.remedy == "change_call" and found.victim and found.victim_index:
        victim_action = _("{victim}'s {call} (call {index})").format(
            victim=found.victim.name_full,
            call=call_text(incident.calls[found.victim_index - 1]),
            index=found.victim_index,
        )
    elif found.remedy == "lead" and leader is not None:
        victim_action = _("{leader}'s opening lead").format(leader=leader.name_full)
    elif offenders is not None:
        victim_action = _("the calls and plays of {side}").format(side=side_name(offenders.other))
    else:
        victim_action = _("the opponents' calls and plays")
    correct = correct_leader_of(board, incident)
    return {
        "explainer": incident.explainer.name_full if incident.explainer else _("the opponent"),
        "caller": incident.caller.name_full if incident.caller else _("his partner"),
        "explained_call": _explained_call(incident),
        "what_said": _what_said(incident),
        "what_said_cap": _capital(_what_said(incident)),
        "victim": found.victim.name_full if found.victim else _("the misinformed player"),
        "victim_call": (
            _("his {call} (call {index})").format(
                call=call_text(incident.calls[found.victim_index - 1]), index=found.victim_index
            )
            if found.victim_index
            else _("his last call")
        ),
        "lho_text": _lho_text(incident, found),
        "victim_action": victim_action,
        "leader": leader.name_full if leader else _("the player who led"),
        "lead_card": (
            Card.parse(incident.lead_card).pretty if incident.lead_card else _("card led")
        ),
        "correct_leader": correct.name_full if correct else _("the player whose turn it was"),
        "offenders": side_name(offenders) if offenders else _("the explainer's side"),
        "non_offenders": side_name(offenders.other) if offenders else _("the misinformed side"),
        "table": table,
        "assigned": "",
    }


def _lho_text(incident: Incident, found: Remedy) -> str:
    if found.lho is None:
        return ""
    if found.lho_index is not None:
        return _(
            "If he does, {lho}, on his left, may then take back his {call} (call {index}), "
            "made after it, and call again (Law 21B2)."
        ).format(
            lho=found.lho.name_full,
            call=call_text(incident.calls[found.lho_index - 1]),
            index=found.lho_index,
        )
    return _(
        "{lho}, on his left, has made no call since, so there is none for him to change."
    ).format(lho=found.lho.name_full)


def duty_to_correct(incident: Incident) -> tuple[str, str | None, list[str]]:
    """Who must put the explanation right, and when (Laws 20F4, 20F5, 75B2, 75B3)."""
    caller = incident.caller.name_full if incident.caller else _("The explainer's partner")
    explainer = incident.explainer.name_full if incident.explainer else _("the explainer")
    declarer = incident.declarer
    if declarer is None or incident.caller is None:
        when, partner_text = (
            None,
            _(
                "{caller} must say nothing about it for the rest of the auction, then call "
                "the Director and correct the explanation after the final pass if his side "
                "declares, or at the end of the play if it defends (Law 20F5)."
            ).format(caller=caller),
        )
    elif declarer.side == incident.caller.side:
        role = _("declarer") if declarer is incident.caller else _("dummy")
        when, partner_text = (
            "after_final_pass",
            _(
                "{caller}, as {role}, had to keep silent during the auction, then call the "
                "Director and correct the explanation as soon as the auction ended with the "
                "final pass, before the opening lead was faced (Law 20F5(b)(ii))."
            ).format(caller=caller, role=role),
        )
    else:
        when, partner_text = (
            "end_of_play",
            _(
                "{caller}, a defender, had to keep silent and correct the explanation only at "
                "the end of the play, calling the Director then (Law 20F5(b)(i))."
            ).format(caller=caller),
        )
    own = _(
        "{explainer}, once he noticed his own mistake, had to call the Director no later "
        "than before the opening lead was faced, or at once if he noticed during the play "
        "(Laws 20F4(b), 75B2)."
    ).format(explainer=explainer)
    return f"{partner_text} {own}", when, ["20F5a", "20F5b", "20F4b", "75B2", "75B3"]
