"""A conquest game compiled for play: territories, zones and cards as small integers.

The engine runs thousands of games on one content load; looking ids up in the model on
every step would dominate its time, so everything it reads is turned into tuples indexed
by territory number once per game. Card effects are read here, from the content's effect
vocabulary, so the engine never names a card.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final

from stamperia.content.model import Game
from stamperia.content.rulesets.conquest.model import Card, Conquest, ConquestAgentProfile
from stamperia.rules.conquest.actions import (
    ATTACK_DO,
    CARD_DO,
    MOVE_COUNT_DO,
    OCCUPY_DO,
    PLACE_DO,
    RECRUIT_DO,
    code,
)
from stamperia.rules.conquest.battle import MAX_DICE, DiceBonus, bonus_from_effects
from stamperia.rules.conquest.setup import action_deck

PLACE_BUILT: Final = 12
"""PLACE actions built per territory: a seat places a few boars at a time, and rarely more
than a dozen at once (beyond, place_at makes the int)."""
AttackPaths = tuple[tuple[tuple[int, ...], tuple[tuple[tuple[int, ...], ...], ...]], ...]
"""Per territory: the territories it may attack, and for each its attack actions with up
to 1, 2 and 3 dice (actions.py's ints: (1,), (1, 2), (1, 2, 3)), in two parallel tuples
(compiled, a target is read as an int from a tuple of ints without unpacking a pair per
neighbour, and a listing extends by a built tuple: no int unboxed and boxed again)."""
MovePaths = tuple[tuple[int, ...], ...]
"""Per territory: the neighbours boars may move to."""
Sources = tuple[tuple[int, ...], ...]
"""Per territory: the territories that may attack it (AttackPaths reversed, a territory
once per path: the counted attacks of options.py keep their counts with it)."""


@dataclass(frozen=True)
class EventRules:
    """What one event card does while it is the round's event."""

    id: str
    continue_icon: bool
    add_pieces: int
    draw_all: int
    draw_active: int
    remove_pieces: int
    draw_on_conquest: int
    min_attacks: int
    blocked_kinds: frozenset[int]
    protect_landlocked: bool
    draw_once_per_turn: bool = False
    """Bottino draws once in a turn with a conquest (MUGRUGNI), not on every conquest."""


@dataclass(frozen=True)
class ActionRules:
    """What an action card does, and in which window it may be played."""

    id: str
    timing: str
    attacker: DiceBonus
    defender: DiceBonus
    truce: bool
    recruit_pieces: tuple[int, ...]
    """The numbers of boars a recruit card lets the player choose (empty: not one)."""
    recruit_discards: int
    """Action cards discarded to play it, whatever the number chosen."""


@dataclass(frozen=True)
class Tables:
    territory_ids: tuple[str, ...]
    coastal: tuple[bool, ...]
    neighbours: tuple[tuple[tuple[int, int], ...], ...]
    """Per territory: (neighbour, link kind index or -1 for a land border)."""
    link_kind_ids: tuple[str, ...]
    zones: tuple[tuple[str, tuple[int, ...], int, int], ...]
    """(zone id, its territories, bonus pieces, bonus cards)."""
    zone_territories: tuple[tuple[int, ...], ...]
    """Each zone's territories alone (read every turn: no 4-tuple unpacked per zone)."""
    objectives: tuple[tuple[str, tuple[tuple[int, int], ...]], ...]
    """(card id, ((territory, value), ...))."""
    objective_territories: tuple[tuple[int, ...], ...]
    """Per objective card, its territories, and their values in the same order: what the
    points read every round and the objective check at every conquest, with no pair
    unpacked per territory."""
    objective_values: tuple[tuple[int, ...], ...]
    faction_ids: tuple[str, ...]
    events: tuple[EventRules, ...]
    """One entry per physical event card, in content order."""
    actions: dict[str, ActionRules]
    attack_dice_cards: frozenset[str]
    """Cards the attacker may play once it has declared, for a dice bonus."""
    defence_dice_cards: frozenset[str]
    """Cards a defender may play before the roll, for a dice bonus."""
    action_deck: tuple[str, ...]
    pieces_per_player: dict[int, int]
    pieces_per_colour: int
    setup_first: int
    setup_later: int
    starting_hand: int
    hand_limit: int
    discard_before_draw: bool
    """At the hand limit a player discards before drawing (and never sees the new card)."""
    base_rounds: int
    points_per_conquest: int
    tie_margin: int
    """Final scores within this many points of the best tie (content: scoring.tie_margin)."""
    eliminated_out: bool
    """A seat with no territory left cannot win on points (scoring.eliminated "out")."""
    objective_at_turn_start: bool
    """Victory by objective is also checked when a seat's turn starts
    (turns.objective_check "turn_start"), not only after its conquests."""
    recruit_between_attacks: bool
    """A recruit card may also be played after each battle, before the next attack
    (turns.recruit_window "before_any_attack"), not only before the first."""
    new_pieces: int
    new_cards: int
    attack_paths: tuple[AttackPaths, ...]
    """Per event, index + 1 (0: no event yet): where attacks may go under it."""
    move_paths: tuple[MovePaths, ...]
    """Per event, index + 1: where boars may move under it."""
    attack_targets: tuple[MovePaths, ...] = ()
    """Per event, index + 1: attack_paths' targets alone; attack_sources the same paths
    reversed. Events alike share the same tuples (their identity tells them apart)."""
    attack_sources: tuple[Sources, ...] = ()
    occupy_actions: tuple[list[int], ...] = ()
    """Per count m (0..pieces_per_colour), the list of occupy n for n = 1..m, and likewise
    move_count n: a decision's list is one of these (never modified), not a new list of
    new ints."""
    move_count_actions: tuple[list[int], ...] = ()
    place_actions: tuple[tuple[int, ...], ...] = ()
    """Per territory, place n for n = 1..PLACE_BUILT (a state holds them for place_at)."""
    agent_profiles: tuple[ConquestAgentProfile, ...] = ()
    """The content's player profiles for the `heuristic:<id>` agent."""
    recruit_cards: frozenset[str] = frozenset()
    recruit_plays: tuple[tuple[str, int, tuple[int, ...]], ...] = ()
    """The recruit_cards in card id order: (card, its discards, its recruit actions by
    boars, actions.py's ints)."""
    """Cards that may recruit (on the seat's own turn, before attacking): a hand without
    one is told at once, with no sorted list of its cards."""
    card_ids: tuple[str, ...] = ()
    """The action cards' ids, sorted: an action's card field is an index here + 1."""
    card_index: dict[str, int] = field(default_factory=dict)
    """Each card id's index in card_ids."""
    truce_cards: frozenset[str] = frozenset()
    """Cards that offer a truce (Pax Suina) at the start of their holder's turn."""
    attack_card_plays: tuple[tuple[str, int], ...] = ()
    """The attack_dice_cards in card id order, each with the action that plays it
    (actions.py's int): a window's list is made without sorting a set of the hand."""
    defence_card_plays: tuple[tuple[str, int], ...] = ()
    card_counters: dict[str, str] = field(default_factory=dict)
    """Each card's counter ("action.<id>"), and below each event's and zone's: names made
    once, not formatted on every play, round or turn."""
    event_counters: tuple[str, ...] = ()
    zone_counters: tuple[str, ...] = ()


def _event(card: Card, kind_index: dict[str, int]) -> EventRules:
    values = {"add_pieces": 0, "draw_all": 0, "draw_active": 0, "remove_pieces": 0,
              "draw_on_conquest": 0, "min_attacks": 0}
    blocked: set[int] = set()
    landlocked = once = False
    for effect in card.effects:
        if effect.type == "add_pieces":
            values["add_pieces"] += effect.int_param("count")
        elif effect.type == "draw_cards":
            who = "draw_all" if effect.str_param("who") == "all" else "draw_active"
            values[who] += effect.int_param("count")
        elif effect.type == "remove_pieces":
            values["remove_pieces"] += effect.int_param("count")
        elif effect.type == "draw_on_conquest":
            values["draw_on_conquest"] += effect.int_param("count")
            once = effect.params.get("per", "conquest") == "turn"
        elif effect.type == "compulsory_attack":
            values["min_attacks"] = max(values["min_attacks"], effect.int_param("min_attacks"))
        elif effect.type == "block_link_kinds":
            kinds = effect.params["link_kinds"]
            assert isinstance(kinds, (list, tuple))
            blocked |= {kind_index[str(k)] for k in kinds if str(k) in kind_index}
        elif effect.type == "protect_landlocked":
            landlocked = True
    return EventRules(card.id, card.continue_icon, blocked_kinds=frozenset(blocked),
                      protect_landlocked=landlocked, draw_once_per_turn=once, **values)


def _action(card: Card) -> ActionRules:
    recruit = next((e for e in card.effects if e.type == "recruit"), None)
    return ActionRules(
        card.id, card.timing, bonus_from_effects(card.effects, "attacker"),
        bonus_from_effects(card.effects, "defender"),
        any(e.type == "truce" for e in card.effects),
        _int_list(recruit.params["pieces"]) if recruit else (),
        recruit.int_param("discards") if recruit else 0)


def _int_list(value: object) -> tuple[int, ...]:
    assert isinstance(value, (list, tuple))
    return tuple(sorted(int(v) for v in value))


Neighbours = tuple[tuple[tuple[int, int], ...], ...]


def _up_to(actions: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """(the first action,), (the first two), ...: the same int objects, shared."""
    return tuple(actions[:most] for most in range(1, len(actions) + 1))


def _sources(paths: AttackPaths) -> Sources:
    """Who may attack each territory along these paths, in territory order."""
    found: list[list[int]] = [[] for _ in paths]
    for origin, (targets, _) in enumerate(paths):
        for target in targets:
            found[target].append(origin)
    return tuple(tuple(origins) for origins in found)


def _paths(neighbours: Neighbours, coastal: tuple[bool, ...], events: tuple[EventRules, ...]
           ) -> tuple[tuple[AttackPaths, ...], tuple[MovePaths, ...]]:
    """Attack and move paths open under each event, computed once per game rather than
    filtered on every decision; events alike share them. Events that block link kinds
    forbid attacks along them ("Non si possono sferrare attacchi via mare"), not the
    end-of-turn move: every event moves along every border and link."""
    attack_cache: dict[tuple[frozenset[int], bool], AttackPaths] = {}
    move_cache: dict[frozenset[int], MovePaths] = {}
    attack_paths = []
    move_paths = []
    # per origin, its attack rows in the order of its neighbours: made once, shared by
    # every event (lists and slices: compiled, no generator nor dict per territory)
    rows: list[list[tuple[tuple[int, ...], ...]]] = []
    for origin, around in enumerate(neighbours):
        mine: list[tuple[tuple[int, ...], ...]] = []
        for target, _ in around:
            mine.append(_up_to(tuple([code(ATTACK_DO, origin, target, dice)
                                      for dice in range(1, MAX_DICE + 1)])))
        rows.append(mine)
    for event in (None, *events):
        blocked = event.blocked_kinds if event else frozenset()
        landlocked = event.protect_landlocked if event else False
        key = (blocked, landlocked)
        if key not in attack_cache:
            found: list[tuple[tuple[int, ...], tuple[tuple[tuple[int, ...], ...], ...]]] = []
            for origin, around in enumerate(neighbours):
                targets: list[int] = []
                open_rows: list[tuple[tuple[int, ...], ...]] = []
                for index, (target, kind) in enumerate(around):
                    if kind not in blocked and (coastal[target] or not landlocked):
                        targets.append(target)
                        open_rows.append(rows[origin][index])
                found.append((tuple(targets), tuple(open_rows)))
            attack_cache[key] = tuple(found)
        if not move_cache:
            move_cache[frozenset()] = tuple(tuple(n for n, _ in around) for around in neighbours)
        attack_paths.append(attack_cache[key])
        move_paths.append(move_cache[frozenset()])
    return tuple(attack_paths), tuple(move_paths)


def compile_tables(game: Game) -> Tables:
    """The tables of a conquest game; the game must have passed `stamperia check`."""
    conquest = game.part(Conquest)
    board, setup, objectives = conquest.board, conquest.setup, conquest.objectives
    assert board is not None and setup is not None and objectives is not None
    assert conquest.event_deck is not None and conquest.base_turns is not None
    ids = tuple(t.id for t in board.territories)
    index = {t: i for i, t in enumerate(ids)}
    kind_index = {k.id: i for i, k in enumerate(board.link_kinds)}
    adjacent: list[set[tuple[int, int]]] = [set() for _ in ids]
    for border in board.borders:
        a, b = (index[t] for t in border.between)
        adjacent[a].add((b, -1))
        adjacent[b].add((a, -1))
    for link in board.links:
        a, b = (index[t] for t in link.between)
        adjacent[a].add((b, kind_index[link.kind]))
        adjacent[b].add((a, kind_index[link.kind]))
    deck = action_deck(game)
    assert deck is not None
    piece = next(p for p in conquest.pieces if p.id == setup.piece)
    coastal = tuple(t.coastal for t in board.territories)
    neighbours = tuple(tuple(sorted(n)) for n in adjacent)
    events = tuple(_event(c, kind_index) for c in conquest.deck(conquest.event_deck).cards
                   for _ in range(c.copies))
    attack_paths, move_paths = _paths(neighbours, coastal, events)
    # one targets and one sources tuple per distinct paths tuple, shared as they are
    targets_of: dict[int, MovePaths] = {}
    sources_of: dict[int, Sources] = {}
    for paths in attack_paths:
        if id(paths) not in targets_of:
            targets_of[id(paths)] = tuple(targets for targets, _ in paths)
            sources_of[id(paths)] = _sources(paths)
    actions = {c.id: _action(c) for c in deck.cards}
    card_ids = tuple(sorted(actions))
    card_index = {c: i for i, c in enumerate(card_ids)}
    attack_cards = frozenset(c for c, a in actions.items()
                             if a.timing == "own_turn_after_declare"
                             and a.attacker.on_roll(True) != (0, 0))
    defence_cards = frozenset(c for c, a in actions.items()
                              if a.timing == "opponent_turn_before_roll"
                              and a.defender.on_roll(True) != (0, 0))
    recruit_cards = frozenset(c for c, a in actions.items() if a.recruit_pieces
                              and a.timing == "own_turn_before_attack")
    return Tables(
        territory_ids=ids, coastal=coastal, neighbours=neighbours,
        link_kind_ids=tuple(k.id for k in board.link_kinds),
        zones=tuple((z.id, tuple(index[t] for t in board.zone_territories(z.id)),
                     z.bonus_pieces, z.bonus_cards) for z in board.zones),
        objectives=tuple((o.id, tuple((index[e.territory], e.value) for e in o.entries))
                         for o in objectives.cards),
        zone_territories=tuple(tuple(index[t] for t in board.zone_territories(z.id))
                               for z in board.zones),
        objective_territories=tuple(tuple(index[e.territory] for e in o.entries)
                                    for o in objectives.cards),
        objective_values=tuple(tuple(e.value for e in o.entries) for o in objectives.cards),
        faction_ids=tuple(f.id for f in conquest.factions),
        events=events,
        actions=actions,
        attack_dice_cards=attack_cards,
        defence_dice_cards=defence_cards,
        action_deck=deck.expanded(),
        pieces_per_player=dict(setup.pieces_per_player),
        pieces_per_colour=piece.per_faction,
        setup_first=setup.first_round_per_turn, setup_later=setup.later_rounds_per_turn,
        starting_hand=setup.starting_hand, hand_limit=setup.hand_limit,
        discard_before_draw=setup.hand_limit_discard == "before_draw",
        base_rounds=conquest.base_turns, points_per_conquest=conquest.points_per_conquest,
        tie_margin=conquest.tie_margin, eliminated_out=conquest.eliminated == "out",
        objective_at_turn_start=conquest.objective_check == "turn_start",
        recruit_between_attacks=conquest.recruit_window == "before_any_attack",
        new_pieces=setup.new_pieces, new_cards=setup.new_cards,
        attack_paths=attack_paths, move_paths=move_paths,
        attack_targets=tuple(targets_of[id(p)] for p in attack_paths),
        attack_sources=tuple(sources_of[id(p)] for p in attack_paths),
        occupy_actions=_counted(OCCUPY_DO, piece.per_faction),
        move_count_actions=_counted(MOVE_COUNT_DO, piece.per_faction),
        place_actions=tuple(tuple(code(PLACE_DO, t, n) for n in range(1, PLACE_BUILT + 1))
                            for t in range(len(index))),
        agent_profiles=conquest.agents,
        recruit_cards=recruit_cards,
        card_ids=card_ids,
        card_index=card_index,
        recruit_plays=tuple((c, actions[c].recruit_discards,
                             tuple(code(RECRUIT_DO, card_index[c] + 1, n)
                                   for n in actions[c].recruit_pieces))
                            for c in card_ids if c in recruit_cards),
        truce_cards=frozenset(c for c, a in actions.items() if a.truce),
        attack_card_plays=_card_plays(attack_cards, card_index),
        defence_card_plays=_card_plays(defence_cards, card_index),
        card_counters={c: f"action.{c}" for c in actions},
        event_counters=tuple(f"event.{e.id}" for e in events),
        zone_counters=tuple(f"zone_bonus.{z.id}" for z in board.zones))


def _counted(kind: int, most: int) -> tuple[list[int], ...]:
    """Per m = 0..most, the actions kind n for n = 1..m (one int object per action)."""
    actions = [code(kind, n) for n in range(1, most + 1)]
    return tuple(actions[:m] for m in range(most + 1))


def _card_plays(cards: frozenset[str], card_index: dict[str, int]
                ) -> tuple[tuple[str, int], ...]:
    """Each card, in id order, with its action "card <id>"."""
    return tuple((c, code(CARD_DO, card_index[c] + 1)) for c in sorted(cards))
