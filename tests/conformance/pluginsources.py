"""A shipped ruleset copied into a package of its own under another id, as a publisher
would start one, and installed as pip leaves a package: the folder on the path and a
`.dist-info` whose one entry point registers it.

The copy is the ruleset's three folders (content plug-in, rules, kit) as the package's
`content`, `rules` and `kit`, with the imports of its own modules and its id renamed, and
its engines subclassing the public `Engine` (a compiled install allows no Python subclass
of `NativeEngine`). Nothing of stamperia is edited.
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
    for path in sorted(root.rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        for pattern, replacement in renames:
            text = pattern.sub(replacement, text)
        text = text.replace(f'id="{ruleset}"', f'id="{new_id}"')
        text = re.sub(r"\bNativeEngine\b", "Engine", text)
        path.write_text(text, encoding="utf-8")
    return root


def install(site: Path, package: str, new_id: str) -> None:
    """The `.dist-info` pip would write for the package: its one entry point registers
    the ruleset. `site` must then be put on sys.path."""
    info = site / f"{package}-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {package}\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text(
        f"[{GROUP}]\n{new_id} = {package}.content.plugin:PLUGIN\n")


def retarget(game: Path, new_id: str) -> Path:
    """The game in `game` made a game of ruleset `new_id` (its manifest's one change)."""
    manifest = game / "game.json"
    data = json.loads(manifest.read_text(encoding="utf-8"))
    data["ruleset"] = new_id
    manifest.write_text(json.dumps(data, indent=2, ensure_ascii=False) + "\n",
                        encoding="utf-8")
    return game


def forget(package: str) -> None:
    """Unload an installed test package, so the next test imports it afresh."""
    for name in [m for m in sys.modules if m == package or m.startswith(package + ".")]:
        del sys.modules[name]
