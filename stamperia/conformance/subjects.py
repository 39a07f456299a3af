"""What the suite checks a ruleset plug-in on: the registered plug-ins, the shipped games of
each, and the game its `stamperia new` template writes.

Everything is found by looking, never by a list: a plug-in is what the registry finds, a
template is a folder the plug-in declares (`RulesetPlugin.templates`) whose game names the
ruleset.
"""

from __future__ import annotations

import json
from importlib.resources.abc import Traversable
from pathlib import Path

from stamperia.commands.new import write_game
from stamperia.content.locate import games_root, shipped_games
from stamperia.content.rulesets.registry import plugins
from stamperia.fromgame import source_game

PUBLISHER = "conformance"
"""The publisher a template game is written for."""


def registered() -> tuple[str, ...]:
    """Every installed ruleset plug-in's id, sorted: the built-in ones and entry points."""
    return tuple(sorted(plugins()))


def manifest_ruleset(manifest: str) -> str | None:
    """The ruleset a `game.json` text names, or None when it names none (an edition that
    takes it from the edition it extends)."""
    data = json.loads(manifest)
    ruleset = data.get("ruleset") if isinstance(data, dict) else None
    return ruleset if isinstance(ruleset, str) else None


def game_ruleset(folder: Path) -> str | None:
    """The ruleset of the game in `folder`, read from its manifest or, for an edition that
    extends another, from the loaded game."""
    named = manifest_ruleset((folder / "game.json").read_text(encoding="utf-8"))
    if named is not None:
        return named
    from stamperia.content.loader import load_game

    return load_game(str(folder)).ruleset


def shipped_games_of(ruleset: str) -> tuple[str, ...]:
    """The ids of the shipped games of `ruleset`, sorted."""
    return tuple(name for name in shipped_games()
                 if game_ruleset(games_root() / name) == ruleset)


def _template_manifest(template: Traversable) -> str | None:
    """The `game.json` text a template writes (a shipped game's, for a template taken from
    one), or None for a folder that is no template."""
    shipped = source_game(template)
    manifest = (games_root() / shipped / "game.json" if shipped is not None
                else template / "game.json")
    return manifest.read_text(encoding="utf-8") if manifest.is_file() else None


def templates_of(ruleset: str) -> tuple[str, ...]:
    """The `stamperia new --template` names the plug-in declares whose game uses it."""
    plugin = plugins().get(ruleset)
    if plugin is None:
        return ()
    return tuple(name for name, folder in sorted(plugin.templates.items())
                 if manifest_ruleset(_template_manifest(folder) or "{}") == ruleset)


def write_template(template: str, folder: Path) -> Path:
    """The template's game written into `folder` (a new folder), as `stamperia new` does."""
    write_game(folder, template, PUBLISHER)
    return folder


def games_of(ruleset: str, work: Path) -> tuple[str, ...]:
    """The games the suite checks `ruleset` on: each of its templates written into `work`
    (first: small, and what a designer starts from), then its shipped games."""
    written = [str(write_template(name, work / name)) for name in templates_of(ruleset)]
    return (*written, *shipped_games_of(ruleset))
