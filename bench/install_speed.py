"""Benchmark: the README's two set-up commands, run as written in a fresh clone.

Goal (issue 34): command 1, from `git clone` to the first kit, within 30 s wall on an idle
2-core machine; command 2 compiles nothing and its test run (the default tier) takes at
most 3 minutes. Prints each step's wall and CPU seconds; asserts nothing (machines are
shared and noisy). pip's cache is off (PIP_NO_CACHE_DIR), as on a machine that never
installed stamperia. The compiled build (STAMPERIA_COMPILE=1) is timed too when asked,
for the figure the opt-in saves.
Run: python bench/install_speed.py [--compiled]
"""

from __future__ import annotations

import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
COMMAND_1 = ("python3 -m venv .venv && .venv/bin/pip install . && .venv/bin/stamperia build")
COMMAND_2_INSTALL = "python3 -m venv .venv && .venv/bin/pip install -e '.[test]'"
COMMAND_2_TESTS = ".venv/bin/python -m pytest -q"


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def timed(command: str, folder: Path, environment: dict[str, str]) -> tuple[float, float, str]:
    """Wall and CPU seconds of a shell command, and its last output line."""
    cpu, started = _children_cpu(), time.perf_counter()
    done = subprocess.run(command, shell=True, cwd=folder, env=environment, text=True,
                          capture_output=True, check=False)
    wall = time.perf_counter() - started
    if done.returncode != 0:
        sys.exit(f"failed ({done.returncode}): {command}\n{done.stdout[-2000:]}"
                 f"{done.stderr[-2000:]}")
    lines = (done.stdout or done.stderr).strip().splitlines()
    return wall, _children_cpu() - cpu, lines[-1] if lines else ""


def fresh_clone(scratch: Path, name: str) -> Path:
    folder = scratch / name
    subprocess.run(["git", "clone", "--quiet", str(ROOT), str(folder)], check=True)
    return folder


def main() -> None:
    environment = {**os.environ, "PIP_NO_CACHE_DIR": "1", "PIP_DISABLE_PIP_VERSION_CHECK": "1"}
    for switch in ("STAMPERIA_COMPILE", "STAMPERIA_PURE", "STAMPERIA_REQUIRE_COMPILED"):
        environment.pop(switch, None)
    scratch = Path(tempfile.mkdtemp(prefix="stamperia-install-"))
    try:
        started = time.perf_counter()
        one = fresh_clone(scratch, "one")
        clone = time.perf_counter() - started
        wall, cpu, last = timed(COMMAND_1, one, environment)
        engines = subprocess.run([str(one / ".venv/bin/stamperia"), "--version"], text=True,
                                 capture_output=True, check=True).stdout.strip().splitlines()
        print(f"command 1: clone {clone:.1f} s + install and build {wall:.1f} s wall "
              f"({cpu:.1f} s CPU) = {clone + wall:.1f} s to the first kit; goal 30 s")
        print(f"  {engines[-1]}; build said: {last}")
        two = fresh_clone(scratch, "two")
        wall, cpu, _ = timed(COMMAND_2_INSTALL, two, environment)
        print(f"command 2: install -e '.[test]' {wall:.1f} s wall ({cpu:.1f} s CPU)")
        wall, cpu, last = timed(COMMAND_2_TESTS, two, environment)
        print(f"command 2: tests {wall:.1f} s wall ({cpu:.1f} s CPU); goal 180 s; {last}")
        if "--compiled" in sys.argv[1:]:
            three = fresh_clone(scratch, "three")
            compiled = {**environment, "STAMPERIA_COMPILE": "1"}
            wall, cpu, _ = timed("python3 -m venv .venv && .venv/bin/pip install .", three,
                                 compiled)
            print(f"STAMPERIA_COMPILE=1 pip install .: {wall:.1f} s wall ({cpu:.1f} s CPU)")
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


if __name__ == "__main__":
    main()
