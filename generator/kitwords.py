"""The kit's own words as a game's: package defaults, overridden by the game's strings.

A game may state any word of its kit in its strings as `ui.<key>` (`ui.guide.title`), in
the source locale or a translation. A build in a locale that has neither the game's nor the
package's text of a word prints the source's, and says which keys.
"""

from __future__ import annotations

from string import Formatter
from types import MappingProxyType

from stamperia.content.errors import ContentError, Origin
from stamperia.content.findings import (
    KIT_WORD_FIELD,
    MISSING_KIT_WORD,
    STALE_TRANSLATION,
    UNKNOWN_KIT_WORD,
    UNKNOWN_REFERENCE,
)
from stamperia.content.l10n.model import KIT_PREFIX, KitWords, source_hash
from stamperia.content.l10n.plurals import CATEGORIES
from stamperia.content.look.layouts import Layouts
from stamperia.content.model import Game
from stamperia.content.references import did_you_mean
from stamperia.generator.draw.memo import per_object
from stamperia.generator.kits.registry import kit_for
from stamperia.generator.uitext import SOURCE_LOCALE, UiText, own_words, package_words, ui_locales

GUIDE_WORDS = ("guide.", "kit.guide", "calibration.", "kit.calibration")
"""The words of the pages stamperia.generator.kit adds to every kit: the print guide in front and,
when the kit prints double-sided, the duplex calibration sheet."""


def _word_packages(game: Game) -> tuple[str, ...]:
    return kit_for(game.ruleset).word_packages()


def kit_word_keys(game: Game) -> tuple[str, ...]:
    """The package words (without `ui.`) the game's kit prints, in the package's order:
    the shared words its kit declares, then all of the kit's own."""
    kit = kit_for(game.ruleset)
    prefixes = (*GUIDE_WORDS, *kit.words)
    shared = tuple(k for k in package_words(SOURCE_LOCALE) if k.startswith(prefixes))
    own = tuple(k for package in kit.word_packages()
                for k in own_words(package, SOURCE_LOCALE) if k not in shared)
    return shared + own


def kit_words(game: Game) -> KitWords:
    """The game's kit words as the content layer's catalogue needs them: the source texts
    are the package's in the game's source language, as the kit prints them."""
    keys = kit_word_keys(game)
    packages = _word_packages(game)
    defaults = {}
    for locale in ui_locales(packages):
        words = package_words(locale, packages)
        defaults[locale] = MappingProxyType(
            {KIT_PREFIX + k: words[k] for k in keys if k in words})
    source = _source_words(game, packages)
    return KitWords(MappingProxyType({KIT_PREFIX + k: source[k] for k in keys if k in source}),
                    MappingProxyType(defaults))


def _source_words(game: Game, packages: tuple[str, ...]) -> dict[str, str]:
    """The package's words in the game's source language, completed from the package's own
    source (Italian) where the package lacks that language: a check error names those."""
    texts = package_words(SOURCE_LOCALE, packages)
    if game.source_locale != SOURCE_LOCALE:
        texts.update(package_words(game.source_locale, packages))
    return texts


def _own(game: Game, locale: str) -> dict[str, str]:
    strings = game.strings.get(locale)
    if strings is None:
        return {}
    return {k[len(KIT_PREFIX):]: v for k, v in strings.texts.items() if k.startswith(KIT_PREFIX)}


@per_object(8)
def kit_wording(game: Game, locale: str) -> UiText:
    """The words a kit prints in `locale`: the game's, then the package's, then the same in
    the game's source locale (an English game's guide is English, not the package's Italian).
    The same wording object again for the same game and locale, so what a kit drew with it
    can be remembered (generator.draw.memo) between a check's stages."""
    packages = _word_packages(game)
    texts = _source_words(game, packages)
    texts.update(_own(game, game.source_locale))
    if locale != game.source_locale:
        texts.update(package_words(locale, packages))
        texts.update(_own(game, locale))
    return UiText(locale, MappingProxyType(texts))


def missing_kit_words(game: Game, locale: str) -> tuple[str, ...]:
    """`ui.` keys of the kit that have no text in `locale`: in a translation they print in
    the source's; in the source locale (a language the package lacks) the game must give them."""
    if locale == SOURCE_LOCALE == game.source_locale:
        return ()
    have = set(package_words(locale, _word_packages(game))) | set(_own(game, locale))
    return tuple(KIT_PREFIX + k for k in kit_word_keys(game) if k not in have)


