"""A plug-in's engine plays whole seeded games with every agent it lists, the same seed
gives the same games, the records it writes replay to the same results, and what the
worker processes receive pickles.

Games are played and recorded by the library functions behind `stamperia simulate
--record` and `stamperia replay`, so what passes here passes there.
"""

from __future__ import annotations

import json
import pickle
import random
from dataclasses import dataclass
from pathlib import Path

from stamperia.conformance.failure import fail, listed
from stamperia.content.model import Game
from stamperia.rules.search.spec import PROFILE_AGENTS, SEARCH_AGENTS
from stamperia.rules.simulation.result import GameResult, Record, Simulator, Table

RANDOM = "random"


@dataclass(frozen=True)
class AgentRun:
    """The games one agent played: as named (`mcts:2`), how many, and how each ended."""

    agent: str
    ends: tuple[str, ...]


def agent_names(simulator: Simulator, game: Game, budget: int) -> tuple[str, ...]:
    """Every agent the simulator lists as `stamperia simulate --agents` takes it: a search
    agent with `budget` playouts, a profile agent once per profile the game defines (none
    when it defines none: such an agent cannot sit at this game)."""
    profiles = simulator.profiles(game) if simulator.profiles is not None else ()
    names: list[str] = []
    for agent in simulator.agents:
        if agent in SEARCH_AGENTS:
            names.append(f"{agent}:{budget}")
        elif agent in PROFILE_AGENTS:
            names += [f"{agent}:{profile}" for profile in profiles]
        else:
            names.append(agent)
    return tuple(names)


def listed_agent(name: str) -> str:
    """The listed agent a name plays (`mcts` for `mcts:2`)."""
    return name.partition(":")[0]


def _record(game: Game, simulator: Simulator, agent: str, players: int, seed: int,
            games: int, path: Path) -> None:
    from stamperia.commands.simulate import record_games
    from stamperia.content.errors import ContentProblems
    from stamperia.rules.ruleset import ToolUsage
    from stamperia.rules.simulation.runner import SimulationRequest

    request = SimulationRequest(game.id, players, games, seed, (agent,))
    try:
        record_games(game, simulator, request, path)
    except ContentProblems as problems:
        fail(f"{game.id}: {players} players cannot play:\n{listed(problems.problems)}")
    except ToolUsage as error:
        fail(f"stamperia simulate {game.id} --players {players} --agents {agent}: "
             f"{error.message}")


def check_agent(game: Game, simulator: Simulator, agent: str, players: int, seed: int,
                games: int, work: Path) -> AgentRun:
    """`games` seeded games of `agent` at every seat, recorded twice (the same bytes) and
    replayed (the same results)."""
    from stamperia.commands.simulate import replay_file

    stem = agent.replace(":", "-")
    first, second = work / f"{stem}-{players}.jsonl", work / f"{stem}-{players}-again.jsonl"
    _record(game, simulator, agent, players, seed, games, first)
    _record(game, simulator, agent, players, seed, games, second)
    if first.read_bytes() != second.read_bytes():
        fail(f"{game.id}: {games} game(s) of {agent} with seed {seed} played twice gave "
             "different records: an engine or agent draws from something other than the "
             "random.Random it is given")
    outcomes = replay_file(game, simulator, first)
    if len(outcomes) != games:
        fail(f"{game.id}: a record of {games} game(s) of {agent} replays {len(outcomes)}")
    different = [f"game {index}: {summary}" for index, same, summary in outcomes if not same]
    if different:
        fail(f"{game.id}: recorded games of {agent} do not replay to the results recorded "
             f"(stamperia replay):\n" + "\n".join(different))
    return AgentRun(agent, _ends(first))


def _ends(record: Path) -> tuple[str, ...]:
    """How each game of a record file ended, read from its result lines."""
    ends = []
    for text in record.read_text(encoding="utf-8").splitlines():
        line = json.loads(text)
        if "result" in line:
            ends.append(str(line["result"]["end"]))
    return tuple(ends)


def play_agent(simulator: Simulator) -> str:
    """The agent plain games are played with: random, or the first listed where the
    simulator lists no random one."""
    return RANDOM if RANDOM in simulator.agents else simulator.agents[0]


def play_game(game: Game, simulator: Simulator, players: int, seed: int,
              record: Record | None = None) -> GameResult:
    """One seeded game of `play_agent` at every seat, its record lines appended to
    `record` when given."""
    table = Table((play_agent(simulator),) * players)
    return simulator.play(game, table, random.Random(seed), record)


def check_pickles(game: Game, simulator: Simulator | None, players: int, seed: int) -> None:
    """The game model pickles to an equal model, and the simulator with it (what
    `--workers` sends each worker) to one that plays the same game."""
    try:
        copy_game, copy_simulator = pickle.loads(pickle.dumps((game, simulator)))
    except (pickle.PicklingError, TypeError, AttributeError) as error:
        fail(f"{game.id}: the model or the simulator does not pickle, as --workers needs: "
             f"{error}")
    if copy_game != game:
        fail(f"{game.id}: the unpickled model differs from the model (a field that pickles "
             "to another value)")
    if simulator is None:
        return
    played = play_game(game, simulator, players, seed)
    again = play_game(copy_game, copy_simulator, players, seed)
    if again != played or again.trace != played.trace:
        fail(f"{game.id}: the unpickled simulator played seed {seed} to another result")
