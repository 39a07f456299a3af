"""The install hints of optional extras name extras the distribution declares."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

from stamperia.content.extras import install_hint, needs_extra

ROOT = Path(__file__).parents[2]
CALL = re.compile(r"""needs_extra\([^()]*?["'](\w+)["']\)""", re.S)


def _hinted() -> set[str]:
    """The extras named by every needs_extra call in the sources and benchmarks."""
    paths = [*(ROOT / "stamperia").rglob("*.py"), *(ROOT / "bench").glob("*.py"),
             *(path for layer in ("content", "rules", "generator")
               for path in (ROOT / layer).rglob("*.py"))]
    return {extra for path in paths for extra in CALL.findall(path.read_text("utf-8"))}


def test_the_hint_names_the_index_and_the_checkout_commands() -> None:
    hint = install_hint("watch")
    assert "pip install 'stamperia[watch]'" in hint
    assert "pip install '.[watch]'" in hint and "-e" in hint
    assert needs_extra("--watch", "watchfiles", "watch") == f"--watch needs watchfiles: {hint}"


def test_every_hinted_extra_is_declared() -> None:
    declared = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["project"][
        "optional-dependencies"]
    hinted = _hinted()
    assert {"watch", "svgfonts", "cluster", "bench"} <= hinted
    assert hinted <= set(declared)
