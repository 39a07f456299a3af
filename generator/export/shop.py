"""A print shop's upload set: the kit's cards at the shop's size, bleed and DPI, named
its way, as a PNG per card side or a PDF per deck (per the preset's data)."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from stamperia.generator.draw.fonts import FontSet
from stamperia.generator.draw.pdf import PdfMetadata, PrintSettings, render_pdf
from stamperia.generator.export.components import Component, Kind
from stamperia.generator.export.files import ExportedFile, ExportError
from stamperia.generator.export.png import PngOptions, RenderedPngs, png_files
from stamperia.generator.export.presets import PDF_PER_DECK, Preset
from stamperia.generator.export.raster import Tick, piece_page
from stamperia.generator.print.sizes import PRODUCT_TOLERANCE_MM, Size


def shop_files(components: Sequence[Component], preset: Preset, fonts: FontSet, tick: Tick,
               rendered: RenderedPngs | None = None) -> Iterator[ExportedFile]:
    """The cards only: shops print boards and tokens from other products and templates."""
    cards = [c for c in components if c.kind is Kind.CARD]
    refuse_foreign_sizes(cards, preset)
    numbers: dict[tuple[str, str, int], int] = {}
    counted: dict[str, int] = {}
    for card in cards:
        counted[card.group] = counted.get(card.group, 0) + 1
        numbers[(card.group, card.id, card.copy)] = counted[card.group]
    if preset.files == PDF_PER_DECK:
        yield from _deck_pdfs(cards, preset, fonts, tick)
        return

    def name(component: Component, side: str) -> str:
        template = preset.face_name if side == "face" else preset.back_name
        return f"{preset.id}/" + template.format(
            deck=component.group, card=component.id, copy=component.copy,
            number=numbers[(component.group, component.id, component.copy)])

    yield from png_files(cards, PngOptions(preset.dpi), fonts, tick, name, rendered)


def _deck_pdfs(cards: Sequence[Component], preset: Preset, fonts: FontSet, tick: Tick
               ) -> Iterator[ExportedFile]:
    """One PDF per deck, each card's back then its face, every page trim plus bleed, in
    the colour space the shop asks for (DriveThruCards: CMYK, each colour converted once
    with black and greys on K alone, so no colour passes 200 % ink, under its 240 %)."""
    decks: dict[str, list[Component]] = {}
    for card in cards:
        decks.setdefault(card.group, []).append(card)
    for done, (deck, members) in enumerate(decks.items(), start=1):
        pages = []
        for card in members:
            trim = (card.size.width, card.size.height)
            if card.back is not None:
                pages.append(piece_page(card.back, trim, card.bleed))
            pages.append(piece_page(card.face, trim, card.bleed))
        data = render_pdf(pages, fonts, PdfMetadata(title=deck, subject=preset.title),
                          PrintSettings(colour=preset.pdf_colour))
        tick(done, len(decks))
        path = f"{preset.id}/{preset.face_name.format(deck=deck)}"
        yield ExportedFile(path, Kind.CARD.value, deck,
                           None, None, None, preset.dpi, data, len(pages))


def refuse_foreign_sizes(cards: Sequence[Component], preset: Preset) -> None:
    """Every card goes to the shop at one of its own products' sizes (the kit draws a card
    of a size of its own at the nearest product, KitOptions.products); a deck the shop
    makes no card for is refused, saying why, before anything is drawn."""
    for card in cards:
        size = card.size
        if any(_same(size, product) for product in preset.sizes.values()):
            continue
        made = ", ".join(f"{name} {product.width:g}×{product.height:g}"
                         for name, product in preset.sizes.items())
        raise ExportError(
            f"{preset.title} makes no {size.width:g}×{size.height:g} mm card, the size of "
            f"the {card.group!r} cards, and none within {PRODUCT_TOLERANCE_MM:g} mm of it "
            f"(it makes {made} mm): print that deck elsewhere, or at one of those sizes")


def _same(size: Size, product: Size) -> bool:
    """The same card, either way up."""
    return (abs(size.portrait().width - product.portrait().width) < 0.01
            and abs(size.portrait().height - product.portrait().height) < 0.01)
