"""Reading a WARLAND position: its schema, then everything it must agree with in the
content (ids, limits, tokens) and in itself (turn, phase, the pending attack).

Every problem is a ContentError at the JSON pointer holding it, with its line in the
position's text, so `stamperia moves` reports them as it reports content problems.
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from jsonschema import Draft202012Validator
from jsonschema.exceptions import best_match

from stamperia.content.errors import ContentError, pointer_join
from stamperia.content.model import Game
from stamperia.content.validation.schemas import schema_text
from stamperia.content.validation.sourcemap import JsonSyntaxError, SourceMap, parse
from stamperia.rules.positions import PositionSource
from stamperia.rules.warland.position import from_json, to_engine, travel
from stamperia.rules.warland.state import Rules
from stamperia.rules.warland.supply import committed, shortages


@dataclass
class Report:
    """The problems found so far, each placed at its pointer's line in the text."""

    file: str
    lines: SourceMap
    problems: list[ContentError] = field(default_factory=list)

    def __call__(self, pointer: str, message: str, hint: str = "") -> None:
        self.problems.append(ContentError(self.file, self.lines.line(pointer), pointer,
                                          message, hint))

    def __len__(self) -> int:
        return len(self.problems)


def schema() -> dict[str, Any]:
    """The position schema, shipped as package data next to the ruleset's content."""
    loaded: dict[str, Any] = json.loads(schema_text("warland_position"))
    return loaded


def parse_and_check(game: Game, text: str, file: str) -> list[ContentError]:
    """Every problem of a position file's text: JSON syntax, schema, then the content."""
    try:
        data, _ = parse(text)
    except JsonSyntaxError as error:
        return [ContentError(file, error.line, "",
                             f"malformed JSON at column {error.column}: {error.message}",
                             "fix the syntax; an editor with JSON support shows where")]
    return check_position(game, data, PositionSource(file, text))


def _lines(text: str) -> SourceMap:
    try:
        return parse(text)[1]
    except JsonSyntaxError:
        return SourceMap({})


def check_position(game: Game, data: object, source: PositionSource) -> list[ContentError]:
    """Schema errors, or else the position's contradictions with the content."""
    report = Report(source.file, _lines(source.text))
    for error in Draft202012Validator(schema()).iter_errors(data):
        if error.context:
            error = best_match(error.context)
        report(pointer_join(list(error.absolute_path)), error.message,
               "see the warland_position schema")
    if not report:
        assert isinstance(data, dict)
        _check_ids(game, data, report)
    if not report:
        assert isinstance(data, dict)
        _check_play(game, data, report)
    return sorted(report.problems)


def _check_ids(game: Game, data: dict[str, Any], report: Report) -> None:
    """Factions, buildings and the seats named (later checks need them right)."""
    rules = Rules.of(game)
    known = [f.id for f in rules.forces.factions]
    players = data["players"]
    low, high = game.players
    if not low <= len(players) <= min(high, len(known)):
        report("/players", f"{len(players)} players: {game.id} seats {low} to "
               f"{min(high, len(known))}", "one entry per seat")
    seated: list[str] = []
    for i, player in enumerate(players):
        faction = player["faction"]
        if faction not in known:
            report(f"/players/{i}/faction", f"unknown faction {faction!r}",
                   f"known: {', '.join(known)}")
        elif faction in seated:
            report(f"/players/{i}/faction", f"faction {faction!r} is seated twice",
                   "each faction plays one seat")
        seated.append(faction)
        for j, card in enumerate(player["buildings"]):
            if card["building"] not in {b.id for b in rules.buildings.buildings}:
                report(f"/players/{i}/buildings/{j}/building",
                       f"unknown building {card['building']!r}",
                       f"known: {', '.join(b.id for b in rules.buildings.buildings)}")
        for j, mission in enumerate(player["missions"]):
            if mission["target"] not in [p["faction"] for p in players]:
                report(f"/players/{i}/missions/{j}/target",
                       f"mission to {mission['target']!r}, not a faction at the table",
                       f"seated: {', '.join(p['faction'] for p in players)}")
    factions = [p["faction"] for p in players]
    for pointer, value in (("/first", data["first"]), ("/to_move", data["to_move"]),
                           ("/attack/target", (data["attack"] or {}).get("target"))):
        if value is not None and value not in factions:
            report(pointer, f"{value!r} is not a faction at the table",
                   f"seated: {', '.join(factions)}")
    for k, faction in enumerate(data["done"]["fought"]):
        if faction not in factions:
            report(f"/done/fought/{k}", f"{faction!r} is not a faction at the table",
                   f"seated: {', '.join(factions)}")


