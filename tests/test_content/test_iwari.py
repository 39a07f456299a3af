"""The shipped IWARI content: components as the rulebook counts them, maps that check clean,
and every map rule of `stamperia check` caught on a broken copy."""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from stamperia.content.loader import load_game
from stamperia.content.model import Game
from stamperia.content.rulesets.iwari.model import IwariMaps, IwariSet
from stamperia.rules.registry import check_game

SHIPPED = Path(__file__).parents[2] / "content" / "games" / "iwari"


@pytest.fixture(scope="module")
def iwari() -> Game:
    return load_game("iwari")


def test_components_as_the_rulebook_counts_them(iwari: Game) -> None:
    components = iwari.part(IwariSet)
    assert {b.id: b.cards for b in components.biomes} == {
        "tundra": 13, "forest": 12, "glacier": 11, "coast": 11, "desert": 10}
    assert sum(b.cards for b in components.biomes) == 57
    assert (components.tents, components.totems, components.playable_tents) == (21, 8, 20)
    assert sorted((f.id, f.copies) for f in components.feats) == [
        ("onore", 1), ("rispetto", 1), ("scoperta", 2), ("unione", 2)]
    assert [components.multiplier(n) for n in range(6)] == [1, 2, 3, 4, 5, 5]
    assert (components.territory_markers, components.reference_cards, components.mountains) == (
        12, 5, 4)
    assert iwari.players == (2, 5)


def test_both_sides_are_prototype_and_check_clean(iwari: Game) -> None:
    maps = iwari.part(IwariMaps)
    assert [s.id for s in maps.sides] == ["nuovi_orizzonti", "vaste_terre"]
    assert all(s.prototype for s in maps.sides)
    report = check_game(iwari)
    assert report.problems == ()
    assert any("simulated tribe" in note for note in report.notes)


def broken(tmp_path: Path, change: Callable[[dict[str, Any]], None]) -> list[str]:
    folder = tmp_path / "iwari"
    shutil.copytree(SHIPPED, folder)
    maps = json.loads((folder / "maps.json").read_text())
    change(maps["sides"][0])
    (folder / "maps.json").write_text(json.dumps(maps, indent=1))
    return [p.message for p in check_game(load_game(str(folder))).problems]


def _gap(side: dict[str, Any]) -> None:
    side["connections"][-1]["number"] += 1


def _self(side: dict[str, Any]) -> None:
    side["connections"][0]["between"][1] = side["connections"][0]["between"][0]


def _dry_water(side: dict[str, Any]) -> None:
    side["water"] = []


def _far_land(side: dict[str, Any]) -> None:
    water = next(c for c in side["connections"] if c["kind"] == "water")
    water["kind"] = "land"


def _mountain(side: dict[str, Any]) -> None:
    side["mountain_pairs"][0]["connections"][0] = 99


def _no_link(side: dict[str, Any]) -> None:
    cut = side["territories"][-1]["id"]
    side["connections"] = [c for c in side["connections"] if cut not in c["between"]]
    for number, connection in enumerate(side["connections"], start=1):
        connection["number"] = number
    side["mountain_pairs"] = [{"symbols": s, "connections": [1 + 2 * (s - 1), 2 + 2 * (s - 1)]}
                              for s in range(1, 5)]


def _few_tents(side: dict[str, Any]) -> None:
    side["territories"][0]["tents"] = side["territories"][0]["tents"][:2]
    side["paths"] = [p for p in side["paths"]
                     if not any(s.startswith(side["territories"][0]["id"] + "/")
                                for s in p["between"])]


def _far_path(side: dict[str, Any]) -> None:
    first = side["territories"][0]["id"]
    last = side["territories"][-1]["id"]
    side["paths"].append({"between": [f"{first}/1", f"{last}/1"]})


def _totem_on_tent(side: dict[str, Any]) -> None:
    side["territories"][0]["totem"] = side["territories"][0]["tents"][0]


@pytest.mark.parametrize(("change", "expected"), [
    (_gap, "connections must be numbered 1..N without gaps or repeats"),
    (_self, "to itself"),
    (_dry_water, "touches no water"),
    (_far_land, "do not touch"),
    (_mountain, "no connection 99 on this side"),
    (_no_link, "cannot be reached through any connection"),
    (_few_tents, "2 tent spaces, the limits are 3..10"),
    (_far_path, "not in neighbouring cells"),
    (_totem_on_tent, "the totem space is also a tent space"),
])
def test_map_rules_are_checked(tmp_path: Path, change: Callable[[dict[str, Any]], None],
                               expected: str) -> None:
    messages = broken(tmp_path, change)
    assert any(expected in m for m in messages), messages


def test_a_path_to_an_unknown_space_is_a_content_error(tmp_path: Path) -> None:
    from stamperia.content.errors import ContentProblems

    def change(side: dict[str, Any]) -> None:
        side["paths"][0]["between"][0] = "nowhere/1"

    with pytest.raises(ContentProblems) as caught:
        broken(tmp_path, change)
    assert "unknown tent space 'nowhere/1'" in caught.value.problems[0].message
