"""A proposed edit for a flagged label: the value its strongest driver is worth on it.

The content is data, so the edit is a value at a JSON pointer, found without knowing the
ruleset: in the game's files, the object whose `id` is the label, and inside it the
object naming the place with a whole-number field (an objective card's entry
`{"territory": "sinis", "value": 4}`). That value scaled by the card's fair share over
its win share (lowered for a card that wins too much, raised for one that wins too
little, by at least 1) is the edit; `stamperia sweep` plays it against the current
value on the same seeds.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from stamperia.content.model import Game


@dataclass(frozen=True)
class Proposal:
    file: str
    """The file's name inside the game folder."""
    pointer: str
    current: int
    proposed: int

    @property
    def target(self) -> str:
        return f"{self.file}#{self.pointer}"

    def command(self, game: str, players: int, games: int, agents: str, seed: int) -> str:
        return (f"stamperia sweep {game} --vary '{self.target}={self.current},"
                f"{self.proposed}' --players {players} --games {games} --agents {agents} "
                f"--seed {seed}")

    def as_json(self) -> dict[str, object]:
        return {"target": self.target, "current": self.current, "proposed": self.proposed}


def _escape(key: str) -> str:
    return key.replace("~", "~0").replace("/", "~1")


def _walk(node: Any, pointer: str) -> Iterator[tuple[str, Any]]:
    yield pointer, node
    if isinstance(node, dict):
        for key, child in node.items():
            yield from _walk(child, f"{pointer}/{_escape(str(key))}")
    elif isinstance(node, list):
        for index, child in enumerate(node):
            yield from _walk(child, f"{pointer}/{index}")


def _entry(node: Any, place: str, pointer: str) -> tuple[str, int] | None:
    """Inside `node`, an object naming `place` with one whole-number field."""
    for where, child in _walk(node, pointer):
        if isinstance(child, dict) and place in child.values():
            numbers = [(k, v) for k, v in child.items()
                       if isinstance(v, int) and not isinstance(v, bool)]
            if len(numbers) == 1:
                return f"{where}/{_escape(numbers[0][0])}", numbers[0][1]
    return None


def scaled(value: int, scale: float) -> int:
    """`value` times `scale`, rounded, and moved by at least 1 the way `scale` points."""
    proposed = max(0, round(value * scale))
    if proposed == value:
        proposed = max(0, value - 1) if scale < 1 else value + 1
    return proposed


def propose(game: Game, label: str, place: str, scale: float) -> Proposal | None:
    """The whole number `place` is worth on the content object with id `label`, scaled
    (a card winning twice its fair share: scale 1/2); None when the content has no such
    value."""
    folder = Path(game.folder)
    for name in game.files:
        path = Path(name)
        if path.suffix != ".json" or path.parent != folder:
            continue
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            continue
        for where, node in _walk(data, ""):
            if isinstance(node, dict) and node.get("id") == label:
                found = _entry(node, place, where)
                if found is not None:
                    pointer, value = found
                    proposed = scaled(value, scale)
                    if proposed != value:
                        return Proposal(path.name, pointer, value, proposed)
    return None
