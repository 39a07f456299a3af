"""Print-shop presets: the shops' pixel sizes, refusals, and a PDF per deck in their order."""

from __future__ import annotations

import io

import pypdfium2
import pytest
from PIL import Image as PilImage

from stamperia.generator.draw.drawing import Rect, Style
from stamperia.generator.draw.fonts import FontSet
from stamperia.generator.export.components import card_components
from stamperia.generator.export.options import ExportOptions, ExportUsage
from stamperia.generator.export.presets import PresetError, load_presets, preset
from stamperia.generator.export.shop import shop_files

EXPECTED_PX = {"thegamecrafter": (825, 1125), "makeplayingcards": (822, 1122),
               "printplaygames": (821, 1121)}


def _cards(name: str) -> list[tuple[str, tuple[Rect, ...], tuple[Rect, ...]]]:
    shop = preset(name)
    size, bleed = shop.card("poker"), shop.bleed_mm

    def fill(colour: str) -> tuple[Rect, ...]:
        return (Rect(-bleed, -bleed, size.width + 2 * bleed, size.height + 2 * bleed,
                     Style(fill=colour, stroke=None)),)

    return [("a", fill("#ff0000"), fill("#0000ff")), ("b", fill("#00ff00"), fill("#0000ff"))]


def _files(name: str) -> dict[str, bytes]:
    shop = preset(name)
    cards = card_components("deck", _cards(name), shop.card("poker"), shop.bleed_mm)
    return {f.path: f.data for f in shop_files(cards, shop, FontSet.default(),
                                               lambda _d, _t: None)}


@pytest.mark.parametrize("name", sorted(EXPECTED_PX))
def test_a_poker_card_has_the_shops_pixel_size(name: str) -> None:
    files = _files(name)
    first = next(data for path, data in sorted(files.items()) if path.endswith(".png"))
    assert PilImage.open(io.BytesIO(first)).size == EXPECTED_PX[name]


def test_file_names_follow_the_shop() -> None:
    assert sorted(_files("makeplayingcards")) == [
        "makeplayingcards/deck/back-001.png", "makeplayingcards/deck/back-002.png",
        "makeplayingcards/deck/front-001.png", "makeplayingcards/deck/front-002.png"]
    assert "thegamecrafter/deck/a-1.png" in _files("thegamecrafter")


def test_drivethrucards_gets_one_pdf_per_deck_back_then_face() -> None:
    files = _files("drivethrucards")
    assert list(files) == ["drivethrucards/deck.pdf"]
    document = pypdfium2.PdfDocument(files["drivethrucards/deck.pdf"])
    assert len(document) == 4
    width, height = document[0].get_size()
    assert (round(width / 72 * 25.4, 2), round(height / 72 * 25.4, 2)) == (69.85, 95.25)
    colours = [document[i].render(scale=0.2).to_pil().convert("RGB").getpixel((5, 5))
               for i in range(4)]
    # Written in CMYK, as the shop asks: PDFium shows blue, red, blue, green back in RGB
    # only approximately, so each page is told by its strongest channel.
    assert [max(range(3), key=colour.__getitem__) for colour in colours] == [2, 0, 2, 1]


def test_a_size_the_shop_does_not_print_is_refused_naming_those_it_does() -> None:
    with pytest.raises(PresetError, match="does not print 'skat' cards: choose from poker, "
                                          "bridge, mini, tarot, square"):
        preset("thegamecrafter").card("skat")


def test_every_preset_is_complete() -> None:
    for shop in load_presets().values():
        assert shop.files in ("png-per-card", "pdf-per-deck")
        assert 72 <= shop.dpi <= 1200 and shop.bleed_mm > 0 and "poker" in shop.sizes
        assert shop.source.startswith("https://")
        assert shop.gap_mm == 3.0  # each card keeps its own bleed on the kit's sheets


@pytest.mark.parametrize(("dpi", "url"), [(71, None), (1201, None), (300, "file:///tmp/x"),
                                          (300, "example.org/x"), (300, "https://")])
def test_export_options_refuse_out_of_range_values(dpi: int, url: str | None) -> None:
    with pytest.raises(ExportUsage):
        ExportOptions(dpi=dpi, tts_base_url=url)
