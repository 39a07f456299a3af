"""The generic `cards` ruleset end to end: `stamperia new`, check, build, spreadsheet decks,
and the commands that need an engine it does not have."""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from stamperia.cli import cli
from stamperia.generator.draw.drawing import TextBox


@pytest.fixture
def game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(cli, ["new", "demo"])
    assert result.exit_code == 0, result.output
    assert result.output == ("wrote demo/ from the 'cards' template\n"
                             "next: stamperia check demo && stamperia build demo\n")
    return tmp_path / "demo"


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, list(args))
    assert "Traceback" not in result.output
    return result.exit_code, result.output


def test_new_game_checks_clean(game: Path) -> None:
    assert run("check", "demo", "--no-balance") == (0, (
        "demo: 2 deck(s), 13 cards to print, 12 tokens; no rules engine\n"
        "demo: prototype data: 100% (cards 6/6)\n"
        "demo: ok\n"
        "checked 1 game(s): 0 error(s), 0 warning(s)\n"))


def test_new_game_schemas_resolve_from_its_folder(game: Path) -> None:
    for path in sorted(game.rglob("*.json")):
        if path.parent.name == "schemas":
            continue
        reference = json.loads(path.read_text(encoding="utf-8"))["$schema"]
        assert (path.parent / reference).is_file(), path


def test_new_game_builds_every_document(game: Path) -> None:
    code, output = run("build", "demo", "--out", "out")
    assert (code, output) == (0, "demo: 8 file(s), 14 PDF page(s) in out/demo\n"
                                 "open first: out/demo/en/guide.pdf\n")
    built = sorted(p.name for p in (game.parent / "out" / "demo" / "en").iterdir())
    assert built == ["board-large.pdf", "board-tiles.pdf", "calibration.pdf",
                     "cards-actions.pdf", "cards-events.pdf", "guide.pdf", "reference.pdf",
                     "tokens-coin.pdf"]
    actions = PdfReader(game.parent / "out" / "demo" / "en" / "cards-actions.pdf")
    assert len(actions.pages) == 4  # 10 cards: two fronts and two backs, duplex
    text = actions.pages[0].extract_text()
    assert "Market" in text and "Everything has a price." in text
    fonts = {str(f) for page in actions.pages
             for f in page["/Resources"]["/Font"].values()}  # type: ignore[index]
    assert fonts


def test_build_is_byte_identical(game: Path) -> None:
    assert run("build", "demo", "--out", "a")[0] == 0
    assert run("build", "demo", "--out", "b")[0] == 0
    root = game.parent
    for path in sorted((root / "a" / "demo").rglob("*.pdf")):
        twin = root / "b" / "demo" / path.relative_to(root / "a" / "demo")
        assert path.read_bytes() == twin.read_bytes(), path


def test_svg_art_stays_vector_in_the_svg_output(game: Path) -> None:
    assert run("build", "demo", "--out", "out", "--format", "svg")[0] == 0
    page = (game.parent / "out" / "demo" / "en" / "svg" / "cards-events-02.svg")
    assert "data:image/svg+xml;base64," in page.read_text(encoding="utf-8")


def test_new_refuses_an_existing_folder(game: Path) -> None:
    code, output = run("new", "demo")
    assert code == 2
    assert output.splitlines()[-1] == ("Error: demo already exists: choose a new folder name "
                                       "(stamperia new never overwrites)")


