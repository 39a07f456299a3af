"""PNG per piece: exact pixel sizes, the DPI and sRGB in the file, names, colours, bytes."""

from __future__ import annotations

import io
import struct

import pytest
from PIL import Image as PilImage

from stamperia.generator.draw.drawing import Rect, Style
from stamperia.generator.draw.fonts import FontSet
from stamperia.generator.export.components import Component, Kind, card_components
from stamperia.generator.export.png import PngOptions, RenderedPngs, png_files
from stamperia.generator.export.raster import chunk_spans
from stamperia.generator.print.sizes import CARD_SIZES

POKER = CARD_SIZES["poker"]
RED, BLUE, WHITE = "#ff0000", "#0000ff", "#ffffff"


def _face(colour: str, bleed: float = 3.0) -> tuple[Rect, ...]:
    """The colour over the bleed, a white square in the middle of the trim."""
    return (Rect(-bleed, -bleed, POKER.width + 2 * bleed, POKER.height + 2 * bleed,
                 Style(fill=colour, stroke=None)),
            Rect(20, 30, 20, 20, Style(fill=WHITE, stroke=None)))


def _chunks(data: bytes) -> dict[bytes, bytes]:
    found, offset = {}, 8
    while offset < len(data):
        (length,) = struct.unpack(">I", data[offset:offset + 4])
        kind = data[offset + 4:offset + 8]
        found.setdefault(kind, data[offset + 8:offset + 8 + length])
        offset += 12 + length
    return found


def _deck() -> tuple[Component, ...]:
    cards = [("zannata", _face(RED), _face(BLUE)), ("zannata", _face(RED), _face(BLUE)),
             ("pax", _face(BLUE), _face(BLUE))]
    return card_components("actions", cards, POKER, 3.0)


def _export(components: tuple[Component, ...], options: PngOptions) -> dict[str, bytes]:
    ticks: list[tuple[int, int]] = []
    files = list(png_files(components, options, FontSet.default(),
                           lambda done, total: ticks.append((done, total))))
    assert ticks[-1][0] == ticks[-1][1]  # the progress reached its end
    return {f.path: f.data for f in files}


def test_poker_card_with_3mm_bleed_at_300_dpi_is_821_by_1121_with_dpi_and_srgb() -> None:
    files = _export(_deck()[:1], PngOptions(dpi=300))
    data = files["cards/actions/zannata-1.png"]
    assert PilImage.open(io.BytesIO(data)).size == (821, 1121)
    chunks = _chunks(data)
    assert chunks[b"pHYs"] == struct.pack(">IIB", 11811, 11811, 1)  # 300 dpi in pixels/metre
    assert chunks[b"sRGB"] == b"\x00"
    assert b"tIME" not in chunks and b"tEXt" not in chunks


def test_trimmed_copies_drop_the_bleed() -> None:
    data = _export(_deck()[:1], PngOptions(dpi=300, trim=True))["cards/actions/zannata-1.png"]
    image = PilImage.open(io.BytesIO(data)).convert("RGB")
    assert image.size == (750, 1050)
    assert image.getpixel((2, 2)) == (255, 0, 0)


def test_names_carry_deck_card_and_copy_and_copies_share_bytes() -> None:
    files = _export(_deck(), PngOptions(dpi=72))
    assert sorted(files) == ["cards/actions/pax-1-back.png", "cards/actions/pax-1.png",
                             "cards/actions/zannata-1-back.png", "cards/actions/zannata-1.png",
                             "cards/actions/zannata-2-back.png", "cards/actions/zannata-2.png"]
    assert files["cards/actions/zannata-1.png"] == files["cards/actions/zannata-2.png"]
    assert files["cards/actions/zannata-1.png"] != files["cards/actions/pax-1.png"]


def test_pixels_show_the_drawing_bleed_included() -> None:
    data = _export(_deck()[:1], PngOptions(dpi=150))["cards/actions/zannata-1-back.png"]
    image = PilImage.open(io.BytesIO(data)).convert("RGB")
    assert image.getpixel((0, 0)) == (0, 0, 255)  # the bleed's corner
    # the white square: 3 mm bleed + 30 mm, at 150 dpi
    assert image.getpixel((round(33 * 150 / 25.4), round(43 * 150 / 25.4))) == (255, 255, 255)


def test_the_same_pieces_give_the_same_bytes() -> None:
    assert _export(_deck(), PngOptions(dpi=72)) == _export(_deck(), PngOptions(dpi=72))


