"""The kit's own words (guide, calibration) print in the game's source language: an
English game made by `stamperia new` gets an English guide, and a game whose language the
package lacks is told which words to give, not printed in Italian."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from gamefixtures import new_game
from pypdf import PdfReader

from stamperia.cli import cli
from stamperia.content.loader import load_game
from stamperia.generator.kitwords import kit_word_keys, kit_wording

ITALIAN = ("Stampa", "stampare", "pagina", "pagine", "fronte-retro", "capovolgi", "lato",
           "Calibrazione", "mazzo", "carte")
"""Words of the package's Italian guide and calibration pages."""


def pdf_text(path: Path) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(path).pages)


def test_a_new_english_games_guide_and_calibration_print_in_english(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    new_game(tmp_path, monkeypatch)
    result = CliRunner().invoke(cli, ["build", "my_game", "--out", "out", "--duplex", "long"])
    assert result.exit_code == 0, result.output
    built = tmp_path / "out" / "my_game" / "en"
    guide = pdf_text(built / "guide.pdf")
    calibration = pdf_text(built / "calibration.pdf")
    assert "Print every file at 100 %" in guide
    assert "Duplex calibration" in calibration
    for text in (guide, calibration):
        assert [w for w in ITALIAN if w in text] == [], text


def test_a_source_language_the_package_lacks_is_an_error_listing_the_words(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = new_game(tmp_path, monkeypatch)
    manifest = json.loads((folder / "game.json").read_text(encoding="utf-8"))
    manifest["locales"] = {"source": "de"}
    (folder / "game.json").write_text(json.dumps(manifest), encoding="utf-8")
    (folder / "strings" / "en.json").rename(folder / "strings" / "de.json")
    result = CliRunner().invoke(cli, ["check", "my_game"])
    assert result.exit_code == 1, result.output
    line = next(x for x in result.output.splitlines() if "kit's words" in x)
    assert line.startswith("my_game/strings/de.json:1: /: de: the package has no de text of ")
    assert "de is the game's source language: ui.guide.title, ui.guide.intro," in line
    assert line.endswith("or make the source language one the package has: en, it) [R011]")
    assert "Traceback" not in result.output
    built = CliRunner().invoke(cli, ["build", "my_game", "--out", "out"])
    assert built.exit_code == 1 and not (tmp_path / "out" / "my_game").exists()


def test_a_source_language_the_game_completes_checks_clean_and_prints_its_words(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = new_game(tmp_path, monkeypatch)
    english = kit_wording(load_game(str(folder)), "en").texts
    keys = kit_word_keys(load_game(str(folder)))
    manifest = json.loads((folder / "game.json").read_text(encoding="utf-8"))
    manifest["locales"] = {"source": "de"}
    (folder / "game.json").write_text(json.dumps(manifest), encoding="utf-8")
    strings = json.loads((folder / "strings" / "en.json").read_text(encoding="utf-8"))
    (folder / "strings" / "en.json").unlink()
    ui: dict[str, object] = {}
    for key in keys:
        text = english[key]
        node = ui
        *parents, last = key.split(".")
        for part in parents:
            child = node.setdefault(part, {})
            assert isinstance(child, dict)
            node = child
        node[last] = "DE " + text if key == "guide.intro" else text
    strings["ui"] = ui
    (folder / "strings" / "de.json").write_text(json.dumps(strings), encoding="utf-8")
    result = CliRunner().invoke(cli, ["check", "my_game"])
    assert "the package has no de text" not in result.output
    built = CliRunner().invoke(cli, ["build", "my_game", "--out", "out"])
    assert built.exit_code == 0, built.output
    assert "DE Print every file" in pdf_text(tmp_path / "out" / "my_game" / "de" / "guide.pdf")
