"""SGRUNT's rulebook (rulebooks/sgrunt.md), rule by rule, through public positions.

Expected values come from the rulebook's words; the dice odds from a plain enumeration of
the comparison the rulebook describes, not from the engine's tables. The audit that lists
these tests against the rulebook's lines is notes/p31/audit31c.md."""

from __future__ import annotations

import itertools
import random
from fractions import Fraction
from typing import Any

import pytest
from conquest_rulebook import (
    COLOUR,
    battle,
    chance,
    faction,
    legal,
    play,
    read,
    rulebook_roll,
    table,
    zone_of,
)

from stamperia.content.loader import load_game
from stamperia.content.model import Game
from stamperia.content.rulesets.conquest.model import Conquest
from stamperia.rules.conquest.positions import POSITIONS


@pytest.fixture(scope="module")
def sgrunt() -> Game:
    return load_game("sgrunt")


# ----- Preparazione ---------------------------------------------------------------------
@pytest.mark.parametrize(("players", "dealt"), [(3, 35), (4, 30), (5, 25)])
def test_boars_per_player_count_and_the_rest_in_reserve(sgrunt: Game, players: int,
                                                         dealt: int) -> None:
    """"35 cinghiali a testa se giocate in 3; 30 ... in 4; 25 ... in 5. Gli altri cinghiali
    rimangono in riserva"; "prende le prime 2 carte"; one objective card each."""
    data: Any = POSITIONS.opening(sgrunt, players, 5)
    assert [p["setup_left"] for p in data["players"]] == [dealt] * players
    assert [p["reserve"] for p in data["players"]] == [COLOUR - dealt] * players
    assert [len(p["hand"]) for p in data["players"]] == [2] * players
    assert [len(p["hand"]) + len(p["deck"]) for p in data["players"]] == [16] * players
    assert len({p["objective"] for p in data["players"]}) == players
    assert data["phase"] == "claim" and data["to_move"] == faction(data, 0)


def test_claims_go_clockwise_one_boar_each_then_three_at_a_time(sgrunt: Game) -> None:
    """"posizionate un cinghiale sopra un territorio libero ... A seguire tutti i giocatori,
    in senso orario"; once every territory is taken "il primo giocatore di turno prende tre
    cinghiali alla volta ... e li colloca su un territorio già occupato dalla sua fazione"."""
    rng = random.Random(0)
    position = read(sgrunt, POSITIONS.opening(sgrunt, 3, 2))
    seats: list[str] = []
    while True:
        data: Any = POSITIONS.write(sgrunt, position)
        if data["phase"] != "claim":
            break
        seats.append(data["to_move"])
        move = POSITIONS.legal(sgrunt, position).moves[0]
        position = POSITIONS.apply(sgrunt, position, move, rng)
        after: Any = POSITIONS.write(sgrunt, position)
        assert after["territories"][move.split()[1]] == {"owner": seats[-1], "pieces": 1}
    order = [faction(data, s) for s in range(3)]
    assert seats == [order[n % 3] for n in range(len(seats))]
    # The last claim is the only one left: the engine plays it (no choice, not recorded).
    assert len(seats) == len(data["territories"]) - 1
    owners = [v["owner"] for v in data["territories"].values()]
    assert [owners.count(f) for f in order] == [14, 13, 13]
    assert all(v["pieces"] == 1 for v in data["territories"].values())
    assert data["to_move"] == order[0]
    assert data["tasks"][0] == {"kind": "place", "faction": order[0], "count": 3}
    mine = next(t for t, v in data["territories"].items() if v["owner"] == order[0])
    assert all(m.split()[1] in {t for t, v in data["territories"].items()
                                if v["owner"] == order[0]}
               for m in POSITIONS.legal(sgrunt, position).moves)
    placed: Any = POSITIONS.write(sgrunt, POSITIONS.apply(sgrunt, position,
                                                          f"place {mine} 3", rng))
    assert placed["tasks"][0] == {"kind": "place", "faction": order[1], "count": 3}


