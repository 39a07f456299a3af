"""The whole conformance suite for one ruleset plug-in, as a plug-in's own tests run it:

    from stamperia.conformance import check_plugin

    def test_my_ruleset_conforms(tmp_path):
        check_plugin("my_ruleset", ["tests/games/demo"], tmp_path)

`games` are game folders (or shipped ids) of the ruleset; the first one is the one the
kit, the engine and the positions are checked on, so a small game keeps the suite fast.
A check that fails raises AssertionError saying what to fix.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from stamperia.conformance.compiled import check_compiled_as_pure
from stamperia.conformance.content import check_clean
from stamperia.conformance.failure import fail
from stamperia.conformance.kit import check_kit
from stamperia.conformance.notation import NotationWalk, check_notation
from stamperia.conformance.play import (
    AgentRun,
    agent_names,
    check_agent,
    check_pickles,
    listed_agent,
    play_agent,
)
from stamperia.conformance.positions import PositionWalk, check_positions
from stamperia.conformance.wiring import check_wiring, rules_of
from stamperia.content.model import Game
from stamperia.rules.simulation.compiled import COMPILED, engine_kind
from stamperia.rules.simulation.result import Simulator


@dataclass(frozen=True)
class Depth:
    """How hard the suite plays. games: seeded games per agent; budget: playouts of a
    search agent; apply_every: positions between those whose every move is applied;
    balance_games: the check's balance stage (None: left out); locale: the kit's locales
    (`source` or `all`); fresh_process: the kit's second build in a child interpreter;
    every_count: agents at every player count, not only the fewest (positions are walked
    at the fewest: a long game's every move applied costs minutes); every_game: kits,
    agents and positions on every game, not only the first (and the others for agents it
    cannot seat)."""

    games: int = 1
    budget: int = 2
    apply_every: int = 25
    balance_games: int | None = None
    locale: str = "source"
    fresh_process: bool = False
    every_count: bool = False
    every_game: bool = False


QUICK = Depth()
"""A few seconds a plug-in: what every test run checks."""
THOROUGH = Depth(games=4, budget=4, apply_every=5, balance_games=2, locale="all",
                 fresh_process=True, every_count=True, every_game=True)
"""About a minute for the largest ruleset (conquest, three games): for the slow tier."""

SEED = 1


@dataclass(frozen=True)
class PluginReport:
    """What the suite covered, so a test can tell it checked something."""

    ruleset: str
    games: tuple[str, ...]
    kit_files: tuple[str, ...]
    agents: tuple[AgentRun, ...] = ()
    notation: NotationWalk = NotationWalk(0, 0)
    positions: tuple[PositionWalk, ...] = ()
    engine: str | None = None
    """How the engine ran: `compiled` (then compared with its pure source) or `python`."""


def player_counts(game: Game, depth: Depth) -> range:
    low, high = game.players
    return range(low, high + 1 if depth.every_count else low + 1)


def check_every_agent(games: Sequence[Game], simulator: Simulator, depth: Depth, work: Path
                      ) -> tuple[AgentRun, ...]:
    """Every agent the simulator lists plays `depth.games` seeded games (recorded twice,
    replayed) on the first game that can seat it, or on every game at depth `every_game`;
    an agent no game can seat fails (a profile agent needs a profile in the content)."""
    runs: list[AgentRun] = []
    played: set[str] = set()
    for number, game in enumerate(games):
        for name in agent_names(simulator, game, depth.budget):
            listed = listed_agent(name)
            if listed in played and not depth.every_game:
                continue
            for players in player_counts(game, depth):
                runs.append(check_agent(game, simulator, name, players, SEED, depth.games,
                                        _new_folder(work / f"{number}-{game.id}")))
            played.add(listed)
    unseated = [agent for agent in simulator.agents if agent not in played]
    if unseated:
        fail(f"agents {', '.join(unseated)} sat at none of the games "
             f"{', '.join(g.id for g in games)}: a profile agent needs a profile in the "
             "content of one of them")
    return tuple(runs)


def check_plugin(ruleset: str, games: Sequence[str], work: Path, depth: Depth = QUICK
                 ) -> PluginReport:
    """Every conformance check on `ruleset` (see the module docstring)."""
    from stamperia.content.loader import load_game

    if not games:
        fail(f"no game of {ruleset!r} to check: give at least one game folder")
    check_wiring(ruleset)
    for game in games:
        check_clean(ruleset, game, SEED, depth.balance_games)
    built = [check_kit(game, work / "kit" / str(number), locale=depth.locale,
                       fresh_process=depth.fresh_process)
             for number, game in enumerate(games[:len(games) if depth.every_game else 1])]
    report = PluginReport(ruleset, tuple(games), built[0])
    rules = rules_of(ruleset)
    loaded = [load_game(game) for game in games]
    first = loaded[0]
    simulator = rules.simulator() if rules.simulator is not None else None
    check_pickles(first, simulator, first.players[0], SEED)
    if simulator is None:
        return report
    agents = check_every_agent(loaded, simulator, depth, work / "agents")
    notation = check_notation(first, simulator, first.players[0], SEED)
    walks: list[PositionWalk] = []
    if rules.positions is not None:
        fmt = rules.positions()
        for subject in loaded[:len(loaded) if depth.every_game else 1]:
            walks.append(check_positions(subject, fmt, subject.players[0], SEED,
                                         depth.apply_every))
    engine = engine_kind(simulator)
    if engine == COMPILED:
        check_compiled_as_pure(games[0], first.players[0], SEED, play_agent(simulator),
                               depth.games, _new_folder(work / "compiled"))
    return PluginReport(ruleset, tuple(games), built[0], agents, notation, tuple(walks),
                        engine)


def _new_folder(folder: Path) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    return folder
