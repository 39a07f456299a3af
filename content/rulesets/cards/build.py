"""Build the `cards` part from its validated documents: decks (inline or from a sheet),
tokens, reference sheets, the board, with the game's layouts and theme beside them."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from stamperia.content.errors import ContentError, ContentProblems, Origin
from stamperia.content.findings import MISSING_PART
from stamperia.content.look.artwork import Art, inspect
from stamperia.content.look.layouts import Layouts, build_layouts
from stamperia.content.look.theme import Theme, build_theme
from stamperia.content.model import frozen_mapping
from stamperia.content.parts import Part, is_prototype
from stamperia.content.rulesets.cards.board import read_board
from stamperia.content.rulesets.cards.model import CardDice, CardSet, Deck, Record, Token
from stamperia.content.rulesets.cards.plugin import CARDS_KIND
from stamperia.content.spreadsheet import SheetSpec, read_sheet
from stamperia.content.validation.document import Document

POKER = (63.0, 88.0)
BLEED = 3.0


def _record(raw: Mapping[str, Any], origin: Origin, inherited: bool) -> Record:
    return Record(raw["id"], int(raw.get("copies", 1)), frozen_mapping(raw.get("fields", {})),
                  origin, is_prototype(raw, inherited))


def _deck(folder: Path, raw: Mapping[str, Any], origin: Origin, inherited: bool,
          problems: list[ContentError]) -> Deck:
    cards = [_record(c, origin.child(f"/cards/{i}"), is_prototype(raw, inherited))
             for i, c in enumerate(raw.get("cards", []))]
    source = raw.get("source")
    if source is not None:
        spec = SheetSpec(source["file"], source.get("sheet"), source.get("id_column", "id"),
                         source.get("copies_column", "copies"),
                         frozen_mapping(source["columns"]),
                         frozen_mapping({k: tuple(v) for k, v in
                                         source.get("values", {}).items()}))
        rows, found = read_sheet(folder, spec, origin.child("/source"))
        problems += found
        cards += [Record(r.id, r.copies, r.fields,
                         Origin(r.locator.file, "", r.locator.line, r.locator, ""),
                         is_prototype(raw, inherited)) for r in rows]
    return Deck(raw["id"], raw["layout"], raw.get("back"), tuple(cards), origin)


def _art(folder: Path, layouts: Layouts, records: list[tuple[str, Record]],
         problems: list[ContentError]) -> dict[str, Art]:
    """Every image the layouts draw for these records, inspected once per file."""
    art: dict[str, Art] = {}
    failed: set[str] = set()

    def see(relative: str, origin: Origin) -> None:
        if relative in art or relative in failed:
            return
        found, found_problems = inspect(folder, relative, origin)
        problems.extend(found_problems)
        if found is None:
            failed.add(relative)
        else:
            art[relative] = found

    for layout_id, record in records:
        layout = layouts.layouts.get(layout_id)
        for box in layout.boxes if layout is not None else ():
            if box.kind != "image":
                continue
            if box.image is not None:
                see(box.image, box.origin.child("/image"))
            elif box.field is not None and isinstance(record.fields.get(box.field), str):
                see(str(record.fields[box.field]), record.origin.child(f"/fields/{box.field}"))
    return art


def _default_theme(manifest: Document) -> Theme:
    palette = {"ink": "#1f1f1f", "paper": "#ffffff", "accent": "#2f5d8a"}
    return Theme(frozen_mapping(palette), frozen_mapping({}), frozen_mapping({}), 2.5,
                 frozen_mapping({}), frozen_mapping({}), frozen_mapping({}),
                 str(manifest.path.parent), manifest.origin("/parts"))


def build_cards(manifest: Document, documents: Mapping[str, Document]) -> tuple[Part, ...]:
    folder = manifest.path.parent
    if CARDS_KIND not in documents:
        raise ContentProblems([manifest.origin("/parts").error(
            "a game of the cards ruleset names no cards file",
            f'add "{CARDS_KIND}": "cards.json" to parts: the file of its decks, tokens and '
            "board", kind=MISSING_PART)])
    doc = documents[CARDS_KIND]
    data = doc.data
    inherited = data.get("status") == "prototype"
    problems: list[ContentError] = []
    layouts = (build_layouts(documents["layouts"]) if "layouts" in documents else
               Layouts(frozen_mapping({}), 3.0, manifest.origin("/parts")))
    theme = (build_theme(documents["theme"], folder) if "theme" in documents
             else _default_theme(manifest))
    decks = tuple(_deck(folder, d, doc.origin(f"/decks/{i}"), inherited, problems)
                  for i, d in enumerate(data["decks"]))
    tokens = tuple(Token(_record(t, doc.origin(f"/tokens/{i}"), inherited), t["layout"],
                         float(t["width"]), float(t["height"]))
                   for i, t in enumerate(data.get("tokens", [])))
    sheets = tuple((_record(s, doc.origin(f"/sheets/{i}"), inherited), str(s["layout"]))
                   for i, s in enumerate(data.get("sheets", [])))
    board = read_board(data["board"], doc.origin("/board"), problems) \
        if "board" in data else None
    size = data.get("card_size", {})
    part = CardSet(float(size.get("width", POKER[0])), float(size.get("height", POKER[1])),
                   BLEED, decks, tokens, sheets, board, layouts, theme, frozen_mapping({}),
                   doc.origin(), ())
    records = list(part.records())
    art = _art(folder, layouts, records, problems)
    if board is not None and board.image is not None:
        found, found_problems = inspect(folder, board.image, board.origin.child("/image"))
        problems += found_problems
        if found is not None:
            art[found.relative] = found
    dice = tuple(CardDice(d["id"], d["colour"], d["count"], d["sides"])
                 for d in data.get("dice", []))
    return (CardSet(part.card_width, part.card_height, BLEED, decks, tokens, sheets, board,
                    layouts, theme, frozen_mapping(art), doc.origin(), tuple(problems), dice),
            layouts, theme)
