"""SGRUNT's event cards: the continue icon where the rulebook puts it."""

from __future__ import annotations

from content.loader import load_game
from content.rulesets.conquest.model import Conquest
from generator.drawing import Circle
from generator.kits.conquest.cards import event_face
from generator.sizes import card_size
from generator.uitext import ui_text


def test_the_boar_print_icon_sits_top_left() -> None:
    """Rulebook (SGRUNT, Vittoria per punteggio): "nel caso sia presente in alto a sinistra
    l'icona nera con l'impronta del cinghiale"."""
    game = load_game("sgrunt")
    events = game.part(Conquest).deck("events")
    size = card_size("poker")
    with_icon = next(c for c in events.cards if c.continue_icon)
    without = next(c for c in events.cards if not c.continue_icon)
    art = event_face(game, "it", ui_text("it"), events, with_icon, size, 3.0)
    circles = [i for i in art.items if isinstance(i, Circle)]
    assert circles
    assert all(c.cx < size.width / 4 and c.cy < size.height / 6 for c in circles)
    assert sum(c.style.fill == "#000000" for c in circles) == 5  # the pad and four toes
    plain = event_face(game, "it", ui_text("it"), events, without, size, 3.0)
    assert not [i for i in plain.items if isinstance(i, Circle)]
