"""Cross-reference checks: every id a file names exists, and no id is defined twice."""

from __future__ import annotations

import difflib
from collections.abc import Iterable, Mapping
from fnmatch import fnmatch

from content.errors import ContentError, Origin
from content.model import Game
from content.textkeys import text_keys


def did_you_mean(name: str, choices: Iterable[str]) -> str:
    close = difflib.get_close_matches(name, list(choices), n=1, cutoff=0.6)
    return f"did you mean {close[0]!r}?" if close else ""


def _unknown(kind: str, name: str, known: Iterable[str], origin: Origin,
             suffix: str = "") -> ContentError:
    return origin.error(f"unknown {kind} {name!r}", did_you_mean(name, known), suffix)


def _duplicates(kind: str, items: Iterable[tuple[str, Origin]]) -> list[ContentError]:
    seen: dict[str, Origin] = {}
    problems = []
    for item_id, origin in items:
        if item_id in seen:
            first = seen[item_id]
            problems.append(origin.error(f"duplicate {kind} id {item_id!r}",
                                         f"first defined at line {first.line}", "/id"))
        else:
            seen[item_id] = origin
    return problems


def check_references(game: Game) -> list[ContentError]:
    """Every reference problem in a game whose files are each schema-valid."""
    problems: list[ContentError] = []
    for part in game.extras.values():
        problems += part.references()
    territories: set[str] = set()
    link_kinds: set[str] = set()
    board = game.board
    if board is not None:
        territories = {t.id for t in board.territories}
        zones = {z.id for z in board.zones}
        link_kinds = {k.id for k in board.link_kinds}
        problems += _duplicates("zone", ((z.id, z.origin) for z in board.zones))
        problems += _duplicates("territory", ((t.id, t.origin) for t in board.territories))
        problems += _duplicates("link kind", ((k.id, k.origin) for k in board.link_kinds))
        for territory in board.territories:
            if territory.zone not in zones:
                problems.append(_unknown("zone", territory.zone, zones, territory.origin, "/zone"))
        named = [(b.between, b.origin) for b in board.borders]
        named += [(e.between, e.origin.child("/between")) for e in board.exceptions]
        named += [(lk.between, lk.origin.child("/between")) for lk in board.links]
        for between, origin in named:
            for index, name in enumerate(between):
                if name not in territories:
                    problems.append(_unknown("territory", name, territories, origin,
                                             f"/{index}"))
        for link in board.links:
            if link.kind not in link_kinds:
                problems.append(_unknown("link kind", link.kind, link_kinds, link.origin, "/kind"))
    factions = {f.id for f in game.factions}
    problems += _duplicates("faction", ((f.id, f.origin) for f in game.factions))
    problems += _duplicates("deck", ((d.id, d.origin) for d in game.decks))
    for deck in game.decks:
        problems += _duplicates("card", ((c.id, c.origin) for c in deck.cards))
        if deck.per_faction and not factions:
            problems.append(deck.origin.error("a per-faction deck needs factions",
                                              "add factions.json to game.json parts",
                                              "/per_faction"))
        for card in deck.cards:
            for index, effect in enumerate(card.effects):
                named_kinds = effect.params.get("link_kinds", ())
                assert isinstance(named_kinds, list | tuple)
                for position, kind in enumerate(named_kinds):
                    if kind not in link_kinds:
                        problems.append(_unknown("link kind", str(kind), link_kinds, card.origin,
                                                 f"/effects/{index}/link_kinds/{position}"))
    if game.objectives is not None:
        problems += _duplicates("objective", ((o.id, o.origin) for o in game.objectives.cards))
        for objective in game.objectives.cards:
            for entry in objective.entries:
                if entry.territory not in territories:
                    problems.append(_unknown("territory", entry.territory, territories,
                                             entry.origin, "/territory"))
    pieces = {p.id for p in game.pieces}
    problems += _duplicates("component", [(p.id, p.origin) for p in game.pieces]
                            + [(d.id, d.origin) for d in game.dice])
    problems += _check_manifest(game, pieces)
    problems += _check_strings(game)
    return problems


def _check_manifest(game: Game, pieces: set[str]) -> list[ContentError]:
    problems = []
    low, high = game.players
    if low > high:
        problems.append(game.origin.error(f"players: min {low} is above max {high}",
                                          suffix="/players"))
    deck_ids = {d.id for d in game.decks}
    if game.event_deck is not None and game.event_deck not in deck_ids:
        problems.append(_unknown("deck", game.event_deck, deck_ids, game.origin,
                                 "/turns/event_deck"))
    setup = game.setup
    if setup is not None:
        if setup.piece not in pieces:
            problems.append(_unknown("piece", setup.piece, pieces, setup.origin, "/piece"))
        if setup.action_deck is not None and setup.action_deck not in deck_ids:
            problems.append(_unknown("deck", setup.action_deck, deck_ids, setup.origin,
                                     "/action_deck"))
        missing = [n for n in range(low, high + 1) if n not in setup.pieces_per_player]
        if missing:
            problems.append(setup.origin.error(
                f"no piece count for {', '.join(map(str, missing))} players",
                "give pieces_per_player for every allowed player count", "/pieces_per_player"))
    return problems


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
                    f"needed by {needed_by.file} {needed_by.pointer}"))
        if locale != game.source_locale:
            problems += _untranslated(game, locale)
        known = set(required) | optional
        for key, origin in strings.origins.items():
            if key not in known:
                problems.append(origin.error(f"text {key!r} names nothing in the game",
                                             did_you_mean(key, known) or "remove it"))
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
            "translate it, or list the key in \"$same_as_source\" if it is a proper noun"))
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
