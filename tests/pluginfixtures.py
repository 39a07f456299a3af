"""Install the packages of tests/fixtures/tiny_ruleset as pip leaves them: on the path,
with distribution metadata that declares their `stamperia.rulesets` entry points."""

from __future__ import annotations

import sys
from collections.abc import Mapping
from pathlib import Path

import pytest

from stamperia.content.rulesets.registry import GROUP

FIXTURE = Path(__file__).parent / "fixtures" / "tiny_ruleset"
PACKAGES = ("tinyrules", "tinystrict")


def install(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, entries: Mapping[str, str]) -> None:
    """Entry points `name = module:attribute` of the fixture's packages, installed for the
    test (monkeypatch takes the path back)."""
    info = tmp_path / "site" / "tinyrules-1.0.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: tinyrules\nVersion: 1.0\n")
    lines = "".join(f"{name} = {target}\n" for name, target in entries.items())
    (info / "entry_points.txt").write_text(f"[{GROUP}]\n{lines}")
    monkeypatch.syspath_prepend(str(FIXTURE))
    monkeypatch.syspath_prepend(str(tmp_path / "site"))


def forget() -> None:
    """Drop the fixture's modules, so the next test imports them from its own path."""
    for name in [m for m in sys.modules if m.split(".")[0] in PACKAGES]:
        del sys.modules[name]
