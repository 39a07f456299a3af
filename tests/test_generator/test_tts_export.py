"""Tabletop Simulator: sheet grids within 10x7 and 4096 px, the hidden face in the last
slot, and the saved objects' fields as TTS reads them."""

from __future__ import annotations

import io
import json

import pytest
from PIL import Image as PilImage

from stamperia.generator.draw.drawing import Rect, Style, TextBox, TextSource
from stamperia.generator.draw.fonts import FontSet
from stamperia.generator.export.components import Component, Dice, Kind, card_components
from stamperia.generator.export.files import ExportError
from stamperia.generator.export.tts import TtsOptions, tts_files
from stamperia.generator.export.ttsscale import CARD_UNITS, TILE_UNITS, card_scale, tile_scale
from stamperia.generator.export.ttssheets import chunks, grid_for, per_sheet
from stamperia.generator.print.sizes import CARD_SIZES, Size

POKER = CARD_SIZES["poker"]
TRIM = (POKER.width, POKER.height)


def _fill(colour: str) -> tuple[Rect, ...]:
    return (Rect(-3, -3, POKER.width + 6, POKER.height + 6, Style(fill=colour, stroke=None)),)


def test_a_full_sheet_is_10_by_7_within_4096_px() -> None:
    grid = grid_for(69, TRIM, 300)
    assert (grid.columns, grid.rows) == (10, 7)
    assert grid.sheet_px[0] <= 4096 and grid.sheet_px[1] <= 4096
    assert grid.hidden_slot == 69


def test_a_small_deck_keeps_its_dpi_and_a_slot_for_the_hidden_face() -> None:
    grid = grid_for(2, TRIM, 100)
    assert (grid.columns, grid.rows, grid.card_px) == (3, 1, (250, 350))


def test_decks_larger_than_69_cards_are_split() -> None:
    assert [len(r) for r in chunks(70)] == [35, 35]
    assert [len(r) for r in chunks(138)] == [69, 69]
    assert [len(r) for r in chunks(30, 14)] == [10, 10, 10]
    with pytest.raises(ValueError):
        grid_for(70, TRIM, 300)


def _files(components: tuple[Component, ...]) -> dict[str, bytes]:
    options = TtsOptions("tiny", "Tiny", 50, "https://example.org/tiny/")
    return {f.path: f.data for f in tts_files(components, options, FontSet.default(),
                                              lambda _d, _t: None)}


def test_save_file_has_a_custom_deck_per_deck_and_custom_tokens() -> None:
    cards = card_components("actions", [("zannata", _fill("#ff0000"), _fill("#0000ff"))] * 2
                            + [("pax", _fill("#00ff00"), _fill("#0000ff"))], POKER, 3.0)
    token = Component(Kind.TOKEN, "boar", "koiles", 1, Size("t", 20, 20), 0.8,
                      _fill("#123456"), colour="#1f5fa8", count=12)
    files = _files((*cards, token))
    save = json.loads(files["tts/tiny.json"])
    deck, placed = save["ObjectStates"]
    assert deck["Name"] == "DeckCustom"
    assert deck["DeckIDs"] == [100, 101, 102]
    assert [c["Nickname"] for c in deck["ContainedObjects"]] == ["zannata", "zannata", "pax"]
    assert deck["CustomDeck"] == {"1": {
        "FaceURL": "https://example.org/tiny/actions-1.png",
        "BackURL": "https://example.org/tiny/actions-1-back.png",
        "NumWidth": 4, "NumHeight": 1, "BackIsHidden": False, "UniqueBack": False,
        "Type": 0}}
    assert placed["Name"] == "Bag" and placed["Nickname"] == "boar koiles ×12"
    inside = placed["ContainedObjects"]
    assert [o["Name"] for o in inside] == ["Custom_Token"] * 12
    assert len({o["GUID"] for o in inside}) == 12
    assert inside[0]["CustomImage"]["ImageURL"] == "https://example.org/tiny/token-boar-koiles.png"
    assert inside[0]["CustomImage"]["CustomToken"]["StandUp"] is False
    assert json.loads(files["tts/objects/actions.json"])["ObjectStates"] == [deck]