# ----- Aggiunta nuove forze -------------------------------------------------------------
def _turn_of_seat_1(game: Game, owners: dict[str, tuple[int, int]], **kw: Any) -> Any:
    """Seat 0 ends its turn (no end-of-turn move): seat 1's turn begins."""
    data = table(game, owners, phase="move", stage="move", **kw)
    return play(game, data, "no-move")


def test_new_forces_are_three_boars_and_one_card(sgrunt: Game) -> None:
    """"PRENDE obbligatoriamente 3 cinghiali dalla propria riserva e aggiunge una carta
    Azione alla sua mano"; "DISPONE tutte le nuove forze ... nei territori occupati dalla
    propria fazione"."""
    after = _turn_of_seat_1(sgrunt, {"cagliari": (0, 5)})
    assert after["active"] == faction(after, 1)
    assert after["tasks"] == [{"kind": "place", "faction": faction(after, 1), "count": 3}]
    assert [len(p["hand"]) for p in after["players"]] == [0, 1, 0]
    own = {t for t, v in after["territories"].items() if v["owner"] == faction(after, 1)}
    assert {m.split()[1] for m in legal(sgrunt, after)} == own
    assert {int(m.split()[2]) for m in legal(sgrunt, after)} == {1, 2, 3}


@pytest.mark.parametrize("zone", ["nuorese", "arborea", "gallura"])
def test_a_whole_zone_adds_its_bonus_to_the_new_forces(sgrunt: Game, zone: str) -> None:
    """"Se occupa interamente una delle otto zone AGGIUNGE altri cinghiali supplementari e
    PESCA nuove carte": two boars, three boars, or two boars and one card."""
    board = sgrunt.part(Conquest).board
    assert board is not None
    bonus = next((z.bonus_pieces, z.bonus_cards) for z in board.zones if z.id == zone)
    assert bonus in {(2, 0), (3, 0), (2, 1)}
    owners = {t: (1, 1) for t, z in zone_of(sgrunt).items() if z == zone}
    owners.update({t: (2, 1) for t, z in zone_of(sgrunt).items() if z != zone})
    owners["cagliari"] = (0, 5)
    after = _turn_of_seat_1(sgrunt, owners)
    assert after["tasks"] == [{"kind": "place", "faction": faction(after, 1),
                               "count": 3 + bonus[0]}]
    assert len(after["players"][1]["hand"]) == 1 + bonus[1]


def test_over_five_cards_sgrunt_draws_then_chooses_what_to_discard(sgrunt: Game) -> None:
    """"Durante il gioco non si possono avere in mano più di 5 carte azione"; "(Se ne
    possiede più di 5 in mano sceglie prima quali scartare)"."""
    hand = ["zannata", "zannata", "carica", "carica", "barricata"]
    after = _turn_of_seat_1(sgrunt, {"cagliari": (0, 5)}, hands={1: hand})
    assert len(after["players"][1]["hand"]) == 6
    assert after["tasks"][0] == {"kind": "discard", "faction": faction(after, 1), "count": 1}
    discarded = play(sgrunt, after, "discard zannata")
    assert len(discarded["players"][1]["hand"]) == 5


# ----- Carte Evento ---------------------------------------------------------------------
def _new_round(game: Game, top: str, owners: dict[str, tuple[int, int]], **kw: Any) -> Any:
    """The last seat ends round 1; the next event is `top`."""
    deck = [e.id for e in game.part(Conquest).deck("events").cards
            for _ in range(e.copies)]
    current = "calma_apparente" if top != "calma_apparente" else "addestramento"
    deck.remove(top)
    deck.remove(current)
    return play(game, table(game, owners, phase="move", stage="move", to_move=2, active=2,
                            event=current, pile=[top, *deck], **kw), "no-move")


def test_popolamento_adds_three_boars_to_everyone_in_turn_order(sgrunt: Game) -> None:
    """"Tutti i giocatori aggiungono ... 3 cinghiali nei propri territori"; "in ordine di
    turno a partire dal primo giocatore appena rivelata la carta Evento"."""
    after = _new_round(sgrunt, "popolamento", {"cagliari": (0, 5)})
    assert after["event"] == "popolamento" and after["round"] == 2
    assert after["tasks"] == [{"kind": "place", "faction": faction(after, s), "count": 3}
                              for s in range(3)]


