"""Benchmark: how often a search agent beats another, seats rotated game by game.

Prints the win share with its 95% Wilson interval, the margin over the fair share (one
over the seats that can win, as IWARI's simulated tribe) with the same interval, and the
decisions per second; asserts nothing (machines are shared and noisy). The issue's goals:
MCTS at its default budget wins at least 70% of 2-player SPLUT! games against random;
against greedy in IWARI and SGRUNT it should win more than its fair share.
Run: python bench/agent_strength.py GAME PLAYERS AGENT OPPONENT GAMES [SEED] [WORKERS]
e.g. python bench/agent_strength.py splut 2 mcts random 30
     python bench/agent_strength.py iwari 2 mcts:20 greedy 40 2 2    (about 5 min loaded)
     python bench/agent_strength.py sgrunt 3 mcts:20 greedy 60 3 2   (about 7 min loaded)
     python bench/agent_strength.py warland 3 mcts:10 raider 20 2 2  (about 90 s)
The figures measured are in docs/agents.md.
"""

from __future__ import annotations

import sys
import time

from stamperia.content.loader import load_game
from stamperia.rules.registry import ruleset_for
from stamperia.rules.simulation.runner import SimulationRequest, run
from stamperia.rules.simulation.wilson import wilson


def main() -> None:
    print("command: python bench/agent_strength.py " + " ".join(sys.argv[1:]))
    name, players, agent, opponent, games = sys.argv[1:6]
    seed = int(sys.argv[6]) if len(sys.argv) > 6 else 0
    workers = int(sys.argv[7]) if len(sys.argv) > 7 else 1
    game = load_game(name)
    make = ruleset_for(game.ruleset).simulator
    assert make is not None
    lineup = (agent,) + (opponent,) * (int(players) - 1)
    request = SimulationRequest(name, int(players), int(games), seed, lineup,
                                workers=workers)
    started = time.perf_counter()
    result = run(request, game, make())
    seconds = time.perf_counter() - started
    wins = 0.0
    theirs = 0.0
    for played in result.results:
        mine = next(i for i, s in enumerate(played.seats) if s.labels["agent"] == agent)
        for winner in played.winners:
            if winner == mine:
                wins += 1 / len(played.winners)
            elif winner < int(players):
                theirs += 1 / len(played.winners) / (int(players) - 1)
    low, high = wilson(wins, len(result.results))
    fair = 1 / max(len(r.seats) for r in result.results)
    rate = wins / int(games)
    decisions = sum(r.trace.decisions for r in result.results)
    print(f"{name} {players}p: {agent} vs {opponent}: {agent} wins {wins:g} of {games} "
          f"({rate:.0%}, 95% interval {low:.0%}-{high:.0%}), seed {seed}, "
          f"{seconds:.1f} s with {workers} worker(s), {decisions / seconds:.1f} "
          "decisions/s (all seats; the search agent's take nearly all the time)")
    verdict = "a margin" if low > fair else "no margin shown (the interval includes 0)" \
        if high >= fair else "weaker than its fair share"
    others = round(int(games) - wins - theirs * (int(players) - 1), 6)
    print(f"each {opponent} seat wins {theirs:.4g} on average ({theirs / int(games):.0%}); "
          f"won by another seat (a simulated tribe) or by none: {others:g}")
    print(f"margin over the fair share {fair:.0%}: {rate - fair:+.0%} "
          f"({low - fair:+.0%} to {high - fair:+.0%}): {verdict}")


if __name__ == "__main__":
    main()
