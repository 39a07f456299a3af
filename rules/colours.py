"""Colours that must be told apart: a warning for every pair closer than ΔE2000 10 in
normal vision, greyscale or one of the three dichromacies (stamperia.content.look.colourscience).

Rulesets name what their colours tell apart (adjacent zones, factions, biomes) and the
pairs to compare; this module words the warnings, so every ruleset says it alike.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import combinations

from stamperia.content.errors import ContentError, Origin
from stamperia.content.findings import COLOUR_CLASH
from stamperia.content.look.colourscience import MIN_DELTA_E, too_close


@dataclass(frozen=True)
class NamedColour:
    """A colour in content: what it marks (`label`), where it is, and the field's pointer
    below that origin (e.g. '/colour')."""

    label: str
    colour: str
    origin: Origin
    field: str = "/colour"


def colour_clashes(what: str, colours: Sequence[NamedColour],
                   pairs: Iterable[tuple[int, int]] | None = None) -> list[ContentError]:
    """Warnings for the pairs (indices into `colours`; every pair when None) that are too
    close to tell apart, reported on the second colour of each pair."""
    chosen = combinations(range(len(colours)), 2) if pairs is None else pairs
    problems: list[ContentError] = []
    for i, j in sorted({tuple(sorted(p)) for p in chosen}):
        first, second = colours[i], colours[j]
        close = too_close(first.colour, second.colour)
        if close is None:
            continue
        problems.append(second.origin.warning(
            f"{what} {first.label!r} ({first.colour}) and {second.label!r} "
            f"({second.colour}) are hard to tell apart in {close.vision.value}: "
            f"ΔE2000 {close.delta_e:.1f} < {MIN_DELTA_E:g}",
            "change one colour's lightness as well as its hue", second.field,
            kind=COLOUR_CLASH))
    return problems