def test_addestramento_gives_everyone_an_action_card(sgrunt: Game) -> None:
    """"Tutti i giocatori prendono una carta Azione e la aggiungono alla propria mano"
    ("contemporaneamente ... appena rivelata"); then seat 0's own new card."""
    after = _new_round(sgrunt, "addestramento", {"cagliari": (0, 5)})
    assert [len(p["hand"]) for p in after["players"]] == [2, 1, 1]


def test_peste_suina_removes_two_boars_without_emptying_a_territory(sgrunt: Game) -> None:
    """"Tutti i giocatori tolgono due propri cinghiali dal tabellone (nel caso in cui si
    possiede solo un cinghiale in ogni territorio questa regola non viene applicata)"."""
    after = _new_round(sgrunt, "peste_suina", {"cagliari": (0, 5), "sulcis": (2, 2)})
    assert after["tasks"] == [{"kind": "remove", "faction": faction(after, 0), "count": 2},
                              {"kind": "remove", "faction": faction(after, 2), "count": 1}]
    assert legal(sgrunt, after) == ("remove cagliari 1", "remove cagliari 2")


def test_furia_selvaggia_compels_an_attack_and_adds_a_card(sgrunt: Game) -> None:
    """"Siete obbligati ad effettuare almeno un attacco in questo turno e aggiungere una
    carta Azione alla vostra mano": two cards with the turn's own, no stopping first."""
    after = _new_round(sgrunt, "furia_selvaggia", {"cagliari": (0, 5)})
    assert len(after["players"][0]["hand"]) == 2
    placed = play(sgrunt, after, "place cagliari 3")
    assert placed["phase"] == "attack" and "end-attacks" not in legal(sgrunt, placed)


def test_calma_apparente_changes_nothing(sgrunt: Game) -> None:
    """"In questo turno di gioco non si applica nessuna azione ulteriore a quelle delle
    regole base.\""""
    after = _new_round(sgrunt, "calma_apparente", {"cagliari": (0, 5)})
    assert after["tasks"] == [{"kind": "place", "faction": faction(after, 0), "count": 3}]
    assert [len(p["hand"]) for p in after["players"]] == [1, 0, 0]
    assert "end-attacks" in legal(sgrunt, play(sgrunt, after, "place cagliari 3"))


def test_malu_entu_closes_the_sea_route_cagliari_supramonte(sgrunt: Game) -> None:
    """"Non si possono sferrare attacchi via mare (da porto a porto). Es: non si può
    attaccare da Cagliari verso il Supramonte.\""""
    owners = {"cagliari": (0, 5), "supramonte": (1, 1)}
    assert "attack cagliari supramonte 3" in legal(sgrunt, table(sgrunt, owners))
    blocked = legal(sgrunt, table(sgrunt, owners, event="malu_entu"))
    assert not any(m.startswith("attack cagliari supramonte") for m in blocked)
    assert "attack cagliari parteolla 3" in blocked


def test_forestas_protects_territories_off_the_sea(sgrunt: Game) -> None:
    """"Non si possono attaccare i territori che non si affacciano sul mare. Es: Marmilla,
    Guilcer, Mandrolisai, Parteolla, Goceano, Trexenta\""""
    owners = {"cagliari": (0, 5), "parteolla": (1, 1), "sulcis": (1, 1)}
    moves = legal(sgrunt, table(sgrunt, owners, event="forestas"))
    assert not any(m.startswith("attack cagliari parteolla") for m in moves)
    assert "attack cagliari sulcis 3" in moves


# ----- Battaglia ------------------------------------------------------------------------
def test_the_turn_ends_when_no_territory_has_two_boars(sgrunt: Game) -> None:
    """"potete attaccare solo da zone con almeno due cinghiali"; "Il turno di gioco si
    esaurisce quando ... Il giocatore rimane con un solo cinghiale nei suoi territori"."""
    data = table(sgrunt, {"cagliari": (0, 1)})
    assert legal(sgrunt, data) == ("end-attacks",)


