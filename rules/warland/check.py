"""All checks of the WARLAND ruleset, in the order a designer fixes things."""

from __future__ import annotations

import random
from collections.abc import Mapping

from stamperia.content.errors import ContentError, Origin, coded
from stamperia.content.findings import (
    COMPONENT_COUNTS,
    MISSING_PART,
    RULES_VIOLATION,
    SETUP_IMPOSSIBLE,
)
from stamperia.content.model import Game
from stamperia.content.rulesets.warland.buildings import TIERS, Buildings, Promote, Recruit
from stamperia.content.rulesets.warland.forces import Forces, Pawn
from stamperia.rules.colours import NamedColour, colour_clashes
from stamperia.rules.warland.setup import lay_out, roll_off
from stamperia.rules.warland.upkeep import after_starving, fewest_deaths, food_needed

SOLDIER_ROLES = ("soldier", "soldier_on_mission")


def _parts(game: Game) -> tuple[Buildings, Forces] | ContentError:
    for kind, model in (("warland_buildings", Buildings), ("warland_forces", Forces)):
        if game.find_part(model) is None:
            return game.origin.error(f"the warland ruleset needs a {kind} part",
                                     f"add \"{kind}\" to \"parts\"", "/parts", MISSING_PART)
    return game.part(Buildings), game.part(Forces)


def check_buildings(buildings: Buildings, forces: Forces) -> list[ContentError]:
    """Cost equals resistance, every tier present, every pawn a card names exists."""
    problems: list[ContentError] = []
    pawns = {p.id: p for p in forces.pawns}
    for tier in TIERS:
        if not buildings.tier(tier):
            problems.append(buildings.origin.error(f"no building of tier {tier!r}",
                                                   "every tier needs at least one card",
                                                   "/buildings"))
    for building in buildings.buildings:
        if building.cost != building.resistance:
            problems.append(building.origin.error(
                f"{building.id}: cost {building.cost} differs from resistance "
                f"{building.resistance}", "the rulebook: a building costs its resistance",
                "/cost"))
        named: list[tuple[str, int | None, Origin, str]] = [
            (b.pawn, b.strength, b.origin, "") for b in building.brings]
        for index, special in enumerate(building.special):
            if isinstance(special, Recruit):
                named.append((special.pawn, special.strength, building.origin,
                              f"/special/{index}"))
            elif isinstance(special, Promote):
                named.append((special.pawn, special.to_strength, building.origin,
                              f"/special/{index}"))
        for pawn_id, strength, origin, suffix in named:
            problems += _pawn_reference(pawns, pawn_id, strength, origin, suffix)
    castle = buildings.tier("castle")
    if castle and castle[0].hits_to_destroy < 2:
        problems.append(castle[0].origin.error(
            "the Castello must be beaten twice to be destroyed", "set \"hits_to_destroy\": 2",
            "/hits_to_destroy"))
    return problems


def _pawn_reference(pawns: Mapping[str, Pawn], pawn_id: str, strength: int | None,
                    origin: Origin, suffix: str) -> list[ContentError]:
    if pawn_id not in pawns:
        return [origin.error(f"unknown pawn {pawn_id!r}", f"known: {', '.join(sorted(pawns))}",
                             suffix + "/pawn")]
    pawn = pawns[pawn_id]
    strengths = {t.strength for t in pawn.tokens}
    if pawn.role in SOLDIER_ROLES and strength not in strengths:
        return [origin.error(f"{pawn_id} has no token of strength {strength}",
                             f"strengths: {sorted(s for s in strengths if s is not None)}",
                             suffix)]
    if pawn.role not in SOLDIER_ROLES and strength is not None:
        return [origin.error(f"{pawn_id} has no strength", "remove \"strength\"", suffix)]
    return []


def check_limits(game: Game, buildings: Buildings, forces: Forces) -> list[ContentError]:
    """The limits and counts agree with each other and with the player counts."""
    problems: list[ContentError] = []
    limits = forces.limits
    most = game.players[1]
    if limits.face_down_resistance < 1:
        problems.append(limits.origin.error("face-down resistance must be at least 1",
                                            suffix="/face_down_resistance"))
    flagged = limits.max_buildings + (0 if limits.max_buildings_counts_castle else 1)
    if forces.flags_per_faction < flagged:
        problems.append(forces.origin.error(
            f"{forces.flags_per_faction} flags per faction cannot mark "
            f"{flagged} buildings (the castle included)",
            f"give at least {flagged}", "/flags_per_faction"))
    for building in buildings.tier("advanced"):
        if building.copies < most * limits.advanced_per_type:
            problems.append(building.origin.error(
                f"{building.copies} cards of {building.id}: {most} players may each build "
                f"{limits.advanced_per_type}", f"give at least {most * limits.advanced_per_type}",
                "/copies"))
    if buildings.tier("castle") and buildings.castle.copies < most:
        problems.append(buildings.castle.origin.error(
            f"{buildings.castle.copies} Castello cards for up to {most} players",
            suffix="/copies"))
    if len(forces.factions) < most:
        problems.append(forces.origin.error(
            f"{len(forces.factions)} factions for up to {most} players", suffix="/factions"))
    setup = forces.setup
    for role, needed, field in (("bastion", setup.bastions, "bastions"),
                                ("carpenter", setup.carpenters, "carpenters")):
        pawn = forces.role(role)
        if pawn.per_faction < needed:
            problems.append(pawn.origin.error(
                f"{pawn.per_faction} {pawn.id} tokens per faction, setup places {needed}",
                f"see /setup/{field}", "/tokens"))
    table = forces.table
    if (table.recommended.width_mm > table.maximum.width_mm
            or table.recommended.height_mm > table.maximum.height_mm):
        problems.append(table.origin.error("the recommended table is above the maximum",
                                           suffix="/recommended"))
    outside = [n for n in table.recommended_players if not game.players[0] <= n <= most]
    if outside:
        problems.append(table.origin.error(
            f"recommended for {outside} players, the game allows {game.players[0]}-{most}",
            suffix="/recommended/players"))
    return problems


