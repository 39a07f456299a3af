"""A shipped ruleset copied into a package of its own under another id, as a publisher
would start one, and installed as pip leaves a package: the folder on the path and a
`.dist-info` whose one entry point registers it.

The copy is the ruleset's three folders (content plug-in, rules, kit) as the package's
`content`, `rules` and `kit`, with the imports of its own modules, its id, its part and
schema kinds and its templates renamed (a kind and a template belong to one plug-in: the
registry refuses two that declare one), and its engines subclassing the public `Engine` (a
compiled install allows no Python subclass of `NativeEngine`). Nothing of stamperia is
edited.
"""

from __future__ import annotations

import json
import re
import shutil
import sys
from collections.abc import Callable
from importlib.resources import files
from pathlib import Path

from stamperia.content.rulesets.registry import GROUP

LAYERS = (("stamperia.content.rulesets", "content"), ("stamperia.rules", "rules"),
          ("stamperia.generator.kits", "kit"))
"""Where each layer of a shipped ruleset lives, and its folder in the copy."""

CopyPlugin = Callable[..., Path]
"""The `copied_plugin` fixture: (ruleset, new id, edit of the copy or None) -> its game."""


def copy_plugin(ruleset: str, new_id: str, package: str, site: Path) -> Path:
    """The ruleset's layers copied into `site/package`, renamed to `new_id`; returns the
    package folder. The package is not yet installed (see `install`)."""
    root = site / package
    root.mkdir(parents=True)
    (root / "__init__.py").write_text(f'"""The {new_id} ruleset, a copy of {ruleset}."""\n')
    for parent, folder in LAYERS:
        source = Path(str(files(parent) / ruleset))
        shutil.copytree(source, root / folder, ignore=shutil.ignore_patterns(
            "__pycache__", "*.so", "*.pyd"))
    renames = [(re.compile(rf"\b{re.escape(parent)}\.{ruleset}\b"), f"{package}.{folder}")
               for parent, folder in LAYERS]
    names = own_names(ruleset, new_id)
    for path in sorted(root.rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        for pattern, replacement in renames:
            text = pattern.sub(replacement, text)
        text = text.replace(f'id="{ruleset}"', f'id="{new_id}"')
        text = re.sub(r"\bNativeEngine\b", "Engine", text)
        layer = path.parts[len(root.parts)]
        for old, renamed in names.items():
            # a kind's name is distinctive (`splut_board`), the id's is also a word of
            # the content (`splut` weighs a move): that one only where the plug-in declares
            if layer == "kit" or old == ruleset and path.name != "plugin.py":
                continue
            text = re.sub(rf"""(["']){re.escape(old)}((?:\.schema\.json)?)\1""",
                          rf"\g<1>{renamed}\g<2>\g<1>", text)
        path.write_text(text, encoding="utf-8")
    for old, renamed in names.items():
        for schema in (root / "content" / "schemas").glob(f"{old}.schema.json"):
            schema.rename(schema.with_name(f"{renamed}.schema.json"))
        template = root / "content" / "templates" / old
        if template.is_dir():
            template.rename(template.with_name(renamed))
    return root


def own_names(ruleset: str, new_id: str) -> dict[str, str]:
    """The names a plug-in owns (its id, part and schema kinds, templates) and the copy's:
    `splut_board` -> `duel_board`, `cards` -> `deckbuilder`."""
    from stamperia.content.rulesets.registry import plugins

    plugin = plugins()[ruleset]
    owned = {ruleset, *plugin.part_kinds, *plugin.schemas, *plugin.templates}
    return {name: (name.replace(ruleset, new_id) if ruleset in name else f"{new_id}_{name}")
            for name in sorted(owned)}


def install(site: Path, package: str, new_id: str) -> None:
    """The `.dist-info` pip would write for the package: its one entry point registers
    the ruleset. `site` must then be put on sys.path."""
    info = site / f"{package}-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {package}\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text(
        f"[{GROUP}]\n{new_id} = {package}.content.plugin:PLUGIN\n")


def retarget(game: Path, ruleset: str, new_id: str) -> Path:
    """The game in `game` made a game of ruleset `new_id`: its manifest names the ruleset
    and the copy's part kinds, and its files the copy's schemas."""
    names = own_names(ruleset, new_id)
    for path in sorted(game.rglob("*.json")):
        text = path.read_text(encoding="utf-8")
        for old, renamed in names.items():
            text = text.replace(f"/{old}.schema.json", f"/{renamed}.schema.json")
        path.write_text(text, encoding="utf-8")
    for schema in (game / "schemas").glob("*.schema.json"):
        kind = schema.name.removesuffix(".schema.json")
        if kind in names:
            schema.rename(schema.with_name(f"{names[kind]}.schema.json"))
    manifest = game / "game.json"
    data = json.loads(manifest.read_text(encoding="utf-8"))
    data["ruleset"] = new_id
    data["parts"] = {names.get(kind, kind): file for kind, file in data["parts"].items()}
    manifest.write_text(json.dumps(data, indent=2, ensure_ascii=False) + "\n",
                        encoding="utf-8")
    return game


def forget(package: str) -> None:
    """Unload an installed test package, so the next test imports it afresh."""
    for name in [m for m in sys.modules if m == package or m.startswith(package + ".")]:
        del sys.modules[name]
