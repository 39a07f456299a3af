"""Readable step names for records and fixtures: 'TF2n', 'TF2n+', 'TE3n*e', 'SD2n~E1'.

Piece letter, the square it stands on, the direction letter; then '+' for a pull,
'*' and a direction for a throw, '~' and the rock's square for a levitation.
"""

from __future__ import annotations

import re

from stamperia.rules.splut.geometry import DIR_NAMES
from stamperia.rules.splut.moves import Step
from stamperia.rules.splut.position import SORCERER, TROLL, Position

_PATTERN = re.compile(r"^([A-Z])([A-Z][0-9]+)([nesw])(?:(\+)|\*([nesw])|~([A-Z][0-9]+))?$")


class NotationError(ValueError):
    """A step name that does not name a legal step of the position."""


def step_name(pos: Position, step: Step) -> str:
    kind, di, extra = step
    geo = pos.geo
    text = geo.letters[kind] + geo.names[pos.where[3 * pos.player + kind]] + DIR_NAMES[di]
    if kind == TROLL and extra == 1:
        text += "+"
    elif kind == TROLL and extra >= 2:
        text += "*" + DIR_NAMES[extra - 2]
    elif kind == SORCERER and extra:
        text += "~" + geo.names[pos.rocks[extra - 1]]
    return text


def parse_step(pos: Position, text: str, legal: list[Step]) -> Step:
    """The legal step a name stands for; NotationError if it names none."""
    match = _PATTERN.match(text)
    if match is None:
        raise NotationError(f"{text!r} is not a step name (like 'TF2n', 'TE3n*e')")
    for step in legal:
        if step_name(pos, step) == text:
            return step
    raise NotationError(f"{text!r} is not a legal step here")
