"""`stamperia odds warland`: exact output, JSON and usage errors."""

from __future__ import annotations

import json
from fractions import Fraction

from click.testing import CliRunner

from stamperia.cli import cli


def test_demolition_output() -> None:
    result = CliRunner().invoke(cli, ["odds", "warland", "--strength", "2",
                                      "--resistance", "7"])
    assert result.exit_code == 0
    assert result.output == (
        "warland: strength 2 (best of 2 rolls of 2d6) against resistance 7\n"
        "  one attack succeeds (best roll > 7): 95/144 = 0.6597\n"
        "  expected attacks to destroy it: 144/95 = 1.5158\n")


def test_castle_is_beaten_twice() -> None:
    result = CliRunner().invoke(cli, ["odds", "warland", "--strength", "1",
                                      "--resistance", "Castello", "--json"])
    assert result.exit_code == 0
    data = json.loads(result.output)
    assert data["hits_to_destroy"] == 2
    assert data["destroyed_within"]["2"]["fraction"] == "1/144"
    assert sum(Fraction(v["fraction"]) for v in data["best_roll"].values()) == 1


def test_duel_output() -> None:
    result = CliRunner().invoke(cli, ["odds", "warland", "--strength", "2", "--against", "1"])
    assert result.exit_code == 0
    assert "ties: reroll" in result.output
    assert "  attacker wins (defender's soldier dies): 1891/2760 = 0.6851\n" in result.output


def test_usage_errors_exit_2() -> None:
    runner = CliRunner()
    for args in (["--strength", "2"], ["--strength", "0", "--resistance", "5"],
                 ["--strength", "1", "--resistance", "5", "--against", "1"],
                 ["--resistance", "5"], ["--attack", "3", "--defend", "1"],
                 ["--strength", "1", "--resistance", "torre"]):
        result = runner.invoke(cli, ["odds", "warland", *args])
        assert result.exit_code == 2, args
    assert runner.invoke(cli, ["odds", "sgrunt", "--strength", "2"]).exit_code == 2
    missing = runner.invoke(cli, ["odds", "sgrunt", "--defend", "2"])
    assert missing.exit_code == 2 and "Missing option '--attack'" in missing.output


def test_build_writes_the_warland_kit(tmp_path) -> None:  # type: ignore[no-untyped-def]
    result = CliRunner().invoke(cli, ["build", "warland", "--locale", "all",
                                      "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    for locale in ("it", "en"):
        names = sorted(p.name for p in (tmp_path / "warland" / locale).iterdir())
        assert names == ["buildings.pdf", "flags.pdf", "guide.pdf", "pawns.pdf", "ruler.pdf",
                         "tracking.pdf"]


def test_simulate_warland_reports_curves() -> None:
    result = CliRunner().invoke(cli, ["simulate", "warland", "--players", "3", "--games", "2",
                                      "--agents", "raider,builder,random", "--turns", "5",
                                      "--json"])
    assert result.exit_code == 0, result.output
    assert "curve.food.t05" in result.output
