"""`stamperia simulate` and `stamperia replay`: load, run, write records, format."""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterator, Mapping
from dataclasses import asdict, replace
from pathlib import Path
from typing import Any, TextIO

from stamperia.content.errors import ContentProblems
from stamperia.content.fingerprint import content_hash
from stamperia.content.guards import is_device_or_pipe, open_regular
from stamperia.content.loader import load_game
from stamperia.content.model import Game
from stamperia.machine import MachineError, cannot, is_disk_full, reason
from stamperia.rules.play.loop import ReplayError
from stamperia.rules.registry import NoRuleset, ruleset_for
from stamperia.rules.ruleset import ToolUsage
from stamperia.rules.simulation.compiled import engine_kind
from stamperia.rules.simulation.estimate import CostEstimate
from stamperia.rules.simulation.report import SimulationReport, tally_report
from stamperia.rules.simulation.result import GameResult, Simulator
from stamperia.rules.simulation.runner import (
    SimulationError,
    SimulationRequest,
    UnplayableContent,
    game_seed,
    play_one,
    seat_agents,
    validate,
)
from stamperia.rules.simulation.tally import Tally
from stamperia.rules.verdict.blocks import block_requests, tally_blocks, with_blocks
from stamperia.rules.verdict.targets import band_checks

RECORD_FORMAT = 2
"""Version of the record files (header and game lines); 2: one loop for every ruleset,
each game a setup line and its moves in notation (rules/play/loop.py)."""


def simulated_game(name: str) -> tuple[Game, Simulator]:
    """The game and its simulator; ContentProblems for broken content, ToolUsage when the
    ruleset has no simulator."""
    game = load_game(name)
    try:
        make_simulator = ruleset_for(game.ruleset).simulator
    except NoRuleset as error:
        raise ToolUsage(f"{game.id}: {error}") from None
    if make_simulator is None:
        raise ToolUsage(f"{game.id}: the {game.ruleset!r} ruleset has no simulator")
    return game, make_simulator()


def simulate(game: Game, simulator: Simulator, request: SimulationRequest,
             progress: Callable[[int], None] | None, blocks: int = 1,
             agent_check: bool = False,
             notice: Callable[[str], None] | None = None) -> SimulationReport:
    """The report of the request's games, played in `blocks` seed blocks
    (stamperia.rules.verdict.blocks): each flag says in how many it holds; with
    `agent_check`, the agents checked too (rules/simulation/agentcheck.py: extra games
    against random seats and a skill trace), so that the report says whether its balance
    verdict may be believed. `notice` hears of cluster workers the handshake refused."""
    try:
        played = tally_blocks(request, game, simulator, blocks, progress, notice)
        total = played.total
        report = tally_report(request, total, played.seconds, played.capped_ends)
        report = replace(with_targets(report, game, total), engine=engine_kind(simulator),
                         blocks=len(played.tallies),
                         shares=with_blocks(report.shares, played.tallies, request.players))
        return with_agent_check(game, simulator, request, report) if agent_check else report
    except UnplayableContent as error:
        raise ContentProblems(list(error.problems)) from None
    except SimulationError as error:
        raise ToolUsage(str(error)) from None


def with_targets(report: SimulationReport, game: Game, tally: Tally) -> SimulationReport:
    """The report with the game's targets beside the figures its games measured, and the
    names the game prints for its labels."""
    from stamperia.rules.verdict.page import shown_names

    return replace(report, targets=band_checks(game.targets, tally.games,
                                               report.length.median, tally.turns,
                                               tally.ends),
                   names=shown_names(game, report.shares))


ESTIMATE_FROM = 500
"""Runs of this many games or more are priced before they start (so are runs with a
search agent, and runs on a cluster)."""


def worth_estimating(request: SimulationRequest, simulator: Simulator) -> bool:
    """Whether the run is long enough to price before it starts."""
    from stamperia.rules.search.spec import SEARCH_AGENTS

    searching = any(agent.partition(":")[0] in SEARCH_AGENTS for agent in request.agents)
    return searching or request.scheduler is not None or request.games >= ESTIMATE_FROM


def estimate(game: Game, simulator: Simulator, request: SimulationRequest) -> CostEstimate:
    """The run's CPU cost from a quick calibration (rules/simulation/estimate.py)."""
    from stamperia.rules.simulation.estimate import estimate_cost

    try:
        validate(request, game, simulator)
        return estimate_cost(request, game, simulator)
    except UnplayableContent as error:
        raise ContentProblems(list(error.problems)) from None
    except SimulationError as error:
        raise ToolUsage(str(error)) from None


