"""Safety nets over the plug-in registries and the CLI's help."""

from __future__ import annotations

import pytest

from content.loader import load_game
from content.locate import shipped_games
from content.rulesets.registry import plugins
from content.schemas import GENERIC_KINDS
from generator.kits.registry import kit_for
from rules.registry import ruleset_for

SHIPPED = ("conquest", "iwari", "splut", "warland")


@pytest.mark.parametrize("ruleset", SHIPPED)
def test_every_shipped_ruleset_has_every_layer(ruleset: str) -> None:
    plugin = plugins()[ruleset]
    own = set(plugin.part_kinds) - set(GENERIC_KINDS)  # layouts and theme: every ruleset's
    assert own and own <= set(plugin.schemas)
    for schema in plugin.schemas.values():
        assert schema.is_file()
    rules = ruleset_for(ruleset)
    assert rules.id == ruleset
    assert rules.simulator is not None and rules.simulator().agents
    kit = kit_for(ruleset)
    assert callable(kit.documents) and callable(kit.text_pages)


@pytest.mark.parametrize("game_id", shipped_games())
def test_every_shipped_game_pickles_with_its_parts(game_id: str) -> None:
    import pickle

    game = load_game(game_id)
    assert game.parts
    assert pickle.loads(pickle.dumps(game)) == game
