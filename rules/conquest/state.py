"""The state of a conquest game in play: mutable, compact, copied only when asked.

Ownership and boars are lists indexed by territory number (see tables.py); seats are
0..players-1 in turn order. The engine (engine.py) is the only writer.
"""

from __future__ import annotations

import random
from bisect import bisect_left
from dataclasses import dataclass, field
from enum import Enum
from typing import Final

from stamperia.rules.conquest.actions import CLAIM_DO, code
from stamperia.rules.conquest.tables import AttackPaths


class Phase(Enum):
    CLAIM = "claim"
    PLACE = "place"
    DISCARD = "discard"
    REMOVE = "remove"
    TRUCE = "truce"
    RECRUIT = "recruit"
    ATTACK = "attack"
    BATTLE = "battle"
    ATTACK_CARD = "attack_card"
    DEFENCE_CARD = "defence_card"
    DEFEND = "defend"
    """The defender declares its dice for the next roll ("deve dichiararlo prima di
    lanciare i dadi")."""
    OCCUPY = "occupy"
    MOVE = "move"
    MOVE_COUNT = "move_count"
    DRAW = "draw"
    """Never a decision: a draw queued behind the discards that must come before it."""
    ROLL = "roll"
    """A roll about to be made, with chance explicit (positions.py): the outcome is applied
    from outside with `ConquestEngine.apply_roll`, never drawn by the engine."""
    OVER = "over"


# Enum members bound once: looking one up on its class costs ~70 ns, and the engine
# compares phases several times on each of a million decisions. Final: compiled, a
# name read from a C static rather than looked up in the module's dict.
ATTACK: Final = Phase.ATTACK
ATTACK_CARD: Final = Phase.ATTACK_CARD
BATTLE: Final = Phase.BATTLE
CLAIM: Final = Phase.CLAIM
DEFENCE_CARD: Final = Phase.DEFENCE_CARD
DEFEND: Final = Phase.DEFEND
DISCARD: Final = Phase.DISCARD
DRAW: Final = Phase.DRAW
MOVE: Final = Phase.MOVE
MOVE_COUNT: Final = Phase.MOVE_COUNT
OCCUPY: Final = Phase.OCCUPY
OVER: Final = Phase.OVER
PLACE: Final = Phase.PLACE
RECRUIT: Final = Phase.RECRUIT
REMOVE: Final = Phase.REMOVE
ROLL: Final = Phase.ROLL
TRUCE: Final = Phase.TRUCE

Action = tuple[str | int, ...]
"""("claim", t) ("place", t, boars) ("discard", card) ("remove", t, boars) ("truce", seat | -1)
("recruit", card | "", boars) ("attack", from, to, dice) ("roll", dice) ("retreat",)
("defend", dice)
("end_attacks",)
("card", card | "") ("occupy", boars) ("move", from, to) ("move_count", boars) ("no_move",)"""


@dataclass(init=False)
class Battle:
    """The battle being fought: bonuses last for it, first-roll bonuses for one roll.
    (Its own __init__: compiled, the one dataclasses writes runs as Python, and a battle
    is declared every few decisions.)"""

    origin: int
    target: int
    defender: int
    attacker_card: str
    defender_card: str
    rolls: int
    defence_dice: int
    """The dice the defender declared for the next roll (0: not declared yet)."""
    attacker_card_roll: int
    """The roll before which the attacker's card was played (its first-roll bonus is
    for that roll); likewise the defender's."""
    defender_card_roll: int

    def __init__(self, origin: int, target: int, defender: int, attacker_card: str = "",
                 defender_card: str = "", rolls: int = 0, defence_dice: int = 0,
                 attacker_card_roll: int = 0, defender_card_roll: int = 0) -> None:
        self.origin = origin
        self.target = target
        self.defender = defender
        self.attacker_card = attacker_card
        self.defender_card = defender_card
        self.rolls = rolls
        self.defence_dice = defence_dice
        self.attacker_card_roll = attacker_card_roll
        self.defender_card_roll = defender_card_roll