def _check_play(game: Game, data: dict[str, Any], report: Report) -> None:
    """Limits, tokens, the walking distances, the turn and the pending attack."""
    rules = Rules.of(game)
    limits = rules.forces.limits
    castle = rules.buildings.castle.id
    players = data["players"]
    walks = travel(game, len(players))
    for i, player in enumerate(players):
        at = f"/players/{i}"
        if player["out"]:
            for field in ("buildings", "soldiers", "missions"):
                if player[field]:
                    report(f"{at}/{field}", f"{player['faction']} is out but has {field}",
                           "a fallen castle's player has nothing left in play")
            if player["carpenters"]:
                report(f"{at}/carpenters", f"{player['faction']} is out but has carpenters",
                       "a fallen castle's player has nothing left in play")
            continue
        cards = player["buildings"]
        castles = [j for j, c in enumerate(cards) if c["building"] == castle]
        if len(castles) != 1:
            report(f"{at}/buildings", f"{len(castles)} {castle} cards: a player in the "
                   "game has exactly one", "a player whose castle fell is \"out\"")
        with_castle = limits.max_buildings_counts_castle
        if len(cards) - (0 if with_castle else len(castles)) > limits.max_buildings:
            which = "included" if with_castle else "not counted"
            report(f"{at}/buildings", f"{len(cards)} buildings in play, the {castle} "
                   f"{which}: at most {limits.max_buildings}",
                   "\"Il Castello e gli altri Edifici\": the limit counts the castle"
                   if with_castle else "limits.max_buildings_counts_castle is false: the "
                   "limit is on the other buildings")
        kinds: Counter[str] = Counter()
        for j, card in enumerate(cards):
            _check_card(rules, card, f"{at}/buildings/{j}", report)
            building = rules.buildings.building(card["building"])
            kinds[building.id] += 1
            if building.tier == "advanced" and kinds[building.id] > limits.advanced_per_type:
                report(f"{at}/buildings/{j}", f"advanced building {building.id!r} in play "
                       f"{kinds[building.id]} times: at most {limits.advanced_per_type}",
                       "one advanced building per type")
        for j, mission in enumerate(player["missions"]):
            if mission["target"] == player["faction"]:
                report(f"{at}/missions/{j}/target", "a mission to its own castle",
                       "soldiers at home are listed in \"soldiers\"")
                continue
            target = next(k for k, p in enumerate(players) if p["faction"] == mission["target"])
            if players[target]["out"]:
                report(f"{at}/missions/{j}/target", f"mission to {mission['target']!r}, "
                       "which is out", "missions to a fallen castle walk home")
            if mission["turns_left"] > walks[(i, target)]:
                report(f"{at}/missions/{j}/turns_left", f"{mission['turns_left']} turns "
                       f"left but the walk takes {walks[(i, target)]}",
                       "turns from the setup layout")
        walking = sum(1 for m in player["missions"] if m["turns_left"] > 0)
        if walking > rules.soldier_moves:
            report(f"{at}/missions", f"{walking} missions still walking, but a turn moves "
                   f"at most {rules.soldier_moves} soldiers", "\"fino a ... 4 Soldati\" a turn "
                   "(limits.moves_per_turn): no more than that many can be on their way")
    if len(report):
        return
    _check_tokens(game, data, report)
    _check_turn(game, data, report)


def _check_card(rules: Rules, card: dict[str, Any], at: str, report: Report) -> None:
    building = rules.buildings.building(card["building"])
    if building.id == rules.buildings.castle.id and not card["face_up"]:
        report(f"{at}/face_up", "the castle is never face down", "set \"face_up\": true")
    if card["hits"] >= building.hits_to_destroy:
        report(f"{at}/hits", f"{card['hits']} hits on {building.id!r}, which falls at "
               f"{building.hits_to_destroy}", "a destroyed card leaves the table")
    residents = rules.residents(building.id)
    if not card["face_up"] and card["residents"]:
        report(f"{at}/residents", "residents on a face-down card",
               "its Abitanti come in play when it turns face up")
    elif card["residents"] > residents:
        report(f"{at}/residents", f"{card['residents']} residents on {building.id!r}, "
               f"which holds {residents}", "the card's \"brings\" in buildings.json")


def _check_tokens(game: Game, data: dict[str, Any], report: Report) -> None:
    """Pawns in play, and those face-down cards will bring, within each kind's tokens."""
    state, _ = to_engine(game, from_json(data))
    tokens = state.tokens
    if tokens is None:
        return
    where = {"carpenters": "carpenters", "inhabitants": "buildings"}
    for i, seat in enumerate(state.seats):
        for what, count, limit in shortages(committed(state.rules, seat), tokens):
            report(f"/players/{i}/{where.get(what, 'soldiers')}",
                   f"{count} {what} in play or coming with face-down cards, but "
                   f"{seat.faction} has {limit} tokens", "the token counts in forces.json")


