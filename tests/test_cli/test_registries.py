"""Safety nets over the plug-in registries and the CLI's help."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from stamperia.content.loader import load_game
from stamperia.content.locate import shipped_games
from stamperia.content.rulesets.registry import plugins
from stamperia.content.validation.schemas import GENERIC_KINDS
from stamperia.generator.kits.registry import kit_for
from stamperia.rules.registry import ruleset_for

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


ROOT = Path(__file__).parents[2]
PLUGIN_FOLDERS = ("content/rulesets", "rules", "generator/kits")
"""Where a ruleset's own folders live: `<layer>/<ruleset>/`."""
ORDINARY_WORDS = {"cards"}
"""Ruleset ids that are also plain words of the code (a deck's cards)."""


def _shared_files() -> list[Path]:
    """Every shipped module, schema and word catalogue outside a ruleset's own folders
    and the registries."""
    found = []
    for path in sorted([*ROOT.glob("content/**/*.py"), *ROOT.glob("rules/**/*.py"),
                        *ROOT.glob("generator/**/*.py"), *ROOT.glob("stamperia/*.py"),
                        *ROOT.glob("content/schemas/*.json"),
                        *ROOT.glob("generator/locale/*.json")]):
        relative = path.relative_to(ROOT).as_posix()
        own = any(relative.startswith(f"{layer}/{ruleset}/")
                  for layer in PLUGIN_FOLDERS for ruleset in plugins())
        if not own and path.name != "registry.py":
            found.append(path)
    return found


def test_no_shared_module_or_schema_names_a_ruleset_or_a_game() -> None:
    names = sorted({*plugins(), *shipped_games()} - ORDINARY_WORDS)
    word = re.compile(r"\b(" + "|".join(names) + r")\b", re.IGNORECASE)
    files = _shared_files()
    assert len(files) > 100
    hits = [f"{path.relative_to(ROOT)}:{number}: {match.group(0)}"
            for path in files
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
            for match in [word.search(line)] if match]
    assert hits == []
