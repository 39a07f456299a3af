"""New forces and action cards of the conquest engine: drawing, discarding, placing and
removing boars, Reclutamento, Pax Suina, and the turn's new forces stage.

Functions of the compiled tables and a state; the engine (engine.py) and the turn flow
(turns.py) call them. Readings of the rulebook are in engine.py's docstring.
"""

from __future__ import annotations

from stamperia.rules.conquest.actions import PLACE_DO, REMOVE_DO
from stamperia.rules.conquest.options import can_recruit, event_rules
from stamperia.rules.conquest.state import DISCARD, DRAW, PLACE, RECRUIT, State, Task
from stamperia.rules.conquest.tables import Tables
from stamperia.rules.draws import shuffle


def _all_owned(owner: list[int], territories: tuple[int, ...], seat: int) -> bool:
    """Whether the seat holds every one of the territories (a loop: `all` over a generator
    costs a frame per zone on every turn)."""
    for t in territories:  # noqa: SIM110 - a loop, not all() over a generator
        if owner[t] != seat:
            return False
    return True


def task_step(tables: Tables, state: State, kind: int, first: int, count: int) -> None:
    """One step of the first task: place or remove `count` boars on territory `first`, or
    discard the card `first` (its index in tables.card_ids + 1; actions.py's fields)."""
    task = state.tasks[0]
    seat = task.seat
    done = 1
    if kind in (PLACE_DO, REMOVE_DO):
        done = count
        if kind == PLACE_DO:
            # x[i] = x[i] + n, not +=: compiled, an augmented item assignment is a
            # generic (boxed) number operation
            state.boars[first] = state.boars[first] + done
        else:
            state.boars[first] = state.boars[first] - done
            state.reserve[seat] = state.reserve[seat] + done
    else:
        card = tables.card_ids[first - 1]
        state.hands[seat].remove(card)
        state.discards[seat].append(card)
    task.count -= done
    if task.count <= 0:
        state.tasks.pop(0)


def play_card(tables: Tables, state: State, seat: int, card: str) -> None:
    """The seat plays an action card: to its discards, and its one card this turn."""
    state.hands[seat].remove(card)
    state.discards[seat].append(card)
    state.played_card[seat] = True
    state.count(tables.card_counters[card])


def truce(tables: Tables, state: State, target: int) -> None:
    if target < 0:
        return
    seat = state.active
    card = min(c for c in state.hands[seat] if c in tables.truce_cards)
    play_card(tables, state, seat, card)
    state.truces[(seat, target)] = 1
    state.truces[(target, seat)] = 1


def recruit(tables: Tables, state: State, card: str, boars: int) -> None:
    """Reclutamento: "Aggiungete 2, 4 o 6 cinghiali ... solo se scartate una carta
    Azione": the boars chosen, for the card's discards whatever the number."""
    state.stage = "attack"
    if not card:
        return
    seat = state.active
    rules = tables.actions[card]
    play_card(tables, state, seat, card)
    if rules.recruit_discards:
        state.tasks.append(Task(DISCARD, seat, rules.recruit_discards))
    pieces = min(state.reserve[seat], boars)
    state.reserve[seat] = state.reserve[seat] - pieces
    if pieces:
        state.tasks.append(Task(PLACE, seat, pieces))


def draw(tables: Tables, state: State, seat: int, cards: int) -> None:
    """Draw into the hand; over the limit, the seat then chooses what to discard, or
    (discard before draw, MUGRUGNI: "se ne possiede già 5 in mano sceglie prima quali
    scartare") first chooses what to discard, then draws."""
    if tables.discard_before_draw:
        over = min(len(state.hands[seat]), len(state.hands[seat]) + cards
                   - tables.hand_limit)
        if over > 0:
            state.tasks.append(Task(DISCARD, seat, over))
            state.tasks.append(Task(DRAW, seat, cards))
            return
    draw_now(tables, state, seat, cards)


def draw_now(tables: Tables, state: State, seat: int, cards: int) -> None:
    pile = state.draw_piles[seat]
    for _ in range(cards):
        if not pile:
            pile.extend(state.discards[seat])
            state.discards[seat].clear()
            shuffle(state.rng, pile)
        if pile:
            state.hands[seat].append(pile.pop())
    over = len(state.hands[seat]) - tables.hand_limit
    if over > 0:
        state.tasks.append(Task(DISCARD, seat, over))


def stage_new_forces(tables: Tables, state: State) -> bool:
    rules, seat = tables, state.active
    pieces, cards = rules.new_pieces, rules.new_cards + event_rules(tables, state).draw_active
    owner = state.owner
    zones = rules.zone_territories
    for z in range(len(zones)):
        territories = zones[z]
        # the first territory read here: most zones are not the seat's, and no call then
        if (not territories or owner[territories[0]] == seat) \
                and _all_owned(owner, territories, seat):
            _, _, bonus_pieces, bonus_cards = rules.zones[z]
            pieces += bonus_pieces
            cards += bonus_cards
            state.count(rules.zone_counters[z])
    draw(tables, state, seat, cards)
    pieces = min(pieces, state.reserve[seat])
    state.reserve[seat] = state.reserve[seat] - pieces
    if pieces:
        state.tasks.append(Task(PLACE, seat, pieces))
    state.stage = "recruit"
    return False


def stage_recruit(tables: Tables, state: State) -> bool:
    state.stage = "attack"
    seat = state.active
    if not state.played_card[seat] and can_recruit(tables, state, seat):
        state.phase, state.actor = RECRUIT, seat
        return True
    return False
