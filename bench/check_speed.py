"""Benchmark: `stamperia check`, whole process: every shipped game, and generated conquest
maps of growing size, to see that check grows linearly with the map.

Goals (issue 20): every shipped game in < 1 s, a generated 3,000-territory map in < 1.5 s;
and (issue 2) the CLI start imports neither reportlab nor svgwrite. The generated maps are
checked with --no-balance: the balance stage plays a fixed number of whole games, which
measures the engines, not the checks. With a BASELINE revision, its sources (pure Python,
with this checkout's schemas so that the large maps load) run alternately with the
checkout's, round after round. Prints figures; asserts nothing (machines are shared).
Run: python bench/check_speed.py [RUNS] [SIZES] [BASELINE]   e.g. 3 1000,3000 main
"""

from __future__ import annotations

import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from alternate import ROOT, Build, revision_copy
from conquest_map import write_game


def timed(build: Build, arguments: list[str]) -> float:
    environment = None
    if build.path is not None:
        environment = dict(os.environ, PYTHONPATH=str(build.path))
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "stamperia", "check", *arguments],
                   capture_output=True, check=False, env=environment)
    return time.perf_counter() - start


def baseline_build(revision: str, scratch: Path) -> Build:
    """The revision's packages, with this checkout's content schemas (their bounds)."""
    copy = revision_copy(revision, scratch / "baseline")
    for schema in (ROOT / "content").rglob("*.schema.json"):
        target = copy / schema.relative_to(ROOT)
        if target.exists():
            shutil.copyfile(schema, target)
    return Build(f"baseline {revision}", copy)


def main() -> None:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 1
    sizes = [int(s) for s in sys.argv[2].split(",")] if len(sys.argv) > 2 else [1000, 3000]
    with tempfile.TemporaryDirectory() as scratch:
        games = {size: write_game(size, Path(scratch)) for size in sizes}
        builds = [Build("checkout", None)]
        if len(sys.argv) > 3:
            builds.append(baseline_build(sys.argv[3], Path(scratch)))
        workloads = {"shipped games": [], "shipped games --no-balance": ["--no-balance"]}
        workloads |= {f"{size} territories --no-balance": ["--no-balance", str(games[size])]
                      for size in sizes}
        for build in builds:
            timed(build, ["--no-balance", "splut"])  # warm the file cache and bytecode
        times: dict[tuple[str, str], list[float]] = {}
        for number in range(runs):
            for name, arguments in workloads.items():
                for build in builds:
                    times.setdefault((build.name, name), []).append(timed(build, arguments))
            print(f"run {number + 1}/{runs} done", flush=True)
    median = {key: statistics.median(values) for key, values in times.items()}
    for name in workloads:
        line = ", ".join(f"{build.name} {median[(build.name, name)]:.2f} s" for build in builds)
        if len(builds) > 1:
            ratio = median[(builds[1].name, name)] / median[("checkout", name)]
            line += f"; baseline/checkout x{ratio:.2f}"
        print(f"{name:>34}: {line}")
    for build in builds:
        for small, large in zip(sizes, sizes[1:], strict=False):
            grown = (median[(build.name, f"{large} territories --no-balance")]
                     / median[(build.name, f"{small} territories --no-balance")])
            print(f"{build.name}: {small} -> {large} territories took x{grown:.2f} the time "
                  f"(x{large / small:.2f} would be linear)")
    shipped = median[("checkout", "shipped games")]
    print(f"goal shipped games < 1 s: {'met' if shipped < 1.0 else 'NOT met'} ({shipped:.2f} s)")
    if 3000 in sizes:
        big = median[("checkout", "3000 territories --no-balance")]
        print(f"goal 3,000 territories < 1.5 s: {'met' if big < 1.5 else 'NOT met'} "
              f"({big:.2f} s)")
    probe = ("import sys, stamperia.cli; "
             "print(any(m.split('.')[0] in ('reportlab', 'svgwrite') for m in sys.modules))")
    heavy = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                           check=True).stdout.strip()
    print(f"CLI start imports reportlab/svgwrite: {heavy}")


if __name__ == "__main__":
    main()
