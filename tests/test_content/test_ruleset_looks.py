"""Each ruleset with a kit ships its look (layouts and theme in its `look/` folder): a game
without a theme of its own prints with the ruleset's, and a game's theme replaces it."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from stamperia.content.loader import load_game
from stamperia.content.look.layouts import Layouts
from stamperia.content.look.theme import Theme

GAMES = Path(__file__).parents[2] / "content" / "games"
LAYOUTS = {"splut": {"reference", "reference_back", "standee"},
           "iwari": {"biome", "back", "reference", "round_token", "small_round_token",
                     "mountain", "tent", "totem", "biome_landscape", "biome_square",
                     "back_landscape", "back_square", "reference_landscape",
                     "reference_square"},
           "warland": {"building", "building_back", "pawn", "flag", "building_landscape",
                       "building_back_landscape"}}


@pytest.mark.parametrize("name", sorted(LAYOUTS))
def test_a_game_without_a_theme_prints_with_the_rulesets_look(name: str, tmp_path: Path
                                                               ) -> None:
    shipped = load_game(name)
    assert set(shipped.part(Layouts).layouts) == LAYOUTS[name]
    folder = tmp_path / name
    shutil.copytree(GAMES / name, folder)
    manifest = json.loads((folder / "game.json").read_text(encoding="utf-8"))
    del manifest["parts"]["theme"]
    (folder / "game.json").write_text(json.dumps(manifest), encoding="utf-8")
    (folder / "theme.json").unlink()
    plain = load_game(str(folder))
    assert plain.part(Layouts).layouts.keys() == shipped.part(Layouts).layouts.keys()
    assert plain.part(Theme).palette == shipped.part(Theme).palette
    assert set(plain.part(Theme).icon_ids) < set(shipped.part(Theme).icon_ids)
