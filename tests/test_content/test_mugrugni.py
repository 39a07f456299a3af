"""The shipped MUGRUGNI edition: the same ruleset as SGRUNT, every difference in data."""

from __future__ import annotations

import pytest

from stamperia.content.loader import load_game
from stamperia.content.model import Game, pair
from stamperia.content.rulesets.conquest.model import Conquest
from stamperia.rules.registry import check_game


@pytest.fixture(scope="module")
def mugrugni() -> Game:
    return load_game("mugrugni")


def neighbours(game: Game, territory: str, blocked: frozenset[str] = frozenset()) -> set[str]:
    conquest = game.part(Conquest)
    assert conquest.board is not None
    return set(conquest.board.neighbours(territory, blocked))


def event_blocks(game: Game, card_id: str) -> frozenset[str]:
    card = next(c for c in game.part(Conquest).deck("events").cards if c.id == card_id)
    kinds = [e.params["link_kinds"] for e in card.effects if e.type == "block_link_kinds"]
    return frozenset(k for group in kinds for k in group)  # type: ignore[union-attr]


def test_passes_every_check_with_the_same_ruleset(mugrugni: Game) -> None:
    assert mugrugni.ruleset == load_game("sgrunt").ruleset == "conquest"
    assert check_game(mugrugni, balance=False).problems == ()


def test_forty_quartieri_in_eight_zones(mugrugni: Game) -> None:
    assert mugrugni.part(Conquest).board is not None
    assert len(mugrugni.part(Conquest).board.territories) == 40
    assert len(mugrugni.part(Conquest).board.zones) == 8


@pytest.mark.parametrize(("a", "b"), [("oregina", "centro"), ("castelletto", "pre"),
                                      ("oregina", "sampierdarena"), ("granarolo", "pre"),
                                      ("foce", "staglieno"), ("bavari", "quezzi")])
def test_clarified_pairs_are_not_adjacent(mugrugni: Game, a: str, b: str) -> None:
    assert b not in neighbours(mugrugni, a)


def test_struppa_passes_its_ford_and_reaches_apparizione_by_a_mountain_pass(
        mugrugni: Game) -> None:
    assert mugrugni.part(Conquest).board is not None
    kinds = {(link.kind, link.between) for link in mugrugni.part(Conquest).board.links}
    assert ("ford", pair("struppa", "santeusebio")) in kinds
    assert ("mountain_pass", pair("struppa", "apparizione")) in kinds


def test_three_link_kinds_and_the_events_that_block_them(mugrugni: Game) -> None:
    mc = mugrugni.part(Conquest)
    assert mc.board is not None
    assert {k.id for k in mc.board.link_kinds} == {"sea_route", "ford", "mountain_pass"}
    assert event_blocks(mugrugni, "alluvione") == {"ford"}
    assert event_blocks(mugrugni, "tempesta") == {"sea_route", "mountain_pass"}
    assert "santeusebio" in neighbours(mugrugni, "struppa")
    assert "santeusebio" not in neighbours(mugrugni, "struppa", event_blocks(mugrugni,
                                                                              "alluvione"))
    assert "pre" not in neighbours(mugrugni, "nervi", event_blocks(mugrugni, "tempesta"))


def test_no_sardinian_events_and_stagione_needs_no_discard(mugrugni: Game) -> None:
    mc = mugrugni.part(Conquest)
    events = {c.id for c in mc.deck("events").cards}
    assert not events & {"malu_entu", "forestas"}
    actions = {c.id: c for c in mc.deck("actions").cards}
    stagione = actions["stagione_amore"].effects[0]
    assert stagione.type == "recruit" and stagione.params["discards"] == 0
    assert mc.deck("actions").total == 16 and mc.deck("events").total == 12


def test_quarto_lies_between_sturla_apparizione_and_quinto(mugrugni: Game) -> None:
    """facts.md: "Quarto lies between Sturla, Apparizione and Quinto": Quinto, not Quarto,
    reaches Nervi. The rulebook's end-of-turn example (Foce, Albaro, Sturla, Quarto, Quinto
    form a contiguous series) still holds."""
    assert neighbours(mugrugni, "quarto") == {"sturla", "apparizione", "quinto"}
    assert "nervi" in neighbours(mugrugni, "quinto")
    for a, b in [("foce", "albaro"), ("albaro", "sturla"), ("sturla", "quarto"),
                 ("quarto", "quinto")]:
        assert b in neighbours(mugrugni, a)
