"""Fuzzing the loader and every later stage with content shaped like each part kind.

Each example takes a shipped game, picks one value anywhere in one of its files (any part
kind, the manifest or a strings file) and replaces it with random JSON, or removes it.
Whatever the result, `check` must answer with content problems (file, line, pointer) or a
clean report: no exception, and no "stage could not handle this content" fallback, which
would mean a check is missing upstream. Marked slow; STAMPERIA_FUZZ_EXAMPLES sets the
number of examples (200 by default); STAMPERIA_FUZZ_RANDOM=1 draws new examples each run
instead of the same derandomized ones.
"""

from __future__ import annotations

import json
import os
import shutil
import tempfile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from stamperia.checks.run import check_one

SHIPPED = Path(__file__).parents[2] / "content" / "games"
GAMES = ("sgrunt", "mugrugni", "warland", "splut", "iwari")
EXAMPLES = int(os.environ.get("STAMPERIA_FUZZ_EXAMPLES", "200"))
SAME_EXAMPLES = not os.environ.get("STAMPERIA_FUZZ_RANDOM")

scalars = st.one_of(
    st.none(), st.booleans(),
    st.integers(min_value=-3, max_value=40), st.sampled_from([0, 1, 2, 1000, 10**6, -1]),
    st.floats(allow_nan=False, allow_infinity=False, width=32),
    st.text(max_size=12), st.sampled_from(["", "nurra", "events", "castello", "forest", "E1"]))
json_values = st.recursive(
    scalars,
    lambda inner: st.one_of(st.lists(inner, max_size=4),
                            st.dictionaries(st.text(max_size=8), inner, max_size=4)),
    max_leaves=12)


def _pointers(data: Any, pointer: str = "") -> list[tuple[str, ...]]:
    """Every path to a value, as tokens (the root excluded)."""
    found: list[tuple[str, ...]] = []
    tokens = tuple(pointer.split("/")[1:]) if pointer else ()
    if isinstance(data, dict):
        for key, value in data.items():
            found.append((*tokens, key))
            found += _pointers(value, f"{pointer}/{key}")
    elif isinstance(data, list):
        for index, value in enumerate(data):
            found.append((*tokens, str(index)))
            found += _pointers(value, f"{pointer}/{index}")
    return found


def _mutate(data: Any, path: tuple[str, ...], replacement: Any, remove: bool) -> None:
    container = data
    for token in path[:-1]:
        container = container[int(token)] if isinstance(container, list) else container[token]
    key: Any = int(path[-1]) if isinstance(container, list) else path[-1]
    if remove:
        del container[key]
    else:
        container[key] = replacement


@st.composite
def mutations(draw: st.DrawFn) -> tuple[str, str, tuple[str, ...], Any, bool]:
    game = draw(st.sampled_from(GAMES))
    files = sorted(str(p.relative_to(SHIPPED / game)) for p in (SHIPPED / game).rglob("*.json"))
    name = draw(st.sampled_from(files))
    data = json.loads((SHIPPED / game / name).read_text(encoding="utf-8"))
    path = draw(st.sampled_from(_pointers(data)))
    return game, name, path, draw(json_values), draw(st.booleans())


@pytest.mark.slow
@settings(max_examples=EXAMPLES, deadline=None, derandomize=SAME_EXAMPLES,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(mutations())
def test_any_mutation_of_a_shipped_game_is_reported_not_crashed(
        mutation: tuple[str, str, tuple[str, ...], Any, bool]) -> None:
    game, name, path, replacement, remove = mutation
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / game
        shutil.copytree(SHIPPED / game, folder)
        data = json.loads((folder / name).read_text(encoding="utf-8"))
        _mutate(data, path, replacement, remove)
        (folder / name).write_text(json.dumps(data, indent=2), encoding="utf-8")
        checked = check_one(str(folder), seed=0)
    for problem in checked.report.problems:
        assert "could not" not in problem.message, problem.format()
        assert problem.file and problem.line >= 1, problem.format()
