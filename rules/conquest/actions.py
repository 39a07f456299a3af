"""Conquest actions as small ints on the hot path, and back to the readable tuples.

The engine lists, applies and hands its agents each decision as one int: the kind in the
low four bits, then up to three 16-bit fields (a territory, a count, a seat + 1 or a card
+ 1, where 0 means none). Compiled, an int is unboxed and its fields shifted out in C; a
tuple of a string and ints costs an allocation, a string comparison and a type check per
field. The tuples (`Action`, state.py) stay the engine's public API for positions, search
and tests, and notation.py names them for records and the CLI: `decode` and `encode` are
the one boundary between the two.

    kind          a                  b          c
    claim         territory
    place/remove  territory          boars
    discard       card + 1
    truce         seat + 1 (0: none)
    recruit       card + 1 (0: none) boars
    attack        from               to         dice
    roll/defend/occupy/move_count    count
    card          card + 1 (0: none)
    move          from               to
    retreat, end_attacks, no_move: the kind alone

Cards are numbered in the order of their sorted ids (`card_ids`), so lists made in card id
order are in code order too.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Final

Action = tuple[str | int, ...]
"""The readable tuple (state.Action's alias, restated: state.py imports this module)."""

CLAIM_DO: Final = 0
PLACE_DO: Final = 1
DISCARD_DO: Final = 2
REMOVE_DO: Final = 3
TRUCE_DO: Final = 4
RECRUIT_DO: Final = 5
ATTACK_DO: Final = 6
ROLL_DO: Final = 7
RETREAT_DO: Final = 8
DEFEND_DO: Final = 9
END_ATTACKS_DO: Final = 10
CARD_DO: Final = 11
OCCUPY_DO: Final = 12
MOVE_DO: Final = 13
MOVE_COUNT_DO: Final = 14
NO_MOVE_DO: Final = 15

KIND_MASK: Final = 15
FIELD_MASK: Final = 0xFFFF
A_SHIFT: Final = 4
B_SHIFT: Final = 20
C_SHIFT: Final = 36

KINDS: Final = ("claim", "place", "discard", "remove", "truce", "recruit", "attack", "roll",
                "retreat", "defend", "end_attacks", "card", "occupy", "move", "move_count",
                "no_move")
_KIND_CODES: Final = {kind: code for code, kind in enumerate(KINDS)}
_BARE: Final = frozenset((RETREAT_DO, END_ATTACKS_DO, NO_MOVE_DO))


def code(kind: int, a: int = 0, b: int = 0, c: int = 0) -> int:
    """One action's int from its kind and fields (each 0..65535)."""
    return kind | a << A_SHIFT | b << B_SHIFT | c << C_SHIFT


def field_a(action: int) -> int:
    return (action >> A_SHIFT) & FIELD_MASK


def field_b(action: int) -> int:
    return (action >> B_SHIFT) & FIELD_MASK


def field_c(action: int) -> int:
    return action >> C_SHIFT


def _int(value: str | int) -> int:
    if not isinstance(value, int):
        raise ValueError(f"expected a number, not {value!r}")
    return value


def _card(card: str | int, card_index: Mapping[str, int]) -> int:
    """A card's field: 0 for none (""), else its index + 1."""
    if card == "":
        return 0
    if not isinstance(card, str) or card not in card_index:
        raise ValueError(f"unknown action card {card!r}")
    return card_index[card] + 1


def encode(card_index: Mapping[str, int], action: Action) -> int:
    """The int of a readable action (ValueError for one that is not an action)."""
    kind = _KIND_CODES.get(str(action[0]), -1) if action else -1
    args = action[1:]
    if kind < 0:
        raise ValueError(f"unknown action {action!r}")
    if kind in _BARE:
        return code(kind)
    if kind in (DISCARD_DO, CARD_DO):
        return code(kind, _card(args[0], card_index))
    if kind == TRUCE_DO:
        return code(kind, _int(args[0]) + 1)
    if kind == RECRUIT_DO:
        return code(kind, _card(args[0], card_index), _int(args[1]))
    if kind == ATTACK_DO:
        return code(kind, _int(args[0]), _int(args[1]), _int(args[2]))
    if kind in (PLACE_DO, REMOVE_DO, MOVE_DO):
        return code(kind, _int(args[0]), _int(args[1]))
    return code(kind, _int(args[0]))  # claim and the counts


def decode(card_ids: Sequence[str], action: int) -> Action:
    """The readable tuple of an action's int."""
    kind = action & KIND_MASK
    a, b, c = field_a(action), field_b(action), field_c(action)
    name = KINDS[kind]
    if kind in _BARE:
        return (name,)
    if kind in (DISCARD_DO, CARD_DO):
        return (name, card_ids[a - 1] if a else "")
    if kind == TRUCE_DO:
        return (name, a - 1)
    if kind == RECRUIT_DO:
        return (name, card_ids[a - 1], b) if a else (name, "", 0)
    if kind == ATTACK_DO:
        return (name, a, b, c)
    if kind in (PLACE_DO, REMOVE_DO, MOVE_DO):
        return (name, a, b)
    return (name, a)
