"""The games the conformance suite checks each plug-in on, written once per session, and
the tiny third-party ruleset installed as pip would install it."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from pluginsources import CopyPlugin, copy_plugin, forget, install, retarget

from stamperia.conformance import games_of
from stamperia.conformance.subjects import write_template
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
                        "check: declare a template folder in its plug-in (RulesetPlugin.templates)")
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



@pytest.fixture
def copied_plugin(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[CopyPlugin]:
    """Install a shipped ruleset copied under a new id (pluginsources.py), after `edit`
    changed the copy's package folder if given; returns the copy's template game."""
    site = tmp_path / "site"
    packages: list[str] = []

    def install_copy(ruleset: str, new_id: str,
                     edit: Callable[[Path], None] | None = None) -> Path:
        package = f"{new_id}rules"
        root = copy_plugin(ruleset, new_id, package, site)
        if edit is not None:
            edit(root)
        install(site, package, new_id)
        if not packages:
            monkeypatch.syspath_prepend(str(site))
        packages.append(package)
        return retarget(write_template(ruleset, tmp_path / new_id), ruleset, new_id)

    yield install_copy
    for package in packages:
        forget(package)
