"""Each ruleset page's "Player choices" table (issue 40): a row for every choice the
rulebook gives a player, and every row names tests that exist."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PAGES = ("conquest", "warland", "splut", "iwari")


def _rows(page: str) -> list[str]:
    text = (ROOT / "docs" / "rulesets" / f"{page}.md").read_text(encoding="utf-8")
    section = text.split("## Player choices\n", 1)[1].split("\n## ", 1)[0]
    return [line for line in section.splitlines()
            if line.startswith("| ") and not line.startswith("| Rulebook line")]


def _tests(cell: str) -> list[tuple[str, str]]:
    """(file, test) pairs of a Test cell: `file.py::name`, then `::name` in the same file."""
    found: list[tuple[str, str]] = []
    current = ""
    for file, name in re.findall(r"`(?:(test_\w+\.py))?::(\w+)`", cell):
        current = file or current
        found.append((current, name))
    return found


@pytest.mark.parametrize("page", PAGES)
def test_every_choice_row_names_existing_tests(page: str) -> None:
    rows = _rows(page)
    assert len(rows) >= 8
    for row in rows:
        cells = [c.strip() for c in row.strip("|").split(" | ")]
        assert len(cells) == 4, row
        tests = _tests(cells[3])
        assert tests, f"no test named in: {row}"
        for file, name in tests:
            path = next((ROOT / "tests").rglob(file), None)
            assert path is not None, f"{file} not found ({page})"
            assert re.search(rf"^def {name}\(", path.read_text(encoding="utf-8"),
                             re.MULTILINE), f"{file}::{name} not found ({page})"
