"""Cross-reference checks: every id a file names exists, and no id is defined twice."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from fnmatch import fnmatch
from pathlib import Path

from stamperia.content.errors import ContentError, Origin, coded
from stamperia.content.findings import (
    DUPLICATE_ID,
    EMPTY_BAND,
    FUZZY_TRANSLATION,
    MISSING_TEXT,
    PLAYER_RANGE,
    REFERENCE_PROBLEM,
    STALE_TRANSLATION,
    UNKNOWN_LOCALE,
    UNKNOWN_REFERENCE,
    UNTRANSLATED_TEXT,
    UNUSED_TEXT,
)
from stamperia.content.l10n.model import KIT_PREFIX, source_hash
from stamperia.content.l10n.textkeys import text_keys
from stamperia.content.model import Game


def did_you_mean(name: str, choices: Iterable[str]) -> str:
    import difflib  # only a wrong reference pays for it (a check's start-up does not)

    close = difflib.get_close_matches(name, list(choices), n=1, cutoff=0.6)
    return f"did you mean {close[0]!r}?" if close else ""


def unknown(kind: str, name: str, known: Iterable[str], origin: Origin,
             suffix: str = "") -> ContentError:
    return origin.error(f"unknown {kind} {name!r}", did_you_mean(name, known), suffix,
                        UNKNOWN_REFERENCE)


def duplicates(kind: str, items: Iterable[tuple[str, Origin]]) -> list[ContentError]:
    seen: dict[str, Origin] = {}
    problems = []
    for item_id, origin in items:
        if item_id in seen:
            first = seen[item_id]
            problems.append(origin.error(f"duplicate {kind} id {item_id!r}",
                                         f"first defined at line {first.line}", "/id",
                                         DUPLICATE_ID))
        else:
            seen[item_id] = origin
    return problems


def check_references(game: Game) -> list[ContentError]:
    """Every reference problem in a game whose files are each schema-valid."""
    problems: list[ContentError] = []
    for part in game.parts:
        problems += coded(part.references(), REFERENCE_PROBLEM)
    low, high = game.players
    if low > high:
        problems.append(game.origin.error(f"players: min {low} is above max {high}",
                                          suffix="/players", kind=PLAYER_RANGE))
    problems += _check_bands(game)
    problems += _check_locales(game)
    problems += _check_strings(game)
    return problems


def _check_bands(game: Game) -> list[ContentError]:
    """Each target band non-empty: min above max would put every measurement outside."""
    targets = game.targets
    if targets is None:
        return []
    bands = [("/minutes", targets.minutes), ("/turns", targets.turns),
             *((f"/ends/{end}", band) for end, band in targets.ends.items())]
    return [targets.origin.error(f"targets{pointer.replace('/', '.')}: min {band.low:g} "
                                 f"is above max {band.high:g}",
                                 "swap or correct its min and max", pointer, EMPTY_BAND)
            for pointer, band in bands if band is not None and band.low > band.high]


def _check_locales(game: Game) -> list[ContentError]:
    """Each locale of the manifest as CLDR (Babel) knows it: an unknown one would get
    guessed plural forms and an empty catalogue language."""
    from stamperia.content.l10n.locales import locale_problem

    places = [(game.source_locale, "/locales/source"),
              *((code, f"/locales/translations/{index}")
                for index, code in enumerate(game.translations))]
    problems = []
    for code, pointer in places:
        problem = locale_problem(code)
        if problem is not None:
            problems.append(game.origin.error(problem, suffix=pointer, kind=UNKNOWN_LOCALE))
    return problems + _orphan_strings(game)


MAX_STRINGS_FILES = 500


def _orphan_strings(game: Game) -> list[ContentError]:
    """A strings file of no locale of the manifest: a draft, or an import killed between
    writing it and adding its locale to game.json. Said, so that it is not left unseen."""
    folder = Path(game.folder) / "strings"
    try:
        names = sorted(p.name for p, _ in zip(folder.iterdir(), range(MAX_STRINGS_FILES),
                                              strict=False))
    except OSError:
        return []
    return [game.origin.warning(
        f"strings/{name} is the strings file of no locale of this game",
        f"add {name[:-5]!r} to locales.translations (an import may have been stopped before "
        "it could), or delete the file", suffix="/locales", kind=UNUSED_TEXT)
        for name in names if name.endswith(".json") and name[:-5] not in game.locales]


def _check_strings(game: Game) -> list[ContentError]:
    required, optional = text_keys(game)
    problems = []
    for locale in game.locales:
        strings = game.strings.get(locale)
        if strings is None:
            continue
        for key, needed_by in required.items():
            if strings.get(key) is None:
                pointer = "/" + key.replace(".", "/")
                line = _nearest_line(strings.origins, key, strings.origin)
                problems.append(ContentError(
                    strings.origin.file, line, pointer,
                    f"missing {locale} text {key!r}",
                    f"needed by {needed_by.file} {needed_by.pointer}", code=MISSING_TEXT.code))
        if locale != game.source_locale:
            problems += _untranslated(game, locale)
            problems += stale_translations(game, locale)
        known = set(required) | optional
        for key, origin in strings.origins.items():
            if key not in known and not key.startswith(KIT_PREFIX):
                problems.append(origin.error(f"text {key!r} names nothing in the game",
                                             did_you_mean(key, known) or "remove it",
                                             kind=UNUSED_TEXT))
    return problems


def _untranslated(game: Game, locale: str) -> list[ContentError]:
    """Texts identical to the source that the translator did not mark as kept on purpose."""
    source = game.strings[game.source_locale].texts
    strings = game.strings[locale]
    problems = []
    for key, text in strings.texts.items():
        if source.get(key) != text or any(fnmatch(key, p) for p in strings.same_as_source):
            continue
        if not any(ch.isalpha() for ch in text):
            continue
        problems.append(strings.origins[key].warning(
            f"{locale} text {key!r} is the same as the source",
            "translate it, or list the key in \"$same_as_source\" if it is a proper noun",
            kind=UNTRANSLATED_TEXT))
    return problems


def stale_translations(game: Game, locale: str) -> list[ContentError]:
    """Translations whose source text changed since they were made (their kept hash of the
    source differs), and one note on how many still need review (`"$fuzzy"`).

    Kit words whose source is the package's are the generator's to compare.
    """
    source = game.strings[game.source_locale].texts
    strings = game.strings[locale]
    problems = []
    for key, kept in strings.source_hashes.items():
        text = source.get(key)
        if key not in strings.texts or text is None or source_hash(text) == kept:
            continue
        problems.append(strings.origins[key].warning(
            f"{locale} text {key!r} is stale: its source changed since it was translated",
            "review it against the source, then import it again with `stamperia l10n "
            "import` (which keeps the new source's hash)", kind=STALE_TRANSLATION))
    fuzzy = sorted(k for k in strings.fuzzy if k in strings.texts)
    if fuzzy:
        problems.append(strings.origin.warning(
            f"{len(fuzzy)} {locale} text(s) are marked fuzzy (machine-made or unchecked), "
            f"e.g. {fuzzy[0]!r}",
            "review them in a catalogue (`stamperia l10n export`), clear the fuzzy flag and "
            "import it", kind=FUZZY_TRANSLATION))
    return problems


def _nearest_line(origins: Mapping[str, Origin], key: str, root: Origin) -> int:
    """Line of the closest existing parent key, so a missing text points near its place.

    Only keys in the file the problem names count (an edition's strings may be merged
    from its parent's file and its own).
    """
    best = root.line
    best_length = 0
    for existing, origin in origins.items():
        if origin.file != root.file:
            continue
        common = 0
        for a, b in zip(existing.split("."), key.split("."), strict=False):
            if a != b:
                break
            common += 1
        if common > best_length:
            best, best_length = origin.line, common
    return best
