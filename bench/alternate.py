"""Timing one workload under several builds of the engines, alternately in one run.

Why: the machines are shared and their speed drifts by the minute, so figures taken in
separate runs compare the machine, not the builds. Each build runs the same child command
in turn (compiled as installed, the checkout's sources as pure Python, and the pure
sources of earlier revisions), round after round, and the ratios come from the
medians. CPU seconds of the child, not wall time, give games per second per core.
A child prints one JSON line: {"units": N, "cpu": seconds, "engine": ..., "digest": ...}.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import statistics
import subprocess
import sys
import tarfile
import tempfile
from dataclasses import dataclass
from io import BytesIO
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("content", "rules", "generator", "stamperia")
"""The folders a revision's sources are in: stamperia/ links to the other three."""
LINKED = ("content", "rules", "generator")


@dataclass(frozen=True)
class Build:
    """One way of running the engines: a name and the folder put first on the path
    (none: the installed package, compiled where it was built so)."""

    name: str
    path: Path | None


def pure_copy(into: Path) -> Path:
    """The checkout's package without its compiled extension modules (the linked folders
    copied as folders)."""
    shutil.copytree(ROOT / "stamperia", into / "stamperia",
                    ignore=shutil.ignore_patterns("*.so", "*.pyd", "__pycache__"))
    return into


def revision_copy(revision: str, into: Path) -> Path:
    """The packages as they were at a git revision (pure Python: git holds no builds)."""
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", revision, *PACKAGES],
                             check=True, capture_output=True).stdout
    with tarfile.open(fileobj=BytesIO(archive)) as tar:
        tar.extractall(into, filter="data")
    for name in LINKED:  # a revision from before the one import name (issue 33)
        if not (into / "stamperia" / name).exists():
            (into / "stamperia" / name).symlink_to(Path("..") / name)
    return into


def builds(baseline: str, scratch: Path) -> list[Build]:
    """Installed (compiled if it was built so), the checkout as pure Python, and the pure
    baseline revisions (comma-separated; each skipped when git cannot give it)."""
    found = [Build("installed", None), Build("pure", pure_copy(scratch / "pure"))]
    for number, revision in enumerate(r for r in baseline.split(",") if r):
        try:
            found.append(Build(f"baseline {revision}",
                               revision_copy(revision, scratch / f"baseline{number}")))
        except (subprocess.CalledProcessError, OSError) as error:
            print(f"(no baseline {revision!r}: {error})")
    return found


def run_child(build: Build, command: list[str]) -> dict[str, object]:
    environment = dict(os.environ)
    if build.path is not None:
        environment["PYTHONPATH"] = str(build.path)
    done = subprocess.run([sys.executable, *command], check=True, capture_output=True,
                          text=True, env=environment, cwd=tempfile.gettempdir())
    return json.loads(done.stdout.strip().splitlines()[-1])  # type: ignore[no-any-return]


def child_line(units: int, cpu: float, module_file: str | None, results: object) -> str:
    """The child's JSON line: `module_file` is a hot module's __file__ (compiled when it is
    an extension module), `results` anything whose repr shows what the games gave."""
    compiled = not str(module_file).endswith(".py")
    return json.dumps({"units": units, "cpu": cpu,
                       "engine": "compiled" if compiled else "python",
                       "digest": hashlib.sha256(repr(results).encode()).hexdigest()})


def alternate(command: list[str], unit: str, rounds: int, baseline: str) -> None:
    """Run `command` under every build, `rounds` times each in turn; print the medians,
    the ratios to the pure checkout and whether every build gave the same results."""
    with tempfile.TemporaryDirectory() as scratch:
        runs = builds(baseline, Path(scratch))
        rates: dict[str, list[float]] = {b.name: [] for b in runs}
        engines: dict[str, str] = {}
        digests: dict[str, set[str]] = {b.name: set() for b in runs}
        for number in range(rounds):
            for build in runs:
                out = run_child(build, command)
                rates[build.name].append(float(out["units"]) / float(out["cpu"]))  # type: ignore[arg-type]
                engines[build.name] = str(out["engine"])
                digests[build.name].add(str(out["digest"]))
            print(f"round {number + 1}/{rounds}: " + ", ".join(
                f"{name} {values[-1]:.0f}" for name, values in rates.items()), flush=True)
    pure = statistics.median(rates["pure"])
    for name, values in rates.items():
        rate = statistics.median(values)
        print(f"{name:>20} ({engines[name]}): {rate:8.1f} {unit}/s per core (median of "
              f"{len(values)}), x{rate / pure:.2f} of pure")
    every = set().union(*digests.values())
    print(f"same results in every build and round: {len(every) == 1}")
    if len(every) > 1:
        print("results other than the pure checkout's: " + ", ".join(
            name for name, found in digests.items() if found != digests["pure"]))
