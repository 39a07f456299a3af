"""The shipped SGRUNT content: the rulebook's facts and clarifications, asserted on the model."""

from __future__ import annotations

import pytest

from stamperia.content.loader import load_game
from stamperia.content.model import Game, pair
from stamperia.content.rulesets.conquest.model import Conquest
from stamperia.rules.conquest.board_check import derived_adjacency
from stamperia.rules.registry import check_game


@pytest.fixture(scope="module")
def sgrunt() -> Game:
    return load_game("sgrunt")


def adjacent(game: Game, a: str, b: str) -> bool:
    conquest = game.part(Conquest)
    assert conquest.board is not None
    return b in conquest.board.neighbours(a)


def touching(game: Game, a: str, b: str) -> bool:
    conquest = game.part(Conquest)
    assert conquest.board is not None
    return pair(a, b) in derived_adjacency(conquest.board)


def test_passes_every_check(sgrunt: Game) -> None:
    report = check_game(sgrunt, balance=False)
    assert report.problems == ()


def test_components_and_counts(sgrunt: Game) -> None:
    sc = sgrunt.part(Conquest)
    assert sgrunt.players == (3, 5)
    assert len(sc.factions) == 5
    events = sc.deck("events")
    assert events.total == 12
    actions = sc.deck("actions")
    assert actions.per_faction and actions.total == 16
    assert {c.id: c.copies for c in actions.cards} == {
        "barricata": 2, "carica": 3, "scorza_dura": 3, "zannata": 4, "pax_suina": 1,
        "reclutamento": 3}
    assert {c.id: c.copies for c in events.cards} == {
        "popolamento": 2, "addestramento": 2, "calma_apparente": 1, "bottino": 2,
        "furia_selvaggia": 2, "peste_suina": 1, "malu_entu": 1, "forestas": 1}
    assert sc.objectives is not None and len(sc.objectives.cards) == 16
    boar = next(p for p in sc.pieces if p.id == "boar")
    assert boar.per_faction * len(sc.factions) == 350
    assert sorted((d.id, d.count) for d in sc.dice) == [("attack", 3), ("defence", 3)]
    assert sc.setup is not None
    assert dict(sc.setup.pieces_per_player) == {3: 35, 4: 30, 5: 25}


def test_board_size_and_zones(sgrunt: Game) -> None:
    board = sgrunt.part(Conquest).board
    assert board is not None
    assert 38 <= len(board.territories) <= 42
    assert len(board.zones) == 8
    bonuses = {(z.bonus_pieces, z.bonus_cards) for z in board.zones}
    assert bonuses == {(2, 0), (3, 0), (2, 1)}


def test_sea_routes_of_the_rulebook(sgrunt: Game) -> None:
    assert sgrunt.part(Conquest).board is not None
    routes = {lk.between for lk in sgrunt.part(Conquest).board.links if lk.kind == "sea_route"}
    assert routes == {pair(*p) for p in [
        ("asinara", "nurra"), ("asinara", "villanova"), ("san_pietro_santantioco", "linas"),
        ("la_maddalena", "alta_gallura"), ("la_maddalena", "costa_smeralda"),
        ("cagliari", "supramonte"), ("cagliari", "la_maddalena")]}


@pytest.mark.parametrize(("a", "b"), [("linas", "sulcis"), ("cagliari", "campidano")])
def test_stone_markers_touch_but_are_not_adjacent(sgrunt: Game, a: str, b: str) -> None:
    assert touching(sgrunt, a, b)
    assert not adjacent(sgrunt, a, b)


def test_villanova_and_barbagia_are_not_adjacent(sgrunt: Game) -> None:
    """Rulebook, Chiarimenti: "Villanova con Barbagia ... non sono confinanti". With
    Marghine between them (facts.md), their cells no longer touch, so no stone is needed."""
    assert not touching(sgrunt, "villanova", "barbagia_di_nuoro")
    assert not adjacent(sgrunt, "villanova", "barbagia_di_nuoro")


