"""`stamperia score` for IWARI games: score a position, format the breakdown."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from stamperia.content.errors import ContentError, Origin
from stamperia.content.model import Game
from stamperia.rules.iwari.state import ScoredState, read_state
from stamperia.rules.ruleset import ToolOutput


def score_position(game: Game, data: Mapping[str, Any], origin: Origin
                   ) -> ToolOutput | list[ContentError]:
    """Scores of an end position, or the problems found in it."""
    state, problems = read_state(game, data, origin)
    if state is None:
        return problems
    return ToolOutput(tuple(score_lines(game, state)), score_json(game, state))


def _seats(state: ScoredState, values: tuple[int, ...]) -> str:
    shown = [f"{state.tribes[i]} {v}" for i, v in enumerate(values) if v]
    return ", ".join(shown) or "nobody"


def score_lines(game: Game, state: ScoredState) -> list[str]:
    scoring = state.scoring
    what = "end of the journey" if scoring.final else "mid-journey (tents only)"
    lines = [f"{game.id} {state.side}: {what}"]
    order = sorted(range(len(state.tribes)), key=lambda i: (-state.totals[i], -state.unused[i], i))
    for rank, seat in enumerate(order, start=1):
        before = f"before {state.before[seat]} + " if state.before[seat] else ""
        simulated = " (simulated)" if seat == state.simulated else ""
        lines.append(
            f"{rank}. {state.tribes[seat]}{simulated}: {state.totals[seat]} points ({before}tents "
            f"{scoring.tents[seat]} + totems {scoring.totems[seat]} + camps "
            f"{scoring.camp_points[seat]} + feats {scoring.feats[seat]}); "
            f"unused pieces {state.unused[seat]}")
    if state.simulated_won:
        lines.append(f"winner: nobody (the simulated tribe {state.tribes[state.simulated or 0]}"
                     " has the most points: both players lose)")
    else:
        lines.append("winner: " + ", ".join(state.tribes[s] for s in state.winners))
    lines.append("territories:")
    for entry in scoring.territories:
        times = f" x{entry.multiplier}" if entry.multiplier > 1 else ""
        lines.append(f"  {entry.territory}: tents {_seats(state, entry.tents)} -> "
                     f"{_seats(state, entry.points)}{times}")
    if scoring.final:
        lines.append("connections:")
        for connection in scoring.connections:
            head = (f"  {connection.number} {connection.kind} "
                    f"{connection.between[0]}-{connection.between[1]}")
            if connection.blocked:
                lines.append(f"{head}: under a mountain")
            elif connection.holders:
                times = f" x{connection.multiplier}" if connection.multiplier > 1 else ""
                lines.append(f"{head}: {_seats(state, connection.points)}{times}")
        lines.append("camps:")
        for camp in scoring.camps:
            lines.append(f"  {state.tribes[camp.seat]} {camp.points}: {', '.join(camp.spaces)}")
    return lines


def score_json(game: Game, state: ScoredState) -> dict[str, object]:
    scoring = state.scoring

    def per_seat(values: tuple[int, ...]) -> dict[str, int]:
        return {t: values[i] for i, t in enumerate(state.tribes)}

    return {
        "game": game.id, "side": state.side, "final": scoring.final,
        "players": [{"tribe": t, "total": state.totals[i], "before": state.before[i],
                     "tents": scoring.tents[i], "totems": scoring.totems[i],
                     "camps": scoring.camp_points[i], "feats": scoring.feats[i],
                     "unused_pieces": state.unused[i]} for i, t in enumerate(state.tribes)],
        "simulated": None if state.simulated is None else state.tribes[state.simulated],
        "winners": [state.tribes[s] for s in state.winners],
        "most_points": [state.tribes[s] for s in state.best],
        "territories": [{"territory": e.territory, "tents": per_seat(e.tents),
                         "points": per_seat(e.points), "multiplier": e.multiplier}
                        for e in scoring.territories],
        "connections": [{"number": c.number, "kind": c.kind, "between": list(c.between),
                         "under_mountain": c.blocked,
                         "majority": [state.tribes[s] for s in c.holders],
                         "points": per_seat(c.points), "multiplier": c.multiplier}
                        for c in scoring.connections],
        "camps": [{"tribe": state.tribes[c.seat], "tents": c.points, "spaces": list(c.spaces)}
                  for c in scoring.camps],
    }