@pytest.mark.parametrize(("attack", "defence"), list(itertools.product((1, 2, 3),
                                                                      repeat=2)))
def test_dice_compare_highest_first_and_ties_go_to_the_defender(
        sgrunt: Game, attack: int, defence: int) -> None:
    data = battle(sgrunt, "cagliari", "parteolla", 4, 3, attack)
    assert chance(sgrunt, play(sgrunt, data, f"defend {defence}")) == rulebook_roll(
        attack, defence)


def test_one_die_against_one(sgrunt: Game) -> None:
    """The attacker wins only with a higher die: 15 of the 36 rolls."""
    data = battle(sgrunt, "cagliari", "parteolla", 2, 1, 1)
    assert chance(sgrunt, play(sgrunt, data, "defend 1")) == {
        "outcome 0-1": Fraction(15, 36), "outcome 1-0": Fraction(21, 36)}


CARDS = {  # card: (side, rulebook bonus on the first roll, on a later roll)
    "carica": ("attacker", {"attack_all": 1}, {}),
    "zannata": ("attacker", {"attack_top": 1}, {"attack_top": 1}),
    "barricata": ("defender", {"defence_all": 1}, {}),
    "scorza_dura": ("defender", {"defence_top": 1}, {"defence_top": 1}),
}


@pytest.mark.parametrize("card", sorted(CARDS))
@pytest.mark.parametrize("rolls", [0, 1])
def test_each_dice_card_changes_the_dice_as_written(sgrunt: Game, card: str,
                                                   rolls: int) -> None:
    """Carica: "i valori dei dadi del tuo primo attacco saranno aumentati di +1"; Zannata:
    "il valore più alto dei tuoi dadi aumenta di +1 per tutta la durata della battaglia";
    Barricata: "i valori dei dadi della tua prima difesa saranno aumentati di +1"; Scorza
    dura: "il valore più alto dei tuoi dadi aumenta di +1 per tutta la durata della
    battaglia in corso"."""
    side, first, later = CARDS[card]
    played = {"attacker_card": card} if side == "attacker" else {"defender_card": card}
    data = battle(sgrunt, "cagliari", "parteolla", 4, 3, 3, rolls=rolls,
                  **played)
    bonus = first if rolls == 0 else later
    assert chance(sgrunt, play(sgrunt, data, "defend 2")) == rulebook_roll(3, 2, **bonus)


def test_one_card_per_player_in_each_turn_and_again_in_the_next(sgrunt: Game) -> None:
    """"Ogni giocatore può usare una sola carta per turno, sia nel proprio sia in quello
    degli avversari" (the example: Pax Suina in its own turn, Scorza dura in green's,
    Barricata in blue's)."""
    data = table(sgrunt, {"cagliari": (0, 5), "parteolla": (1, 3)},
                 hands={1: ["barricata"]}, played=(1, 2))
    fought = play(sgrunt, data, "attack cagliari parteolla 3")
    assert fought["phase"] == "defend"  # no defence card window: seat 1 has played one
    turned = play(sgrunt, table(sgrunt, {"cagliari": (0, 5)}, phase="move", stage="move",
                                played=(0, 1, 2)), "no-move")
    assert [p["played_card"] for p in turned["players"]] == [False, False, False]


def test_occupation_moves_any_number_leaving_one_behind(sgrunt: Game) -> None:
    """"Sterminati tutti i cinghiali sul territorio avversario, lo occupa spostando quante
    armate reputa necessario lasciando almeno un cinghiale come presidio"; each conquest
    is worth two points."""
    data = battle(sgrunt, "cagliari", "parteolla", 6, 1, 3)
    won = play(sgrunt, data, "defend 1", "outcome 0-1")
    assert won["phase"] == "occupy"
    assert legal(sgrunt, won) == tuple(f"occupy {n}" for n in range(1, 6))
    after = play(sgrunt, won, "occupy 5")
    assert after["territories"]["cagliari"]["pieces"] == 1
    assert after["territories"]["parteolla"] == {"owner": faction(after, 0), "pieces": 5}
    assert after["players"][0]["conquests"] == 1