def with_agent_check(game: Game, simulator: Simulator, request: SimulationRequest,
                     report: SimulationReport) -> SimulationReport:
    """The report with its agents checked against random seats (and a skill trace)."""
    from stamperia.rules.simulation.agentcheck import check_agents

    return replace(report, agent_check=check_agents(game, simulator, request, report.ends))


def result_json(result: GameResult) -> dict[str, object]:
    """The result as a record holds it: without the metrics' trace, which replays need not
    rebuild."""
    data = asdict(result)
    data.pop("trace", None)
    for seat in data["seats"]:
        seat.pop("holds", None)
    return json.loads(json.dumps(data, default=dict))  # type: ignore[no-any-return]


def record_games(game: Game, simulator: Simulator, request: SimulationRequest,
                 path: Path, progress: Callable[[int], None] | None = None,
                 blocks: int = 1) -> SimulationReport:
    """Play the games in this process, in the same seed blocks as `simulate`, and write
    every one's record as JSON lines: a header (record format, game id, content hash,
    game number, seed, agents, players, variants), the engine's setup line, one line per
    decision (`{"seat": 2, "move": "<notation>"}`) or chance outcome (`{"chance":
    "<notation>"}`), then the result. Games are numbered across the blocks. `progress`
    is told of each game played."""
    try:
        validate(request, game, simulator)
    except UnplayableContent as error:
        raise ContentProblems(list(error.problems)) from None
    except SimulationError as error:
        raise ToolUsage(str(error)) from None
    lines: list[str] = []
    tallies = []
    started = time.perf_counter()
    play = simulator.bind(game)
    fingerprint = content_hash(game)
    number = 0
    seen: dict[tuple[str, str, bool], tuple[int, int]] = {}
    """(group, value, won) -> the first game (number, line) where a seat with it won/lost."""
    for sub in block_requests(request, blocks):
        tally = Tally()
        for index in range(sub.games):
            record: list[Mapping[str, object]] = []
            result = play_one(play, sub, index, record)
            tally.add(result)
            header = {"record_format": RECORD_FORMAT, "game_id": game.id,
                      "content_hash": fingerprint, "game": number,
                      "seed": game_seed(sub.seed, index),
                      "agents": list(seat_agents(sub.agents, sub.players, index)),
                      "players": sub.players, "variants": list(sub.variants)}
            _remember(seen, result, number, len(lines) + 1)
            lines.append(json.dumps(header))
            lines += [json.dumps({"game": number, **line}) for line in record]
            lines.append(json.dumps({"game": number, "result": result_json(result)},
                                    sort_keys=True))
            number += 1
            if progress is not None:
                progress(1)
        tallies.append(tally)
    seconds = time.perf_counter() - started
    _write_records(path, "\n".join(lines) + "\n")
    whole = Tally()
    for tally in tallies:
        whole.merge(tally)
    report = with_targets(tally_report(request, whole, seconds, simulator.capped_ends), game,
                          whole)
    examples = tuple((s.group, s.value, *seen[s.group, s.value, s.rate > s.fair])
                     for s in report.flagged if (s.group, s.value, s.rate > s.fair) in seen)
    return replace(report, engine=engine_kind(simulator), blocks=len(tallies),
                   shares=with_blocks(report.shares, tallies, request.players),
                   examples=examples, record=path.name)


def _remember(seen: dict[tuple[str, str, bool], tuple[int, int]], result: GameResult,
              number: int, line: int) -> None:
    """Note the game as the first example of each seat's and label's win or loss."""
    for seat, seat_result in enumerate(result.seats):
        won = seat in result.winners
        keys = [("seat", str(seat + 1))] + list(seat_result.labels.items())
        for group, value in keys:
            seen.setdefault((group, value, won), (number, line))


def write_html(report: SimulationReport, path: Path, game: Game | None = None) -> None:
    """The report as a standalone HTML page (stamperia.rules.simulation.html), written
    whole; with the game, its names as printed and its factions' colours."""
    from stamperia.rules.simulation.html import report_html
    from stamperia.rules.verdict.page import faction_colours, printed_names

    page = report_html(report) if game is None else report_html(
        report, printed_names(game), faction_colours(game))
    _write_whole(path, page, "no report was written")


def write_text_whole(path: Path, text: str) -> None:
    """Write a page through a temporary file: PATH is whole or untouched."""
    _write_whole(path, text, "nothing was written")


def _write_records(path: Path, text: str) -> None:
    _write_whole(path, text, "no record was written")


