"""A template taken from a shipped game at `stamperia new` time, so the shipped game is the
single source of its template and the two cannot drift.

A template folder holding `shipped.json` (`{"game": "<id>"}`) beside its README gets every
file of that shipped game, with exactly these declared differences:
- every `"$schema"` names the copy in the new folder's `schemas/` (relative to the file);
- `game.json`'s `id` and `publisher` are the new game's;
- each strings file's `game.title` is the new game's title.
Each edit changes the value in place, keeping the designer-facing layout of the file, and
the result is parsed back and compared with the intended data, so an edit that missed
fails loudly instead of writing a game that differs in some other way.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from importlib.resources.abc import Traversable
from pathlib import Path

from stamperia.content.guards import join_inside
from stamperia.content.locate import games_root

DESCRIPTOR = "shipped.json"
"""The file of a template folder that names the shipped game it is taken from."""
SCHEMA_REFERENCE = re.compile(r'("\$schema"\s*:\s*)"([^"]*)"')


class TemplateSourceError(Exception):
    """A shipped game that cannot be turned into its template (a packaging fault)."""


def source_game(template: Traversable) -> str | None:
    """The shipped game a template folder is taken from, or None for a template of its own."""
    descriptor = template / DESCRIPTOR
    if not descriptor.is_file():
        return None
    game = json.loads(descriptor.read_text(encoding="utf-8"))["game"]
    return str(game)


def local_schema(reference: str, depth: int) -> str:
    """`reference` (a path to a schema in the package) as the copy in the game folder's
    `schemas/`, seen from a file `depth` folders below the game folder."""
    return "../" * depth + "schemas/" + reference.rsplit("/", 1)[-1]


def _replace_value(text: str, key: str, old: object, new: object) -> str:
    """`text` with the first `"key": old` given the value `new`, spacing kept."""
    pattern = re.compile(r'("' + re.escape(key) + r'"\s*:\s*)'
                         + re.escape(json.dumps(old, ensure_ascii=False)))
    return pattern.sub(lambda m: m.group(1) + json.dumps(new, ensure_ascii=False), text,
                       count=1)


def derived_text(relative: Path, text: str, values: Mapping[str, str]) -> str:
    """One JSON file of the shipped game as the new game's: the declared differences only."""
    data = json.loads(text)
    depth = len(relative.parts) - 1
    text = SCHEMA_REFERENCE.sub(
        lambda m: m.group(1) + json.dumps(local_schema(m.group(2), depth)), text)
    if isinstance(data, dict) and "$schema" in data:
        data["$schema"] = local_schema(str(data["$schema"]), depth)
    if relative == Path("game.json"):
        for key in ("id", "publisher"):
            text = _replace_value(text, key, data[key], values[key])
            data[key] = values[key]
    elif relative.parts[0] == "strings" and isinstance(data.get("game"), dict) \
            and "title" in data["game"]:
        text = _replace_value(text, "title", data["game"]["title"], values["title"])
        data["game"]["title"] = values["title"]
    if json.loads(text) != data:
        raise TemplateSourceError(f"{relative}: the template's edits did not apply as declared")
    return text


def copy_shipped(game: str, target: Path, values: Mapping[str, str]) -> None:
    """Every file of shipped `game` into `target`, JSON files as the new game's."""
    source = games_root() / game
    if not (source / "game.json").is_file():
        raise TemplateSourceError(f"the shipped game {game!r} is missing")
    for path in sorted(source.rglob("*")):
        if not path.is_file() or "__pycache__" in path.parts:
            continue
        relative = path.relative_to(source)
        written = join_inside(target, relative.as_posix())
        written.parent.mkdir(parents=True, exist_ok=True)
        if path.suffix == ".json":
            written.write_text(derived_text(relative, path.read_text(encoding="utf-8"),
                                            values), encoding="utf-8")
        else:
            written.write_bytes(path.read_bytes())