def test_sheet_holds_the_faces_in_order_and_the_hidden_face_last() -> None:
    cards = card_components("d", [("a", _fill("#ff0000"), _fill("#0000ff")),
                                  ("b", _fill("#00ff00"), _fill("#0000ff"))], POKER, 3.0)
    files = _files(cards)
    sheet = PilImage.open(io.BytesIO(files["tts/d-1.png"])).convert("RGB")
    width = sheet.width // 3
    centre = sheet.height // 2
    assert [sheet.getpixel((width * i + width // 2, centre)) for i in range(3)] == [
        (255, 0, 0), (0, 255, 0), (0, 0, 255)]
    back = PilImage.open(io.BytesIO(files["tts/d-1-back.png"]))
    assert back.size == (width, sheet.height)


def test_different_backs_in_a_deck_make_a_back_sheet() -> None:
    cards = card_components("d", [("a", _fill("#ff0000"), _fill("#0000ff")),
                                  ("b", _fill("#00ff00"), _fill("#ffff00"))], POKER, 3.0)
    files = _files(cards)
    deck = json.loads(files["tts/objects/d.json"])["ObjectStates"][0]
    assert deck["CustomDeck"]["1"]["UniqueBack"] is True
    back = PilImage.open(io.BytesIO(files["tts/d-1-back.png"]))
    assert back.size == PilImage.open(io.BytesIO(files["tts/d-1.png"])).size


def test_a_standing_piece_stands_up_and_a_double_sided_token_flips_to_its_back() -> None:
    piece = Component(Kind.PIECE, "troll", "north", 1, Size("s", 26, 38), 0.0,
                      _fill("#123456"), colour="#123456")
    lap = Component(Kind.TOKEN, "lap", "50-100", 1, Size("t", 18, 18), 0.2, _fill("#ffffff"),
                    _fill("#000000"))
    files = _files((piece, lap))
    standing, flipping = json.loads(files["tts/tiny.json"])["ObjectStates"]
    assert standing["Name"] == "Custom_Token"
    assert standing["CustomImage"]["CustomToken"]["StandUp"] is True
    assert standing["CustomImage"]["ImageURL"] == "https://example.org/tiny/piece-troll-north.png"
    back = flipping["States"]["2"]
    assert back["CustomImage"]["ImageURL"] == "https://example.org/tiny/token-lap-50-100-back.png"
    assert "tts/token-lap-50-100-back.png" in files


def test_dice_are_standard_dice_tinted_in_their_colours_as_many_as_declared() -> None:
    cards = card_components("actions", [("pax", _fill("#00ff00"), _fill("#0000ff"))], POKER,
                            3.0)
    options = TtsOptions("tiny", "Tiny", 50, "https://example.org/tiny/",
                         (Dice("attack", "#111111", 3, 6), Dice("defence", "#ffffff", 2, 20)))
    files = {f.path: f.data for f in tts_files(cards, options, FontSet.default(),
                                               lambda _d, _t: None)}
    dice = [o for o in json.loads(files["tts/tiny.json"])["ObjectStates"]
            if o["Name"].startswith("Die_")]
    assert [(d["Name"], d["Nickname"]) for d in dice] == [
        ("Die_6", "attack"), ("Die_6", "attack"), ("Die_6", "attack"),
        ("Die_20", "defence"), ("Die_20", "defence")]
    assert dice[0]["ColorDiffuse"] == {"r": 0.066667, "g": 0.066667, "b": 0.066667}
    assert dice[3]["ColorDiffuse"] == {"r": 1.0, "g": 1.0, "b": 1.0}
    assert len({d["GUID"] for d in dice}) == 5
    assert "Die_6" not in files["tts/objects/actions.json"].decode()


def test_dice_tabletop_simulator_does_not_have_are_refused_before_drawing() -> None:
    options = TtsOptions("tiny", "Tiny", 50, "https://example.org/tiny/",
                         (Dice("odd", "#111111", 1, 7),))
    with pytest.raises(ExportError, match="'odd' have 7 sides.*4, 6, 8, 10, 12, 20"):
        next(tts_files((), options, FontSet.default(), lambda _d, _t: None))


def test_a_token_that_is_a_kind_of_its_own_is_named_by_its_id_alone() -> None:
    coin = Component(Kind.TOKEN, "", "coin", 1, Size("t", 20, 20), 0.0, _fill("#123456"),
                     count=2)
    files = _files((coin,))
    bag = json.loads(files["tts/tiny.json"])["ObjectStates"][0]
    assert "tts/token-coin.png" in files
    assert bag["Nickname"] == "coin ×2"
    assert bag["ContainedObjects"][0]["CustomImage"]["ImageURL"] == (
        "https://example.org/tiny/token-coin.png")


def test_pieces_keep_their_printed_size_beside_the_cards() -> None:
    """TTS's standard card is a poker card 2.25 units wide: every piece is drawn at the
    same 2.25 / 63.5 units per millimetre, whatever object it is."""
    assert card_scale(88.9) == 1.0 and CARD_UNITS[0] == 2.25
    assert card_scale(63.0) == pytest.approx(63.0 / 88.9, abs=1e-4)  # a mini card
    for height_mm in (16.0, 38.0, 594.0):  # a boar, a standee, an A2 board
        shown = tile_scale(height_mm) * TILE_UNITS
        assert shown == pytest.approx(height_mm * 2.25 / 63.5, rel=1e-3)


def test_the_save_scales_tokens_and_boards_by_their_printed_height() -> None:
    token = Component(Kind.TOKEN, "boar", "koiles", 1, Size("t", 16, 16), 1.0,
                      _fill("#123456"), colour="#1f5fa8")
    board = Component(Kind.BOARD, "boards", "board", 1, Size("a2", 420, 594), 0.0,
                      _fill("#00ff00"))
    save = json.loads(_files((token, board))["tts/tiny.json"])
    placed, tile = save["ObjectStates"]
    assert placed["Name"] == "Custom_Token"
    assert placed["Transform"]["scaleX"] == tile_scale(18.0)  # 16 mm and its bleed
    assert tile["Name"] == "Custom_Tile" and tile["Locked"] is True
    assert tile["Transform"]["scaleZ"] == tile_scale(594.0)
    assert tile["CustomImage"]["CustomTile"]["Stretch"] is True


@pytest.mark.parametrize("name", sorted(CARD_SIZES))
@pytest.mark.parametrize("count", [1, 2, 14, 15, 30, 57, 69, 70, 200])
def test_every_face_keeps_300_dpi_on_sheets_within_4096_px(name: str, count: int) -> None:
    size = CARD_SIZES[name]
    trim = (size.width, size.height)
    sheets = chunks(count, per_sheet(trim, 300))
    assert sum(len(s) for s in sheets) == count
    for span in sheets:
        grid = grid_for(len(span), trim, 300)
        assert grid.columns <= 10 and grid.rows <= 7
        assert grid.sheet_px[0] <= 4096 and grid.sheet_px[1] <= 4096
        assert grid.columns * grid.rows > len(span)  # the hidden face's slot
        assert grid.card_px[0] * 25.4 / size.width >= 299.5


def test_a_poker_deck_is_five_columns_of_full_resolution_faces() -> None:
    assert per_sheet(TRIM, 300) == 14  # 5 x 3 slots of 750 x 1050 px, one for the hidden face
    grid = grid_for(14, TRIM, 300)
    assert (grid.columns, grid.rows, grid.card_px) == (5, 3, (750, 1050))


def _titled(title: str, body: str) -> tuple[TextBox | Rect, ...]:
    return (*_fill("#ffffff"),
            TextBox(5, 5, 50, 10, title, size=14, min_size=8,
                    source=TextSource("c", "card.x.name", None, "card", "title")),
            TextBox(5, 30, 50, 40, body, size=9, min_size=6,
                    source=TextSource("c", "card.x.text", None, "card", "body")))


def test_cards_are_named_by_their_printed_title_and_described_by_their_text() -> None:
    cards = card_components("actions", [
        ("zannata", _titled("Zannata", "Attack twice."), _fill("#0000ff")),
        ("pax", _titled("Pax Suina", "Nobody attacks you."), _fill("#0000ff"))], POKER, 3.0)
    deck = json.loads(_files(cards)["tts/tiny.json"])["ObjectStates"][0]
    assert [(c["Nickname"], c["Description"]) for c in deck["ContainedObjects"]] == [
        ("Zannata", "Attack twice."), ("Pax Suina", "Nobody attacks you.")]
