"""Players for simulations: random, and greedy (kills when it can, keeps its Sorcerer safe).

Agents only read positions (greedy copies them to look one step ahead); randomness comes
from the passed random.Random alone, so a seed reproduces a game.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Final

from stamperia.content.rulesets.splut.board import SplutAgentProfile
from stamperia.rules.search.mcts import Mcts, SearchLimits
from stamperia.rules.search.spec import parse_agent
from stamperia.rules.splut.geometry import EMPTY
from stamperia.rules.splut.moves import SPLUT, Step, apply_step
from stamperia.rules.splut.position import DWARF, PIECE_BASE, SORCERER, TROLL, Position
from stamperia.rules.splut.search import SplutSearch

Agent = Callable[[Position, list[Step], random.Random], Step]

KILL: Final = 1000
LOSE: Final = -1000
CRUSH: Final = 50
DANGER: Final = 100
THREAT: Final = 10


def random_agent(pos: Position, legal: list[Step], rng: random.Random) -> Step:
    return legal[rng.randrange(len(legal))]


@dataclass(frozen=True)
class Weights:
    """What a one-step look values (a content profile, or greedy's own)."""

    splut: int = KILL
    crush: int = CRUSH
    danger: int = DANGER
    threat: int = THREAT


GREEDY = Weights()


def greedy_agent(pos: Position, legal: list[Step], rng: random.Random) -> Step:
    """The best step by a one-step look: splut an enemy Sorcerer, crush an enemy Dwarf,
    never stand in a line with an enemy Troll next to a rock, threaten enemies; ties by
    chance."""
    return weighted_step(GREEDY, pos, legal, rng)


def weighted_step(weights: Weights, pos: Position, legal: list[Step],
                  rng: random.Random) -> Step:
    """Greedy's one-step look with the given weights."""
    me = pos.player
    best: list[Step] = []
    best_score = -10**9
    for step in legal:
        child = pos.copy()
        score = 0
        for kind, team, _ in apply_step(child, step) or ():
            sign = -1 if team == me else 1
            score += sign * (weights.splut if kind == SPLUT else weights.crush)
        if child.alive[me] and not child.over:
            score -= weights.danger * threats(child, me, against_me=True)
            score += weights.threat * threats(child, me, against_me=False)
        if score > best_score:
            best, best_score = [step], score
        elif score == best_score:
            best.append(step)
    return best[rng.randrange(len(best))]


def threats(pos: Position, me: int, against_me: bool) -> int:
    """How many (troll, rock, direction) throws, one step away, would splut a Sorcerer:
    mine by an enemy troll (against_me) or an enemy's by my troll."""
    board = pos.board
    dirs = pos.geo.dirs
    teams = range(len(pos.alive))
    throwers = [t for t in teams if t != me] if against_me else [me]
    count = 0
    for team in throwers:
        troll = pos.where[3 * team + TROLL]
        if troll < 0:
            continue
        for d in dirs:
            rock = troll + d
            if not 0 < board[rock] < PIECE_BASE:
                continue
            for throw in dirs:
                victim = _splut_victim(board, troll, rock, throw)
                if victim >= 0 and (victim == me) == against_me:
                    count += 1
    return count


def _splut_victim(board: list[int], troll: int, rock: int, d: int) -> int:
    """The team whose Sorcerer a throw from `rock` along d would kill, or -1."""
    cell = rock + d
    while True:
        v = board[cell]
        if v == EMPTY or cell == troll or (v >= PIECE_BASE and v & 3 == DWARF):
            cell += d
            continue
        break
    if v >= PIECE_BASE and v & 3 == SORCERER:
        return (v >> 2) - 2
    return -1


AGENTS: Mapping[str, Agent] = {"random": random_agent, "greedy": greedy_agent}
AGENT_NAMES = (*AGENTS, "mcts", "heuristic")


def make_agent(text: str, cap: int, profiles: tuple[SplutAgentProfile, ...] = ()) -> Agent:
    """The agent a name stands for (`mcts:400` searches 400 playouts per decision, up to
    the turn cap `cap`; `heuristic:<id>` weighs steps by the content profile `id`);
    ValueError (an AgentSpecError) for a name it cannot read."""
    spec = parse_agent(text, AGENT_NAMES)
    if spec.profile is not None:
        found = next((p for p in profiles if p.id == spec.profile), None)
        if found is None:
            raise ValueError(f"no agent profile {spec.profile!r} in the content")
        weights = Weights(found.splut, found.crush, found.danger, found.threat)
        return functools.partial(weighted_step, weights)
    if spec.budget is None:
        return AGENTS[spec.name]
    search = Mcts(SplutSearch(cap), SearchLimits(spec.budget))

    def mcts_agent(pos: Position, legal: list[Step], rng: random.Random) -> Step:
        return search.choose(pos, legal, rng)

    return mcts_agent
