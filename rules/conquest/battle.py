"""Exact battle odds: one roll by enumerating every die face, a whole battle as a Markov
chain over (attackers, defenders). Fractions, never sampling.

Rules (SGRUNT / MUGRUGNI): the attacker rolls up to 3 dice and never more than its boars
minus one; the defender up to 3; dice are compared highest against highest and ties go to
the defender. Card bonuses come from content (`dice_bonus` effects): +N to every die of the
first roll, or +N to the highest die of every roll of the battle. Both sides are assumed to
roll as many dice as they may; the attacker keeps attacking while it has 2 or more boars.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction

from content.rulesets.conquest.model import Effect

MAX_DICE = 3
SIDES = 6


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


@dataclass(frozen=True)
class BattleOutcome:
    """The end of a battle: boars left on each side, and its probability."""

    attackers: int
    defenders: int
    probability: Fraction

    @property
    def conquered(self) -> bool:
        return self.defenders == 0


@dataclass(frozen=True)
class BattleOdds:
    attackers: int
    defenders: int
    first_roll: dict[Losses, Fraction]
    outcomes: tuple[BattleOutcome, ...]

    @property
    def conquest(self) -> Fraction:
        return sum((o.probability for o in self.outcomes if o.conquered), Fraction(0))


def _top_faces(dice: int, bonus_all: int, bonus_highest: int, keep: int
               ) -> Counter[tuple[int, ...]]:
    """How many of the 6^dice rolls give each of the `keep` highest values, bonuses added:
    only the dice compared matter, and collapsing the rest keeps the enumeration small."""
    counts: Counter[tuple[int, ...]] = Counter()
    for roll in itertools.product(range(1, SIDES + 1), repeat=dice):
        ordered = sorted(roll, reverse=True)[:keep]
        ordered = [value + bonus_all for value in ordered]
        ordered[0] += bonus_highest
        counts[tuple(ordered)] += 1
    return counts


class BattleCalculator:
    """Memoises roll distributions and battle states for one pair of bonuses."""

    def __init__(self, attacker: DiceBonus, defender: DiceBonus) -> None:
        self.attacker = attacker
        self.defender = defender
        self._rolls: dict[tuple[int, int, bool], dict[Losses, Fraction]] = {}
        self._states: dict[tuple[int, int, bool], dict[tuple[int, int], Fraction]] = {}

    def roll(self, attack_dice: int, defence_dice: int, first: bool) -> dict[Losses, Fraction]:
        """Distribution of (attacker losses, defender losses) of one roll."""
        key = (attack_dice, defence_dice, first)
        if key not in self._rolls:
            compared = min(attack_dice, defence_dice)
            attack = _top_faces(attack_dice, *self.attacker.on_roll(first), compared)
            defence = _top_faces(defence_dice, *self.defender.on_roll(first), compared)
            counts: Counter[Losses] = Counter()
            for a_roll, a_count in attack.items():
                for d_roll, d_count in defence.items():
                    lost_a = 0
                    for a, d in zip(a_roll, d_roll, strict=True):
                        if a <= d:
                            lost_a += 1
                    counts[(lost_a, compared - lost_a)] += a_count * d_count
            total = SIDES ** (attack_dice + defence_dice)
            self._rolls[key] = {k: Fraction(v, total) for k, v in sorted(counts.items())}
        return self._rolls[key]

    def battle(self, attackers: int, defenders: int, first: bool = True
               ) -> dict[tuple[int, int], Fraction]:
        """Distribution of the final (attackers, defenders) of a battle fought to the end."""
        key = (attackers, defenders, first)
        if key in self._states:
            return self._states[key]
        if defenders == 0 or attackers < 2:
            result = {(attackers, defenders): Fraction(1)}
        else:
            result = {}
            roll = self.roll(min(MAX_DICE, attackers - 1), min(MAX_DICE, defenders), first)
            for (lost_a, lost_d), chance in roll.items():
                for end, p in self.battle(attackers - lost_a, defenders - lost_d, False).items():
                    result[end] = result.get(end, Fraction(0)) + chance * p
        self._states[key] = result
        return result


def battle_odds(attackers: int, defenders: int, attacker: DiceBonus = DiceBonus(),
                defender: DiceBonus = DiceBonus()) -> BattleOdds:
    """Exact odds of the first roll and of the whole battle, for any counts of boars."""
    if attackers < 2:
        raise ValueError("an attack needs at least 2 boars in the attacking territory")
    if defenders < 1:
        raise ValueError("the defending territory holds at least 1 boar")
    calculator = BattleCalculator(attacker, defender)
    first = calculator.roll(min(MAX_DICE, attackers - 1), min(MAX_DICE, defenders), True)
    ends = calculator.battle(attackers, defenders)
    outcomes = tuple(BattleOutcome(a, d, p) for (a, d), p in
                     sorted(ends.items(), key=lambda item: (item[0][1], -item[0][0])))
    return BattleOdds(attackers, defenders, first, outcomes)


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
