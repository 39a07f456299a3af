"""Simulated setup: pieces dealt, territories claimed one at a time, then reinforced.

It answers a designer's question before printing: with this map and these piece counts,
can every player count set up the game, and how even is the start?
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from stamperia.content.errors import ContentError, coded
from stamperia.content.findings import MISSING_PART, SETUP_IMPOSSIBLE
from stamperia.content.model import Game
from stamperia.content.rulesets.conquest.model import Conquest, Deck


@dataclass(frozen=True)
class PlayerSetup:
    faction: str
    territories: int
    pieces_on_board: int
    reserve: int
    objective: str | None
    hand: tuple[str, ...]


@dataclass(frozen=True)
class SetupResult:
    players: int
    seats: tuple[PlayerSetup, ...]
    problems: tuple[ContentError, ...]

    @property
    def ok(self) -> bool:
        return not self.problems

    def summary(self) -> str:
        if not self.ok:
            return f"setup {self.players} players: FAILED"
        territories = "/".join(str(s.territories) for s in self.seats)
        reserve = ", ".join(f"{s.faction} {s.reserve}" for s in self.seats)
        return (f"setup {self.players} players: territories {territories}, "
                f"reserve {reserve}")


def action_deck(game: Game) -> Deck | None:
    """The deck each faction draws its hand from."""
    conquest = game.part(Conquest)
    if conquest.setup is not None and conquest.setup.action_deck is not None:
        return conquest.deck(conquest.setup.action_deck)
    return next((d for d in conquest.decks if d.per_faction), None)


def simulate_setup(game: Game, players: int, rng: random.Random) -> SetupResult:
    """Run the setup for `players` seats with random choices; report what cannot be done."""
    conquest = game.part(Conquest)
    setup, board = conquest.setup, conquest.board
    if setup is None or board is None:
        problem = game.origin.error("the game has no setup or no board", "", "/setup")
        return SetupResult(players, (), (problem,))
    problems: list[ContentError] = []
    if len(conquest.factions) < players:
        problems.append(game.origin.error(
            f"{players} players need {players} factions, the game has {len(conquest.factions)}"))
        return SetupResult(players, (), tuple(problems))
    factions = conquest.factions[:players]
    dealt = setup.pieces_per_player[players]
    piece = next(p for p in conquest.pieces if p.id == setup.piece)
    if dealt > piece.per_faction:
        problems.append(setup.origin.error(
            f"{players} players get {dealt} {piece.id} each but a colour has {piece.per_faction}",
            "", f"/pieces_per_player/{players}"))
        return SetupResult(players, (), tuple(problems))
    supply = [dealt] * players
    owner: dict[str, int] = {}
    count: dict[str, int] = {}
    free = [t.id for t in board.territories]
    rng.shuffle(free)
    seat = 0
    while free:
        if supply[seat] < setup.first_round_per_turn:
            problems.append(setup.origin.error(
                f"{players} players: {factions[seat].id} runs out of pieces with "
                f"{len(free)} territories still free", "deal more pieces per player",
                f"/pieces_per_player/{players}"))
            break
        territory = free.pop()
        owner[territory] = seat
        count[territory] = setup.first_round_per_turn
        supply[seat] -= setup.first_round_per_turn
        seat = (seat + 1) % players
    # owners are fixed once the claims are over: each seat's territories sorted once,
    # not per reinforcement (maps may have thousands of territories)
    held: list[list[str]] = [[] for _ in range(players)]
    for territory, holder in owner.items():
        held[holder].append(territory)
    for mine in held:
        mine.sort()
    while not problems and any(supply):
        if supply[seat]:
            mine = held[seat]
            if not mine:
                problems.append(setup.origin.error(
                    f"{players} players: {factions[seat].id} holds no territory to reinforce"))
                break
            placing = min(setup.later_rounds_per_turn, supply[seat])
            for _ in range(placing):
                count[rng.choice(mine)] += 1
            supply[seat] -= placing
        seat = (seat + 1) % players
    objectives = list(conquest.objectives.cards) if conquest.objectives is not None else []
    needed = players * setup.objectives_per_player
    if needed > len(objectives):
        problems.append(setup.origin.error(
            f"{players} players need {needed} objective cards, there are {len(objectives)}",
            "", "/objectives_per_player"))
    rng.shuffle(objectives)
    deck = action_deck(game)
    hands: list[tuple[str, ...]] = []
    for _ in range(players):
        cards = list(deck.expanded()) if deck is not None else []
        if len(cards) < setup.starting_hand:
            problems.append(setup.origin.error(
                f"a starting hand of {setup.starting_hand} needs that many action cards, "
                f"the deck has {len(cards)}", "", "/starting_hand"))
            break
        rng.shuffle(cards)
        hands.append(tuple(sorted(cards[: setup.starting_hand])))
    if problems:
        return SetupResult(players, (), tuple(problems))
    seats = tuple(
        PlayerSetup(
            faction=faction.id,
            territories=sum(1 for s in owner.values() if s == index),
            pieces_on_board=sum(count[t] for t, s in owner.items() if s == index),
            reserve=piece.per_faction - dealt,
            objective=objectives[index].id if setup.objectives_per_player else None,
            hand=hands[index])
        for index, faction in enumerate(factions))
    return SetupResult(players, seats, ())


def missing_parts(game: Game) -> list[ContentError]:
    """What a conquest game cannot be played without: a board, and the rounds' count with
    the event deck that marks them."""
    conquest = game.part(Conquest)
    if conquest.board is None:
        return [game.origin.error("the conquest ruleset needs a board", "", "/parts/board",
                                  MISSING_PART)]
    if conquest.base_turns is None or conquest.event_deck is None:
        return [game.origin.error(
            "the conquest ruleset needs \"turns\": the rounds of a game and the event deck",
            'add "turns": {"base": 12, "event_deck": "events"}', "/turns", MISSING_PART)]
    return []


def playable(game: Game, players: int) -> list[ContentError]:
    """Why `players` players cannot play this game (empty when they can): the missing parts,
    else what a setup for that many players runs into (too few objectives, pieces...)."""
    missing = missing_parts(game)
    if missing:
        return missing
    result = simulate_setup(game, players, random.Random(f"playable:{players}"))
    return coded(list(result.problems), SETUP_IMPOSSIBLE)
