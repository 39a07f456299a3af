"""Build a game's catalogue for one target locale: every printed string, its source text,
where it prints, comments, the existing translation and whether it needs review."""

from __future__ import annotations

import os
from collections.abc import Mapping

from stamperia.content.errors import Origin
from stamperia.content.l10n.model import (
    KIT_PREFIX,
    Catalogue,
    Entry,
    KitWords,
    Placement,
    source_hash,
)
from stamperia.content.l10n.textkeys import text_keys
from stamperia.content.locate import games_root
from stamperia.content.model import Game, Strings
from stamperia.content.parts import part_field_texts

KIT_COMMENT = "the kit's own words (guide, labels, titles); the package has a default"


def kit_keys(game: Game, kit: KitWords) -> tuple[str, ...]:
    """The kit words a game prints: the kit's, then any other the game's source states."""
    own = [k for k in game.strings[game.source_locale].texts if k.startswith(KIT_PREFIX)]
    return tuple(dict.fromkeys((*kit.source, *own)))


def kit_source(game: Game, kit: KitWords, key: str) -> str | None:
    """A kit word's source text: the game's own, else the package's."""
    return game.strings[game.source_locale].texts.get(key, kit.source.get(key))


def kit_default(kit: KitWords, locale: str, key: str) -> str:
    return kit.defaults.get(locale, {}).get(key, "")


def catalogue_sources(game: Game, kit: KitWords) -> dict[str, str]:
    """Every printed key with its source text, in the order translators see them."""
    source = game.strings[game.source_locale].texts
    found = {k: v for k, v in source.items() if not k.startswith(KIT_PREFIX)}
    for key, (field, _) in part_field_texts(game.parts).items():
        found.setdefault(key, field)
    for key in kit_keys(game, kit):
        text = kit_source(game, kit, key)
        if text is not None:
            found[key] = text
    return found


def is_fuzzy(strings: Strings | None, key: str, source: str) -> bool:
    """Marked for review, or made from a source text that has changed since."""
    if strings is None or key not in strings.texts:
        return False
    kept = strings.source_hashes.get(key)
    return key in strings.fuzzy or (kept is not None and kept != source_hash(source))


def build_catalogue(game: Game, locale: str, kit: KitWords,
                    placements: Mapping[str, Placement]) -> Catalogue:
    """The catalogue of `game` for `locale` (which may have no strings yet)."""
    required, _ = text_keys(game)
    fields = part_field_texts(game.parts)
    strings = game.strings.get(locale)
    comments = game.strings[game.source_locale].comments
    entries = []
    for key, source in catalogue_sources(game, kit).items():
        translation = strings.texts.get(key, "") if strings is not None else ""
        notes = [comments.get(key, "")]
        if strings is not None and key in strings.comments:
            notes.append(strings.comments[key])
        if key.startswith(KIT_PREFIX):
            notes.append(KIT_COMMENT)
            translation = translation or kit_default(kit, locale, key)
        entries.append(Entry(
            key=key, source=source, context=_context(placements.get(key)),
            references=_references(required.get(key) or (
                fields[key][1] if key in fields else None), game.folder),
            comment="\n".join(n for n in notes if n), translation=translation,
            fuzzy=is_fuzzy(strings, key, source)))
    return Catalogue(game.id, game.title(game.source_locale), game.source_locale, locale,
                     tuple(entries))


def _context(placement: Placement | None) -> str:
    if placement is None:
        return "prints outside the fitted boxes: room not computed"
    if placement.room is None:
        return f"{placement.where}; room not computed"
    return f"{placement.where}; room about {placement.room} characters at the minimum size"


def _references(origin: Origin | None, folder: str) -> tuple[str, ...]:
    """The content file and line that need the text: relative to the game's folder, or, for
    a ruleset's own file, to stamperia's package root (`content/rulesets/...`), so the
    catalogue depends neither on where it was exported from nor on where the game or
    stamperia are installed."""
    if origin is None:
        return ()
    # Real paths: a checkout reaches stamperia.content through a symbolic link
    # (docs/architecture.md), and a file read through it is named by its real place
    file = os.path.realpath(origin.file)
    game = os.path.realpath(folder)
    content_root = os.path.realpath(games_root().parent)  # stamperia.content's folder
    try:
        if os.path.commonpath([file, game]) != game and \
                os.path.commonpath([file, content_root]) == content_root:
            name = os.path.join("content", os.path.relpath(file, content_root))
        else:
            name = os.path.relpath(file, game)
    except ValueError:  # on another drive (Windows): no relative name
        name = file
    return (f"{name.replace(os.sep, '/')}:{origin.line}",)
