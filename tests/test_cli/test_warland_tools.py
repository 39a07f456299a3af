"""`stamperia odds warland`: exact output, JSON and usage errors."""

from __future__ import annotations

import json
import shutil
from fractions import Fraction
from pathlib import Path

from click.testing import CliRunner

from stamperia.cli import cli


def test_demolition_output() -> None:
    result = CliRunner().invoke(cli, ["odds", "warland", "--strength", "2",
                                      "--resistance", "7"])
    assert result.exit_code == 0
    assert result.output == (
        "warland: strength 2 (best of 2 rolls of 2d6) against resistance 7\n"
        "  one attack succeeds (best roll > 7): 95/144 = 65.97%\n"
        "  expected attacks to destroy it: 144/95 = 1.5158\n")


def test_castle_is_beaten_twice() -> None:
    result = CliRunner().invoke(cli, ["odds", "warland", "--strength", "1",
                                      "--resistance", "Castello", "--json"])
    assert result.exit_code == 0
    data = json.loads(result.output)
    assert data["hits_to_destroy"] == 2
    assert data["destroyed_within"]["2"] == {"fraction": "1/144", "decimal": 1 / 144,
                                             "percent": 100 / 144}
    assert data["expected_attacks"] == {"fraction": "24/1", "decimal": 24.0}  # not a chance
    assert sum(Fraction(v["fraction"]) for v in data["best_roll"].values()) == 1


def test_duel_output() -> None:
    """warland.txt, Soldato - Soldato: "tirano una volta due d6 per ogni punto di forza del
    proprio Soldato. Chi ottiene il risultato più basso perde": one roll, 4d6 against 2d6
    (the content's default `duel_roll: sum`)."""
    result = CliRunner().invoke(cli, ["odds", "warland", "--strength", "2", "--against", "1"])
    assert result.exit_code == 0
    assert result.output == (
        "warland: soldier strength 2 (one roll of 4d6) against soldier strength 1 (one roll "
        "of 2d6); the lower roll loses, ties: reroll\n"
        "  attacker rolls higher: 541/576 = 93.92%\n"
        "  defender rolls higher: 31/864 = 3.59%\n"
        "  tie: 43/1728 = 2.49%\n"
        "whole duel:\n"
        "  outcome                                  exact fraction  percentage\n"
        "  attacker wins (defender's soldier dies)  1623/1685           96.32%\n"
        "  defender wins (attacker's soldier dies)  62/1685              3.68%\n")


def _edition(tmp_path: Path, duel_roll: str) -> str:
    """The shipped WARLAND copied with another `combat.duel_roll`."""
    folder = tmp_path / "warland"
    shutil.copytree(Path(__file__).parents[2] / "content" / "games" / "warland", folder)
    forces = folder / "forces.json"
    data = json.loads(forces.read_text())
    data["combat"]["duel_roll"] = duel_roll
    data["$schema"] = str(Path(__file__).parents[2] / "content" / "rulesets" / "warland"
                          / "schemas" / "warland_forces.schema.json")
    forces.write_text(json.dumps(data, indent=1))
    return str(folder)


def test_duel_best_roll_reading(tmp_path: Path) -> None:
    """warland.txt, Più di 1 Soldato - Soldato: "il risultato migliore vale" read for every
    duel (`duel_roll: best`): the best of 2 rolls of 2d6 against one roll, 0.685."""
    result = CliRunner().invoke(cli, ["odds", _edition(tmp_path, "best"), "--strength", "2",
                                      "--against", "1"])
    assert result.exit_code == 0, result.output
    assert result.output == (
        "warland: soldier strength 2 (best of 2 rolls of 2d6) against soldier strength 1 "
        "(best of 1 roll of 2d6); the lower best roll loses, ties: reroll\n"
        "  attacker rolls higher: 9455/15552 = 60.80%\n"
        "  defender rolls higher: 4345/15552 = 27.94%\n"
        "  tie: 73/648 = 11.27%\n"
        "whole duel:\n"
        "  outcome                                  exact fraction  percentage\n"
        "  attacker wins (defender's soldier dies)  1891/2760           68.51%\n"
        "  defender wins (attacker's soldier dies)  869/2760            31.49%\n")


def test_unknown_duel_roll_is_a_content_error(tmp_path: Path) -> None:
    result = CliRunner().invoke(cli, ["odds", _edition(tmp_path, "coin"), "--strength", "2",
                                      "--against", "1"])
    assert result.exit_code == 1
    assert "/combat/duel_roll" in result.output


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


def test_a_resistance_beyond_the_bound_is_a_usage_error() -> None:
    """A resistance is answered up to 10,000; a longer number is refused before it is
    converted (Python refuses ints of over 4,300 digits with a ValueError of its own)."""
    runner = CliRunner()
    for value in ("10001", "1" + "0" * 30, "9" * 5000, "-1"):
        result = runner.invoke(cli, ["odds", "warland", "--strength", "2", "--resistance",
                                     value])
        assert result.exit_code == 2, value
        assert result.output.endswith(
            "Error: Invalid value for --resistance: a resistance is 0 to 10,000 (no roll of "
            "a real game comes near more)\n"), value
    assert runner.invoke(cli, ["odds", "warland", "--strength", "2", "--resistance",
                               "10000"]).exit_code == 0


def test_build_writes_the_warland_kit(tmp_path) -> None:  # type: ignore[no-untyped-def]
    result = CliRunner().invoke(cli, ["build", "warland", "--locale", "all",
                                      "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    for locale in ("it", "en"):
        names = sorted(p.name for p in (tmp_path / "warland" / locale).iterdir())
        assert names == ["buildings.pdf", "calibration.pdf", "flags.pdf", "guide.pdf",
                         "pawns.pdf", "ruler.pdf", "tracking.pdf"]


def test_simulate_warland_reports_curves() -> None:
    result = CliRunner().invoke(cli, ["simulate", "warland", "--players", "3", "--games", "2",
                                      "--agents", "raider,builder,random", "--turns", "5",
                                      "--json"])
    assert result.exit_code == 0, result.output
    assert "curve.food.t05" in result.output


def test_moves_per_turn_belongs_to_the_limits_not_to_a_pawn(tmp_path: Path) -> None:
    """"fino a 2 Abitanti, 4 Carpentieri e 4 Soldati" is a turn's limit, kept in
    `limits.moves_per_turn` per pawn id: a pawn does not carry a count of its own."""
    folder = Path(_edition(tmp_path, "sum"))
    data = json.loads((folder / "forces.json").read_text())
    data["pawns"][0]["moves_per_turn"] = 2
    (folder / "forces.json").write_text(json.dumps(data, indent=1))
    result = CliRunner().invoke(cli, ["check", str(folder)])
    assert result.exit_code == 1
    assert ("forces.json:36: /pawns/0/moves_per_turn: unknown property 'moves_per_turn' "
            "(allowed: id, role, "
            "eats, diameter_mm, tokens)") in result.output
