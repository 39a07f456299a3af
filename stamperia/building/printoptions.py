"""The print-shop options of `stamperia build`: card gap, duplex back offset, colour space.

Parsed here, so the click command keeps to its option lines; a value out of bounds is a
usage error naming its option.
"""

from __future__ import annotations

from dataclasses import replace

from stamperia.generator.draw.colourmode import ColourMode, PdfX
from stamperia.generator.kitdocument import KitOptions
from stamperia.generator.print.imposition import MAX_GAP, ImpositionError, impose
from stamperia.rules.ruleset import ToolUsage

MAX_BACK_OFFSET = 10.0
"""mm: a printer that misregisters its two sides by more is not worth calibrating."""


def parse_back_offset(text: str) -> tuple[float, float]:
    """'X,Y' in mm (x right, y down), each within ±MAX_BACK_OFFSET."""
    parts = text.replace(" ", "").split(",")
    try:
        if len(parts) != 2:
            raise ValueError
        x, y = float(parts[0]), float(parts[1])
    except ValueError:
        raise ToolUsage(f"{text!r} is not an offset; write it as X,Y in mm, e.g. 0.5,-1 "
                        "(read it from the calibration sheet)", "--back-offset") from None
    if not (abs(x) <= MAX_BACK_OFFSET and abs(y) <= MAX_BACK_OFFSET):
        raise ToolUsage(f"back offset {text} is beyond ±{MAX_BACK_OFFSET:g} mm; reprint the "
                        "calibration sheet and check the printer's paper guides",
                        "--back-offset")
    return (x + 0.0, y + 0.0)


def print_options(options: KitOptions, gap: float | None, back_offset: str, colour: str,
                  pdfx: str = "none") -> KitOptions:
    """`options` with the print-shop options applied; a gap the paper cannot take is a
    usage error. No `gap` keeps the one `options` has (a print-shop preset's), else 0.
    `pdfx` ('none', 'x1a', 'x4') is the PDF/X level of the kit's PDFs."""
    if gap is None:
        gap = 0.0 if options.gap is None else options.gap
    if not 0 <= gap <= MAX_GAP:
        raise ToolUsage(f"gap {gap:g} mm is outside 0..{MAX_GAP:g} mm", "--gap")
    result = replace(options, gap=gap, back_offset=parse_back_offset(back_offset),
                     colour=ColourMode(colour), pdfx=PdfX(pdfx))
    try:
        impose(result.paper, result.card, result.bleed, duplex=result.duplex, gap=gap)
    except ImpositionError as error:
        raise ToolUsage(str(error).replace("; choose", f" with a {gap:g} mm gap; choose"),
                        "--gap") from None
    return result
