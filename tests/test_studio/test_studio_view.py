"""The studio's view of a game: every piece of the kit, its copies, the findings pinned."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from studiofixtures import new_game, settings

from stamperia.building.kit import parse_options
from stamperia.content.loader import load_game
from stamperia.content.locate import game_folder, shipped_games
from stamperia.generator.draw.themefonts import game_fonts
from stamperia.generator.kit import KitOptions, build_kit
from stamperia.studio.lab import latest_report, no_report_text
from stamperia.studio.live import Studio
from stamperia.studio.view import Renders, game_view, piece_svg


def _fake_render(page: object, _fonts: object) -> str:
    return f"<svg>{id(page)}</svg>"


@pytest.mark.parametrize("game", shipped_games())
def test_the_view_holds_every_piece_of_the_kit_with_its_copies(game: str) -> None:
    model = load_game(game)
    options = parse_options("a4", "poker", "long")
    fonts = game_fonts(model)
    view = game_view(model, model.source_locale, options, fonts, ())
    documents = build_kit(model, model.source_locale, KitOptions(
        options.paper, options.card, options.duplex, fonts=fonts))
    components = [c for d in documents for c in d.components]
    keys = {"/".join(filter(None, (c.kind.value, c.group, c.id))) for c in components}
    assert [p.key for p in view.pieces] == list(dict.fromkeys(
        "/".join(filter(None, (c.kind.value, c.group, c.id))) for c in components))
    assert set(keys) == {p.key for p in view.pieces}
    assert sum(p.copies for p in view.pieces) == sum(c.count for c in components)
    assert len(view.sheets) == sum(len(d.pages) for d in documents)
    assert view.sheets[0].document == "guide"


def test_a_side_is_rendered_when_asked_and_kept_across_views_until_forgotten() -> None:
    calls: list[object] = []

    def render(page: object, _fonts: object) -> str:
        calls.append(page)
        return f"<svg>{len(calls)}</svg>"

    model = load_game("splut")
    renders = Renders(render)
    options = parse_options("a4", "poker", "long")
    view = game_view(model, "en", options, game_fonts(model), ())
    assert calls == []
    piece = view.pieces[0]
    assert piece_svg(piece, "face", view.fonts, renders) == "<svg>1</svg>"
    assert piece_svg(piece, "sideways", view.fonts, renders) is None
    again = game_view(model, "en", options, game_fonts(model), ())
    assert again.pieces[0].digest == piece.digest
    assert piece_svg(again.pieces[0], "face", view.fonts, renders) == "<svg>1</svg>"
    renders.forget()
    assert piece_svg(again.pieces[0], "face", view.fonts, renders) == "<svg>2</svg>"


def test_a_csv_finding_is_pinned_on_its_card_and_on_the_box_of_its_column(
        tmp_path: Path) -> None:
    folder = new_game(tmp_path)
    csv = folder / "decks" / "actions.csv"
    lines = csv.read_text(encoding="utf-8").splitlines()
    assert lines[2].startswith("harbour,")
    lines[2] = lines[2].replace("Draw two cards, then **keep one** and pass the other left.",
                                "Draw two cards. " * 60)
    csv.write_text("\n".join(lines) + "\n", encoding="utf-8")
    studio = Studio(settings(folder), Renders(_fake_render))
    studio.refresh()
    studio.recheck()
    view = studio.view(None)
    assert view is not None
    [finding] = [f for f in view.findings if f.code == "K001"]
    index = view.findings.index(finding)
    assert (finding.shown, finding.line) == ("decks/actions.csv", 3)
    assert finding.link == f"vscode://file/{csv.resolve().as_posix().lstrip('/')}:3"
    pinned = [p for p in view.pieces if any(pin.finding == index for pin in p.pins)]
    assert [p.key for p in pinned] == ["card/actions/harbour"]
    [pin] = [pin for pin in pinned[0].pins if pin.finding == index]
    assert pin.box is not None and pin.box.key == "text"


def test_a_broken_save_keeps_the_last_good_view_and_says_why(tmp_path: Path) -> None:
    folder = new_game(tmp_path)
    studio = Studio(settings(folder), Renders(_fake_render))
    studio.refresh()
    good = studio.view(None)
    assert good is not None and not studio.broken
    (folder / "cards.json").write_text('{"decks": [', encoding="utf-8")
    studio.refresh([folder / "cards.json"])
    assert studio.view(None) is good
    assert [(f.shown, f.line) for f in studio.broken] == [("cards.json", 1)]
    assert studio.generation == 2


def test_the_lab_finds_the_newest_report_about_the_game(tmp_path: Path) -> None:
    assert latest_report(None, "sgrunt", "SGRUNT") is None
    assert latest_report(tmp_path, "sgrunt", "SGRUNT") is None
    old = tmp_path / "sgrunt-old.html"
    old.write_text("<html>old</html>", encoding="utf-8")
    other = tmp_path / "warland.html"
    other.write_text("<html>WARLAND</html>", encoding="utf-8")
    inside = tmp_path / "run.html"
    inside.write_text("<html><h1>SGRUNT</h1></html>", encoding="utf-8")
    assert latest_report(tmp_path, "sgrunt", "SGRUNT") == old  # named first
    old.unlink()
    assert latest_report(tmp_path, "sgrunt", "SGRUNT") == inside
    assert "--reports DIR" in no_report_text(None, "sgrunt")
    assert no_report_text(tmp_path, "sgrunt").startswith(
        f"No simulate or sweep report about sgrunt in {tmp_path}")


def test_the_view_json_names_what_the_page_needs() -> None:
    model = load_game(str(game_folder("warland")))
    view = game_view(model, "it", parse_options("a4", "poker", "long"), game_fonts(model), ())
    data = json.loads(json.dumps(view.as_json()))
    assert data["game"] == "warland" and data["locale"] == "it"
    assert (data["card"], data["card_label"]) == ("", "the game's own")
    assert "tarot" in data["cards"]
    assert {p["kind"] for p in data["pieces"]} == {"card", "token", "piece", "board"}
    assert data["dice"] == [{"id": d["id"], "colour": d["colour"], "count": d["count"],
                             "sides": d["sides"]} for d in data["dice"]]


def test_an_image_save_gives_the_pieces_that_show_it_a_new_digest(tmp_path: Path) -> None:
    folder = new_game(tmp_path)
    studio = Studio(settings(folder), Renders(_fake_render))
    studio.refresh()
    before = studio.view(None)
    studio.refresh([folder / "cards.json"])
    after_json = studio.view(None)
    studio.refresh([folder / "art" / "landscape.png"])
    after_image = studio.view(None)
    assert before is not None and after_json is not None and after_image is not None
    assert [p.digest for p in after_json.pieces] == [p.digest for p in before.pieces]
    assert all(a.digest != b.digest for a, b in zip(after_image.pieces, before.pieces,
                                                    strict=True))


def test_a_card_size_asked_by_the_page_draws_the_cards_at_that_size(tmp_path: Path) -> None:
    studio = Studio(settings(new_game(tmp_path)), Renders(_fake_render))
    studio.refresh()
    own = studio.view(None)
    tarot = studio.view(None, "tarot")
    unknown = studio.view(None, "../../etc")
    assert own is not None and tarot is not None
    assert unknown is own
    [own_card] = [p for p in own.pieces if p.key == "card/actions/market"]
    [tarot_card] = [p for p in tarot.pieces if p.key == "card/actions/market"]
    assert (tarot_card.width, tarot_card.height) == (70.0, 120.0)
    assert (own_card.width, own_card.height) != (70.0, 120.0)
    assert (tarot.card, tarot.card_label, own.card, own.card_label) == (
        "tarot", "tarot", "", "the game's own")


def test_a_game_broken_from_the_start_shows_its_problems_then_its_view_once_fixed(
        tmp_path: Path) -> None:
    folder = new_game(tmp_path)
    cards = folder / "cards.json"
    good = cards.read_text(encoding="utf-8")
    cards.write_text("{", encoding="utf-8")
    studio = Studio(settings(folder), Renders(_fake_render))
    studio.refresh()
    assert studio.view(None) is None and studio.game is None
    assert [(f.shown, f.line) for f in studio.broken] == [("cards.json", 1)]
    cards.write_text(good, encoding="utf-8")
    studio.refresh([cards])
    view = studio.view(None)
    assert view is not None and studio.broken == ()
    assert "card/actions/market" in {p.key for p in view.pieces}
