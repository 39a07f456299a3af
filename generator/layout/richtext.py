"""Text with inline icons and bold or italic spans, fitted and set as drawing items.

`{icon:boar}` draws the game's icon at the text's size, `**bold**` and `*italic*` change
the face. The fitter measures icons like words, so a text that holds them shrinks and
wraps as plain text does. The result is plain drawing items (one fitted text run per
span of a line, one image per icon), so both renderers draw it unchanged; the first run
carries the whole text's fit and source, so an overflow is reported once.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path

from stamperia.content.errors import ContentError
from stamperia.generator.draw.drawing import (
    Align,
    FittedText,
    FittedTextBox,
    Image,
    Item,
    PlacedLine,
    TextBox,
    TextFit,
    TextOverflow,
    TextSource,
    VAlign,
    pt_to_mm,
)
from stamperia.generator.draw.fonts import FontSet
from stamperia.generator.layout.textfit import SIZE_STEP_PT

MARKUP = re.compile(r"\{icon:[a-z0-9_]+\}|\*\*|\*")
ICON = re.compile(r"\{icon:([^}]*)\}")
ICON_EM = 1.05
"""An icon's width and height, in ems of the text around it."""
_EPSILON_MM = 1e-6


@dataclass(frozen=True)
class Fragment:
    """A piece of one word: text in one style, or an icon (then `text` is its id)."""

    text: str
    bold: bool
    italic: bool
    icon: bool = False


Word = tuple[Fragment, ...]


@dataclass(frozen=True)
class RichStyle:
    """What a rich text box needs besides its text and place."""

    font: str
    italic_font: Callable[[str], str]
    size: float
    min_size: float
    bold: bool
    italic: bool
    colour: str
    align: Align
    valign: VAlign
    line_spacing: float
    source: TextSource | None


def has_markup(text: str) -> bool:
    return MARKUP.search(text) is not None


def _paragraph(text: str, bold: bool, italic: bool) -> tuple[Word, ...]:
    """One paragraph's words: spaces end a word, markup toggles the style of what follows."""
    words: list[Word] = []
    current: list[Fragment] = []
    position = 0
    chunks: list[tuple[str, bool, bool]] = []
    for found in MARKUP.finditer(text):
        chunks.append((text[position:found.start()], bold, italic))
        token = found.group()
        if token == "**":
            bold = not bold
        elif token == "*":
            italic = not italic
        else:
            chunks.append((token, bold, italic))
        position = found.end()
    chunks.append((text[position:], bold, italic))
    for chunk, b, i in chunks:
        if chunk.startswith("{icon:") and MARKUP.fullmatch(chunk):
            current.append(Fragment(chunk[6:-1], b, i, icon=True))
            continue
        for n, piece in enumerate(chunk.split(" ")):
            if n > 0 and current:
                words.append(tuple(current))
                current = []
            if piece:
                current.append(Fragment(piece, b, i))
    if current:
        words.append(tuple(current))
    return tuple(words)


def parse(text: str, bold: bool, italic: bool) -> tuple[tuple[Word, ...], ...]:
    """Paragraphs of words of fragments; `**` and `*` toggle bold and italic."""
    return tuple(_paragraph(paragraph, bold, italic) for paragraph in text.split("\n"))


