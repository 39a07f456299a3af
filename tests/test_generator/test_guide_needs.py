"""The guide lists what this build needs (issue 38.7): print-shop board sizes, dice with
count, sides and colour, sleeves per card size, and cutting steps for only the
components the build has."""

from __future__ import annotations

import pytest

from stamperia.content.loader import load_game
from stamperia.generator.draw.drawing import Page, iter_text_boxes
from stamperia.generator.kit import build_kit
from stamperia.generator.kitdocument import KitOptions
from stamperia.generator.print.imposition import Duplex
from stamperia.generator.print.needs import colour_name
from stamperia.generator.print.sizes import card_size, paper_size


def _guide(name: str, locale: str = "en", duplex: Duplex = Duplex.LONG, paper: str = "a4",
           gap: float | None = None, card: str = "poker") -> Page:
    options = KitOptions(paper_size(paper), card_size(card), duplex, gap=gap)
    return build_kit(load_game(name), locale, options)[0].pages[0]


def _texts(page: Page) -> list[str]:
    return [box.text for box in iter_text_boxes(page.items)]


def _steps(page: Page) -> list[str]:
    return [t.split(" (")[0] for t in _texts(page) if t[:1].isdigit() and t[1:3] == ". "]


def test_sgrunt_lists_its_board_dice_and_sleeves() -> None:
    texts = _texts(_guide("sgrunt"))
    assert ("board-large.pdf: a print shop's A2 board, 420×594 mm trimmed, 3 mm bleed and "
            "crop marks around it") in texts
    assert "Dice: 3 with 6 sides, black; 3 with 6 sides, white" in texts
    assert "108 sleeves for poker (63.5×88.9 mm) cards (about 66×91 mm inside)" in texts


def test_iwari_names_both_map_boards_and_their_standard_size() -> None:
    texts = _texts(_guide("iwari", "it"))
    assert ("map-nuovi-orizzonti-large.pdf, map-vaste-terre-large.pdf: tabelloni A3 per la "
            "tipografia, 420×297 mm al taglio, con 3 mm di abbondanza e segni di taglio") in texts
    assert "62 bustine per carte poker (63.5×88.9 mm) (circa 66×91 mm interni)" in texts
    assert not any(t.startswith("Dadi") for t in texts)  # IWARI has no dice


@pytest.mark.parametrize(("game", "steps"), [
    ("sgrunt", ["1. Card sheets", "2. Tokens", "3. Tiled boards", "4. Print-shop boards",
                "5. Sheets"]),
    ("splut", ["1. Card sheets", "2. Standees", "3. Tiled boards", "4. Print-shop boards"]),
    ("warland", ["1. Card sheets", "2. Tokens", "3. Ruler", "4. Sheets"]),
    ("iwari", ["1. Card sheets", "2. Tokens", "3. Tiled boards", "4. Print-shop boards",
               "5. Sheets"]),
])
def test_only_the_components_of_the_build_get_a_step(game: str, steps: list[str]) -> None:
    assert _steps(_guide(game)) == steps


def test_the_card_step_follows_the_build_s_layout() -> None:
    texts = _texts(_guide("warland", duplex=Duplex.FOLD))
    assert any(t.startswith("1. Card sheets (buildings.pdf): fold each sheet") for t in texts)
    gap = _texts(_guide("warland", gap=3.0))
    assert any(t.startswith("1. Card sheets (buildings.pdf): every card has its own") for t in gap)
    step = next(t for t in _texts(_guide("splut")) if t.startswith("2. Standees"))
    assert step == ("2. Standees (standees.pdf): cut along the solid lines and fold along the "
                    "dashed ones.")


@pytest.mark.parametrize("game", ["sgrunt", "mugrugni", "warland", "splut", "iwari"])
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_guide_still_fits_its_page(game: str, paper: str) -> None:
    page = _guide(game, "it", paper=paper)
    boxes = list(iter_text_boxes(page.items))
    stamp = boxes[-1]
    assert max(b.y + b.height for b in boxes[:-1]) <= stamp.y


def test_dice_colours_are_named_by_the_nearest_basic_colour() -> None:
    assert [colour_name(c) for c in ("#111111", "#ffffff", "#c8312b", "#2b5cc8")] == [
        "black", "white", "red", "blue"]
