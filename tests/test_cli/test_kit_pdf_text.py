"""The text of every built PDF, extracted as a reader would: no raw key, no placeholder, no
id, and no Italian word in a kit that is not Italian except the proper nouns the content
lists (the texts of the keys a locale keeps as the source, `"$same_as_source"`)."""

from __future__ import annotations

import re
from collections.abc import Iterable
from fnmatch import fnmatch
from pathlib import Path

import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from stamperia.cli import cli
from stamperia.content.loader import load_game
from stamperia.content.locate import shipped_games
from stamperia.content.model import Game
from stamperia.generator.kitwords import kit_wording

WORD = re.compile(r"[^\W\d_]{3,}")
RAW = re.compile(r"\{[a-z_][^{}\s]*\}|\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b"
                 r"|\b[a-z]+(?:\.[a-z0-9_]+){2,}\b|\bui\.[a-z_.]+")


STAMP = re.compile(r"^.* · [a-z][a-zA-Z-]* · [0-9a-f]{16}$", re.MULTILINE)
"""The kit stamp: the game id is meant to print there."""
FILE_NAME = re.compile(r"\S+\.pdf\b")
"""A file's name, as the guide lists it (`map-nuovi-orizzonti-tiles.pdf`): not words."""


def words(texts: Iterable[str]) -> set[str]:
    return {w.casefold() for text in texts for w in WORD.findall(text)}


def italian_words(game: Game, locale: str) -> tuple[set[str], tuple[str, ...]]:
    """Words only the Italian texts have (the game's and the kit's), and the names the
    locale keeps."""
    strings = game.strings[locale]
    names = tuple(sorted({text for key, text in strings.texts.items()
                          if any(fnmatch(key, p) for p in strings.same_as_source)},
                         key=len, reverse=True))
    italian = words(game.strings["it"].texts.values()) | words(
        kit_wording(game, "it").texts.values())
    own = words(text for key, text in strings.texts.items() if text not in names)
    own |= words(kit_wording(game, locale).texts.values())
    return italian - own, names


def pdf_text(path: Path) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(path).pages)


def built_texts(folder: Path) -> dict[str, str]:
    return {pdf.name: pdf_text(pdf) for pdf in sorted(folder.glob("*.pdf"))}


@pytest.mark.slow
@pytest.mark.parametrize("name", shipped_games())
def test_every_shipped_kit_prints_no_raw_text_nor_italian_in_a_translation(
        name: str, tmp_path: Path) -> None:
    result = CliRunner().invoke(cli, ["build", name, "--locale", "all", "--out",
                                      str(tmp_path)])
    assert result.exit_code == 0, result.output
    game = load_game(name)
    for locale in game.locales:
        texts = built_texts(tmp_path / name / locale)
        assert texts
        stamp_free = {f: STAMP.sub("", t) for f, t in texts.items()}
        assert {f: RAW.findall(t) for f, t in stamp_free.items() if RAW.search(t)} == {}
        if locale == "it":
            continue
        italian, names = italian_words(game, locale)
        found = {}
        for file, text in stamp_free.items():
            text = " ".join(FILE_NAME.sub(" ", text).casefold().split())
            for kept in names:  # a name wrapped over lines, or in capitals, is still one
                phrase = re.escape(" ".join(kept.casefold().split()))
                text = re.sub(rf"(?<!\w){phrase}(?!\w)", " ", text)
            hits = sorted(words([text]) & italian)
            if hits:
                found[file] = hits
        assert found == {}, locale


@pytest.mark.slow
def test_a_new_english_games_kit_prints_no_raw_text_nor_italian(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    assert CliRunner().invoke(cli, ["new", "my_game"]).exit_code == 0
    result = CliRunner().invoke(cli, ["build", "my_game", "--out", "out"])
    assert result.exit_code == 0, result.output
    game = load_game("my_game")
    italian = words(kit_wording(game, "it").texts.values()) - words(
        kit_wording(game, "en").texts.values()) - words(game.strings["en"].texts.values())
    for file, text in built_texts(tmp_path / "out" / "my_game" / "en").items():
        assert RAW.findall(STAMP.sub("", text)) == [], file
        assert sorted(words([STAMP.sub("", text)]) & italian) == [], file
