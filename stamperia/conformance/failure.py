"""How a conformance check fails: an AssertionError whose message says what to fix.

Raised explicitly, never by an `assert` statement, so the checks still fail under
`python -O`; pytest shows the message as the test's failure.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NoReturn

from stamperia.content.errors import ContentError

SHOWN = 20
"""Problems listed in one failure at most; more are counted."""


def fail(message: str) -> NoReturn:
    raise AssertionError(message)


def listed(problems: Iterable[ContentError]) -> str:
    """Content problems one per line, as `stamperia check` prints them."""
    lines = [problem.format() for problem in problems]
    more = len(lines) - SHOWN
    return "\n".join(lines[:SHOWN] + ([f"... and {more} more"] if more > 0 else []))
