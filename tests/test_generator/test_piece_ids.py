"""Every card (and every token with room) prints its id, version and content hash small in
the bottom safe zone; a layout opts out; check findings name the card by the same id."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from stamperia.content.fingerprint import content_hash
from stamperia.content.loader import load_game
from stamperia.content.look.pieceid import piece_id, stamp_text
from stamperia.generator.draw.drawing import FittedTextBox, Group, Item, TextBox
from stamperia.generator.export.components import Kind
from stamperia.generator.kit import build_kit
from stamperia.generator.kitdocument import KitOptions
from stamperia.generator.print.imposition import Duplex
from stamperia.generator.print.sizes import card_size, paper_size


def _stamps(items: Sequence[Item]) -> list[TextBox]:
    found: list[TextBox] = []
    for item in items:
        if isinstance(item, Group):
            found += _stamps(item.items)
        box = item.box if isinstance(item, FittedTextBox) else item
        if isinstance(box, TextBox) and box.source is not None \
                and box.source.key == "id stamp":
            found.append(box)
    return found


def test_the_id_names_game_group_and_number() -> None:
    assert piece_id("sgrunt", "objectives", 7) == "SG-OBJ-07"
    assert piece_id("iwari", "cards", 123) == "IW-CAR-123"
    assert stamp_text("SG-OBJ-07", "0.3", "3b20b7f3c031bdc7") == "SG-OBJ-07 · v0.3 · 3b20b7"
    assert stamp_text("SG-OBJ-07", None, "3b20b7f3c031bdc7") == "SG-OBJ-07 · 3b20b7"


@pytest.mark.parametrize("game_id", ["sgrunt", "warland", "splut", "iwari"])
def test_every_card_face_prints_its_id_in_the_bottom_safe_zone(game_id: str) -> None:
    game = load_game(game_id)
    card = card_size("poker")
    documents = build_kit(game, game.source_locale,
                          KitOptions(paper_size("a4"), card, Duplex.LONG))
    cards = [c for d in documents for c in d.components if c.kind is Kind.CARD]
    assert cards
    short = content_hash(game)[:6]
    ids = set()
    for component in cards:
        [stamp] = _stamps(component.face)
        assert component.back is None or _stamps(component.back) == []
        assert stamp.text.startswith(f"{game_id[:2].upper()}-")
        assert stamp.text.endswith(f" · {short}")
        assert stamp.size == 6.0
        size = component.size
        assert stamp.x + stamp.width <= size.width - 3.0 + 1e-9  # ends at the safe line
        assert stamp.y >= size.height - 3.0 and stamp.y + stamp.height <= size.height
        ids.add(stamp.text)
    # each distinct card design has its own id
    assert len(ids) == len({(c.group, c.id) for c in cards}) or game_id in ("iwari", "sgrunt")


def test_a_layout_opts_out_and_a_declared_version_is_printed() -> None:
    from dataclasses import replace

    from stamperia.generator.kits.iwari.look import iwari_look
    from stamperia.generator.kits.iwari.pieces import token_components
    from stamperia.generator.uitext import ui_text

    game = replace(load_game("iwari"), version="0.3")
    look = iwari_look(game, "it", ui_text("it"))
    tokens = {(c.group, c.id): c for c in token_components(game, "it", look)}
    assert _stamps(tokens[("mountain", "mountain")].face) == []  # "id_stamp": false
    [feat] = _stamps(tokens[("feat", "unione")].face)
    assert feat.text == "IW-FEA-01"  # a token prints its id alone
    documents = build_kit(game, "it", KitOptions(paper_size("a4"), card_size("poker"),
                                                 Duplex.LONG))
    card = next(c for d in documents for c in d.components if c.kind is Kind.CARD)
    [stamp] = _stamps(card.face)
    assert stamp.text == f"IW-CAR-01 · v0.3 · {content_hash(game)[:6]}"
