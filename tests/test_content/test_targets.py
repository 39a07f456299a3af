"""The rulebook's targets as content: read from the manifest, shown by `diff`."""

from __future__ import annotations

from stamperia.content.editions.diff import diff_editions
from stamperia.content.editions.overrides import Override
from stamperia.content.loader import load_game
from stamperia.content.model import Band


def test_sgrunt_states_the_boxs_targets_and_splut_none() -> None:
    targets = load_game("sgrunt").targets
    assert targets is not None and targets.status == "prototype"
    assert (targets.minutes, targets.turns) == (Band(90, 120), Band(10, 16))
    assert (targets.early_before, targets.early_most) == (3, 0.05)
    assert dict(targets.ends) == {"objective": Band(0.05, 0.5)}
    assert load_game("splut").targets is None


def test_diff_shows_a_changed_band() -> None:
    before = load_game("sgrunt")
    after = load_game("sgrunt", (Override("game.json", "/targets/early/max", 0.1),))
    lines = diff_editions(before, after).lines()
    assert "  changed  targets.early: at most 0.05 before turn 3 -> at most 0.1 before turn 3" \
        in lines
