"""Where each printed text sits and how many characters its box holds at the minimum size:
the context a translator's catalogue gives with every string."""

from __future__ import annotations

import math
from collections.abc import Mapping

from stamperia.content.l10n.model import KIT_PREFIX, Placement
from stamperia.content.model import Game
from stamperia.generator.draw.drawing import Page, TextBox, iter_text_boxes, pt_to_mm
from stamperia.generator.kit import content_text_pages, fit_check_options
from stamperia.generator.kitwords import kit_wording
from stamperia.generator.layout.textfit import TextMetrics

SAMPLE = "abcdefghijklmnopqrstuvwxyz ABCDEFGHIJ"
"""Text measured when a box's own text is empty: an average run of Latin letters."""


def text_rooms(game: Game, metrics: TextMetrics) -> dict[str, Placement]:
    """Per printed key (`ui.` keys for the kit's words), the tightest box it prints in, on
    the pages the fit check lays out (poker cards, A4), in the source locale."""
    locale = game.source_locale
    options = fit_check_options()
    words = kit_wording(game, locale).texts
    by_text = _keys_by_text(game, locale, words)
    found: dict[str, Placement] = {}
    for page in content_text_pages(game, locale, options):
        for box in iter_text_boxes(page.items):
            key = _key_of(box, by_text, game.strings[locale].texts, words)
            if key is None:
                continue
            placement = Placement(_where(page, box), room(box, metrics))
            held = found.get(key)
            if held is None or (placement.room or 0) < (held.room or 0):
                found[key] = placement
    return found


def room(box: TextBox, metrics: TextMetrics) -> int:
    """Characters of the box's own text (or of SAMPLE) that fit at its minimum size."""
    face = metrics.face_name(box.font, box.bold)
    sample = box.text if box.text.strip() else SAMPLE
    average = metrics.text_width_mm(sample, face, box.min_size) / len(sample)
    per_line = math.floor(box.width / average) if average > 0 else 0
    lines = math.floor(box.height / (pt_to_mm(box.min_size) * box.line_spacing) + 1e-9)
    return per_line * max(lines, 1)


def _keys_by_text(game: Game, locale: str, words: Mapping[str, str]) -> Mapping[str, str]:
    """Texts printed by a single key, so an unlabelled box still names its key."""
    counts: dict[str, list[str]] = {}
    for key, text in game.strings[locale].texts.items():
        counts.setdefault(text, []).append(key)
    for word, text in words.items():
        counts.setdefault(text, []).append(KIT_PREFIX + word)
    return {text: keys[0] for text, keys in counts.items() if len(keys) == 1}


def _key_of(box: TextBox, by_text: Mapping[str, str], texts: Mapping[str, str],
            words: Mapping[str, str]) -> str | None:
    if box.source is not None:
        if box.source.key in texts:
            return box.source.key
        if box.source.key in words:
            return KIT_PREFIX + box.source.key
    return by_text.get(box.text)


def _where(page: Page, box: TextBox) -> str:
    place = page.label if box.source is None else box.source.card
    return f"{place}, a box of {box.width:.0f} x {box.height:.0f} mm at {box.min_size:g} pt"
