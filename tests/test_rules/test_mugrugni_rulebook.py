"""MUGRUGNI's rulebook (rulebooks/mugrugni.txt), where it differs from SGRUNT or names its
own places, through public positions. Line numbers in the docstrings count the text's
non-blank lines (as notes/p31/audit31c.md does)."""

from __future__ import annotations

import pytest
from conquest_rulebook import (
    COLOUR,
    battle,
    chance,
    faction,
    legal,
    play,
    rulebook_roll,
    table,
    zone_of,
)

from stamperia.content.loader import load_game
from stamperia.content.model import Game
from stamperia.content.rulesets.conquest.model import Conquest
from stamperia.rules.conquest.positions import POSITIONS


@pytest.fixture(scope="module")
def mugrugni() -> Game:
    return load_game("mugrugni")


@pytest.mark.parametrize(("players", "dealt"), [(3, 35), (4, 30), (5, 25)])
def test_boars_per_player_count_and_two_cards(mugrugni: Game, players: int,
                                              dealt: int) -> None:
    """89-92: 35 / 30 / 25 boars a head, the rest in reserve; 102-103: the first 2 cards;
    97-98: the objective cards not dealt go back in the box."""
    data = POSITIONS.opening(mugrugni, players, 3)
    seats = data["players"]
    assert isinstance(seats, list)
    assert [p["setup_left"] for p in seats] == [dealt] * players
    assert [p["reserve"] for p in seats] == [COLOUR - dealt] * players
    assert [len(p["hand"]) for p in seats] == [2] * players
    assert len({p["objective"] for p in seats}) == players


def test_with_five_cards_mugrugni_discards_before_the_new_forces_card(
        mugrugni: Game) -> None:
    """131-132: "aggiunge una carta Azione alla sua mano. (Se ne possiede già 5 in mano
    sceglie prima quali scartare)": a discard among the five, then the draw."""
    hand = ["zannata", "zannata", "carica_bestiale", "barricata", "scorza_dura"]
    data = table(mugrugni, {"foce": (0, 5)}, phase="move", stage="move", hands={1: hand})
    after = play(mugrugni, data, "no-move")
    assert after["players"][1]["hand"] == hand
    assert [t["kind"] for t in after["tasks"]][:2] == ["discard", "draw"]
    assert legal(mugrugni, after) == ("discard barricata", "discard carica_bestiale",
                                      "discard scorza_dura", "discard zannata")
    drawn = play(mugrugni, after, "discard barricata")
    assert len(drawn["players"][1]["hand"]) == 5
    assert drawn["tasks"] == [{"kind": "place", "faction": faction(drawn, 1), "count": 3}]


def test_a_whole_zone_with_a_card_bonus(mugrugni: Game) -> None:
    """133-134, 143-147: a whole zone adds two boars, three boars, or two boars and a
    card."""
    board = mugrugni.part(Conquest).board
    assert board is not None
    assert {(z.bonus_pieces, z.bonus_cards) for z in board.zones} == {(2, 0), (3, 0), (2, 1)}
    owners = {t: (1 if z == "valpolcevera" else 2, 1) for t, z in zone_of(mugrugni).items()}
    owners["foce"] = (0, 5)
    after = play(mugrugni, table(mugrugni, owners, phase="move", stage="move"), "no-move")
    assert after["tasks"] == [{"kind": "place", "faction": faction(after, 1), "count": 5}]
    assert len(after["players"][1]["hand"]) == 2


def test_the_attack_example_foce_albaro(mugrugni: Game) -> None:
    """233-242: red attacks from Foce to Albaro with 3 boars against 4: at most two dice;
    the defender at most 3 however many it holds."""
    data = table(mugrugni, {"foce": (0, 3), "albaro": (1, 4)})
    assert [m for m in legal(mugrugni, data) if m.startswith("attack foce albaro")] == [
        "attack foce albaro 1", "attack foce albaro 2"]
    declared = play(mugrugni, data, "attack foce albaro 2")
    assert legal(mugrugni, declared) == ("defend 1", "defend 2", "defend 3")


