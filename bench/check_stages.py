"""Benchmark: where one `stamperia check` spends its CPU time, stage by stage.

bench/check_speed.py times whole processes; this splits one check the way
stamperia.checks.run runs it, each stage in a fresh process (so each stage pays its own
imports, as a real check does): start-up imports, loading, the rules stage (engine
imports, rules checks, smoke games), the balance stage (unless --no-balance), the text
fit (generator imports, drawing, fitting, legibility) and the back and kit-word checks.
A generated conquest map is given as a size (e.g. 3000). Each figure is the median CPU
seconds (user + system of this process) over RUNS, which a loaded machine disturbs less
than wall time. With balance, a second line splits one whole check the way it runs: the
parent's CPU before it forks the balance stage's child and in all (done with its kit
checks, the parent plays the stage's games the child has not taken yet:
stamperia/checks/balance.py), the child's CPU, their sum (what one core spends) and an
estimate of what the check takes on two free cores (start-up of the interpreter aside:
the parent's work before the fork, then the rest shared evenly by the two cores, which
sharing the games allows unless the kit checks alone take longer), with the wall time
measured here (on a machine whose cores are taken it is the sum or worse). Prints
figures; asserts nothing.
Run: python bench/check_stages.py [RUNS] [GAMES] [--no-balance]
  e.g. 3 sgrunt,3000 --no-balance
"""

from __future__ import annotations

import json
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from conquest_map import write_game

STAGES = r"""
import json, sys, time
marks = {}
def mark(name, since):
    marks[name] = marks.get(name, 0.0) + time.process_time() - since
start = time.process_time()
import stamperia.cli
from stamperia.checks import run as checking
from stamperia.checks.report import ReportOptions, render
mark("imports", start)
since = time.process_time()
from stamperia.content.loader import load_game
game = load_game(sys.argv[1])
mark("load", since)
since = time.process_time()
from stamperia.rules.registry import ruleset_for
rules = ruleset_for(game.ruleset)
rules.check(game, 0)
mark("rules", since)
if sys.argv[2] == "balance" and rules.simulator is not None:
    since = time.process_time()
    from stamperia.rules.balance import balance_stage
    balance_stage(game, rules.simulator(), 0)
    mark("balance", since)
since = time.process_time()
fonts, own = [], []
checking.text_fit_problems(game, fonts, False, own)
mark("text fit", since)
since = time.process_time()
checking.back_problems(game, checking._kit_fonts(game, fonts, own))
checking.kit_word_problems(game)
mark("backs, words", since)
marks["total"] = time.process_time() - start
print(json.dumps(marks))
"""


SPLIT = r"""
import json, resource, sys, time
start = time.perf_counter()
from stamperia.checks import run as checking
marks = {}
def cpu():
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime
class Marked(checking.Balancing):
    def __init__(self, *arguments):
        marks["before fork"] = cpu()
        super().__init__(*arguments)
checking.Balancing = Marked
checking.check_games([sys.argv[1]], 0)
children = resource.getrusage(resource.RUSAGE_CHILDREN)
marks["parent"] = cpu()
marks["child"] = children.ru_utime + children.ru_stime
marks["wall"] = time.perf_counter() - start
print(json.dumps(marks))
"""


def split(game: str) -> dict[str, float]:
    """One whole check's CPU, parent and forked child (see the module's docstring)."""
    done = subprocess.run([sys.executable, "-c", SPLIT, game], capture_output=True,
                          text=True, check=True, cwd=tempfile.gettempdir())
    marks: dict[str, float] = json.loads(done.stdout.strip().splitlines()[-1])
    return marks


def stages(game: str, balance: bool) -> dict[str, float]:
    done = subprocess.run([sys.executable, "-c", STAGES, game,
                           "balance" if balance else "none"],
                          capture_output=True, text=True, check=True,
                          cwd=tempfile.gettempdir())
    marks: dict[str, float] = json.loads(done.stdout.strip().splitlines()[-1])
    return marks


def main() -> None:
    arguments = [a for a in sys.argv[1:] if not a.startswith("--")]
    balance = "--no-balance" not in sys.argv
    runs = int(arguments[0]) if arguments else 1
    names = arguments[1].split(",") if len(arguments) > 1 else ["sgrunt"]
    with tempfile.TemporaryDirectory() as scratch:
        games = [str(write_game(int(n), Path(scratch))) if n.isdigit() else n for n in names]
        for name, game in zip(names, games, strict=True):
            stages(game, False)  # bytecode, file cache
            measured = [stages(game, balance) for _ in range(runs)]
            shown = ", ".join(f"{stage} {statistics.median(m[stage] for m in measured):.2f}"
                              for stage in measured[0])
            print(f"{name}{'' if balance else ' --no-balance'}: {shown} (cpu s, median of "
                  f"{runs})", flush=True)
            if balance:
                both = [split(game) for _ in range(runs)]
                if all("before fork" in m for m in both):
                    at = {k: statistics.median(m[k] for m in both) for k in both[0]}
                    rest = at["parent"] - at["before fork"]
                    path = at["before fork"] + (rest + at["child"]) / 2
                    print(f"{name} overlapped: parent {at['before fork']:.2f} before the fork, "
                          f"{at['parent']:.2f} in all; child {at['child']:.2f}; one core "
                          f"{at['parent'] + at['child']:.2f}; two free cores ~{path:.2f}; "
                          f"wall here {at['wall']:.2f} (s, median of {runs})", flush=True)


if __name__ == "__main__":
    main()
