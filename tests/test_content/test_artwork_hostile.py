"""Art and layouts that passed `check` and then crashed `build` (issue 37): each is now a
finding at the file that names it, and `check` stays green only for what builds."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from gamefixtures import CARDS_TEMPLATE, make_game

from stamperia.cli import cli

ICON = "cards_template/theme.json:24: /icons/coin: "
REEXPORT = " (re-export the file from your drawing program) [R013]"


def _check(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, icon: str | None = None,
           layouts: tuple[str, str] | None = None) -> tuple[int, list[str]]:
    folder = make_game(tmp_path, game=CARDS_TEMPLATE)
    if icon is not None:
        (folder / "icons" / "coin.svg").write_text(icon, encoding="utf-8")
    if layouts is not None:
        text = (folder / "layouts.json").read_text(encoding="utf-8")
        assert layouts[0] in text
        (folder / "layouts.json").write_text(text.replace(layouts[0], layouts[1], 1),
                                             encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(cli, ["check", CARDS_TEMPLATE, "--no-balance"])
    return result.exit_code, result.output.splitlines()


SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="{box}">{body}</svg>'


@pytest.mark.parametrize(("icon", "message"), [
    (SVG.format(box="0 0 10 10", body='<circle r="4" style="fill:url(http://e.invalid/a#b)"/>'),
     "the SVG 'icons/coin.svg' loads a file or URL from its 'style' attribute; external "
     "references are refused"),
    (SVG.format(box="0 0 10 10", body='<circle r="4" fill="url( file:///etc/x.svg#b)"/>'),
     "the SVG 'icons/coin.svg' loads a file or URL from its 'fill' attribute; external "
     "references are refused"),
    (SVG.format(box="0 0 10 10", body='<style>@import "https://e.invalid/a.css";</style>'),
     "the SVG 'icons/coin.svg' loads a file or URL from its style; refused"),
    (SVG.format(box="0 0 NaN 10", body=""),
     "the SVG 'icons/coin.svg' has a malformed viewBox '0 0 NaN 10'"),
    (SVG.format(box="0 0 10 inf", body=""),
     "the SVG 'icons/coin.svg' has a malformed viewBox '0 0 10 inf'"),
    (SVG.format(box="0 0 10 10 10", body=""),
     "the SVG 'icons/coin.svg' has a malformed viewBox '0 0 10 10 10'"),
])
def test_an_svg_that_would_not_build_is_a_finding(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, icon: str, message: str) -> None:
    code, lines = _check(tmp_path, monkeypatch, icon=icon)
    assert (code, lines[0]) == (1, ICON + message + REEXPORT)


def test_a_gradient_of_the_same_drawing_is_no_external_reference(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    icon = SVG.format(box="0 0 10 10", body=(
        '<defs><linearGradient id="g"><stop offset="0" stop-color="#fff"/></linearGradient>'
        '</defs><circle cx="5" cy="5" r="4" fill="url(#g)" style="stroke:url( \'#g\')"/>'))
    assert _check(tmp_path, monkeypatch, icon=icon)[0] == 0


def test_a_truncated_image_is_a_finding_not_a_broken_pdf(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = make_game(tmp_path, game=CARDS_TEMPLATE)
    art = folder / "art" / "landscape.png"
    data = art.read_bytes()
    art.write_bytes(data[: len(data) // 2])
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(cli, ["check", CARDS_TEMPLATE, "--no-balance"])
    assert result.exit_code == 1
    assert result.output.splitlines()[0] == (
        "cards_template/decks/actions.csv:2: column 'Art': cannot read the image "
        "'art/landscape.png': image file is truncated" + REEXPORT)


def test_a_min_size_above_the_size_is_a_layout_finding_said_once(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    code, lines = _check(tmp_path, monkeypatch, layouts=(
        '"size": 13, "min_size": 8', '"size": 13, "min_size": 20'))
    assert code == 1
    assert lines[0] == (
        "cards_template/layouts.json:17: /layouts/0/boxes/4: box 'title' may shrink its text "
        "to min_size 20 pt, larger than its size 13 pt (min_size is the smallest the text may "
        "be made to fit: at most size) [R015]")
    assert sum("min_size 20" in line for line in lines) == 1


def test_a_cards_game_without_its_cards_file_is_a_missing_part(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = make_game(tmp_path, game=CARDS_TEMPLATE)
    manifest = folder / "game.json"
    text = manifest.read_text(encoding="utf-8")
    start, end = text.index('"parts": {'), text.index("}", text.index('"parts": {'))
    manifest.write_text(text[:start] + '"parts": {' + text[end:], encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(cli, ["check", CARDS_TEMPLATE, "--no-balance"])
    assert result.exit_code == 1
    assert result.output.splitlines()[0].endswith(
        ": /parts: a game of the cards ruleset names no cards file (add \"cards\": "
        "\"cards.json\" to parts: the file of its decks, tokens and board) [G006]")
