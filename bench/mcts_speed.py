"""Benchmark: what search agents cost, per decision and per game.

Why: a search agent multiplies the cost of each decision, and a designer choosing
`--agents mcts,...` wants to know what a run will cost; the issue's goal is 200 games of
3-player SGRUNT with `mcts:100` in every seat within 2 minutes on the compiled engines.
Times are CPU seconds of the process that plays (the development machine is shared: wall
time would measure the other jobs). Asserts nothing.

Two measures:
- `decisions [AGENT] [LIMIT] [SEED]`: each ruleset's engine with one search seat, its
  decisions per second (a decision with one legal move is answered without a search and
  counted apart), stopping at the first game end after LIMIT CPU seconds;
- `table [GAMES] [OLD]`: GAMES games (default 6) of 3-player SGRUNT with `mcts:100`
  in every seat, through the runner as `simulate` plays them, and the 200-game figure
  projected from them. With OLD (a checkout of an earlier commit, e.g. made with
  `git archive main | tar -x -C /tmp/old`, or the python of an environment where an
  earlier build is installed, e.g. a compiled wheel of main), the same games are played by
  the old code and this one alternately, three rounds each in child processes, and the
  ratio printed.
Run it once with a pure install and once with a compiled one (STAMPERIA_COMPILE=1): the
engine kind is printed with each figure.

e.g. python bench/mcts_speed.py table 6 /tmp/old      (~5 min pure, ~1 min compiled)
     python bench/mcts_speed.py decisions mcts:20 5
"""

from __future__ import annotations

import os
import random
import subprocess
import sys
import time
from pathlib import Path

TABLE_AGENT = "mcts:100"
TABLE_PLAYERS = 3
TABLE_GAMES = 200
ROUNDS = 3


def play_table(games: int) -> None:
    """Play the table here and print `cpu_seconds engine_kind` (the child's answer)."""
    from stamperia.content.loader import load_game
    from stamperia.rules.registry import ruleset_for
    from stamperia.rules.simulation.compiled import engine_kind
    from stamperia.rules.simulation.runner import SimulationRequest, tally_games

    game = load_game("sgrunt")
    make = ruleset_for(game.ruleset).simulator
    assert make is not None
    simulator = make()
    request = SimulationRequest("sgrunt", TABLE_PLAYERS, games, 1, (TABLE_AGENT,))
    started = time.process_time()
    tally_games(request, game, simulator)
    print(f"{time.process_time() - started:.3f} {engine_kind(simulator)}")


def _child(games: int, tree: Path | None) -> tuple[float, str]:
    """Play the table in a child: this interpreter, another one (OLD a file: the python
    of an environment with an earlier build installed, compiled or not), or this one
    reading an earlier source tree (OLD a folder)."""
    env = dict(os.environ)
    python = sys.executable
    if tree is not None and tree.is_file():
        python = str(tree)
    elif tree is not None:
        env["PYTHONPATH"] = str(tree)
    out = subprocess.run([python, __file__, "_play", str(games)], env=env,
                         check=True, capture_output=True, text=True, cwd="/").stdout.split()
    return float(out[0]), out[1]


def table(games: int, old: Path | None) -> None:
    print(f"{games} games of {TABLE_PLAYERS}-player SGRUNT, {TABLE_AGENT} in every seat, "
          "seed 1 (CPU seconds of the child that plays)")
    trees: list[tuple[str, Path | None]] = [("now", None)]
    if old is not None:
        trees.insert(0, ("old", old))
    spent: dict[str, list[float]] = {name: [] for name, _ in trees}
    kind = ""
    for _ in range(ROUNDS if old is not None else 1):
        for name, tree in trees:  # alternately: a busy spell hits both alike
            seconds, kind = _child(games, tree)
            spent[name].append(seconds)
            print(f"  {name}: {seconds:.1f} CPU s ({kind} engine)")
    for name, values in spent.items():
        best = min(values)
        print(f"{name}: best {best:.1f} CPU s for {games} games, {best / games:.2f} s a "
              f"game: {TABLE_GAMES} games ≈ {best / games * TABLE_GAMES / 60:.1f} CPU min "
              f"({kind} engine)")
    if old is not None:
        print(f"ratio old/now (best of {ROUNDS} each): "
              f"{min(spent['old']) / min(spent['now']):.2f}x")


def decisions(agent: str, limit: float, seed: int) -> None:
    from stamperia.content.loader import load_game
    from stamperia.rules.conquest.simulate import ConquestGames
    from stamperia.rules.iwari.simulate import IwariGames
    from stamperia.rules.play.engine import CHANCE
    from stamperia.rules.play.simulator import MakeEngine
    from stamperia.rules.search.spec import DEFAULT_PLAYOUTS
    from stamperia.rules.simulation.result import Table
    from stamperia.rules.splut.play import SplutGames
    from stamperia.rules.warland.simulate import WarlandGames

    cases: tuple[tuple[str, MakeEngine, tuple[str, ...]], ...] = (
        ("splut", SplutGames, ("random",)), ("iwari", IwariGames, ("greedy",)),
             ("sgrunt", ConquestGames, ("greedy", "greedy")),
             ("warland", WarlandGames, ("raider", "builder")))
    budget = agent.partition(":")[2] or f"{DEFAULT_PLAYOUTS} playouts, the default"
    print(f"{agent} ({budget}) in seat 0, seed {seed}, about {limit:g} CPU s per ruleset")
    for name, make, others in cases:
        engine = make(load_game(name))
        rng = random.Random(seed)
        chosen = forced = games = 0
        spent = 0.0
        while spent < limit:
            seated = Table((agent, *others))
            state = engine.new_game(seated, rng)
            agents = engine.agents(seated, rng)
            games += 1
            while not engine.over(state) and spent < 2 * limit:
                seat = engine.to_move(state)
                if seat == CHANCE:
                    engine.apply(state, engine.chance(state, rng))
                    continue
                legal = engine.legal(state)
                if seat != 0:
                    engine.apply(state, agents[seat](state, legal, rng))
                    continue
                started = time.process_time()
                action = agents[0](state, legal, rng)
                spent += time.process_time() - started
                if engine.width(state, legal) > 1:
                    chosen += 1
                else:
                    forced += 1
                engine.apply(state, action)
        rate = chosen / spent if spent else 0.0
        print(f"{name} {len(others) + 1}p vs {','.join(others)}: {chosen} decisions with a "
              f"choice in {spent:.1f} CPU s: {rate:.1f} decisions/s "
              f"({1000 / rate if rate else 0:.0f} ms each); {forced} forced; "
              f"{games} game(s) begun")


def main() -> None:
    args = sys.argv[1:]
    mode = args[0] if args else "table"
    if mode != "_play":
        print("command: python bench/mcts_speed.py " + " ".join(args))
    if mode == "_play":
        play_table(int(args[1]))
    elif mode == "table":
        table(int(args[1]) if len(args) > 1 else 6,
              Path(args[2]) if len(args) > 2 else None)
    else:
        decisions(args[1] if len(args) > 1 else "mcts",
                  float(args[2]) if len(args) > 2 else 5.0,
                  int(args[3]) if len(args) > 3 else 1)


if __name__ == "__main__":
    main()
