"""The public position format of WARLAND (`POSITIONS`): opening, read/write, legal moves,
chance at every roll of the combat dice, and apply.

Play follows the game's one turn flow (rules/warland/flow.py): seats play clockwise from
the roll-off's winner, each turn starts with the automatic production and flipping, then
the meal (phase `feed`), where a seat short of food chooses who starves (`starve ...`)
and a fed one plays `feed` or starves a pawn on purpose (`starve 1 ...`), and the game
ends at the end of a round with at most one castle standing, or after the round limit.
Points are the resistance of the buildings left standing.
"""

from __future__ import annotations

import random
from dataclasses import replace
from fractions import Fraction

from stamperia.content.errors import ContentError
from stamperia.content.model import Game
from stamperia.rules.positions import (
    CHANCE,
    ChanceOutcome,
    IllegalMove,
    LegalMoves,
    PositionError,
    PositionJson,
    PositionSource,
)
from stamperia.rules.warland import engine, meal
from stamperia.rules.warland.combat import ROLLED, battle_sides, demolition_target, resolve
from stamperia.rules.warland.flow import Flow
from stamperia.rules.warland.notation import (
    END_TURN,
    format_action,
    format_outcome,
    parse_action,
)
from stamperia.rules.warland.odds import Dice, beat, duel
from stamperia.rules.warland.position import (
    Attack,
    Done,
    Position,
    attack_action,
    from_engine,
    from_json,
    to_engine,
    to_json,
    travel,
)
from stamperia.rules.warland.position_check import check_position, parse_and_check
from stamperia.rules.warland.setup import roll_off
from stamperia.rules.warland.state import (
    END,
    STARVE,
    TRADE,
    Action,
    Placed,
    Rules,
    Seat,
    State,
    TurnFlags,
)
from stamperia.rules.warland.supply import tokens


class _NoDice:
    """Dice for actions that roll nothing: rolls are chance outcomes in positions."""

    def roll(self) -> int:
        raise AssertionError("a position never rolls inside apply")


def _position(state: object) -> Position:
    if not isinstance(state, Position):
        raise TypeError(f"not a WARLAND position: {type(state).__name__}")
    return state


def notated_actions(state: State, index: int, flags: TurnFlags) -> dict[str, Action]:
    """The engine's legal actions (within the token supply, where it limits), by their
    notation."""
    return {format_action(state, index, a): a
            for a in engine.legal_actions(state, index, flags)}


def roll_outcomes(state: State, index: int, action: Action) -> dict[str, tuple[str, Fraction]]:
    """Each roll outcome's move -> (engine outcome, exact probability), zero ones left out."""
    combat = state.rules.forces.combat
    dice = Dice(combat.dice_per_strength, combat.dice_sides)
    if action.do == "demolish":
        aim = demolition_target(state, index, action.target, action.building,
                                       action.card)
        success = beat(dice, aim.strength, aim.resistance)
        odds = {"success": success, "failure": 1 - success}
    else:
        sides = battle_sides(state, index, action)
        d = duel(dice, sides.group, sides.single, combat.soldier_tie,
                 sides.roll(combat.duel_roll))
        odds = {"won": d.attacker_wins, "lost": d.defender_wins,
                "both_survive": d.both_survive, "both_die": d.both_die}
    return {format_outcome(state, index, action, o): (o, p) for o, p in odds.items() if p}


def result(game: Game, position: Position) -> dict[str, object]:
    """Winners (the most resistance standing, shared on a tie), points, and the end."""
    buildings = Rules.of(game).buildings
    points = {p.faction: 0 if p.out else sum(buildings.building(b.building).resistance
                                             for b in p.buildings)
              for p in position.players}
    best = max(points.values())
    return {"winners": [f for f, v in points.items() if v == best and best > 0],
            "points": points, "end": position.end}


