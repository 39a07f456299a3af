"""SGRUNT's land borders against the public facts (tests/fixtures/sgrunt_facts.json).

Run it to see the differences: `python tests/sgruntfacts.py [board.json]`.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

FACTS = Path(__file__).parent / "fixtures" / "sgrunt_facts.json"
BOARD = Path(__file__).parent.parent / "content" / "games" / "sgrunt" / "board.json"


@dataclass(frozen=True)
class Facts:
    on_board: Mapping[str, tuple[str, ...]]
    complete: Mapping[str, tuple[str, ...]]
    partial: Mapping[str, tuple[str, ...]]

    def pairs(self) -> set[frozenset[str]]:
        """Every pair of regions the facts say border each other (in either direction)."""
        return {frozenset((a, b)) for listed in (self.complete, self.partial)
                for a, names in listed.items() for b in names}


def load_facts(path: Path = FACTS) -> Facts:
    data = json.loads(path.read_text(encoding="utf-8"))
    return Facts({k: tuple(v) for k, v in data["on_board"].items()},
                 {k: tuple(v) for k, v in data["complete"].items()},
                 {k: tuple(v) for k, v in data["partial"].items()})


def compare(borders: Iterable[Sequence[str]], facts: Facts
            ) -> tuple[list[tuple[str, str]], list[tuple[str, str]]]:
    """(missing, extra): fact borders between regions on the board that no board border
    gives (as pairs of region names), and board borders that a complete box rules out
    (as pairs of territory ids)."""
    board = {frozenset(b) for b in borders}
    known = facts.pairs()
    wanted: dict[tuple[str, str], set[frozenset[str]]] = {}
    for a, b in sorted(tuple(sorted(p)) for p in known):
        options = {frozenset((x, y)) for x in facts.on_board[a] for y in facts.on_board[b]}
        if options and not options & board:
            wanted[(a, b)] = options
    # Gerrei–Ogliastra implies Sarrabus-Gerrei–Ogliastra: count such a border once.
    missing = [fact for fact, options in wanted.items()
               if not any(other < options for other in wanted.values())]
    regions: dict[str, set[str]] = {}
    for name, ids in facts.on_board.items():
        for territory in ids:
            regions.setdefault(territory, set()).add(name)
    extra = []
    for x, y in sorted(tuple(sorted(b)) for b in board):
        if x not in regions or y not in regions or regions[x] & regions[y]:
            continue
        boxed = any(name in facts.complete for name in regions[x] | regions[y])
        if boxed and not any(frozenset((a, b)) in known for a in regions[x]
                             for b in regions[y]):
            extra.append((x, y))
    return missing, extra


def board_borders(path: Path = BOARD) -> list[list[str]]:
    data = json.loads(path.read_text(encoding="utf-8"))
    borders: list[list[str]] = data["borders"]
    return borders


def main(argv: list[str]) -> int:
    path = Path(argv[1]) if len(argv) > 1 else BOARD
    missing, extra = compare(board_borders(path), load_facts())
    print(f"missing {len(missing)}:")
    for a, b in missing:
        print(f"  {a} – {b}")
    print(f"extra {len(extra)}:")
    for a, b in extra:
        print(f"  {a} – {b}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
