"""Benchmark: `stamperia odds sgrunt --attack N --defend N` as a whole process, text output.

Goal (issue 14 point 3): any count up to the bound (1000) answered in under 2 s, with
bounded memory. Prints wall time, peak memory and the ratio to the goal; asserts nothing.
Run: python bench/odds_speed.py [SIZES...]   (default: 10 100 300 1000)
"""

from __future__ import annotations

import resource
import subprocess
import sys
import time

GOAL_SECONDS = 2.0


def run(size: int, as_json: bool) -> tuple[float, float]:
    """(seconds, peak MB of the children so far: a running maximum) of one odds run."""
    command = [sys.executable, "-c", "from stamperia.cli import main; main()", "odds", "sgrunt",
               "--attack", str(size), "--defend", str(size)] + (["--json"] if as_json else [])
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    start = time.perf_counter()
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
    seconds = time.perf_counter() - start
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    return seconds, max(peak, before) / 1024


def main() -> None:
    sizes = [int(arg) for arg in sys.argv[1:]] or [10, 100, 300, 1000]
    print(f"{'battle':>11} {'text s':>7} {'/goal':>6} {'json s':>7} {'peak MB':>8}")
    for size in sizes:
        text, _ = run(size, False)
        full, peak = run(size, True)
        print(f"{size:>4}v{size:<6} {text:7.2f} {text / GOAL_SECONDS:6.2f} {full:7.2f} "
              f"{peak:8.0f}")


if __name__ == "__main__":
    main()
