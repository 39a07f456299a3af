"""Fixtures shared by the CLI tests."""

from __future__ import annotations

from pathlib import Path

import pytest
from gamefixtures import make_game


@pytest.fixture
def tiny(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The tiny test game's folder, made in a fresh folder that is also the working one
    (so `tiny` names it as a game id). A test module may define its own `tiny`."""
    folder = make_game(tmp_path)
    monkeypatch.chdir(tmp_path)
    return folder
