"""Each ruleset's page (docs/rulesets/<r>.md) indexes its files in every layer, so one
place leads to all of it: every module and data folder of the ruleset is named there."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from docsfiles import DOCS, ROOT

RULESETS = ["cards", "conquest", "warland", "splut", "iwari"]
LAYERS = ["content/rulesets/{r}", "rules/{r}", "generator/kits/{r}",
          "content/rulesets/{r}/templates/{r}"]


def _entries(folder: str) -> list[str]:
    """What a page must name: each module (an __init__ without a docstring excepted) and
    each file or subfolder that is no module, relative to the layer's folder."""
    base = ROOT / folder
    names = []
    for path in sorted(base.iterdir()):
        if path.name == "__pycache__" or path.suffix in (".so", ".pyd", ".pyc"):
            continue
        if path.is_dir():
            names.append(f"{path.name}/")
        elif path.name != "__init__.py" or _has_docstring(path):
            names.append(path.name)
    return names


def _has_docstring(module: Path) -> bool:
    return module.read_text(encoding="utf-8").lstrip().startswith('"""')


@pytest.mark.parametrize("ruleset", RULESETS)
def test_the_ruleset_page_names_every_file_of_every_layer(ruleset: str) -> None:
    page = (DOCS / "rulesets" / f"{ruleset}.md").read_text(encoding="utf-8")
    missing = []
    for layer in LAYERS:
        folder = layer.format(r=ruleset)
        heading = re.search(rf"^### .*`{re.escape(folder)}/`$", page, re.MULTILINE)
        if heading is None:
            missing.append(f"a section '### ...: `{folder}/`'")
            continue
        section = page[heading.end():].split("\n### ", 1)[0]
        missing += [f"{folder}/{name}" for name in _entries(folder) if f"`{name}`" not in section]
    assert missing == [], f"docs/rulesets/{ruleset}.md does not name {missing}"