class UnprintableText(ValueError):
    """A text names an icon the game lacks or needs a glyph its font lacks; `problem` is
    the content error to report, where the layout renderer knows the text's place."""

    def __init__(self, message: str, problem: ContentError | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.problem = problem


class RichSetter:
    """Fits and sets rich text with one font set and one game's icons."""

    def __init__(self, metrics: FontSet, icons: Mapping[str, Path]) -> None:
        self._metrics = metrics
        self._icons = icons

    def require(self, text: str, family: str, bold: bool) -> None:
        """Refuse a text the font cannot print, or one naming an unknown icon."""
        for found in ICON.finditer(text):
            if found.group(1) not in self._icons:
                raise UnprintableText(f"unknown icon {found.group(1)!r} in {text[:40]!r}")
        plain = MARKUP.sub("", text)
        for face_bold in {bold, True} if "**" in text else {bold}:
            missing = self._metrics.missing_characters(plain,
                                                       self._metrics.face_name(family, face_bold))
            if missing:
                raise UnprintableText(f"no glyph for {missing!r} in {family!r}")

    def _face(self, style: RichStyle, fragment: Fragment) -> tuple[str, str]:
        family = style.italic_font(style.font) if fragment.italic else style.font
        return family, self._metrics.face_name(family, fragment.bold)

    def _unit(self, style: RichStyle, fragment: Fragment) -> float:
        if fragment.icon:
            return pt_to_mm(1.0) * ICON_EM
        return self._metrics.text_width_mm(fragment.text, self._face(style, fragment)[1], 1.0)

    def _lines(self, paragraphs: tuple[tuple[Word, ...], ...], style: RichStyle,
               limit: float) -> list[list[Word]]:
        space = self._metrics.text_width_mm(" ", self._metrics.face_name(style.font, False),
                                            1.0)
        lines: list[list[Word]] = []
        for words in paragraphs:
            current: list[Word] = []
            width = 0.0
            for word in words:
                extra = sum(self._unit(style, f) for f in word) + (space if current else 0.0)
                if current and width + extra > limit + _EPSILON_MM:
                    lines.append(current)
                    current, width = [word], extra - space
                else:
                    current.append(word)
                    width += extra
            lines.append(current)
        return lines

    def _width(self, line: list[Word], style: RichStyle) -> float:
        space = self._metrics.text_width_mm(" ", self._metrics.face_name(style.font, False),
                                            1.0)
        return (sum(self._unit(style, f) for w in line for f in w)
                + space * max(0, len(line) - 1))

    def fit(self, text: str, box: TextBox, style: RichStyle
            ) -> tuple[TextFit, list[list[Word]]]:
        paragraphs = parse(text, style.bold, style.italic)
        size = style.size
        while True:
            lines = self._lines(paragraphs, style, box.width / size)
            line_height = pt_to_mm(size) * style.line_spacing
            widest = max((self._width(line, style) for line in lines), default=0.0) * size
            excess_h = len(lines) * line_height - box.height
            excess_w = widest - box.width
            texts = tuple(" ".join("".join(f.text for f in w) for w in line) for line in lines)
            if excess_h <= _EPSILON_MM and excess_w <= _EPSILON_MM:
                return FittedText(size, texts, line_height), lines
            if size <= style.min_size:
                return TextOverflow(size, texts, line_height, max(0.0, excess_h),
                                    max(0.0, excess_w)), lines
            size = max(style.min_size, round(size - SIZE_STEP_PT, 4))

    def set(self, text: str, box: TextBox, style: RichStyle) -> tuple[Item, ...]:
        """The text as items inside `box` (its x, y, width and height in mm)."""
        fit, lines = self.fit(text, box, style)
        size = fit.size_pt
        size_mm = pt_to_mm(size)
        block = len(lines) * fit.line_height_mm
        top = {VAlign.TOP: box.y, VAlign.MIDDLE: box.y + (box.height - block) / 2,
               VAlign.BOTTOM: box.y + box.height - block}[style.valign]
        ascent = self._metrics.ascent_ratio(self._metrics.face_name(style.font, False))
        lead = (fit.line_height_mm - size_mm) / 2 + ascent * size_mm
        space = self._metrics.text_width_mm(" ", self._metrics.face_name(style.font, False),
                                            size)
        items: list[Item] = []
        carrier_fit: TextFit | None = fit
        for number, line in enumerate(lines):
            width = self._width(line, style) * size
            x = {Align.LEFT: box.x, Align.CENTER: box.x + (box.width - width) / 2,
                 Align.RIGHT: box.x + box.width - width}[style.align]
            baseline = top + number * fit.line_height_mm + lead
            for n, word in enumerate(line):
                if n:
                    x += space
                for fragment in word:
                    advance = self._unit(style, fragment) * size
                    if fragment.icon:
                        icon = self._icons.get(fragment.text)  # unknown: check says so
                        edge = size_mm * ICON_EM
                        if icon is not None:
                            items.append(Image(icon, x, baseline - edge * 0.82, edge, edge))
                    else:
                        family, _ = self._face(style, fragment)
                        run = TextBox(x, baseline - lead, max(advance, 0.01), fit.line_height_mm,
                                      fragment.text, family, size, size, Align.LEFT, VAlign.TOP,
                                      style.colour, style.line_spacing, fragment.bold,
                                      style.source if carrier_fit is not None else None)
                        run_fit: TextFit = (carrier_fit if carrier_fit is not None else
                                            FittedText(size, (fragment.text,),
                                                       fit.line_height_mm))
                        carrier_fit = None
                        items.append(FittedTextBox(run, run_fit, (
                            PlacedLine(fragment.text, x, baseline, Align.LEFT),)))
                    x += advance
        return tuple(items)
