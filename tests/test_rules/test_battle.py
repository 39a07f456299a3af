"""Exact battle odds: known values, card effects from content, and properties."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from stamperia.content.loader import load_game
from stamperia.content.rulesets.conquest.model import Conquest
from stamperia.rules.conquest.battle import DiceBonus, bonus_from_effects
from stamperia.rules.conquest.whole_battle import battle_odds


def test_three_against_two_matches_the_classic_table() -> None:
    odds = battle_odds(4, 2)
    assert odds.first_roll == {(0, 2): Fraction(2890, 7776), (1, 1): Fraction(2611, 7776),
                               (2, 0): Fraction(2275, 7776)}


def test_one_die_each_ties_go_to_the_defender() -> None:
    assert battle_odds(2, 1).first_roll == {(0, 1): Fraction(15, 36), (1, 0): Fraction(21, 36)}
    assert battle_odds(2, 1).conquest == Fraction(5, 12)


def test_attacker_never_rolls_more_than_boars_minus_one() -> None:
    # Three boars attack with two dice: only two comparisons against three defending dice.
    assert {a + d for a, d in battle_odds(3, 4).first_roll} == {2}


def test_equal_highest_die_bonuses_cancel() -> None:
    both = DiceBonus(highest_every=1)
    assert battle_odds(5, 4, both, both).outcomes == battle_odds(5, 4).outcomes


def test_cards_from_content() -> None:
    game = load_game("sgrunt")
    actions = game.part(Conquest).deck("actions")
    effects = {card.id: card.effects for card in actions.cards}
    carica = bonus_from_effects(effects["carica"], "attacker")
    zannata = bonus_from_effects(effects["zannata"], "attacker")
    barricata = bonus_from_effects(effects["barricata"], "defender")
    assert carica == DiceBonus(all_first=1)
    assert zannata == DiceBonus(highest_every=1)
    assert barricata == DiceBonus(all_first=1)
    assert bonus_from_effects(effects["carica"], "defender") == DiceBonus()
    plain = battle_odds(4, 2)
    charged = battle_odds(4, 2, carica)
    assert charged.first_roll[(0, 2)] > plain.first_roll[(0, 2)]
    assert battle_odds(6, 5, zannata).conquest > battle_odds(6, 5).conquest


@settings(max_examples=40, deadline=None)
@given(st.integers(min_value=2, max_value=9), st.integers(min_value=1, max_value=9))
def test_outcomes_are_a_distribution(attackers: int, defenders: int) -> None:
    odds = battle_odds(attackers, defenders)
    assert sum(odds.first_roll.values()) == 1
    assert sum(o.probability for o in odds.outcomes) == 1
    for outcome in odds.outcomes:
        assert outcome.conquered or outcome.attackers == 1
        assert 1 <= outcome.attackers <= attackers and 0 <= outcome.defenders <= defenders
    assert battle_odds(attackers + 1, defenders).conquest >= odds.conquest


def _enumerated_roll(attack_dice: int, defence_dice: int) -> dict[tuple[int, int], Fraction]:
    """Every face of every die, compared highest against highest, ties to the defender."""
    import itertools
    from collections import Counter

    counts: Counter[tuple[int, int]] = Counter()
    for faces in itertools.product(range(1, 7), repeat=attack_dice + defence_dice):
        attack = sorted(faces[:attack_dice], reverse=True)
        defence = sorted(faces[attack_dice:], reverse=True)
        lost_attacker = sum(a <= d for a, d in zip(attack, defence, strict=False))
        counts[(lost_attacker, min(attack_dice, defence_dice) - lost_attacker)] += 1
    total = 6 ** (attack_dice + defence_dice)
    return {k: Fraction(v, total) for k, v in counts.items()}


def test_every_dice_combination_matches_enumeration() -> None:
    from stamperia.rules.conquest.battle import BattleCalculator

    calculator = BattleCalculator(DiceBonus(), DiceBonus())
    for attack_dice in (1, 2, 3):
        for defence_dice in (1, 2, 3):
            assert calculator.roll(attack_dice, defence_dice, True) == \
                _enumerated_roll(attack_dice, defence_dice), (attack_dice, defence_dice)


def _markov(calculator: object, attackers: int, defenders: int, declared: int | None,
            first: bool = True,
            seen: dict[tuple[int, int, bool], dict[tuple[int, int], Fraction]] | None = None
            ) -> dict[tuple[int, int], Fraction]:
    """The battle by plain recursion over the states (the reading the dynamic programme
    must agree with): obviously the rule; each state is worked out once (`seen`), or the
    recursion is exponential in the armies (a declared single die makes long battles)."""
    from stamperia.rules.conquest.battle import BattleCalculator

    assert isinstance(calculator, BattleCalculator)
    seen = {} if seen is None else seen
    if (attackers, defenders, first) in seen:
        return seen[(attackers, defenders, first)]
    if defenders == 0 or attackers < 2:
        return {(attackers, defenders): Fraction(1)}
    defending = min(3, defenders) if declared is None else min(3, defenders, declared)
    result: dict[tuple[int, int], Fraction] = {}
    for (lost_a, lost_d), chance in calculator.roll(min(3, attackers - 1), defending,
                                                    first).items():
        for end, p in _markov(calculator, attackers - lost_a, defenders - lost_d, declared,
                              False, seen).items():
            result[end] = result.get(end, Fraction(0)) + chance * p
    seen[(attackers, defenders, first)] = result
    return result


@settings(max_examples=30, deadline=None)
@given(st.integers(min_value=2, max_value=14), st.integers(min_value=1, max_value=14),
       st.sampled_from([None, 1, 2, 3]), st.integers(0, 1), st.integers(0, 1))
def test_dynamic_programme_matches_the_recursion(attackers: int, defenders: int,
                                                 declared: int | None, first_bonus: int,
                                                 every_bonus: int) -> None:
    from stamperia.rules.conquest.battle import BattleCalculator

    attacker = DiceBonus(all_first=first_bonus)
    defender = DiceBonus(highest_every=every_bonus)
    odds = battle_odds(attackers, defenders, attacker, defender, declared)
    expected = _markov(BattleCalculator(attacker, defender), attackers, defenders, declared)
    assert {(o.attackers, o.defenders): o.probability for o in odds.outcomes} == expected


def test_a_large_battle_is_an_exact_distribution() -> None:
    odds = battle_odds(250, 180)
    assert sum(o.probability for o in odds.outcomes) == 1
    assert len(odds.outcomes) == 250 + 180 - 1  # conquered with 1..250, stopped with 1..179


def test_the_defender_declares_its_dice_against_carica() -> None:
    """Rulebook (SGRUNT, Combattimento): the defender "può utilizzare al massimo 3 dadi
    … e deve dichiararlo prima di lanciare i dadi". Against Carica (+1 to every attacking
    die of the first roll) the expected loss of the defender on that roll is 0.83 boars
    with 1 die and 1.89 with 3 (issue 15)."""
    carica = DiceBonus(all_first=1)

    def expected_loss(declared: int) -> float:
        first = battle_odds(4, 5, carica, declared=declared).first_roll
        return float(sum(p * lost_d for (_, lost_d), p in first.items()))

    assert round(expected_loss(1), 2) == 0.83
    assert round(expected_loss(3), 2) == 1.89
    assert {a + d for a, d in battle_odds(4, 5, declared=2).first_roll} == {2}
    assert battle_odds(4, 1, declared=3).first_roll == battle_odds(4, 1).first_roll
