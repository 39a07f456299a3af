"""What a run will cost, said before it starts: "4,000 games at mcts:20 ≈ 40 CPU minutes".

Why: a search agent multiplies the cost of a game by hundreds, and a long run sent to a
cluster should be priced before it is sent. A quick calibration plays a few games of the
request here (its own seeds: the run's games are not among them) until CALIBRATION_GAMES
are played or CALIBRATION_SECONDS of CPU are spent, and scales the CPU time per game to
the run. CPU time, not wall time: a shared machine's other jobs do not count, and workers
share the CPU minutes between them. A game's cost varies, so the figure is a rough one.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass

from stamperia.content.model import Game
from stamperia.rules.simulation.result import Simulator, Table
from stamperia.rules.simulation.runner import SimulationRequest, hashed_seed, seat_agents

CALIBRATION_GAMES = 3
CALIBRATION_SECONDS = 2.0
"""CPU seconds of calibration at most (a game begun is finished)."""


@dataclass(frozen=True)
class CostEstimate:
    games: int
    agents: tuple[str, ...]
    calibrated: int
    """Games played to calibrate."""
    seconds_per_game: float
    """CPU seconds per calibration game."""

    @property
    def cpu_seconds(self) -> float:
        return self.games * self.seconds_per_game

    def line(self) -> str:
        return (f"estimate: {self.games:,} games at {','.join(self.agents)} ≈ "
                f"{duration(self.cpu_seconds)} (from {self.calibrated} calibration "
                f"game(s), {self.seconds_per_game:.2g} CPU s each)")

    def as_json(self) -> dict[str, object]:
        return {"games": self.games, "agents": list(self.agents),
                "calibration_games": self.calibrated,
                "cpu_seconds_per_game": round(self.seconds_per_game, 4),
                "cpu_seconds": round(self.cpu_seconds, 1)}


def duration(seconds: float) -> str:
    """CPU seconds in the unit a person reads: seconds, minutes or hours."""
    if seconds < 120:
        return f"{seconds:.0f} CPU seconds"
    if seconds < 2 * 3600:
        return f"{seconds / 60:.0f} CPU minutes"
    return f"{seconds / 3600:.1f} CPU hours"


def estimate_cost(request: SimulationRequest, game: Game, simulator: Simulator,
                  most: int = CALIBRATION_GAMES,
                  budget: float = CALIBRATION_SECONDS) -> CostEstimate:
    """The request's CPU cost, from a few games played here (the request is valid:
    runner.validate has accepted it)."""
    play = simulator.bind(game)
    started = time.process_time()
    played = 0
    while played < max(1, most) and (played == 0 or time.process_time() - started < budget):
        table = Table(seat_agents(request.agents, request.players, played), request.variants,
                      request.turn_limit, request.oracle)
        seed = hashed_seed("stamperia", "estimate", request.seed, played)
        play(table, random.Random(seed), None)
        played += 1
    spent = time.process_time() - started
    return CostEstimate(request.games, request.agents, played, spent / played)
