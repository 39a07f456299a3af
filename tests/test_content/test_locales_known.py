"""A game's locales are languages CLDR knows (R018): an unknown code would get guessed
plural forms, an empty catalogue language and no glyph checks of its script."""

from __future__ import annotations

from pathlib import Path

import pytest
from gamefixtures import make_game

from stamperia.content.errors import ContentProblems
from stamperia.content.loader import load_game


@pytest.mark.parametrize(("code", "message"), [
    ("qq", "'qq' is not a language CLDR knows: check the language subtag"),
    ("xx", "'xx' is not a language CLDR knows: check the language subtag"),
])
def test_a_translation_no_cldr_language_is_an_error_at_its_pointer(
        tmp_path: Path, code: str, message: str) -> None:
    folder = make_game(tmp_path, [{"file": "game.json", "op": "set",
                                   "pointer": "/locales/translations/0", "value": code}])
    (folder / "strings" / "en.json").rename(folder / "strings" / f"{code}.json")
    with pytest.raises(ContentProblems) as raised:
        load_game(str(folder))
    assert [p.format() for p in raised.value.problems if p.code == "R018"] == [
        f"{folder}/game.json:13: /locales/translations/0: {message}"]


def test_the_shipped_locales_are_known(tmp_path: Path) -> None:
    folder = make_game(tmp_path)
    assert [p for p in load_game(str(folder)).warnings if p.code == "R018"] == []
