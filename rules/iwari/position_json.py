"""IWARI positions as JSON: `write`, and `read` with every contradiction of the content
reported at its JSON pointer and line (the board checks are `stamperia score`'s own)."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Mapping
from typing import Any

from jsonschema import Draft202012Validator
from jsonschema.exceptions import best_match

from stamperia.content.editions.trace import FileLocator
from stamperia.content.errors import ContentError, Origin, pointer_join
from stamperia.content.model import Game
from stamperia.content.rulesets.iwari.model import IwariSet
from stamperia.content.validation.schemas import schema_text as shipped_schema
from stamperia.content.validation.sourcemap import JsonSyntaxError, SourceMap, parse
from stamperia.rules.iwari.board import Board, index_side, iwari_parts
from stamperia.rules.iwari.position_state import (
    DEAL,
    FEAT,
    PLAY_FIELDS,
    IwariPosition,
    PendingFeat,
    PlacedFeat,
    Play,
)
from stamperia.rules.iwari.scoring import EMPTY
from stamperia.rules.iwari.state import read_state

SCHEMA_NAMES = ("iwari_position.schema.json", "iwari_state.schema.json")


def schema_text() -> str:
    """The position schema, as shipped (`content/rulesets/iwari/schemas`)."""
    return shipped_schema("iwari_position")


def origin_of(file: str, text: str) -> Origin:
    """An origin whose errors name the line of their pointer in `text` (1 if unparsable)."""
    try:
        _, source = parse(text)
    except JsonSyntaxError:
        source = SourceMap({})
    return Origin(file, "", 1, FileLocator(file, source), "")


def schema_problems(data: object, origin: Origin) -> list[ContentError]:
    """Every schema error, at its pointer and line."""
    validator = Draft202012Validator(json.loads(schema_text()))
    problems = []
    for error in validator.iter_errors(data):
        if error.context:
            error = best_match(error.context)
        hint = ("add it, or leave out every play field to only score the position"
                if error.validator in ("required", "dependentRequired") else "")
        problems.append(origin.error(error.message, hint,
                                     pointer_join(list(error.absolute_path))))
    named = data.get("$schema") if isinstance(data, dict) else None
    if isinstance(named, str) and not named.endswith(SCHEMA_NAMES):
        problems.append(origin.error(f"a position names the schema {named!r}",
                                     "set \"$schema\" to iwari_position.schema.json",
                                     "/$schema"))
    return problems


def _tribe_keys(origin: Origin, data: Mapping[str, Any], key: str, tribes: tuple[str, ...],
                problems: list[ContentError]) -> None:
    given = data[key]
    for tribe in given:
        if tribe not in tribes:
            problems.append(origin.error(f"{tribe!r} has no {key} here",
                                         f"{key} lists {', '.join(tribes)}", f"/{key}/{tribe}"))
    for tribe in tribes:
        if tribe not in given:
            problems.append(origin.error(f"{key} lacks {tribe!r}", "give every one of "
                                         + ", ".join(tribes), f"/{key}"))


def _feat_place(board: Board, on: str, kind: str | None, at: object) -> str | None:
    """Why `at` cannot hold a feat placed on `on` (a connection of `kind`), or None."""
    if on == "territory":
        return None if at in board.territory_ids else f"no territory {at!r} on this side"
    connection = next((c for c in board.connections if c.number == at), None)
    if connection is None:
        return f"no connection {at!r} on this side"
    if kind is not None and connection.kind != kind:
        return f"connection {at} is {connection.kind}, this feat goes on {kind}"
    return None


def _kind(trigger: str) -> str | None:
    return {"land_majority": "land", "water_majority": "water"}.get(trigger)


def read_position(game: Game, data: Mapping[str, Any], origin: Origin
                  ) -> tuple[IwariPosition | None, list[ContentError]]:
    """The position of schema-valid data, or every contradiction with the content."""
    components, maps = iwari_parts(game)
    scored, problems = read_state(game, data, origin)
    if not maps.has_side(data["side"]):
        return None, problems
    side = maps.side(data["side"])
    board = index_side(side)
    tribes = tuple(data["tribes"])
    seat = {t: i for i, t in enumerate(tribes)}
    simulated = data.get("simulated")
    feats: list[PlacedFeat] = []
    held: set[tuple[str, int]] = set()
    feat_ids = {f.id for f in components.feats}
    for index, entry in enumerate(data.get("feats", [])):
        where = f"/feats/{index}"
        if entry["feat"] not in feat_ids:
            continue
        feat = components.feat(entry["feat"])
        key = "territory" if "territory" in entry else "connection"
        owner = entry.get("tribe")
        if owner is not None and owner not in seat:
            problems.append(origin.error(f"tribe {owner!r} is not at the table", "",
                                         f"{where}/tribe"))
            owner = None
        owner_seat = None if owner is None else seat[owner]
        if owner_seat is not None:
            if (feat.id, owner_seat) in held:
                problems.append(origin.error(f"{owner} holds two {feat.id} feats",
                                             "a tribe takes one feat of a kind", where))
            held.add((feat.id, owner_seat))
        at = entry[key]
        feats.append(PlacedFeat(feat.id, owner_seat,
                                board.territory_index(at) if key == "territory" and
                                at in board.territory_ids else None,
                                at if key == "connection" else None))
    play = None
    missing = tuple(f for f in PLAY_FIELDS if f not in data)
    if "phase" in data and scored is not None:
        play = _read_play(game, board, data, origin, tribes, simulated is not None, feats,
                          problems)
    if problems or scored is None:
        return None, problems
    position = scored.position
    before = data.get("score_before")
    return IwariPosition(
        origin.file, data["$schema"], data["side"], tribes,
        len(tribes) - 1 if simulated is not None else None, data.get("scoring"),
        position.tents, position.totems, tuple(data.get("mountains", [])), tuple(feats),
        scored.before, None if before is None else tuple(before), play, missing), []


def _read_play(game: Game, board: Board, data: Mapping[str, Any], origin: Origin,
               tribes: tuple[str, ...], has_simulated: bool, feats: list[PlacedFeat],
               problems: list[ContentError]) -> Play | None:
    """The play fields, checked against the content and the board."""
    components, _ = iwari_parts(game)
    setup = components.setup
    players = len(tribes) - has_simulated
    start = len(problems)
    humans = tribes[:players]
    for key, seats in (("hands", humans), ("discards", humans), ("left", tribes),
                       ("score_before", tribes)):
        _tribe_keys(origin, data, key, seats, problems)
    if data["to_move"] not in humans:
        problems.append(origin.error(f"{data['to_move']!r} is not a player at the table",
                                     f"players: {', '.join(humans)}", "/to_move"))
    if problems[start:]:
        return None
    for feat in feats:
        if feat.seat is None:
            index = feats.index(feat)
            problems.append(origin.error("a placed feat must name the tribe that earned it",
                                         "give \"tribe\"", f"/feats/{index}"))
    seat = {t: i for i, t in enumerate(tribes)}
    placed = Counter(t for t in _tents(board, data, seat) if t != EMPTY)
    totems_on: Counter[int] = Counter()
    for held in data["territories"].values():
        for tribe, count in held.get("totems", {}).items():
            totems_on[seat[tribe]] += count
    for tribe in tribes:
        left = data["left"][tribe]
        for piece, have, on_map in (("tents", components.playable_tents, placed[seat[tribe]]),
                                    ("totems", components.totems, totems_on[seat[tribe]])):
            if left[piece] + on_map != have:
                problems.append(origin.error(
                    f"{tribe} has {on_map} {piece} on the map and {left[piece]} left, "
                    f"a tribe has {have}", "", f"/left/{tribe}/{piece}"))
    _cards(game, data, origin, humans, players, problems)
    hands = tuple(tuple(data["hands"][t]) for t in humans)
    for tribe in humans:
        if len(data["hands"][tribe]) > setup.hand:
            problems.append(origin.error(f"{tribe} holds {len(data['hands'][tribe])} cards, "
                                         f"a hand has at most {setup.hand}", "",
                                         f"/hands/{tribe}"))
    if len(data["display"]) > setup.display:
        problems.append(origin.error(f"the display has {setup.display} slots", "", "/display"))
    deck = tuple(data["deck"])
    if data["deck_shuffled"] and list(deck) != sorted(deck):
        problems.append(origin.error("a shuffled deck is listed sorted",
                                     "its order is chance's, not the position's", "/deck"))
    if data["deck_shuffled"] and data["runs_out"] < 1:
        problems.append(origin.error("the deck is reshuffled only when it first runs out",
                                     "set runs_out to 1", "/deck_shuffled"))
    supply = []
    for kind in components.feats:
        used = sum(1 for f in feats if f.feat == kind.id)
        used += sum(1 for p in data["pending"].get("feats", []) if p["feat"] == kind.id)
        left = data["feat_supply"].get(kind.id, 0)
        supply.append(left)
        if used + left > kind.copies:
            problems.append(origin.error(f"{used} {kind.id} feat(s) out and {left} in the "
                                         f"supply, the box has {kind.copies}", "",
                                         f"/feat_supply/{kind.id}"))
    for name in data["feat_supply"]:
        if name not in {f.id for f in components.feats}:
            problems.append(origin.error(f"unknown feat {name!r}", "",
                                         f"/feat_supply/{name}"))
    pending = _pending(board, components, data, origin, seat, feats, problems)
    phase = data["phase"]
    deal_to = data["pending"].get("deal_to")
    if (phase == FEAT) != bool(pending) or (phase == FEAT and len(pending[0].where) < 2):
        problems.append(origin.error("phase feat waits on a pending feat with a choice of "
                                     "places, and only then are feats pending", "",
                                     "/pending"))
    if (phase == DEAL) != (deal_to is not None) or (phase == DEAL and not (
            data["deck_shuffled"] and deck)):
        problems.append(origin.error("phase deal names where the card goes (deal_to) and "
                                     "needs a shuffled deck with cards", "", "/pending"))
    if problems[start:]:
        return None
    return Play(phase, seat[data["to_move"]], hands,
                tuple(data["left"][t]["tents"] for t in tribes),
                tuple(data["left"][t]["totems"] for t in tribes), tuple(data["display"]), deck,
                data["deck_shuffled"], tuple(tuple(data["discards"][t]) for t in humans),
                tuple(supply), data["runs_out"], data["turn"], data["mid_scoring_due"],
                data["end_triggered"], tuple(pending), deal_to)


def _tents(board: Board, data: Mapping[str, Any], seat: Mapping[str, int]) -> list[int]:
    tents = [EMPTY] * board.spaces
    for name, held in data["territories"].items():
        first = board.first_space[board.territory_index(name)]
        for number, tribe in held.get("tents", {}).items():
            tents[first + int(number) - 1] = seat[tribe]
    return tents


def _cards(game: Game, data: Mapping[str, Any], origin: Origin, humans: tuple[str, ...],
           players: int, problems: list[ContentError]) -> None:
    """Every card is a biome of the game, and the table holds each biome's cards exactly."""
    components, _ = iwari_parts(game)
    removed = components.setup.cards_removed_per_biome[players]
    copies = {b.id: b.cards - removed for b in components.biomes}
    places = [(f"/hands/{t}", data["hands"][t]) for t in humans]
    places += [("/display", data["display"]), ("/deck", data["deck"])]
    places += [(f"/discards/{t}", data["discards"][t]) for t in humans]
    seen: Counter[str] = Counter()
    for where, cards in places:
        for index, card in enumerate(cards):
            if card not in copies:
                problems.append(origin.error(f"no {card!r} cards in the game",
                                             f"biomes: {', '.join(copies)}",
                                             f"{where}/{index}"))
                continue
            seen[card] += 1
            if seen[card] == copies[card] + 1:
                problems.append(origin.error(
                    f"one {card} card more than the {copies[card]} in play with "
                    f"{players} players", "", f"{where}/{index}"))
    for card, count in copies.items():
        if seen[card] < count:
            problems.append(origin.error(f"{count - seen[card]} {card} card(s) missing: "
                                         f"{players} players play with {count}",
                                         "hands, display, deck and discards hold them all",
                                         "/deck"))


