"""Move notation of conquest positions: each engine Action as a short string of ids the
designer knows, and back.

    claim nurra             place nurra 3           remove nurra 1
    discard zannata         truce sardi / truce none
    recruit reclutamento 4 (boars) / recruit none
    attack marmilla ogliastra 2 (from, to, dice)    card zannata / card none
    roll 2                  defend 2 (the defender's dice)      retreat     end-attacks
    occupy 3                move nurra gallura      move-count 2        no-move
    outcome 2-0             (chance: the attacker loses 2 boars, the defender 0)

Territories, cards and factions are content ids; counts are plain decimals. Parsing accepts
only the form formatting writes (one space between words, no leading zeros), so the two
are exact inverses and every move has one spelling.
"""

from __future__ import annotations

from collections.abc import Sequence

from stamperia.rules.conquest.state import Action
from stamperia.rules.conquest.tables import Tables

NONE = "none"
"""The word for "no card" / "no truce" / "no recruit"."""

OUTCOME = "outcome"

_COUNT_ONLY = {"roll": "roll", "defend": "defend", "occupy": "occupy",
               "move_count": "move-count"}
_BARE = {"retreat": "retreat", "end_attacks": "end-attacks", "no_move": "no-move"}
_BARE_BACK = {word: kind for kind, word in _BARE.items()}
_COUNT_BACK = {word: kind for kind, word in _COUNT_ONLY.items()}


def format_action(tables: Tables, factions: Sequence[str], action: Action) -> str:
    """The notation of one engine action; `factions` names the seats in order."""
    kind = str(action[0])
    ids = tables.territory_ids
    if kind in _BARE:
        return _BARE[kind]
    if kind in _COUNT_ONLY:
        return f"{_COUNT_ONLY[kind]} {int(action[1])}"
    if kind == "claim":
        return f"claim {ids[int(action[1])]}"
    if kind in ("place", "remove"):
        return f"{kind} {ids[int(action[1])]} {int(action[2])}"
    if kind == "discard":
        return f"discard {action[1]}"
    if kind == "card":
        return f"card {action[1] or NONE}"
    if kind == "truce":
        seat = int(action[1])
        return f"truce {factions[seat] if seat >= 0 else NONE}"
    if kind == "recruit":
        return f"recruit {action[1]} {int(action[2])}" if action[1] else f"recruit {NONE}"
    if kind == "attack":
        return f"attack {ids[int(action[1])]} {ids[int(action[2])]} {int(action[3])}"
    if kind == "move":
        return f"move {ids[int(action[1])]} {ids[int(action[2])]}"
    raise ValueError(f"unknown action {action!r}")


def format_outcome(lost_attack: int, lost_defence: int) -> str:
    """The chance move of one roll's result: the attacker's losses, then the defender's."""
    return f"{OUTCOME} {lost_attack}-{lost_defence}"


def _count(word: str) -> int | None:
    return int(word) if word.isdigit() and word.isascii() else None


def _parse(tables: Tables, factions: Sequence[str], words: list[str]) -> Action | None:
    territory = {t: i for i, t in enumerate(tables.territory_ids)}
    kind, args = words[0], words[1:]
    if kind in _BARE_BACK and not args:
        return (_BARE_BACK[kind],)
    if kind in _COUNT_BACK and len(args) == 1 and (n := _count(args[0])) is not None:
        return (_COUNT_BACK[kind], n)
    if kind == "claim" and len(args) == 1 and args[0] in territory:
        return ("claim", territory[args[0]])
    if kind in ("place", "remove") and len(args) == 2 and args[0] in territory:
        n = _count(args[1])
        return None if n is None else (kind, territory[args[0]], n)
    if kind == "discard" and len(args) == 1:
        return ("discard", args[0])
    if kind == "card" and len(args) == 1:
        return ("card", "" if args[0] == NONE else args[0])
    if kind == "truce" and len(args) == 1:
        if args[0] == NONE:
            return ("truce", -1)
        return ("truce", factions.index(args[0])) if args[0] in factions else None
    if kind == "recruit" and args == [NONE]:
        return ("recruit", "", 0)
    if kind == "recruit" and len(args) == 2 and (n := _count(args[1])) is not None:
        return ("recruit", args[0], n)
    if kind == "attack" and len(args) == 3 and args[0] in territory and args[1] in territory:
        n = _count(args[2])
        return None if n is None else ("attack", territory[args[0]], territory[args[1]], n)
    if kind == "move" and len(args) == 2 and args[0] in territory and args[1] in territory:
        return ("move", territory[args[0]], territory[args[1]])
    return None


def parse_move(tables: Tables, factions: Sequence[str], move: str) -> Action | None:
    """The engine action a move names, or None when it is not a move of this notation
    (legality is the caller's question)."""
    words = move.split(" ")
    if not move or "" in words:
        return None
    action = _parse(tables, factions, words)
    if action is None or format_action(tables, factions, action) != move:
        return None
    return action


def parse_outcome(move: str) -> tuple[int, int] | None:
    """(attacker losses, defender losses) of an outcome move, or None."""
    kind, _, losses = move.partition(" ")
    attack, dash, defence = losses.partition("-")
    a, d = _count(attack), _count(defence)
    if kind != OUTCOME or not dash or a is None or d is None:
        return None
    return (a, d) if format_outcome(a, d) == move else None