def _write_whole(path: Path, text: str, nothing: str) -> None:
    """Write through a temporary file next to PATH, so PATH is whole or untouched; never
    over a device or a pipe, which the move would replace with a file."""
    if is_device_or_pipe(path):
        raise MachineError(f"cannot write to {path}: a device or pipe, not a file; {nothing}")
    temporary = path.with_name(path.name + ".tmp")
    try:
        temporary.write_text(text, encoding="utf-8")
        temporary.replace(path)
    except OSError as error:
        temporary.unlink(missing_ok=True)
        if is_disk_full(error):
            raise MachineError(f"{reason(error)} while writing {path}; {nothing}") from None
        raise cannot("write", path, error) from None


GameLines = list[tuple[int, Mapping[str, object]]]
"""A game's record lines with their line numbers in the file."""


MAX_RECORD_LINE = 1_000_000
"""Characters in one record line: a decision or a result is a few hundred; a header with
a long agent list a few thousand."""


def _records(path: Path, headers: dict[int, Mapping[str, object]]
             ) -> Iterator[tuple[int, GameLines, Mapping[str, object] | None]]:
    """Each game as soon as its result line is read, so a broken game is replayed (and
    said) without reading the rest of a long file first; games with no result last."""
    games: dict[int, GameLines] = {}
    try:
        stream = open_regular(path)
    except OSError as error:
        raise cannot("read", path, error) from None
    with stream:
        for number, text in _lines(path, stream):
            if not text.strip():
                continue
            index, line = _record_line(path, number, text)
            if "result" in line:
                yield index, games.pop(index, []), line["result"]
            elif "seed" in line and "agents" in line:
                games.setdefault(index, [])
                headers[index] = {**line, "line": number}
            else:
                games.setdefault(index, []).append((number, line))
    for index in sorted(games):
        yield index, games[index], None


def _record_line(path: Path, number: int, text: str) -> tuple[int, dict[str, Any]]:
    """The game index and the line's other fields; a usage error naming the line for
    anything else (too long, nested too deep for the parser, not an object)."""
    if len(text) > MAX_RECORD_LINE:
        raise ToolUsage(f"{path}:{number}: a record line of {len(text):,} characters; "
                        f"stamperia writes none over {MAX_RECORD_LINE:,}")
    try:
        line = json.loads(text)
        index = int(line.pop("game"))
    except RecursionError:
        raise ToolUsage(f"{path}:{number}: not a game record line (nested too deep)") from None
    except (ValueError, KeyError, TypeError, AttributeError):
        raise ToolUsage(f"{path}:{number}: not a game record line "
                        "(written by stamperia simulate --record)") from None
    return index, line


def _lines(path: Path, stream: TextIO) -> Iterator[tuple[int, str]]:
    """Numbered lines; a file that is not text or cannot be read is said so (with no line:
    text is decoded ahead of the lines read)."""
    try:
        yield from enumerate(stream, 1)
    except UnicodeDecodeError:
        raise ToolUsage(f"{path}: not a game record file (not UTF-8 text)") from None
    except OSError as error:
        raise cannot("read", path, error) from None


def replay_file(game: Game, simulator: Simulator, path: Path) -> list[tuple[int, bool, str]]:
    """Replay every game of a record file: (index, same result as recorded, summary)."""
    return list(replay_games(game, simulator, path))


def replay_games(game: Game, simulator: Simulator, path: Path
                 ) -> Iterator[tuple[int, bool, str]]:
    """Each game's outcome as soon as it is replayed, while the file is read on."""
    headers: dict[int, Mapping[str, object]] = {}
    fingerprint = content_hash(game)
    for index, numbered, expected in _records(path, headers):
        header = headers.get(index, {})
        recorded_for = header.get("game_id")
        if recorded_for is not None and recorded_for != game.id:
            yield index, False, f"recorded for {recorded_for}, not {game.id}"
            continue
        version = header.get("record_format", 1)
        if version != RECORD_FORMAT:
            at = header.get("line", numbered[0][0] if numbered else 1)
            yield index, False, (f"cannot replay: line {at}: a record of format {version}; "
                                 f"this version replays format {RECORD_FORMAT}: record the "
                                 "games again")
            continue
        lines = [line for _, line in numbered]
        try:
            result = simulator.replay(game, lines)
        except ReplayError as error:
            at = numbered[min(error.line, len(numbered)) - 1][0] if numbered else 1
            yield index, False, f"cannot replay: line {at}: {error.message}"
            continue
        except (ValueError, KeyError, IndexError) as error:
            yield index, False, f"cannot replay: {error}"
            continue
        same = expected is None or result_json(result) == expected
        winners = ",".join(str(w + 1) for w in result.winners) or "none"
        changed = header.get("content_hash", fingerprint) != fingerprint
        yield index, same, (f"end {result.end}, winners {winners}, {result.turns} turns, "
                            f"{result.steps} steps"
                            + ("; the content changed since it was recorded"
                               if changed else ""))
