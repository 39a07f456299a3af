"""`stamperia odds` and `stamperia score` on SGRUNT: exact output, JSON, bad input."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

from click.testing import CliRunner
from gamefixtures import FIXTURES

from stamperia.cli import cli

EXAMPLE = FIXTURES / "states" / "rulebook_example.json"


def test_odds_output() -> None:
    result = CliRunner().invoke(cli, ["odds", "sgrunt", "--attack", "2", "--defend", "1"])
    assert result.exit_code == 0
    assert result.output == (
        "sgrunt: 2 attacking boars (1 dice, card -) against 1 (1 dice, card -)\n"
        "first roll:\n"
        "  attacker loses 0, defender loses 1: 5/12 = 41.67%\n"
        "  attacker loses 1, defender loses 0: 7/12 = 58.33%\n"
        "whole battle (the attacker rolls while it has 2 or more boars):\n"
        "  outcome                       exact fraction  percentage\n"
        "  conquest                      5/12                41.67%\n"
        "  conquered with 2 boars left   5/12                41.67%\n"
        "  stopped with 1 defender left  7/12                58.33%\n")


def test_odds_json_gives_percentages_beside_the_exact_fractions() -> None:
    result = CliRunner().invoke(cli, ["odds", "sgrunt", "--attack", "2", "--defend", "1",
                                      "--json"])
    assert result.exit_code == 0
    data = json.loads(result.output)
    assert data["conquest"] == {"fraction": "5/12", "decimal": 5 / 12, "percent": 500 / 12}
    assert [(o["fraction"], o["percent"]) for o in data["outcomes"]] == [
        ("5/12", 500 / 12), ("7/12", 700 / 12)]
    assert [p["percent"] for p in data["first_roll"]] == [500 / 12, 700 / 12]


def test_odds_json_with_cards() -> None:
    result = CliRunner().invoke(cli, ["odds", "sgrunt", "--attack", "4", "--defend", "2",
                                      "--attacker-card", "Carica", "--json"])
    assert result.exit_code == 0
    data = json.loads(result.output)
    assert data["attacker_card"] == "Carica"
    assert sum(Fraction(p["fraction"]) for p in data["outcomes"]) == 1
    assert Fraction(data["conquest"]["fraction"]) > Fraction(2890, 7776)


def test_odds_rejects_a_card_without_dice_bonus() -> None:
    result = CliRunner().invoke(cli, ["odds", "sgrunt", "--attack", "3", "--defend", "2",
                                      "--defender-card", "zannata"])
    assert result.exit_code == 2
    assert "no card 'zannata' gives the defender a dice bonus: choose from barricata, " \
           "scorza_dura" in result.output


def test_odds_needs_two_attacking_boars() -> None:
    result = CliRunner().invoke(cli, ["odds", "sgrunt", "--attack", "1", "--defend", "2"])
    assert result.exit_code == 2


def test_score_reproduces_the_rulebook_example() -> None:
    """9 objective territories held, worth 39 points, plus 2 points per conquest."""
    result = CliRunner().invoke(cli, ["score", "sgrunt", str(EXAMPLE), "--json"])
    assert result.exit_code == 0
    winner = json.loads(result.output)["ranking"][0]
    assert winner["faction"] == "apixedda"
    assert len(winner["held_objective_territories"]) == 9
    assert winner["objective_points"] == 39
    assert winner["conquest_points"] == 10 and winner["total"] == 49
    assert not winner["objective_complete"]


def test_score_text_first_lines() -> None:
    result = CliRunner().invoke(cli, ["score", "sgrunt", str(EXAMPLE)])
    assert result.exit_code == 0
    assert result.output.splitlines()[0] == (
        "1. apixedda: 49 points (objective 39 + conquests 5 x 2 = 10); "
        "tiebreak: 9 territories, 18 boars")


def test_score_reports_unknown_ids_at_their_pointer(tmp_path: Path) -> None:
    state = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    state["players"][0]["objective"] = "obiettivo_99"
    state["territories"]["nura"] = state["territories"].pop("nurra")
    path = tmp_path / "state.json"
    path.write_text(json.dumps(state, indent=2), encoding="utf-8")
    result = CliRunner().invoke(cli, ["score", "sgrunt", str(path)])
    assert result.exit_code == 1
    lines = result.output.splitlines()
    assert any(line.endswith("/territories/nura: unknown territory 'nura' "
                             "(did you mean 'nurra'?)") for line in lines)
    assert any("/players/0/objective: unknown objective 'obiettivo_99'" in line
               for line in lines)
    assert "Traceback" not in result.output


def test_score_malformed_state(tmp_path: Path) -> None:
    path = tmp_path / "state.json"
    path.write_text('{"territories": {', encoding="utf-8")
    result = CliRunner().invoke(cli, ["score", "sgrunt", str(path)])
    assert result.exit_code == 1
    assert "malformed JSON" in result.output


def test_odds_bounds_the_counts() -> None:
    result = CliRunner().invoke(cli, ["odds", "sgrunt", "--attack", "1001", "--defend", "2"])
    assert result.exit_code == 2
    assert "1001 is not in the range 1<=x<=1000" in result.output
    help_text = CliRunner().invoke(cli, ["odds", "--help"]).output
    assert help_text.count("[1<=x<=1000]") == 2


def test_odds_with_declared_defence_dice() -> None:
    result = CliRunner().invoke(cli, ["odds", "sgrunt", "--attack", "4", "--defend", "3",
                                      "--defender-dice", "1"])
    assert result.exit_code == 0
    assert result.output.splitlines()[:4] == [
        "sgrunt: 4 attacking boars (3 dice, card -) against 3 (1 dice, declaring 1, card -)",
        "first roll:",
        "  attacker loses 0, defender loses 1: 95/144 = 65.97%",
        "  attacker loses 1, defender loses 0: 49/144 = 34.03%"]
    bad = CliRunner().invoke(cli, ["odds", "sgrunt", "--attack", "4", "--defend", "3",
                                   "--defender-dice", "4"])
    assert bad.exit_code == 2
    assert "--defender-dice takes 1 to 3 or 'max', not '4'" in bad.output


def test_odds_shortens_long_fractions_but_json_keeps_them_whole() -> None:
    text = CliRunner().invoke(cli, ["odds", "sgrunt", "--attack", "300", "--defend", "300"])
    assert text.exit_code == 0
    lines = text.output.splitlines()
    assert lines[7:10] == [
        "  outcome                          exact fraction          percentage",
        "  conquest                         (too long: see --json)  0.0000148%",
        "  conquered with 300 boars left    (too long: see --json)   7.29e-85%"]
    data = json.loads(CliRunner().invoke(cli, ["odds", "sgrunt", "--attack", "300",
                                               "--defend", "300", "--json"]).output)
    conquest = Fraction(data["conquest"]["fraction"])
    assert f"{float(conquest):.4e}" == "1.4788e-07"
    assert len(data["conquest"]["fraction"]) > 1000
    assert f"{data['conquest']['percent']:.2e}" == "1.48e-05"
    assert sum(Fraction(o["fraction"]) for o in data["outcomes"]) == 1
