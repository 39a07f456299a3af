"""The economy game's combat: demolitions and battles, each in three steps (the choices a
seat has, the roll drawn from the dice, the outcome applied), so a position can stop at
the roll and take its outcome as a chance move. The engine declares; this module rolls and
resolves. Pure: dice come from a DiceSource."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from stamperia.rules.warland.state import Action, Mission, Placed, Seat, State


class DiceSource(Protocol):
    def roll(self) -> int:
        """One roll of the combat dice (2d6): their sum."""
        ...


def best_of(dice: DiceSource, strength: int) -> int:
    return max(dice.roll() for _ in range(strength))


def throw(dice: DiceSource, strength: int, roll: str) -> int:
    """A soldier's result: the `best` of `strength` rolls, or the `sum` of one roll of all
    the dice (the same as summing `strength` rolls)."""
    return (sum(dice.roll() for _ in range(strength)) if roll == "sum"
            else best_of(dice, strength))


def arrived(seat: Seat, target: int) -> list[Mission]:
    return [m for m in seat.missions if m.target == target and m.eta == 0]


def groups(strengths: list[int], size: int) -> list[tuple[int, ...]]:
    """Every distinct choice of `size` soldiers among `strengths`, as their strengths
    (strongest first), the strongest group first: soldiers of one strength are alike, so
    the choices are at most size + 1 with strengths 1 and 2."""
    counts: dict[int, int] = {}
    for strength in strengths:
        counts[strength] = counts.get(strength, 0) + 1
    kinds = sorted(counts, reverse=True)
    found: list[tuple[int, ...]] = []

    def walk(at: int, left: int, chosen: tuple[int, ...]) -> None:
        if left == 0:
            found.append(chosen)
            return
        if at == len(kinds):
            return
        for take in range(min(left, counts[kinds[at]]), -1, -1):
            walk(at + 1, left - take, chosen + (kinds[at],) * take)

    walk(0, size, ())
    return found


ROLLED = ("demolish", "battle", "defend")
"""Actions whose effect waits for a roll of the combat dice."""

DEMOLITION_OUTCOMES = ("success", "failure")
BATTLE_OUTCOMES = ("won", "lost", "both_survive", "both_die")
"""A battle's result from the acting player's side: who loses a soldier."""


@dataclass(frozen=True)
class DemolitionTarget:
    """The card a demolition rolls against, and the two sides' numbers."""

    strength: int
    placed: Placed
    resistance: int


def standing(seat: Seat) -> list[str]:
    """The buildings a demolition may aim at, once each, in the order they were put in
    play (the Castello first): "puoi distruggere un Edificio a faccia in giù o in su ...
    adiacente alla carta dell'Edificio scelto", the attacker's choice."""
    return list(dict.fromkeys(p.building for p in seat.buildings))


def aims(seat: Seat, target: int, building: str) -> list[Action]:
    """The demolitions of one building of a seat: the default (`demolish blu fattoria`: a
    face-down card first, else the first), then, where its cards differ (face, residents,
    hits), the first card of each other kind by its number (`demolish blu fattoria 2`):
    the attacker chooses the card, "adiacente alla carta dell'Edificio scelto"
    (warland.txt 97-98); cards alike are one choice."""
    cards = [p for p in seat.buildings if p.building == building]
    default = _default_card(cards)
    found = [Action("demolish", building=building, target=target)]
    seen = {(default.face_up, default.residents, default.hits)}
    for number, placed in enumerate(cards, start=1):
        kind = (placed.face_up, placed.residents, placed.hits)
        if kind not in seen:
            seen.add(kind)
            found.append(Action("demolish", building=building, target=target, card=number))
    return found


def _default_card(cards: list[Placed]) -> Placed:
    return next((p for p in cards if not p.face_up), cards[0])


def demolition_target(state: State, index: int, target: int, building: str, card: int = 0
                      ) -> DemolitionTarget:
    """The strongest arrived soldier rolls against the chosen card of the chosen building
    (`card`, from 1; 0: a face-down card of it if there is one, else the first): a
    face-down card resists as any face-down card."""
    rules = state.rules
    attacker = max(m.strength for m in arrived(state.seats[index], target))
    cards = [p for p in state.seats[target].buildings if p.building == building]
    placed = cards[card - 1] if card else _default_card(cards)
    resistance = (rules.building(building).resistance if placed.face_up
                  else rules.forces.limits.face_down_resistance)
    return DemolitionTarget(attacker, placed, resistance)


@dataclass(frozen=True)
class BattleSides:
    """Summed strength of the acting player's group (of `soldiers` soldiers) against the
    other side: its single soldier (the strongest defender, or the strongest arrived
    enemy mission), or, where the content lets one soldier fight several
    (`combat.one_against_many`), all `others` of them, summed."""

    group: int
    single: int
    soldiers: int
    others: int = 1

    def roll(self, duel_roll: str) -> str:
        """One against one rolls as the content says (`duel_roll`); a group battle keeps
        the best roll: "dovrai sommare i punti di forza dei tuoi Soldati, tirare
        sufficienti volte i d6 e che il risultato migliore vale"."""
        return duel_roll if self.soldiers == 1 and self.others == 1 else "best"


def _fighters(state: State, index: int, action: Action) -> tuple[list[int], list[int]]:
    """The strengths of the acting side's soldiers that fight and of the other side's
    they may face: the action's group and target where it names them, else all there."""
    ours, theirs = _present(state, index, action)
    return (list(action.strengths) if action.strengths else ours,
            [action.against] if action.against else theirs)


def _present(state: State, index: int, action: Action) -> tuple[list[int], list[int]]:
    """The strengths of both sides' soldiers at the castle of a battle or defence."""
    seat, enemy = state.seats[index], state.seats[action.target]
    if action.do == "battle":
        return [m.strength for m in arrived(seat, action.target)], list(enemy.soldiers)
    return list(seat.soldiers), [m.strength for m in arrived(enemy, index)]


