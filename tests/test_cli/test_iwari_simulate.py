"""`stamperia simulate iwari` with the draft variant and feat choices, recorded and replayed."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from stamperia.cli import cli


def test_draft_variant_records_and_replays(tmp_path: Path) -> None:
    record = tmp_path / "games.jsonl"
    runner = CliRunner()
    result = runner.invoke(cli, ["simulate", "iwari", "--players", "3", "--games", "4",
                                 "--seed", "2", "--agents", "greedy,random,random",
                                 "--variant", "draft", "--blocks", "1", "--record", str(record),
                                 "--json"])
    assert result.exit_code == 0, result.output
    report = json.loads(result.output)
    assert report["variants"] == ["draft"] and report["games"] == 4
    lines = [json.loads(line) for line in record.read_text().splitlines()]
    setups = [line["setup"] for line in lines if "setup" in line]
    assert len(setups) == 4 and all(s["hands"] == [[], [], []] for s in setups)
    assert any(line.get("move", "").startswith("feat ") for line in lines)
    replayed = runner.invoke(cli, ["replay", "iwari", str(record)])
    assert replayed.exit_code == 0, replayed.output
    assert [line.split(": ")[1] for line in replayed.output.splitlines()] == ["same"] * 4


def test_unknown_variant_names_the_iwari_variants() -> None:
    result = CliRunner().invoke(cli, ["simulate", "iwari", "--players", "3", "--games", "1",
                                      "--variant", "drafting"])
    assert result.exit_code == 2
    assert result.output.endswith("Error: unknown variant 'drafting': this game has no_feats, "
                                  "second_side, draft\n")


def test_two_players_report_the_shared_tribe_as_a_third_seat_not_judged() -> None:
    """The simulated tribe is the game's own seat: shown, never judged; each player's fair
    share is what it leaves them (the players' wins over the two players)."""
    result = CliRunner().invoke(cli, ["simulate", "iwari", "--players", "2", "--games", "30",
                                      "--agents", "greedy,random", "--seed", "3", "--json",
                                      "--no-agent-check"])
    assert result.exit_code == 0, result.output
    report = json.loads(result.output)
    seats = [row for row in report["win_rates"] if row["group"] == "seat"]
    assert [row["value"] for row in seats] == ["1", "2", "3"]
    players_fair = (1 - seats[2]["wins"] / 30) / 2
    assert [row["fair"] for row in seats[:2]] == [round(players_fair, 4)] * 2
    assert seats[2]["game_seat"] and seats[2]["p"] is None and not seats[2]["flagged"]
    assert "game_seat" not in seats[0]
    assert report["ends"].get("simulated_tribe", 0) >= seats[2]["wins"] > 0
