"""The kit read back: what would print, per locale, compared with the content.

`check` (and `build --verify`) lay the kit out in memory for every locale and read the
drawing description back, the same description the PDF, SVG and PNG backends draw: a text
that passed every content check can still print wrong (a key that resolved to itself, a
`{field}` nobody filled, an id used as a caption, the source language in a translated kit),
an image box can draw no file, a family no face, and a sheet fewer cards than the kit lists.
Reading the description, not the PDF, names the box and the content each finding comes from.
"""

from __future__ import annotations

import os
import re
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from fnmatch import fnmatch
from pathlib import Path

from stamperia.content.errors import ContentError, Origin
from stamperia.content.findings import (
    FONT_UNAVAILABLE,
    PRINTED_PIECE_MISSING,
    PRINTED_RAW_TEXT,
    PRINTED_SOURCE_TEXT,
    Finding,
)
from stamperia.content.l10n.model import KIT_PREFIX
from stamperia.content.model import Game, Strings
from stamperia.content.parts import declared_copies, part_field_texts
from stamperia.generator.draw.drawing import (
    FittedTextBox,
    Group,
    Image,
    Item,
    Page,
    TextBox,
    TextSource,
)
from stamperia.generator.draw.fonts import FontError, FontSet
from stamperia.generator.draw.themefonts import game_fonts
from stamperia.generator.export.components import Kind
from stamperia.generator.kit import fit_check_options, placed_cards, unstamped_kit
from stamperia.generator.kitdocument import KitDocument, KitOptions
from stamperia.generator.kitwords import kit_wording

PLACEHOLDER = re.compile(r"\{[A-Za-z_][^{}\s]*\}")
"""A `{field}` or `{icon:...}` left in a printed text: nobody filled it."""
KEY_SHAPE = re.compile(r"^[a-z][a-z0-9_]*(?:\.[a-z0-9_{}*]+){2,}$|^ui\.[a-z0-9_.]+$")
"""A dotted key (`card.events.x.name`, `ui.guide.title`): no word of any language."""
ID_SHAPE = re.compile(r"^[a-z][a-z0-9]*(?:_[a-z0-9]+)+$")
"""A snake_case id (`obiettivo_07`, `nuovi_orizzonti`): no printed word has an underscore."""
_EDGE = "\"'«»“”‘’()[].,;:!?…"
Report = Callable[[str, str, str, Finding | None], ContentError]
"""An origin's `error` or `warning`."""
MAX_FINDINGS = 200
"""A kit that prints ids everywhere says so this many times, not once per card."""


@dataclass(frozen=True)
class Printed:
    """One text box as it would print: the document, the page, the box."""

    document: str
    page: str
    box: TextBox
    whole: str = ""
    """The whole text of a rich text whose first run this box is (its words as fitted),
    for reports: the box itself holds one run."""


def printed_texts(documents: tuple[KitDocument, ...]) -> Iterator[Printed]:
    """Every text box of every page, depth first, fitted or not."""
    for document in documents:
        for page in document.pages:
            for box, whole in _runs(page.items):
                yield Printed(document.stem, page.label, box, whole)


def _runs(items: tuple[Item, ...]) -> Iterator[tuple[TextBox, str]]:
    for item in items:
        if isinstance(item, TextBox):
            yield item, ""
        elif isinstance(item, FittedTextBox):
            lines = " ".join(item.fit.lines)
            yield item.box, (lines if item.box.source is not None and lines != item.box.text
                             else "")
        elif isinstance(item, Group):
            yield from _runs(item.items)


def _boxes(items: tuple[Item, ...]) -> Iterator[TextBox]:
    for box, _ in _runs(items):
        yield box


def _images(items: tuple[Item, ...]) -> Iterator[Image]:
    for item in items:
        if isinstance(item, Image):
            yield item
        elif isinstance(item, Group):
            yield from _images(item.items)


def readback_problems(game: Game, options: KitOptions | None = None,
                      locales: tuple[str, ...] | None = None,
                      rasterise: bool = False) -> list[ContentError]:
    """What each locale's kit would print that the content does not say, in locale order.

    `options` are the build's (the fit check's when None); their fonts, when set, are the
    game's as the kit loads them (parsed once by the fit check). `locales`: the game's all
    when None. `rasterise` (build --verify, which loads the PDF library anyway) also
    renders each image of the kit through the PDF backend (generator.drawnart).
    """
    base = fit_check_options() if options is None else options
    try:
        fonts = base.fonts if base.fonts is not None else game_fonts(game)
    except FontError as error:  # check says so at the font; a build stops here too
        return [game.origin.error(f"cannot read the kit back: {error}",
                                  "replace the font the message names",
                                  kind=FONT_UNAVAILABLE)]
    options = replace(base, fonts=fonts)
    problems: list[ContentError] = []
    rendered: set[str] = set()
    for locale in game.locales if locales is None else locales:
        documents = unstamped_kit(game, locale, options)
        reader = _Reader(game, locale)
        problems += reader.texts(documents)
        problems += _pieces(game, locale, documents, fonts)
        if rasterise:
            from stamperia.generator.drawnart import flat_images

            problems += [game.origin.error(
                f"{locale}: an image box prints {_relative(path, game)!r} as a flat fill, "
                "though the art is not flat: the PDF renderer cannot draw what it uses",
                "export it again as plain paths and gradients (or as a PNG)",
                kind=PRINTED_PIECE_MISSING)
                for path in flat_images(_all_images(documents), fonts)
                if path not in rendered]
            rendered.update(str(image.path) for image in _all_images(documents))
    return problems[:MAX_FINDINGS]


