"""A Tabletop Simulator set: deck sheets, token and board images, a saved object per deck
and one save file for the whole game, all under `tts/`.

The JSON follows what TTS itself saves: `ObjectStates` holding a `DeckCustom` per deck whose
`CustomDeck` entries name the sheet images (`FaceURL`, `BackURL`, `NumWidth`, `NumHeight`,
`BackIsHidden`, `UniqueBack`), `DeckIDs` and one `Card` per card in `ContainedObjects`; the
board a `Custom_Tile`, tokens `Custom_Token` tinted in their faction's colour. Identifiers
are derived from names, so the same kit gives the same files.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from PIL import Image as PilImage

from stamperia.generator.draw.drawing import Item
from stamperia.generator.draw.fonts import FontSet
from stamperia.generator.export.cardwords import card_words
from stamperia.generator.export.components import Component, Dice, Kind
from stamperia.generator.export.files import ExportedFile, ExportError
from stamperia.generator.export.pngfile import encode_png
from stamperia.generator.export.raster import (
    MM_PER_INCH,
    RasterJob,
    Tick,
    effective_dpi,
    render_images,
)
from stamperia.generator.export.ttsobjects import (
    TTS_DICE,
    DeckSheet,
    JsonObject,
    TokenImage,
    board_object,
    deck_object,
    die_object,
    save_file,
    token_supply,
)
from stamperia.generator.export.ttsscale import CARD_UNITS, card_scale, table_units, tile_scale
from stamperia.generator.export.ttssheets import (
    MAX_SHEET_PX,
    SheetGrid,
    chunks,
    compose,
    grid_for,
    per_sheet,
)

TOKEN_MAX_PX = 512
DECK_GAP = 0.75
"""Table units between decks laid side by side."""
BOARD_GAP = 2.0
"""Table units between boards laid side by side, behind the decks."""
DICE_Z = -4.0
"""Dice lie in a row in front of the decks (the tokens are to the left, the boards
behind)."""
FOLDER = "tts"


@dataclass(frozen=True)
class TtsOptions:
    """`base_url` ends with '/': the address of the `tts/` folder as TTS will read it."""

    game: str
    title: str
    dpi: int
    base_url: str
    dice: tuple[Dice, ...] = ()


@dataclass(frozen=True)
class _Sheet:
    deck: str
    number: int
    grid: SheetGrid
    cards: tuple[Component, ...]


def _sheets(cards: Sequence[Component], dpi: int) -> list[_Sheet]:
    decks: dict[str, list[Component]] = {}
    for card in cards:
        decks.setdefault(card.group, []).append(card)
    sheets = []
    for deck, members in decks.items():
        trim = (members[0].size.width, members[0].size.height)
        for number, span in enumerate(chunks(len(members), per_sheet(trim, dpi)), start=1):
            grid = grid_for(len(span), trim, dpi)
            sheets.append(_Sheet(deck, number, grid, tuple(members[i] for i in span)))
    return sheets


def _fit(size_mm: tuple[float, float], dpi: int, limit: int) -> tuple[int, int]:
    """Pixels at `dpi`, scaled down so the longer side is at most `limit`."""
    width, height = size_mm[0] * dpi / MM_PER_INCH, size_mm[1] * dpi / MM_PER_INCH
    scale = min(1.0, limit / max(width, height))
    return max(1, round(width * scale)), max(1, round(height * scale))



class _Jobs:
    """Distinct drawings to render, each once, in the order first asked for."""

    def __init__(self) -> None:
        self.jobs: list[RasterJob] = []
        self._index: dict[RasterJob, int] = {}

    def want(self, job: RasterJob) -> int:
        if job not in self._index:
            self._index[job] = len(self.jobs)
            self.jobs.append(job)
        return self._index[job]


def _trim(component: Component) -> tuple[float, float]:
    return component.size.width, component.size.height


def _blank(pixels: tuple[int, int]) -> PilImage.Image:
    return PilImage.new("RGB", pixels, (255, 255, 255))


def tts_files(components: Sequence[Component], options: TtsOptions, fonts: FontSet,
              tick: Tick) -> Iterator[ExportedFile]:
    """The sheets and images, then a saved object per deck, then the save file (with the
    dice beside the pieces)."""
    check_dice(options.dice)
    jobs = _Jobs()
    sheets = _sheets([c for c in components if c.kind is Kind.CARD], options.dpi)
    faces = [[jobs.want(RasterJob(c.face, _trim(c), 0.0, s.grid.card_px)) for c in s.cards]
             for s in sheets]
    backs = [[None if c.back is None else jobs.want(RasterJob(c.back, _trim(c), 0.0,
                                                              s.grid.card_px))
              for c in s.cards] for s in sheets]
    tokens = [c for c in components if c.kind in (Kind.TOKEN, Kind.PIECE)]
    token_jobs = [(jobs.want(_token_job(t, t.face, options.dpi)),
                   None if t.back is None else jobs.want(_token_job(t, t.back, options.dpi)))
                  for t in tokens]
    boards = [c for c in components if c.kind is Kind.BOARD]
    board_jobs = [jobs.want(RasterJob(b.face, _trim(b), 0.0,
                                      _fit(_trim(b), options.dpi, MAX_SHEET_PX)))
                  for b in boards]
    images = list(render_images(jobs.jobs, fonts, tick))
    objects: list[JsonObject] = []
    decks: dict[str, list[DeckSheet]] = {}
    decks_height: dict[str, float] = {}
    for sheet, face_ids, back_ids in zip(sheets, faces, backs, strict=True):
        deck_sheet, files = _sheet_files(sheet, face_ids, back_ids, images, options)
        decks.setdefault(sheet.deck, []).append(deck_sheet)
        decks_height[sheet.deck] = sheet.cards[0].size.height
        yield from files
    next_id = 1
    for position, (deck, deck_sheets) in enumerate(decks.items()):
        scale = card_scale(decks_height[deck])
        deck_json = deck_object(deck, next_id, deck_sheets,
                                position * (CARD_UNITS[0] * scale + DECK_GAP), scale)
        next_id += len(deck_sheets)
        objects.append(deck_json)
        yield _json(f"objects/{deck}.json", Kind.CARD.value, deck,
                    save_file(deck, [deck_json]))
    for number, (token, (face_job, back_job)) in enumerate(zip(tokens, token_jobs,
                                                                 strict=True)):
        name = "-".join(filter(None, (token.kind.value, token.group, token.id)))
        yield _png(f"{name}.png", token, images[face_job], "face")
        back_url = None
        if back_job is not None:
            yield _png(f"{name}-back.png", token, images[back_job], "back")
            back_url = options.base_url + f"{name}-back.png"
        image = TokenImage(f"{token.group} {token.id}".strip(), options.base_url + f"{name}.png",
                           back_url, token.colour, _token_scale(token),
                           token.kind is Kind.PIECE)
        objects.append(token_supply(image, token.count, -6.0 - 1.5 * (number % 6),
                                    1.5 * (number // 6)))
    left = 0.0
    for board, job in zip(boards, board_jobs, strict=True):
        name = f"board-{board.id}.png"
        yield _png(name, board, images[job], "face")
        width, height = table_units(board.size.width), table_units(board.size.height)
        objects.append(board_object(board.id, options.base_url + name,
                                    tile_scale(board.size.height), left + width / 2,
                                    CARD_UNITS[1] + height / 2))
        left += width + BOARD_GAP
    objects += dice_objects(options.dice)
    yield _json(f"{options.game}.json", "game", None, save_file(options.title, objects))


def check_dice(dice: Sequence[Dice]) -> None:
    """Dice Tabletop Simulator has as standard objects, said before anything is drawn."""
    for die in dice:
        if die.sides not in TTS_DICE:
            raise ExportError(
                f"dice {die.id!r} have {die.sides} sides: Tabletop Simulator's standard "
                f"dice have {', '.join(map(str, TTS_DICE))} sides")


def dice_objects(dice: Sequence[Dice]) -> list[JsonObject]:
    """Every die, as many as the content counts, in a row of the table."""
    objects: list[JsonObject] = []
    for die in dice:
        for copy in range(1, die.count + 1):
            objects.append(die_object(die.id, die.sides, die.colour, copy,
                                      1.5 * len(objects), DICE_Z))
    return objects


def _sheet_files(sheet: _Sheet, face_ids: list[int], back_ids: list[int | None],
                 images: Sequence[PilImage.Image], options: TtsOptions
                 ) -> tuple[DeckSheet, list[ExportedFile]]:
    grid = sheet.grid
    back_images = [images[i] if i is not None else _blank(grid.card_px) for i in back_ids]
    hidden = back_images[0]
    stem = f"{sheet.deck}-{sheet.number}"
    face = compose(grid, [images[i] for i in face_ids], hidden)
    unique = len(set(back_ids)) > 1
    back = compose(grid, back_images, None) if unique else hidden
    dpi = effective_dpi(grid.card_px[0], sheet.cards[0].size.width)
    card = Kind.CARD.value
    files = [ExportedFile(f"{FOLDER}/{stem}.png", card, sheet.deck, None, "face",
                          face.size, dpi, encode_png(face, dpi)),
             ExportedFile(f"{FOLDER}/{stem}-back.png", card, sheet.deck, None, "back",
                          back.size, dpi, encode_png(back, dpi))]
    words = [card_words(c.face) for c in sheet.cards]
    names = tuple(w.title or c.id for w, c in zip(words, sheet.cards, strict=True))
    return DeckSheet(options.base_url + f"{stem}.png", options.base_url + f"{stem}-back.png",
                     grid.columns, grid.rows, unique, names,
                     tuple(w.text for w in words)), files


def _png(name: str, piece: Component, image: PilImage.Image, side: str) -> ExportedFile:
    """A token, piece or board image; its DPI is what its pixels give the piece's printed
    size."""
    dpi = effective_dpi(image.width, piece.size.width + 2 * piece.bleed)
    return ExportedFile(f"{FOLDER}/{name}", piece.kind.value, piece.group or None, piece.id, side,
                        image.size, dpi, encode_png(image, dpi), count=piece.count)


def _token_job(token: Component, items: tuple[Item, ...], dpi: int) -> RasterJob:
    return RasterJob(items, _trim(token), token.bleed, _fit(
        (token.size.width + 2 * token.bleed, token.size.height + 2 * token.bleed), dpi,
        TOKEN_MAX_PX), transparent=True)


def _token_scale(token: Component) -> float:
    """A token as large beside the cards as printed: its image, bleed included, is the
    printed size plus the bleed."""
    return tile_scale(token.size.height + 2 * token.bleed)


def _json(name: str, component: str, group: str | None, data: JsonObject) -> ExportedFile:
    text = json.dumps(data, indent=2, ensure_ascii=False) + "\n"
    return ExportedFile(f"{FOLDER}/{name}", component, group, None, None, None, None,
                        text.encode("utf-8"))
