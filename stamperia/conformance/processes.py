"""Running stamperia in a child interpreter that finds the same plug-ins as this one.

A plug-in a test installs puts its folder on sys.path; a child started with only the
inherited environment would not find it, so the child's PYTHONPATH lists this process's
search path, after any folders that must come first (a pure copy of stamperia).
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

from stamperia.conformance.failure import fail


def child_environment(first: Sequence[Path] = (), hash_seed: str | None = None
                      ) -> dict[str, str]:
    """The environment of a child: `first`, then this process's sys.path, as PYTHONPATH;
    `hash_seed` fixes PYTHONHASHSEED (another order of sets and dicts of strings)."""
    paths = [str(path) for path in first]
    paths += [entry for entry in sys.path if entry and Path(entry).exists()]
    environment = {**os.environ, "PYTHONPATH": os.pathsep.join(dict.fromkeys(paths))}
    if hash_seed is not None:
        environment["PYTHONHASHSEED"] = hash_seed
    return environment


def run_stamperia(arguments: Sequence[str], environment: dict[str, str], folder: Path
                  ) -> str:
    """`python -m stamperia ARGUMENTS` in a child, its standard output; a failure names the
    command and what the child printed."""
    done = subprocess.run([sys.executable, "-m", "stamperia", *arguments],
                          capture_output=True, text=True, env=environment, cwd=folder,
                          check=False)
    if done.returncode != 0:
        fail(f"stamperia {' '.join(arguments)} exited {done.returncode} in a child "
             f"process:\n{done.stdout}{done.stderr}")
    return done.stdout
