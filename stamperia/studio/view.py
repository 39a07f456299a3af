"""A game as the studio shows it: every piece drawn to SVG, the sheets, the findings.

The pieces are the kit's own (stamperia.generator.kit.build_kit, the documents the PDF is
made of), each side rendered by the SVG backend (stamperia.generator.draw.svg); nothing is
drawn twice. A side is rendered when the browser first asks for it (the first screen needs
a few cards, not the board further down), and a `Renders` memo keeps it from one view to
the next, so a save re-renders only the pieces it changed.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path

from stamperia.content.errors import ContentError
from stamperia.content.look.layouts import DEFAULT_SAFE_MM, Layouts
from stamperia.content.model import Game
from stamperia.generator.draw.drawing import Group, Item, Page, PageBox
from stamperia.generator.draw.fonts import FontSet
from stamperia.generator.export.components import Component
from stamperia.generator.kit import KitDocument, KitOptions, build_kit, kit_dice
from stamperia.generator.print.sizes import CARD_SIZES
from stamperia.studio.pins import Box, CsvRows, Pin, pins_for, text_boxes

MAX_RENDERS = 4096
"""Drawings the memo keeps between views; past that it starts afresh."""


@dataclass(frozen=True)
class Finding:
    """A check finding as the page lists it; `link` opens the file at its line in an editor."""

    file: str
    shown: str
    line: int
    pointer: str
    message: str
    hint: str
    severity: str
    code: str
    link: str

    def as_json(self) -> dict[str, object]:
        return {"file": self.file, "shown": self.shown, "line": self.line,
                "pointer": self.pointer, "message": self.message, "hint": self.hint,
                "severity": self.severity, "code": self.code, "link": self.link}


@dataclass(frozen=True)
class Piece:
    """One design of a card, token, piece or board with its copies; `key` names it in URLs."""

    key: str
    kind: str
    group: str
    id: str
    copies: int
    width: float
    height: float
    bleed: float
    face: Page
    back: Page | None
    pins: tuple[Pin, ...]
    digest: str
    """Changes when anything the page shows of the piece changes (within one run of the
    server: it hashes the drawing)."""

    def as_json(self) -> dict[str, object]:
        return {"key": self.key, "kind": self.kind, "group": self.group, "id": self.id,
                "copies": self.copies, "width": self.width, "height": self.height,
                "bleed": self.bleed, "back": self.back is not None, "digest": self.digest,
                "pins": [_pin_json(pin) for pin in self.pins]}


@dataclass(frozen=True)
class Sheet:
    """One page of the kit as it prints (imposed); `document` is its file's stem."""

    document: str
    title: str
    number: int
    width: float
    height: float
    page: Page
    digest: str
    """Changes when the page's drawing does (within one run of the server)."""


@dataclass(frozen=True)
class GameView:
    """Everything the page shows of one game in one locale."""

    game: str
    title: str
    folder: str
    locale: str
    locales: tuple[str, ...]
    card: str
    """The card size asked ('' for the size the studio was started with)."""
    card_label: str
    safe: float
    pieces: tuple[Piece, ...]
    sheets: tuple[Sheet, ...]
    findings: tuple[Finding, ...]
    dice: tuple[dict[str, object], ...]
    fonts: FontSet

    def piece(self, key: str) -> Piece | None:
        return next((p for p in self.pieces if p.key == key), None)

    def as_json(self) -> dict[str, object]:
        return {"game": self.game, "title": self.title, "folder": self.folder,
                "locale": self.locale, "locales": list(self.locales), "card": self.card,
                "card_label": self.card_label, "cards": list(CARD_SIZES),
                "safe": self.safe, "pieces": [p.as_json() for p in self.pieces],
                "sheets": [{"document": s.document, "title": s.title, "number": s.number,
                            "width": s.width, "height": s.height, "digest": s.digest}
                           for s in self.sheets],
                "findings": [f.as_json() for f in self.findings], "dice": list(self.dice)}


Render = Callable[[Page, FontSet], str]


class Renders:
    """SVG text by drawing, kept from one view to the next: an unchanged piece is not
    rendered again after a save. `forget` empties it when an image or font changed (a
    drawing names its image files, not their bytes)."""

    def __init__(self, render: Render) -> None:
        self._render = render
        self._kept: dict[Page, str] = {}
        self.epoch = 0
        """Counts `forget`s: part of every digest, so the page fetches a redrawn image
        whose drawing (which names the file) did not change."""

    def svg(self, page: Page, fonts: FontSet) -> str:
        found = self._kept.get(page)
        if found is None:
            if len(self._kept) >= MAX_RENDERS:
                self._kept.clear()
            found = self._kept[page] = self._render(page, fonts)
        return found

    def forget(self) -> None:
        self._kept.clear()
        self.epoch += 1


