"""Conquest positions as JSON: an engine state written with the ids the designer knows.

Seats are the order of `players`; decks (each seat's action pile, the event pile) list the
next card first, while the engine keeps it last, so they are written reversed. Only what
the rules read is written: statistics (counters, steps, turns played) are not.
"""

from __future__ import annotations

from collections.abc import Sequence

from stamperia.rules.conquest.state import MOVE_COUNT, OVER, ROLL, State
from stamperia.rules.conquest.tables import Tables
from stamperia.rules.positions import CHANCE, PositionJson

PLAY_FIELDS = ("events", "event", "round", "extra_rounds", "scorza_dura", "round_cap",
               "active", "to_move", "phase", "stage", "tasks", "truces", "attacks_made")
"""Top-level fields needed to play on; `territories` and `players` alone are enough to score."""
PLAYER_PLAY_FIELDS = ("reserve", "setup_left", "hand", "deck", "discards", "played_card")
"""Per-player fields needed to play on (faction, objective and conquests always are)."""


def to_move(factions: Sequence[str], state: State) -> str | None:
    """The faction to decide, CHANCE before a roll, None once the game is over."""
    if state.phase is OVER:
        return None
    if state.phase is ROLL:
        return CHANCE
    return factions[state.actor]


def write_state(tables: Tables, factions: Sequence[str], state: State) -> PositionJson:
    """The JSON of an engine state; `factions` names its seats in order."""
    ids = tables.territory_ids
    data: PositionJson = {
        "territories": {ids[t]: {"owner": factions[o], "pieces": state.boars[t]}
                        for t, o in enumerate(state.owner) if o >= 0},
        "players": [
            {"faction": factions[seat],
             "objective": tables.objectives[state.objectives[seat]][0],
             "conquests": state.conquests[seat],
             "reserve": state.reserve[seat],
             "setup_left": state.setup_left[seat],
             "hand": list(state.hands[seat]),
             "deck": state.draw_piles[seat][::-1],
             "discards": list(state.discards[seat]),
             "played_card": state.played_card[seat]}
            for seat in range(state.players)],
        "events": [tables.events[e].id for e in reversed(state.events)],
        "event": tables.events[state.event].id if state.event >= 0 else None,
        "round": state.round,
        "extra_rounds": state.extra_rounds,
        "scorza_dura": state.scorza_dura,
        "round_cap": state.round_cap,
        "active": factions[state.active],
        "to_move": to_move(factions, state),
        "phase": state.phase.value,
        "stage": state.stage,
        "tasks": [{"kind": task.phase.value, "faction": factions[task.seat],
                   "count": task.count} for task in state.tasks],
        "truces": [{"faction": factions[a], "protected": factions[p], "turns": turns}
                   for (a, p), turns in state.truces.items()],
        "attacks_made": state.attacks_made,
        "conquests_this_turn": state.conquests_this_turn,
        "battle": None,
        "move_route": None,
    }
    battle = state.battle
    if battle is not None:
        fought: dict[str, object] = {
            "from": ids[battle.origin], "to": ids[battle.target],
            "defender": factions[battle.defender], "dice": state.attack_dice,
            "attacker_card": battle.attacker_card or None,
            "defender_card": battle.defender_card or None, "rolls": battle.rolls}
        if battle.defence_dice:
            fought["defence_dice"] = battle.defence_dice
        if battle.attacker_card:
            fought["attacker_card_roll"] = battle.attacker_card_roll
        if battle.defender_card:
            fought["defender_card_roll"] = battle.defender_card_roll
        data["battle"] = fought
    if state.phase is MOVE_COUNT:
        origin, target = state.move_route
        data["move_route"] = {"from": ids[origin], "to": ids[target]}
    if state.phase is OVER:
        data["winners"] = [factions[seat] for seat in state.winners]
        data["end"] = state.end
    return data
