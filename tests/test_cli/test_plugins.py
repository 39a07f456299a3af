"""A ruleset installed from another package: checked, built and diffed with no edit to
stamperia. The package is tests/fixtures/tiny_ruleset/tinyrules; installing it means
putting it on the path with distribution metadata that declares its entry point, which
is exactly what pip leaves behind."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pypdfium2
import pytest
from click.testing import CliRunner
from pluginfixtures import FIXTURE, forget, install

from stamperia.cli import cli
from stamperia.content.rulesets.registry import plugins

GAME = FIXTURE / "game"


@pytest.fixture
def installed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    install(tmp_path, monkeypatch, {"tiny_tokens": "tinyrules.content_plugin:PLUGIN"})
    yield tmp_path
    forget()


def test_without_the_package_the_ruleset_is_unknown() -> None:
    result = CliRunner().invoke(cli, ["check", str(GAME)])
    assert result.exit_code == 1
    assert "unknown part kind 'tiny_tokens'" in result.output
    assert "tiny_tokens" not in plugins()


def test_an_installed_ruleset_is_found_through_its_entry_point(installed: Path) -> None:
    assert "tiny_tokens" in plugins()
    assert set(plugins()) >= {"conquest", "iwari", "splut", "warland", "tiny_tokens"}


def test_check_runs_the_plugin_checker(installed: Path) -> None:
    result = CliRunner().invoke(cli, ["check", str(GAME)])
    assert result.exit_code == 0, result.output
    assert "tiny_tokens_game: 10 tokens on one sheet" in result.output
    assert result.output.endswith("checked 1 game(s): 0 error(s), 0 warning(s)\n")


def test_the_plugin_checker_reports_problems(installed: Path, tmp_path: Path) -> None:
    game = tmp_path / "game"
    (game / "strings").mkdir(parents=True)
    for name in ("game.json", "strings/it.json"):
        (game / name).write_text((GAME / name).read_text())
    tokens = json.loads((GAME / "tokens.json").read_text())
    tokens["tokens"][0]["count"] = 40
    (game / "tokens.json").write_text(json.dumps(tokens, indent=2))
    result = CliRunner().invoke(cli, ["check", str(game)])
    assert result.exit_code == 1
    assert "tokens.json:3: /tokens: 44 tokens do not fit one sheet of 40" in result.output


def test_build_writes_the_plugin_kit(installed: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    result = CliRunner().invoke(cli, ["build", str(GAME), "--out", str(out)])
    assert result.exit_code == 0, result.output
    folder = out / "tiny_tokens_game" / "it"
    assert sorted(p.name for p in folder.iterdir()) == ["guide.pdf", "tokens.pdf"]
    manifest = json.loads((out / "tiny_tokens_game" / "manifest.json").read_text())
    assert [f["path"] for f in manifest["files"]] == ["it/guide.pdf", "it/tokens.pdf"]
    page = pypdfium2.PdfDocument(folder / "tokens.pdf")[0]
    assert page.get_textpage().get_text_range().startswith("Foglio dei gettoni")


def test_the_plugin_kit_brings_its_own_words(installed: Path, tmp_path: Path) -> None:
    """The kit's words ship in its package, not in a stamperia catalogue; a game's strings
    may restate them as `ui.` keys, and check knows them as the kit's."""
    from stamperia.content.loader import load_game
    from stamperia.generator.kitwords import kit_words

    words = kit_words(load_game(str(GAME))).source
    assert {k: v for k, v in words.items() if k.startswith("ui.tiny")
            } == {"ui.tiny.sheet_title": "Foglio dei gettoni"}
    game = tmp_path / "game"
    shutil.copytree(GAME, game)
    strings = json.loads((game / "strings" / "it.json").read_text())
    strings["ui"] = {"tiny": {"sheet_title": "Gettoni da ritagliare"}}
    (game / "strings" / "it.json").write_text(json.dumps(strings))
    checked = CliRunner().invoke(cli, ["check", str(game)])
    assert checked.output.endswith("0 error(s), 0 warning(s)\n"), checked.output
    out = tmp_path / "out"
    assert CliRunner().invoke(cli, ["build", str(game), "--out", str(out)]).exit_code == 0
    page = pypdfium2.PdfDocument(out / "tiny_tokens_game" / "it" / "tokens.pdf")[0]
    assert page.get_textpage().get_text_range().startswith("Gettoni da ritagliare")


