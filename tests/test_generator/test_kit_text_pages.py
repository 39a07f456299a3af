"""The fit check sees every printed text: what `content_text_pages` gives covers the cards."""

from __future__ import annotations

import pytest

from stamperia.content.loader import load_game
from stamperia.content.rulesets.conquest.model import Conquest
from stamperia.generator.draw.drawing import Page, TextBox, iter_text_boxes
from stamperia.generator.kit import build_kit, content_text_pages
from stamperia.generator.kitdocument import KitOptions
from stamperia.generator.print.imposition import Duplex
from stamperia.generator.print.sizes import card_size, paper_size
from stamperia.generator.print.stamp import kit_stamp

OPTIONS = KitOptions(paper_size("a4"), card_size("poker"), Duplex.LONG)


def _boxes(pages: tuple[Page, ...]) -> set[TextBox]:
    return {box for page in pages for box in iter_text_boxes(page.items)}


@pytest.mark.parametrize("name", ["sgrunt", "iwari"])
def test_every_text_box_on_the_card_sheets_is_checked(name: str) -> None:
    """Backs that share a name (the faction backs) differ in what they print: each is checked."""
    game = load_game(name)
    locale = game.source_locale
    cards = next(d for d in build_kit(game, locale, OPTIONS) if d.stem == "cards")
    missing = _boxes(cards.pages) - _boxes(content_text_pages(game, locale, OPTIONS))
    stamp = kit_stamp(game, locale).text  # the kit's own words, in the slug
    assert {box.text for box in missing} == {stamp}, sorted(box.text for box in missing)


def test_each_faction_back_is_checked_with_its_own_faction_name() -> None:
    """Each faction's back is its own text page (`back/<deck>/<faction>`), with its name."""
    game = load_game("sgrunt")
    locale = game.source_locale
    on_backs = {box.text for page in content_text_pages(game, locale, OPTIONS)
                if page.label.startswith("back/") for box in iter_text_boxes(page.items)}
    factions = game.part(Conquest).factions
    names = {game.text(locale, f"faction.{faction.id}.name") for faction in factions}
    assert len(names) == len(factions) > 1
    assert names <= on_backs, sorted(names - on_backs)


@pytest.mark.parametrize("name", ["sgrunt", "mugrugni"])
def test_each_distinct_face_is_one_text_page_in_card_order(name: str) -> None:
    """Faces that draw the same are one page (the first of them), faces that differ
    anywhere, down to one cell of a mini-map, are pages of their own."""
    from stamperia.generator.kits.conquest.cardset import all_cards
    from stamperia.generator.kits.conquest.look import conquest_look
    from stamperia.generator.kitwords import kit_wording

    game = load_game(name)
    locale = game.source_locale
    look = conquest_look(game, locale, kit_wording(game, locale), OPTIONS.card, OPTIONS.fonts)
    faces = [art.items for pairs in all_cards(game, look, OPTIONS.card, OPTIONS.bleed).values()
             for pair in pairs for art in (pair.face, pair.back)]
    distinct = list(dict.fromkeys(faces))
    assert len(faces) > len(distinct) > 1
    pages = content_text_pages(game, locale, OPTIONS)
    assert [page.items for page in pages[:len(distinct)]] == distinct
    assert all(page.width_mm != OPTIONS.card.width for page in pages[len(distinct):])


def test_drawings_alike_in_outline_but_not_inside_a_group_stay_apart() -> None:
    from stamperia.generator.draw.drawing import Group, Rect
    from stamperia.generator.kits.conquest.kit import distinct_drawings

    def card(*cells: float) -> tuple[Rect | Group, ...]:
        return (Rect(0, 0, 60, 90), Group(tuple(Rect(x, 0, 1, 1) for x in cells), (5, 5)))

    drawings = [card(1, 2), card(1, 3), card(1, 2), card(1, 2, 3), card(1, 3)]
    assert distinct_drawings(drawings) == [0, 1, 3]
    assert distinct_drawings([]) == []
