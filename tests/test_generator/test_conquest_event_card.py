"""SGRUNT's event cards: the continue icon where the rulebook puts it."""

from __future__ import annotations

from stamperia.content.loader import load_game
from stamperia.generator.draw.drawing import Group, Image, Item
from stamperia.generator.kits.conquest.cardset import all_cards
from stamperia.generator.kits.conquest.look import conquest_look
from stamperia.generator.print.sizes import card_size
from stamperia.generator.uitext import ui_text


def _images(items: tuple[Item, ...]) -> list[Image]:
    found: list[Image] = []
    for item in items:
        if isinstance(item, Image):
            found.append(item)
        elif isinstance(item, Group):
            found += _images(item.items)
    return found


def test_the_boar_print_icon_sits_top_left() -> None:
    """Rulebook (SGRUNT, Vittoria per punteggio): "nel caso sia presente in alto a sinistra
    l'icona nera con l'impronta del cinghiale"."""
    game = load_game("sgrunt")
    size = card_size("poker")
    events = all_cards(game, conquest_look(game, "it", ui_text("it"), size), size, 3.0)["events"]
    with_icon = next(p.face for p in events if p.face.name == "events/popolamento")
    without = next(p.face for p in events if p.face.name == "events/calma_apparente")
    icons = _images(with_icon.items)
    assert [i.path.name for i in icons] == ["boar_print.svg"]
    assert icons[0].x + icons[0].width < size.width / 4
    assert icons[0].y + icons[0].height < size.height / 6
    assert not _images(without.items)
