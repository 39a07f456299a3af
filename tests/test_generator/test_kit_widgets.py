"""Widget names have one declaration, the content plug-in's `widgets` (what `check` accepts in
a layout): every kit draws exactly those, no fewer (a box that would print nothing) and no
more (a drawing no layout may place)."""

from __future__ import annotations

from pathlib import Path

import pytest

from stamperia.content.loader import load_game
from stamperia.content.locate import games_root, shipped_games
from stamperia.content.model import Game
from stamperia.content.rulesets.registry import plugins
from stamperia.generator.kitdocument import KitOptions
from stamperia.generator.kits.registry import kit_for
from stamperia.generator.kitwords import kit_wording
from stamperia.generator.print.imposition import Duplex
from stamperia.generator.print.sizes import card_size, paper_size

OPTIONS = KitOptions(paper_size("a4"), card_size("poker"), Duplex.LONG)


def _sample(ruleset: str, tmp_path: Path) -> Game:
    """A game of the ruleset: a shipped one, else the game its template writes."""
    import json

    for game_id in shipped_games():
        manifest = json.loads((games_root() / game_id / "game.json").read_text("utf-8"))
        if manifest["ruleset"] == ruleset:
            return load_game(game_id)
    from stamperia.commands.new import write_game

    templates = plugins()[ruleset].templates
    assert templates, f"no shipped game and no template of {ruleset!r} to test its kit with"
    write_game(tmp_path / "sample", next(iter(templates)), "a publisher")
    return load_game(str(tmp_path / "sample"))


@pytest.mark.parametrize("ruleset", sorted(plugins()))
def test_the_kit_draws_exactly_the_widgets_its_plugin_declares(ruleset: str,
                                                               tmp_path: Path) -> None:
    declared = plugins()[ruleset].widgets
    kit = kit_for(ruleset)
    assert (kit.widgets is None) == (declared == ())
    if kit.widgets is None:
        return
    game = _sample(ruleset, tmp_path)
    for locale in game.locales:
        table = kit.widgets(game, locale, kit_wording(game, locale), OPTIONS)
        assert sorted(table) == sorted(declared), locale
        assert all(callable(drawing) for drawing in table.values())
