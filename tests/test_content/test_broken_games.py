"""Each deliberately broken game fails `stamperia check` with exactly the expected lines.

The cases are data (tests/fixtures/broken/*.json): edits applied to a valid game and the
problem lines expected. The game is the tiny one unless the case names another:
`"tiny_variant"` (which extends the tiny game) or a shipped game id (sgrunt, mugrugni,
warland, splut, iwari), copied as it ships. Edit files are relative to that game's folder.
Every case must exit 1 and name a file, a line and a JSON pointer; `"category"` says which
promise of the error contract it exercises. Set STAMPERIA_UPDATE_GOLDEN=1 to rewrite the
expectations after reviewing them.
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from gamefixtures import FIXTURES, make_game

from stamperia.cli import cli

CASES = sorted((FIXTURES / "broken").glob("*.json"))


PROBLEM = re.compile(r"^[\w./-]+\.json:\d+: /\S*: ")


def problem_lines(output: str) -> list[str]:
    return [line for line in output.splitlines() if PROBLEM.match(line)]


@pytest.mark.parametrize("case", CASES, ids=[c.stem for c in CASES])
def test_broken_game_fails_with_expected_problems(case: Path, tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    spec = json.loads(case.read_text(encoding="utf-8"))
    game = spec.get("game", "tiny")
    make_game(tmp_path, spec["edits"], game)
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(cli, ["check", game, "--no-balance"])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    lines = problem_lines(result.output)
    if os.environ.get("STAMPERIA_UPDATE_GOLDEN"):
        spec["expected"] = lines
        text = json.dumps(spec, indent=2, ensure_ascii=False)
        if any("\ud800" <= char <= "\udfff" for char in text):
            text = json.dumps(spec, indent=2)
        case.write_text(text + "\n", encoding="utf-8")
    assert result.exit_code == 1, result.output
    assert lines == spec["expected"]
    assert lines, "a broken case must name at least one file, line and pointer"
    assert "Traceback" not in result.output and "internal error" not in result.output


def test_the_tiny_game_itself_is_clean(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    make_game(tmp_path)
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(cli, ["check", "tiny", "--no-balance"])
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[-1] == "checked 1 game(s): 0 error(s), 0 warning(s)"


CATEGORIES = {"malformed", "schema", "integer", "bound", "path", "string", "large", "machine",
              "reference", "rules", "stage", "kit"}


def test_the_corpus_covers_every_game_and_category() -> None:
    """The error contract is promised for all five games and every kind of breakage."""
    specs = [json.loads(case.read_text(encoding="utf-8")) for case in CASES]
    games = {spec.get("game", "tiny") for spec in specs}
    assert {"sgrunt", "mugrugni", "warland", "splut", "iwari"} <= games
    assert {spec.get("category") for spec in specs} >= CATEGORIES
    assert len(specs) >= 60
