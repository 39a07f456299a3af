"""Agents checked before they are believed: a balance verdict read from agents that do not
beat random play, or that leave games to a round cap, measures the agents, not the game.

Before a verdict, each agent of the line-up (random excepted: it is the yardstick) plays
CHECK_GAMES games against random seats, rotated seat by seat, and must win significantly
more than its fair share (the lower end of its 95% Wilson interval above 1/seats, or the
share a seat the game adds leaves each player). The
line-up's own games must end by the rules, not a cap, in at least BY_RULES_SHARE of them.
Otherwise the verdict is withheld, and the report says why. A search agent with a playout
budget B also gets a skill trace: SKILL_GAMES games of a budget of 2B against B in the
other seats; a search that does not gain from twice the budget has not converged, or its
playouts say little (Ludii's and TAG's skill traces read the same curve).

Every game here has its own seed, derived from the request's seed and what it checks, so
the check is the same for a seed whatever the workers.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace

from stamperia.content.model import Game
from stamperia.rules.search.spec import SEARCH_AGENTS, AgentSpecError, parse_agent
from stamperia.rules.simulation.result import Simulator
from stamperia.rules.simulation.runner import SimulationRequest, hashed_seed, tally_games
from stamperia.rules.simulation.wilson import wilson

RANDOM = "random"
BY_RULES_SHARE = 0.9
"""Games of the line-up that must end by the rules, not by a cap."""
CHECK_GAMES = 40
"""Games of each agent against random seats: a purposeful agent wins most of them (greedy
wins 70-100% at 3-5 seats), so 40 separate it from a fair share with room to spare."""
SKILL_GAMES = 20
"""Games of the skill trace (budget 2B in one seat, B in the others)."""


@dataclass(frozen=True)
class Strength:
    """How an agent did against other agents seated by rotation: its wins among `games`
    games (a shared win counts 1/k), against its fair share (Tally.players_fair)."""

    agent: str
    against: str
    games: int
    wins: float
    fair: float

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.wins, self.games)

    @property
    def rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def above_fair(self) -> bool:
        """The lower end of the 95% interval lies above the fair share."""
        return self.games > 0 and self.interval[0] > self.fair

    def as_json(self) -> dict[str, object]:
        low, high = self.interval
        return {"agent": self.agent, "against": self.against, "games": self.games,
                "wins": round(self.wins, 4), "rate": round(self.rate, 4),
                "interval": [round(low, 4), round(high, 4)], "fair": round(self.fair, 4),
                "above_fair": self.above_fair}

    def line(self) -> str:
        low, high = self.interval
        return (f"{self.agent} against {self.against}: won {self.rate:.0%} ({low:.0%}-"
                f"{high:.0%}) of {self.games} games, fair share {self.fair:.0%}")


@dataclass(frozen=True)
class AgentCheck:
    """The check of one line-up at one player count, and the verdict it allows."""

    players: int
    agents: tuple[str, ...]
    games: int
    by_rules: int
    """The line-up's own games that ended by the rules (not by a cap)."""
    strengths: tuple[Strength, ...]
    """Each agent of the line-up, random excepted, against random seats."""
    skill: tuple[Strength, ...] = ()
    """Each search agent with a playout budget B: budget 2B against B."""

    @property
    def reasons(self) -> tuple[str, ...]:
        """Why the balance verdict is withheld; empty when it may be given."""
        found = []
        if all(agent == RANDOM for agent in self.agents):
            found.append("random seats only: random play says nothing about balance")
        found += [f"{s.agent} is not shown to beat random seats at {self.players} players "
                  f"({s.rate:.0%} of {s.games} games, fair share {s.fair:.0%})"
                  for s in self.strengths if not s.above_fair]
        if self.games and self.by_rules < BY_RULES_SHARE * self.games:
            found.append(f"only {self.by_rules} of {self.games} games "
                         f"({self.by_rules / self.games:.0%}) ended by the rules, not a cap "
                         f"(needs {BY_RULES_SHARE:.0%})")
        return tuple(found)

    @property
    def verdict(self) -> str:
        return "withheld" if self.reasons else "given"

    def as_json(self) -> dict[str, object]:
        return {"verdict": self.verdict, "reasons": list(self.reasons),
                "players": self.players, "by_rules": self.by_rules, "games": self.games,
                "by_rules_share": round(self.by_rules / self.games, 4) if self.games else None,
                "against_random": [s.as_json() for s in self.strengths],
                "skill_trace": [s.as_json() for s in self.skill]}

    def lines(self) -> list[str]:
        share = self.by_rules / self.games if self.games else 0.0
        lines = [f"agent check: {self.by_rules} of {self.games} games ({share:.0%}) ended "
                 f"by the rules (needs {BY_RULES_SHARE:.0%})"]
        lines += ["  " + s.line() for s in self.strengths]
        lines += ["  skill trace: " + s.line() for s in self.skill]
        if self.reasons:
            lines.append("balance verdict: withheld: " + "; ".join(self.reasons))
        else:
            lines.append("balance verdict: given (every agent beats random and ends games "
                         "by the rules)")
        return lines


def play_against(game: Game, simulator: Simulator, request: SimulationRequest,
                 agent: str, others: str, games: int) -> Strength:
    """`agent` in one seat, `others` in the rest, rotated game by game: its wins."""
    seated = (agent,) + (others,) * (request.players - 1)
    seed = hashed_seed("stamperia", "agentcheck", request.seed, f"{agent}/{others}")
    check = replace(request, games=games, seed=seed, agents=seated, scheduler=None)
    tally = tally_games(check, game, simulator).tally
    seats = max(request.players, tally.most_seats)
    wins = tally.label_wins.get(("agent", agent))
    seen = tally.seen[("agent", agent)]
    return Strength(agent, others, seen, float(wins or 0), tally.players_fair(seats))


def doubled(agent: str, known: tuple[str, ...]) -> str | None:
    """The same search agent with twice its playout budget (None: not a search agent with
    a playout budget, or twice would pass the budget's bound)."""
    try:
        spec = parse_agent(agent, known)
    except AgentSpecError:
        return None
    if spec.name not in SEARCH_AGENTS or spec.budget is None or spec.budget.timed:
        return None
    stronger = f"{spec.name}:{2 * spec.budget.amount}"
    try:
        parse_agent(stronger, known)
    except AgentSpecError:
        return None
    return stronger


def check_agents(game: Game, simulator: Simulator, request: SimulationRequest,
                 ends: Mapping[str, int], check_games: int = CHECK_GAMES,
                 skill_games: int = SKILL_GAMES,
                 progress: Callable[[int], None] | None = None) -> AgentCheck:
    """The agent check of a request whose own games ended as `ends` says (end -> games):
    each agent of the line-up against random seats, and a skill trace for each search
    agent with a playout budget."""
    agents = tuple(dict.fromkeys(request.agents))
    strengths = []
    skill = []
    for agent in agents:
        if agent == RANDOM:
            continue
        if check_games:
            strengths.append(play_against(game, simulator, request, agent, RANDOM,
                                          check_games))
            if progress is not None:
                progress(check_games)
        stronger = doubled(agent, simulator.agents)
        if stronger is not None and skill_games:
            skill.append(play_against(game, simulator, request, stronger, agent,
                                      skill_games))
            if progress is not None:
                progress(skill_games)
    games = sum(ends.values())
    capped = sum(count for end, count in ends.items() if end in simulator.capped_ends)
    return AgentCheck(request.players, agents, games, games - capped, tuple(strengths),
                      tuple(skill))