def test_schema_and_diff_cover_the_plugin(installed: Path, tmp_path: Path) -> None:
    listed = CliRunner().invoke(cli, ["schema"])
    assert "tiny_tokens" in listed.output.split()
    copy = tmp_path / "copy"
    (copy / "strings").mkdir(parents=True)
    (copy / "strings/it.json").write_text((GAME / "strings/it.json").read_text())
    (copy / "game.json").write_text((GAME / "game.json").read_text())
    (copy / "tokens.json").write_text((GAME / "tokens.json").read_text().replace(
        '"count": 4', '"count": 5'))
    result = CliRunner().invoke(cli, ["diff", str(GAME), str(copy)])
    assert result.exit_code == 0, result.output
    assert "  changed  token legno: count 4 -> 5" in result.output.splitlines()


def test_simulate_and_replay_play_the_plugin_engine(installed: Path, tmp_path: Path) -> None:
    """The publisher's engine subclasses the public Engine in plain Python; the shared loop
    (compiled where the install is) plays and replays it through its native host."""
    record = tmp_path / "games.jsonl"
    result = CliRunner().invoke(cli, ["simulate", str(GAME), "--players", "2", "--games", "20",
                                      "--seed", "1", "--blocks", "1", "--record", str(record)])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0].endswith("game: 20 game(s), 2 players, agents random, seed 1")
    assert lines[2:6] == ["ends: last_token 20 (100.0%)",
                          "length in turns: mean 5.5, median 5, min 4, max 8",
                          "win rate by seat (fair share 50.0%):", "  1: 65.0% (43%-82%) of 20"]
    moves = [json.loads(line) for line in record.read_text().splitlines()
             if '"move"' in line]
    assert {m["move"] for m in moves} == {"take 1", "take 2", "take 3"}
    replayed = CliRunner().invoke(cli, ["replay", str(GAME), str(record)])
    assert replayed.exit_code == 0, replayed.output
    assert [line.split(": ")[1] for line in replayed.output.splitlines()] == ["same"] * 20


def test_new_starts_a_game_from_the_plugins_template(installed: Path, tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """The template ships in the publisher's package (RulesetPlugin.templates), and `new`
    lists it with the shipped ones and copies the schemas its files name, the plug-in's
    included."""
    monkeypatch.chdir(tmp_path)
    unknown = CliRunner().invoke(cli, ["new", "chips", "--template", "chess"])
    assert unknown.output.splitlines()[-1] == (
        "Error: Invalid value for --template: 'chess' is no template: choose from cards, "
        "conquest, iwari, splut, tiny_tokens, warland")
    result = CliRunner().invoke(cli, ["new", "chips", "--template", "tiny_tokens",
                                      "--publisher", "Ditta Rossi"])
    assert result.output == ("wrote chips/ from the 'tiny_tokens' template\n"
                             "next: stamperia check chips && stamperia build chips\n")
    game = tmp_path / "chips"
    assert sorted(p.relative_to(game).as_posix() for p in game.rglob("*") if p.is_file()) == [
        "README.md", "game.json", "schemas/game.schema.json", "schemas/strings.schema.json",
        "schemas/tiny_tokens.schema.json", "strings/it.json", "tokens.json"]
    assert json.loads((game / "game.json").read_text())["publisher"] == "Ditta Rossi"
    assert (game / "README.md").read_text().startswith("# Chips\n")
    checked = CliRunner().invoke(cli, ["check", "chips"])
    assert checked.output.endswith("checked 1 game(s): 0 error(s), 0 warning(s)\n"), \
        checked.output