def _relative(path: str, game: Game) -> str:
    """An art file as the content names it: relative to the game's folder."""
    relative = os.path.relpath(path, game.folder)
    return path if relative.startswith("..") else Path(relative).as_posix()


def _all_images(documents: tuple[KitDocument, ...]) -> tuple[Image, ...]:
    return tuple(image for document in documents for page in document.pages
                 for image in _images(page.items))


class _Reader:
    """One locale's texts compared with the content's strings for it and for the source."""

    def __init__(self, game: Game, locale: str) -> None:
        self.game = game
        self.locale = locale
        source = game.strings[game.source_locale]
        self.source = source
        self.strings: Strings = game.strings.get(locale, source)
        source_words = kit_wording(game, game.source_locale).texts
        own_words = kit_wording(game, locale).texts
        self.keys = {*source.texts, *self.strings.texts, *source_words}
        translated = {text for key, text in self.strings.texts.items()
                      if text != source.texts.get(key)}
        self.translated = translated | {text for key, text in own_words.items()
                                        if text != source_words.get(key)}
        names = [text for key, text in self.strings.texts.items() if self._kept(key)]
        names.append(game.title(locale))
        self.names = tuple(sorted(set(names), key=len, reverse=True))
        self.field_keys = {where: key for key, (_, where)
                           in part_field_texts(game.parts).items()}
        self.by_source: dict[str, list[str]] = {}
        for key, text in source.texts.items():
            self.by_source.setdefault(text, []).append(key)
        self.seen: set[tuple[str, str, str]] = set()

    def _kept(self, key: str) -> bool:
        """A key the locale declares the same as the source: a name, printed as it is."""
        return any(fnmatch(key, pattern) for pattern in self.strings.same_as_source)

    def texts(self, documents: tuple[KitDocument, ...]) -> list[ContentError]:
        problems: list[ContentError] = []
        for printed in printed_texts(documents):
            found = self._text(printed)
            if found is not None:
                problems.append(found)
        return problems

    def _text(self, printed: Printed) -> ContentError | None:
        box = printed.box
        text, source = box.text, box.source
        component = source.card if source is not None else printed.page or printed.document
        name = source.key if source is not None else "text"
        where = f"{component} ({printed.document}.pdf), {self.locale}, box {name!r}"
        origin = self._origin(source.key if source is not None else None,
                              source.origin if source is not None else None)
        raw = self._raw(text)
        if raw is not None:
            return self._once(origin.error, PRINTED_RAW_TEXT, where, text, raw,
                              "give the box a string of the game, or fill the field it names")
        if self.locale == self.game.source_locale:
            return None
        return self._language(text, source, origin, where, printed.whole)

    def _language(self, text: str, source: TextSource | None, origin: Origin,
                  where: str, whole: str) -> ContentError | None:
        """The source language in a translation's kit: an error where the locale has a
        translation and the source prints anyway; a warning where the locale has none (a
        content field, a key it lacks: incomplete, and said so). Kit words a locale lacks
        are listed once by the kit-word check (R011), not here box by box."""
        if source is not None and source.key in self.source.texts:
            if source.key.startswith(KIT_PREFIX) or self._kept(source.key):
                return None
            own = self.strings.texts.get(source.key)
            if own is None:
                return self._once(origin.warning, PRINTED_SOURCE_TEXT, where, text,
                                  f"strings/{self.locale}.json has no text of "
                                  f"{source.key!r}, so the {self.game.source_locale} one "
                                  "prints", f"translate it in strings/{self.locale}.json")
            if text == self.source.texts[source.key] != own:
                return self._once(origin.error, PRINTED_SOURCE_TEXT, where, text,
                                  f"the {self.locale} text of {source.key!r} is {own!r}",
                                  "report it: the kit drew the source text")
            return None
        key = self.field_keys.get(source.origin) if source is not None and \
            source.origin is not None else None
        if key is not None:  # a field a translation gives under a key of its own
            if key in self.strings.texts or self._allowed(whole or text):
                return None
            return self._once(origin.warning, PRINTED_SOURCE_TEXT, where, whole or text,
                              f"a content field, printed as written: strings/{self.locale}"
                              f".json has no {key!r}", "translate it (`stamperia l10n "
                              f"export --locale {self.locale}` lists it), or copy it there "
                              "and list it in \"$same_as_source\" if it is a name")
        if text in self.translated or self._allowed(text):
            return None
        if source is not None and source.origin is not None:
            return self._once(origin.warning, PRINTED_SOURCE_TEXT, where, whole or text,
                              f"a content field, printed as written: strings/{self.locale}"
                              f".json has no text for it", "translate it, or leave it if it "
                              "is a name")
        keys = self.by_source.get(text, ())
        translated = [key for key in keys if self.strings.texts.get(key, text) != text]
        if translated:
            return self._once(origin.error, PRINTED_SOURCE_TEXT, where, text,
                              f"it is the {self.game.source_locale} text of {translated[0]!r}, "
                              f"which {self.locale} translates", "report it: the kit drew "
                              "the source text")
        return None

    def _raw(self, text: str) -> str | None:
        """What makes a text raw: a placeholder, a key or an id; None when it is words."""
        placeholder = PLACEHOLDER.search(text)
        if placeholder is not None:
            return f"the placeholder {placeholder.group(0)} is not filled"
        for token in text.split():
            word = token.strip(_EDGE)
            if word in self.keys and "." in word or KEY_SHAPE.match(word):
                return f"{word!r} is a key, not its text"
            if ID_SHAPE.match(word):
                return f"{word!r} is an id, not a printed name"
        return None

    def _allowed(self, text: str) -> bool:
        """Numbers, symbols, units and grid letters (`50 mm`, `A2`) and the names the
        locale keeps: nothing left to translate."""
        rest = text
        for name in self.names:
            rest = rest.replace(name, " ")
        return all(sum(ch.isalpha() for ch in word) <= 2 for word in rest.split())

    def _origin(self, key: str | None, field: Origin | None) -> Origin:
        """Where the text comes from: the field, else the key's source text, else the
        locale's strings file."""
        if field is not None:
            return field
        if key is not None and key in self.strings.origins:
            return self.strings.origins[key]
        if key is not None and key in self.source.origins:
            return self.source.origins[key]
        return self.strings.origin

    def _once(self, report: Report, kind: Finding, where: str, text: str, why: str,
              hint: str) -> ContentError | None:
        """One finding per kind and text in a locale: a card's copies print the same, and
        a name on every card is one thing to fix."""
        seen = (kind.code, why, text if kind is PRINTED_SOURCE_TEXT else "")
        if seen in self.seen:
            return None
        self.seen.add(seen)
        return report(f"{where} prints {_short(text)}: {why}", hint, "", kind)


