"""Benchmark: what a random 4-player SGRUNT game costs, by kind of decision.

Issue 20 asks for 350 games/s in pure Python. This says where a game's time goes: each
decision is timed from asking the seat to the applied action, under the phase it was asked
in, with the count per game, the microseconds each and the share. Then what two ways of
changing the game model would leave at best: the battle and placement decisions removed
outright (as if placed in one go and fought to a stop rule), and every decision at the cost
of today's cheapest kind. Run it on the pure sources (STAMPERIA_PURE=1 install or an
editable checkout) for the pure figures, on a compiled install for the compiled ones.
Prints figures; asserts nothing (machines are shared and noisy).
Run: python bench/conquest_decision_costs.py [GAMES]
"""

from __future__ import annotations

import random
import sys
import time
from collections import Counter
from typing import Final

from stamperia.content.loader import load_game
from stamperia.rules.conquest.simulate import ConquestGames
from stamperia.rules.play.loop import OVER
from stamperia.rules.simulation.result import Table

COMPOUND_KINDS: Final = ("place", "occupy", "battle", "defend", "defence_card",
                         "attack_card")
"""The kinds a compound game model would fold away: placements in one go, battles fought
to a declared stop rule with the defender's dice and cards decided with them."""
GOAL: Final = 350


def main(games: int) -> None:
    import stamperia.rules.conquest.engine as engine_module

    compiled = not engine_module.__file__.endswith(".py")
    game = load_game("sgrunt")
    engine = ConquestGames(game)
    table = Table(("random",) * 4)
    rng = random.Random(1)
    spent: Counter[str] = Counter()
    count: Counter[str] = Counter()
    clock = time.perf_counter_ns
    for warm_up in (True, False):
        started = time.process_time()
        for _ in range(3 if warm_up else games):
            state = engine.new_game(table, rng)
            agents = engine.agents(table, rng)
            while True:
                begun = clock()
                seat = engine.mover(state)
                if seat == OVER:
                    break
                kind = state.phase.value
                legal = engine.legal(state)
                engine.width(state, legal)
                engine.advance(state, engine.decide(agents[seat], state, legal, rng))
                if not warm_up:
                    spent[kind] += clock() - begun
                    count[kind] += 1
        cpu = time.process_time() - started
    total = sum(spent.values())
    decisions = sum(count.values())
    print(f"random 4-player SGRUNT, {games} games, "
          f"{'compiled' if compiled else 'pure Python'}: {games / cpu:.0f} games/s "
          f"(CPU, timers included), {decisions / games:.0f} decisions a game, "
          f"{total / games / 1e6:.3f} ms a game in decisions")
    print(f"{'kind':14s} {'per game':>9s} {'us each':>8s} {'share':>7s}")
    for kind, ns in spent.most_common():
        print(f"{kind:14s} {count[kind] / games:9.1f} {ns / count[kind] / 1000:8.2f} "
              f"{100 * ns / total:6.1f}%")
    per_game_ms = total / games / 1e6
    folded = sum(spent[k] for k in COMPOUND_KINDS) / total
    cheapest = min(spent[k] / count[k] for k in spent)
    print(f"goal {GOAL} games/s: {1000 / GOAL:.2f} ms a game, "
          f"{1e6 / GOAL / (decisions / games):.2f} us a decision at this count")
    print(f"without {', '.join(COMPOUND_KINDS)} ({100 * folded:.1f}% of the time): "
          f"{1000 / (per_game_ms * (1 - folded)):.0f} games/s at best")
    print(f"every decision at the cheapest kind's {cheapest / 1000:.2f} us: "
          f"{1e9 / (cheapest * decisions / games):.0f} games/s at best")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 200)
