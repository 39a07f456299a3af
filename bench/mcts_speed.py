"""Benchmark: the MCTS agent's decisions per second at its default budget, per ruleset.

Why: a search agent multiplies the cost of each decision, and a designer choosing
`--agents mcts,...` wants to know what a game will cost. Plays games through each
ruleset's engine (the loop's protocol, rules/play/engine.py) with one `mcts` seat and
times only that seat's decisions, in CPU seconds of this process (the development
machine is shared: wall time would measure the other jobs). A decision with one legal
move is answered without a search and counted apart. Each ruleset stops at the first
game end after LIMIT CPU seconds, or mid-game once it is past twice that.
Asserts nothing. Run: python bench/mcts_speed.py [AGENT] [LIMIT] [SEED]
e.g. python bench/mcts_speed.py             (mcts at the default budget, 5 s each; ~1 min)
     python bench/mcts_speed.py mcts:20 5
"""

from __future__ import annotations

import random
import sys
import time

from stamperia.content.loader import load_game
from stamperia.rules.conquest.simulate import ConquestGames
from stamperia.rules.iwari.simulate import IwariGames
from stamperia.rules.play.engine import CHANCE
from stamperia.rules.play.simulator import MakeEngine
from stamperia.rules.search.spec import DEFAULT_PLAYOUTS
from stamperia.rules.simulation.result import Table
from stamperia.rules.splut.play import SplutGames
from stamperia.rules.warland.simulate import WarlandGames

CASES: tuple[tuple[str, MakeEngine, tuple[str, ...]], ...] = (
    ("splut", SplutGames, ("random",)),
    ("iwari", IwariGames, ("greedy",)),
    ("sgrunt", ConquestGames, ("greedy", "greedy")),
    ("warland", WarlandGames, ("raider", "builder")),
)
"""Each game, its engine, and the other seats (the search agent takes seat 0)."""


def measure(name: str, make: MakeEngine, others: tuple[str, ...],
            agent: str, limit: float, seed: int) -> tuple[int, int, float, int]:
    """(decisions with a choice, forced ones, CPU seconds in the agent, games begun)."""
    engine = make(load_game(name))
    rng = random.Random(seed)
    chosen = forced = games = 0
    spent = 0.0
    while spent < limit:
        table = Table((agent, *others))
        state = engine.new_game(table, rng)
        agents = engine.agents(table, rng)
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
    return chosen, forced, spent, games


def main() -> None:
    agent = sys.argv[1] if len(sys.argv) > 1 else "mcts"
    limit = float(sys.argv[2]) if len(sys.argv) > 2 else 5.0
    seed = int(sys.argv[3]) if len(sys.argv) > 3 else 1
    budget = agent.partition(":")[2] or f"{DEFAULT_PLAYOUTS} playouts, the default"
    print("command: python bench/mcts_speed.py " + " ".join(sys.argv[1:]))
    print(f"{agent} ({budget}) in seat 0, seed {seed}, about {limit:g} CPU s per ruleset")
    for name, make, others in CASES:
        chosen, forced, spent, games = measure(name, make, others, agent, limit, seed)
        rate = chosen / spent if spent else 0.0
        print(f"{name} {len(others) + 1}p vs {','.join(others)}: {chosen} decisions with a "
              f"choice in {spent:.1f} CPU s: {rate:.1f} decisions/s "
              f"({1000 / rate if rate else 0:.0f} ms each); {forced} forced; "
              f"{games} game(s) begun")


if __name__ == "__main__":
    main()
