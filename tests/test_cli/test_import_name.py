"""stamperia is imported as `stamperia.…` only (issue 33): the wheel installs one top-level
package, so it cannot clash with another distribution's `rules` or `generator`, nor run a
designer's own `rules.py` lying in the working folder."""

from __future__ import annotations

import json
import subprocess
import sys
from importlib.metadata import Distribution, distributions
from pathlib import Path

import pytest

BARE_NAMES = ("content", "rules", "generator")


def _designer_folder(tmp_path: Path) -> Path:
    """A working folder holding modules named like stamperia's layers, each failing loudly
    when imported."""
    for name in BARE_NAMES:
        (tmp_path / f"{name}.py").write_text(
            f'raise SystemExit("the designer\'s own {name}.py was imported")\n', encoding="utf-8")
    return tmp_path


def test_python_m_stamperia_runs_in_a_folder_holding_rules_and_generator_modules(
        tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, "-m", "stamperia", "list", "--json"],
                          cwd=_designer_folder(tmp_path), capture_output=True, text=True,
                          check=False, timeout=120)
    assert done.returncode == 0, done.stderr
    assert {game["id"] for game in json.loads(done.stdout)} >= {"sgrunt", "warland"}


def test_a_check_imports_no_bare_layer_name(tmp_path: Path) -> None:
    """Every stamperia module a check and the CLI load is a stamperia.* module."""
    script = ("import sys\n"
              "from click.testing import CliRunner\n"
              "from stamperia.cli import cli\n"
              "result = CliRunner().invoke(cli, ['check', 'splut', '--no-balance'])\n"
              "assert result.exit_code in (0, 1), result.output\n"
              f"print(sorted(m for m in sys.modules if m.split('.')[0] in {BARE_NAMES!r}))\n")
    done = subprocess.run([sys.executable, "-c", script], cwd=tmp_path, capture_output=True,
                          text=True, check=False, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"


def _installed() -> Distribution:
    """The installed distribution: the one with a RECORD (a checkout's stamperia.egg-info,
    which a build leaves on the path of tests run from the checkout, has none)."""
    for found in distributions(name="stamperia"):
        if found.read_text("RECORD") is not None:
            return found
    pytest.skip("stamperia is not installed from a wheel here")


def test_the_installed_distribution_holds_one_top_level_package() -> None:
    """What the wheel's RECORD lists: stamperia/ and its dist-info (scripts lie outside
    site-packages, as `../../../bin/...`)."""
    installed = _installed()
    direct = installed.read_text("direct_url.json")
    if direct is not None and json.loads(direct).get("dir_info", {}).get("editable"):
        pytest.skip("an editable install records setuptools' finder, not the package files")
    top = {file.parts[0] for file in installed.files or [] if file.parts[0] != ".."}
    assert {name for name in top if not name.endswith(".dist-info")} == {"stamperia"}