def _pending(board: Board, components: IwariSet, data: Mapping[str, Any], origin: Origin,
             seat: Mapping[str, int], feats: list[PlacedFeat],
             problems: list[ContentError]) -> list[PendingFeat]:
    found = []
    for index, entry in enumerate(data["pending"].get("feats", [])):
        where = f"/pending/feats/{index}"
        if entry["feat"] not in {f.id for f in components.feats}:
            problems.append(origin.error(f"unknown feat {entry['feat']!r}", "",
                                         f"{where}/feat"))
            continue
        if entry["tribe"] not in seat:
            problems.append(origin.error(f"tribe {entry['tribe']!r} is not at the table", "",
                                         f"{where}/tribe"))
            continue
        feat = components.feat(entry["feat"])
        places = []
        for at_index, at in enumerate(entry["where"]):
            why = _feat_place(board, feat.placed_on, _kind(feat.trigger), at)
            if why is not None:
                problems.append(origin.error(why, "", f"{where}/where/{at_index}"))
            else:
                places.append(board.territory_index(at) if feat.placed_on == "territory"
                              else at)
        if places != sorted(places):
            problems.append(origin.error("list the places in increasing order", "",
                                         f"{where}/where"))
        found.append(PendingFeat(feat.id, seat[entry["tribe"]], tuple(places)))
    return found


