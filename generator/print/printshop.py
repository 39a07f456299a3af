"""Print-shop pages: a trimmed page plus bleed plus a slug holding the crop marks.

A print shop cuts a large board along its TrimBox; the art runs BLEED past it so a cut a
little off shows no paper, and the crop marks sit in the slug outside the bleed, where
they are cut away. The page boxes tell the shop's software the same.
"""

from __future__ import annotations

from stamperia.generator.draw.drawing import ClipRect, Group, Item, Line, Page, PageBox, Rect, Style

BLEED = 3.0
SLUG = 10.0
"""mm of paper outside the bleed for the crop marks and the version stamp."""
SAFE = 5.0
"""mm inside the trim kept clear of anything that must not be cut."""
MARK_STYLE = Style(stroke="#000000", stroke_width=0.25)


def crop_marks(trim: PageBox) -> tuple[Item, ...]:
    """Two marks at each trim corner, in the slug: from 1 mm past the bleed to 1 mm short
    of the paper's edge."""
    near, far = BLEED + 1.0, SLUG + BLEED - 1.0
    right, bottom = trim.x + trim.width, trim.y + trim.height
    items: list[Item] = []
    for x in (trim.x, right):
        items += [Line(x, trim.y - near, x, trim.y - far, MARK_STYLE),
                  Line(x, bottom + near, x, bottom + far, MARK_STYLE)]
    for y in (trim.y, bottom):
        items += [Line(trim.x - near, y, trim.x - far, y, MARK_STYLE),
                  Line(right + near, y, right + far, y, MARK_STYLE)]
    return tuple(items)


def boxes(width: float, height: float) -> tuple[PageBox, PageBox]:
    """TrimBox and BleedBox of a print-shop page whose trim is width x height."""
    return (PageBox(SLUG + BLEED, SLUG + BLEED, width, height),
            PageBox(SLUG, SLUG, width + 2 * BLEED, height + 2 * BLEED))


def print_shop_page(page: Page, background: str) -> Page:
    """`page` (drawn at its trim size) with bleed in `background`, slug and crop marks."""
    trim, bleed = boxes(page.width_mm, page.height_mm)
    art = Group(page.items, translate=(trim.x, trim.y))
    items = (Rect(bleed.x, bleed.y, bleed.width, bleed.height,
                  Style(fill=background, stroke=None)), art, *crop_marks(trim))
    return Page(page.width_mm + 2 * (SLUG + BLEED), page.height_mm + 2 * (SLUG + BLEED),
                items, page.label, trim, bleed)


def trimmed(page: Page) -> Page:
    """The part of a page inside its trim, as a page of the trim's size (what a home
    printer tiles: no bleed, no slug)."""
    trim = page.trim_box
    art = Group(page.items, translate=(-trim.x, -trim.y),
                clip=ClipRect(trim.x, trim.y, trim.width, trim.height))
    return Page(trim.width, trim.height, (art,), page.label)
