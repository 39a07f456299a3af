"""Positions for the rulebook tests of SGRUNT and MUGRUGNI (test_sgrunt_rulebook.py,
test_mugrugni_rulebook.py): a whole table written as the public position JSON, so each
test states only what its rule needs and plays through POSITIONS alone."""

from __future__ import annotations

import itertools
import json
import random
from collections import Counter
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

from stamperia.content.model import Game
from stamperia.content.rulesets.conquest.model import Conquest
from stamperia.rules.conquest.positions import POSITIONS, ConquestPosition, validate_position
from stamperia.rules.positions import CHANCE

COLOUR = 70
"""Boars of one colour: "350 cinghiali (5 colori diversi)"."""


def territories(game: Game) -> list[str]:
    board = game.part(Conquest).board
    assert board is not None
    return [t.id for t in board.territories]


def zone_of(game: Game) -> dict[str, str]:
    board = game.part(Conquest).board
    assert board is not None
    return {t.id: t.zone for t in board.territories}


def table(game: Game, owners: Mapping[str, tuple[int, int]], *, players: int = 3,
          phase: str = "attack", stage: str = "attack", to_move: int | str = 0,
          active: int = 0, event: str = "calma_apparente", round_: int = 1,
          hands: Mapping[int, Sequence[str]] | None = None,
          played: Sequence[int] = (), pile: Sequence[str] | None = None,
          extra_rounds: bool = False, scorza_dura: bool = False) -> dict[str, Any]:
    """A position with `owners` (territory: (seat, boars)); every other territory goes to
    seats 1.. in turn by board order with one boar, so no seat other than those named
    holds a whole zone. `pile` is the event pile, top first (default: the rest of the
    deck after `event`)."""
    data: dict[str, Any] = json.loads(json.dumps(POSITIONS.opening(game, players, 1)))
    factions = [p["faction"] for p in data["players"]]
    others = itertools.cycle(range(1, players))
    board: dict[str, dict[str, Any]] = {}
    for t in territories(game):
        seat, boars = owners[t] if t in owners else (next(others), 1)
        board[t] = {"owner": factions[seat], "pieces": boars}
    data["territories"] = board
    hands = hands or {}
    for seat, player in enumerate(data["players"]):
        on_board = sum(b["pieces"] for b in board.values() if b["owner"] == factions[seat])
        cards = player["hand"] + player["deck"] + player["discards"]
        hand = list(hands.get(seat, ()))
        for card in hand:
            cards.remove(card)
        player.update(reserve=COLOUR - on_board, setup_left=0, hand=hand, deck=cards,
                      discards=[], played_card=seat in played, conquests=0)
    deck = list(data["events"])
    if pile is None:
        deck.remove(event)
        pile = deck
    mover = to_move if isinstance(to_move, str) else factions[to_move]
    data.update(events=list(pile), event=event, round=round_, active=factions[active],
                to_move=mover, phase=phase, stage=stage, tasks=[], truces=[],
                attacks_made=0, conquests_this_turn=0, battle=None, move_route=None,
                extra_rounds=extra_rounds, scorza_dura=scorza_dura)
    return data


def read(game: Game, data: Mapping[str, Any]) -> ConquestPosition:
    return validate_position(game, json.dumps(data, indent=2), "position.json")


def play(game: Game, data: Mapping[str, Any], *moves: str) -> dict[str, Any]:
    """The position after `moves`, written back as JSON."""
    position = read(game, data)
    for move in moves:
        position = POSITIONS.apply(game, position, move, random.Random(0))
    written = POSITIONS.write(game, position)
    assert isinstance(written, dict)
    return written


def legal(game: Game, data: Mapping[str, Any]) -> tuple[str, ...]:
    return POSITIONS.legal(game, read(game, data)).moves


def chance(game: Game, data: Mapping[str, Any]) -> dict[str, Fraction]:
    found = POSITIONS.legal(game, read(game, data))
    assert found.to_move == CHANCE
    return {o.move: Fraction(o.probability) for o in found.chance}


def faction(data: Mapping[str, Any], seat: int) -> str:
    name: str = data["players"][seat]["faction"]
    return name


def rulebook_roll(attack: int, defence: int, attack_all: int = 0, attack_top: int = 0,
                  defence_all: int = 0, defence_top: int = 0) -> dict[str, Fraction]:
    """"si confrontano ... dal più alto al più basso"; higher attacker die: the defender
    loses one; "In caso di valore uguale tra i dadi, sarà sempre il giocatore in attacco a
    perdere". Cards: +1 to every die (Carica, Barricata) or to the highest (Zannata,
    Scorza dura)."""
    counts: Counter[str] = Counter()
    for dice in itertools.product(range(1, 7), repeat=attack + defence):
        a = sorted(dice[:attack], reverse=True)
        d = sorted(dice[attack:], reverse=True)
        a = [x + attack_all for x in a]
        d = [x + defence_all for x in d]
        a[0] += attack_top
        d[0] += defence_top
        pairs = list(zip(a[:defence], d[:attack], strict=True))  # as many as the fewer dice
        lost_a = sum(1 for x, y in pairs if x <= y)
        lost_d = len(pairs) - lost_a
        counts[f"outcome {lost_a}-{lost_d}"] += 1
    total = 6 ** (attack + defence)
    return {move: Fraction(n, total) for move, n in counts.items()}


def battle(game: Game, origin: str, target: str, attackers: int, defenders: int,
           dice: int, *, attacker_card: str | None = None,
           defender_card: str | None = None, rolls: int = 0) -> dict[str, Any]:
    """Seat 0 attacks from `origin` into seat 1's `target`; the defender is to declare
    its dice. Cards were played at the battle's first roll."""
    data = table(game, {origin: (0, attackers), target: (1, defenders)}, phase="defend",
                 to_move=1)
    fought: dict[str, Any] = {"from": origin, "to": target, "defender": faction(data, 1),
                              "dice": dice, "attacker_card": attacker_card,
                              "defender_card": defender_card, "rolls": rolls}
    for seat, card, key in ((0, attacker_card, "attacker_card_roll"),
                            (1, defender_card, "defender_card_roll")):
        if card:
            player = data["players"][seat]
            player["deck"].remove(card)
            player.update(discards=[card], played_card=True)
            fought[key] = 0
    data.update(battle=fought, attacks_made=1)
    return data
