"""A conquest game compiled for play: territories, zones and cards as small integers.

The engine runs thousands of games on one content load; looking ids up in the model on
every step would dominate its time, so everything it reads is turned into tuples indexed
by territory number once per game. Card effects are read here, from the content's effect
vocabulary, so the engine never names a card.
"""

from __future__ import annotations

from dataclasses import dataclass

from content.model import Card, Game
from rules.conquest.battle import DiceBonus, bonus_from_effects
from rules.conquest.setup import action_deck


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


@dataclass(frozen=True)
class ActionRules:
    """What an action card does, and in which window it may be played."""

    id: str
    timing: str
    attacker: DiceBonus
    defender: DiceBonus
    truce: bool
    recruit_per_discard: int
    recruit_max: int
    recruit_discards: bool


@dataclass(frozen=True)
class Tables:
    territory_ids: tuple[str, ...]
    coastal: tuple[bool, ...]
    neighbours: tuple[tuple[tuple[int, int], ...], ...]
    """Per territory: (neighbour, link kind index or -1 for a land border)."""
    link_kind_ids: tuple[str, ...]
    zones: tuple[tuple[str, tuple[int, ...], int, int], ...]
    """(zone id, its territories, bonus pieces, bonus cards)."""
    objectives: tuple[tuple[str, tuple[tuple[int, int], ...]], ...]
    """(card id, ((territory, value), ...))."""
    faction_ids: tuple[str, ...]
    events: tuple[EventRules, ...]
    """One entry per physical event card, in content order."""
    actions: dict[str, ActionRules]
    action_deck: tuple[str, ...]
    pieces_per_player: dict[int, int]
    pieces_per_colour: int
    setup_first: int
    setup_later: int
    starting_hand: int
    hand_limit: int
    base_rounds: int
    points_per_conquest: int
    new_pieces: int
    new_cards: int


def _event(card: Card, kind_index: dict[str, int]) -> EventRules:
    values = {"add_pieces": 0, "draw_all": 0, "draw_active": 0, "remove_pieces": 0,
              "draw_on_conquest": 0, "min_attacks": 0}
    blocked: set[int] = set()
    landlocked = False
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
        elif effect.type == "compulsory_attack":
            values["min_attacks"] = max(values["min_attacks"], effect.int_param("min_attacks"))
        elif effect.type == "block_link_kinds":
            kinds = effect.params["link_kinds"]
            assert isinstance(kinds, (list, tuple))
            blocked |= {kind_index[str(k)] for k in kinds if str(k) in kind_index}
        elif effect.type == "protect_landlocked":
            landlocked = True
    return EventRules(card.id, card.continue_icon, blocked_kinds=frozenset(blocked),
                      protect_landlocked=landlocked, **values)


def _action(card: Card) -> ActionRules:
    recruit = next((e for e in card.effects if e.type == "recruit"), None)
    return ActionRules(
        card.id, card.timing, bonus_from_effects(card.effects, "attacker"),
        bonus_from_effects(card.effects, "defender"),
        any(e.type == "truce" for e in card.effects),
        recruit.int_param("pieces_per_discard") if recruit else 0,
        recruit.int_param("max_discards") if recruit else 0,
        bool(recruit.params.get("discard_required", True)) if recruit else False)


def compile_tables(game: Game) -> Tables:
    """The tables of a conquest game; the game must have passed `stamperia check`."""
    board, setup, objectives = game.board, game.setup, game.objectives
    assert board is not None and setup is not None and objectives is not None
    assert game.event_deck is not None and game.base_turns is not None
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
    piece = next(p for p in game.pieces if p.id == setup.piece)
    return Tables(
        territory_ids=ids, coastal=tuple(t.coastal for t in board.territories),
        neighbours=tuple(tuple(sorted(n)) for n in adjacent),
        link_kind_ids=tuple(k.id for k in board.link_kinds),
        zones=tuple((z.id, tuple(index[t] for t in board.zone_territories(z.id)),
                     z.bonus_pieces, z.bonus_cards) for z in board.zones),
        objectives=tuple((o.id, tuple((index[e.territory], e.value) for e in o.entries))
                         for o in objectives.cards),
        faction_ids=tuple(f.id for f in game.factions),
        events=tuple(_event(c, kind_index) for c in game.deck(game.event_deck).cards
                     for _ in range(c.copies)),
        actions={c.id: _action(c) for c in deck.cards},
        action_deck=deck.expanded(),
        pieces_per_player=dict(setup.pieces_per_player),
        pieces_per_colour=piece.per_faction,
        setup_first=setup.first_round_per_turn, setup_later=setup.later_rounds_per_turn,
        starting_hand=setup.starting_hand, hand_limit=setup.hand_limit,
        base_rounds=game.base_turns, points_per_conquest=game.points_per_conquest,
        new_pieces=setup.new_pieces, new_cards=setup.new_cards)
