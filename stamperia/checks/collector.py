"""A check's long-lived objects kept out of the cyclic garbage collector's scans.

Why: a check loads a game (thousands of model objects on a large map) and builds the rules'
tables, then makes drawings and simulated games by the hundred thousand; every full
collection walks each object still alive, so on a 3,000-territory map the collector took
~0.2 s of the check. What is alive after loading, and after the rules stage, lives until
the check ends: it is frozen (gc.freeze), so collections skip it, and a larger youngest
generation makes collections rarer. Both are undone when the check ends, and the
objects are then collected as usual; a process that froze objects of its own before is
left as it is.
"""

from __future__ import annotations

import gc
from types import TracebackType

YOUNGEST = 5000
"""Allocations between collections of the youngest generation (Python's default: 700)."""


class LongLived:
    """`with LongLived() as kept:` ... `kept.keep()` freezes what is alive now."""

    def __init__(self) -> None:
        self._active = False
        self._threshold = gc.get_threshold()

    def __enter__(self) -> LongLived:
        self._active = gc.get_freeze_count() == 0
        if self._active:
            self._threshold = gc.get_threshold()
            gc.set_threshold(max(YOUNGEST, self._threshold[0]), *self._threshold[1:])
        return self

    def keep(self) -> None:
        if self._active:
            gc.freeze()

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        if self._active:
            gc.unfreeze()
            gc.set_threshold(*self._threshold)
