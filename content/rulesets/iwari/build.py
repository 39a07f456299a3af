"""Builders: schema-valid IWARI documents into the frozen model (shapes are guaranteed)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from stamperia.content.parts import is_prototype
from stamperia.content.rulesets.iwari.model import (
    Biome,
    Connection,
    Feat,
    IwariAgentProfile,
    IwariMaps,
    IwariSet,
    IwariSetup,
    MapPath,
    MapSide,
    MapTerritory,
    MountainPair,
    Tribe,
)
from stamperia.content.validation.document import Document


def _cell(value: list[int]) -> tuple[int, int]:
    return (value[0], value[1])


def build_set(doc: Document) -> IwariSet:
    data = doc.data
    proto = data.get("status") == "prototype"
    setup = data["setup"]
    board = data["score_board"]
    spaces = data["tent_spaces_per_territory"]
    return IwariSet(
        biomes=tuple(Biome(b["id"], b["colour"], b["cards"], b["symbol"], is_prototype(b, proto),
                           doc.origin(f"/biomes/{i}")) for i, b in enumerate(data["biomes"])),
        declared_cards=data.get("declared_cards"),
        tribes=tuple(Tribe(t["id"], t["colour"], t["text_colour"], is_prototype(t, proto),
                           doc.origin(f"/tribes/{i}")) for i, t in enumerate(data["tribes"])),
        tents=data["pieces"]["tents"], tents_on_score_track=data["pieces"]["tents_on_score_track"],
        totems=data["pieces"]["totems"],
        feats=tuple(Feat(f["id"], f["copies"], f["multiplies"], f["placed_on"], f["trigger"],
                         doc.origin(f"/feats/{i}"), f.get("earned_under_mountain", False))
                    for i, f in enumerate(data["feats"])),
        feat_multipliers=tuple(data["feat_multipliers"]),
        score_first=board["first"], score_last=board["last"], lap_tokens=board["lap_tokens"],
        lap_values=tuple(board["lap_values"]),
        territory_markers=data["territory_markers"],
        connected_totems_marker=data["connected_totems_marker"],
        reference_cards=data["reference_cards"], mountains=data["mountains"],
        camp_min_tents=data["camp_min_tents"], tent_spaces_range=(spaces["min"], spaces["max"]),
        setup=IwariSetup(
            hand=setup["hand"], display=setup["display"],
            max_cards_per_turn=setup["max_cards_per_turn"],
            max_pieces_per_turn=setup["max_pieces_per_turn"],
            pieces_in_unexplored=setup["pieces_in_unexplored"], wild_cards=setup["wild_cards"],
            cards_removed_per_biome={int(k): v for k, v in
                                     setup["cards_removed_per_biome"].items()},
            mountain_symbols={int(k): tuple(v) for k, v in setup["mountain_symbols"].items()},
            simulated_tribe=frozenset(int(k) for k, v in setup["simulated_tribe"].items() if v),
            origin=doc.origin("/setup")),
        origin=doc.origin(),
        agents=tuple(IwariAgentProfile(k, v["tents"], v["camps"], v["totems"], v["cards"])
                     for k, v in sorted(data.get("agents", {}).items())))


def _side(doc: Document, index: int, data: Mapping[str, Any], inherited: bool) -> MapSide:
    base = f"/sides/{index}"
    proto = is_prototype(data, inherited)
    return MapSide(
        id=data["id"], water=frozenset(_cell(c) for c in data["water"]),
        territories=tuple(
            MapTerritory(t["id"], t["biome"], tuple(_cell(c) for c in t["cells"]),
                         _cell(t["totem"]), tuple(_cell(c) for c in t["tents"]),
                         is_prototype(t, proto), doc.origin(f"{base}/territories/{i}"))
            for i, t in enumerate(data["territories"])),
        connections=tuple(
            Connection(c["number"], c["kind"], (c["between"][0], c["between"][1]),
                       doc.origin(f"{base}/connections/{i}"))
            for i, c in enumerate(data["connections"])),
        mountain_pairs=tuple(
            MountainPair(m["symbols"], (m["connections"][0], m["connections"][1]),
                         doc.origin(f"{base}/mountain_pairs/{i}"))
            for i, m in enumerate(data["mountain_pairs"])),
        paths=tuple(MapPath((p["between"][0], p["between"][1]), doc.origin(f"{base}/paths/{i}"))
                    for i, p in enumerate(data["paths"])),
        prototype=proto, origin=doc.origin(base))


def build_maps(doc: Document) -> IwariMaps:
    proto = doc.data.get("status") == "prototype"
    return IwariMaps(doc.data["hex"]["size_mm"],
                     tuple(_side(doc, i, s, proto) for i, s in enumerate(doc.data["sides"])),
                     doc.origin())