def _next_turn(state: State, turn: Position) -> Position:
    """After `end-turn`: the game's turn flow (flow.py) starts the next living seat's turn
    clockwise, or ends the round (and maybe the game)."""
    players = len(state.seats)
    first = turn.seat(turn.first)
    order = tuple((first + k) % players for k in range(players))
    assert turn.to_move is not None
    flow = Flow(state, order, order.index(turn.seat(turn.to_move)), TurnFlags(), 0,
                turn.round, turn.round_limit, counting=False)
    flow.decide(END)
    if flow.over:
        return replace(turn, to_move=None, phase="over", done=Done(), attack=None,
                       end=flow.end)
    return replace(turn, round=flow.round, to_move=state.seats[flow.seat].faction,
                   phase="feed" if flow.feeding else "main", done=Done(), attack=None)


def _check_players(game: Game, players: int) -> None:
    low, high = game.players
    factions = len(Rules.of(game).forces.factions)
    if not low <= players <= min(high, factions):
        raise ValueError(f"{game.id} seats {low} to {min(high, factions)} players, "
                         f"not {players}")


def start(game: Game, players: int, first: int) -> Position:
    """The first factions in content order, castles at the table's edges clockwise, and
    seat `first`'s first turn already begun (production and flipping) and at its meal
    (phase `feed`: who starves, then `feed`)."""
    _check_players(game, players)
    rules = Rules.of(game)
    forces = rules.forces
    seats = [Seat(f.id, "", carpenters=forces.setup.carpenters,
                  buildings=[Placed(rules.buildings.castle.id, face_up=True)])
             for f in forces.factions[:players]]
    state = State(rules, seats, travel(game, players), tokens=tokens(rules))
    engine.begin_turn(state, first)
    turn = Position((), seats[first].faction, 1, forces.simulation.default_rounds,
                    seats[first].faction, "feed", Done(), None, None)
    return from_engine(state, TurnFlags(), turn)


class WarlandPositions:
    """WARLAND's PositionFormat (rules/positions.py)."""

    @property
    def schema_kind(self) -> str:
        return "warland_position"

    def opening(self, game: Game, players: int, seed: int) -> PositionJson:
        """The seeded roll-off (2d6 each, ties roll again) picks who starts."""
        forces = Rules.of(game).forces
        _check_players(game, players)
        first = roll_off(players, forces.setup.roll_off_dice, forces.combat.dice_sides,
                         random.Random(seed)).winner
        return to_json(start(game, players, first))

    def read(self, game: Game, data: object, source: PositionSource) -> Position:
        problems = check_position(game, data, source)
        if problems:
            raise PositionError(problems)
        assert isinstance(data, dict)
        return from_json(data)

    def write(self, game: Game, state: object) -> PositionJson:
        return to_json(_position(state))

    def legal(self, game: Game, state: object) -> LegalMoves:
        position = _position(state)
        if position.phase == "over":
            return LegalMoves(None, (), result=result(game, position))
        engine_state, flags = to_engine(game, position)
        assert position.to_move is not None
        index = position.seat(position.to_move)
        if position.phase == "roll":
            outcomes = roll_outcomes(engine_state, index, attack_action(position))
            return LegalMoves(CHANCE, tuple(outcomes), tuple(
                ChanceOutcome(move, p) for move, (_, p) in outcomes.items()))
        if position.phase == "feed":
            return LegalMoves(position.to_move, tuple(meal_choices(engine_state, index)))
        return LegalMoves(position.to_move, tuple(notated_actions(engine_state, index, flags)))

    def apply(self, game: Game, state: object, move: str, rng: random.Random) -> Position:
        """`rng` is unused: no WARLAND move shuffles, and rolls are chance outcomes."""
        position = _position(state)
        if position.phase == "over":
            raise IllegalMove(move, "the game is over", ())
        engine_state, flags = to_engine(game, position)
        assert position.to_move is not None
        index = position.seat(position.to_move)
        if position.phase == "roll":
            action = attack_action(position)
            outcomes = roll_outcomes(engine_state, index, action)
            if move not in outcomes:
                raise IllegalMove(move, "a roll is pending: play one of its outcomes",
                                  tuple(outcomes))
            resolve(engine_state, index, action, outcomes[move][0])
            return from_engine(engine_state, flags, replace(position, phase="main",
                                                             attack=None))
        if position.phase == "feed":
            choices = meal_choices(engine_state, index)
            if move not in choices:
                raise IllegalMove(move, _why_meal(engine_state, index, move), tuple(choices))
            choice = choices[move]
            if choice.do == TRADE:
                meal.trade(engine_state, index, choice)
            elif choice.do == STARVE:
                meal.leave_unfed(engine_state, index, choice.starve)
            else:
                meal.feed(engine_state, index, ())
                return from_engine(engine_state, flags, replace(position, phase="main"))
            return from_engine(engine_state, flags, position)
        legal = notated_actions(engine_state, index, flags)
        if move not in legal:
            raise IllegalMove(move, _why(engine_state, move), tuple(legal))
        action = legal[move]
        if action == END:
            return from_engine(engine_state, TurnFlags(), _next_turn(engine_state, position))
        if action.do in ROLLED:
            engine.declare(engine_state, index, flags, action)
            attack = Attack(action.do, engine_state.seats[action.target].faction,
                            action.building, action.strengths, action.against, action.card)
            return from_engine(engine_state, flags, replace(position, phase="roll",
                                                             attack=attack))
        engine.apply(engine_state, index, flags, action, _NoDice())
        return from_engine(engine_state, flags, position)


