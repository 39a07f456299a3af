"""A notice, once and on stderr, that a simulation on the pure-Python engines will be slow.

A source install runs the rules engines as pure Python (compiling is opt-in); wheels from
the package index hold them compiled with mypyc, 2-9x faster, with the same results. A
user who waits minutes for a simulation should learn that, but only when it matters: the
run's length is estimated from its own first games (the time they took, scaled to the
games left), and only a run on the pure engines expected to last longer than
NOTICE_SECONDS is told. The notice goes to stderr, so the report is the same bytes with or
without it.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable

import click

NOTICE_SECONDS = 60.0
"""Runs on the pure engines estimated to take longer than this (about a minute) are told."""

Progress = Callable[[int], None]
"""Called with the number of games just finished, as the simulation runner does."""


def notice(seconds: float) -> str:
    return ("stamperia: this simulation runs on the pure-Python engines and will take about "
            f"{_duration(seconds)}; compiled engines are 2-9x faster: install stamperia from "
            "a wheel (pip install stamperia), or in a source checkout compile them with "
            "STAMPERIA_COMPILE=1 pip install .")


def _duration(seconds: float) -> str:
    if seconds < 120:
        return f"{seconds:.0f} s"
    if seconds < 2 * 3600:
        return f"{seconds / 60:.0f} min"
    return f"{seconds / 3600:.1f} h"


class SlowRunWatch:
    """A progress callback that estimates the whole run from the games finished so far and
    says the notice the first time the estimate exceeds `threshold` seconds."""

    def __init__(self, total: int, say: Callable[[str], None],
                 threshold: float = NOTICE_SECONDS,
                 clock: Callable[[], float] = time.perf_counter) -> None:
        self._total = total
        self._say = say
        self._threshold = threshold
        self._clock = clock
        self._started = clock()
        self._done = 0
        self._told = False

    def __call__(self, played: int) -> None:
        self._done += played
        if self._told or self._done <= 0 or self._done >= self._total:
            return
        estimate = (self._clock() - self._started) * self._total / self._done
        if estimate > self._threshold:
            self._told = True
            self._say(notice(estimate))


def slow_run_watch(total: int, engine: str, say: Callable[[str], None],
                   threshold: float | None = None) -> Progress | None:
    """The watch for a run of `total` games on `engine` (stamperia.rules.simulation.compiled's
    engine_kind), or None when there is nothing to tell: compiled engines are never told.
    `threshold` defaults to NOTICE_SECONDS as it is when called."""
    from stamperia.rules.simulation.compiled import PYTHON

    if engine != PYTHON:
        return None
    return SlowRunWatch(total, say, NOTICE_SECONDS if threshold is None else threshold)


def game_engine(name: str) -> str | None:
    """The engine kind a simulation of the game `name` runs on; None when the game cannot
    be simulated as it is (the run itself says why)."""
    from stamperia.content.errors import ContentProblems
    from stamperia.content.loader import load_game
    from stamperia.rules.registry import NoRuleset, ruleset_for
    from stamperia.rules.simulation.compiled import engine_kind

    try:
        make = ruleset_for(load_game(name).ruleset).simulator
    except (ContentProblems, NoRuleset):
        return None
    return None if make is None else engine_kind(make())


def tell(line: str) -> None:
    """The notice on stderr; on a terminal it first clears the progress bar's line, which
    the bar draws again at its next step."""
    click.echo(("\r\x1b[K" if sys.stderr.isatty() else "") + line, err=True)


def both(first: Progress | None, second: Progress | None) -> Progress | None:
    """One progress callback calling both (either may be None)."""
    if first is None or second is None:
        return first or second

    def call(played: int) -> None:
        first(played)
        second(played)

    return call
