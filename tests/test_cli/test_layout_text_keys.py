"""A layout's text key that cannot resolve is a finding at its box, never printed as
itself: a `ui.` key no kit word or game string gives, and a `{field}` key per record,
where a `cards` record has the documented `deck`, `card` and `id` fields."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from gamefixtures import new_game
from pypdf import PdfReader

from stamperia.cli import cli


def add_event_box(folder: Path, text: str) -> int:
    """A box printing `text` on the event cards (the layout's third box); the layout's
    index in layouts.json."""
    path = folder / "layouts.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    index = next(i for i, layout in enumerate(data["layouts"]) if layout["id"] == "event")
    data["layouts"][index]["boxes"].append(
        {"id": "motto", "text": text, "x": 6, "y": 79, "width": 51, "height": 6, "size": 7,
         "align": "center"})
    path.write_text(json.dumps(data, indent=1), encoding="utf-8")
    return index


def line_of(path: Path, needle: str) -> int:
    return next(n for n, line in enumerate(path.read_text().splitlines(), 1) if needle in line)


def test_a_ui_key_no_one_gives_is_an_error_at_its_box(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = new_game(tmp_path, monkeypatch)
    index = add_event_box(folder, "ui.omen.danger")
    result = CliRunner().invoke(cli, ["check", "my_game"])
    assert result.exit_code == 1, result.output
    line = line_of(folder / "layouts.json", '"text": "ui.omen.danger"')
    assert (f"my_game/layouts.json:{line}: /layouts/{index}/boxes/2/text: text "
            "'ui.omen.danger' is no word of the kit and the game's en strings do not give "
            "it: it would print as itself (give it in strings/en.json under \"ui\", or print "
            "a key of the game's strings (without \"ui.\")) [R001]") in result.output.splitlines()


def test_a_ui_key_the_game_gives_prints_and_is_not_called_unknown(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = new_game(tmp_path, monkeypatch)
    add_event_box(folder, "ui.omen.danger")
    strings_path = folder / "strings" / "en.json"
    strings = json.loads(strings_path.read_text(encoding="utf-8"))
    strings["ui"] = {"omen": {"danger": "Beware the storm"}}
    strings_path.write_text(json.dumps(strings), encoding="utf-8")
    result = CliRunner().invoke(cli, ["check", "my_game"])
    assert result.exit_code == 0, result.output
    assert "ui.omen.danger" not in result.output
    assert CliRunner().invoke(cli, ["build", "my_game", "--out", "out"]).exit_code == 0
    text = "".join(p.extract_text() for p in
                   PdfReader(tmp_path / "out/my_game/en/cards-events.pdf").pages)
    assert "Beware the storm" in text and "omen.danger" not in text


def test_a_field_key_names_each_card_and_a_missing_one_is_an_error(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = new_game(tmp_path, monkeypatch)
    index = add_event_box(folder, "card.{deck}.{card}.motto")
    result = CliRunner().invoke(cli, ["check", "my_game"])
    assert result.exit_code == 1, result.output
    missing = [x for x in result.output.splitlines() if "motto" in x]
    assert [x.split(": ", 2)[2] for x in missing] == [
        f"missing en text 'card.events.{card}.motto' (needed by my_game/layouts.json "
        f"/layouts/{index}/boxes/2/text) [R004]" for card in ("festival", "storm")], missing


def test_a_field_key_prints_each_cards_own_text(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = new_game(tmp_path, monkeypatch)
    add_event_box(folder, "card.{deck}.{card}.motto")
    strings_path = folder / "strings" / "en.json"
    strings = json.loads(strings_path.read_text(encoding="utf-8"))
    strings["card"] = {"events": {"storm": {"motto": "Wind from the west"},
                                  "festival": {"motto": "Music all night"}}}
    strings_path.write_text(json.dumps(strings), encoding="utf-8")
    result = CliRunner().invoke(cli, ["check", "my_game"])
    assert result.exit_code == 0, result.output
    assert "motto" not in result.output  # no "names nothing in the game" either
    assert CliRunner().invoke(cli, ["build", "my_game", "--out", "out"]).exit_code == 0
    text = "".join(p.extract_text() for p in
                   PdfReader(tmp_path / "out/my_game/en/cards-events.pdf").pages)
    assert "Wind from the west" in text and "Music all night" in text
    assert "{" not in text and "card.events" not in text
