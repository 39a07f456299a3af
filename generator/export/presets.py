"""Print shops' upload specs, kept as data (presets.json) so a shop is added without code.

Each preset says the card sizes the shop prints (trim in mm), its bleed and safe zone, the
DPI and colour space (with the PDF/X level and total ink limit of its PDFs), whether it
wants a PNG per card or a PDF per deck, and its file names
(`{deck}`, `{card}`, `{copy}`, `{number}` from 1 in the deck). docs/print-shops.md says where
each value comes from. `gap_mm` is the gap between cards on the kit's own sheets, so each
card keeps its own bleed there too (--gap overrides it).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from importlib.resources import files
from types import MappingProxyType

from stamperia.generator.draw.colourmode import ColourMode, PdfX
from stamperia.generator.print.sizes import Size

PNG_PER_CARD = "png-per-card"
PDF_PER_DECK = "pdf-per-deck"


class PresetError(ValueError):
    """A preset asked for something the shop does not print; `option` names the option."""

    def __init__(self, message: str, option: str) -> None:
        super().__init__(message)
        self.message = message
        self.option = option


@dataclass(frozen=True)
class Preset:
    id: str
    title: str
    source: str
    files: str
    dpi: int
    colour: str
    bleed_mm: float
    safe_mm: float
    gap_mm: float
    sizes: Mapping[str, Size]
    face_name: str
    back_name: str
    unconfirmed: tuple[str, ...]
    pdfx: PdfX = PdfX.NONE
    """The PDF/X level of the shop's PDFs (DriveThruCards: X-1a:2003)."""
    ink_limit: float | None = None
    """% total ink the shop allows (None: the press profile's 300 %)."""

    @property
    def pdf_colour(self) -> ColourMode:
        """The colour space of the shop's PDFs: CMYK when it asks for CMYK."""
        return ColourMode.CMYK if self.colour == "CMYK" else ColourMode.RGB

    def card(self, name: str) -> Size:
        """The shop's own trim for a card size name; any other size is refused, naming
        the sizes the shop prints."""
        if name not in self.sizes:
            raise PresetError(f"{self.title} does not print {name!r} cards: choose from "
                              f"{', '.join(self.sizes)}", "--card-size")
        return self.sizes[name]


def load_presets() -> Mapping[str, Preset]:
    presets = files("stamperia.generator.export").joinpath("presets.json")
    raw = json.loads(presets.read_text("utf-8"))
    return MappingProxyType({key: _preset(key, value) for key, value in raw.items()})


def preset(name: str) -> Preset:
    found = load_presets()
    if name not in found:
        raise PresetError(f"{name!r}: choose from {', '.join(found)}", "--preset")
    return found[name]


def _preset(key: str, raw: dict[str, object]) -> Preset:
    sizes = raw["sizes"]
    assert isinstance(sizes, dict)
    unconfirmed = raw.get("unconfirmed", [])
    assert isinstance(unconfirmed, list)
    return Preset(
        id=key, title=str(raw["title"]), source=str(raw["source"]), files=str(raw["files"]),
        dpi=int(str(raw["dpi"])), colour=str(raw["colour"]),
        bleed_mm=float(str(raw["bleed_mm"])), safe_mm=float(str(raw["safe_mm"])),
        gap_mm=float(str(raw["gap_mm"])),
        sizes=MappingProxyType({name: Size(name, float(w), float(h))
                                for name, (w, h) in sizes.items()}),
        face_name=str(raw["face_name"]), back_name=str(raw["back_name"]),
        unconfirmed=tuple(str(u) for u in unconfirmed),
        pdfx=PdfX(str(raw.get("pdfx", "none"))),
        ink_limit=float(str(raw["ink_limit"])) if "ink_limit" in raw else None)
