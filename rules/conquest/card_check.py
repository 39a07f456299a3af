"""Deck and objective checks: totals against declarations, duplicates, score spread."""

from __future__ import annotations

from dataclasses import dataclass

from stamperia.content.errors import ContentError
from stamperia.content.model import Game
from stamperia.content.rulesets.conquest.model import Conquest, Deck, Objectives


@dataclass(frozen=True)
class ObjectiveSpread:
    """The lowest and highest objective totals, and the spread allowed."""

    lowest: int
    highest: int
    limit: int | None

    @property
    def spread(self) -> int:
        return self.highest - self.lowest


def check_decks(game: Game) -> list[ContentError]:
    conquest = game.part(Conquest)
    problems = []
    for deck in conquest.decks:
        if deck.declared_total is not None and deck.total != deck.declared_total:
            problems.append(deck.origin.error(
                f"deck {deck.id!r} has {deck.total} cards but declares {deck.declared_total}",
                _copies(deck), "/declared_total"))
    if conquest.event_deck is not None and conquest.base_turns is not None:
        events = next((d for d in conquest.decks if d.id == conquest.event_deck), None)
        if events is not None and events.total < conquest.base_turns:
            problems.append(events.origin.error(
                f"the event deck has {events.total} cards for {conquest.base_turns} turns",
                "one event is revealed per turn"))
    return problems


def _copies(deck: Deck) -> str:
    return "copies: " + ", ".join(f"{c.id} {c.copies}" for c in deck.cards)


def objective_spread(objectives: Objectives) -> ObjectiveSpread | None:
    totals = [o.total for o in objectives.cards]
    if not totals:
        return None
    return ObjectiveSpread(min(totals), max(totals), objectives.max_total_spread)


def check_objectives(objectives: Objectives) -> list[ContentError]:
    problems = []
    seen: dict[frozenset[str], str] = {}
    for objective in objectives.cards:
        names = [e.territory for e in objective.entries]
        for index, name in enumerate(names):
            if name in names[:index]:
                problems.append(objective.origin.error(
                    f"objective {objective.id!r} names {name!r} twice", "remove one",
                    f"/territories/{index}"))
        key = frozenset(names)
        if key in seen:
            problems.append(objective.origin.error(
                f"objective {objective.id!r} has the same territories as {seen[key]!r}",
                "change one of the two cards"))
        seen.setdefault(key, objective.id)
    spread = objective_spread(objectives)
    if spread is not None and spread.limit is not None and spread.spread > spread.limit:
        low = min(objectives.cards, key=lambda o: o.total)
        high = max(objectives.cards, key=lambda o: o.total)
        problems.append(objectives.origin.error(
            f"objective totals spread {spread.spread} points ({low.id} {spread.lowest} .. "
            f"{high.id} {spread.highest}), more than the limit {spread.limit}",
            "rebalance the values or raise max_total_spread", "/max_total_spread"))
    return problems
