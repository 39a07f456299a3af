"""Reading a conquest position: a schema-valid JSON document checked against the content
and turned into an engine state.

The schema checks shapes and bounds; this module checks what only the content knows
(ids, card copies, colours' boars) and what the phase needs (a battle to roll in, a task
to place boars for), and reports every problem found at its JSON pointer and line.
"""

from __future__ import annotations

import difflib
import random
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from stamperia.content.errors import ContentError, pointer_escape
from stamperia.content.validation.sourcemap import JsonSyntaxError, SourceMap, parse
from stamperia.rules.conquest.position_write import PLAY_FIELDS, PLAYER_PLAY_FIELDS
from stamperia.rules.conquest.state import (
    ATTACK_CARD,
    BATTLE,
    CLAIM,
    DEFENCE_CARD,
    DEFEND,
    MOVE_COUNT,
    OCCUPY,
    OVER,
    ROLL,
    Battle,
    Phase,
    State,
    Task,
)
from stamperia.rules.conquest.tables import Tables
from stamperia.rules.positions import CHANCE, PositionError, PositionSource

BATTLE_PHASES = (BATTLE, ATTACK_CARD, DEFENCE_CARD, DEFEND, OCCUPY, ROLL)
TASK_PHASES = {"place": Phase.PLACE, "remove": Phase.REMOVE, "discard": Phase.DISCARD,
               "draw": Phase.DRAW}
STAGES = ("claim", "reinforce", "round", "turn_start", "new_forces", "recruit", "attack",
          "move", "move_count", "end_turn")
PHASE_STAGES = {Phase.CLAIM: "claim", Phase.TRUCE: "new_forces", Phase.RECRUIT: "attack",
                Phase.ATTACK: "attack", BATTLE: "attack", ATTACK_CARD: "attack",
                DEFENCE_CARD: "attack", DEFEND: "attack", OCCUPY: "attack", ROLL: "attack",
                Phase.MOVE: "move", MOVE_COUNT: "move_count"}
"""The stage the engine is in when it asks for each decision (tasks may come in any)."""


@dataclass(frozen=True)
class Where:
    """Turns a pointer into a ContentError at the line that holds it in the source."""

    file: str
    lines: SourceMap | None

    @staticmethod
    def of(source: PositionSource) -> Where:
        try:
            _, lines = parse(source.text)
        except JsonSyntaxError:
            return Where(source.file, None)
        return Where(source.file, lines)

    def error(self, pointer: str, message: str, hint: str = "") -> ContentError:
        line = self.lines.line(pointer) if self.lines is not None else 1
        return ContentError(self.file, line, pointer, message, hint)


def hint(name: object, choices: Sequence[str]) -> str:
    close = difflib.get_close_matches(str(name), list(choices), n=1)
    return f"did you mean {close[0]!r}?" if close else f"known: {', '.join(choices)}"


def missing_play_fields(data: Mapping[str, Any], where: Where) -> list[ContentError]:
    """The fields a position needs to play on, absent here (a score-only position)."""
    found = [where.error(f"/{name}", f"missing {name!r}: needed to play on from this "
                         "position", "`score` reads it without; `moves`/`apply` need "
                         "the whole state, as `stamperia apply` writes it")
             for name in PLAY_FIELDS if name not in data]
    for index, player in enumerate(data["players"]):
        found += [where.error(f"/players/{index}/{name}",
                              f"missing {name!r}: needed to play on from this position",
                              "`score` reads it without")
                  for name in PLAYER_PLAY_FIELDS if name not in player]
    return found


