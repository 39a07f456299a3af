"""Card backs from the theme's back designs: a background into the bleed, a frame, an
icon or image in the middle and a label, the same for every card of a deck."""

from __future__ import annotations

from pathlib import Path

from stamperia.content.look.theme import Back, Theme
from stamperia.generator.draw.drawing import (
    Align,
    Image,
    Item,
    Rect,
    Style,
    TextBox,
    TextSource,
    VAlign,
)
from stamperia.generator.print.sizes import Size

FRAME_INSET = 4.0


def back_items(back: Back, theme: Theme, label: str, size: Size, bleed: float
               ) -> tuple[Item, ...]:
    ink = theme.colour(back.ink, "#ffffff")
    items: list[Item] = [Rect(-bleed, -bleed, size.width + 2 * bleed, size.height + 2 * bleed,
                              Style(fill=theme.colour(back.background, "#444444"),
                                    stroke=None))]
    if back.frame is not None:
        items.append(Rect(FRAME_INSET, FRAME_INSET, size.width - 2 * FRAME_INSET,
                          size.height - 2 * FRAME_INSET,
                          Style(fill=None, stroke=theme.colour(back.frame, ink),
                                stroke_width=0.8), theme.corner_radius))
    side = min(size.width, size.height) * 0.5
    middle = (size.width - side) / 2, (size.height - side) / 2 - 4
    art = theme.art.get(back.image) if back.image is not None else None
    if art is None and back.icon is not None:
        art = theme.icons.get(back.icon)
    if art is not None:
        items.append(Image(Path(art.path), middle[0], middle[1], side, side))
    if label:
        items.append(TextBox(FRAME_INSET + 2, size.height - FRAME_INSET - 16,
                             size.width - 2 * FRAME_INSET - 4, 12, label, size=13, min_size=7,
                             align=Align.CENTER, valign=VAlign.MIDDLE, colour=ink, bold=True,
                             source=TextSource(f"back/{back.id}", back.label or "")))
    return tuple(items)
