"""Agent names as the user writes them: `greedy`, `mcts`, `mcts:400` (playouts) or
`mcts:250ms` (milliseconds of thinking per decision), `heuristic:<profile>` (a player
profile the game's content defines).

A playout budget keeps games reproducible for a seed; a millisecond budget depends on the
machine's speed and load, so the same seed may give a different game.
"""

from __future__ import annotations

from dataclasses import dataclass

SEARCH_AGENTS = ("mcts",)
"""Agents that take a budget."""

PROFILE_AGENTS = ("heuristic",)
"""Agents that take a player profile from the game's content: `heuristic:aggressive`."""

DEFAULT_PLAYOUTS = 100
"""The default budget: enough to beat random SPLUT! play almost always (bench/agent_strength.py)
at about a tenth of a second per SPLUT! decision."""

MAX_PLAYOUTS = 100_000
MAX_MILLISECONDS = 60_000


class AgentSpecError(ValueError):
    """An agent name or budget that cannot be read."""


@dataclass(frozen=True)
class Budget:
    """How long a search agent thinks per decision: playouts, or milliseconds if timed."""

    amount: int
    timed: bool = False


@dataclass(frozen=True)
class AgentSpec:
    name: str
    budget: Budget | None = None
    profile: str | None = None


def parse_agent(text: str, known: tuple[str, ...]) -> AgentSpec:
    """The agent a name stands for; AgentSpecError names what is wrong and what is known."""
    name, colon, option = text.partition(":")
    if name not in known:
        raise AgentSpecError(f"unknown agent {name!r}: choose from {', '.join(known)}")
    if name in PROFILE_AGENTS:
        if not option:
            raise AgentSpecError(f"agent {name!r} needs a profile from the game's content: "
                                 f"{name}:<profile>")
        return AgentSpec(name, profile=option)
    if name not in SEARCH_AGENTS:
        if colon:
            raise AgentSpecError(f"agent {name!r} takes no option (got {text!r})")
        return AgentSpec(name)
    if not colon:
        return AgentSpec(name, Budget(DEFAULT_PLAYOUTS))
    timed = option.endswith("ms")
    digits = option[:-2] if timed else option
    limit = MAX_MILLISECONDS if timed else MAX_PLAYOUTS
    if not digits.isdigit() or not 1 <= int(digits) <= limit:
        unit = "milliseconds" if timed else "playouts"
        raise AgentSpecError(f"agent {text!r}: the budget must be a whole number of {unit} "
                             f"from 1 to {limit:,} (e.g. {name}:400 or {name}:250ms)")
    return AgentSpec(name, Budget(int(digits), timed))
