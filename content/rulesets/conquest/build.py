"""Builders: schema-valid conquest documents and manifest into the `Conquest` part."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from stamperia.content.errors import Origin
from stamperia.content.model import frozen_mapping, pair
from stamperia.content.parts import Part, is_prototype
from stamperia.content.rulesets.conquest.look import look
from stamperia.content.rulesets.conquest.model import (
    Board,
    Border,
    BorderException,
    Card,
    Conquest,
    ConquestAgentProfile,
    Deck,
    Die,
    Effect,
    Faction,
    Link,
    LinkKind,
    Objective,
    ObjectiveEntry,
    Objectives,
    Piece,
    Setup,
    Territory,
    Zone,
)
from stamperia.content.validation.document import Document


def board(doc: Document) -> Board:
    data = doc.data
    file_proto = data.get("status") == "prototype"
    zones = tuple(
        Zone(z["id"], z["colour"], z["bonus"]["pieces"], z["bonus"]["cards"],
             z.get("territory_count"), is_prototype(z, file_proto), doc.origin(f"/zones/{i}"),
             z.get("hatch", "none"))
        for i, z in enumerate(data["zones"]))
    territories = tuple(
        Territory(t["id"], t["zone"], t["coastal"], t.get("port", False),
                  tuple((c[0], c[1]) for c in t["cells"]), t.get("parts", 1),
                  is_prototype(t, file_proto), doc.origin(f"/territories/{i}"))
        for i, t in enumerate(data["territories"]))
    borders = tuple(Border(pair(*b), doc.origin(f"/borders/{i}"))
                    for i, b in enumerate(data["borders"]))
    exceptions = tuple(
        BorderException(pair(*e["between"]), e["adjacent"], e["reason"],
                        doc.origin(f"/border_exceptions/{i}"))
        for i, e in enumerate(data.get("border_exceptions", [])))
    link_kinds = tuple(LinkKind(k["id"], k["requires_port"], k["style"],
                                doc.origin(f"/link_kinds/{i}"))
                       for i, k in enumerate(data.get("link_kinds", [])))
    links = tuple(Link(lk["kind"], pair(*lk["between"]), doc.origin(f"/links/{i}"))
                  for i, lk in enumerate(data.get("links", [])))
    track = data.get("score_track")
    deck_space = data.get("event_deck_space")
    return Board(
        hex_size_mm=data["hex"]["size_mm"], outside=data.get("outside", "land"), zones=zones,
        territories=territories, borders=borders, exceptions=exceptions,
        link_kinds=link_kinds, links=links,
        score_track=(track["first"], track["last"]) if track else None,
        event_deck_cell=tuple(deck_space["cell"]) if deck_space else None,
        origin=doc.origin(),
        sea_cells=frozenset((c[0], c[1]) for c in data.get("sea_cells", [])))


def factions(doc: Document) -> tuple[Faction, ...]:
    return tuple(Faction(f["id"], f["colour"], f["text_colour"], doc.origin(f"/factions/{i}"))
                 for i, f in enumerate(doc.data["factions"]))


def _effect(data: Mapping[str, Any]) -> Effect:
    return Effect(data["type"], frozen_mapping({k: v for k, v in data.items() if k != "type"}))


def decks(doc: Document) -> tuple[Deck, ...]:
    file_proto = doc.data.get("status") == "prototype"
    result = []
    for i, d in enumerate(doc.data["decks"]):
        deck_proto = is_prototype(d, file_proto)
        cards = tuple(
            Card(c["id"], c["copies"], c.get("continue_icon", False), c["timing"],
                 tuple(_effect(e) for e in c["effects"]),
                 is_prototype(c, deck_proto), doc.origin(f"/decks/{i}/cards/{j}"))
            for j, c in enumerate(d["cards"]))
        result.append(Deck(d["id"], d["kind"], d.get("per_faction", False),
                           d.get("declared_total"), cards, doc.origin(f"/decks/{i}")))
    return tuple(result)


def objectives(doc: Document) -> Objectives:
    file_proto = doc.data.get("status") == "prototype"
    cards = tuple(
        Objective(o["id"],
                  tuple(ObjectiveEntry(e["territory"], e["value"],
                                       doc.origin(f"/cards/{i}/territories/{j}"))
                        for j, e in enumerate(o["territories"])),
                  is_prototype(o, file_proto), doc.origin(f"/cards/{i}"))
        for i, o in enumerate(doc.data["cards"]))
    return Objectives(cards, doc.data.get("max_total_spread"), doc.origin())


def components(doc: Document) -> tuple[tuple[Piece, ...], tuple[Die, ...]]:
    pieces = tuple(Piece(p["id"], p["shape"], p["diameter_mm"], p["per_faction"],
                         p.get("double_sided", False), doc.origin(f"/pieces/{i}"))
                   for i, p in enumerate(doc.data.get("pieces", [])))
    dice = tuple(Die(d["id"], d["colour"], d["count"], d["sides"], doc.origin(f"/dice/{i}"))
                 for i, d in enumerate(doc.data.get("dice", [])))
    return pieces, dice


def setup(data: Mapping[str, Any], origin: Origin) -> Setup:
    return Setup(
        pieces_per_player=frozen_mapping(
            {int(k): v for k, v in data["pieces_per_player"].items()}),
        piece=data["piece"], first_round_per_turn=data["first_round_per_turn"],
        later_rounds_per_turn=data["later_rounds_per_turn"],
        starting_hand=data["starting_hand"], hand_limit=data["hand_limit"],
        objectives_per_player=data["objectives_per_player"],
        action_deck=data.get("action_deck"), origin=origin,
        new_pieces=data.get("new_forces", {}).get("pieces", 3),
        new_cards=data.get("new_forces", {}).get("cards", 1),
        hand_limit_discard=data.get("hand_limit_discard", "after_draw"))


def build_conquest(manifest: Document, parts: Mapping[str, Document]) -> tuple[Part, ...]:
    """The conquest part of a game (from its files and the manifest's parameters) and its
    look (the ruleset's layouts and theme, or the game's own)."""
    data = manifest.data
    pieces, dice = components(parts["components"]) if "components" in parts else ((), ())
    turns = data.get("turns", {})
    return (Conquest(
        board=board(parts["board"]) if "board" in parts else None,
        factions=factions(parts["factions"]) if "factions" in parts else (),
        decks=decks(parts["decks"]) if "decks" in parts else (),
        objectives=objectives(parts["objectives"]) if "objectives" in parts else None,
        pieces=pieces, dice=dice,
        setup=setup(data["setup"], manifest.origin("/setup")) if "setup" in data else None,
        base_turns=turns.get("base"), event_deck=turns.get("event_deck"),
        points_per_conquest=data.get("scoring", {}).get("points_per_conquest", 0),
        players=(data["players"]["min"], data["players"]["max"]),
        origin=manifest.origin(),
        agents=agent_profiles(parts["components"]) if "components" in parts else (),
        tie_margin=data.get("scoring", {}).get("tie_margin", 0),
        eliminated=data.get("scoring", {}).get("eliminated", "kept"),
        objective_check=turns.get("objective_check", "after_conquest"),
        recruit_window=turns.get("recruit_window", "before_first_attack")),
        *look(manifest, parts))


def agent_profiles(doc: Document) -> tuple[ConquestAgentProfile, ...]:
    return tuple(ConquestAgentProfile(k, v["attack_margin"], v["press_margin"], v["objective"],
                                      v["guard"], v["garrison"])
                 for k, v in sorted(doc.data.get("agents", {}).items()))
