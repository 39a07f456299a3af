"""What the print guide says this build needs, read from the build's own documents.

The guide's "what else you need" lists the boards with their print-shop sizes, the dice
(count, sides, colour), the sleeves per card size, then the materials; its "cutting
order" has one step per kind of component the build has (card sheets by their duplex
mode or gap, tokens, standees, tiled boards, print-shop boards, whole sheets), each
naming its files. A kit without tokens gets no token step.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from stamperia.content.look.colourscience import lab
from stamperia.generator.export.components import Dice
from stamperia.generator.kitdocument import KitDocument
from stamperia.generator.print.sizes import PAPER_SIZES
from stamperia.generator.uitext import UiText

SLEEVE_ROOM = 2.0
"""mm a sleeve's inside is larger than its card, each way (then rounded up to a mm)."""
COLOUR_NAMES = {"black": "#000000", "white": "#ffffff", "grey": "#808080", "red": "#d02020",
                "orange": "#f08020", "yellow": "#f0d020", "green": "#30a040",
                "blue": "#2050c0", "purple": "#8040a0", "brown": "#80502a"}
"""The names a die's colour is told by: the nearest of these (CIELAB distance)."""


@dataclass(frozen=True)
class Needs:
    """The guide's lists: what to get (`buy`) and the cutting steps (`steps`)."""

    buy: tuple[str, ...]
    steps: tuple[str, ...]


def colour_name(colour: str) -> str:
    """The name in COLOUR_NAMES nearest `colour`."""
    seen = lab(colour)
    return min(COLOUR_NAMES, key=lambda name: (math.dist(lab(COLOUR_NAMES[name]), seen), name))


def _mm(value: float) -> str:
    return f"{value:g}"


def _board_lines(documents: Sequence[KitDocument], ui: UiText) -> list[str]:
    """One line per print-shop board size: its files, the paper, the trim and bleed."""
    by_size: dict[tuple[float, float, float], list[str]] = {}
    for document in documents:
        if document.component != "board" or not document.pages:
            continue
        page = document.pages[0]
        if page.trim is None:
            continue
        key = (page.trim.width, page.trim.height, page.trim.x - page.bleed_box.x)
        by_size.setdefault(key, []).append(f"{document.stem}.pdf")
    lines: list[str] = []
    for (width, height, bleed), files in by_size.items():
        paper = next((p.name for p in PAPER_SIZES.values()
                      if {p.width, p.height} == {width, height}), "")
        lines.append(ui.count("guide.need.board", len(files), values={
            "files": ", ".join(files), "paper": paper, "width": _mm(width),
            "height": _mm(height), "bleed": _mm(bleed)}))
    return lines


def _dice_lines(dice: Sequence[Dice], ui: UiText) -> list[str]:
    counts: dict[tuple[int, str], int] = {}
    for die in dice:
        key = (die.sides, colour_name(die.colour))
        counts[key] = counts.get(key, 0) + die.count
    if not counts:
        return []
    return [ui("guide.need.dice", {"dice": "; ".join(
        ui.count("guide.need.die", count, values={"sides": sides,
                                                  "colour": ui(f"guide.colour.{name}")})
        for (sides, name), count in counts.items())})]


def _sleeve_lines(documents: Sequence[KitDocument], cards: Sequence[int], ui: UiText
                  ) -> list[str]:
    by_size: dict[tuple[float, float], tuple[str, int]] = {}
    for document, count in zip(documents, cards, strict=True):
        size = document.card_size
        if size is None or count == 0:
            continue
        key = (size.width, size.height)
        name, total = by_size.get(key, (size.label, 0))
        by_size[key] = (name, total + count)
    return [ui.count("guide.need.sleeves", total, values={
        "card": name, "width": _mm(math.ceil(width + SLEEVE_ROOM)),
        "height": _mm(math.ceil(height + SLEEVE_ROOM))})
        for (width, height), (name, total) in by_size.items()]


def _step_kind(document: KitDocument, gap: float | None) -> str | None:
    """The cutting step a document needs, or None (the guide and calibration pages)."""
    if document.component == "cards":
        if document.duplex == "fold":
            return "cards_fold"
        return "cards_gap" if gap else "cards"
    if document.component == "board":
        if document.pages and document.pages[0].trim is not None:
            return "board_shop"
        return "tiles" if document.stem.endswith("-tiles") else "sheet"
    if document.component == "tokens":
        return "standees" if document.stem == "standees" else "tokens"
    if document.component in ("factions", "sheets"):
        return "sheet"
    if document.component == "ruler":
        return "ruler"
    return None


STEP_ORDER = ("cards", "cards_gap", "cards_fold", "tokens", "standees", "ruler", "tiles",
              "board_shop", "sheet")


def _steps(documents: Sequence[KitDocument], gap: float | None, ui: UiText) -> list[str]:
    files: dict[str, list[str]] = {}
    for document in documents:
        kind = _step_kind(document, gap)
        if kind is not None:
            files.setdefault(kind, []).append(f"{document.stem}.pdf")
    return [f"{number}. " + ui(f"guide.step.{kind}", {"files": ", ".join(files[kind])})
            for number, kind in enumerate((k for k in STEP_ORDER if k in files), start=1)]


def kit_needs(documents: Sequence[KitDocument], cards: Sequence[int], dice: Sequence[Dice],
              gap: float | None, ui: UiText) -> Needs:
    """The guide's lists for these documents (`cards`: the cards each holds) and dice."""
    buy = [*_board_lines(documents, ui), *_dice_lines(dice, ui),
           *_sleeve_lines(documents, cards, ui), ui("guide.need.tools")]
    return Needs(tuple(buy), tuple(_steps(documents, gap, ui)))
