"""SGRUNT's and MUGRUGNI's readings kept as content parameters (game.json `scoring` and
`turns`): each is tested with the shipped game (the default reading) and with the other
value set in memory, through public positions. The expected winners follow the
rulebook's words (rulebooks/sgrunt.md and mugrugni.txt, by line) under each reading,
not a run of the engine."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest
from conquest_rulebook import battle, faction, legal, play, table

from stamperia.content.editions.overrides import Override
from stamperia.content.errors import ContentProblems
from stamperia.content.loader import load_game
from stamperia.content.model import Game
from stamperia.content.rulesets.conquest.model import Conquest

GAMES = ("sgrunt", "mugrugni")


def _with(name: str, scoring: Mapping[str, Any] | None = None,
          turns: Mapping[str, Any] | None = None) -> Game:
    """The shipped game with keys added to its manifest's `scoring` or `turns`."""
    overrides = []
    if scoring is not None:
        overrides.append(Override("game.json", "/scoring",
                                  {"points_per_conquest": 2, **scoring}))
    if turns is not None:
        overrides.append(Override("game.json", "/turns",
                                  {"base": 12, "event_deck": "events", **turns}))
    return load_game(name, overrides)


def _objective(game: Game, card: str) -> set[str]:
    objectives = game.part(Conquest).objectives
    assert objectives is not None
    return {e.territory for e in next(c for c in objectives.cards if c.id == card).entries}


def _objective_points(game: Game, data: Mapping[str, Any], seat: int) -> int:
    """The seat's objective card's values over the territories it holds (sgrunt.md 285)."""
    objectives = game.part(Conquest).objectives
    assert objectives is not None
    card = next(c for c in objectives.cards if c.id == data["players"][seat]["objective"])
    return sum(e.value for e in card.entries
               if data["territories"][e.territory]["owner"] == faction(data, seat))


def _final(game: Game, mine: Mapping[str, tuple[int, int]],
           conquests: tuple[int, int]) -> dict[str, Any]:
    """The last turn of the game (seat 2's end move, an extra round whose next event has
    no icon): seat 2 holds every territory but `mine`, seats 0 and 1 hold `mine`, none of
    their own objective territories, and have made `conquests`."""
    data = table(game, {}, phase="move", stage="move")
    taken = _objective(game, data["players"][0]["objective"]) | _objective(
        game, data["players"][1]["objective"])
    assert not taken & set(mine)
    owners = {t: (2, 1) for t in data["territories"]}
    owners.update(mine)
    data = table(game, owners, phase="move", stage="move", to_move=2, active=2, round_=14,
                 event="addestramento", pile=["calma_apparente"], extra_rounds=True)
    for seat in (0, 1):
        data["players"][seat]["conquests"] = conquests[seat]
    return data


def _free(game: Game) -> list[str]:
    """Territories on neither seat 0's nor seat 1's objective card (the table's deal)."""
    data = table(game, {}, phase="move", stage="move")
    taken = _objective(game, data["players"][0]["objective"]) | _objective(
        game, data["players"][1]["objective"])
    return [t for t in data["territories"] if t not in taken]


def _winners(game: Game, data: dict[str, Any]) -> list[str]:
    after = play(game, data, "no-move")
    assert after["phase"] == "over" and after["end"] == "points"
    found: list[str] = after["winners"]
    return found


def _problems(name: str, scoring: Mapping[str, Any] | None = None,
              turns: Mapping[str, Any] | None = None) -> list[str]:
    with pytest.raises(ContentProblems) as raised:
        _with(name, scoring, turns)
    return [p.pointer for p in raised.value.problems]


# -- scoring.tie_margin (sgrunt.md 289 "punteggio simile", mugrugni.txt 441) ------------

@pytest.mark.parametrize("name", GAMES)
def test_without_tie_margin_only_equal_scores_tie(name: str) -> None:
    """Seat 0 scores 80, seat 1 78 with more territories: 78 is not "lo stesso punteggio"
    (mugrugni.txt 441), so the higher score wins (sgrunt.md 287 "La somma di questi
    valori determina il vincitore")."""
    game = load_game(name)
    assert game.part(Conquest).tie_margin == 0
    free = _free(game)
    data = _final(game, {free[0]: (0, 1), free[1]: (0, 1), free[2]: (1, 1),
                         free[3]: (1, 1), free[4]: (1, 1)}, (40, 39))
    assert _objective_points(game, data, 2) < 78
    assert _winners(game, data) == [faction(data, 0)]