def test_the_attack_goes_on_while_two_boars_remain(sgrunt: Game) -> None:
    """"può proseguire la sfida ... sino a quando nel suo territorio rimangono almeno due
    cinghiali. Può decidere di interrompere le battaglie in qualsiasi momento.\""""
    data = battle(sgrunt, "cagliari", "parteolla", 4, 3, 3)
    after = play(sgrunt, data, "defend 3", "outcome 1-2")
    assert after["phase"] == "battle"
    assert legal(sgrunt, after) == ("retreat", "roll 1", "roll 2")
    other = battle(sgrunt, "cagliari", "parteolla", 4, 3, 3)
    other["territories"]["sulcis"] = {"owner": faction(other, 0), "pieces": 3}
    other["players"][0]["reserve"] -= 3
    done = play(sgrunt, other, "defend 3", "outcome 3-0")
    assert done["phase"] == "attack" and done["battle"] is None


# ----- Pax Suina ------------------------------------------------------------------------
def test_pax_suina_forbids_both_attacks_until_the_targets_next_turn(sgrunt: Game) -> None:
    """"Indica un giocatore avversario, non potrà attaccarvi nel suo prossimo turno e voi
    non potete attaccarlo in questo turno" ("da usare all'inizio del proprio turno")."""
    owners = {"cagliari": (0, 5), "parteolla": (1, 5), "trexenta": (1, 1),
              "sulcis": (2, 1)}
    start = table(sgrunt, owners, phase="truce", stage="new_forces",
                  hands={0: ["pax_suina"]})
    assert legal(sgrunt, start) == ("truce none", *(f"truce {faction(start, s)}"
                                                     for s in (1, 2)))
    placed = play(sgrunt, start, f"truce {faction(start, 1)}", "place cagliari 3")
    mine = legal(sgrunt, placed)
    assert "attack cagliari sulcis 3" in mine
    assert not any(m.startswith(("attack cagliari parteolla", "attack cagliari trexenta"))
                   for m in mine)
    # Seat 0 holds one territory: no end-of-turn move to choose.
    theirs = play(sgrunt, placed, "end-attacks", "place parteolla 3")
    assert theirs["active"] == faction(theirs, 1) and theirs["phase"] == "attack"
    assert not any(m.startswith("attack parteolla cagliari") for m in legal(sgrunt, theirs))
    later = play(sgrunt, theirs, "end-attacks", "no-move")
    assert later["truces"] == []


# ----- Spostamento di fine turno --------------------------------------------------------
def test_the_end_move_follows_a_contiguous_series_of_own_territories(sgrunt: Game) -> None:
    """"possiede i territori del Campidano, Marmilla, Ogliastra e Supramonte: può spostare
    quanti cinghiali desidera dal Campidano al Supramonte"; "lasciare almeno un cinghiale";
    "Questa operazione può essere fatta solo una volta e sancisce la fine".
    """
    owners = {"campidano": (0, 6), "marmilla": (0, 1), "ogliastra": (0, 1),
              "supramonte": (0, 1)}
    data = table(sgrunt, owners, phase="move", stage="move")
    assert "move campidano supramonte" in legal(sgrunt, data)
    chosen = play(sgrunt, data, "move campidano supramonte")
    assert legal(sgrunt, chosen) == tuple(f"move-count {n}" for n in range(1, 6))
    moved = play(sgrunt, chosen, "move-count 5")
    assert moved["territories"]["supramonte"]["pieces"] == 6
    assert moved["active"] == faction(moved, 1)
    owners["marmilla"] = (1, 1)
    broken = table(sgrunt, owners, phase="move", stage="move")
    assert "move campidano supramonte" not in legal(sgrunt, broken)


# ----- Vittoria -------------------------------------------------------------------------
def _icons(game: Game) -> dict[str, bool]:
    return {e.id: e.continue_icon for e in game.part(Conquest).deck("events").cards}


