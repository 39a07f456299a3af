"""Colour checks of a conquest game: adjacent zones and the factions must be told apart."""

from __future__ import annotations

from stamperia.content.errors import ContentError
from stamperia.content.rulesets.conquest.model import Conquest
from stamperia.rules.colours import NamedColour, colour_clashes


def check_colours(conquest: Conquest) -> list[ContentError]:
    problems: list[ContentError] = []
    board = conquest.board
    if board is not None:
        zones = [NamedColour(z.id, z.colour, z.origin) for z in board.zones]
        index = {z.id: i for i, z in enumerate(board.zones)}
        zone_of = {t.id: index[t.zone] for t in board.territories if t.zone in index}
        pairs = {(zone_of[b.between[0]], zone_of[b.between[1]]) for b in board.borders
                 if b.between[0] in zone_of and b.between[1] in zone_of}
        pairs |= {(zone_of[lk.between[0]], zone_of[lk.between[1]]) for lk in board.links
                  if lk.between[0] in zone_of and lk.between[1] in zone_of}
        problems += colour_clashes("adjacent zones", zones,
                                   [(a, b) for a, b in pairs if a != b])
    factions = [NamedColour(f.id, f.colour, f.origin) for f in conquest.factions]
    problems += colour_clashes("factions", factions)
    return problems
