"""stamperia sweep: variants of the content, the same seeds, content errors named."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from stamperia.cli import cli

SPLUT = ["sweep", "splut", "--players", "2", "--games", "6", "--seed", "5"]


def _sweep(*extra: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, [*SPLUT, *extra])
    return result.exit_code, result.output


def test_sweep_json_is_the_same_bytes_for_a_seed_and_any_workers() -> None:
    args = ("--vary", "board.json#/move_cap_turns=5,400", "--json")
    code, first = _sweep(*args)
    assert code == 0, first
    assert _sweep(*args) == (0, first)
    assert _sweep(*args, "--workers", "2") == (0, first)
    data = json.loads(first)
    assert [v["set"] for v in data["variants"]] == [
        {"board.json#/move_cap_turns": 5}, {"board.json#/move_cap_turns": 400}]
    capped, full = (v["metrics"]["timeouts"]["value"] for v in data["variants"])
    assert capped > full == 0.0


def test_a_variant_with_the_same_values_gives_the_same_games() -> None:
    """Common random numbers: the seeds do not depend on the variant."""
    code, output = _sweep("--vary", "splut_board#/move_cap_turns=400,400", "--json")
    first, second = json.loads(output)["variants"]
    assert code == 0
    assert first["metrics"] == second["metrics"]


@pytest.mark.parametrize(("target", "message"), [
    ("board.json#/move_cap_turns=\"x\",5",
     'variant board.json#/move_cap_turns="x":\n'
     "content/games/splut/board.json:33: /move_cap_turns: 'x' is not of type 'integer'\n"),
    ("board.json#/no_such/0=1",
     "variant board.json#/no_such/0=1:\n"
     "content/games/splut/board.json:1: /: board.json#/no_such/0: the pointer does not "
     "resolve (nothing at 'no_such' here) (a sweep changes values that exist)\n"),
])
def test_a_broken_variant_is_a_content_error_naming_it(target: str, message: str) -> None:
    code, output = _sweep("--vary", target)
    assert code == 1
    assert output == message + "splut: fix the problems above\n"


@pytest.mark.parametrize(("target", "message"), [
    ("move_cap_turns=5", "Error: Invalid value for --vary: 'move_cap_turns': a target is "
                         "FILE#/json/pointer, e.g. objectives.json#/cards/0/entries/0/value "
                         "or game.json#/setup/starting_hand\n"),
    ("board.json#/move_cap_turns", "Error: Invalid value for --vary: "
                                   "'board.json#/move_cap_turns': give values, as "
                                   "FILE#/pointer=V1,V2,...\n"),
])
def test_bad_targets_are_usage_errors(target: str, message: str) -> None:
    code, output = _sweep("--vary", target)
    assert code == 2
    assert output.endswith(message)


def test_sweep_html(tmp_path: Path) -> None:
    page = tmp_path / "sweep.html"
    code, output = _sweep("--vary", "board.json#/move_cap_turns=5,400", "--html", str(page))
    assert code == 0, output
    text = page.read_text(encoding="utf-8")
    assert text.count("<svg ") == 2 and "<script" not in text
    assert "<code>board.json#/move_cap_turns=5</code>" in text


TINY = ["sweep", "tiny", "--players", "2", "--games", "40", "--seed", "1", "--agents",
        "greedy", "--target", "balance"]
HAND = "game.json#/setup/starting_hand"


def _target(*extra: str) -> tuple[int, list[str]]:
    result = CliRunner().invoke(cli, [*TINY, *extra])
    return result.exit_code, result.output.splitlines()


def test_balance_search_bisects_to_the_first_fair_value(tiny: Path) -> None:
    """Seat 1 wins nearly every game with no starting hand; the search plays both ends, then
    halves the range until seat 1 is no longer flagged. (The tiny deck of 4 action cards
    cannot deal a hand of 5: that value is a content error, so the range stops at 4.)"""
    code, lines = _target("--vary", f"{HAND}=0..4")
    assert code == 0, lines
    assert lines[:-1] == [
        f"tiny: balance search over {HAND} (5 value(s)), 40 game(s) per value, 2 players, "
        "agents greedy, seed 1 (the same game seeds for every value)",
        "following seat 1, the furthest from its fair share at the first value",
        "tried 0: seat 1 95.0%, seat 2 5.0%: flagged seat 1, seat 2",
        "tried 4: seat 1 42.5%, seat 2 57.5%: balanced",
        "tried 2: seat 1 77.5%, seat 2 22.5%: flagged seat 1, seat 2",
        "tried 3: seat 1 55.0%, seat 2 45.0%: balanced",
        f"found: {HAND}=3 (the first value, in list order, where no seat is flagged)",
        "  1: 55.0% (40%-69%) of 40",
        "  2: 45.0% (31%-60%) of 40"]
    assert re.fullmatch(r"cost: 4 of 5 value\(s\) played, 160 games, \d+\.\d s", lines[-1])


def test_balance_search_says_when_the_range_holds_no_fair_value(tiny: Path) -> None:
    code, lines = _target("--vary", f"{HAND}=2..0")
    assert code == 0
    assert lines[2:5] == [
        "tried 2: seat 1 77.5%, seat 2 22.5%: flagged seat 1, seat 2",
        "tried 0: seat 1 95.0%, seat 2 5.0%: flagged seat 1, seat 2",
        "not found: seat 1 stays above its fair share at both ends of the range: widen it"]
    code, lines = _target("--vary", f"{HAND}=3,0")
    assert lines[2:4] == ["tried 3: seat 1 55.0%, seat 2 45.0%: balanced",
                          f"found: {HAND}=3 (already balanced at the first value)"]


def test_balance_search_json_is_the_same_bytes_for_any_workers(tiny: Path) -> None:
    first = CliRunner().invoke(cli, [*TINY, "--vary", f"{HAND}=0..4", "--json"])
    again = CliRunner().invoke(cli, [*TINY, "--vary", f"{HAND}=0..4", "--json",
                                     "--workers", "2"])
    assert first.exit_code == 0, first.output
    assert again.output == first.output
    data = json.loads(first.output)
    assert [(t["value"], t["balanced"]) for t in data["tried"]] == [
        (0, False), (4, True), (2, False), (3, True)]
    assert (data["found"], data["games_played"], data["axis"]) == (
        3, 160, {"target": HAND, "values": 5})


@pytest.mark.parametrize(("extra", "message"), [
    (("--vary", f"{HAND}=0..4", "--vary", "game.json#/turns/base=1,2", "--html", "x.html"),
     "Error: --target writes no HTML page: drop --html"),
    (("--vary", f"{HAND}=0..4", "--html", "x.html"),
     "Error: --target writes no HTML page: drop --html"),
    (("--vary", f"{HAND}=0..20000"),
     f"Error: Invalid value for --vary: '{HAND}=0..20000': at most 10,000 values in a "
     "range"),
])
def test_balance_search_usage_errors(tiny: Path, extra: tuple[str, ...], message: str) -> None:
    code, lines = _target(*extra)
    assert code == 2
    assert lines[-1] == message


def test_a_value_the_rules_cannot_set_up_is_a_content_error_naming_it(tiny: Path) -> None:
    """A starting hand of 5 from a deck of 4: refused before play, as `check` would."""
    code, lines = _target("--vary", f"{HAND}=0..5")
    assert code == 1
    assert lines == [f"variant {HAND}=5:",
                     "tiny/game.json:31: /setup/starting_hand: a starting hand of 5 needs that "
                     "many action cards, the deck has 4",
                     "tiny: fix the problems above"]


def test_the_earlier_option_names_still_work() -> None:
    """`--set` and `--scheduler` were the options' first names; scripts may use them."""
    assert _sweep("--set", "board.json#/move_cap_turns=5,400", "--json") == _sweep(
        "--vary", "board.json#/move_cap_turns=5,400", "--json")