def check_moves(forces: Forces) -> list[ContentError]:
    """Soldiers must move for a battle or a demolition to happen (warland.txt 95-98,
    126-133: both need a Soldato in missione by the enemy)."""
    soldier = forces.role("soldier").id
    if forces.limits.moves(soldier) > 0:
        return []
    return [forces.limits.origin.warning(
        f"limits.moves_per_turn moves no {soldier}: no soldier ever leaves its castle, so no "
        "battle or demolition can happen", f"give {soldier} a count (the rulebook: 4 "
        "Soldati a turn, warland.txt 63-64)", "/moves_per_turn", RULES_VIOLATION)]


def check_upkeep_example(forces: Forces) -> tuple[list[ContentError], list[str]]:
    """Replay the rulebook's feeding example: the stated need, and that its choice works."""
    example = forces.upkeep_example
    eats = forces.eats()
    needed = food_needed(example.pawns, eats)
    pawns = ", ".join(f"{c} {p}" for p, c in example.pawns.items())
    if needed != example.needed:
        return [example.origin.error(f"the example's pawns need {needed} food, it states "
                                     f"{example.needed}", "check the food each pawn eats",
                                     "/needed")], []
    after = after_starving(example.food, example.pawns, eats, example.starve)
    if not after.fed:
        return [example.origin.error(
            f"after the example's choice the others still need {after.needed} food with "
            f"{example.food}", suffix="/starve")], []
    short = needed - example.food
    starve = ", ".join(f"{c} {p}" for p, c in example.starve.items())
    least = fewest_deaths(example.food, example.pawns, eats, list(example.pawns))
    least_text = ", ".join(f"{c} {p}" for p, c in least.items()) or "nobody"
    verdict = f"{short} short: some must starve" if short > 0 else "everyone eats"
    return [], [f"upkeep example: {example.food} food for {pawns} -> {needed} needed, "
                f"{verdict}; starving {starve} leaves {after.needed} needed (fed); "
                f"fewest deaths: {least_text}"]


def check_setup(game: Game, forces: Forces, seed: int) -> tuple[list[ContentError], list[str]]:
    problems: list[ContentError] = []
    notes: list[str] = []
    table = forces.table.recommended
    for players in forces.table.recommended_players:
        layout = lay_out(forces, players, table.width_mm, table.height_mm)
        size = f"{table.width_mm:g} x {table.height_mm:g} mm"
        if layout.overlaps:
            pairs = ", ".join(f"{layout.castles[i].edge}/{layout.castles[j].edge}"
                              for i, j in layout.overlaps)
            problems.append(forces.table.origin.error(
                f"{players} players on {size}: castle borders overlap ({pairs})",
                "shorten the ruler or enlarge the recommended table", "/recommended"))
        if layout.off_table:
            edges = ", ".join(layout.castles[i].edge for i in layout.off_table)
            problems.append(forces.table.origin.error(
                f"{players} players on {size}: a bastion falls off the table ({edges})",
                "shorten the ruler or change the bastion directions", "/recommended"))
        rolled = roll_off(players, forces.setup.roll_off_dice, forces.combat.dice_sides,
                          random.Random(f"{seed}:{players}"))
        rounds = " / ".join(" ".join(f"{s + 1}:{v}" for s, v in r) for r in rolled.rounds)
        notes.append(f"setup {players} players on {size}, ruler {forces.ruler_mm:g} mm: "
                     f"castles at {', '.join(c.edge for c in layout.castles)}; "
                     f"margin {layout.margin():.1f} mm (between borders "
                     f"{layout.border_clearance:.1f}, to the table edge "
                     f"{layout.table_clearance:.1f}); first player seat {rolled.winner + 1} "
                     f"after {len(rolled.rounds)} roll(s) [{rounds}]")
    return problems, notes


def check_warland(game: Game, seed: int) -> tuple[list[ContentError], list[str]]:
    """Problems found and the summary lines (upkeep example, setup per player count)."""
    parts = _parts(game)
    if isinstance(parts, ContentError):
        return [parts], []
    buildings, forces = parts
    problems = (check_buildings(buildings, forces)
                + coded(check_limits(game, buildings, forces), COMPONENT_COUNTS)
                + check_moves(forces))
    found, notes = check_upkeep_example(forces)
    problems += coded(found, COMPONENT_COUNTS)
    found, setup_notes = check_setup(game, forces, seed)
    factions = [NamedColour(f.id, f.colour, f.origin) for f in forces.factions]
    return (problems + coded(found, SETUP_IMPOSSIBLE) + colour_clashes("factions", factions),
            notes + setup_notes)