def test_carica_bestiale_adds_one_to_every_die_of_the_first_attack(mugrugni: Game) -> None:
    """502-510: "i valori dei dadi del tuo primo attacco saranno aumentati di +1"."""
    data = battle(mugrugni, "foce", "albaro", 4, 3, 3, attacker_card="carica_bestiale")
    assert chance(mugrugni, play(mugrugni, data, "defend 2")) == rulebook_roll(
        3, 2, attack_all=1)
    later = battle(mugrugni, "foce", "albaro", 4, 3, 3, attacker_card="carica_bestiale",
                   rolls=1)
    assert chance(mugrugni, play(mugrugni, later, "defend 2")) == rulebook_roll(3, 2)


@pytest.mark.parametrize(("event", "closed", "open_"), [
    ("alluvione", [("granarolo", "rivarolo"), ("struppa", "santeusebio")],
     [("nervi", "pre"), ("bolzaneto", "trensasco")]),
    ("tempesta", [("nervi", "pre"), ("bolzaneto", "trensasco"), ("struppa", "apparizione")],
     [("granarolo", "rivarolo")]),
    ("calma_apparente", [],
     [("nervi", "pre"), ("granarolo", "rivarolo"), ("bolzaneto", "trensasco"),
      ("pre", "pra"), ("struppa", "apparizione")]),
])
def test_alluvione_closes_the_fords_and_tempesta_the_sea_and_the_passes(
        mugrugni: Game, event: str, closed: list[tuple[str, str]],
        open_: list[tuple[str, str]]) -> None:
    """439-446: Alluvione, "Non si possono sferrare attacchi attraversando i guadi. Es: non
    si può attaccare da Granarolo verso Rivarolo"; 457-465: Tempesta, "Non si possono
    attaccare i territori tra loro collegati via mare o via monte. Es: Nervi verso Prè
    oppure Bolzaneto verso Trensasco"; 193-197: otherwise sea routes, fords and passes
    join ("Nervi confina con Prè e Struppa confina con Apparizione")."""
    for origin, target in closed + open_:
        data = table(mugrugni, {origin: (0, 4), target: (1, 1)}, event=event)
        attacks = [m for m in legal(mugrugni, data) if m.startswith(
            f"attack {origin} {target} ")]
        assert bool(attacks) is ((origin, target) in open_), (origin, target)


def test_the_end_move_example_foce_to_quinto(mugrugni: Game) -> None:
    """294-308: red holds Foce, Albaro, Sturla, Quarto, Quinto "può spostare quanti
    cinghiali desidera dalla Foce a Quinto", leaving one in each territory."""
    owners = {"foce": (0, 7), "albaro": (0, 1), "sturla": (0, 1), "quarto": (0, 1),
              "quinto": (0, 1)}
    data = table(mugrugni, owners, phase="move", stage="move")
    chosen = play(mugrugni, data, "move foce quinto")
    assert legal(mugrugni, chosen) == tuple(f"move-count {n}" for n in range(1, 7))
    owners["sturla"] = (1, 1)
    assert "move foce quinto" not in legal(mugrugni, table(mugrugni, owners, phase="move",
                                                           stage="move"))


def test_the_tie_goes_to_territories_then_to_boars_on_the_board(mugrugni: Game) -> None:
    """339-342: "Nel caso in cui 2 o più giocatori ottengano lo stesso punteggio più alto,
    assegnate un punto per ogni territorio ... Nel caso di ulteriore parità vince chi
    possiede più cinghiali nel tabellone"; seat 2 scores less than either."""
    data = table(mugrugni, {}, phase="move", stage="move")
    objectives = mugrugni.part(Conquest).objectives
    assert objectives is not None
    cards = {c.id: {e.territory for e in c.entries} for c in objectives.cards}
    taken = cards[data["players"][0]["objective"]] | cards[data["players"][1]["objective"]]
    free = [t for t in data["territories"] if t not in taken]
    owners = {t: (2, 1) for t in data["territories"]}
    owners.update({free[0]: (0, 1), free[1]: (0, 1), free[2]: (1, 2), free[3]: (1, 1)})
    end = table(mugrugni, owners, phase="move", stage="move", to_move=2, active=2,
                round_=14, event="addestramento", pile=["calma_apparente"],
                extra_rounds=True)
    for seat in (0, 1):
        end["players"][seat]["conquests"] = 40
    after = play(mugrugni, end, "no-move")
    assert after["phase"] == "over" and after["winners"] == [faction(after, 1)]
