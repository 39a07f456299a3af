"""From a flag to a fix: the places that drive a label's wins, and the edit proposed for
the strongest, found in the content by the label's id."""

from __future__ import annotations

import pytest

from stamperia.content.loader import load_game
from stamperia.rules.simulation.result import GameResult, SeatResult
from stamperia.rules.verdict.drivers import drivers
from stamperia.rules.verdict.fix import propose


def _game(first_holds: tuple[str, ...], first_wins: bool) -> GameResult:
    seats = (SeatResult({"objective": "strong"}, holds=first_holds),
             SeatResult({"objective": "other"}, holds=("b",)))
    return GameResult(seats, (0,) if first_wins else (1,), "points", 10, 100)


def test_the_place_held_when_the_card_wins_drives_it() -> None:
    # "a" held in 20 games (won 18), not held in 20 (won 4); "c" held always: not judged
    results = ([_game(("a", "c"), True)] * 18 + [_game(("a", "c"), False)] * 2
               + [_game(("c",), True)] * 4 + [_game(("c",), False)] * 16)
    found = drivers(results, "objective", "strong")
    assert [d.place for d in found] == ["a"]
    assert (found[0].held, found[0].not_held) == (20, 20)
    assert found[0].lift == pytest.approx(0.9 - 0.2)
    assert found[0].words({"a": "Anglona"}) == (
        "Anglona: wins 90% of 20 games held, 20% of 20 not held (+70 points)")
    assert drivers(results, "objective", "other") == []  # "b" is always held


def test_the_edit_is_the_value_of_the_place_on_the_card() -> None:
    game = load_game("sgrunt")
    lower = propose(game, "obiettivo_14", "barbagia_di_nuoro", 1 / 2)  # twice its share
    assert lower is not None
    assert (lower.target, lower.current, lower.proposed) == (
        "objectives.json#/cards/13/territories/2/value", 6, 3)
    assert lower.command("sgrunt", 3, 400, "greedy", 1) == (
        "stamperia sweep sgrunt --vary 'objectives.json#/cards/13/territories/2/value=6,3' "
        "--players 3 --games 400 --agents greedy --seed 1")
    higher = propose(game, "obiettivo_14", "barbagia_di_nuoro", 1.5)
    assert higher is not None and higher.proposed == 9
    slight = propose(game, "obiettivo_14", "mandrolisai", 0.9)  # 2 * 0.9 rounds to 2: by 1
    assert slight is not None and slight.proposed == 1
    assert propose(game, "obiettivo_14", "meilogu", 0.5) is None  # not on the card
    assert propose(game, "no_such_card", "barbagia_di_nuoro", 0.5) is None
