"""Card backs keep any frame at least 5 mm from the trim, so duplex drift does not show."""

from __future__ import annotations

import pytest

from stamperia.content.loader import load_game
from stamperia.generator.draw.drawing import Group, Rect
from stamperia.generator.kit import build_kit
from stamperia.generator.kitdocument import KitOptions
from stamperia.generator.print.imposition import Duplex
from stamperia.generator.print.sizes import card_size, paper_size


@pytest.mark.parametrize("card", ["poker", "mini"])
@pytest.mark.parametrize("name", ["sgrunt", "warland", "iwari"])
def test_back_frames_stay_5_mm_inside_the_trim(name: str, card: str) -> None:
    size = card_size(card)
    options = KitOptions(paper_size("a4"), size, Duplex.LONG)
    frames: list[float] = []
    for document in build_kit(load_game(name), "it", options):
        if document.component != "cards" or document.stem == "reference":
            continue
        for page in document.pages:
            if not page.label.endswith("back"):
                continue
            for group in page.items:
                if not isinstance(group, Group):  # the version stamp
                    continue
                for item in group.items:
                    if isinstance(item, Rect) and item.style.fill is None:
                        frames += [item.x, item.y, size.width - item.x - item.width,
                                   size.height - item.y - item.height]
    assert frames, "no framed back found"
    assert min(frames) >= 5.0