@pytest.mark.parametrize("seed", range(6))
def test_after_the_twelfth_event_only_an_icon_plays_on(sgrunt: Game, seed: int) -> None:
    """"Quando viene rivelata la dodicesima carta Evento si conclude il turno di gioco di
    tutti i giocatori. A questo punto si mischiano nuovamente tutte le carte Evento ... Si
    continua ... nel caso sia presente ... l'icona ... Se l'icona non è presente il gioco si
    conclude senza affrontare il turno di gioco.\""""
    data = table(sgrunt, {"cagliari": (0, 5)}, phase="move", stage="move", to_move=2,
                 active=2, round_=12, pile=[])
    after = play_seeded(sgrunt, data, seed, "no-move")
    if _icons(sgrunt)[after["event"]]:
        assert after["round"] == 13 and after["phase"] != "over"
        assert len(after["events"]) == 11
    else:
        assert after["phase"] == "over" and after["end"] == "points"
        assert after["round"] == 12


@pytest.mark.parametrize(("top", "over"), [("calma_apparente", True), ("popolamento", False),
                                           ("malu_entu", True), ("forestas", False)])
def test_each_extra_round_needs_the_icon(sgrunt: Game, top: str, over: bool) -> None:
    assert _icons(sgrunt)[top] is not over
    data = table(sgrunt, {"cagliari": (0, 5)}, phase="move", stage="move", to_move=2,
                 active=2, round_=14, event="addestramento", pile=[top],
                 extra_rounds=True)
    after = play(sgrunt, data, "no-move")
    assert (after["phase"] == "over") is over
    assert after["round"] == (14 if over else 15)


def play_seeded(game: Game, data: dict[str, Any], seed: int, *moves: str) -> Any:
    position = read(game, data)
    rng = random.Random(seed)
    for move in moves:
        position = POSITIONS.apply(game, position, move, rng)
    return POSITIONS.write(game, position)


def _objective(game: Game, card: str) -> set[str]:
    objectives = game.part(Conquest).objectives
    assert objectives is not None
    found = next(c for c in objectives.cards if c.id == card)
    return {e.territory for e in found.entries}


def _end(game: Game, data: dict[str, Any]) -> Any:
    data.update(phase="move", stage="move", to_move=data["players"][2]["faction"],
                active=data["players"][2]["faction"], round=14, event="addestramento",
                events=["calma_apparente"], extra_rounds=True)
    return play(game, data, "no-move")


def _tied(game: Game, mine: dict[str, tuple[int, int]]) -> dict[str, Any]:
    """Seats 0 and 1 hold none of their objectives and 40 conquests each (80 points, more
    than any objective card); seat 2 holds the rest of the board."""
    data = table(game, {}, phase="move", stage="move")
    ids = list(data["territories"])
    owners = {t: (2, 1) for t in ids}
    owners.update(mine)
    data = table(game, owners, phase="move", stage="move")
    for seat in (0, 1):
        objective = _objective(game, data["players"][seat]["objective"])
        assert not objective & {t for t, (s, _) in mine.items() if s == seat}
        data["players"][seat]["conquests"] = 40
    return data


def test_a_tie_goes_to_more_territories_then_more_boars(sgrunt: Game) -> None:
    """"Nel caso di punteggio simile, assegnate un punto per ogni territorio anche fuori
    dall'obiettivo ... Nel caso di ulteriore parità vince chi possiede più cinghiali.\""""
    data = table(sgrunt, {}, phase="move", stage="move")
    taken = _objective(sgrunt, data["players"][0]["objective"]) | _objective(
        sgrunt, data["players"][1]["objective"])
    free = [t for t in data["territories"] if t not in taken]
    by_count = _end(sgrunt, _tied(sgrunt, {free[0]: (0, 1), free[1]: (0, 1),
                                           free[2]: (1, 9)}))
    assert by_count["phase"] == "over" and by_count["winners"] == [faction(by_count, 0)]
    by_boars = _end(sgrunt, _tied(sgrunt, {free[0]: (0, 1), free[1]: (0, 1),
                                           free[2]: (1, 2), free[3]: (1, 1)}))
    assert by_boars["winners"] == [faction(by_boars, 1)]