def _short(text: str) -> str:
    flat = " ".join(text.split())
    return repr(flat if len(flat) <= 60 else flat[:57] + "...")


def _pieces(game: Game, locale: str, documents: tuple[KitDocument, ...],
            fonts: FontSet) -> list[ContentError]:
    """Images that draw no file, text in a family the kit cannot embed, and card sheets
    that place a different number of cards than the kit's pieces list."""
    problems: list[ContentError] = []
    missing: set[str] = set()
    families: set[tuple[str, bool]] = set()
    for document in documents:
        for page in document.pages:
            problems += _page_images(game, locale, document, page, missing)
            for box in _boxes(page.items):
                families.add((box.font, box.bold))
        cards = sum(1 for c in document.components if c.kind is Kind.CARD)
        placed = placed_cards(document)
        if document.card_size is not None and document.components and placed != cards:
            problems.append(game.origin.error(
                f"{document.stem}.pdf, {locale}: its sheets place {placed} card(s), its "
                f"pieces are {cards}", "report it: the kit lost or repeated a card",
                kind=PRINTED_PIECE_MISSING))
    problems += _copies(game, locale, documents)
    for family, bold in sorted(families):
        try:
            fonts.face(family, bold)
        except FontError as error:
            problems.append(game.origin.error(
                f"{locale}: a text is set in {family!r}{' bold' if bold else ''}, which no "
                f"font of the kit embeds: {error}", "name a font the theme declares",
                kind=PRINTED_PIECE_MISSING))
    return problems


def _copies(game: Game, locale: str, documents: tuple[KitDocument, ...]
            ) -> list[ContentError]:
    """Each piece the content counts (a card's copies, a token's) printed that often."""
    printed: Counter[tuple[str, str]] = Counter()
    for document in documents:
        for piece in document.components:
            if piece.kind is Kind.CARD:
                printed[piece.group, piece.id] += 1
            elif piece.kind in (Kind.TOKEN, Kind.PIECE):
                printed[piece.group, piece.id] += piece.count
    return [origin.error(
        f"{group + '/' if group else ''}{piece}, {locale}: the content declares {copies} "
        f"cop{'y' if copies == 1 else 'ies'}, the kit prints {printed[group, piece]}",
        "report it: the kit lost or repeated a piece", kind=PRINTED_PIECE_MISSING)
        for (group, piece), (copies, origin) in declared_copies(game.parts).items()
        if printed[group, piece] != copies]


def _page_images(game: Game, locale: str, document: KitDocument, page: Page,
                 missing: set[str]) -> list[ContentError]:
    problems: list[ContentError] = []
    for image in _images(page.items):
        path = str(image.path)
        if path in missing or Path(path).is_file():
            continue
        missing.add(path)
        problems.append(game.origin.error(
            f"{page.label or document.stem} ({document.stem}.pdf), {locale}: an image box "
            f"draws {path!r}, which is no file", "restore the file or fix the name",
            kind=PRINTED_PIECE_MISSING))
    return problems


__all__ = ["Printed", "printed_texts", "readback_problems"]
