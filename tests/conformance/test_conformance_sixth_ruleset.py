"""A sixth ruleset passes the conformance suite with one registry line and nothing of
stamperia touched: the `cards` ruleset, and separately `splut`, copied into a package of
their own under a new id (tests/conformance/pluginsources.py), registered by the one entry
point of a `.dist-info` on the path, and checked on their template game."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner
from pluginsources import CopyPlugin

from stamperia.cli import cli
from stamperia.conformance import check_plugin
from stamperia.conformance.wiring import plugin_of, rules_of
from stamperia.content.rulesets.registry import plugins


def test_the_copied_cards_ruleset_passes_the_suite(copied_plugin: CopyPlugin,
                                                    tmp_path: Path) -> None:
    deckbuilder = copied_plugin("cards", "deckbuilder")
    assert plugin_of("deckbuilder").build.__module__ == "deckbuilderrules.content.plugin"
    assert rules_of("deckbuilder").check.__module__ == "deckbuilderrules.rules.check"
    report = check_plugin("deckbuilder", [str(deckbuilder)], tmp_path / "work")
    assert "deckbuilder/en/guide.pdf" in report.kit_files
    assert any(name.startswith("deckbuilder/en/svg/cards-") for name in report.kit_files)
    assert report.engine is None


def test_the_copied_splut_ruleset_passes_the_suite(copied_plugin: CopyPlugin,
                                                    tmp_path: Path) -> None:
    duel = copied_plugin("splut", "duel")
    simulator = rules_of("duel").simulator
    assert simulator is not None
    assert simulator().engine_module == "duelrules.rules.play"
    report = check_plugin("duel", [str(duel)], tmp_path / "work")
    assert [run.agent for run in report.agents] == [
        "random", "greedy", "mcts:2", "heuristic:aggressive"]
    assert report.notation.decisions > 0
    assert report.positions[0].positions > 1
    assert report.engine == "python"


def test_the_copy_is_one_more_ruleset_for_the_cli(copied_plugin: CopyPlugin) -> None:
    duel = copied_plugin("splut", "duel")
    assert {"splut", "duel"} <= set(plugins())
    result = CliRunner().invoke(cli, ["check", "--no-balance", str(duel)])
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[-1].startswith("checked 1 game(s): 0 error(s), ")
    moves = CliRunner().invoke(cli, ["moves", str(duel), "--players", "2"])
    assert moves.exit_code == 0, moves.output
    assert moves.output.splitlines()[0] == "to move: yellow"