def test_the_score_adds_objective_values_and_two_points_a_conquest(sgrunt: Game) -> None:
    """"Si somma il valore di tutti i territori occupati presenti nella carta Obiettivo al
    punteggio acquisito durante il gioco ... (due punti per ogni territorio
    conquistato)": seat 2, holding everything else, wins unless the conquests outweigh."""
    data = table(sgrunt, {}, phase="move", stage="move")
    taken = _objective(sgrunt, data["players"][0]["objective"]) | _objective(
        sgrunt, data["players"][1]["objective"])
    free = [t for t in data["territories"] if t not in taken]
    tied = _tied(sgrunt, {free[0]: (0, 1), free[1]: (1, 1)})
    objectives = sgrunt.part(Conquest).objectives
    assert objectives is not None
    card = next(c for c in objectives.cards if c.id == tied["players"][2]["objective"])
    held = sum(e.value for e in card.entries
               if tied["territories"][e.territory]["owner"] == faction(tied, 2))
    tied["players"][0]["conquests"] = (held + 2) // 2  # 2 * conquests > held
    tied["players"][1]["conquests"] = 0
    assert _end(sgrunt, tied)["winners"] == [faction(tied, 0)]
    tied["players"][0]["conquests"] = (held - 1) // 2  # 2 * conquests < held
    assert _end(sgrunt, tied)["winners"] == [faction(tied, 2)]


def test_scorza_dura_variant_plays_on_past_the_event_deck(sgrunt: Game) -> None:
    """"sarà dichiarato il vincitore a prescindere dal numero di turni ... Se durante il
    gioco le carte Evento si esauriscono, rimischiatele e ricreate il mazzo da capo.\""""
    data = table(sgrunt, {"cagliari": (0, 5)}, phase="move", stage="move", to_move=2,
                 active=2, round_=12, event="addestramento", pile=["calma_apparente"],
                 scorza_dura=True)
    after = play(sgrunt, data, "no-move")
    assert after["phase"] != "over" and after["round"] == 13
    emptied = table(sgrunt, {"cagliari": (0, 5)}, phase="move", stage="move", to_move=2,
                    active=2, round_=24, pile=[], scorza_dura=True)
    again = play(sgrunt, emptied, "no-move")
    assert again["round"] == 25 and len(again["events"]) == 11


# ----- Defects the audit found, fixed: setup groups clockwise, Reclutamento's counts -----
def test_setup_groups_of_three_keep_going_clockwise_past_a_seat_that_is_done(
        sgrunt: Game) -> None:
    """Seat 0 places a group of three; seat 1 has placed all its boars, so the next group
    is seat 2's, not seat 0's again."""
    data = table(sgrunt, {"cagliari": (0, 5)}, phase="place", stage="reinforce", active=1,
                 round_=0, event="calma_apparente")
    data["event"] = None
    data["events"] = [e.id for e in sgrunt.part(Conquest).deck("events").cards
                      for _ in range(e.copies)]
    data["tasks"] = [{"kind": "place", "faction": faction(data, 0), "count": 3}]
    for seat, left in enumerate((5, 0, 5)):
        data["players"][seat]["setup_left"] = left
        data["players"][seat]["reserve"] -= left
    data["players"][0]["reserve"] -= 3
    after = play(sgrunt, data, "place cagliari 3")
    assert after["tasks"] == [{"kind": "place", "faction": faction(after, 2), "count": 3}]


def test_reclutamento_offers_only_the_counts_the_reserve_holds(sgrunt: Game) -> None:
    data = table(sgrunt, {"cagliari": (0, COLOUR - 3)}, phase="recruit", stage="attack",
                 hands={0: ["reclutamento", "zannata"]})
    assert data["players"][0]["reserve"] == 3
    assert legal(sgrunt, data) == ("recruit none", "recruit reclutamento 2")
