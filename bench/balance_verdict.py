"""The full balance verdict of issue 36, point 8, and what it costs.

For each game and player count: `stamperia simulate GAME --players P --games N --styles
greedy,heuristic:aggressive --seed S --workers W --json`, i.e. N games per style on the same
seeds, each style's report Holm-corrected on its own. Prints, per game, player count and
style: the flagged objective cards, the flagged seats and factions, the share of games over
before turn 3 and the share ending by objective; then the wall time of each run and the
total against the issue's goal (a full verdict for one game in at most 10 minutes).

    python bench/balance_verdict.py [GAMES] [WORKERS] [SEED] [GAME,GAME]
    python bench/balance_verdict.py 4000 2 1 sgrunt,mugrugni

Uses the `stamperia` installed beside this Python (compiled or pure: the report says which).
The verdict passes when no objective card is flagged in any report and every share of
early ends is under 5%.
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

STYLES = "greedy,heuristic:aggressive"
GOAL_SECONDS = 600.0
EARLY = "games over before turn 3"


def verdict(game: str, players: int, games: int, workers: int, seed: int
            ) -> tuple[dict[str, object], float]:
    command = [str(Path(sys.executable).with_name("stamperia")), "simulate", game,
               "--players", str(players), "--games", str(games), "--styles", STYLES,
               "--seed", str(seed), "--workers", str(workers), "--json"]
    started = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    seconds = time.perf_counter() - started
    if done.returncode not in (0, 1):
        raise SystemExit(f"{' '.join(command)} failed:\n{done.stderr}")
    found: dict[str, object] = json.loads(done.stdout)
    return found, seconds


def main() -> int:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 4000
    workers = int(sys.argv[2]) if len(sys.argv) > 2 else 2
    seed = int(sys.argv[3]) if len(sys.argv) > 3 else 1
    names = sys.argv[4].split(",") if len(sys.argv) > 4 else ["sgrunt", "mugrugni"]
    passed = True
    for game in names:
        total = 0.0
        for players in (3, 4, 5):
            found, seconds = verdict(game, players, games, workers, seed)
            total += seconds
            reports = found["reports"]
            assert isinstance(reports, dict)
            for style, report in reports.items():
                flagged = report["flagged"]
                cards = [f["value"] for f in flagged if f["group"] == "objective"]
                others = [f"{f['group']} {f['value']}" for f in flagged
                          if f["group"] != "objective"]
                early = next(t["measured"] for t in report["targets"] if t["what"] == EARLY)
                objective = report["end_shares"].get("objective", 0.0)
                passed = passed and not cards and early < 0.05
                print(f"{game} {players}p {style:22s} {report['engine']:8s} "
                      f"cards flagged {len(cards)} {' '.join(cards) or '-'}; "
                      f"other flags {', '.join(others) or '-'}; early {early:.1%}; "
                      f"by objective {objective:.1%}")
            print(f"{game} {players}p: {2 * games} games in {seconds:.0f} s", flush=True)
        print(f"{game}: full verdict {total:.0f} s on {workers} worker(s) "
              f"(goal {GOAL_SECONDS:.0f} s: ratio {total / GOAL_SECONDS:.2f})")
    print("verdict:", "passed" if passed else "FAILED")
    return 0 if passed else 1


if __name__ == "__main__":
    raise SystemExit(main())