def test_new_names_the_templates_for_a_ruleset_without_one(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import stamperia.commands.new

    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(stamperia.commands.new, "templates", lambda: ("cards",))
    code, output = run("new", "war", "--template", "warland")
    assert code == 2
    assert output.splitlines()[-1] == (
        "Error: Invalid value for --template: the 'warland' ruleset has no template: choose "
        "from cards, or copy a game folder of that ruleset")
    assert not (tmp_path / "war").exists()


def test_new_refuses_a_name_that_is_no_game_id(tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    code, output = run("new", "My Game")
    assert code == 2
    assert output.splitlines()[-1] == (
        "Error: Invalid value for NAME: 'My Game' is not a game id: use lowercase letters, "
        "digits and _, starting with a letter")
    assert list(tmp_path.iterdir()) == []


def test_simulate_and_odds_say_there_is_no_engine(game: Path) -> None:
    code, output = run("simulate", "demo", "--players", "2")
    assert (code, output.splitlines()[-1]) == (
        2, "Error: demo: the 'cards' ruleset has no simulator")
    code, output = run("odds", "demo")
    assert (code, output.splitlines()[-1]) == (2, "Error: demo: the 'cards' ruleset has no odds")


def test_csv_errors_name_row_and_column(game: Path) -> None:
    sheet = game / "decks" / "actions.csv"
    text = sheet.read_text(encoding="utf-8")
    sheet.write_text(text.replace("market,3,", "market,three,").replace(",star,\"Draw",
                                                                         ",stra,\"Draw"),
                     encoding="utf-8")
    assert run("check", "demo") == (1, (
        "demo/decks/actions.csv:2: column 'copies': copies must be a whole number from 0 to "
        "200, not 'three' (write the number of copies of this card) [R016]\n"
        "demo/decks/actions.csv:3: column 'Suit': unknown suit 'stra' (did you mean 'star'?) "
        "[R016]\n"
        "demo: 2 error(s), 0 warning(s)\n"
        "checked 1 game(s): 2 error(s), 0 warning(s)\n"))
    code, output = run("build", "demo", "--out", "out")
    assert code == 1 and not (game.parent / "out" / "demo").exists()


def test_xlsx_deck_errors_name_sheet_and_cell(game: Path) -> None:
    from openpyxl import Workbook

    book = Workbook()
    sheet = book.active
    assert sheet is not None
    sheet.title = "Sheet1"
    sheet.append(["id", "copies", "Title", "Text", "Suit"])
    sheet.append(["market", 2, "Market", "Gain {icon:coin}.", "plain"])
    sheet.append(["harbour", 1, "Harbour", "Draw two.", "kolies"])
    book.save(game / "decks" / "actions.xlsx")
    cards = json.loads((game / "cards.json").read_text(encoding="utf-8"))
    cards["decks"][0]["source"] = {"file": "decks/actions.xlsx", "sheet": "Sheet1",
                                   "columns": {"Title": "title", "Text": "text",
                                               "Suit": "suit"},
                                   "values": {"suit": ["star", "plain", "koiles"]}}
    (game / "cards.json").write_text(json.dumps(cards), encoding="utf-8")
    code, output = run("check", "demo", "--no-balance")
    assert (code, output.splitlines()[0]) == (
        1, "demo/decks/actions.xlsx:Sheet1!E3: unknown suit 'kolies' (did you mean 'koiles'?) "
           "[R016]")
    (game / "decks" / "actions.xlsx").write_bytes(b"PK not a workbook")
    code, output = run("check", "demo", "--no-balance")
    assert (code, output.splitlines()[0]) == (
        1, "demo/cards.json:1: /decks/0/source/file: cannot read actions.xlsx as XLSX "
           "(BadZipFile) (save it again from your spreadsheet program (CSV as UTF-8)) [R016]")


def test_xlsx_deck_builds(game: Path) -> None:
    from openpyxl import Workbook

    book = Workbook()
    sheet = book.active
    assert sheet is not None
    sheet.append(["id", "copies", "Title", "Text"])
    sheet.append(["market", 2, "Market", "Gain {icon:coin}."])
    book.save(game / "decks" / "actions.xlsx")
    cards = json.loads((game / "cards.json").read_text(encoding="utf-8"))
    cards["decks"][0]["source"] = {"file": "decks/actions.xlsx",
                                   "columns": {"Title": "title", "Text": "text"}}
    (game / "cards.json").write_text(json.dumps(cards), encoding="utf-8")
    assert run("check", "demo", "--no-balance")[0] == 0
    assert run("build", "demo", "--out", "out")[0] == 0


def test_low_resolution_art_warns_at_the_sheet_row_that_names_it(game: Path) -> None:
    from PIL import Image

    Image.new("RGB", (120, 80), "#336699").save(game / "art" / "landscape.png")
    code, output = run("check", "demo", "--no-balance")
    assert code == 0
    assert output.splitlines()[0] == (
        "demo/decks/actions.csv:2: column 'Art': warning: the image 'art/landscape.png' "
        "(120x80 px) prints at 44 dpi in box 'art' of layout 'action', below 300 (use a larger "
        "image, or accept a soft print) [R013]")
    code, output = run("check", "demo", "--no-balance", "--format", "json")
    found = json.loads(output)["games"][0]["problems"][0]
    row = (game / "decks" / "actions.csv").read_text(encoding="utf-8").splitlines()[1]
    assert (found["file"], found["line"], found["pointer"], found["column"]) == (
        "demo/decks/actions.csv", 2, "column 'Art'", row.index("art/landscape.png") + 1)


def test_an_edition_overrides_the_theme_and_a_layout_alone(game: Path) -> None:
    variant = game.parent / "variant"
    variant.mkdir()
    (variant / "game.json").write_text(json.dumps({
        "extends": "../demo", "id": "variant",
        "parts": {"theme": "theme.json", "layouts": "layouts.json"}}), encoding="utf-8")
    (variant / "theme.json").write_text(json.dumps({"palette": {"sea": "#6a2c70"}}),
                                        encoding="utf-8")
    (variant / "layouts.json").write_text(json.dumps({"layouts": [
        {"id": "card", "boxes": [{"id": "title", "colour": "gold"}]}]}), encoding="utf-8")
    assert run("check", "variant", "--no-balance")[0] == 0
    code, output = run("diff", "demo", "variant")
    assert code == 0 and "  changed  colour sea: colour #2f5d8a -> #6a2c70" in output
    assert run("build", "variant", "--out", "out")[0] == 0  # the parent's art and CSV are found


def test_build_watch_rebuilds_the_changed_game_and_prints_its_findings(
        game: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import watchfiles

    def one_change(*paths: str) -> Iterator[set[tuple[watchfiles.Change, str]]]:
        assert paths == (str(game.resolve()),)
        sheet = game / "decks" / "actions.csv"
        sheet.write_text(sheet.read_text(encoding="utf-8").replace("market,3,", "market,x,"),
                         encoding="utf-8")
        yield {(watchfiles.Change.modified, str(sheet))}
        yield {(watchfiles.Change.modified, "/elsewhere/file.txt")}

    monkeypatch.setattr(watchfiles, "watch", one_change)
    code, output = run("build", "demo", "--out", "out", "--watch")
    assert code == 0
    assert output == (
        "demo: 8 file(s), 14 PDF page(s) in out/demo\n"
        "open first: out/demo/en/guide.pdf\n"
        "demo: check: 0 error(s), 0 warning(s)\n"
        "watching demo (Ctrl-C to stop)\n"
        "demo/decks/actions.csv:2: column 'copies': copies must be a whole number from 0 to "
        "200, not 'x' (write the number of copies of this card)\n"
        "demo: not built: fix the content problems above (stamperia check demo)\n"
        "demo/decks/actions.csv:2: column 'copies': copies must be a whole number from 0 to "
        "200, not 'x' (write the number of copies of this card)\n"
        "demo: check: 1 error(s), 0 warning(s)\n"
        "watching demo (Ctrl-C to stop)\n")


def test_overflowing_field_text_is_named_at_its_cell(game: Path) -> None:
    sheet = game / "decks" / "actions.csv"
    sheet.write_text(sheet.read_text(encoding="utf-8").replace(
        "Look at another player's hand.", "Look again. " * 60), encoding="utf-8")
    code, output = run("check", "demo", "--no-balance")
    assert code == 1
    assert output.splitlines()[0] == (
        "demo/decks/actions.csv:5: column 'Text': en text of 'text' does not fit its box even "
        "at 6.5 pt (DE-ACT-04 (scout): 32.0 mm too tall) (shorten it, or lower min_size) [K001]")


def test_a_board_image_is_printed_large_and_tiled(game: Path) -> None:
    from PIL import Image

    Image.new("RGB", (1200, 900), "#88aa66").save(game / "art" / "board.png")
    cards = json.loads((game / "cards.json").read_text(encoding="utf-8"))
    cards["board"] = {"image": "art/board.png", "width": 400, "height": 300}
    (game / "cards.json").write_text(json.dumps(cards), encoding="utf-8")
    layouts = json.loads((game / "layouts.json").read_text(encoding="utf-8"))
    summary = layouts["layouts"][-1]  # the template's hex map widget draws a hex board only
    summary["boxes"] = [b for b in summary["boxes"] if b.get("kind") != "widget"]
    (game / "layouts.json").write_text(json.dumps(layouts), encoding="utf-8")
    strings = json.loads((game / "strings" / "en.json").read_text(encoding="utf-8"))
    del strings["region"]  # a picture has no regions to name
    (game / "strings" / "en.json").write_text(json.dumps(strings), encoding="utf-8")
    assert run("build", "demo", "--out", "out")[0] == 0
    built = game.parent / "out" / "demo" / "en"
    [large] = PdfReader(built / "board-large.pdf").pages
    assert (round(float(large.mediabox.width) * 25.4 / 72),
            round(float(large.mediabox.height) * 25.4 / 72)) == (400, 300)
    assert len(PdfReader(built / "board-tiles.pdf").pages) > 1


def test_a_glyph_the_bundled_font_lacks_is_named_at_its_field(game: Path) -> None:
    layouts = json.loads((game / "layouts.json").read_text(encoding="utf-8"))
    title = next(b for b in layouts["layouts"][0]["boxes"] if b["id"] == "title")
    del title["font"]  # the bundled DejaVu Sans
    (game / "layouts.json").write_text(json.dumps(layouts), encoding="utf-8")
    cards = json.loads((game / "cards.json").read_text(encoding="utf-8"))
    cards["decks"][1]["cards"][1]["fields"]["title"] = "Festival 祭"
    (game / "cards.json").write_text(json.dumps(cards, indent=1), encoding="utf-8")
    problem = ("demo/cards.json:47: /decks/1/cards/1/fields/title: festival: the text of "
               "'title' cannot be printed: no glyph for '祭' in 'DejaVu Sans' (declare the "
               "icon in the theme, or use a font that has the characters) [K002]")
    code, output = run("check", "demo", "--no-balance")
    assert (code, output.splitlines()[0]) == (1, problem)
    code, output = run("build", "demo", "--out", "out")
    assert (code, output.splitlines()[0]) == (1, problem.removesuffix(" [K002]"))
    assert not (game.parent / "out" / "demo").exists()


def test_new_game_exports_every_card_and_token(game: Path) -> None:
    """A game made without Python reaches the per-piece exports too: 13 cards, face and
    back, and the coin standing for its 12 tokens."""
    code, _output = run("build", "demo", "--format", "png", "--dpi", "72", "--out", "out")
    assert code == 0
    manifest = json.loads((game.parent / "out" / "demo" / "manifest.json").read_text("utf-8"))
    files = manifest["files"]
    assert len([f for f in files if f["component"] == "card"]) == 26
    assert [(f["path"], f["count"]) for f in files if f["component"] == "token"] == [
        ("en/tokens/coin.png", 12)]


def _card_sizes(folder: Path) -> tuple[list[float], set[tuple[float, ...]]]:
    manifest = json.loads((folder / "manifest.json").read_text(encoding="utf-8"))
    return manifest["card_size_mm"], {tuple(f["card_size_mm"]) for f in manifest["files"]
                                      if f["component"] == "cards"}


def test_card_size_prints_a_cards_game_at_the_asked_size(game: Path) -> None:
    assert run("build", "demo", "--out", "own")[0] == 0
    # cards.json's size, at the top of the manifest too (it said poker, the build's default)
    assert _card_sizes(game.parent / "own" / "demo") == ([63.0, 88.0], {(63.0, 88.0)})
    code, output = run("build", "demo", "--out", "tarot", "--card-size", "tarot")
    assert (code, output) == (0, "demo: 8 file(s), 16 PDF page(s) in tarot/demo\n"
                                 "open first: tarot/demo/en/guide.pdf\n")
    assert _card_sizes(game.parent / "tarot" / "demo") == ([70.0, 120.0], {(70.0, 120.0)})


def test_the_asked_card_size_scales_the_layouts(game: Path) -> None:
    from stamperia.content.loader import load_game
    from stamperia.content.rulesets.cards.model import CardSet
    from stamperia.generator.kitdocument import KitOptions
    from stamperia.generator.kits.cards.kit import text_pages
    from stamperia.generator.print.imposition import Duplex
    from stamperia.generator.print.sizes import card_size, paper_size
    from stamperia.generator.uitext import ui_text

    loaded = load_game(str(game))
    own = KitOptions(paper_size("a4"), card_size("tarot"), Duplex.LONG)
    asked = replace(own, card_asked=True)
    deck = loaded.part(CardSet).decks[0]
    name = f"{deck.id}/{deck.cards[0].id}"

    def title(options: KitOptions) -> TextBox:
        page = next(p for p in text_pages(loaded, "en", ui_text("en"), options) if p.label == name)
        return next(i for i in page.items if isinstance(i, TextBox))

    assert (title(own).x, title(own).width) == (5.0, 42.0)  # drawn for 63×88
    assert title(asked).x == pytest.approx(5.0 * 70 / 63)
    assert title(asked).width == pytest.approx(42.0 * 70 / 63)


def test_dice_a_designer_declares_reach_the_tabletop_simulator_save(game: Path) -> None:
    cards = json.loads((game / "cards.json").read_text(encoding="utf-8"))
    cards["dice"] = [{"id": "d20", "colour": "#c02020", "count": 1, "sides": 20}]
    (game / "cards.json").write_text(json.dumps(cards, indent=1), encoding="utf-8")
    code, output = run("build", "demo", "--format", "tts", "--dpi", "72", "--out", "out")
    assert code == 0, output
    built = game.parent / "out" / "demo"
    save = json.loads((built / "en" / "tts" / "demo.json").read_text("utf-8"))
    dice = [(o["Name"], o["Nickname"], o["ColorDiffuse"]) for o in save["ObjectStates"]
            if o["Name"].startswith("Die_")]
    assert dice == [("Die_20", "d20", {"r": 0.752941, "g": 0.12549, "b": 0.12549})]
    manifest = json.loads((built / "manifest.json").read_text("utf-8"))
    assert manifest["dice"] == [{"id": "d20", "colour": "#c02020", "count": 1, "sides": 20}]

