"""A card's words as printed, read back from its face: its title and its text.

Exports that show a card by name (a Tabletop Simulator nickname and description, a
Screentop or Tabletopia card list) name it as a player reads it, in the build's locale,
not by its id. The face is the drawing the kit prints, so the words are the printed ones
whatever the ruleset: the title is the text a layout placed in a `title` or `name` box
(else the largest text on the card), the text is every other text in paint order, but
for repeats of the title. A rich
text's runs (stamperia.generator.layout.richtext) are joined back into one text.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from stamperia.generator.draw.drawing import FittedTextBox, Group, Item, TextBox

TITLE_BOXES = ("title", "title_beside_icon", "name")
"""Layout boxes whose text names the card, most telling first."""


@dataclass(frozen=True)
class CardWords:
    """`title`: the card's name as printed ('' when it prints none); `text`: its other
    texts, one a line."""

    title: str
    text: str


@dataclass
class _Text:
    box: str | None
    size: float
    words: list[str]


def _boxes(items: Sequence[Item]) -> Iterator[TextBox]:
    for item in items:
        if isinstance(item, Group):
            yield from _boxes(item.items)
        elif isinstance(item, FittedTextBox):
            yield item.box
        elif isinstance(item, TextBox):
            yield item


def _texts(face: Sequence[Item]) -> list[_Text]:
    texts: list[_Text] = []
    for box in _boxes(face):
        if box.source is None and texts and texts[-1].size == box.size:
            texts[-1].words.append(box.text)  # the next run of a rich text
            continue
        texts.append(_Text(box.source.box if box.source is not None else None, box.size,
                           [box.text]))
    return texts


def card_words(face: Sequence[Item]) -> CardWords:
    """The printed title and text of one card face."""
    texts = [t for t in _texts(face) if " ".join(t.words).strip()]
    if not texts:
        return CardWords("", "")
    ranked = sorted(range(len(texts)), key=lambda i: (
        TITLE_BOXES.index(texts[i].box) if texts[i].box in TITLE_BOXES else len(TITLE_BOXES),
        -texts[i].size, i))
    title = " ".join(" ".join(texts[ranked[0]].words).split())
    lines: list[str] = []
    for number, text in enumerate(texts):
        line = " ".join(" ".join(text.words).split())
        if number != ranked[0] and line != title:
            lines.append(line)
    return CardWords(title, "\n".join(lines))