class _Reader:
    """One read: the content's ids, the problems found so far, the seats named."""

    def __init__(self, tables: Tables, data: Mapping[str, Any], where: Where) -> None:
        self.t = tables
        self.data = data
        self.where = where
        self.problems: list[ContentError] = []
        self.territory = {tid: i for i, tid in enumerate(tables.territory_ids)}
        self.seat: dict[str, int] = {}

    def fail(self, pointer: str, message: str, hint_text: str = "") -> None:
        self.problems.append(self.where.error(pointer, message, hint_text))

    def count(self, value: int, pointer: str) -> int:
        if value < 0:
            self.fail(pointer, f"negative count {value}", "counts are 0 or more")
        return value

    def faction(self, name: str, pointer: str) -> int:
        """The seat of a faction named at `pointer`, or -1 (and a problem)."""
        if name in self.seat:
            return self.seat[name]
        if name in self.t.faction_ids:
            self.fail(pointer, f"faction {name!r} is not among the players",
                      "add it to players or name a player's faction")
        else:
            self.fail(pointer, f"unknown faction {name!r}", hint(name, self.t.faction_ids))
        return -1

    def place(self, name: str, pointer: str) -> int:
        if name not in self.territory:
            self.fail(pointer, f"unknown territory {name!r}", hint(name, self.t.territory_ids))
            return -1
        return self.territory[name]

    def players(self) -> None:
        objectives = [o for o, _ in self.t.objectives]
        dealt: set[str] = set()
        players = self.data["players"]
        if len(players) not in self.t.pieces_per_player:
            self.fail("/players", f"{len(players)} players: the game is for "
                      f"{', '.join(map(str, sorted(self.t.pieces_per_player)))}")
        for index, player in enumerate(players):
            at = f"/players/{index}"
            name = player["faction"]
            if name not in self.t.faction_ids:
                self.fail(f"{at}/faction", f"unknown faction {name!r}",
                          hint(name, self.t.faction_ids))
            elif name in self.seat:
                self.fail(f"{at}/faction", f"faction {name!r} is listed twice",
                          "one entry per player")
            else:
                self.seat[name] = index
            objective = player["objective"]
            if objective not in objectives:
                self.fail(f"{at}/objective", f"unknown objective {objective!r}",
                          hint(objective, objectives))
            elif objective in dealt:
                self.fail(f"{at}/objective", f"objective {objective!r} is dealt twice",
                          "the objective deck has one of each card")
            dealt.add(objective)
            self.count(player["conquests"], f"{at}/conquests")

    def cards(self) -> None:
        """Each seat's hand, pile and discards hold its own copy of the action deck."""
        copies = Counter(self.t.action_deck)
        for index, player in enumerate(self.data["players"]):
            seen: Counter[str] = Counter()
            for field in ("hand", "deck", "discards"):
                for k, card in enumerate(player[field]):
                    at = f"/players/{index}/{field}/{k}"
                    if card not in copies:
                        self.fail(at, f"unknown action card {card!r}", hint(card, sorted(copies)))
                        continue
                    seen[card] += 1
                    if seen[card] == copies[card] + 1:
                        self.fail(at, f"more {card!r} cards than the deck has "
                                  f"({copies[card]}) in this player's hand, deck and discards")

    def events(self) -> list[int]:
        """The event pile as engine indexes, next card last; checks the current event too."""
        first: dict[str, int] = {}
        for i, event in enumerate(self.t.events):
            first.setdefault(event.id, i)
        copies = Counter(e.id for e in self.t.events)
        seen: Counter[str] = Counter()
        named = [("/event", self.data["event"])] if self.data["event"] is not None else []
        named += [(f"/events/{k}", e) for k, e in enumerate(self.data["events"])]
        for at, event in named:
            if event not in copies:
                self.fail(at, f"unknown event card {event!r}", hint(event, sorted(copies)))
                continue
            seen[event] += 1
            if seen[event] == copies[event] + 1:
                self.fail(at, f"more {event!r} cards than the event deck has ({copies[event]})",
                          "the round's event and the pile share the deck")
        return [first.get(e, 0) for e in reversed(self.data["events"])]

    def board(self) -> tuple[list[int], list[int]]:
        owner = [-1] * len(self.t.territory_ids)
        boars = [0] * len(self.t.territory_ids)
        for name, holding in self.data["territories"].items():
            at = f"/territories/{pointer_escape(name)}"
            where = self.place(name, at)
            seat = self.faction(holding["owner"], f"{at}/owner")
            pieces = self.count(holding["pieces"], f"{at}/pieces")
            if where >= 0 and seat >= 0:
                owner[where], boars[where] = seat, pieces
        return owner, boars

    def tasks(self) -> list[Task]:
        found = []
        for k, task in enumerate(self.data["tasks"]):
            seat = self.faction(task["faction"], f"/tasks/{k}/faction")
            count = self.count(task["count"], f"/tasks/{k}/count")
            found.append(Task(TASK_PHASES[task["kind"]], max(seat, 0), count))
        return found

    def truces(self) -> dict[tuple[int, int], int]:
        found = {}
        for k, truce in enumerate(self.data["truces"]):
            a = self.faction(truce["faction"], f"/truces/{k}/faction")
            p = self.faction(truce["protected"], f"/truces/{k}/protected")
            if a >= 0 and a == p:
                self.fail(f"/truces/{k}/protected", "a faction in truce with itself")
            found[(a, p)] = self.count(truce["turns"], f"/truces/{k}/turns")
        return found

    def battle(self, phase: Phase, active: int, owner: list[int]) -> tuple[Battle | None, int]:
        """The battle in progress and the attacker's dice, if the phase has one."""
        data = self.data.get("battle")
        if phase not in BATTLE_PHASES:
            if data is not None:
                self.fail("/battle", f"no battle is fought in phase {phase.value!r}",
                          "set it to null")
            return None, 1
        if data is None:
            self.fail("/battle", f"phase {phase.value!r} needs the battle in progress",
                      "add battle: from, to, defender, dice, cards and rolls")
            return None, 1
        origin = self.place(data["from"], "/battle/from")
        target = self.place(data["to"], "/battle/to")
        defender = self.faction(data["defender"], "/battle/defender")
        if origin >= 0 and owner[origin] != active:
            self.fail("/battle/from", f"{data['from']!r} is not the attacker's "
                      f"({self.data['active']!r}) territory")
        if target >= 0 and defender >= 0 and owner[target] != defender:
            self.fail("/battle/to", f"{data['to']!r} is not held by the defender "
                      f"{data['defender']!r}")
        if defender == active:
            self.fail("/battle/defender", "the active faction cannot defend against itself")
        cards = []
        for side in ("attacker_card", "defender_card"):
            card = data[side]
            if card is not None and card not in self.t.actions:
                self.fail(f"/battle/{side}", f"unknown action card {card!r}",
                          hint(card, sorted(self.t.actions)))
            cards.append(card or "")
        rolls = self.count(data["rolls"], "/battle/rolls")
        battle = Battle(max(origin, 0), max(target, 0), max(defender, 0), cards[0], cards[1],
                        rolls, data.get("defence_dice", 0) if phase is ROLL else 0,
                        self.count(data.get("attacker_card_roll", 0),
                                   "/battle/attacker_card_roll"),
                        self.count(data.get("defender_card_roll", 0),
                                   "/battle/defender_card_roll"))
        for side in ("attacker", "defender"):
            if data.get(f"{side}_card_roll", 0) > rolls:
                self.fail(f"/battle/{side}_card_roll", f"a card played before roll "
                          f"{data[f'{side}_card_roll']} of a battle with {rolls} rolls made")
        if phase is not ROLL and "defence_dice" in data:
            self.fail("/battle/defence_dice", "the defender declares its dice just before "
                      f"the roll, not in phase {phase.value!r}", "remove defence_dice")
        return battle, data["dice"]

    def route(self, phase: Phase, active: int, owner: list[int]) -> tuple[int, int]:
        """The end-of-turn move chosen, when its count is still to choose."""
        data = self.data.get("move_route")
        if phase is not MOVE_COUNT and self.data["stage"] != "move_count":
            return (-1, -1)
        if data is None:
            self.fail("/move_route", "the end-of-turn move's count is still to choose: "
                      "move_route needs the move chosen (from, to)")
            return (-1, -1)
        ends = []
        for end in ("from", "to"):
            where = self.place(data[end], f"/move_route/{end}")
            if where >= 0 and owner[where] != active:
                self.fail(f"/move_route/{end}", f"{data[end]!r} is not the moving faction's "
                          f"({self.data['active']!r}) territory")
            ends.append(where)
        return (ends[0], ends[1])

    def check_claims(self, state: State) -> None:
        """While territories are claimed in turn, each seat has the boars for its claims;
        after the claims, every territory has an owner."""
        expected = PHASE_STAGES.get(state.phase)
        if expected is not None and state.stage != expected:
            self.fail("/stage", f"phase {state.phase.value!r} comes in stage {expected!r}, "
                      f"not {state.stage!r}")
        free = state.owner.count(-1)
        if state.stage != "claim":
            if free:
                self.fail("/territories", f"{free} territories have no owner after the "
                          "claims", "give every territory an owner, or set stage 'claim'")
            return
        claims = [0] * state.players
        for k in range(state.owner.count(-1)):
            claims[(state.actor + k) % state.players] += 1
        for seat, count in enumerate(claims):
            if state.setup_left[seat] < count * self.t.setup_first:
                self.fail(f"/players/{seat}/setup_left", f"{count} territories still to "
                          f"claim need {count * self.t.setup_first} boars to place, "
                          f"{state.setup_left[seat]} are left")

    def check_truce(self, state: State) -> None:
        """A truce is offered only to a seat holding a truce card (the engine plays it)."""
        if state.phase is Phase.TRUCE and not any(
                self.t.actions[c].truce for c in state.hands[state.active]):
            self.fail("/phase", f"phase 'truce' but {self.data['active']!r} holds no truce "
                      "card", "add one to its hand or go on to the next phase")

    def check_boars(self, state: State, phase: Phase) -> None:
        """Claimed territories hold boars; no colour has more boars than the box."""
        occupying = state.battle.target if phase is OCCUPY and state.battle else -1
        ids = self.t.territory_ids
        for t, seat in enumerate(state.owner):
            at = f"/territories/{pointer_escape(ids[t])}/pieces"
            if seat >= 0 and state.boars[t] == 0 and t != occupying:
                self.fail(at, f"{ids[t]!r} is claimed but holds no boar",
                          "only a conquered territory waiting to be occupied holds 0")
            if t == occupying and state.boars[t] != 0:
                self.fail(at, f"in phase 'occupy' the conquered {ids[t]!r} holds 0 boars")
        if phase is ROLL and state.battle is not None:
            declared = state.battle.defence_dice
            most = min(3, state.boars[state.battle.target])
            if declared == 0:
                state.battle.defence_dice = most
            elif declared > most:
                self.fail("/battle/defence_dice", f"{declared} dice declared for "
                          f"{ids[state.battle.target]!r}: the defender rolls 1 to {most}",
                          "no more dice than its boars there, 3 at most")
        if phase in (ROLL, ATTACK_CARD, DEFENCE_CARD, DEFEND) and state.battle is not None:
            most = min(3, state.boars[state.battle.origin] - 1)
            if not 1 <= state.attack_dice <= most:
                self.fail("/battle/dice", f"{state.attack_dice} dice from "
                          f"{ids[state.battle.origin]!r}: the attacker rolls 1 to {most}",
                          "one die fewer than its boars there, 3 at most")
        for seat in range(state.players):
            placing = sum(task.count for task in state.tasks
                          if task.seat == seat and task.phase is Phase.PLACE)
            total = (sum(state.boars[t] for t in state.owned[seat]) + state.reserve[seat]
                     + state.setup_left[seat] + placing)
            if total > self.t.pieces_per_colour:
                self.fail(f"/players/{seat}/reserve", f"{total} boars on the board, in "
                          "reserve and still to place, but a colour has "
                          f"{self.t.pieces_per_colour}")

    def check_turn(self, state: State, data_to_move: object) -> None:
        """`to_move` and the task queue agree with the phase."""
        phase, tasks = state.phase, state.tasks
        if tasks and phase is not OVER and phase is not TASK_PHASES.get(phase.value):
            self.fail("/phase", f"phase {phase.value!r} with tasks queued: the first task "
                      f"({tasks[0].phase.value}) is under way", f"set phase to "
                      f"{tasks[0].phase.value!r}")
        if not tasks and phase.value in TASK_PHASES:
            self.fail("/tasks", f"phase {phase.value!r} needs a task (faction and count)",
                      "add it to tasks")
        if phase is OVER:
            if data_to_move is not None:
                self.fail("/to_move", "the game is over: to_move is null")
            if "winners" not in self.data or "end" not in self.data:
                self.fail("/winners" if "winners" not in self.data else "/end",
                          "phase 'over' needs winners and end")
            return
        if phase is ROLL:
            if data_to_move != CHANCE:
                self.fail("/to_move", f"before a roll chance moves: to_move is {CHANCE!r}")
            return
        if data_to_move is None or data_to_move == CHANCE:
            self.fail("/to_move", f"phase {phase.value!r} needs a faction to move")
            return
        if phase is CLAIM:
            return
        expected = state.active
        if tasks:
            expected = tasks[0].seat
        elif phase in (DEFENCE_CARD, DEFEND) and state.battle is not None:
            expected = state.battle.defender
        if state.actor != expected:
            self.fail("/to_move", f"in phase {phase.value!r} the faction to move is "
                      f"{self.data['players'][expected]['faction']!r}")


