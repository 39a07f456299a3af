"""stamperia.generator.draw.memo: a drawing made from one content object is made once per object."""

from __future__ import annotations

from dataclasses import dataclass

from stamperia.generator.draw.memo import per_object


@dataclass(frozen=True)
class Thing:
    name: str


def test_the_same_object_and_arguments_are_drawn_once() -> None:
    calls: list[tuple[str, int]] = []

    @per_object(2)
    def draw(thing: Thing, size: int) -> tuple[str, int]:
        calls.append((thing.name, size))
        return thing.name, size

    first, equal_but_other = Thing("a"), Thing("a")
    assert draw(first, 1) == draw(first, 1) == ("a", 1)
    assert calls == [("a", 1)]
    assert draw(equal_but_other, 1) == ("a", 1)  # known by identity, not by value
    assert draw(first, 2) == ("a", 2)
    assert calls == [("a", 1), ("a", 1), ("a", 2)]
    draw(first, 1)  # two entries kept: (first, 1) was the least recently used, so it went
    assert calls[-1] == ("a", 1) and len(calls) == 4