@pytest.mark.parametrize("name", GAMES)
def test_a_tie_margin_makes_close_scores_a_tie_decided_by_territories(name: str) -> None:
    """tie_margin 2: 80 and 78 are "punteggio simile" (sgrunt.md 289), so a point per
    territory decides: seat 1's three beat seat 0's two. With 1, 78 is not close enough."""
    free = _free(load_game(name))
    mine = {free[0]: (0, 1), free[1]: (0, 1), free[2]: (1, 1), free[3]: (1, 1),
            free[4]: (1, 1)}
    two = _with(name, {"tie_margin": 2})
    assert two.part(Conquest).tie_margin == 2
    data = _final(two, mine, (40, 39))
    assert _winners(two, data) == [faction(data, 1)]
    one = _with(name, {"tie_margin": 1})
    assert _winners(one, _final(one, mine, (40, 39))) == [faction(data, 0)]


@pytest.mark.parametrize("name", GAMES)
def test_within_the_tie_margin_equal_territories_go_to_boars(name: str) -> None:
    """"Nel caso di ulteriore parità vince chi possiede più cinghiali" (sgrunt.md 289):
    80 and 78 within a margin of 2, two territories each, seat 1 with more boars."""
    game = _with(name, {"tie_margin": 2})
    free = _free(game)
    data = _final(game, {free[0]: (0, 1), free[1]: (0, 1), free[2]: (1, 3),
                         free[3]: (1, 1)}, (40, 39))
    assert _winners(game, data) == [faction(data, 1)]


def test_a_negative_tie_margin_is_refused() -> None:
    assert _problems("sgrunt", {"tie_margin": -1}) == ["/scoring/tie_margin"]


# -- scoring.eliminated (the rulebook is silent: sgrunt.md 283-289) ---------------------

def _eliminated_ahead(game: Game) -> dict[str, Any]:
    """Seat 1 holds no territory and made 60 conquests (120 points); seat 0 holds two
    territories off its objective with points just above seat 2's objective points."""
    free = _free(game)
    data = _final(game, {free[0]: (0, 1), free[1]: (0, 1)}, (0, 60))
    held = _objective_points(game, data, 2)
    data["players"][0]["conquests"] = held // 2 + 1  # 2 * conquests > held
    assert 2 * data["players"][0]["conquests"] < 120
    return data


@pytest.mark.parametrize("name", GAMES)
def test_by_default_an_eliminated_seat_keeps_its_points_and_can_win(name: str) -> None:
    game = load_game(name)
    assert game.part(Conquest).eliminated == "kept"
    data = _eliminated_ahead(game)
    assert _winners(game, data) == [faction(data, 1)]


@pytest.mark.parametrize("name", GAMES)
def test_with_eliminated_out_the_best_seat_still_on_the_board_wins(name: str) -> None:
    game = _with(name, {"eliminated": "out"})
    data = _eliminated_ahead(game)
    assert _winners(game, data) == [faction(data, 0)]


def test_an_unknown_eliminated_reading_is_refused() -> None:
    assert _problems("sgrunt", {"eliminated": "gone"}) == ["/scoring/eliminated"]


# -- turns.objective_check (sgrunt.md 293 "Se un giocatore conquista tutti i territori") --

def _objective_held_at_turn_start(game: Game) -> dict[str, Any]:
    """Seat 2 ends its turn in round 5; seat 0 holds its whole objective card, with no
    conquest made this turn (as after setup's claims), and its turn starts next."""
    data = table(game, {}, phase="move", stage="move")
    mine = {t: (0, 2) for t in _objective(game, data["players"][0]["objective"])}
    return table(game, mine, phase="move", stage="move", to_move=2, active=2, round_=5,
                 event="addestramento", pile=["calma_apparente"])


@pytest.mark.parametrize("name", GAMES)
def test_by_default_only_a_conquest_completes_the_objective(name: str) -> None:
    """"conquista tutti i territori" (sgrunt.md 293): holding them is not a conquest."""
    game = load_game(name)
    assert game.part(Conquest).objective_check == "after_conquest"
    after = play(game, _objective_held_at_turn_start(game), "no-move")
    assert after["phase"] != "over" and after["round"] == 6
    assert after["active"] == faction(after, 0)


