"""Tune a conquest game's objective cards: how SGRUNT's and MUGRUGNI's were made (issue 36).

Three steps, each a subcommand; docs/rulesets/conquest.md ("Objective cards") gives the
figures they produced.

    python tools/tune_objectives.py stratify GAME --seed 11
    python tools/tune_objectives.py record GAME --games 40000 --seed 1001 --out games.json
    python tools/tune_objectives.py fit GAME games.json --write

- stratify: each card lists about half of every zone's territories, and the cards come in
  complementary pairs (each pair covers the map once, so every territory is on half the
  cards). Every card then reaches as far as every other: no card is one corner of the map
  that one playing style takes more easily. The values start at each territory's old value.
- record: plays the games with greedy and heuristic:aggressive in every seat at every player
  count and writes, per game, how it ended, the winners and each seat's card, conquest
  points and territories held. Use a seed the verdict will not use (bench/balance_verdict.py
  uses 1): values fitted on the verdict's own games would only fit their noise.
- fit: finds integer values (1..9: one digit fits the mini-map's bubble) for every
  territory of every card that make each card's win share its fair share, for both styles
  and every player count. It needs no new games: the greedy and heuristic players never
  read a value (they weigh which territories are on the card, not what they are worth), so
  a value changes who wins a game ended on points, never how it was played, and each
  recorded game is re-scored exactly. It minimises the
  expected number of cards a 4,000-game report would flag (Holm at 1% over about 25 tests:
  |z| > 3.52), smoothed (winners as a softmax of the scores, Adam, then rounded and
  polished a value at a time). --write rewrites objectives.json.

Needs numpy and scipy besides stamperia (pip install numpy scipy); not a stamperia
dependency, as only a designer tuning cards runs it.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
from pathlib import Path
from typing import Any

STYLES = ("greedy", "heuristic:aggressive")
THRESHOLD = 3.52
"""|z| a 4,000-game report flags at: Holm at 1% familywise over about 25 groups."""
VERDICT_GAMES = 4000
LOWEST, HIGHEST = 1, 9
"""A value prints in a bubble on the card's mini-map: one digit fits at every card size."""


def _folder(game: str) -> Path:
    from stamperia.content.locate import game_folder

    return Path(game_folder(game))


