"""Exact odds of one roll, by enumerating every die face (a whole battle is in
whole_battle.py), and the dice bonus of the cards. Fractions, never sampling.

Rules (SGRUNT / MUGRUGNI): the attacker rolls up to 3 dice and never more than its boars
minus one; the defender up to 3; dice are compared highest against highest and ties go to
the defender. Card bonuses come from content (`dice_bonus` effects): +N to every die of the
first roll, or +N to the highest die of every roll of the battle. Both sides are assumed to
roll as many dice as they may; the attacker keeps attacking while it has 2 or more boars.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from typing import Final

from stamperia.content.rulesets.conquest.model import Effect

MAX_DICE: Final = 3
SIDES: Final = 6


@dataclass(frozen=True)
class DiceBonus:
    """What cards add to one side's dice: to every die or to the highest, on the first roll
    of the battle or on every roll."""

    all_first: int = 0
    all_every: int = 0
    highest_first: int = 0
    highest_every: int = 0

    def on_roll(self, first: bool) -> tuple[int, int]:
        """(added to every die, added to the highest die) on this roll."""
        return (self.all_every + (self.all_first if first else 0),
                self.highest_every + (self.highest_first if first else 0))


NO_BONUS: Final = DiceBonus()


def bonus_from_effects(effects: Iterable[Effect], side: str) -> DiceBonus:
    """The dice bonus a card's effects give to `side` ('attacker' or 'defender')."""
    totals = {"all_first": 0, "all_every": 0, "highest_first": 0, "highest_every": 0}
    for effect in effects:
        if effect.type == "dice_bonus" and effect.params["side"] == side:
            when = "first" if effect.params["duration"] == "first_roll" else "every"
            totals[f"{effect.params['dice']}_{when}"] += effect.int_param("amount")
    return DiceBonus(totals["all_first"], totals["all_every"], totals["highest_first"],
                     totals["highest_every"])


Losses = tuple[int, int]



def _top_faces(dice: int, bonus_all: int, bonus_highest: int, keep: int
               ) -> dict[tuple[int, ...], int]:
    """How many of the 6^dice rolls give each of the `keep` highest values, bonuses added:
    only the dice compared matter, and collapsing the rest keeps the enumeration small.
    (A dict and no augmented item assignments, `sorted` with no keyword: compiled, a
    Counter's `+=` and a keyword call are generic Python operations, and the tables of a
    simulation's first games are built here.)"""
    counts: dict[tuple[int, ...], int] = {}
    for roll in itertools.product(range(1, SIDES + 1), repeat=dice):
        ordered = sorted(roll)  # ascending: the highest `keep` are read from the end
        last = len(ordered) - 1
        top = [ordered[last - i] + bonus_all for i in range(keep)]
        top[0] = top[0] + bonus_highest
        key = tuple(top)
        counts[key] = counts.get(key, 0) + 1
    return counts


Faces = dict[tuple[int, int, int, int], dict[tuple[int, ...], int]]
"""`_top_faces` by its arguments, kept by whoever builds many roll tables."""


def roll_counts(attack_dice: int, defence_dice: int, attacker: tuple[int, int],
                defender: tuple[int, int], faces: Faces | None = None
                ) -> list[tuple[Losses, int]]:
    """Each (attacker losses, defender losses) of one roll, in order, with how many of the
    6^(attack_dice + defence_dice) rolls give it; a side's bonus is (added to every die,
    added to the highest). Integers only: the engine's roll tables are built from these,
    and a Fraction per outcome pair cost more than a short simulation's games. `faces`
    keeps each side's enumeration for the next table (an engine builds some 80)."""
    compared = min(attack_dice, defence_dice)
    if faces is None:
        faces = {}
    attack = _faces(faces, attack_dice, attacker[0], attacker[1], compared)
    defence = _faces(faces, defence_dice, defender[0], defender[1], compared)
    counts = [0] * (compared + 1)  # by attacker losses; the defender loses the rest
    for a_roll, a_count in attack.items():
        for d_roll, d_count in defence.items():
            lost_a = 0
            for i in range(compared):
                if a_roll[i] <= d_roll[i]:
                    lost_a += 1
            counts[lost_a] = counts[lost_a] + a_count * d_count  # not +=: boxed compiled
    return [((lost_a, compared - lost_a), count) for lost_a, count in enumerate(counts)
            if count]


def _faces(faces: Faces, dice: int, bonus_all: int, bonus_highest: int, keep: int
           ) -> dict[tuple[int, ...], int]:
    key = (dice, bonus_all, bonus_highest, keep)
    found = faces.get(key)
    if found is None:
        found = faces[key] = _top_faces(dice, bonus_all, bonus_highest, keep)
    return found


class BattleCalculator:
    """Memoises roll distributions for one pair of bonuses."""

    def __init__(self, attacker: DiceBonus, defender: DiceBonus) -> None:
        self.attacker = attacker
        self.defender = defender
        self._rolls: dict[tuple[int, int, bool], dict[Losses, Fraction]] = {}

    def roll(self, attack_dice: int, defence_dice: int, first: bool) -> dict[Losses, Fraction]:
        """Distribution of (attacker losses, defender losses) of one roll."""
        key = (attack_dice, defence_dice, first)
        if key not in self._rolls:
            total = SIDES ** (attack_dice + defence_dice)
            self._rolls[key] = {losses: Fraction(count, total) for losses, count in roll_counts(
                attack_dice, defence_dice, self.attacker.on_roll(first),
                self.defender.on_roll(first))}
        return self._rolls[key]

    def counts(self, attack_dice: int, defence_dice: int, first: bool
               ) -> tuple[tuple[int, int, int], ...]:
        """The roll as integers: (attacker losses, defender losses, count out of
        6^(attack_dice + defence_dice)), for the dynamic programme."""
        total = SIDES ** (attack_dice + defence_dice)
        return tuple((lost_a, lost_d, int(chance * total)) for (lost_a, lost_d), chance
                     in self.roll(attack_dice, defence_dice, first).items())


class UnknownCard(LookupError):
    """A card name that no deck holds, or one that gives this side no dice bonus."""


def card_bonus(cards: Iterable[tuple[str, str, tuple[Effect, ...]]], name: str, side: str
               ) -> tuple[str, DiceBonus]:
    """The bonus of the card called `name` (id or printed name) for `side`.

    `cards` are (id, printed name, effects); the result names the card as printed.
    """
    usable = [(card_id, printed, effects) for card_id, printed, effects in cards
              if bonus_from_effects(effects, side) != DiceBonus()]
    wanted = name.casefold()
    for card_id, printed, effects in usable:
        if wanted in (card_id.casefold(), printed.casefold()):
            return printed, bonus_from_effects(effects, side)
    choices = ", ".join(sorted({card_id for card_id, _, _ in usable}))
    raise UnknownCard(f"no card {name!r} gives the {side} a dice bonus: choose from {choices}")
