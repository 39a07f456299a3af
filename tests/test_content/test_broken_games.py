"""Each deliberately broken game fails `stamperia check` with exactly the expected lines.

The cases are data (tests/fixtures/broken/*.json): edits applied to the tiny valid game
and the problem lines expected. A case with `"game": "tiny_variant"` edits and checks the
variant that extends the tiny game (edit files are relative to that game's folder). Set
STAMPERIA_UPDATE_GOLDEN=1 to rewrite the expectations after reviewing them.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from click.testing import CliRunner
from gamefixtures import FIXTURES, make_game

from stamperia.cli import cli

CASES = sorted((FIXTURES / "broken").glob("*.json"))


def problem_lines(output: str) -> list[str]:
    return [line for line in output.splitlines() if line.startswith(("tiny/", "tiny_variant/"))]


@pytest.mark.parametrize("case", CASES, ids=[c.stem for c in CASES])
def test_broken_game_fails_with_expected_problems(case: Path, tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    spec = json.loads(case.read_text(encoding="utf-8"))
    game = spec.get("game", "tiny")
    make_game(tmp_path, spec["edits"], game)
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(cli, ["check", game])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    lines = problem_lines(result.output)
    if os.environ.get("STAMPERIA_UPDATE_GOLDEN"):
        spec["expected"] = lines
        case.write_text(json.dumps(spec, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    assert result.exit_code == 1
    assert lines == spec["expected"]
    assert "Traceback" not in result.output


def test_the_tiny_game_itself_is_clean(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    make_game(tmp_path)
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(cli, ["check", "tiny"])
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[-1] == "checked 1 game(s): 0 error(s), 0 warning(s)"
