"""Remembering what was drawn from one content object, by that object's identity.

Why: a check draws the same board for every locale and again for the kit, and each
objective card draws it once more. functools.lru_cache would key on the board's value,
and hashing a frozen board of thousands of territories costs more than some drawings.
Here the first argument is known by identity (the entry holds it, so its id stays its
own), the others by value; a few entries are kept, the least recently used go first.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable
from functools import wraps
from typing import Any, TypeVar, cast

F = TypeVar("F", bound=Callable[..., Any])


def per_object(entries: int, objects: int = 1) -> Callable[[F], F]:
    """Decorate a pure function whose first `objects` arguments are immutable objects
    known by identity (a content object; the wording a kit was given), called with
    positional arguments (read the result only: it is shared by every caller with the
    same arguments)."""

    def decorate(function: F) -> F:
        kept: OrderedDict[tuple[Any, ...], tuple[tuple[object, ...], Any]] = OrderedDict()

        @wraps(function)
        def remembered(*args: Any) -> Any:
            known, rest = args[:objects], args[objects:]
            key = (*map(id, known), rest)
            found = kept.get(key)
            if found is not None and all(a is b for a, b in zip(found[0], known, strict=True)):
                kept.move_to_end(key)
                return found[1]
            result = function(*args)
            kept[key] = (known, result)
            if len(kept) > entries:
                kept.popitem(last=False)
            return result

        return cast(F, remembered)

    return decorate
