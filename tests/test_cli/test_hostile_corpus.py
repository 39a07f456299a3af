"""Every case of the hostile-input corpus (tests/fixtures/hostile, see tests/hostilecorpus.py)
through the public CLI: the exact output, the exit code, and three promises for every case.

- No traceback, no internal error (X001, exit 3), nothing half-written.
- Nothing is written or changed outside the game folder and `--out`; the game folder itself
  changes only where the command is one that writes there (`l10n import`).
- Nothing from outside the game folder is read into an output: the files cases point at hold
  a marker that must never show in the output or in a written file.

Set STAMPERIA_UPDATE_GOLDEN=1 to record the outputs of new cases, then review them.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from click.testing import CliRunner
from hostilecorpus import SECRET, argv, cases, record_expected, set_up, snapshot

from stamperia.cli import cli

CASES = cases()
PARAMETERS = [pytest.param(case, id=f"{case.parent.name}/{case.stem}",
                           marks=[pytest.mark.slow] if json.loads(
                               case.read_text(encoding="utf-8")).get("slow") else [])
              for case in CASES]
WRITES_GAME = {"import"}
"""Subcommands that may write into the game folder."""


@pytest.mark.parametrize("case", PARAMETERS)
def test_a_hostile_input_is_answered_cleanly(case: Path, tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    spec = json.loads(case.read_text(encoding="utf-8"))
    here = tmp_path / "case"
    here.mkdir()
    folder = set_up(here, spec)
    monkeypatch.chdir(here)
    out = here / "out"
    before_outside = snapshot(here, (folder, out))
    before_game = snapshot(folder, ())
    arguments = argv(spec, here, folder)
    result = CliRunner().invoke(cli, arguments)
    output = result.output.replace(str(here), "{here}")
    lines = output.splitlines()
    if os.environ.get("STAMPERIA_UPDATE_GOLDEN"):
        record_expected(case, spec, lines)
    assert result.exception is None or isinstance(result.exception, SystemExit), output
    assert "Traceback" not in output and "internal error" not in output.lower(), output
    assert "[X001]" not in output
    assert result.exit_code == spec["exit"], output
    if case.parent.name == "refused":
        assert result.exit_code in (1, 2)
    assert lines == spec["expected"]
    assert snapshot(here, (folder, out)) == before_outside, "changed outside its folders"
    if not set(arguments) & WRITES_GAME:
        assert snapshot(folder, ()) == before_game, "the game folder changed"
    assert SECRET not in result.output
    for written in out.rglob("*") if out.exists() else ():
        if written.is_file():
            assert SECRET.encode() not in written.read_bytes(), written
    if result.exit_code != 0 and out.exists():
        kits = [p for p in out.iterdir() if not p.name.startswith(".stamperia")]
        assert kits == [], f"a failed command left {kits}"


def test_the_corpus_covers_every_input_kind() -> None:
    """At least 100 cases, refused and accepted, over every kind of input of the issue."""
    specs = [json.loads(case.read_text(encoding="utf-8")) for case in CASES]
    kinds = {spec["kind"] for spec in specs}
    assert kinds >= {"sheet", "workbook", "image", "svg", "font", "layout", "catalogue",
                     "record", "manifest", "output", "board"}
    assert len(specs) >= 100
    assert sum(case.parent.name == "accepted" for case in CASES) >= 10
    assert all(spec["what"] for spec in specs)