def read_state(tables: Tables, data: Mapping[str, Any], source: PositionSource) -> State:
    """The engine state of a schema-valid position; PositionError naming every problem."""
    where = Where.of(source)
    missing = missing_play_fields(data, where)
    if missing:
        raise PositionError(missing)
    r = _Reader(tables, data, where)
    r.players()
    r.cards()
    events = r.events()
    owner, boars = r.board()
    players = data["players"]
    active = r.faction(data["active"], "/active")
    actor = active
    if data["to_move"] not in (None, CHANCE):
        actor = r.faction(data["to_move"], "/to_move")
    tasks, truces = r.tasks(), r.truces()
    phase = Phase(data["phase"])
    battle, dice = r.battle(phase, active, owner)
    route = r.route(phase, active, owner)
    if data["stage"] not in STAGES:
        r.fail("/stage", f"unknown stage {data['stage']!r}", hint(data["stage"], STAGES))
    if r.problems:
        raise PositionError(r.problems)
    event = data["event"]
    state = State(
        players=len(players), rng=random.Random(0), owner=owner, boars=boars,
        factions=[tables.faction_ids.index(p["faction"]) for p in players],
        reserve=[r.count(p["reserve"], f"/players/{i}/reserve") for i, p in enumerate(players)],
        hands=[list(p["hand"]) for p in players],
        draw_piles=[p["deck"][::-1] for p in players],
        discards=[list(p["discards"]) for p in players],
        objectives=[[o for o, _ in tables.objectives].index(p["objective"]) for p in players],
        conquests=[p["conquests"] for p in players], events=events,
        scorza_dura=data["scorza_dura"], round_cap=data["round_cap"], phase=phase,
        stage=data["stage"], move_route=route, attack_dice=dice, actor=actor, active=active,
        round=r.count(data["round"], "/round"),
        event=[e.id for e in tables.events].index(event) if event is not None else -1,
        extra_rounds=data["extra_rounds"], tasks=tasks,
        setup_left=[r.count(p["setup_left"], f"/players/{i}/setup_left")
                    for i, p in enumerate(players)],
        played_card=[p["played_card"] for p in players], truces=truces,
        attacks_made=r.count(data["attacks_made"], "/attacks_made"), battle=battle,
        conquests_this_turn=r.count(data.get("conquests_this_turn", 0),
                                    "/conquests_this_turn"),
        winners=tuple(r.faction(f, f"/winners/{k}")
                      for k, f in enumerate(data.get("winners", []))),
        end=data.get("end", ""))
    r.check_boars(state, phase)
    r.check_truce(state)
    r.check_claims(state)
    r.check_turn(state, data["to_move"])
    if r.problems:
        raise PositionError(r.problems)
    return state