def _write_objectives(path: Path, document: dict[str, Any]) -> None:
    """The shipped files' layout: one territory a line, a card's id on its first."""
    lines = ["{"]
    head = [f'  "{key}": {json.dumps(value)},' for key, value in document.items()
            if key != "cards"]
    lines += head + ['  "cards": [']
    cards = document["cards"]
    for index, card in enumerate(cards):
        entries = card["territories"]
        lines.append(f'    {{"id": "{card["id"]}",')
        lines.append('     "territories": [')
        for number, entry in enumerate(entries):
            comma = "," if number < len(entries) - 1 else ""
            lines.append(f'       {{"territory": "{entry["territory"]}", '
                         f'"value": {entry["value"]}}}{comma}')
        lines.append("     ]}" + ("," if index < len(cards) - 1 else ""))
    lines += ["  ]", "}"]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def stratify(game: str, seed: int) -> None:
    folder = _folder(game)
    board = json.loads((folder / "board.json").read_text(encoding="utf-8"))
    path = folder / "objectives.json"
    document = json.loads(path.read_text(encoding="utf-8"))
    old = {e["territory"]: e["value"] for c in document["cards"] for e in c["territories"]}
    zones: dict[str, list[str]] = {}
    for territory in board["territories"]:
        zones.setdefault(territory["zone"], []).append(territory["id"])
    everything = frozenset(t for ts in zones.values() for t in ts)
    odd = [zone for zone, ts in zones.items() if len(ts) % 2]
    rng = random.Random(seed)
    taken: set[frozenset[str]] = set()
    lists: list[list[str]] = []
    while len(lists) < len(document["cards"]):
        larger = set(rng.sample(odd, len(odd) // 2))
        half = frozenset(t for zone, ts in zones.items()
                         for t in rng.sample(ts, len(ts) // 2 + (zone in larger)))
        if half in taken:
            continue
        taken |= {half, everything - half}
        lists += [sorted(half), sorted(everything - half)]
    for card, territories in zip(document["cards"], lists, strict=False):
        card["territories"] = [{"territory": t, "value": old.get(t, 3)} for t in territories]
    _write_objectives(path, document)
    print(f"{path}: {len(document['cards'])} cards of "
          f"{sorted({len(c['territories']) for c in document['cards']})} territories")


def record(game: str, games: int, seed: int, workers: int, out: Path) -> None:
    from stamperia.content.loader import load_game
    from stamperia.rules.registry import simulators
    from stamperia.rules.simulation.runner import SimulationRequest, run

    model = load_game(game)
    simulator = simulators()[model.ruleset]
    players = json.loads((_folder(game) / "game.json").read_text(encoding="utf-8"))["players"]
    data: dict[str, list[Any]] = {}
    for style in STYLES:
        for count in range(players["min"], players["max"] + 1):
            done = run(SimulationRequest(game, count, games, seed, (style,), workers=workers),
                       model, simulator)
            data[f"{style}|{count}"] = [
                [g.end, list(g.winners), g.turns,
                 [[s.labels["objective"], s.score_parts["conquests"], list(s.holds)]
                  for s in g.seats]] for g in done.results]
            print(f"{style} {count} players: {games} games, {done.seconds:.0f} s", flush=True)
    out.write_text(json.dumps(data), encoding="utf-8")


class Fit:
    """The recorded games as sparse matrices: a seat's score is its conquest points plus
    the values of the card territories it holds, i.e. a row of `held` times the values."""

    def __init__(self, document: dict[str, Any], data: dict[str, list[Any]]) -> None:
        import numpy as np
        import scipy.sparse as sparse

        self.np = np
        self.index = {(c["id"], e["territory"]): 0 for c in document["cards"]
                      for e in c["territories"]}
        for number, place in enumerate(self.index):
            self.index[place] = number
        self.cards = [c["id"] for c in document["cards"]]
        card_number = {card: n for n, card in enumerate(self.cards)}
        self.scale = math.sqrt(max(len(g) for g in data.values()) / VERDICT_GAMES)
        self.configs: list[tuple[str, int, Any, Any, Any, Any, Any, Any]] = []
        for key, games in data.items():
            seats = int(key.split("|")[1])
            on_points = [g for g in games if g[0] != "objective"]
            rows: list[int] = []
            columns: list[int] = []
            conquests = np.zeros(len(on_points) * seats)
            territories = np.zeros(len(on_points) * seats)
            owner = np.zeros(len(on_points) * seats, dtype=int)
            for number, (_, _, _, seat_list) in enumerate(on_points):
                for seat, (card, points, holds) in enumerate(seat_list):
                    row = number * seats + seat
                    conquests[row], territories[row] = points, len(holds)
                    owner[row] = card_number[card]
                    for territory in holds:
                        column = self.index.get((card, territory))
                        if column is not None:
                            rows.append(row)
                            columns.append(column)
            held = sparse.csr_matrix((np.ones(len(rows)), (rows, columns)),
                                     shape=(len(on_points) * seats, len(self.index)))
            fixed = np.zeros(len(self.cards))
            dealt = np.zeros(len(self.cards))
            for end, winners, _, seat_list in games:
                for card, _, _ in seat_list:
                    dealt[card_number[card]] += 1
                if end == "objective":
                    for seat in winners:
                        fixed[card_number[seat_list[seat][0]]] += 1 / len(winners)
            self.configs.append((key, seats, held, conquests, territories, owner, fixed,
                                 dealt))

    def z(self, values: Any) -> Any:
        """Each card's win share minus its fair share, in standard errors, per line-up."""
        np = self.np
        found = []
        for _, seats, held, conquests, territories, owner, fixed, dealt in self.configs:
            score = (conquests + held @ values).reshape(-1, seats) * 1000 \
                + territories.reshape(-1, seats)
            wins = (score == score.max(axis=1, keepdims=True)).astype(float)
            wins /= wins.sum(axis=1, keepdims=True)
            total = fixed + np.bincount(owner, weights=wins.ravel(), minlength=len(self.cards))
            fair = 1 / seats
            found.append((total / dealt - fair) / np.sqrt(fair * (1 - fair) / dealt))
        return np.array(found)

    def risk(self, z: Any) -> float:
        """Expected flags over the verdict's reports: each card and line-up's chance of
        |z| above the threshold in a 4,000-game report."""
        return float(sum(0.5 * math.erfc((THRESHOLD - abs(x) / self.scale) / math.sqrt(2))
                         for x in z.ravel()))

    def loss(self, values: Any) -> float:
        z = self.z(values)
        return float((z ** 2).sum() / 100) + 100 * self.risk(z)

    def smooth_step(self, values: Any, temperature: float) -> Any:
        """The gradient of the loss with winners as a softmax of the scores."""
        np = self.np
        gradient = np.zeros_like(values)
        for _, seats, held, conquests, territories, owner, fixed, dealt in self.configs:
            x = (conquests + held @ values + 0.01 * territories).reshape(-1, seats)
            x = (x - x.max(axis=1, keepdims=True)) / temperature
            chance = np.exp(x)
            chance /= chance.sum(axis=1, keepdims=True)
            fair = 1 / seats
            spread = np.sqrt(fair * (1 - fair) / dealt)
            total = fixed + np.bincount(owner, weights=chance.ravel(),
                                        minlength=len(self.cards))
            z = (total / dealt - fair) / spread
            inside = np.abs(z) / self.scale - THRESHOLD
            dz = 2 * z / 100 + 100 * np.sign(z) / self.scale \
                * np.exp(-inside * inside / 2) / math.sqrt(2 * math.pi)
            weight = (dz / (dealt * spread))[owner].reshape(-1, seats)
            dx = chance * (weight - (weight * chance).sum(axis=1, keepdims=True)) / temperature
            gradient += held.T @ dx.ravel()
        return gradient


def fit(game: str, recorded: list[Path], steps: int, settle: float, polish: int,
        ridge: float, holdout: Path | None, write: bool) -> None:
    import numpy as np

    path = _folder(game) / "objectives.json"
    document = json.loads(path.read_text(encoding="utf-8"))
    data: dict[str, list[Any]] = {}
    for file in recorded:
        for key, games in json.loads(file.read_text(encoding="utf-8")).items():
            data.setdefault(key, []).extend(games)
    tuner = Fit(document, data)
    check = None if holdout is None else Fit(
        document, json.loads(holdout.read_text(encoding="utf-8")))
    values = np.zeros(len(tuner.index))
    for card in document["cards"]:
        for entry in card["territories"]:
            values[tuner.index[(card["id"], entry["territory"])]] = entry["value"]
    print(f"before: expected flags {tuner.risk(tuner.z(values)):.3f}")
    start = values.copy()
    first = np.zeros_like(values)
    second = np.zeros_like(values)
    for step in range(steps):
        temperature = 3.0 * (settle / 3.0) ** (step / max(1, steps - 1))
        gradient = tuner.smooth_step(values, temperature) + 2 * ridge * (values - start)
        first = 0.9 * first + 0.1 * gradient
        second = 0.999 * second + 0.001 * gradient * gradient
        values -= 0.05 * (first / (1 - 0.9 ** (step + 1))) \
            / (np.sqrt(second / (1 - 0.999 ** (step + 1))) + 1e-8)
        values = np.clip(values, LOWEST, HIGHEST)
    values = np.round(values)
    best = tuner.loss(values) + ridge * float(((values - start) ** 2).sum())
    order = list(range(len(values)))
    for _ in range(polish):  # one value at a time on the exact loss, while it falls
        random.Random(1).shuffle(order)
        moved = 0
        for column in order:
            for change in (1, -1):
                if not LOWEST <= values[column] + change <= HIGHEST:
                    continue
                values[column] += change
                now = tuner.loss(values) + ridge * float(((values - start) ** 2).sum())
                if now < best - 1e-9:
                    best, moved = now, moved + 1
                    break
                values[column] -= change
        if not moved:
            break
    z = tuner.z(values)
    print("card            " + " ".join(f"{k.split('|')[0][:6]}{k.split('|')[1]:>2}"
                                        for k, *_ in tuner.configs))
    for number, card in enumerate(tuner.cards):
        print(f"{card:15s} " + " ".join(f"{x:+8.1f}" for x in z[:, number]))
    print(f"after: expected flags {tuner.risk(z):.3f} (z in standard errors of the recorded "
          f"games; divide by {tuner.scale:.2f} for a 4,000-game report)")
    if check is not None:
        held = check.z(values)
        print(f"held-out games: expected flags {check.risk(held):.3f}, largest |z| "
              f"{abs(held).max() / check.scale:.2f} in a 4,000-game report's units")
    for card in document["cards"]:
        for entry in card["territories"]:
            entry["value"] = int(values[tuner.index[(card["id"], entry["territory"])]])
    totals = [sum(e["value"] for e in c["territories"]) for c in document["cards"]]
    print(f"card totals {min(totals)}..{max(totals)}")
    if write:
        document["max_total_spread"] = max(totals) - min(totals)
        _write_objectives(path, document)
        print(f"wrote {path}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    make = commands.add_parser("stratify")
    make.add_argument("game")
    make.add_argument("--seed", type=int, default=1)
    play = commands.add_parser("record")
    play.add_argument("game")
    play.add_argument("--games", type=int, default=40000)
    play.add_argument("--seed", type=int, default=1001)
    play.add_argument("--workers", type=int, default=2)
    play.add_argument("--out", type=Path, required=True)
    tune = commands.add_parser("fit")
    tune.add_argument("game")
    tune.add_argument("recorded", type=Path, nargs="+")
    tune.add_argument("--steps", type=int, default=600)
    tune.add_argument("--settle", type=float, default=0.5,
                      help="the softmax's last temperature, in points")
    tune.add_argument("--polish", type=int, default=0,
                      help="rounds of one-value moves on the exact loss (fits noise)")
    tune.add_argument("--ridge", type=float, default=0.0,
                      help="weight of the squared change from the current values")
    tune.add_argument("--holdout", type=Path, help="recorded games to judge the fit on")
    tune.add_argument("--write", action="store_true")
    args = parser.parse_args()
    if args.command == "stratify":
        stratify(args.game, args.seed)
    elif args.command == "record":
        record(args.game, args.games, args.seed, args.workers, args.out)
    else:
        fit(args.game, args.recorded, args.steps, args.settle, args.polish, args.ridge,
            args.holdout, args.write)
    return 0


if __name__ == "__main__":
    sys.exit(main())
