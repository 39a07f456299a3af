"""The `cards` ruleset's card texts (fields in a deck's CSV or in cards.json) are
translatable: `l10n export` lists them under card.<deck>.<card>.<field>, a translation
prints, and `l10n status` and `check` say what a locale still lacks."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from gamefixtures import add_italian_strings, new_game

from stamperia.cli import cli
from stamperia.content.loader import load_game
from stamperia.generator.draw.drawing import iter_text_boxes
from stamperia.generator.kit import build_kit, fit_check_options


def italian_game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A new English game with an Italian translation of its strings, not of its cards."""
    return add_italian_strings(new_game(tmp_path, monkeypatch))


def exported(tmp_path: Path) -> list[list[str]]:
    result = CliRunner().invoke(cli, ["l10n", "export", "my_game", "--locale", "it",
                                      "--format", "csv", "--output", "it.csv"])
    assert result.exit_code == 0, result.output
    with open(tmp_path / "it.csv", encoding="utf-8", newline="") as handle:
        return list(csv.reader(handle))


def test_export_lists_every_card_text_with_its_row(tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    italian_game(tmp_path, monkeypatch)
    rows = {row[0]: row for row in exported(tmp_path)[1:]}
    cards = sorted(key for key in rows if key.startswith("card."))
    assert cards == [
        "card.actions.harbour.text", "card.actions.harbour.title",
        "card.actions.lighthouse.flavour", "card.actions.lighthouse.text",
        "card.actions.lighthouse.title", "card.actions.market.flavour",
        "card.actions.market.text", "card.actions.market.title", "card.actions.scout.text",
        "card.actions.scout.title", "card.events.festival.text", "card.events.festival.title",
        "card.events.storm.text", "card.events.storm.title"]
    assert rows["card.actions.market.title"][2:4] == ["Market", ""]
    assert rows["card.actions.market.title"][1].endswith("decks/actions.csv:2")


def test_a_translated_card_text_prints_and_status_lists_the_rest(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = italian_game(tmp_path, monkeypatch)
    status = CliRunner().invoke(cli, ["l10n", "status", "my_game"])
    assert status.output.splitlines()[2] == (
        "my_game it lacks 14: card.actions.market.title, card.actions.market.text, "
        "card.actions.market.flavour, card.actions.harbour.title, card.actions.harbour.text, "
        "card.actions.lighthouse.title, card.actions.lighthouse.text, "
        "card.actions.lighthouse.flavour, card.actions.scout.title, card.actions.scout.text, "
        "card.events.storm.title, card.events.storm.text and 2 more (--json lists them all)")
    strict = CliRunner().invoke(cli, ["check", "my_game", "--no-balance", "--strict"])
    assert strict.exit_code == 1
    assert ("my_game/decks/actions.csv:2: column 'Title': warning: market "
            "(cards-actions.pdf), it, box 'title' prints 'Market': a content field, printed "
            "as written: strings/it.json has no 'card.actions.market.title'") in strict.output
    strings = json.loads((folder / "strings" / "it.json").read_text(encoding="utf-8"))
    strings["card"] = {"actions": {"market": {"title": "Mercato",
                                              "text": "Guadagna {icon:coin}{icon:coin}."}}}
    (folder / "strings" / "it.json").write_text(json.dumps(strings), encoding="utf-8")
    game = load_game(str(folder))
    texts = {b.text for d in build_kit(game, "it", fit_check_options()) for p in d.pages
             for b in iter_text_boxes(p.items)}
    assert "Mercato" in texts and "Market" not in texts
    english = {b.text for d in build_kit(game, "en", fit_check_options()) for p in d.pages
               for b in iter_text_boxes(p.items)}
    assert "Market" in english and "Mercato" not in english
    after = CliRunner().invoke(cli, ["l10n", "status", "my_game", "--json"])
    assert json.loads(after.output)[0]["missing_keys"][:2] == [
        "card.actions.market.flavour", "card.actions.harbour.title"]
    checked = CliRunner().invoke(cli, ["check", "my_game", "--no-balance"]).output
    assert "box 'title' prints 'Market'" not in checked
    assert "market (cards-actions.pdf), it, box 'text'" not in checked
    assert "market (cards-actions.pdf), it, box 'flavour'" in checked


def test_a_catalogue_without_the_card_texts_imports(tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """Card texts written in fields print as written until translated (check and status
    say so), so a translator's catalogue may leave them out; every strings text it must
    still hold."""
    italian_game(tmp_path, monkeypatch)
    rows = exported(tmp_path)
    kept = rows[:2] + [[*row[:3], row[3] or row[2], *row[4:]] for row in rows[2:]
                       if not row[0].startswith("card.")]
    (tmp_path / "partial").mkdir()
    with open(tmp_path / "partial" / "it.csv", "w", encoding="utf-8", newline="") as handle:
        csv.writer(handle).writerows(kept)
    result = CliRunner().invoke(cli, ["l10n", "import", "my_game", "partial/it.csv"])
    assert result.exit_code == 0, result.output
    status = CliRunner().invoke(cli, ["l10n", "status", "my_game", "--json"])
    assert json.loads(status.output)[0]["missing_keys"][:1] == ["card.actions.market.title"]
