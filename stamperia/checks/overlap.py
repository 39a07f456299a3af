"""One piece of work run in a forked child while this process goes on with another.

Why: a check's balance stage (whole simulated games) and its text-fit stage (drawing and
measuring every card) need nothing from each other, and a CI runner has two cores or
more. The child is a fork, so it starts at once with everything this process has loaded
and computes exactly what this process would; its result comes back pickled. Where there
is no fork (Windows; macOS, where forking a process that has loaded system frameworks is
unsafe), a single core, or a child that dies or cannot send its result, the work runs
here instead: the result never depends on which way it ran.
"""

from __future__ import annotations

import gc
import os
import sys
from collections.abc import Callable
from typing import Generic, TypeVar

T = TypeVar("T")


def _cores() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        return os.cpu_count() or 1


def can_fork() -> bool:
    """Whether work may run in a forked child here: Linux, two cores or more."""
    return sys.platform.startswith("linux") and hasattr(os, "fork") and _cores() > 1


class Overlapped(Generic[T]):
    """`work()`, started now in a child process (or run now, here, when it cannot be);
    `result()` waits for it. The work must not raise: it returns its failures."""

    def __init__(self, work: Callable[[], T], fork: bool = True) -> None:
        self._work = work
        self._pid = -1
        self._read = -1
        self._done: tuple[T] | None = None
        if not (fork and can_fork()):
            self._done = (work(),)
            return
        import pickle  # here, not at start-up (a check without this stage never needs it);
        # before the fork, so the child has it already

        read, write = os.pipe()
        try:
            pid = os.fork()
        except OSError:
            os.close(read)
            os.close(write)
            self._done = (work(),)
            return
        if pid == 0:  # the child: compute, send, and leave without running any cleanup
            os.close(read)
            status = 1
            try:
                # Its collector leaves alone what the parent made: walking those objects
                # would copy every page the two still share.
                gc.freeze()
                data = pickle.dumps(work(), pickle.HIGHEST_PROTOCOL)
                with os.fdopen(write, "wb") as pipe:
                    pipe.write(data)
                status = 0
            finally:
                os._exit(status)
        os.close(write)
        self._pid, self._read = pid, read

    def result(self) -> T:
        if self._done is None:
            import pickle

            with os.fdopen(self._read, "rb") as pipe:
                data = pipe.read()
            _, status = os.waitpid(self._pid, 0)
            # our own child's bytes; if it died, the same work here
            value: T = pickle.loads(data) if status == 0 and data else self._work()
            self._done = (value,)
        return self._done[0]