def _check_turn(game: Game, data: dict[str, Any], report: Report) -> None:
    """Round, seat to move, phase and the pending attack agree with each other."""
    if data["round"] > data["round_limit"]:
        report("/round", f"round {data['round']} after the limit {data['round_limit']}",
               "the game ends after its last round")
    phase, to_move, attack = data["phase"], data["to_move"], data["attack"]
    over = phase == "over"
    if over != (to_move is None):
        report("/to_move", "the seat to move is null exactly when the game is over",
               "phase \"over\" with \"to_move\": null")
    if over != (data["end"] is not None):
        report("/end", "the end is given exactly when the game is over",
               "\"end\": null unless phase is \"over\"")
    if (phase == "roll") != (attack is not None):
        report("/attack", "an attack is pending exactly in phase \"roll\"",
               "\"attack\": null in other phases")
    done = data["done"]
    if phase == "feed" and (any(v for k, v in done.items() if k != "fought") or done["fought"]):
        report("/done", "at the meal (phase \"feed\") the seat has done nothing yet this turn",
               "every flag false and \"fought\": []")
    players = {p["faction"]: p for p in data["players"]}
    if to_move is not None and players[to_move]["out"]:
        report("/to_move", f"{to_move} is out and cannot move",
               "the next seat clockwise still in the game moves")
    if attack is None or to_move is None or len(report):
        return
    me, enemy = players[to_move], players[attack["target"]]
    arrived = [m for m in me["missions"]
               if m["target"] == attack["target"] and m["turns_left"] == 0]
    home = [m for m in enemy["missions"] if m["target"] == to_move and m["turns_left"] == 0]
    done = data["done"]
    fought = attack["target"] in done["fought"]
    needs = {"demolish": (arrived and done["built_or_demolished"],
                          "it needs its missions arrived there and "
                          "done.built_or_demolished"),
             "battle": (arrived and enemy["soldiers"] and fought,
                        "it needs missions arrived there, soldiers to fight and the "
                        "target in done.fought"),
             "defend": (me["soldiers"] and home and done["defended"],
                        "it needs soldiers at home, enemy missions arrived and "
                        "done.defended")}
    ok, why = needs[attack["action"]]
    if attack["target"] == to_move or not ok:
        report("/attack", f"{to_move} cannot {attack['action']} {attack['target']}: {why}",
               "the attack must be one the seat could declare")
        return
    aimed = attack.get("building")
    standing = list(dict.fromkeys(b["building"] for b in enemy["buildings"]))
    if attack["action"] == "demolish" and aimed is None:
        report("/attack", "a demolition names the building it aims at",
               f"one of: {', '.join(standing)}")
    elif attack["action"] == "demolish" and aimed not in standing:
        report("/attack/building", f"a demolition of {attack['target']} aims at one of "
               f"its buildings, not {aimed!r}", f"one of: {', '.join(standing)}")
    elif attack["action"] == "demolish" and attack.get("card", 1) > sum(
            b["building"] == aimed for b in enemy["buildings"]):
        cards = sum(b["building"] == aimed for b in enemy["buildings"])
        report("/attack/card", f"{attack['target']} has {cards} {aimed} card(s), no card "
               f"{attack['card']}", f"a card number from 1 to {cards}")
    elif attack["action"] != "demolish" and "card" in attack:
        report("/attack/card", f"a {attack['action']} aims at soldiers, not a card",
               "leave out \"card\"")
    elif attack["action"] != "demolish" and aimed is not None:
        report("/attack/building", f"a {attack['action']} aims at soldiers, not a building",
               "leave out \"building\"")
    else:
        _check_group(attack, arrived, me["soldiers"], enemy["soldiers"], home, report)


def _check_group(attack: dict[str, Any], arrived: list[dict[str, Any]], mine: list[int],
                 theirs: list[int], home: list[dict[str, Any]], report: Report) -> None:
    """A battle's chosen group and target (warland.txt 142-145) are soldiers there."""
    soldiers, against = attack.get("soldiers"), attack.get("against")
    if (soldiers is None) != (against is None):
        report("/attack", "a battle names both its group (\"soldiers\") and the strength it "
               "attacks (\"against\"), or neither", "give both or leave both out")
        return
    if soldiers is None:
        return
    if attack["action"] == "demolish":
        report("/attack/soldiers", "a demolition names no group",
               "leave out \"soldiers\" and \"against\"")
        return
    battle = attack["action"] == "battle"
    ours = [m["strength"] for m in arrived] if battle else list(mine)
    others = list(theirs) if battle else [m["strength"] for m in home]
    if any(soldiers.count(s) > ours.count(s) for s in soldiers):
        report("/attack/soldiers", f"the group {soldiers} is not among the soldiers there "
               f"({sorted(ours, reverse=True)})", "name strengths of soldiers there")
    if against not in others:
        report("/attack/against", f"no soldier of strength {against} to attack "
               f"({sorted(others, reverse=True)})", "name the strength of a soldier there")
