"""Print-shop pages: a trimmed page plus bleed plus a slug holding the crop marks.

A print shop cuts a large board along its TrimBox; the art runs BLEED past it so a cut a
little off shows no paper, and the crop marks sit in the slug outside the bleed, where
they are cut away. The page boxes tell the shop's software the same. The trim is a
standard paper (SHOP_PAPERS), so a shop can quote it and the guide can name it.
"""

from __future__ import annotations

from stamperia.generator.draw.drawing import ClipRect, Group, Item, Line, Page, PageBox, Rect, Style
from stamperia.generator.print.sizes import PAPER_SIZES, Size

BLEED = 3.0
SLUG = 10.0
"""mm of paper outside the bleed for the crop marks and the version stamp."""
SAFE = 5.0
"""mm inside the trim kept clear of anything that must not be cut."""
MARK_STYLE = Style(stroke="#000000", stroke_width=0.25)
HALO = 1.0
"""mm, the white band under each crop mark (half each side), so a mark shows on any
paper tint; it stays as clear of the bleed as the mark's end."""
HALO_STYLE = Style(stroke="#ffffff", stroke_width=HALO)
MARK_CLEARANCE = 1.0
"""mm between the bleed's edge and the near end of a crop mark."""
SHOP_PAPERS = ("a3", "a2", "a1")
"""The trims a board may have, smallest first: sizes every print shop quotes."""


class PaperTooSmall(ValueError):
    """A board larger than the largest shop paper."""


def shop_paper(width: float, height: float) -> Size:
    """The smallest shop paper, portrait first, that holds width x height mm with SAFE
    mm clear all round."""
    for name in SHOP_PAPERS:
        for paper in (PAPER_SIZES[name].portrait(), PAPER_SIZES[name].landscape()):
            if width + 2 * SAFE <= paper.width + 1e-9 and height + 2 * SAFE <= paper.height + 1e-9:
                return paper
    raise PaperTooSmall(f"a board of {width:g}×{height:g} mm does not fit on A1 with "
                        f"{SAFE:g} mm margins")


def crop_marks(trim: PageBox) -> tuple[Item, ...]:
    """Two marks at each trim corner, each on its white halo, wholly in the slug: from
    MARK_CLEARANCE past the bleed to 1 mm short of the paper's edge."""
    near, far = BLEED + MARK_CLEARANCE, SLUG + BLEED - 1.0
    right, bottom = trim.x + trim.width, trim.y + trim.height
    segments: list[tuple[float, float, float, float]] = []
    for x in (trim.x, right):
        segments += [(x, trim.y - near, x, trim.y - far), (x, bottom + near, x, bottom + far)]
    for y in (trim.y, bottom):
        segments += [(trim.x - near, y, trim.x - far, y), (right + near, y, right + far, y)]
    halos = tuple(Line(*s, HALO_STYLE) for s in segments)
    return (*halos, *(Line(*s, MARK_STYLE) for s in segments))


def boxes(width: float, height: float) -> tuple[PageBox, PageBox]:
    """TrimBox and BleedBox of a print-shop page whose trim is width x height."""
    return (PageBox(SLUG + BLEED, SLUG + BLEED, width, height),
            PageBox(SLUG, SLUG, width + 2 * BLEED, height + 2 * BLEED))


def print_shop_page(page: Page, background: str, paper: Size | None = None) -> Page:
    """`page` centred on `paper` (default: the smallest shop paper that holds it), the
    paper's trim and bleed in `background`, with slug and crop marks."""
    paper = paper if paper is not None else shop_paper(page.width_mm, page.height_mm)
    trim, bleed = boxes(paper.width, paper.height)
    art = Group(page.items, translate=(trim.x + (paper.width - page.width_mm) / 2,
                                       trim.y + (paper.height - page.height_mm) / 2))
    items = (Rect(bleed.x, bleed.y, bleed.width, bleed.height,
                  Style(fill=background, stroke=None)), art, *crop_marks(trim))
    return Page(paper.width + 2 * (SLUG + BLEED), paper.height + 2 * (SLUG + BLEED),
                items, page.label, trim, bleed)


def trimmed(page: Page) -> Page:
    """The part of a page inside its trim, as a page of the trim's size (what a home
    printer tiles: no bleed, no slug)."""
    trim = page.trim_box
    art = Group(page.items, translate=(-trim.x, -trim.y),
                clip=ClipRect(trim.x, trim.y, trim.width, trim.height))
    return Page(trim.width, trim.height, (art,), page.label)
