"""Benchmark: `stamperia check` over every shipped game, whole process, median of runs.

Goal (issue 2): under 1 s on a 2-core machine, and the CLI start imports neither
reportlab nor svgwrite. Prints figures; asserts nothing (machines are shared and noisy).
Run: python bench/check_speed.py [RUNS]
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import time


def timed(command: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run(command, capture_output=True, check=False)
    return time.perf_counter() - start


def main() -> None:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 7
    check = [sys.executable, "-m", "stamperia", "check"]
    bare = [sys.executable, "-c", "pass"]
    timed(check)  # warm the file cache and bytecode
    check_times = [timed(check) for _ in range(runs)]
    bare_times = [timed(bare) for _ in range(runs)]
    median = statistics.median(check_times)
    interpreter = statistics.median(bare_times)
    probe = ("import sys, stamperia.cli; "
             "print(any(m.split('.')[0] in ('reportlab', 'svgwrite') for m in sys.modules))")
    heavy = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                           check=True).stdout.strip()
    print(f"stamperia check, all shipped games: median {median * 1000:.0f} ms over {runs} runs "
          f"(min {min(check_times) * 1000:.0f}, max {max(check_times) * 1000:.0f})")
    print(f"bare interpreter start: median {interpreter * 1000:.0f} ms; "
          f"ratio check/bare {median / interpreter:.1f}")
    print(f"goal < 1000 ms: {'met' if median < 1.0 else 'NOT met'}; "
          f"CLI start imports reportlab/svgwrite: {heavy}")


if __name__ == "__main__":
    main()