def kit_wording_problems(game: Game) -> list[ContentError]:
    """Warnings about the kit's words in a game's strings: missing in a translation, not
    a word of the kit, or translated from a package source that has changed since."""
    printed = _layout_kit_words(game)
    known = {KIT_PREFIX + k for k in kit_word_keys(game)} | set(printed)
    package = kit_words(game).source
    source_own = game.strings[game.source_locale].texts
    packages = _word_packages(game)
    every_locale = [package_words(locale, packages) for locale in ui_locales(packages)]
    problems = _unknown_layout_words(game, printed)
    for locale in game.locales:
        strings = game.strings.get(locale)
        if strings is None:
            continue
        missing = missing_kit_words(game, locale)
        if missing and locale == game.source_locale:
            problems.append(strings.origin.error(
                f"{locale}: the package has no {locale} text of {len(missing)} of the kit's "
                f"words, and {locale} is the game's source language: {', '.join(missing)}",
                f"give each in strings/{locale}.json under \"ui\" (\"ui\": {{\"guide\": "
                f"{{\"title\": ...}}}}), or make the source language one the package has: "
                f"{', '.join(ui_locales(packages))}",
                kind=MISSING_KIT_WORD))
        elif missing:
            problems.append(strings.origin.warning(
                f"{locale}: {len(missing)} of the kit's words have no {locale} text and print "
                f"in {game.source_locale}: {', '.join(missing)}",
                f"translate them in strings/{locale}.json (`stamperia l10n export "
                f"{game.id} --locale {locale}` lists them)", kind=MISSING_KIT_WORD))
        for key, origin in strings.origins.items():
            if not key.startswith(KIT_PREFIX):
                continue
            plural = key.rsplit(".", 1)[0]
            if key not in known and plural + ".other" not in known:
                problems.append(origin.warning(
                    f"text {key!r} is no word of this game's kit",
                    did_you_mean(key, known) or "remove it", kind=UNKNOWN_KIT_WORD))
                continue
            allowed = _kit_fields(every_locale, key, plural)
            wrong = _field_problem(strings.texts[key], allowed)
            if wrong is not None:
                problems.append(origin.error(
                    f"text {key!r} {wrong}", "write the fields as the kit's word does: "
                    f"{', '.join(sorted(allowed)) or 'it has none'}; a literal brace as "
                    "{{ or }}", kind=KIT_WORD_FIELD))
                continue
            kept = strings.source_hashes.get(key)
            source = package.get(key)
            if (locale != game.source_locale and key not in source_own and kept is not None
                    and source is not None and kept != source_hash(source)):
                problems.append(origin.warning(
                    f"{locale} text {key!r} is stale: the kit's source word changed since it "
                    "was translated", "review it, then import it again",
                    kind=STALE_TRANSLATION))
    return problems


def _layout_kit_words(game: Game) -> dict[str, Origin]:
    """The `ui.` keys the game's layouts print, each at its first box's `text`."""
    layouts = game.find_part(Layouts)
    found: dict[str, Origin] = {}
    for layout in layouts.layouts.values() if layouts is not None else ():
        for box in layout.boxes:
            if box.text is not None and box.text.startswith(KIT_PREFIX) and "{" not in box.text:
                found.setdefault(box.text, box.at("text").child("/text"))
    return found


def _unknown_layout_words(game: Game, printed: dict[str, Origin]) -> list[ContentError]:
    """A layout's `ui.` key that neither the kit nor the game's source strings have would
    print as itself (`omen.danger`): an error at the box."""
    words = kit_wording(game, game.source_locale).texts
    problems = []
    for key, origin in printed.items():
        if key[len(KIT_PREFIX):] not in words:
            near = did_you_mean(key, [KIT_PREFIX + k for k in words])
            problems.append(origin.error(
                f"text {key!r} is no word of the kit and the game's {game.source_locale} "
                "strings do not give it: it would print as itself",
                f"{near + ' ' if near else ''}give it in strings/{game.source_locale}.json "
                "under \"ui\", or print a key of the game's strings (without \"ui.\")",
                kind=UNKNOWN_REFERENCE))
    return problems


def _kit_fields(every_locale: list[dict[str, str]], key: str, plural: str) -> frozenset[str]:
    """The {fields} the kit fills in its word `key`: those of the package's word in any
    locale (of any plural category of a counted word)."""
    counted = key.rsplit(".", 1)[-1] in CATEGORIES
    keys = [f"{plural}.{c}" for c in CATEGORIES] if counted else [key]
    found: set[str] = set()
    for words in every_locale:
        for name in keys:
            text = words.get(name[len(KIT_PREFIX):])
            if text is not None:
                found.update(_fields(text) or ())
    return frozenset(found)


def _fields(text: str) -> tuple[str, ...] | None:
    """The plain {name} fields str.format fills in `text`; None when it is no format
    string the kit can fill (a lone brace, an index, a format spec or a conversion)."""
    try:
        parsed = list(Formatter().parse(text))
    except ValueError:
        return None
    names = []
    for _literal, name, spec, conversion in parsed:
        if name is None:
            continue
        if not name.isidentifier() or spec or conversion:
            return None
        names.append(name)
    return tuple(names)


def _field_problem(text: str, allowed: frozenset[str]) -> str | None:
    """Why the kit could not fill `text`, or None."""
    fields = _fields(text)
    if fields is None:
        return ("is no text the kit can fill: a lone { or }, or a field with an index, "
                "format or conversion")
    unknown = sorted(set(fields) - allowed)
    if unknown:
        return f"has fields the kit does not fill: {', '.join('{' + f + '}' for f in unknown)}"
    return None
