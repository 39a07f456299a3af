"""Filled hex regions: one style per fill shared over many regions draws the same items."""

from __future__ import annotations

from stamperia.content.look.hexgrid import corners
from stamperia.generator.draw.drawing import MultiPath, Style
from stamperia.generator.layout.hexboard import Region, filled, fills


def test_regions_sharing_styles_draw_the_same_paths() -> None:
    regions = [Region(f"r{i}", ((i, 0), (i, 1)), ("#aa0000", "#00aa00")[i % 2])
               for i in range(5)]
    drawn = fills(regions, 2.0)
    alone = [filled(tuple(corners(c, 2.0) for c in r.cells), r.fill) for r in regions]
    assert drawn == alone
    assert all(isinstance(item, MultiPath) for item in drawn)
    styles: dict[str, Style] = {}
    shared = [filled(tuple(corners(c, 2.0) for c in r.cells), r.fill, styles) for r in regions]
    assert shared == alone
    assert {fill: style.fill for fill, style in styles.items()} == {
        "#aa0000": "#aa0000", "#00aa00": "#00aa00"}
    assert [item.style for item in shared if isinstance(item, MultiPath)] == [
        Style(fill=f, stroke=f, stroke_width=0.15) for f in (r.fill for r in regions)]
