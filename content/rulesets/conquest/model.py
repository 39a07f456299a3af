"""The conquest ruleset's model (SGRUNT, MUGRUGNI): a hex map of territories in zones,
factions, event and action decks, objective cards, pieces and dice, and the manifest's
setup, turn and scoring parameters, gathered in one part, `Conquest`."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from stamperia.content.errors import ContentError, Origin
from stamperia.content.look.hexgrid import Cell
from stamperia.content.model import Pair
from stamperia.content.parts import PartSection


@dataclass(frozen=True)
class Zone:
    """A zone of territories: its colour and the bonus for holding all of it."""

    id: str
    colour: str
    bonus_pieces: int
    bonus_cards: int
    declared_count: int | None
    prototype: bool
    origin: Origin
    hatch: str = "none"
    """Lines over the zone on the board (diagonal, cross, ...), so it reads without colour."""


@dataclass(frozen=True)
class Territory:
    """One territory: its hex cells, zone, coast and port (a link needs a port)."""

    id: str
    zone: str
    coastal: bool
    port: bool
    cells: tuple[Cell, ...]
    parts: int
    prototype: bool
    origin: Origin


@dataclass(frozen=True)
class Border:
    """A declared land border between two territories."""

    between: Pair
    origin: Origin


@dataclass(frozen=True)
class BorderException:
    """Two territories whose cells touch but are not adjacent, or the reverse."""

    between: Pair
    adjacent: bool
    reason: str
    origin: Origin


@dataclass(frozen=True)
class LinkKind:
    """A kind of link (a sea route, a bridge): how it is drawn, whether it needs ports."""

    id: str
    requires_port: bool
    style: str
    origin: Origin


@dataclass(frozen=True)
class Link:
    """A link of one kind between two territories that need not touch."""

    kind: str
    between: Pair
    origin: Origin


@dataclass(frozen=True)
class Board:
    """The hex map: zones, territories, borders, exceptions and links, indexed once."""

    hex_size_mm: float
    outside: str
    zones: tuple[Zone, ...]
    territories: tuple[Territory, ...]
    borders: tuple[Border, ...]
    exceptions: tuple[BorderException, ...]
    link_kinds: tuple[LinkKind, ...]
    links: tuple[Link, ...]
    score_track: tuple[int, int] | None
    event_deck_cell: Cell | None
    origin: Origin
    sea_cells: frozenset[Cell] = frozenset()

    index: BoardIndex = field(init=False, repr=False, compare=False)
    """Territories by id and each one's borders and links, built once with the board so a
    lookup costs no scan of the map (it grows with large generated maps)."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "index", BoardIndex.of(self))

    def territory(self, territory_id: str) -> Territory:
        return self.territories[self.index.position[territory_id]]

    def zone_territories(self, zone_id: str) -> tuple[str, ...]:
        """Territories of a zone, derived from the data (never the stated count)."""
        return tuple(t.id for t in self.territories if t.zone == zone_id)

    def neighbours(self, territory_id: str, blocked_link_kinds: frozenset[str] = frozenset()
                   ) -> tuple[str, ...]:
        """Territories reachable in one step: declared land borders plus open links."""
        found = set(self.index.borders.get(territory_id, ()))
        found.update(other for kind, other in self.index.links.get(territory_id, ())
                     if kind not in blocked_link_kinds)
        return tuple(sorted(found))


@dataclass(frozen=True)
class BoardIndex:
    """What `Board` looks up by territory id, derived from its lists."""

    position: Mapping[str, int]
    """Territory id -> its index in `Board.territories` (the first, if declared twice)."""
    borders: Mapping[str, tuple[str, ...]]
    """Territory id -> the other end of each declared border naming it."""
    links: Mapping[str, tuple[tuple[str, str], ...]]
    """Territory id -> (link kind, other end) of each link naming it."""

    @staticmethod
    def of(board: Board) -> BoardIndex:
        position: dict[str, int] = {}
        for number, territory in enumerate(board.territories):
            position.setdefault(territory.id, number)
        borders: dict[str, list[str]] = {}
        for border in board.borders:
            a, b = border.between
            borders.setdefault(a, []).append(b)
            borders.setdefault(b, []).append(a)
        links: dict[str, list[tuple[str, str]]] = {}
        for link in board.links:
            a, b = link.between
            links.setdefault(a, []).append((link.kind, b))
            links.setdefault(b, []).append((link.kind, a))
        return BoardIndex(position, {t: tuple(o) for t, o in borders.items()},
                          {t: tuple(o) for t, o in links.items()})


@dataclass(frozen=True)
class Faction:
    """A player's faction and the colours its pieces and cards are printed in."""

    id: str
    colour: str
    text_colour: str
    origin: Origin


@dataclass(frozen=True)
class Effect:
    """A card effect: its type and parameters, exactly as the content states them."""

    type: str
    params: Mapping[str, object]

    def int_param(self, name: str) -> int:
        value = self.params[name]
        assert isinstance(value, int)
        return value

    def str_param(self, name: str) -> str:
        return str(self.params[name])


