"""The conquest part's cross-references and the printed texts it needs."""

from __future__ import annotations

from stamperia.content.errors import ContentError, Origin
from stamperia.content.references import duplicates, unknown
from stamperia.content.rulesets.conquest.model import Conquest

FACTION_FIELDS = ("name", "trait", "place", "leader", "lore")
FACTION_OPTIONAL = ("motto", "token")


def conquest_text_keys(game: Conquest) -> tuple[dict[str, Origin], frozenset[str]]:
    """(required key -> what needs it, optional keys that may exist)."""
    required: dict[str, Origin] = {}
    optional: set[str] = set()
    if game.board is not None:
        for territory in game.board.territories:
            required[f"territory.{territory.id}.name"] = territory.origin
        for zone in game.board.zones:
            required[f"zone.{zone.id}.name"] = zone.origin
        for kind in game.board.link_kinds:
            required[f"link_kind.{kind.id}.name"] = kind.origin
    for faction in game.factions:
        for name in FACTION_FIELDS:
            required[f"faction.{faction.id}.{name}"] = faction.origin
        optional.update(f"faction.{faction.id}.{name}" for name in FACTION_OPTIONAL)
    for deck in game.decks:
        required[f"deck.{deck.id}.name"] = deck.origin
        for card in deck.cards:
            required[f"card.{deck.id}.{card.id}.name"] = card.origin
            required[f"card.{deck.id}.{card.id}.text"] = card.origin
    if game.objectives is not None:
        required["deck.objectives.name"] = game.objectives.origin
        optional.update(f"objective.{o.id}.name" for o in game.objectives.cards)
    for piece in game.pieces:
        required[f"component.{piece.id}.name"] = piece.origin
        optional.add(f"component.{piece.id}.plural")
    for die in game.dice:
        required[f"component.{die.id}.name"] = die.origin
    return required, frozenset(optional)


def conquest_references(game: Conquest) -> list[ContentError]:
    """Every reference problem of a conquest part whose files are each schema-valid."""
    problems: list[ContentError] = []
    territories: set[str] = set()
    link_kinds: set[str] = set()
    board = game.board
    if board is not None:
        territories = {t.id for t in board.territories}
        zones = {z.id for z in board.zones}
        link_kinds = {k.id for k in board.link_kinds}
        problems += duplicates("zone", ((z.id, z.origin) for z in board.zones))
        problems += duplicates("territory", ((t.id, t.origin) for t in board.territories))
        problems += duplicates("link kind", ((k.id, k.origin) for k in board.link_kinds))
        for territory in board.territories:
            if territory.zone not in zones:
                problems.append(unknown("zone", territory.zone, zones, territory.origin, "/zone"))
        named = [(b.between, b.origin) for b in board.borders]
        named += [(e.between, e.origin.child("/between")) for e in board.exceptions]
        named += [(lk.between, lk.origin.child("/between")) for lk in board.links]
        for between, origin in named:
            for index, name in enumerate(between):
                if name not in territories:
                    problems.append(unknown("territory", name, territories, origin,
                                            f"/{index}"))
        for link in board.links:
            if link.kind not in link_kinds:
                problems.append(unknown("link kind", link.kind, link_kinds, link.origin, "/kind"))
    factions = {f.id for f in game.factions}
    problems += duplicates("faction", ((f.id, f.origin) for f in game.factions))
    problems += duplicates("deck", ((d.id, d.origin) for d in game.decks))
    for deck in game.decks:
        problems += duplicates("card", ((c.id, c.origin) for c in deck.cards))
        if deck.per_faction and not factions:
            problems.append(deck.origin.error("a per-faction deck needs factions",
                                              "add factions.json to game.json parts",
                                              "/per_faction"))
        for card in deck.cards:
            for index, effect in enumerate(card.effects):
                named_kinds = effect.params.get("link_kinds", ())
                if not isinstance(named_kinds, list | tuple):
                    continue
                for position, kind in enumerate(named_kinds):
                    if kind not in link_kinds:
                        problems.append(unknown("link kind", str(kind), link_kinds, card.origin,
                                                f"/effects/{index}/link_kinds/{position}"))
    if game.objectives is not None:
        problems += duplicates("objective", ((o.id, o.origin) for o in game.objectives.cards))
        for objective in game.objectives.cards:
            for entry in objective.entries:
                if entry.territory not in territories:
                    problems.append(unknown("territory", entry.territory, territories,
                                            entry.origin, "/territory"))
    pieces = {p.id for p in game.pieces}
    problems += duplicates("component", [(p.id, p.origin) for p in game.pieces]
                           + [(d.id, d.origin) for d in game.dice])
    problems += _check_manifest(game, pieces)
    return problems


def _check_manifest(game: Conquest, pieces: set[str]) -> list[ContentError]:
    problems = []
    low, high = game.players
    deck_ids = {d.id for d in game.decks}
    if game.event_deck is not None and game.event_deck not in deck_ids:
        problems.append(unknown("deck", game.event_deck, deck_ids, game.origin,
                                "/turns/event_deck"))
    setup = game.setup
    if setup is not None:
        if setup.piece not in pieces:
            problems.append(unknown("piece", setup.piece, pieces, setup.origin, "/piece"))
        if setup.action_deck is not None and setup.action_deck not in deck_ids:
            problems.append(unknown("deck", setup.action_deck, deck_ids, setup.origin,
                                    "/action_deck"))
        missing = [n for n in range(low, high + 1) if n not in setup.pieces_per_player]
        if missing:
            problems.append(setup.origin.error(
                f"no piece count for {', '.join(map(str, missing))} players",
                "give pieces_per_player for every allowed player count", "/pieces_per_player"))
    return problems
