"""`stamperia simulate` and `stamperia replay`: report shape, reproducibility, bad input."""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from stamperia.cli import cli
from stamperia.content.locate import game_folder

TIMING = ("seconds", "games_per_second", "steps_per_second", "workers")


def _report(*extra: str) -> dict[str, object]:
    result = CliRunner().invoke(cli, ["simulate", "sgrunt", "--players", "3", "--games", "6",
                                      "--seed", "11", "--json", *extra])
    assert result.exit_code == 0, result.output
    report: dict[str, object] = json.loads(result.output)
    return report


def test_json_report_shape() -> None:
    report = _report("--agents", "greedy,random,random")
    assert report["games"] == 6 and report["seed"] == 11 and report["players"] == 3
    assert isinstance(report["games_per_second"], float)
    groups = {row["group"] for row in report["win_rates"]}  # type: ignore[attr-defined]
    assert groups == {"seat", "agent", "faction", "objective"}
    assert set(report["mean_score_parts"]) == {"objective", "conquests"}  # type: ignore[arg-type]
    assert sum(report["ends"].values()) == 6  # type: ignore[attr-defined]
    assert any(k.startswith("event.") for k in report["counters"])  # type: ignore[attr-defined]


@pytest.mark.slow
def test_same_seed_same_report_for_any_number_of_workers() -> None:
    one, two = _report(), _report("--workers", "2")
    for key in TIMING:
        one.pop(key)
        two.pop(key)
    assert one == two


def test_same_seed_same_report_in_process() -> None:
    one, two = _report(), _report()
    for key in TIMING:
        one.pop(key)
        two.pop(key)
    assert one == two


def test_record_then_replay(tmp_path: Path) -> None:
    record = tmp_path / "games.jsonl"
    runner = CliRunner()
    result = runner.invoke(cli, ["simulate", "mugrugni", "--players", "4", "--games", "2",
                                 "--seed", "3", "--record", str(record), "--json"])
    assert result.exit_code == 0, result.output
    replayed = runner.invoke(cli, ["replay", "mugrugni", str(record)])
    assert replayed.exit_code == 0, replayed.output
    lines = replayed.output.splitlines()
    assert len(lines) == 2 and all(line.startswith(f"game {i}: same: end ")
                                   for i, line in enumerate(lines))


def _replay_changed(tmp_path: Path, line: int, change: Callable[[str], str]) -> Result:
    """Record one 3-player SGRUNT game, change one line of the file, replay it."""
    record = tmp_path / "games.jsonl"
    runner = CliRunner()
    runner.invoke(cli, ["simulate", "sgrunt", "--players", "3", "--games", "1",
                        "--record", str(record)])
    lines = record.read_text().splitlines()
    lines[line] = change(lines[line])
    record.write_text("\n".join(lines) + "\n")
    return runner.invoke(cli, ["replay", "sgrunt", str(record)])


def test_a_record_reads_like_a_game(tmp_path: Path) -> None:
    """Header, the engine's setup line, then one line per decision in move notation."""
    record = tmp_path / "games.jsonl"
    CliRunner().invoke(cli, ["simulate", "sgrunt", "--players", "3", "--games", "1",
                             "--seed", "3", "--record", str(record)])
    lines = record.read_text().splitlines()
    setup = json.loads(lines[1])
    assert list(setup) == ["game", "setup", "agents"]
    assert setup["agents"] == ["random"] * 3 and setup["setup"]["players"] == 3
    first = json.loads(lines[2])
    assert list(first) == ["game", "seat", "move"] and first["seat"] == 0
    assert first["move"].startswith("claim ")
    assert any(json.loads(line).get("move", "").startswith("attack ") for line in lines)


def test_a_tampered_record_is_reported(tmp_path: Path) -> None:
    result = _replay_changed(tmp_path, 4, lambda _: json.dumps(
        {"game": 0, "seat": 2, "move": "claim nowhere"}))
    assert result.exit_code == 1
    assert result.output.startswith("game 0: DIFFERENT: cannot replay: line 5: claim nowhere "
                                    "is not legal here (legal: claim ")


def test_a_record_with_a_wrong_seat_is_reported(tmp_path: Path) -> None:
    def other_seat(line: str) -> str:
        return json.dumps({**json.loads(line), "seat": 2})
    result = _replay_changed(tmp_path, 3, other_seat)
    assert result.exit_code == 1
    assert result.output.startswith('game 0: DIFFERENT: cannot replay: line 4: seat 1 is to '
                                    'move: expected {"seat": 1, "move": ...}')


def test_a_record_of_an_older_format_is_refused_with_what_to_do(tmp_path: Path) -> None:
    def older(line: str) -> str:
        return json.dumps({**json.loads(line), "record_format": 1})
    result = _replay_changed(tmp_path, 0, older)
    assert result.exit_code == 1
    assert result.output == ("game 0: DIFFERENT: cannot replay: line 1: a record of format 1;"
                             " this version replays format 2: record the games again\n")


