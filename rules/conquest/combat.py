"""Battles in play in a conquest game (the exact odds are in battle.py): the declaration,
the attacker's and the defender's card windows (one card per player per turn), and
each roll, drawn from the exact odds.

The engine (engine.py) calls these for the actions "attack", "card" and "roll"; they
leave the state at the battle's next decision: a card window, another roll, the
occupation of a conquered territory, or back to choosing an attack.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from fractions import Fraction
from typing import Final

from stamperia.rules.conquest.battle import MAX_DICE
from stamperia.rules.conquest.dice import Bonus, Dice, RollTable
from stamperia.rules.conquest.forces import play_card
from stamperia.rules.conquest.options import has_dice_card
from stamperia.rules.conquest.state import (
    ATTACK,
    ATTACK_CARD,
    BATTLE,
    DEFENCE_CARD,
    DEFEND,
    OCCUPY,
    ROLL,
    Battle,
    State,
)
from stamperia.rules.conquest.tables import Tables

NO_BONUS: Final[tuple[Bonus, Bonus]] = ((0, 0), (0, 0))


def _unbound() -> float:
    raise AssertionError("Battles draws from the generator of the state it rolls for")


class Battles:
    """Battle rules of one compiled game; the dice bonus of every card read once."""

    def __init__(self, tables: Tables, dice: Dice, explicit_chance: bool = False) -> None:
        self.tables = tables
        self.dice = dice
        """Roll tables, shareable between engines of the same game."""
        self.explicit_chance = explicit_chance
        """Stop before each roll (phase ROLL) instead of drawing it: for public positions,
        where chance is a node of its own."""
        self.attacker_bonus: dict[str, tuple[Bonus, Bonus]] = {"": NO_BONUS}
        """Per card (or none): (first roll, later rolls) bonus for the attacker."""
        self.defender_bonus: dict[str, tuple[Bonus, Bonus]] = {"": NO_BONUS}
        for card, rules in tables.actions.items():
            self.attacker_bonus[card] = (rules.attacker.on_roll(True),
                                         rules.attacker.on_roll(False))
            self.defender_bonus[card] = (rules.defender.on_roll(True),
                                         rules.defender.on_roll(False))
        self.card_number = {card: n for n, card in enumerate(self.attacker_bonus)}
        """Per card (or none: 0), a small number: a roll's table is found by one int key."""
        self.rng: random.Random | None = None
        """The generator of the game last rolled for, and its `random` method."""
        self.random: Callable[[], float] = _unbound
        self.tables_by_key: dict[int, RollTable] = {}
        self.plain_tables: list[RollTable | None] = [None] * (MAX_DICE + 1) ** 2
        """The tables of rolls with no card played, by attack dice * 4 + defence dice."""
        """The roll tables this engine has used, by `_roll_key` (a tuple of dice counts and
        bonus pairs hashed on every roll cost more than the roll)."""

    def declare(self, state: State, origin: int, target: int, dice: int) -> None:
        state.attack_dice = dice
        state.attacks_made += 1
        state.battles += 1
        state.battle = Battle(origin, target, state.owner[target])
        self.before_roll(state)

    def before_roll(self, state: State) -> None:
        """The card windows open before every roll of the battle, not only at the
        declaration: "L'utilizzo delle carte Azione va sempre dichiarato prima di tirare i
        dadi" (one card per player per turn, so only for who has not played one)."""
        active = state.active
        if not state.played_card[active] and has_dice_card(self.tables, state, active, True):
            state.phase = ATTACK_CARD
            state.actor = state.active
        else:
            self._defence_window(state)

    def _defence_window(self, state: State) -> None:
        assert state.battle is not None
        defender = state.battle.defender
        if not state.played_card[defender] and has_dice_card(self.tables, state, defender,
                                                             False):
            state.phase = DEFENCE_CARD
            state.actor = defender
        else:
            self.roll(state)

    def card(self, state: State, card: str) -> None:
        battle = state.battle
        assert battle is not None
        if state.phase is ATTACK_CARD:
            if card:
                play_card(self.tables, state, state.active, card)
                battle.attacker_card = card
                battle.attacker_card_roll = battle.rolls
            self._defence_window(state)
        else:
            if card:
                play_card(self.tables, state, battle.defender, card)
                battle.defender_card = card
                battle.defender_card_roll = battle.rolls
            self.roll(state)

    def roll(self, state: State) -> None:
        """Before each roll the defender declares its dice (1 to 3, no more than its boars
        there); with one boar the engine plays the only choice."""
        assert state.battle is not None
        state.battle.defence_dice = 0
        state.phase = DEFEND
        state.actor = state.battle.defender

    def defend(self, state: State, dice: int) -> None:
        battle = state.battle
        assert battle is not None
        battle.defence_dice = dice
        if self.explicit_chance:
            state.phase = ROLL
            state.actor = state.active
            return
        if not battle.attacker_card and not battle.defender_card:
            # most rolls: no card, the table found by the dice alone in a list
            plain = state.attack_dice * (MAX_DICE + 1) + dice
            found = self.plain_tables[plain]
            if found is None:
                found = self.plain_tables[plain] = self.dice.table(*self.next_roll(state))
            table = found
        else:
            key = self._roll_key(state)
            found = self.tables_by_key.get(key)
            if found is None:
                found = self.tables_by_key[key] = self.dice.table(*self.next_roll(state))
            table = found
        rng = state.rng
        if rng is not self.rng:  # bound once per game: compiled, rng.random() looks the
            self.rng = rng       # method up on every call
            self.random = rng.random
        lost_attack, lost_defence = table.pick(self.random())
        self.resolve(state, lost_attack, lost_defence)

    def _roll_key(self, state: State) -> int:
        """The next roll as one int: dice counts, each side's card and whether its
        first-roll bonus is spent (what `next_roll` reads)."""
        battle = state.battle
        assert battle is not None
        attacker_later = 1 if battle.rolls > battle.attacker_card_roll else 0
        defender_later = 1 if battle.rolls > battle.defender_card_roll else 0
        cards = len(self.card_number)
        # no card (number 0) in most battles: no string hashed then
        attacker = self.card_number[battle.attacker_card] if battle.attacker_card else 0
        defender = self.card_number[battle.defender_card] if battle.defender_card else 0
        key = ((attacker * 2 + attacker_later) * cards + defender) * 2 + defender_later
        return (key * (MAX_DICE + 1) + state.attack_dice) * (MAX_DICE + 1) \
            + battle.defence_dice

    def next_roll(self, state: State) -> tuple[int, int, Bonus, Bonus]:
        """(attack dice, defence dice, attacker bonus, defender bonus) of the next roll."""
        battle = state.battle
        assert battle is not None
        # A first-roll bonus (Carica, Barricata) is for the first roll after the card.
        attacker_later = 1 if battle.rolls > battle.attacker_card_roll else 0
        defender_later = 1 if battle.rolls > battle.defender_card_roll else 0
        return (state.attack_dice, battle.defence_dice,
                self.attacker_bonus[battle.attacker_card][attacker_later],
                self.defender_bonus[battle.defender_card][defender_later])

    def odds_declaring(self, state: State, defence_dice: int
                       ) -> dict[tuple[int, int], Fraction]:
        """The odds of the next roll if the defender declared `defence_dice` (in phase
        DEFEND, for agents weighing the choice)."""
        attack_dice, _, attacker, defender = self.next_roll(state)
        return self.dice.odds(attack_dice, defence_dice, attacker, defender)

    def odds(self, state: State) -> dict[tuple[int, int], Fraction]:
        """The exact odds of each (attacker losses, defender losses) of the next roll: the
        very table `roll` draws from."""
        return self.dice.odds(*self.next_roll(state))

    def resolve(self, state: State, lost_attack: int, lost_defence: int) -> None:
        """The effect of one roll with the given losses."""
        battle = state.battle
        assert battle is not None
        origin, target = battle.origin, battle.target
        battle.rolls += 1
        battle.defence_dice = 0
        boars = state.boars
        # x[i] = x[i] + n, not +=: compiled, an augmented item assignment is a
        # generic (boxed) number operation; and no write of a side that lost nothing
        # (one of the two in most rolls: compiled, a write boxes its int)
        if lost_defence:
            boars[target] = boars[target] - lost_defence
            state.reserve[battle.defender] = state.reserve[battle.defender] + lost_defence
        if lost_attack:
            boars[origin] = boars[origin] - lost_attack
            state.reserve[state.active] = state.reserve[state.active] + lost_attack
        state.actor = state.active
        if boars[target] == 0:
            state.phase = OCCUPY
        elif boars[origin] < 2:
            state.battle = None
            state.phase = ATTACK
            if self.tables.recruit_between_attacks:  # the recruit window opens again
                state.stage = "recruit"
        else:
            state.phase = BATTLE
