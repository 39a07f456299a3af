"""`stamperia odds GAME` takes the options GAME's ruleset declares (its OddsTool): the CLI
builds them per invocation from the plug-in, so it knows no ruleset's words, and a
publisher's ruleset answers odds with options of its own."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner
from pluginfixtures import FIXTURE, forget, install

from stamperia.cli import cli
from stamperia.content.editions.resolve import declared_ruleset

USAGE = "Usage: stamperia odds [OPTIONS] GAME\nTry 'stamperia odds --help' for help.\n\n"
PREAMBLE = ("Usage: stamperia odds [OPTIONS] GAME\n\n"
            "  Exact odds of a battle in GAME, as fractions with their percentages.\n\n"
            "  Its other options are those of GAME's ruleset: `stamperia odds GAME --help`\n"
            "  lists them.\n\n")


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, list(args), prog_name="stamperia")
    assert "Traceback" not in result.output
    return result.exit_code, result.output


def test_a_games_help_shows_its_rulesets_options_alone() -> None:
    assert run("odds", "warland", "--help") == (0, PREAMBLE + (
        "  warland plays by the 'warland' ruleset. Building and soldier fights:\n"
        "  --strength S and either --resistance R or --against S2.\n\n"
        "Options:\n"
        "  --strength INTEGER RANGE  Strength of the attacking soldier(s), 1..100.\n"
        "                            [1<=x<=100]\n"
        "  --resistance TEXT         Resistance to beat: a number or a building id/name.\n"
        "  --against INTEGER RANGE   Strength of the defending soldier(s), 1..100.\n"
        "                            [1<=x<=100]\n"
        "  --json                    Machine-readable output.\n"
        "  -h, --help                Show this message and exit.\n"))
    code, output = run("odds", "-h", "sgrunt")
    assert code == 0 and "--attack INTEGER RANGE" in output and "--strength" not in output
    assert run("odds", "sgrunt", "--strength", "2", "--help") == (code, output)


def test_the_help_without_a_game_lists_every_ruleset_that_answers_odds() -> None:
    code, output = run("odds", "--help")
    assert code == 0 and output.startswith(PREAMBLE)
    assert [line for line in output.splitlines() if not line.startswith(" ")] == [
        "Usage: stamperia odds [OPTIONS] GAME", "", "", "", "Options:", "",
        "Options of conquest games (mugrugni, sgrunt):", "", "",
        "Options of warland games (warland):", ""]
    assert output.count("--attack INTEGER RANGE") == output.count("--strength INTEGER") == 1


def test_an_option_of_another_ruleset_is_refused_naming_the_games_own() -> None:
    assert run("odds", "sgrunt", "--attack", "3", "--defend", "2", "--against", "2") == (
        2, USAGE + "Error: No such option '--against': sgrunt plays by the 'conquest' "
        "ruleset, whose odds take --attack, --defend, --defender-dice, --attacker-card, "
        "--defender-card\n")
    assert run("odds", "warland", "--strength", "2", "--bogus", "1") == (
        2, USAGE + "Error: No such option '--bogus'.\n")


def test_the_options_may_come_before_the_game() -> None:
    after = run("odds", "sgrunt", "--attack", "3", "--defend", "2")
    assert after[0] == 0
    assert run("odds", "--attack", "3", "--defend=2", "--json", "--", "sgrunt")[1] == (
        run("odds", "sgrunt", "--attack", "3", "--defend", "2", "--json")[1])
    assert run("odds", "--attack", "3", "sgrunt", "--defend", "2") == after


def test_an_edition_takes_its_parents_rulesets_options(tmp_path: Path) -> None:
    edition = tmp_path / "genova"
    edition.mkdir()
    (edition / "game.json").write_text(json.dumps({"$schema": "../schemas/game.schema.json",
                                                   "id": "genova", "extends": "mugrugni"}))
    assert declared_ruleset(edition) == "conquest"
    code, output = run("odds", str(edition), "--attack", "3", "--defend", "2")
    assert (code, output.splitlines()[0]) == (
        0, "genova: 3 attacking boars (2 dice, card -) against 2 (2 dice, card -)")
    assert run("odds", str(edition), "--attack", "1001", "--defend", "2") == (
        2, USAGE + "Error: Invalid value for '--attack': 1001 is not in the range "
        "1<=x<=1000.\n")


def test_a_ruleset_without_odds_says_so_whatever_the_options() -> None:
    assert run("odds", "splut", "--attack", "3") == (
        2, USAGE + "Error: splut: the 'splut' ruleset has no odds\n")


def test_a_game_that_cannot_tell_its_ruleset_is_judged_as_before(tmp_path: Path) -> None:
    """Unknown games and unreadable manifests get every ruleset's options: bad values
    are refused first, then loading the game says what is wrong with it."""
    unknown = ("Error: unknown game 'nosuch': choose one of iwari, mugrugni, sgrunt, splut, "
               "warland, or give the path of a folder that holds a game.json\n")
    assert run("odds", "nosuch", "--strength", "2") == (2, USAGE + unknown)
    assert run("odds", "nosuch", "--attack", "0") == (
        2, USAGE + "Error: Invalid value for '--attack': 0 is not in the range 1<=x<=1000.\n")
    broken = tmp_path / "broken"
    broken.mkdir()
    (broken / "game.json").write_text("{ nope")
    code, output = run("odds", str(broken), "--attack", "3", "--defend", "2")
    assert code == 1 and output.endswith(f"{broken}: fix the problems above\n")


@pytest.fixture
def tiny(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    install(tmp_path, monkeypatch, {"tiny_tokens": "tinyrules.content_plugin:PLUGIN"})
    monkeypatch.chdir(FIXTURE)
    yield "game"
    forget()


def test_a_plugin_answers_odds_with_its_own_options(tiny: str) -> None:
    """With 4 tokens left the mover wins 1/3: whatever it takes, the random reply leaves
    it a position it wins half the time (2 or 3 left) or loses at once (1 left)."""
    assert run("odds", tiny, "--left", "4") == (
        0, "tiny_tokens_game: 4 tokens left, both taking at random: the player to move "
           "wins 1/3 = 0.3333\n")
    code, output = run("odds", tiny, "--left", "1", "--json")
    assert json.loads(output) == {"game": "tiny_tokens_game", "left": 1,
                                  "wins": {"fraction": "1/1", "decimal": 1.0}}
    assert run("odds", tiny, "--left", "41") == (
        2, USAGE + "Error: Invalid value for '--left': 41 is not in the range 1<=x<=40.\n")
    assert run("odds", tiny, "--left", "11") == (
        2, USAGE + "Error: Invalid value for --left: the sheet holds 10 tokens\n")
    assert run("odds", tiny, "--attack", "3") == (
        2, USAGE + "Error: No such option '--attack': game plays by the 'tiny_tokens' "
        "ruleset, whose odds take --left\n")
    code, output = run("odds", tiny, "--help")
    assert "  game plays by the 'tiny_tokens' ruleset. Endgames: --left N tokens on the\n" \
           in output
    assert "  --left INTEGER RANGE  Tokens left on the sheet, 1 to 40.  [1<=x<=40]\n" in output
    code, output = run("odds", "--help")
    assert "Options of tiny_tokens games:\n  Endgames: --left N tokens" in output
