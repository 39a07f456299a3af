"""A game's layout drawn on a card of another shape: its variant for that shape, fitted."""

from __future__ import annotations

from stamperia.content.loader import load_game
from stamperia.content.look.layouts import Layouts
from stamperia.content.model import Game
from stamperia.generator.layout.context import fitted_layout
from stamperia.generator.print.sizes import card_size


def _layouts(name: str) -> Layouts:
    game: Game = load_game(name)
    return game.part(Layouts)


def test_a_business_card_of_sgrunt_is_drawn_by_the_landscape_variant() -> None:
    found = fitted_layout(_layouts("sgrunt"), "action", card_size("business"), 3.0, None)
    body = next(b for b in found.boxes if b.id == "body")
    assert found.size == (88.9, 50.8)
    # the landscape body (77.9 x 29 mm on an 88.9 x 63.5 design): as wide, 0.8 as tall
    assert (round(body.width, 2), round(body.height, 2)) == (77.9, round(29 * 0.8, 2))
    assert (body.x, body.size, body.min_size) == (5.5, 8.0, 6.0)


def test_a_square_iwari_reference_is_drawn_in_two_columns() -> None:
    found = fitted_layout(_layouts("iwari"), "reference", card_size("square"), 3.0, None)
    boxes = {b.id: b for b in found.boxes}
    assert (boxes["turn"].x, boxes["placement"].x) == (4.5, 36)
    assert boxes["turn"].y == boxes["placement"].y == 11.5


def test_a_poker_card_keeps_the_portrait_layout() -> None:
    layouts = _layouts("sgrunt")
    found = fitted_layout(layouts, "action", card_size("poker"), 3.0, None)
    assert [b.width for b in found.boxes if b.id == "body"] == [52.5]