def meal_choices(state: State, index: int) -> dict[str, Action]:
    """The meal's choices, by their notation: short of food, the trades at a Bazaar
    (`trade 2 bazaar`), then who starves (`starve ...`: the pawns that die are the
    choice's cost); fed, `feed`, then one pawn left unfed on purpose (`starve 1 ...`)."""
    return {format_action(state, index, a): a for a in meal.meal_actions(state, index)}


def _why_meal(state: State, index: int, move: str) -> str:
    if not move.startswith(("starve", "trade", "feed")):
        if meal.shortfall(state, index) == 0:
            return ("the meal comes first: `feed`, or leave a pawn unfed on purpose "
                    "(`starve 1 <pawn>`, warland.txt 54-55)")
        return ("food is short: first choose who starves (\"Tu scegli quale Abitante "
                "sacrificare\", warland.txt 40-41)")
    if move == "feed":
        return ("food is short: `feed` comes once the food covers everyone; first choose "
                "who starves or trade")
    try:
        parse_action(state, move)
    except ValueError as error:
        return str(error)
    if meal.shortfall(state, index) == 0:
        return ("not one of the meal's choices: food covers everyone, so `feed`, or "
                "leave one pawn unfed on purpose (`starve 1 <pawn>`)")
    return ("not one of the meal's choices: each leaves unfed just enough pawns for the "
            "others to eat")


def _why(state: State, move: str) -> str:
    if move.startswith(("starve", "trade", "feed")):
        return ("no meal is pending: pawns starve or are fed, and a Bazaar trades, only "
                "at the start of a turn")
    if move.startswith("outcome "):
        return "no roll is pending"
    try:
        action = parse_action(state, move)
    except ValueError as error:
        return str(error)
    if action.do == "send" and not action.strengths:
        return ("which soldiers go: the soldiers at home differ in strength, so name the "
                "strengths sent (`... strength 2 1`)")
    return "not legal in this position"


POSITIONS = WarlandPositions()


def validate_position(game: Game, text: str, file: str) -> list[ContentError]:
    """Every problem of a position file's text: JSON syntax, schema, then the content."""
    return parse_and_check(game, text, file)


__all__ = ["END_TURN", "POSITIONS", "WarlandPositions", "meal_choices", "notated_actions",
           "result", "start", "validate_position"]