@dataclass(frozen=True)
class Card:
    """An event or action card: its copies, timing and effects."""

    id: str
    copies: int
    continue_icon: bool
    timing: str
    effects: tuple[Effect, ...]
    prototype: bool
    origin: Origin


@dataclass(frozen=True)
class Deck:
    """A deck of cards (events, actions), one copy per game or one per faction."""

    id: str
    kind: str
    per_faction: bool
    declared_total: int | None
    cards: tuple[Card, ...]
    origin: Origin

    @property
    def total(self) -> int:
        """Cards in one copy of the deck, derived from the copy counts."""
        return sum(card.copies for card in self.cards)

    def expanded(self) -> tuple[str, ...]:
        """One entry per physical card, in content order (the unshuffled deck)."""
        return tuple(card.id for card in self.cards for _ in range(card.copies))


@dataclass(frozen=True)
class ObjectiveEntry:
    """A territory an objective card values, and its points."""

    territory: str
    value: int
    origin: Origin


@dataclass(frozen=True)
class Objective:
    """An objective card: the territories it values."""

    id: str
    entries: tuple[ObjectiveEntry, ...]
    prototype: bool
    origin: Origin

    @property
    def total(self) -> int:
        return sum(entry.value for entry in self.entries)


@dataclass(frozen=True)
class Objectives:
    """The objective cards and how far apart their totals may lie."""

    cards: tuple[Objective, ...]
    max_total_spread: int | None
    origin: Origin


@dataclass(frozen=True)
class Piece:
    """A playing piece: its shape, size and count per faction."""

    id: str
    shape: str
    diameter_mm: float
    per_faction: int
    double_sided: bool
    origin: Origin


@dataclass(frozen=True)
class Die:
    """A die type: its colour, count and sides."""

    id: str
    colour: str
    count: int
    sides: int
    origin: Origin


@dataclass(frozen=True)
class Setup:
    """The manifest's setup and turn parameters (pieces per player count, hands, draws)."""

    pieces_per_player: Mapping[int, int]
    piece: str
    first_round_per_turn: int
    later_rounds_per_turn: int
    starting_hand: int
    hand_limit: int
    objectives_per_player: int
    action_deck: str | None
    origin: Origin
    new_pieces: int = 3
    new_cards: int = 1
    hand_limit_discard: str = "after_draw"
    """'after_draw': draw, then discard down to the limit; 'before_draw': a player who
    would go over the limit first chooses what to discard, then draws."""


@dataclass(frozen=True)
class ConquestAgentProfile:
    """Weights of the `heuristic:<id>` agent (rules.conquest.agents): a designer's player."""

    id: str
    attack_margin: int
    press_margin: int
    objective: int
    guard: int
    garrison: int


@dataclass(frozen=True)
class Conquest:
    """Everything a conquest game has beyond `Game`: one part, built from the board,
    factions, decks, objectives and components files and the manifest's parameters."""

    board: Board | None
    factions: tuple[Faction, ...]
    decks: tuple[Deck, ...]
    objectives: Objectives | None
    pieces: tuple[Piece, ...]
    dice: tuple[Die, ...]
    setup: Setup | None
    base_turns: int | None
    event_deck: str | None
    points_per_conquest: int
    players: tuple[int, int]
    origin: Origin
    agents: tuple[ConquestAgentProfile, ...] = ()
    """Player profiles (the components file's `agents`), sorted by id."""
    tie_margin: int = 0
    """Final scores within this many points of the best tie (0: equal scores only)."""
    eliminated: str = "kept"
    """'kept': a seat with no territory left may still win on points; 'out': it cannot."""
    objective_check: str = "after_conquest"
    """When victory by objective is checked: 'after_conquest' (after each of the seat's
    conquests) or 'turn_start' (also when each of its turns starts)."""
    recruit_window: str = "before_first_attack"
    """When a recruit card may be played: 'before_first_attack' (before the turn's first
    attack) or 'before_any_attack' (also after each battle, before the next attack)."""

    def deck(self, deck_id: str) -> Deck:
        return next(d for d in self.decks if d.id == deck_id)

    def text_keys(self) -> tuple[Mapping[str, Origin], frozenset[str]]:
        from stamperia.content.rulesets.conquest.references import conquest_text_keys

        return conquest_text_keys(self)

    def references(self) -> list[ContentError]:
        from stamperia.content.rulesets.conquest.references import conquest_references

        return conquest_references(self)

    def prototype_counts(self) -> Mapping[str, tuple[int, int]]:
        kinds: dict[str, tuple[int, int]] = {}
        if self.board is not None:
            kinds["territories"] = (sum(t.prototype for t in self.board.territories),
                                    len(self.board.territories))
            kinds["zones"] = (sum(z.prototype for z in self.board.zones), len(self.board.zones))
        cards = [c for d in self.decks for c in d.cards]
        if cards:
            kinds["cards"] = (sum(c.prototype for c in cards), len(cards))
        if self.objectives is not None:
            kinds["objectives"] = (sum(o.prototype for o in self.objectives.cards),
                                   len(self.objectives.cards))
        return kinds

    def describe(self) -> tuple[PartSection, ...]:
        from stamperia.content.rulesets.conquest.describe import describe_conquest

        return describe_conquest(self)
