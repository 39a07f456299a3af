"""Whole games: play with agents (writing a record), replay a record, the Simulator.

A record is JSON lines: a setup line, then one line per step or pass. Replaying checks
every line against the rules, so a record edited by hand is either a legal game or a
clear ReplayError naming the line.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping

from content.model import Game
from content.rulesets.splut.board import SplutBoard
from rules.simulation.result import (
    NO_TRACE,
    GameResult,
    JsonValue,
    Record,
    SeatResult,
    Simulator,
    Table,
    Trace,
    Tracer,
)
from rules.splut.agents import AGENT_NAMES, make_agent
from rules.splut.geometry import Geometry, geometry
from rules.splut.moves import SPLUT, Event, apply_step, blocked, legal_steps, pass_turn
from rules.splut.notation import NotationError, parse_step, step_name
from rules.splut.position import KIND_NAMES, Position, start_position
from rules.splut.search import material


class ReplayError(ValueError):
    """A record that is not a legal game of this content."""


def board_geometry(game: Game) -> Geometry:
    return geometry(game.part(SplutBoard))


def _tally(counters: Counter[str], events: list[Event]) -> None:
    """kill.<kind>: every piece leaving the board (a splutted Sorcerer's team-mates
    included); crushed.dwarf: the Dwarves crushed by a rock, a subset of kill.dwarf."""
    for kind, _, pieces in events:
        for piece in pieces:
            counters[f"kill.{KIND_NAMES[piece]}"] += 1
        if kind != SPLUT:
            counters["crushed.dwarf"] += 1


def _result(pos: Position, agents: tuple[str, ...], steps: int,
            counters: Counter[str], capped: bool, trace: Trace = NO_TRACE) -> GameResult:
    seats = tuple(SeatResult({"agent": a, "colour": s})
                  for a, s in zip(agents, pos.seats, strict=True))
    winners: tuple[int, ...]
    if pos.over:
        winners, end, turns = (pos.winner,), "last_sorcerer", pos.turn + 1
    else:
        winners, end, turns = (), "move_cap" if capped else "blocked", pos.turn
    return GameResult(seats, winners, end, turns, steps, dict(sorted(counters.items())),
                      trace)


def play(game: Game, table: Table, rng: random.Random, record: Record | None) -> GameResult:
    """One game by the table's agents; the content's move cap unless the table sets one."""
    geo = board_geometry(game)
    cap = table.turn_limit or geo.move_cap_turns
    pos = start_position(geo, table.players)
    agents = [make_agent(a, cap, game.part(SplutBoard).agents) for a in table.agents]
    if record is not None:
        record.append({"setup": {"players": table.players, "agents": list(table.agents),
                                 "seats": list(pos.seats), "move_cap_turns": cap}})
    counters: Counter[str] = Counter()
    tracer = Tracer()
    steps = 0
    while not pos.over and pos.turn < cap:
        legal = legal_steps(pos)
        if not legal:
            if record is not None:
                record.append({"seat": pos.player, "pass": True})
            counters["pass"] += 1
            pass_turn(pos)
            tracer.checkpoint(material(pos))
            if blocked(pos):
                break
            continue
        tracer.decide(len(legal))
        step = agents[pos.player](pos, legal, rng)
        if record is not None:
            record.append({"seat": pos.player, "step": step_name(pos, step)})
        turn = pos.turn
        events = apply_step(pos, step)
        steps += 1
        if events:
            _tally(counters, events)
        if pos.turn != turn or pos.over:
            tracer.checkpoint(material(pos))
    return _result(pos, table.agents, steps, counters, pos.turn >= cap, tracer.trace())


def replay(game: Game, lines: list[Mapping[str, JsonValue]]) -> GameResult:
    """The result of a recorded game, every line checked against the rules."""
    if not lines or not isinstance(lines[0].get("setup"), Mapping):
        raise ReplayError("line 1: a record starts with a setup line")
    setup = lines[0]["setup"]
    assert isinstance(setup, Mapping)
    geo = board_geometry(game)
    players, cap = setup.get("players"), setup.get("move_cap_turns")
    agents = setup.get("agents")
    if not isinstance(players, int) or players not in geo.seating or not isinstance(cap, int) \
            or not isinstance(agents, list) or len(agents) != players:
        raise ReplayError("line 1: setup needs players (a seated count), agents (one per "
                          "player) and move_cap_turns")
    pos = start_position(geo, players)
    counters: Counter[str] = Counter()
    steps = 0
    for number, line in enumerate(lines[1:], start=2):
        if pos.over or pos.turn >= cap or blocked(pos):
            raise ReplayError(f"line {number}: the game is already over")
        if line.get("seat") != pos.player:
            raise ReplayError(f"line {number}: seat {pos.player} is to move")
        legal = legal_steps(pos)
        if line.get("pass") is True:
            if legal:
                raise ReplayError(f"line {number}: a pass while legal steps exist")
            counters["pass"] += 1
            pass_turn(pos)
            continue
        text = line.get("step")
        if not isinstance(text, str):
            raise ReplayError(f"line {number}: expected a step or a pass")
        try:
            step = parse_step(pos, text, legal)
        except NotationError as error:
            raise ReplayError(f"line {number}: {error}") from None
        events = apply_step(pos, step)
        steps += 1
        if events:
            _tally(counters, events)
    if not (pos.over or pos.turn >= cap or blocked(pos)):
        raise ReplayError("the record ends before the game does")
    return _result(pos, tuple(str(a) for a in agents), steps, counters, pos.turn >= cap)


def profiles(game: Game) -> tuple[str, ...]:
    """The content's player profiles for `heuristic:<profile>`."""
    return tuple(p.id for p in game.part(SplutBoard).agents)


SIMULATOR = Simulator(agents=AGENT_NAMES, variants=(), play=play, replay=replay,
                      capped_ends=("move_cap",), profiles=profiles)
