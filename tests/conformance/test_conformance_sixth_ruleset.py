"""A sixth ruleset passes the conformance suite with one registry line and nothing of
stamperia touched: the `cards` ruleset, and separately `splut`, copied into a package of
their own under a new id (tests/conformance/pluginsources.py), registered by the one entry
point of a `.dist-info` on the path, and checked on their template game."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import forget
from pluginsources import copy_plugin, install, retarget

from stamperia.cli import cli
from stamperia.conformance import check_plugin
from stamperia.conformance.subjects import write_template
from stamperia.conformance.wiring import plugin_of, rules_of
from stamperia.content.rulesets.registry import plugins


def installed_copy(ruleset: str, new_id: str, tmp_path: Path,
                   monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """The copy installed; its template game made a game of the new ruleset."""
    package = f"{new_id}rules"
    site = tmp_path / "site"
    copy_plugin(ruleset, new_id, package, site)
    install(site, package, new_id)
    monkeypatch.syspath_prepend(str(site))
    yield retarget(write_template(ruleset, tmp_path / "game"), new_id)
    forget(package)


@pytest.fixture
def deckbuilder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    yield from installed_copy("cards", "deckbuilder", tmp_path, monkeypatch)


@pytest.fixture
def duel(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    yield from installed_copy("splut", "duel", tmp_path, monkeypatch)


def test_the_copied_cards_ruleset_passes_the_suite(deckbuilder: Path, tmp_path: Path) -> None:
    assert plugin_of("deckbuilder").build.__module__ == "deckbuilderrules.content.plugin"
    assert rules_of("deckbuilder").check.__module__ == "deckbuilderrules.rules.check"
    report = check_plugin("deckbuilder", [str(deckbuilder)], tmp_path / "work")
    assert "game/en/guide.pdf" in report.kit_files
    assert any(name.startswith("game/en/svg/cards-") for name in report.kit_files)
    assert report.engine is None


def test_the_copied_splut_ruleset_passes_the_suite(duel: Path, tmp_path: Path) -> None:
    simulator = rules_of("duel").simulator
    assert simulator is not None
    assert simulator().engine_module == "duelrules.rules.play"
    report = check_plugin("duel", [str(duel)], tmp_path / "work")
    assert [run.agent for run in report.agents] == [
        "random", "greedy", "mcts:2", "heuristic:aggressive"]
    assert report.notation.decisions > 0
    assert report.positions[0].positions > 1
    assert report.engine == "python"


def test_the_copy_is_one_more_ruleset_for_the_cli(duel: Path) -> None:
    assert {"splut", "duel"} <= set(plugins())
    result = CliRunner().invoke(cli, ["check", "--no-balance", str(duel)])
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[-1].startswith("checked 1 game(s): 0 error(s), ")
    moves = CliRunner().invoke(cli, ["moves", str(duel), "--players", "2"])
    assert moves.exit_code == 0, moves.output
    assert moves.output.splitlines()[0] == "to move: yellow"
