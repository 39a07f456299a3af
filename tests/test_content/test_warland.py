"""WARLAND content: the published buildings exactly as facts.md lists them, and errors that
point at the file, line and pointer."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from stamperia.content.errors import ContentProblems
from stamperia.content.loader import load_game
from stamperia.content.rulesets.warland.buildings import Buildings, Recruit, ResourcesForFood
from stamperia.rules.registry import check_game

GAME = Path(__file__).parents[2] / "content" / "games" / "warland"

PUBLISHED = {
    # id: (tier, resistance, resources, food, brings)
    "castello": ("castle", 10, 5, 5, ()),
    "fattoria": ("basic", 5, 1, 7, (("abitante", 1, None),)),
    "casa_dei_taglialegna": ("basic", 5, 6, 0, (("abitante", 1, None),)),
    "casetta_del_pescatore": ("basic", 3, 0, 2, (("abitante", 1, None),)),
    "caserma": ("medium", 8, 2, 0, (("soldato", 1, 2),)),
    "cantiere_edile": ("medium", 8, 4, 0, (("carpentiere", 3, None),)),
    "forno": ("medium", 7, 0, 8, (("abitante", 3, None),)),
    "bazaar": ("advanced", 9, 0, 0, ()),
}


@pytest.fixture(scope="module")
def buildings() -> Buildings:
    return load_game("warland").part(Buildings)


def test_published_buildings(buildings: Buildings) -> None:
    for building_id, (tier, resistance, resources, food, brings) in PUBLISHED.items():
        b = buildings.building(building_id)
        assert (b.tier, b.resistance, b.cost, b.resources, b.food) == (
            tier, resistance, resistance, resources, food), building_id
        assert tuple((p.pawn, p.count, p.strength) for p in b.brings) == brings
        assert not b.prototype
    assert buildings.castle.hits_to_destroy == 2
    caserma = buildings.building("caserma").special
    assert caserma == (Recruit("soldato", 1, caserma[0].price),)  # type: ignore[union-attr]
    assert (caserma[0].price.coins, caserma[0].price.resources) == (4, 2)  # type: ignore[union-attr]
    assert buildings.building("bazaar").special == (ResourcesForFood(1, 1),)


def test_advanced_tier_is_completed_as_prototype(buildings: Buildings) -> None:
    extra = [b for b in buildings.tier("advanced") if b.id not in PUBLISHED]
    assert len(extra) >= 2 and all(b.prototype for b in extra)


def _copy(tmp_path: Path) -> Path:
    folder = tmp_path / "warland"
    shutil.copytree(GAME, folder)
    schemas = Path(__file__).parents[2] / "content" / "schemas"
    for path in folder.rglob("*.json"):
        text = path.read_text(encoding="utf-8")
        depth = len(path.relative_to(folder).parts)
        path.write_text(text.replace("../" * depth + "schemas/", schemas.as_uri() + "/"),
                        encoding="utf-8")
    return folder


def _edit_buildings(folder: Path, index: int, key: str, value: object) -> None:
    path = folder / "buildings.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    data["buildings"][index][key] = value
    path.write_text(json.dumps(data, indent=2), encoding="utf-8")


def test_cost_other_than_resistance_is_reported(tmp_path: Path) -> None:
    folder = _copy(tmp_path)
    _edit_buildings(folder, 1, "cost", 4)
    report = check_game(load_game(str(folder)))
    assert [p.pointer for p in report.problems] == ["/buildings/1/cost"]
    assert "fattoria: cost 4 differs from resistance 5" in report.problems[0].message
    assert report.problems[0].file.endswith("buildings.json")


def test_unknown_pawn_and_bad_tier_are_reported(tmp_path: Path) -> None:
    folder = _copy(tmp_path)
    _edit_buildings(folder, 1, "brings", [{"pawn": "abitanti", "count": 1}])
    report = check_game(load_game(str(folder)))
    assert [p.pointer for p in report.problems] == ["/buildings/1/brings/0/pawn"]
    _edit_buildings(folder, 1, "tier", "huge")
    with pytest.raises(ContentProblems) as caught:
        load_game(str(folder))
    assert caught.value.problems[0].pointer == "/buildings/1/tier"
