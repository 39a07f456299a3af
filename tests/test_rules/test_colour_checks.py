"""`stamperia check` colour warnings: adjacent zones and factions told apart in every
vision; the shipped games pass."""

from __future__ import annotations

import dataclasses
import itertools

import pytest

from stamperia.content.loader import load_game
from stamperia.content.look.colourscience import MIN_DELTA_E, closest
from stamperia.content.rulesets.conquest.model import Conquest
from stamperia.rules.colours import NamedColour, colour_clashes
from stamperia.rules.conquest.colour_check import check_colours


def test_a_clash_names_both_colours_the_vision_and_the_field() -> None:
    game = load_game("sgrunt")
    origin = game.part(Conquest).factions[0].origin
    colours = [NamedColour("rossi", "#cc3333", origin), NamedColour("verdi", "#33aa33", origin),
               NamedColour("neri", "#111111", origin)]
    problems = colour_clashes("factions", colours)
    assert [p.message for p in problems] == [
        "factions 'rossi' (#cc3333) and 'verdi' (#33aa33) are hard to tell apart in "
        "deuteranopia: ΔE2000 8.5 < 10"]
    assert problems[0].severity == "warning"
    assert problems[0].pointer.endswith("/colour")
    assert colour_clashes("factions", colours, [(0, 2)]) == []


def test_the_old_sgrunt_palette_is_reported() -> None:
    conquest = load_game("sgrunt").part(Conquest)
    board = conquest.board
    assert board is not None
    old = {"sassarese": "#f0b070", "gallura": "#e3a9d6", "nuorese": "#a3cf86",
           "arborea": "#92bde6", "gennargentu": "#bba6e0", "sulcis_iglesiente": "#e89a9a",
           "campidano": "#efd96a", "ogliastra_sarrabus": "#86cfc0"}
    zones = tuple(dataclasses.replace(z, colour=old[z.id]) for z in board.zones)
    before = dataclasses.replace(conquest, board=dataclasses.replace(board, zones=zones))
    messages = [p.message for p in check_colours(before) if "zones" in p.message]
    assert len(messages) == 14
    assert ("adjacent zones 'nuorese' (#a3cf86) and 'ogliastra_sarrabus' (#86cfc0) are hard "
            "to tell apart in greyscale: ΔE2000 0.3 < 10") in messages


@pytest.mark.parametrize("name", ["sgrunt", "mugrugni"])
def test_shipped_zones_and_factions_pass_in_every_vision(name: str) -> None:
    conquest = load_game(name).part(Conquest)
    assert check_colours(conquest) == []
    board = conquest.board
    assert board is not None
    zone = {t.id: t.zone for t in board.territories}
    colour = {z.id: z.colour for z in board.zones}
    pairs = {tuple(sorted((zone[b.between[0]], zone[b.between[1]]))) for b in board.borders}
    worst = min(closest(colour[a], colour[b]).delta_e for a, b in pairs if a != b)
    assert worst >= MIN_DELTA_E
    factions = [f.colour for f in conquest.factions]
    assert min(closest(a, b).delta_e
               for a, b in itertools.combinations(factions, 2)) >= MIN_DELTA_E
