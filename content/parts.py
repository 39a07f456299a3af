"""Part kinds beyond the territory-map game's: how a ruleset's own files join the model.

A game's manifest names its part files by kind (`"parts": {"splut_board": "board.json"}`).
The conquest kinds (board, factions, decks, objectives, components) are built into the
model; every other kind is registered in `EXTRA_PARTS` with the builder that turns its
schema-valid document into a frozen model object. That object says which printed texts it
needs, which cross-references it breaks and how much of it is prototype, so the loader,
the translation check and `stamperia list` treat every game alike.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Protocol

from content.document import Document
from content.errors import ContentError, Origin


class Part(Protocol):
    """What the loader needs from a ruleset-specific part model."""

    def text_keys(self) -> tuple[Mapping[str, Origin], frozenset[str]]:
        """(required printed-text key -> what needs it, optional keys that may exist)."""
        ...

    def references(self) -> list[ContentError]:
        """Cross-reference problems inside this part (unknown or duplicate ids)."""
        ...

    def prototype_counts(self) -> Mapping[str, tuple[int, int]]:
        """Per kind of entity: (how many are prototype, how many in all)."""
        ...


PartBuilder = Callable[[Document], Part]


@dataclass(frozen=True)
class PartKind:
    kind: str
    build: PartBuilder


def _registry() -> dict[str, PartKind]:
    """Every registered extra kind; imported lazily so each ruleset's module stays apart."""
    from content.iwari.build import build_maps, build_set
    from content.splut.board import build_splut_board
    from content.warland.buildings import build_buildings
    from content.warland.forces import build_forces

    kinds: list[PartKind] = [PartKind("iwari_set", build_set), PartKind("iwari_maps", build_maps),
                             PartKind("splut_board", build_splut_board),
                             PartKind("warland_buildings", build_buildings),
                             PartKind("warland_forces", build_forces)]
    return {k.kind: k for k in kinds}


def extra_part_kinds() -> Mapping[str, PartKind]:
    return _registry()
