"""WARLAND positions for the rules tests (positions, rulebook sentences, readings): a
position read through the public interface, a four-player table in its main phase, and
the legal moves and send counts asked of it."""

from __future__ import annotations

import json
import random
from collections.abc import Mapping
from typing import Any

from stamperia.content.model import Game
from stamperia.rules.positions import PositionSource
from stamperia.rules.warland.position import Position
from stamperia.rules.warland.positions import POSITIONS


def read_position(game: Game, data: Mapping[str, Any]) -> Position:
    """The position as `stamperia moves` reads a file: from its JSON text, lines known."""
    text = json.dumps(data, indent=2)
    return POSITIONS.read(game, json.loads(text), PositionSource("p.json", text))


def fed_opening(game: Game, players: int = 4, seed: int = 0) -> dict[str, Any]:
    """The seeded opening with its first meal played as `feed` (everyone eats): the
    first seat in its main phase."""
    opening = POSITIONS.opening(game, players, seed)
    return dict(POSITIONS.write(game, POSITIONS.apply(
        game, read_position(game, opening), "feed", random.Random(0))))


def main_phase_table(game: Game) -> dict[str, Any]:
    """Four players, rossi to move in its main phase (the opening's meal fed)."""
    data = fed_opening(game)
    data["first"] = data["to_move"] = "rossi"
    return data


def legal_moves(game: Game, data: Mapping[str, Any]) -> tuple[str, ...]:
    return tuple(POSITIONS.legal(game, read_position(game, data)).moves)


def sent_counts(moves: tuple[str, ...]) -> set[int]:
    """The soldier counts of the `send N ...` moves."""
    return {int(m.split()[1]) for m in moves if m.startswith("send ")}
