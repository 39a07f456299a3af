"""The balance stage of `stamperia check`: a short seeded simulation that flags degenerate
content with its numbers.

Content can pass every rule and still give a broken game: objectives already held after
setup, games over in the first round, a seat or card that always wins, a card no one can
ever play. A few dozen games per player count, with random and purposeful seats, show
these cheaply; the warnings say what was seen so a designer can judge. `check --strict`
turns them into failures.
"""

from __future__ import annotations

import math
import statistics
from bisect import bisect_right
from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace

from stamperia.content.errors import ContentError
from stamperia.content.findings import (
    CAPPED_GAMES,
    CARD_NEVER_PLAYED,
    FIRST_ROUND_END,
    HELD_AFTER_SETUP,
    UNFAIR_WIN_RATE,
)
from stamperia.content.model import Game
from stamperia.rules.simulation.agentcheck import RANDOM, AgentCheck, Strength
from stamperia.rules.simulation.report import finding_words
from stamperia.rules.simulation.result import NO_TRACE, BoundPlay, GameResult, Simulator
from stamperia.rules.simulation.runner import SimulationRequest, play_one, validate
from stamperia.rules.simulation.shares import tally_shares
from stamperia.rules.simulation.tally import Tally
from stamperia.rules.verdict.blocks import split_blocks, with_blocks
from stamperia.rules.verdict.page import shown_names
from stamperia.rules.verdict.stats import ALPHA, EFFECT, detectable_effect, games_needed

BALANCE_GAMES = 24
"""Games per player count and line-up: enough for the win-rate test at four players
(expected wins of a fair seat reach 5), cheap enough for every check."""

OBJECTIVE_AFTER_SETUP_SHARE = 0.05
"""More seats than this holding their whole objective right after setup is degenerate."""

FAMILY_ERROR = ALPHA
"""Chance that a fair game gets any win-rate warning from one line-up."""

CHECK_BLOCKS = 3
"""Seed blocks a line-up's games are split into (consecutive games: every game's seed is
derived from the stage's seed and its number, so the blocks share none)."""

NOT_CONTENT = frozenset({"agent"})
"""Label groups that describe the players, not the content."""

OBJECTIVE_AFTER_SETUP = "objective_after_setup"
"""Counter an engine sets to the seats holding their whole objective after setup."""


@dataclass(frozen=True)
class LineUp:
    players: int
    agent: str
    results: tuple[GameResult, ...]
    against_random: bool = False
    """The agent check's line-up: `agent` in one seat, random in the others (rotated)."""

    @property
    def label(self) -> str:
        return f"{self.players} players, {self.agent}"


def line_up_agents(simulator: Simulator) -> tuple[str, ...]:
    """Random seats, and the purposeful agent: the ruleset's choice, else greedy where it
    has one, else its first agent that is not random."""
    purposeful = simulator.purposeful or ("greedy" if "greedy" in simulator.agents else next(
        (a for a in simulator.agents if a != RANDOM), None))
    return tuple(a for a in (RANDOM, purposeful) if a is not None and a in simulator.agents)


