"""Benchmark: `stamperia check`, whole process: every shipped game, and generated conquest
maps of growing size, to see that check grows linearly with the map.

Goals (issue 20): every shipped game in < 1 s, a generated 3,000-territory map in < 1.5 s;
and (issue 2) the CLI start imports neither reportlab nor svgwrite. The generated maps are
checked with --no-balance: the balance stage plays a fixed number of whole games, which
measures the engines, not the checks. With a BASELINE revision, its sources (pure Python,
with this checkout's schemas so that the large maps load) run alternately with the
checkout's, round after round. Each shipped game is also timed alone (the goal is per
game), and the start-up: `import stamperia.cli` (-X importtime) and `stamperia --help`.
Each figure is the wall time, and in brackets the child's CPU time (user + system), which
a loaded machine disturbs far less: compare builds by it when other work shares the cores.
A check plays its balance stage in a forked child beside the kit checks
(stamperia/checks/overlap.py): the CPU time counts both processes, and on two free cores the wall
time falls below it; on a machine whose cores are taken the overlap gains nothing.
Children may write bytecode (PYTHONDONTWRITEBYTECODE is dropped for them), as an
installed package has it: compiling every module from source would be timed otherwise.
ONLY keeps the workloads whose name holds one of its comma-separated words (each run
stays short on a shared machine). Prints figures; asserts nothing (machines are shared).
Run: python bench/check_speed.py [RUNS] [SIZES] [BASELINE] [ONLY]
  e.g. 3 1000,3000 main   or   3 3000 main no-balance
"""

from __future__ import annotations

import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from alternate import ROOT, Build, revision_copy
from conquest_map import write_game

GAMES = ("sgrunt", "mugrugni", "warland", "splut", "iwari")


def child_environment(build: Build) -> dict[str, str]:
    environment = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    if build.path is not None:
        environment["PYTHONPATH"] = str(build.path)
    return environment


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def timed(build: Build, arguments: list[str]) -> tuple[float, float]:
    """Wall and CPU seconds of one whole `stamperia` process."""
    cpu, start = _children_cpu(), time.perf_counter()
    subprocess.run([sys.executable, "-m", "stamperia", *arguments], capture_output=True,
                   check=False, env=child_environment(build),
                   cwd=tempfile.gettempdir())  # not ROOT: -m puts the cwd first on the path
    return time.perf_counter() - start, _children_cpu() - cpu


def import_seconds(build: Build) -> float:
    """Cumulative import time of stamperia.cli, from -X importtime."""
    done = subprocess.run([sys.executable, "-X", "importtime", "-c", "import stamperia.cli"],
                          capture_output=True, text=True, check=True,
                          env=child_environment(build), cwd=tempfile.gettempdir())
    last = [line for line in done.stderr.splitlines() if line.endswith("| stamperia.cli")]
    return int(last[-1].split("|")[1]) / 1e6


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
        workloads = {"import stamperia.cli": [], "--help": ["--help"],
                     "shipped games": ["check"],
                     "shipped games --no-balance": ["check", "--no-balance"]}
        workloads |= {f"{game}{extra}": ["check", *extra.split(), game]
                      for game in GAMES for extra in ("", " --no-balance")}
        workloads |= {f"{size} territories --no-balance":
                      ["check", "--no-balance", str(games[size])] for size in sizes}
        if len(sys.argv) > 4:
            words = sys.argv[4].split(",")
            workloads = {name: arguments for name, arguments in workloads.items()
                         if any(word in name for word in words)}
        for build in builds:
            timed(build, ["check", "--no-balance", "splut"])  # warm file cache, bytecode
        times: dict[tuple[str, str], list[float]] = {}
        cpu_times: dict[tuple[str, str], list[float]] = {}
        for number in range(runs):
            for name, arguments in workloads.items():
                for build in builds:
                    if name == "import stamperia.cli":
                        took = cpu = import_seconds(build)
                    else:
                        took, cpu = timed(build, arguments)
                    times.setdefault((build.name, name), []).append(took)
                    cpu_times.setdefault((build.name, name), []).append(cpu)
            print(f"run {number + 1}/{runs} done", flush=True)
    median = {key: statistics.median(values) for key, values in times.items()}
    cpu_median = {key: statistics.median(values) for key, values in cpu_times.items()}
    for name in workloads:
        line = ", ".join(f"{build.name} {median[(build.name, name)]:.2f} s "
                         f"(cpu {cpu_median[(build.name, name)]:.2f} s)" for build in builds)
        if len(builds) > 1:
            ratio = median[(builds[1].name, name)] / median[("checkout", name)]
            cpu_ratio = cpu_median[(builds[1].name, name)] / cpu_median[("checkout", name)]
            line += f"; baseline/checkout x{ratio:.2f} (cpu x{cpu_ratio:.2f})"
        print(f"{name:>34}: {line}")
    for build in builds:
        for small, large in zip(sizes, sizes[1:], strict=False):
            if not {f"{small} territories --no-balance",
                    f"{large} territories --no-balance"} <= workloads.keys():
                continue
            grown = (median[(build.name, f"{large} territories --no-balance")]
                     / median[(build.name, f"{small} territories --no-balance")])
            print(f"{build.name}: {small} -> {large} territories took x{grown:.2f} the time "
                  f"(x{large / small:.2f} would be linear)")
    for game in GAMES:
        if game in workloads:
            alone = median[("checkout", game)]
            print(f"goal {game} < 1 s: {'met' if alone < 1.0 else 'NOT met'} ({alone:.2f} s, "
                  f"cpu {cpu_median[('checkout', game)]:.2f} s)")
    if "3000 territories --no-balance" in workloads:
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
