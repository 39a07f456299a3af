"""Card shapes: text below 6 pt at the size being built fails the build at its layout box,
and `check` fits every text at each card size game.json declares."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from stamperia.cli import cli


@pytest.fixture
def game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(cli, ["new", "demo"])
    assert result.exit_code == 0, result.output
    return tmp_path / "demo"


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, list(args))
    assert "Traceback" not in result.output
    return result.exit_code, result.output


def _body(game: Path, height: int, min_size: float) -> None:
    """The card body's box, `height` mm tall, its text allowed down to `min_size` pt."""
    path = game / "layouts.json"
    text = path.read_text(encoding="utf-8")
    old = ('"x": 6, "y": 52, "width": 51, "height": 26,\n'
           '         "font": "Lettera", "size": 10, "min_size": 6.5')
    assert old in text
    path.write_text(text.replace(old, f'"x": 6, "y": 52, "width": 51, "height": {height},\n'
                                      f'         "font": "Lettera", "size": 10, '
                                      f'"min_size": {min_size}'), encoding="utf-8")


def test_text_below_six_points_fails_the_build_at_its_layout_box(game: Path) -> None:
    _body(game, 9, 4)
    assert run("build", "demo", "--out", "out") == (1, (
        "demo/layouts.json:26: /layouts/0/boxes/7: en: cards-actions.pdf, lighthouse "
        "(layout 'action', box 'body'): 'text' is printed at 5.25 pt on poker "
        "(63.5×88.9 mm) cards, below 6 pt (give the layout a variant for this card shape "
        "(layouts: variants), more room for the box, or a shorter text)\n"
        "demo: not built: fix the content problems above (stamperia check demo)\n"))
    assert not (game.parent / "out" / "demo").exists()


def test_check_fits_the_texts_at_every_card_size_the_game_declares(game: Path) -> None:
    _body(game, 12, 6.5)  # fits a poker card, not a mini card's 70% of it
    assert run("check", "demo", "--no-balance")[0] == 0
    manifest = game / "game.json"
    data = json.loads(manifest.read_text(encoding="utf-8"))
    manifest.write_text(json.dumps({**data, "card_sizes": ["business", "mini", "tarot"]},
                                   indent=2), encoding="utf-8")
    assert run("check", "demo", "--no-balance") == (1, (
        "demo/decks/actions.csv:4: column 'Text': en (mini (44.5×63.5 mm) cards) text of "
        "'text' does not fit its box even at 6 pt (lighthouse: 3.6 mm too tall) (shorten "
        "it, or lower min_size) [K001]\n"
        "demo: 2 deck(s), 13 cards to print, 12 tokens; no rules engine\n"
        "demo: prototype data: 100% (cards 6/6)\n"
        "demo: 1 error(s), 0 warning(s)\n"
        "checked 1 game(s): 1 error(s), 0 warning(s)\n"))


def test_a_card_size_no_kit_draws_is_refused_at_its_place(game: Path) -> None:
    manifest = game / "game.json"
    data = json.loads(manifest.read_text(encoding="utf-8"))
    manifest.write_text(json.dumps({**data, "card_sizes": ["10x10"]}, indent=2),
                        encoding="utf-8")
    code, output = run("check", "demo", "--no-balance")
    assert code == 1
    assert output.splitlines()[0] == (
        "demo/game.json:20: /card_sizes/0: card size '10x10' is 10x10 mm; a card is 20 to "
        "400 mm a side (name a card size stamperia knows) [K008]")


def test_splut_showcase_tabletopia_and_shop_set_end_to_end(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """SPLUT!'s reference card: its showcase images, its Tabletopia face, and at The Game
    Crafter the shop's tarot card (900 x 1500 px with the bleed), all in the manifest."""
    monkeypatch.chdir(tmp_path)
    code, output = run("build", "splut", "--format", "showcase,tabletopia",
                       "--preset", "thegamecrafter", "--out", "out")
    assert code == 0, output
    manifest = json.loads((tmp_path / "out" / "splut" / "manifest.json")
                          .read_text(encoding="utf-8"))
    files = {f["path"]: f for f in manifest["files"]}
    assert {"it/showcase/reference-hand.png", "it/showcase/reference-table.png",
            "it/tabletopia/cards/reference/reference.png",
            "it/tabletopia/cards/reference/back-1.png"} <= set(files)
    assert files["it/tabletopia/cards/reference/reference.png"]["count"] == 4
    shop = files["it/thegamecrafter/reference/reference-1.png"]
    assert (shop["pixels"], shop["dpi"]) == ([900, 1500], 300)