def test_a_drawing_rendered_for_one_locale_is_not_rendered_again_for_the_next() -> None:
    rendered = RenderedPngs()
    pages: list[int] = []
    first = {f.path: f.data for f in png_files(_deck(), PngOptions(dpi=72), FontSet.default(),
                                                 lambda done, _total: pages.append(done),
                                                 rendered=rendered)}
    assert len(pages) == 2  # red zannata; blue pax and every back
    other = card_components("actions", [("zannata", _face(RED), _face(BLUE)),
                                        ("carta", _face(WHITE), _face(BLUE))], POKER, 3.0)
    pages.clear()
    again = {f.path: f.data for f in png_files(other, PngOptions(dpi=72), FontSet.default(),
                                                 lambda done, _total: pages.append(done),
                                                 rendered=rendered)}
    assert pages == [1]  # only the new white card
    assert again["cards/actions/zannata-1.png"] == first["cards/actions/zannata-1.png"]
    assert again["cards/actions/carta-1-back.png"] == first["cards/actions/pax-1-back.png"]
    assert list(again) == ["cards/actions/zannata-1.png", "cards/actions/zannata-1-back.png",
                           "cards/actions/carta-1-back.png", "cards/actions/carta-1.png"]


def test_tokens_are_one_image_per_design_with_transparent_corners() -> None:
    token = Component(Kind.TOKEN, "boar", "koiles", 1, POKER.__class__("t", 20, 20), 1.0,
                      (Rect(9, 9, 2, 2, Style(fill=RED, stroke=None)),), count=12)
    files = _export((token,), PngOptions(dpi=254))
    image = PilImage.open(io.BytesIO(files["tokens/boar/koiles.png"]))
    assert image.mode == "RGBA" and image.size == (220, 220)
    assert image.getpixel((0, 0))[3] == 0
    assert image.getpixel((110, 110)) == (255, 0, 0, 255)


@pytest.mark.parametrize("dpi", [72, 600])
def test_pixel_sizes_follow_the_dpi(dpi: int) -> None:
    data = _export(_deck()[:1], PngOptions(dpi=dpi, trim=True))["cards/actions/zannata-1.png"]
    assert PilImage.open(io.BytesIO(data)).size == (round(63.5 / 25.4 * dpi),
                                                    round(88.9 / 25.4 * dpi))


def test_a_board_too_large_for_memory_is_drawn_at_a_lower_dpi() -> None:
    from stamperia.generator.export.png import BOARD_MAX_PIXELS, piece_dpi

    a1 = Component(Kind.BOARD, "boards", "board", 1, POKER.__class__("a1", 594, 841), 0.0, ())
    dpi = piece_dpi(a1, 1200)
    assert dpi < 1200
    def pixels(at: int) -> int:
        return round(594 / 25.4 * at) * round(841 / 25.4 * at)

    assert pixels(dpi) <= BOARD_MAX_PIXELS < pixels(dpi + 1)
    assert piece_dpi(a1, 72) == 72
    assert piece_dpi(_deck()[0], 1200) == 1200


def _numbered_deck(count: int) -> tuple[Component, ...]:
    shades = [f"#{40 * n % 256:02x}2040" for n in range(count)]
    return card_components("actions", [(f"c{n}", _face(shade), _face(BLUE))
                                       for n, shade in enumerate(shades)], POKER, 3.0)


def test_pages_rendered_in_several_pdf_chunks_match_each_drawn_alone() -> None:
    deck = _numbered_deck(5)  # more pages than the first chunks hold
    together = _export(deck, PngOptions(dpi=72))
    assert len(chunk_spans(5)) > 1
    for card in deck:
        alone = _export((card,), PngOptions(dpi=72))
        name = f"cards/actions/{card.id}-1.png"
        assert alone[name] == together[name]
    corner = {name: PilImage.open(io.BytesIO(data)).convert("RGB").getpixel((0, 0))
              for name, data in together.items()}
    assert corner["cards/actions/c4-1.png"] == (160, 32, 64)


def test_chunks_grow_and_cover_every_page_once() -> None:
    assert chunk_spans(0) == []
    assert chunk_spans(1) == [range(0, 1)]
    assert chunk_spans(40) == [range(0, 2), range(2, 6), range(6, 14), range(14, 30),
                               range(30, 40)]


def test_an_export_stopped_early_leaves_no_thread_behind() -> None:
    import threading

    before = threading.active_count()
    files = png_files(_numbered_deck(40), PngOptions(dpi=72), FontSet.default(),
                      lambda _done, _total: None)
    assert next(files).path == "cards/actions/c0-1.png"
    files.close()
    assert threading.active_count() == before


def test_a_token_that_is_a_kind_of_its_own_is_named_by_its_id_alone() -> None:
    coin = Component(Kind.TOKEN, "", "coin", 1, POKER.__class__("t", 20, 20), 0.0,
                     (Rect(0, 0, 20, 20, Style(fill=RED, stroke=None)),), count=12)
    files = list(png_files((coin,), PngOptions(dpi=72), FontSet.default(),
                           lambda _done, _total: None))
    assert [(f.path, f.group, f.card, f.count) for f in files] == [
        ("tokens/coin.png", None, "coin", 12)]