def test_the_rulebooks_contiguous_series(sgrunt: Game) -> None:
    """End-of-turn example: red holds Campidano, Marmilla, Ogliastra and Supramonte and
    may move from Campidano to Supramonte."""
    for a, b in [("campidano", "marmilla"), ("marmilla", "ogliastra"),
                 ("ogliastra", "supramonte")]:
        assert adjacent(sgrunt, a, b)


@pytest.mark.parametrize(("a", "b"), [("villanova", "guilcer"), ("sinis", "linas"),
                                      ("marmilla", "ogliastra")])
def test_declared_adjacencies(sgrunt: Game, a: str, b: str) -> None:
    assert adjacent(sgrunt, a, b)


def test_islands_are_single_territories(sgrunt: Game) -> None:
    assert sgrunt.part(Conquest).board is not None
    assert sgrunt.part(Conquest).board.territory("san_pietro_santantioco").parts == 2
    assert sgrunt.part(Conquest).board.territory("la_maddalena").parts == 1
    assert sgrunt.part(Conquest).board.territory("asinara").parts == 1


@pytest.mark.parametrize("territory", ["marmilla", "guilcer", "mandrolisai", "parteolla",
                                       "goceano", "trexenta"])
def test_forestas_protects_the_landlocked_territories(sgrunt: Game, territory: str) -> None:
    assert sgrunt.part(Conquest).board is not None
    assert not sgrunt.part(Conquest).board.territory(territory).coastal
    forestas = next(c for c in sgrunt.part(Conquest).deck("events").cards if c.id == "forestas")
    assert [e.type for e in forestas.effects] == ["protect_landlocked"]


def test_malu_entu_blocks_sea_routes(sgrunt: Game) -> None:
    malu_entu = next(c for c in sgrunt.part(Conquest).deck("events").cards if c.id == "malu_entu")
    assert sgrunt.part(Conquest).board is not None
    assert "supramonte" in sgrunt.part(Conquest).board.neighbours("cagliari")
    blocked = frozenset(malu_entu.effects[0].params["link_kinds"])  # type: ignore[arg-type]
    assert "supramonte" not in sgrunt.part(Conquest).board.neighbours("cagliari", blocked)


def test_every_printed_text_is_translated(sgrunt: Game) -> None:
    """English and French (machine-made, every entry fuzzy); French also states the kit's
    words (`ui.*`), which the package has only in Italian and English."""
    assert sgrunt.locales == ("it", "en", "fr")
    assert set(sgrunt.strings["it"].texts) == set(sgrunt.strings["en"].texts)
    french = sgrunt.strings["fr"]
    assert {k for k in french.texts if not k.startswith("ui.")} == set(sgrunt.strings["it"].texts)
    assert french.fuzzy == frozenset(french.texts)


@pytest.mark.parametrize("game_id", ["sgrunt", "mugrugni"])
def test_objective_cards_hold_half_of_every_zone_in_complementary_pairs(game_id: str) -> None:
    """Issue 36: each card lists about half of every zone, cards 1-2, 3-4, ... together list
    the map once, and each value is one digit (the mini-map's bubble). Values differ from
    card to card for a stated reason (issue 15 asked for one): each card's were fitted to
    its win share (docs/rulesets/conquest.md, "Objective cards")."""
    conquest = load_game(game_id).part(Conquest)
    assert conquest.objectives is not None and conquest.board is not None
    zones: dict[str, set[str]] = {}
    for territory in conquest.board.territories:
        zones.setdefault(territory.zone, set()).add(territory.id)
    everything = set().union(*zones.values())
    cards = conquest.objectives.cards
    assert len(cards) == 16
    for card in cards:
        held = {e.territory for e in card.entries}
        assert all(abs(len(held & ts) - len(ts) / 2) <= 0.5 for ts in zones.values()), card.id
        assert all(1 <= e.value <= 9 for e in card.entries), card.id
    for first, second in zip(cards[::2], cards[1::2], strict=True):
        one = {e.territory for e in first.entries}
        assert one | {e.territory for e in second.entries} == everything
        assert len(one) == len(everything) // 2