def piece_page(component: Component, side: tuple[Item, ...]) -> Page:
    """One side of a piece as a page: trim plus bleed all round, the trim box marked."""
    bleed = component.bleed
    width, height = component.size.width, component.size.height
    return Page(width + 2 * bleed, height + 2 * bleed,
                (Group(side, translate=(bleed, bleed)),), component.id,
                PageBox(bleed, bleed, width, height),
                PageBox(0.0, 0.0, width + 2 * bleed, height + 2 * bleed))


def finding_of(problem: ContentError, folder: Path) -> Finding:
    path = Path(problem.file)
    try:
        shown = str(path.resolve().relative_to(folder.resolve()))
    except (ValueError, OSError):
        shown = problem.file
    absolute = path if path.is_absolute() else path.resolve()
    return Finding(problem.file, shown, problem.line, problem.pointer, problem.message,
                   problem.hint, problem.severity, problem.code,
                   f"vscode://file/{absolute.as_posix().lstrip('/')}:{max(problem.line, 1)}")


def game_view(game: Game, locale: str, options: KitOptions, fonts: FontSet,
              problems: tuple[ContentError, ...], epoch: int = 0, card: str = "") -> GameView:
    """The view of `game` in `locale`: its kit drawn with `options`, `problems` pinned;
    `epoch` (Renders.epoch) is mixed into the digests."""
    documents = build_kit(game, locale, replace(options, fonts=fonts))
    folder = Path(game.folder)
    rows = CsvRows()
    pieces = _pieces(documents, problems, rows, epoch)
    sheets = tuple(Sheet(d.stem, d.title, number, page.width_mm, page.height_mm, page,
                         _digest((page, epoch)))
                   for d in documents for number, page in enumerate(d.pages, start=1))
    layouts = game.find_part(Layouts)
    dice = tuple({"id": d.id, "colour": d.colour, "count": d.count, "sides": d.sides}
                 for d in kit_dice(game))
    label = options.card.name if options.card_asked else "the game's own"
    return GameView(game.id, game.title(locale), str(folder), locale, game.locales, card, label,
                    layouts.safe if layouts is not None else DEFAULT_SAFE_MM, pieces, sheets,
                    tuple(finding_of(p, folder) for p in problems), dice, fonts)


def _pieces(documents: tuple[KitDocument, ...], problems: tuple[ContentError, ...],
            rows: CsvRows, epoch: int) -> tuple[Piece, ...]:
    """One piece per design: copies of a card (or a token standing for several) counted."""
    first: dict[str, Component] = {}
    copies: dict[str, int] = {}
    for document in documents:
        for component in document.components:
            key = "/".join(filter(None, (component.kind.value, component.group,
                                         component.id)))
            first.setdefault(key, component)
            copies[key] = copies.get(key, 0) + component.count
    pieces = []
    for key, component in first.items():
        boxes: tuple[Box, ...] = tuple(text_boxes(component.face))
        if component.back is not None:
            boxes += tuple(text_boxes(component.back))
        face = piece_page(component, component.face)
        back = piece_page(component, component.back) if component.back is not None else None
        pins = pins_for(component.id, boxes, problems, rows)
        pieces.append(Piece(key, component.kind.value, component.group, component.id,
                            copies[key], component.size.width, component.size.height,
                            component.bleed, face, back, pins,
                            _digest((face, back, pins, copies[key], epoch))))
    return tuple(pieces)


def _digest(drawing: object) -> str:
    """A short name of a drawing that changes when it does: Python's hash of the frozen
    tree, stable within the process that serves it (the page asks again after a restart)."""
    return format(hash(drawing) & 0xFFFF_FFFF_FFFF, "012x")


def piece_svg(piece: Piece, side: str, fonts: FontSet, renders: Renders) -> str | None:
    """One side of a piece as SVG ('face' or 'back'); None when it has no such side."""
    page = piece.face if side == "face" else piece.back if side == "back" else None
    return None if page is None else renders.svg(page, fonts)


def _pin_json(pin: Pin) -> dict[str, object]:
    box = pin.box
    return {"finding": pin.finding,
            "box": None if box is None else {"x": box.x, "y": box.y, "width": box.width,
                                             "height": box.height}}