@dataclass(init=False)
class Task:
    """Work queued for one seat: place or remove boars, or discard down to a count.
    (Its own __init__, as Battle's.)"""

    phase: Phase
    seat: int
    count: int

    def __init__(self, phase: Phase, seat: int, count: int) -> None:
        self.phase = phase
        self.seat = seat
        self.count = count


def _place(territories: list[int], territory: int) -> int:
    """Where `territory` is or would go in an increasing list: bisect_left, written out
    (compiled, it compares ints in C, where bisect is a Python call making generic
    comparisons; on a long list, as when thousands are unclaimed, bisect)."""
    high = len(territories)
    if high > 64:
        return bisect_left(territories, territory)
    low = 0
    while low < high:
        middle = (low + high) >> 1
        if territories[middle] < territory:
            low = middle + 1
        else:
            high = middle
    return low


@dataclass
class State:
    players: int
    rng: random.Random
    """The engine's own randomness (dice, shuffles); agents never share it."""
    owner: list[int]
    boars: list[int]
    reserve: list[int]
    hands: list[list[str]]
    draw_piles: list[list[str]]
    discards: list[list[str]]
    objectives: list[int]
    conquests: list[int]
    events: list[int]
    """The event draw pile, as indexes into tables.events (the next card is the last)."""
    scorza_dura: bool
    round_cap: int
    phase: Phase = Phase.CLAIM
    stage: str = "claim"
    """Where the main flow resumes once queued tasks are done."""
    move_route: tuple[int, int] = (-1, -1)
    attack_dice: int = 1
    actor: int = 0
    active: int = 0
    round: int = 0
    event: int = -1
    extra_rounds: bool = False
    tasks: list[Task] = field(default_factory=list)
    setup_left: list[int] = field(default_factory=list)
    played_card: list[bool] = field(default_factory=list)
    """Who has played an action card during the current player's turn."""
    truces: dict[tuple[int, int], int] = field(default_factory=dict)
    """(attacker, protected) -> turns of the attacker until it may attack again."""
    attacks_made: int = 0
    conquests_this_turn: int = 0
    """Territories the active seat conquered this turn (Bottino once per turn reads it)."""
    battle: Battle | None = None
    winners: tuple[int, ...] = ()
    end: str = ""
    player_turns: int = 0
    steps: int = 0
    forced: int = 0
    """Decisions with one legal action the engine played itself (no seat was asked)."""
    counters: dict[str, int] = field(default_factory=dict)
    """Named statistics of the game; the two counted most often are the int fields below
    (compiled, an int field costs no string hashing), merged in by `all_counters`."""
    battles: int = 0
    """Battles declared (the counter "battles")."""
    conquered: int = 0
    """Territories conquered, all seats together (the counter "conquests")."""
    legal: list[int] | None = None
    """The legal actions of the current decision (actions.py's ints), once computed
    (cleared by apply)."""
    factions: list[int] = field(default_factory=list)
    """Per seat, its faction (index into the content's factions): dealt at random, as
    players choose their colour ("la fazione scelta"), not fixed to the seat."""
    owned: list[list[int]] = field(default_factory=list)
    """Per seat, its territories in increasing order: kept with `owner` by `set_owner`."""
    seed: int = 0
    """The seed of `rng` at setup, where a simulation drew it (a record's setup line)."""
    unclaimed: list[int] = field(default_factory=list)
    """The territories nobody holds, in increasing order, and their claims in the same
    order: kept by `set_owner`, so listing the claims costs no scan of the map."""
    claims: list[int] = field(default_factory=list)
    """(actions.py's ints)"""
    move_territories: list[int] = field(default_factory=list)
    """The plan of the MOVE decision made at step `move_plan_at` (options.plan_moves):
    the seat's territories, each territory's group (its number; -1: not the seat's),
    each group's size, and the count of actions."""
    move_groups: list[int] = field(default_factory=list)
    move_sizes: list[int] = field(default_factory=list)
    move_stack: list[int] = field(default_factory=list)
    """plan_moves' stack, kept with `move_groups` (both made anew for a copied state)."""
    move_width: int = 0
    move_plan_at: int = -1
    enemies: list[int] = field(default_factory=list)
    """Per territory, how many of its attack targets another owner holds (nobody counts
    as another), along `attack_targets`: kept by `set_owner` while those are set
    (options.plan_attacks sets them for the round's event), so that an ATTACK decision
    is counted without a scan of the neighbours."""
    attack_targets: tuple[tuple[int, ...], ...] = ()
    """Per territory, where it may attack under the event `enemies` is kept for, and
    `attack_sources` the same paths reversed (tables.py); () while not kept."""
    attack_sources: tuple[tuple[int, ...], ...] = ()
    attack_paths: AttackPaths = ()
    place_actions: tuple[tuple[int, ...], ...] = ()
    """The game's tables.place_actions (set by new_game), which place_at hands on."""
    """The attack paths of that event (tables.py), whose rows hold the actions' ints."""
    attack_width: int = 0
    """The count of actions of the ATTACK decision counted at step `attack_plan_at`."""
    attack_plan_at: int = -1

    def __post_init__(self) -> None:
        self.recount()

    def recount(self) -> None:
        """Rebuild what is derived from `owner`; call after changing `owner` by hand."""
        self.owned = [[t for t, o in enumerate(self.owner) if o == seat]
                      for seat in range(self.players)]
        self.unclaimed = [t for t, o in enumerate(self.owner) if o < 0]
        self.claims = [code(CLAIM_DO, t) for t in self.unclaimed]
        self.legal = None
        self.move_plan_at = -1
        self.move_groups = []  # a copy's own, not the lists of the state it copies
        self.move_stack = []
        self.attack_sources = ()  # `enemies` counted anew when next asked
        self.attack_plan_at = -1

    def set_owner(self, territory: int, seat: int) -> None:
        before = self.owner[territory]
        if before >= 0:
            held = self.owned[before]
            held.pop(_place(held, territory))  # not del: compiled, a generic deletion
        else:
            at = _place(self.unclaimed, territory)
            self.unclaimed.pop(at)
            self.claims.pop(at)
        self.owner[territory] = seat
        held = self.owned[seat]
        held.insert(_place(held, territory), territory)
        sources = self.attack_sources
        if sources and before != seat:
            # Only the territory's own count and those of its attackers held by the old
            # or the new owner change (for any other, it was and stays another's).
            enemies, owner = self.enemies, self.owner
            for origin in sources[territory]:
                holder = owner[origin]
                if holder == before:
                    enemies[origin] = enemies[origin] + 1
                elif holder == seat:
                    enemies[origin] = enemies[origin] - 1
            count = 0
            for target in self.attack_targets[territory]:
                if owner[target] != seat:
                    count += 1
            enemies[territory] = count

    def keep_enemies(self, targets: tuple[tuple[int, ...], ...],
                     sources: tuple[tuple[int, ...], ...]) -> None:
        """Count `enemies` along these paths, and keep them from now on (a new list: a
        copied state may share the old one)."""
        owner = self.owner
        enemies = [0] * len(owner)
        for territory in range(len(owner)):
            held = owner[territory]
            count = 0
            for target in targets[territory]:
                if owner[target] != held:
                    count += 1
            enemies[territory] = count
        self.enemies = enemies
        self.attack_targets = targets
        self.attack_sources = sources

    def all_counters(self) -> dict[str, int]:
        """`counters` with the int-field counters in, sorted by name (a counter never
        counted is absent, as with `count`)."""
        merged = dict(self.counters)
        if self.battles:
            merged["battles"] = self.battles
        if self.conquered:
            merged["conquests"] = self.conquered
        return dict(sorted(merged.items()))

    def count(self, name: str, amount: int = 1) -> None:
        self.counters[name] = self.counters.get(name, 0) + amount

    def territories_of(self, seat: int) -> list[int]:
        """The seat's territories in order (the state's own list: do not modify it)."""
        return self.owned[seat]

    def alive(self, seat: int) -> bool:
        return bool(self.owned[seat])