def balance_requests(game: Game, simulator: Simulator, seed: int,
                     games: int = BALANCE_GAMES) -> tuple[SimulationRequest, ...]:
    """The stage's line-ups as the requests `stamperia simulate` would play: each player
    count, random seats then the purposeful agent, then the agent check's line-up (the
    purposeful agent against random seats, half as many games: a purposeful agent wins
    most of them, and random seats cost little, so the stage keeps about its time)."""
    low, high = game.players
    agents = line_up_agents(simulator)
    requests = []
    for players in range(low, high + 1):
        requests += [SimulationRequest(game.id, players, games, seed, (agent,))
                     for agent in agents]
        if RANDOM in agents and len(agents) > 1:  # the agent check (agentcheck.py)
            requests.append(SimulationRequest(game.id, players, max(1, games // 2), seed,
                                              (agents[-1],) + (RANDOM,) * (players - 1)))
    return tuple(requests)


def first_numbers(requests: tuple[SimulationRequest, ...]) -> tuple[int, ...]:
    """The stage's number of each request's first game (its games numbered in order)."""
    firsts, number = [], 0
    for request in requests:
        firsts.append(number)
        number += request.games
    return tuple(firsts)


def play_claimed(game: Game, simulator: Simulator, requests: tuple[SimulationRequest, ...],
                 claim: Callable[[], int | None]) -> dict[int, GameResult]:
    """The games `claim()` hands out (the stage's numbers, in increasing order; None when
    none are left), played as `stamperia simulate` plays them with one worker
    (stamperia.rules.simulation.runner: each request validated before its games, the content bound
    once after the first, then `play_one` for each index). A game's result does not depend
    on the others, so processes sharing one claim queue hold the stage's games together.

    A failure raises as it would at that point of the whole stage; `StageFailure` says
    which point."""
    firsts = first_numbers(requests)
    results: dict[int, GameResult] = {}
    play: BoundPlay | None = None
    validated = 0
    while (number := claim()) is not None:
        request_number = bisect_right(firsts, number) - 1
        while validated <= request_number:
            try:
                validate(requests[validated], game, simulator)
                if play is None:  # the game's content compiled once for every line-up
                    play = simulator.bind(game)
            except Exception as error:
                raise StageFailure(firsts[validated], False, error) from error
            validated += 1
        assert play is not None
        try:
            results[number] = play_one(play, requests[request_number],
                                       number - firsts[request_number])
        except Exception as error:
            raise StageFailure(number, True, error) from error
    return results


def in_order(total: int) -> Callable[[], int | None]:
    """A claim function handing out 0 .. total - 1 (every game, here)."""
    numbers = iter(range(total))
    return lambda: next(numbers, None)


class StageFailure(Exception):
    """Where in the whole stage a process failed: before game `number` (validating or
    binding) or in it. Games are claimed in increasing order, so the earliest of the
    processes' failures is the one the whole stage meets first."""

    def __init__(self, number: int, in_game: bool, error: Exception) -> None:
        super().__init__(number, in_game, error)
        self.place = (number, in_game)
        self.error = error


def stage_findings(game: Game, simulator: Simulator, requests: tuple[SimulationRequest, ...],
                   played: Mapping[int, GameResult]) -> tuple[list[ContentError], list[str]]:
    """Warnings about degenerate balance, and one summary note per line-up, from every
    game of the stage by its number."""
    line_ups: list[LineUp] = []
    checks: list[LineUp] = []
    for request, first in zip(requests, first_numbers(requests), strict=True):
        results = tuple(played[first + index] for index in range(request.games))
        line_up = LineUp(request.players, request.agents[0], results,
                         len(set(request.agents)) > 1)
        (checks if line_up.against_random else line_ups).append(line_up)
    verdicts = {check.players: agent_verdict(check, line_ups, simulator.capped_ends)
                for check in checks}
    watched = simulator.watched(game) if simulator.watched is not None else {}
    problems = [warning for line_up in line_ups
                for warning in _line_up_warnings(game, line_up, verdicts.get(line_up.players))]
    problems += _capped(game, line_ups, simulator.capped_ends)
    problems += _never_seen(game, line_ups, watched)
    notes = [_note(line_up) for line_up in line_ups]
    notes += [_verdict_note(verdict) for _, verdict in sorted(verdicts.items())]
    return problems, notes


def agent_verdict(check: LineUp, line_ups: list[LineUp], capped_ends: tuple[str, ...]
                  ) -> AgentCheck:
    """The agent check at one player count (stamperia.rules.simulation.agentcheck): the
    purposeful agent against random seats, and its own line-up's ends."""
    untraced = Tally.of(replace(result, trace=NO_TRACE) for result in check.results)
    seats = max(check.players, untraced.most_seats)
    strength = Strength(check.agent, RANDOM, untraced.seen[("agent", check.agent)],
                        float(untraced.label_wins.get(("agent", check.agent), 0)), 1 / seats)
    own = [u for u in line_ups if u.players == check.players and u.agent == check.agent]
    results = own[0].results if own else ()
    by_rules = sum(1 for r in results if r.end not in capped_ends)
    return AgentCheck(check.players, (check.agent,), len(results), by_rules, (strength,))


def _verdict_note(verdict: AgentCheck) -> str:
    strength = verdict.strengths[0]
    low, high = strength.interval
    return (f"balance agent check at {verdict.players} players: {strength.agent} won "
            f"{strength.rate:.0%} ({low:.0%}-{high:.0%}) of {strength.games} games against "
            f"random seats (fair {strength.fair:.0%}), {verdict.by_rules} of {verdict.games} "
            f"of its games ended by the rules; win-rate verdict {verdict.verdict}"
            + (": " + "; ".join(verdict.reasons) if verdict.reasons else ""))


def balance_stage(game: Game, simulator: Simulator, seed: int,
                  games: int = BALANCE_GAMES) -> tuple[list[ContentError], list[str]]:
    """Warnings about degenerate balance, and one summary note per line-up: every game
    played here, in one part (a failure raises as it is)."""
    requests = balance_requests(game, simulator, seed, games)
    try:
        played = play_claimed(game, simulator, requests,
                              in_order(sum(request.games for request in requests)))
    except StageFailure as failure:
        raise failure.error from None
    return stage_findings(game, simulator, requests, played)


def _line_up_warnings(game: Game, line_up: LineUp, verdict: AgentCheck | None
                      ) -> list[ContentError]:
    """The line-up's warnings; no win-rate warning where the agent check withholds the
    verdict (the agent's artefacts would read as the game's)."""
    results, played = line_up.results, len(line_up.results)
    where = f"at {line_up.label}"
    found: list[ContentError] = []
    held = sum(r.counters.get(OBJECTIVE_AFTER_SETUP, 0) for r in results)
    seats = played * line_up.players
    if held > OBJECTIVE_AFTER_SETUP_SHARE * seats:
        found.append(game.origin.warning(
            f"balance: {held} of {seats} seats ({held / seats:.0%}) held their whole objective "
            f"right after setup in {played} games {where} "
            f"(more than {OBJECTIVE_AFTER_SETUP_SHARE:.0%})",
            "make objectives larger or spread them over more zones", kind=HELD_AFTER_SETUP))
    first_round = sum(1 for r in results if r.turns <= 1)
    if first_round:
        found.append(game.origin.warning(
            f"balance: {first_round} of {played} games ended in the first round {where}",
            "a game should not be decided before every player has played a few turns",
            kind=FIRST_ROUND_END))
    if line_up.agent != RANDOM and (verdict is None or not verdict.reasons):
        found += _win_rate_warnings(game, results, line_up.players, where)
    return found


def _win_rate_warnings(game: Game, results: tuple[GameResult, ...], players: int,
                       where: str) -> list[ContentError]:
    """Seats and content labels (faction, objective card...) that win far from the fair
    share among purposeful seats; random play says little about balance.

    A stage tests many groups at once, so the report's test is corrected for their number
    (Holm, familywise 1%: stamperia.rules.simulation.report): at 24 games, a lucky group
    among twenty must not read as a finding. Each warning carries the effect with its
    interval and in how many of the stage's seed blocks it holds.
    """
    # Win shares read no trace: the designer metrics of the traces are left out of the tally.
    untraced = tuple(replace(result, trace=NO_TRACE) for result in results)
    shares = tally_shares(Tally.of(untraced), players)
    flagged = with_blocks([s for s in shares if s.flagged],
                          split_blocks(untraced, CHECK_BLOCKS), players)
    names = shown_names(game, flagged)
    return [game.origin.warning(
        f"balance: {finding_words(share, names)} in {len(results)} games {where}",
        "see stamperia simulate for more games", kind=UNFAIR_WIN_RATE)
        for share in flagged]


def answerable(line_up: LineUp) -> str:
    """Which questions the line-up's game count can answer and which it cannot: the
    smallest effect it detects (80% power, corrected level) for a seat and for a value of
    each label group dealt as often as their mean, or that it cannot judge the group at
    all (and the games that would judge it)."""
    played = len(line_up.results)
    if not played:
        return ""
    seen: Counter[tuple[str, str]] = Counter()
    for result in line_up.results:
        for seat_result in result.seats:
            for group, label in seat_result.labels.items():
                if group not in NOT_CONTENT:
                    seen[group, label] += 1
    groups = sorted({group for group, _ in seen})
    fair = 1 / line_up.players
    tested = line_up.players + len(seen)
    level = FAMILY_ERROR / tested
    parts = []
    by_seat = detectable_effect(played, fair, level)
    parts.append("cannot judge seats" if by_seat >= 1 else
                 f"can detect effects of >= {100 * by_seat:.0f} points per seat")
    for group in groups:
        counts = [count for (g, _), count in seen.items() if g == group]
        dealt = sum(counts) / len(counts)
        effect = detectable_effect(round(dealt), fair, level)
        if effect < 1:
            parts.append(f"can detect effects of >= {100 * effect:.0f} points per {group}")
            continue
        needed = math.ceil(games_needed(fair, EFFECT, level) * played / dealt)
        parts.append(f"cannot judge {group} (each dealt about {dealt:.1f} times; "
                     f"+-{100 * EFFECT:.0f} points needs about {needed:,} games)")
    return f"{played} games: " + "; ".join(parts)


def _capped(game: Game, line_ups: list[LineUp],
            capped_ends: tuple[str, ...]) -> list[ContentError]:
    """Games of the purposeful seats stopped by a cap, summed over the stage: one warning
    per kind of cap. Random seats are left out: they play towards no end, so their capped
    games say nothing about whether the game converges (issue 36: a game whose random
    games never end may still end by its rules when its seats play with purpose)."""
    purposeful = [line_up for line_up in line_ups if line_up.agent != RANDOM]
    played = sum(len(line_up.results) for line_up in purposeful)
    capped: Counter[str] = Counter(r.end for line_up in purposeful for r in line_up.results
                                   if r.end in capped_ends)
    return [game.origin.warning(
        f"balance: {count} of {played} purposeful games hit their cap ({end}) instead of "
        "ending by the rules", "the game may not converge: look at what keeps it from ending",
        kind=CAPPED_GAMES)
        for end, count in sorted(capped.items())]


def _never_seen(game: Game, line_ups: list[LineUp],
                watched: Mapping[str, str]) -> list[ContentError]:
    totals: Counter[str] = Counter()
    for line_up in line_ups:
        for result in line_up.results:
            totals.update(result.counters)
    played = sum(len(line_up.results) for line_up in line_ups)
    return [game.origin.warning(
        f"balance: {what} was never played in {played} games (random and purposeful seats)",
        "check that its conditions can ever be met", kind=CARD_NEVER_PLAYED)
        for key, what in sorted(watched.items()) if totals[key] == 0]


def _note(line_up: LineUp) -> str:
    results = line_up.results
    ends = Counter(r.end for r in results)
    median = statistics.median(r.turns for r in results) if results else 0
    shown = ", ".join(f"{end} {count}" for end, count in sorted(ends.items()))
    note = f"balance {line_up.label}: {len(results)} games, median {median:g} turns, ends {shown}"
    return note if line_up.agent == RANDOM else f"{note}; {answerable(line_up)}"