@pytest.mark.parametrize("name", GAMES)
def test_objective_checked_at_turn_start_wins_by_holding(name: str) -> None:
    game = _with(name, turns={"objective_check": "turn_start"})
    after = play(game, _objective_held_at_turn_start(game), "no-move")
    assert after["phase"] == "over" and after["end"] == "objective"
    assert after["winners"] == [faction(after, 0)]


def test_an_unknown_objective_check_is_refused() -> None:
    assert _problems("sgrunt", turns={"objective_check": "never"}) == [
        "/turns/objective_check"]


# -- turns.recruit_window (sgrunt.md 179, mugrugni.txt 223-224 "prima di dichiarare
# l'attacco") --------------------------------------------------------------------------

def _recruit_card(game: Game) -> str:
    """The action card with a recruit effect (Reclutamento, Stagione dell'amore)."""
    return next(c.id for d in game.part(Conquest).decks for c in d.cards
                if any(e.type == "recruit" for e in c.effects))


def _after_a_battle(game: Game) -> dict[str, Any]:
    """Seat 0 has attacked (4 boars against 3: SGRUNT's Cagliari into Parteolla,
    MUGRUGNI's Foce into Albaro, mugrugni.txt 233-242), lost one boar to two and
    retreats; it holds the recruit card and Scorza dura (a card for others' turns) and
    has played no card this turn."""
    origin, target = ("foce", "albaro") if game.id == "mugrugni" else ("cagliari",
                                                                         "parteolla")
    data = battle(game, origin, target, 4, 3, 3)
    player = data["players"][0]
    for card in (_recruit_card(game), "scorza_dura"):
        player["deck"].remove(card)
        player["hand"].append(card)
    return play(game, data, "defend 3", "outcome 1-2", "retreat")


@pytest.mark.parametrize("name", GAMES)
def test_by_default_the_recruit_window_closes_at_the_first_attack(name: str) -> None:
    """"prima di dichiarare l'attacco" read as before the turn's attacks begin: after a
    battle the seat attacks again or stops, no recruit offered."""
    game = load_game(name)
    assert game.part(Conquest).recruit_window == "before_first_attack"
    after = _after_a_battle(game)
    assert after["phase"] == "attack" and after["to_move"] == faction(after, 0)
    moves = legal(game, after)
    assert "end-attacks" in moves
    assert not [m for m in moves if m.startswith("recruit")]


@pytest.mark.parametrize("name", GAMES)
def test_before_any_attack_a_recruit_card_may_follow_a_battle(name: str) -> None:
    """before_any_attack: after the battle, before declaring the next attack, the seat may
    play its recruit card (or not), then attacks or stops."""
    game = _with(name, turns={"recruit_window": "before_any_attack"})
    card = _recruit_card(game)
    after = _after_a_battle(game)
    assert after["phase"] == "recruit" and after["to_move"] == faction(after, 0)
    moves = legal(game, after)
    assert moves[0] == "recruit none" and f"recruit {card} 2" in moves
    assert all(m.startswith("recruit") for m in moves)
    recruited = play(game, after, f"recruit {card} 2")
    assert recruited["phase"] == "place" and recruited["tasks"][0]["count"] == 2
    declined = play(game, after, "recruit none")
    assert declined["phase"] == "attack" and "end-attacks" in legal(game, declined)


def test_before_any_attack_one_card_a_turn_still_holds() -> None:
    """"una sola carta per turno": a seat that played a card in this turn gets no second
    recruit window."""
    game = _with("sgrunt", turns={"recruit_window": "before_any_attack"})
    data = battle(game, "cagliari", "parteolla", 4, 3, 3, attacker_card="zannata")
    player = data["players"][0]
    player["deck"].remove("reclutamento")
    player["hand"].append("reclutamento")
    after = play(game, data, "defend 3", "outcome 1-2", "retreat")
    assert after["phase"] == "attack"


def test_an_unknown_recruit_window_is_refused() -> None:
    assert _problems("sgrunt", turns={"recruit_window": "always"}) == [
        "/turns/recruit_window"]
