"""Kit documents for ruleset-specific parts (content.parts): one builder per part kind.

The conquest kit (cards, board, tokens, factions) is drawn from the model's own fields;
a game with other parts (a square board, standees, a ruler) gets its documents from the
builder registered here for each of its part kinds, so kit.py never names a game.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from content.model import Game
from generator.drawing import Page
from generator.kitdocument import KitDocument, KitOptions
from generator.uitext import UiText

DocumentsBuilder = Callable[[Game, str, UiText, KitOptions], tuple[KitDocument, ...]]
TextPagesBuilder = Callable[[Game, str, UiText, KitOptions], tuple[Page, ...]]


@dataclass(frozen=True)
class ExtraKit:
    """documents: the files of the kit; text_pages: each content text once, for the fit
    check (see kit.content_text_pages)."""

    kind: str
    documents: DocumentsBuilder
    text_pages: TextPagesBuilder


def extra_kit_builders() -> Mapping[str, ExtraKit]:
    """Builders by part kind; each ruleset's drawing module is imported only here."""
    from generator.components.warland.kit import (
        card_documents,
        card_text_pages,
        forces_documents,
        forces_text_pages,
    )
    from generator.iwari.kit import documents as iwari_documents
    from generator.iwari.kit import text_pages as iwari_text_pages
    from generator.splut_kit import SPLUT_KIT

    builders: list[ExtraKit] = [ExtraKit("iwari_maps", iwari_documents, iwari_text_pages),
                                SPLUT_KIT,
                                ExtraKit("warland_buildings", card_documents, card_text_pages),
                                ExtraKit("warland_forces", forces_documents, forces_text_pages)]
    return {b.kind: b for b in builders}
