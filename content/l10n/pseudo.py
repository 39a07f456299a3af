"""A pseudo-locale: the source texts with accents added and 40% longer, so text that would
overflow in a longer language shows up before translators deliver.

The accents go beyond Latin-1 (Central European letters) and the padding opens with Greek,
Cyrillic and Vietnamese letters, so the glyph check meets the scripts translations bring
before they arrive: a font without them fails `check --pseudo`."""

from __future__ import annotations

from dataclasses import replace

from stamperia.content.model import Game, Strings, frozen_mapping

PSEUDO_LOCALE = "xx"
GROWTH = 0.4
_ACCENTS = str.maketrans("aeiouAEIOUcnyCNYlsLS", "àéîőüÀÉÎŐÜçñýÇÑÝłşŁŞ")
_FILLER = " ~ΩЖệ lorem ipsum dolor sit amet consectetur adipiscing elit sed do eiusmod"


def pseudo_text(text: str) -> str:
    """Accented, and padded with filler words to 140% of the length (at least one char)."""
    extra = max(1, round(len(text) * GROWTH))
    padding = (_FILLER * (extra // len(_FILLER) + 1))[:extra]
    return text.translate(_ACCENTS) + padding


def with_pseudo_locale(game: Game) -> Game:
    """The game with one more locale whose texts are pseudo-translations of the source."""
    source = game.strings[game.source_locale]
    texts = frozen_mapping({k: pseudo_text(v) for k, v in source.texts.items()})
    pseudo = Strings(PSEUDO_LOCALE, texts, source.origins, source.origin)
    strings = dict(game.strings)
    strings[PSEUDO_LOCALE] = pseudo
    return replace(game, translations=(*game.translations, PSEUDO_LOCALE),
                   strings=frozen_mapping(strings))
