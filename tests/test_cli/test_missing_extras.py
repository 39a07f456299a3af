"""A feature whose optional extra is not installed says how to install it, both from the
package index and from a source checkout (where `pip install 'stamperia[watch]'` would
fetch the released package instead of the checkout)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from stamperia.cli import cli


def _hint(extra: str) -> str:
    return (f"pip install 'stamperia[{extra}]' (from a source checkout: pip install "
            f"'.[{extra}]' in its folder, with -e if it was installed editable)")


def test_watch_without_watchfiles(tiny: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "watchfiles", None)
    result = CliRunner().invoke(cli, ["build", "tiny", "--watch"])
    assert result.exit_code == 2
    assert result.output.splitlines()[-1] == (
        f"Error: --watch needs the watchfiles package: {_hint('watch')}")
    assert not (tiny.parent / "output").exists()


def test_embedded_svg_fonts_without_fonttools(tiny: Path, monkeypatch: pytest.MonkeyPatch
                                              ) -> None:
    monkeypatch.setitem(sys.modules, "fontTools.subset", None)
    result = CliRunner().invoke(cli, ["build", "tiny", "--format", "svg", "--svg-fonts",
                                      "embedded"])
    assert result.exit_code == 2
    assert result.output.splitlines()[-1] == (
        "Error: Invalid value for --svg-fonts: embedding SVG fonts needs fonttools and "
        f"brotli: {_hint('svgfonts')}")


def test_sweep_on_a_cluster_without_dask(monkeypatch: pytest.MonkeyPatch) -> None:
    """(simulate --cluster: tests/test_cli/test_cluster.py)"""
    monkeypatch.setitem(sys.modules, "dask.distributed", None)
    result = CliRunner().invoke(cli, ["sweep", "splut", "--players", "2", "--games", "2",
                                      "--vary", "game.json#/players/max=4", "--cluster",
                                      "local"])
    assert result.exit_code == 2, result.output
    assert result.output.splitlines()[-1] == (
        f"Error: --cluster needs dask.distributed: {_hint('cluster')}")
