"""The games the conformance suite checks each plug-in on, written once per session, and
the tiny third-party ruleset installed as pip would install it."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from stamperia.conformance import games_of
from stamperia.content.loader import load_game
from stamperia.content.model import Game
from stamperia.content.rulesets.registry import GROUP

TINY = Path(__file__).parents[1] / "fixtures" / "tiny_ruleset"


@pytest.fixture(scope="session")
def ruleset_games(tmp_path_factory: pytest.TempPathFactory
                  ) -> Callable[[str], tuple[str, ...]]:
    """Each ruleset's games (its templates written once, then its shipped games); the
    checks only read them."""
    written: dict[str, tuple[str, ...]] = {}

    def games(ruleset: str) -> tuple[str, ...]:
        if ruleset not in written:
            written[ruleset] = games_of(ruleset, tmp_path_factory.mktemp(ruleset))
        if not written[ruleset]:
            pytest.fail(f"the {ruleset!r} plug-in has no template and no shipped game to "
                        "check: add a folder to stamperia/templates/")
        return written[ruleset]
    return games


@pytest.fixture(scope="session")
def loaded_games(ruleset_games: Callable[[str], tuple[str, ...]]
                 ) -> Callable[[str], tuple[Game, ...]]:
    """Each ruleset's games loaded once (the model is frozen)."""
    loaded: dict[str, tuple[Game, ...]] = {}

    def games(ruleset: str) -> tuple[Game, ...]:
        if ruleset not in loaded:
            loaded[ruleset] = tuple(load_game(name) for name in ruleset_games(ruleset))
        return loaded[ruleset]
    return games


def forget(package: str) -> None:
    """Unload an installed test package, so the next test imports it afresh."""
    for name in [m for m in sys.modules if m == package or m.startswith(package + ".")]:
        del sys.modules[name]


@pytest.fixture
def tiny_installed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """tests/fixtures/tiny_ruleset's `tinyrules` on the path with the distribution metadata
    declaring its entry point; the tiny game's folder."""
    site = tmp_path / "site"
    info = site / "tinyrules-1.0.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: tinyrules\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text(
        f"[{GROUP}]\ntiny_tokens = tinyrules.content_plugin:PLUGIN\n")
    monkeypatch.syspath_prepend(str(TINY))
    monkeypatch.syspath_prepend(str(site))
    yield TINY / "game"
    forget("tinyrules")
