"""The hidden-card games' search never reads what its seat cannot see: with the same seed
it samples the same cards and makes the same choice, wherever the unseen cards really are.
(WARLAND's own test is test_warland_search.py.)"""

from __future__ import annotations

import copy
import random

from stamperia.content.loader import load_game
from stamperia.rules.conquest.agents import greedy_agent
from stamperia.rules.conquest.positions import copy_state
from stamperia.rules.conquest.search import ConquestSearch, mcts_agent
from stamperia.rules.conquest.simulate import ConquestGames
from stamperia.rules.conquest.state import Phase, State
from stamperia.rules.iwari.flow import TURN as TURN_DECISION
from stamperia.rules.iwari.flow import IwariGame
from stamperia.rules.iwari.position_state import TURN
from stamperia.rules.iwari.search import IwariSearch, MctsAgent, clone_state, search_table
from stamperia.rules.iwari.simulate import IwariGames
from stamperia.rules.search.spec import Budget
from stamperia.rules.simulation.result import Table


def _conquest_attack() -> tuple[ConquestGames, State]:
    """Seat 0 at an attack decision with a choice, in the second round or later."""
    games = ConquestGames(load_game("sgrunt"))
    engine = games.engine
    state = games.new_game(Table(("greedy",) * 3), random.Random(3))
    rng = random.Random(4)
    while not (state.phase is Phase.ATTACK and state.actor == 0 and state.round >= 2
               and len(engine.legal_actions(state)) > 2):
        engine.apply(state, greedy_agent(engine, state, engine.legal_actions(state), rng))
    return games, state


def _conquest_moved(state: State) -> State:
    """The same for seat 0, with every card it cannot see elsewhere."""
    other = copy_state(state, random.Random(0))
    for seat in (1, 2):
        cards = (other.hands[seat] + other.draw_piles[seat])[::-1]
        size = len(other.hands[seat])
        other.hands[seat], other.draw_piles[seat] = cards[:size], cards[size:]
    other.objectives[1], other.objectives[2] = other.objectives[2], other.objectives[1]
    other.draw_piles[0].reverse()
    other.events.reverse()
    return other


def test_conquest_search_is_blind_to_unseen_cards() -> None:
    games, state = _conquest_attack()
    moved = _conquest_moved(state)
    assert (moved.hands[1], moved.objectives) != (state.hands[1], state.objectives)
    search = ConquestSearch(games.engine)
    samples = [search.determinize(s, 0, random.Random(9)) for s in (state, moved)]
    assert [(s.hands, s.draw_piles, s.objectives, s.events) for s in samples[:1]] == \
        [(s.hands, s.draw_piles, s.objectives, s.events) for s in samples[1:]]
    assert samples[0].hands[0] == state.hands[0]
    assert samples[0].objectives[0] == state.objectives[0]
    agent = mcts_agent(games.engine, Budget(6))
    legal = games.engine.legal_actions(state)
    assert agent(games.engine, state, list(legal), random.Random(5)) == \
        agent(games.engine, moved, list(legal), random.Random(5))


def _iwari_turn(turns: int = 6) -> IwariGame:
    """Seat 0 at a turn decision, at least `turns` turns in."""
    games = IwariGames(load_game("iwari"))
    table = Table(("greedy", "greedy", "greedy"))
    rng = random.Random(6)
    game = games.new_game(table, rng)
    agents = games.agents(table, rng)
    while not (game.kind == TURN_DECISION and game.seat == 0 and game.turns >= turns):
        seat = games.to_move(game)
        action = games.chance(game, rng) if seat < 0 else agents[seat](game, game, rng)
        games.apply(game, action)
    return game


def test_iwari_search_is_blind_to_unseen_cards() -> None:
    game = _iwari_turn()
    moved = clone_state(game.state)
    unseen = moved.hands[1] + moved.hands[2] + moved.deck
    unseen.reverse()
    sizes = (len(moved.hands[1]), len(moved.hands[2]))
    moved.hands[1], moved.hands[2] = unseen[:sizes[0]], unseen[sizes[0]:sum(sizes)]
    moved.deck = unseen[sum(sizes):]
    assert moved.hands[1:] != game.state.hands[1:]
    search = IwariSearch()
    samples = [search.determinize(search_table(s, TURN, 0), 0, random.Random(9)).state
               for s in (game.state, moved)]
    assert [(s.hands, s.deck) for s in samples[:1]] == [(s.hands, s.deck) for s in samples[1:]]
    assert samples[0].hands[0] == game.state.hands[0]
    choices = [MctsAgent(Budget(6), random.Random(5)).turn(s, 0, game.plays, game.discards)
               for s in (game.state, moved)]
    assert choices[0] == choices[1]


def test_conquest_search_reads_objectives_from_the_map() -> None:
    """A seat holding every territory of a card is dealt that card in most samples (one
    sample in fifteen if the cards were dealt uniformly); its own card is never dealt."""
    games, state = _conquest_attack()
    tables = games.engine.tables
    card = next(o for o in range(len(tables.objectives)) if o != state.objectives[0])
    held = copy_state(state, random.Random(0))
    for territory, _ in tables.objectives[card][1]:
        held.owner[territory] = 1
    search = ConquestSearch(games.engine)
    rng = random.Random(2)
    dealt = [search.determinize(held, 0, rng).objectives for _ in range(40)]
    assert sum(d[1] == card for d in dealt) >= 30
    assert all(state.objectives[0] not in d[1:] and d[0] == state.objectives[0]
               for d in dealt)


def test_iwari_clone_copies_every_field_and_shares_none_it_changes() -> None:
    """The search's copy equals the state field by field (a field left out of State.copy
    would keep its fresh value, which differs after the mid-journey scoring), and changing
    the copy's pieces, cards, scores or feats leaves the original as it was."""
    state = _iwari_turn(27).state
    assert all(state.scores) and state.taken and state.runs_out and state.mid_scoring
    names = _fields(state)
    assert "taken" in names and "priced" in names
    shared = ("board", "components", "rules", "deal", "priced", "mid_scoring", "end_scoring")
    before = {name: copy.deepcopy(getattr(state, name)) for name in names
              if name not in shared}
    other = clone_state(state)
    for name in names:
        assert getattr(other, name) == getattr(state, name), name
    for name in shared:
        assert getattr(other, name) is getattr(state, name), name
    other.tents[0] = 9
    other.totems[0][0] += 1
    other.counts[0][0] += 1
    other.free[0].clear()
    other.hands[0].clear()
    other.deck.clear()
    other.display.clear()
    other.discards[0].append("x")
    other.scores[0] += 5
    other.connection_feats[-1] = 1
    other.feats_left.clear()
    for holders in other.feat_holders.values():
        holders.add(7)
    other.taken.append(("x", 1))
    other.runs_out += 1
    assert {name: getattr(state, name) for name in before} == before


def _fields(state: object) -> list[str]:
    """The instance's fields, as Python or as a compiled (mypyc) class, which has no
    __dict__ but lists its attributes."""
    compiled = getattr(type(state), "__mypyc_attrs__", None)
    if compiled is not None:
        return [name for name in compiled if not name.startswith("__")]
    return list(vars(state))