@pytest.mark.parametrize(("args", "message"), [
    (["--players", "2"], "Error: sgrunt is for 3-5 players, not 2\n"),
    (["--players", "3", "--agents", "smart"],
     "Error: unknown agent 'smart': choose from random, greedy, mcts, heuristic\n"),
    (["--players", "3", "--agents", "greedy:5"],
     "Error: agent 'greedy' takes no option (got 'greedy:5')\n"),
    (["--players", "3", "--agents", "mcts:0"],
     "Error: agent 'mcts:0': the budget must be a whole number of playouts from 1 to "
     "100,000 (e.g. mcts:400 or mcts:250ms)\n"),
    (["--players", "3", "--agents", "mcts:-5ms"],
     "Error: agent 'mcts:-5ms': the budget must be a whole number of milliseconds from 1 "
     "to 60,000 (e.g. mcts:400 or mcts:250ms)\n"),
    (["--players", "3", "--agents", "random,greedy"],
     "Error: give one agent for every seat or 3 agents (one per seat), not 2\n"),
    (["--players", "3", "--variant", "fast"],
     "Error: unknown variant 'fast': this game has scorza_dura\n"),
])
def test_usage_errors(args: list[str], message: str) -> None:
    result = CliRunner().invoke(cli, ["simulate", "sgrunt", "--games", "1", *args])
    assert result.exit_code == 2
    assert result.output.endswith(message)


def test_records_carry_a_header_and_replay_notices_changed_content(tmp_path: Path) -> None:
    """The header names the game, the content's hash, the seed, the agents and a format;
    a replay on edited content still replays but says the content changed."""
    import shutil

    record = tmp_path / "games.jsonl"
    runner = CliRunner()
    played = runner.invoke(cli, ["simulate", "splut", "--players", "2", "--games", "1",
                                 "--seed", "4", "--record", str(record)])
    assert played.exit_code == 0, played.output
    header = json.loads(record.read_text().splitlines()[0])
    assert header["record_format"] == 2 and header["game_id"] == "splut"
    assert header["agents"] == ["random", "random"] and header["players"] == 2
    assert len(header["content_hash"]) == 16 and isinstance(header["seed"], int)
    same = runner.invoke(cli, ["replay", "splut", str(record)])
    assert same.exit_code == 0 and "content changed" not in same.output
    copy = tmp_path / "splut"
    shutil.copytree(game_folder("splut"), copy)
    strings = copy / "strings" / "en.json"
    strings.write_text(strings.read_text() + "\n")
    changed = runner.invoke(cli, ["replay", str(copy), str(record)])
    assert changed.exit_code == 0, changed.output
    assert changed.output.endswith("; the content changed since it was recorded\n")


def test_content_the_rules_cannot_seat_is_a_content_problem(tmp_path: Path) -> None:
    """Too few objective cards for the seats: exit 1 and the content error, as `check`
    gives it, not an engine's failure mid-game."""
    folder = tmp_path / "tiny"
    shutil.copytree(Path(__file__).parents[1] / "fixtures" / "tiny", folder)
    manifest = folder / "game.json"
    manifest.write_text(manifest.read_text().replace('"objectives_per_player": 1',
                                                     '"objectives_per_player": 2'))
    result = CliRunner().invoke(cli, ["simulate", str(folder), "--players", "2",
                                      "--games", "2"])
    assert result.exit_code == 1, result.output
    assert result.output == (
        f"{manifest}:33: /setup/objectives_per_player: 2 players need 4 objective cards, "
        f"there are 3\n{folder}: fix the problems above\n")


@pytest.mark.parametrize(("text", "message"), [
    ('{"game": 0, "x": ' + "[" * 100_000 + "]" * 100_000 + "}",
     "games.jsonl:1: not a game record line (nested too deep)"),
    ('{"game": 0, "x": "' + "a" * 1_000_001 + '"}',
     "games.jsonl:1: a record line of 1,000,022 characters; stamperia writes none over "
     "1,000,000"),
])
def test_a_record_line_too_deep_or_too_long_is_a_usage_error_at_its_line(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, text: str, message: str) -> None:
    monkeypatch.chdir(tmp_path)
    Path("games.jsonl").write_text(text + "\n", encoding="utf-8")
    result = CliRunner().invoke(cli, ["replay", "splut", "games.jsonl"])
    assert result.exit_code == 2
    assert result.output.splitlines()[-1] == f"Error: {message}"


def test_a_broken_game_is_said_before_the_rest_of_the_file_is_read(tmp_path: Path) -> None:
    """Games are replayed as their result line is read: a bad line after a broken game
    does not hide that game's outcome behind a file-wide error."""
    record = tmp_path / "games.jsonl"
    CliRunner().invoke(cli, ["simulate", "splut", "--players", "2", "--games", "2",
                             "--seed", "1", "--record", str(record)])
    lines = record.read_text(encoding="utf-8").splitlines()
    first_result = next(i for i, line in enumerate(lines) if '"result"' in line)
    lines.insert(first_result + 1, "not json")
    record.write_text("\n".join(lines) + "\n", encoding="utf-8")
    runner = CliRunner()
    result = runner.invoke(cli, ["replay", "splut", str(record)])
    assert result.exit_code == 2
    assert result.stdout.startswith("game 0: same: end ")