def write_position(game: Game, position: IwariPosition) -> dict[str, object]:
    """The JSON of a position (the inverse of `read_position`)."""
    components, maps = iwari_parts(game)
    board = index_side(maps.side(position.side))
    tribes = position.tribes
    out: dict[str, object] = {"$schema": position.schema, "side": position.side}
    if position.scoring is not None:
        out["scoring"] = position.scoring
    out["tribes"] = list(tribes)
    if position.simulated is not None:
        out["simulated"] = tribes[position.simulated]
    out["mountains"] = list(position.mountains)
    territories: dict[str, object] = {}
    for territory, name in enumerate(board.territory_ids):
        tents = {str(s - board.first_space[territory] + 1): tribes[position.tents[s]]
                 for s in board.spaces_of(territory) if position.tents[s] != EMPTY}
        totems = {tribes[i]: n for i, n in enumerate(position.totems[territory]) if n}
        entry: dict[str, object] = {}
        if tents:
            entry["tents"] = tents
        if totems:
            entry["totems"] = totems
        if entry:
            territories[name] = entry
    out["territories"] = territories
    feats = []
    for feat in position.feats:
        item: dict[str, object] = {"feat": feat.feat}
        if feat.territory is not None:
            item["territory"] = board.territory_ids[feat.territory]
        else:
            item["connection"] = feat.connection
        if feat.seat is not None:
            item["tribe"] = tribes[feat.seat]
        feats.append(item)
    out["feats"] = feats
    if position.before_given is not None:
        out["score_before"] = {t: position.score_before[tribes.index(t)]
                               for t in position.before_given}
    play = position.play
    if play is None:
        return out
    humans = tribes[:position.players]
    pending: dict[str, object] = {}
    if play.pending:
        pending["feats"] = [
            {"feat": p.feat, "tribe": tribes[p.seat],
             "where": [board.territory_ids[at] if components.feat(p.feat).placed_on ==
                       "territory" else at for at in p.where]} for p in play.pending]
    if play.deal_to is not None:
        pending["deal_to"] = play.deal_to
    out.update({
        "phase": play.phase, "to_move": tribes[play.seat],
        "hands": {t: list(play.hands[i]) for i, t in enumerate(humans)},
        "left": {t: {"tents": play.tents_left[i], "totems": play.totems_left[i]}
                 for i, t in enumerate(tribes)},
        "display": list(play.display), "deck": list(play.deck),
        "deck_shuffled": play.deck_shuffled,
        "discards": {t: list(play.discards[i]) for i, t in enumerate(humans)},
        "feat_supply": {f.id: n for f, n in zip(components.feats, play.feat_supply,
                                                strict=True)},
        "runs_out": play.runs_out, "turn": play.turn, "mid_scoring_due": play.mid_due,
        "end_triggered": play.end_triggered, "pending": pending})
    return out
