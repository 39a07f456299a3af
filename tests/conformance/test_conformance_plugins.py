"""Every registered ruleset plug-in passes the conformance suite (stamperia.conformance),
as OpenSpiel's random-simulation test runs over every game.

The plug-ins are read from the registry, so a new one is checked with no edit here; each
check runs on the ruleset's template game (small) and, for loading and checking, on its
shipped games too. The default tier takes a few seconds a plug-in; `-m slow` runs the
whole suite at THOROUGH depth.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from stamperia.conformance import (
    QUICK,
    THOROUGH,
    check_clean,
    check_compiled_as_pure,
    check_every_agent,
    check_kit,
    check_notation,
    check_pickles,
    check_plugin,
    check_positions,
    check_wiring,
    registered,
)
from stamperia.conformance.play import listed_agent, play_agent
from stamperia.conformance.suite import SEED
from stamperia.conformance.wiring import rules_of
from stamperia.content.model import Game
from stamperia.rules.positions import PositionFormat
from stamperia.rules.simulation.compiled import COMPILED, engine_kind
from stamperia.rules.simulation.result import Simulator

RULESETS = registered()
Games = Callable[[str], tuple[str, ...]]
Loaded = Callable[[str], tuple[Game, ...]]


def simulator_of(ruleset: str) -> Simulator:
    make = rules_of(ruleset).simulator
    if make is None:
        pytest.skip(f"the {ruleset!r} ruleset has no engine")
    return make()


def positions_of(ruleset: str) -> PositionFormat:
    make = rules_of(ruleset).positions
    if make is None:
        pytest.skip(f"the {ruleset!r} ruleset has no public positions")
    return make()


def test_the_shipped_plugins_are_all_checked() -> None:
    """The parametrisation reads the registry, which holds at least the shipped five."""
    assert {"cards", "conquest", "iwari", "splut", "warland"} <= set(RULESETS)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_plugin_objects_and_schemas_resolve(ruleset: str) -> None:
    check_wiring(ruleset)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_template_and_shipped_games_check_without_errors(ruleset: str,
                                                         ruleset_games: Games) -> None:
    for game in ruleset_games(ruleset):
        report = check_clean(ruleset, game, SEED)
        assert report.errors == 0


@pytest.mark.parametrize("ruleset", RULESETS)
def test_kit_builds_pdf_and_svg_with_the_same_bytes_twice(ruleset: str, ruleset_games: Games,
                                                          tmp_path: Path) -> None:
    built = check_kit(ruleset_games(ruleset)[0], tmp_path)
    assert {name.rsplit(".", 1)[-1] for name in built} == {"pdf", "svg", "json"}


@pytest.mark.parametrize("ruleset", RULESETS)
def test_every_agent_plays_repeats_and_replays(ruleset: str, loaded_games: Loaded,
                                               tmp_path: Path) -> None:
    simulator = simulator_of(ruleset)
    runs = check_every_agent(loaded_games(ruleset), simulator, QUICK, tmp_path)
    assert {listed_agent(run.agent) for run in runs} == set(simulator.agents)
    assert all(len(run.ends) == QUICK.games for run in runs)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_every_listed_move_reads_back(ruleset: str, loaded_games: Loaded) -> None:
    simulator = simulator_of(ruleset)
    game = loaded_games(ruleset)[0]
    assert check_notation(game, simulator, game.players[0], SEED).decisions > 0


@pytest.mark.parametrize("ruleset", RULESETS)
def test_positions_round_trip_and_listed_moves_apply(ruleset: str,
                                                      loaded_games: Loaded) -> None:
    fmt = positions_of(ruleset)
    game = loaded_games(ruleset)[0]
    walk = check_positions(game, fmt, game.players[0], SEED, QUICK.apply_every)
    assert walk.positions > 1
    assert walk.applied > 0


@pytest.mark.parametrize("ruleset", RULESETS)
def test_model_and_simulator_pickle(ruleset: str, loaded_games: Loaded) -> None:
    game = loaded_games(ruleset)[0]
    make = rules_of(ruleset).simulator
    check_pickles(game, None if make is None else make(), game.players[0], SEED)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_compiled_engine_plays_as_its_pure_source(ruleset: str, ruleset_games: Games,
                                                  loaded_games: Loaded,
                                                  tmp_path: Path) -> None:
    simulator = simulator_of(ruleset)
    if engine_kind(simulator) != COMPILED:
        pytest.skip(f"the {ruleset!r} engine runs as pure Python in this install "
                    "(STAMPERIA_PURE=1, or no C compiler): nothing compiled to compare")
    game = loaded_games(ruleset)[0]
    engine = check_compiled_as_pure(ruleset_games(ruleset)[0], game.players[0], SEED,
                                    play_agent(simulator), 2, tmp_path)
    assert engine == COMPILED


@pytest.mark.slow
@pytest.mark.parametrize("ruleset", RULESETS)
def test_thorough_conformance(ruleset: str, ruleset_games: Games, tmp_path: Path) -> None:
    """Every game's kit in every locale (the second build in another interpreter), every
    agent on every game and player count, every move of every position applied, the
    check's balance stage."""
    report = check_plugin(ruleset, ruleset_games(ruleset), tmp_path, THOROUGH)
    assert report.games == ruleset_games(ruleset)


@pytest.mark.slow
def test_the_pure_comparison_runs_in_any_install(ruleset_games: Games, loaded_games: Loaded,
                                                 tmp_path: Path) -> None:
    """The compiled-as-pure check's own machinery, with whatever engine is installed (a
    pure install compares pure with pure): the children run and the reports compare."""
    ruleset = next(r for r in RULESETS if rules_of(r).simulator is not None)
    simulator = simulator_of(ruleset)
    players = loaded_games(ruleset)[0].players[0]
    engine = check_compiled_as_pure(ruleset_games(ruleset)[0], players, SEED,
                                    play_agent(simulator), 1, tmp_path)
    assert engine == engine_kind(simulator)