def battles(state: State, index: int, default: Action) -> list[Action]:
    """A battle's (or defence's) choices at one castle: "il giocatore che attacca decide
    quale pedina attaccare con un Soldato o, se preferisce con quali pedine attaccare"
    (warland.txt 142-145). First the default (every soldier there against the strongest,
    or a lone soldier against all where `combat.one_against_many` allows it), then each
    group of the seat's soldiers there (by strength: soldiers of one strength are alike)
    against each strength of the other side's, strongest first; none twice."""
    ours, theirs = _present(state, index, default)
    found = [default]
    everyone = tuple(sorted(ours, reverse=True))
    plain = battle_sides(state, index, default).others == 1
    for size in range(len(ours), 0, -1):
        for group in groups(ours, size):
            for against in sorted(set(theirs), reverse=True):
                if plain and group == everyone and against == max(theirs):
                    continue
                found.append(Action(default.do, target=default.target, strengths=group,
                                    against=against))
    return found


def battle_sides(state: State, index: int, action: Action) -> BattleSides:
    """A group fights one soldier ("Non si possono ottenere combattimenti tra un soldato
    solo contro più di un soldato o tra più di un soldato contro più di un soldato",
    warland.txt 140-141); with `combat.one_against_many` a lone soldier faces all the
    other side's soldiers there ("Questa regola vale anche in caso 1 Soldato contro più
    di un Soldato", 138-139)."""
    ours, theirs = _fighters(state, index, action)
    if (len(ours) == 1 and len(theirs) > 1
            and state.rules.forces.combat.one_against_many):
        return BattleSides(ours[0], sum(theirs), 1, len(theirs))
    return BattleSides(sum(ours), max(theirs), len(ours))


def roll(state: State, index: int, action: Action, dice: DiceSource) -> str:
    """The outcome of a declared action's roll, drawn from the dice."""
    if action.do == "demolish":
        aim = demolition_target(state, index, action.target, action.building, action.card)
        return "failure" if best_of(dice, aim.strength) <= aim.resistance else "success"
    sides = battle_sides(state, index, action)
    tie = state.rules.forces.combat.soldier_tie
    how = sides.roll(state.rules.forces.combat.duel_roll)
    while True:
        ours, theirs = throw(dice, sides.group, how), throw(dice, sides.single, how)
        if ours != theirs or tie != "reroll":
            break
    we_lose = ours < theirs or (ours == theirs and tie in ("defender_wins", "both_die"))
    they_lose = ours > theirs or (ours == theirs and tie in ("attacker_wins", "both_die"))
    return {(False, True): "won", (True, False): "lost", (False, False): "both_survive",
            (True, True): "both_die"}[(we_lose, they_lose)]


def resolve(state: State, index: int, action: Action, outcome: str) -> None:
    """Apply a declared action's roll outcome (one of DEMOLITION_/BATTLE_OUTCOMES)."""
    if action.do == "demolish":
        if outcome == "success":
            _demolished(state, action.target,
                        demolition_target(state, index, action.target, action.building,
                                          action.card).placed)
        return
    we_lose, they_lose = outcome in ("lost", "both_die"), outcome in ("won", "both_die")
    _battle(state, index, action, we_lose, they_lose)


def _demolished(state: State, target: int, placed: Placed) -> None:
    """A successful demolition roll: one hit, and the card is gone when hit enough."""
    rules = state.rules
    defender = state.seats[target]
    castle = rules.buildings.castle.id
    state.count("demolition.success")
    placed.hits += 1
    building = rules.building(placed.building)
    if placed.hits < building.hits_to_destroy:
        return
    state.count(f"destroyed.{building.id}")
    state.count(f"crushed.{rules.inhabitant}", placed.residents)
    defender.buildings.remove(placed)
    if building.id == castle:
        _eliminate(state, target)


def _eliminate(state: State, target: int) -> None:
    """A castle beaten twice: its player is out; missions sent there walk home."""
    state.count("castle.destroyed")
    seat = state.seats[target]
    seat.alive = False
    seat.buildings.clear()
    seat.soldiers.clear()
    seat.missions.clear()
    seat.carpenters = 0
    for other in state.seats:
        home = [m for m in other.missions if m.target == target]
        other.missions = [m for m in other.missions if m.target != target]
        other.soldiers += [m.strength for m in home]


def _battle(state: State, home: int, action: Action, we_lose: bool, they_lose: bool
            ) -> None:
    """Soldier against soldier: the lower best roll loses one soldier (the acting group's
    weakest, or the other side's single soldier, or its weakest where it fought as a
    group)."""
    rules = state.rules
    seat, enemy = state.seats[home], state.seats[action.target]
    attacking_missions = action.do == "battle"
    attackers = arrived(seat, action.target)
    ours, theirs = _fighters(state, home, action)
    # the other side loses its one fighter, or, fighting as a group, its weakest
    single = min(theirs) if battle_sides(state, home, action).others > 1 else max(theirs)
    if we_lose:
        state.count("battle.attacker_lost")
        weakest = min(ours)
        if attacking_missions:
            seat.missions.remove(next(m for m in attackers if m.strength == weakest))
            state.count(f"killed.{rules.on_mission}")
        else:
            seat.soldiers.remove(weakest)
            state.count(f"killed.{rules.soldier}")
    if they_lose:
        state.count("battle.attacker_won")
        if attacking_missions:
            enemy.soldiers.remove(single)
            state.count(f"killed.{rules.soldier}")
        else:
            enemy.missions.remove(next(m for m in arrived(enemy, home) if m.strength == single))
            state.count(f"killed.{rules.on_mission}")
