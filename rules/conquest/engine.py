"""The conquest turn engine (SGRUNT, MUGRUGNI): legal actions and their effects.

The decisions' effects are here; battles are in combat.py, new forces and action cards
in forces.py, and the flow between decisions (setup, rounds, turns, the end) in turns.py.

Pure: no I/O; dice and shuffles come from the state's own `random.Random`. Agents see a
state and its legal actions and pick one; `apply` plays it and runs every automatic step
up to the next decision. All rules come from the compiled content (tables.py).

Readings of the rulebook (also in the README, with the rulebook's words):
- Each seat places its new boars, event boars and setup boars where it likes, any number
  on one territory per decision; boars removed by Peste suina likewise.
- A decision with a single legal action is played by the engine, not asked of a seat
  (it is no choice); records hold only real decisions.
- The defender declares its dice (1 up to 3, no more than its boars) before each roll,
  after the card windows; the attacker chooses 1..3 when it declares or rolls again.
- A battle is declared once; after each roll the attacker rolls again, choosing its dice
  anew, or retreats ("può decidere di interrompere"). The card windows open before every
  roll ("L'utilizzo delle carte Azione va sempre dichiarato prima di tirare i dadi").
- Removed boars go back to their colour's reserve; new forces come from that reserve.
- Peste suina never empties a territory: a seat removes what it can, up to the count.
- Under a compulsory-attack event, truces (Pax Suina) are lifted only for a seat that
  could otherwise attack no one (the rulebook's example: players who "non possono
  attaccare nessuno"; events override action cards).
- The end-of-turn move follows land borders and every link: events that block links
  forbid attacks along them ("Non si possono sferrare attacchi"), not the move.
- An action deck that runs out is reshuffled from that seat's discards.
- A seat that loses its last territory is out; its turns are skipped.
- Victory by objective is checked after each conquest (the rulebook: "conquista"), so
  objective territories claimed at setup count once the seat conquers anything.
"""

from __future__ import annotations

import random
from fractions import Fraction

from rules.conquest.combat import Battles
from rules.conquest.dice import Dice
from rules.conquest.forces import draw, draw_now, recruit, task_step, truce
from rules.conquest.options import event_rules, legal
from rules.conquest.state import (
    ATTACK,
    ATTACK_CARD,
    BATTLE,
    DEFENCE_CARD,
    DEFEND,
    DRAW,
    OCCUPY,
    OVER,
    ROLL,
    Action,
    State,
)
from rules.conquest.tables import EventRules, Tables
from rules.conquest.turns import finish, objective_complete, run_stage, scores, shuffled_events


def _int(action: Action, at: int) -> int:
    """An int field of an action: narrowed, not converted (compiled, `int(x)` of an object
    is a call; an isinstance check is a type test and an unboxing)."""
    value = action[at]
    assert isinstance(value, int)
    return value


class ConquestEngine:
    """Rules of one compiled game; holds no game state."""

    def __init__(self, tables: Tables, scorza_dura: bool = False, round_cap: int = 200,
                 dice: Dice | None = None, explicit_chance: bool = False) -> None:
        """explicit_chance: stop before each roll (phase ROLL) for `apply_roll`, rather
        than draw it from the state's generator (public positions need chance nodes)."""
        self.tables = tables
        self.scorza_dura = scorza_dura
        self.round_cap = round_cap
        self.battles = Battles(tables, dice if dice is not None else Dice(), explicit_chance)

    # ----- setting up -------------------------------------------------------------------
    def new_game(self, players: int, rng: random.Random) -> State:
        t = self.tables
        factions = list(range(len(t.faction_ids)))
        rng.shuffle(factions)
        objectives = list(range(len(t.objectives)))
        rng.shuffle(objectives)
        piles = []
        hands = []
        for _ in range(players):
            pile = list(t.action_deck)
            rng.shuffle(pile)
            hands.append([pile.pop() for _ in range(min(t.starting_hand, len(pile)))])
            piles.append(pile)
        dealt = t.pieces_per_player[players]
        state = State(
            players=players, rng=rng, owner=[-1] * len(t.territory_ids),
            boars=[0] * len(t.territory_ids), reserve=[t.pieces_per_colour - dealt] * players,
            hands=hands, draw_piles=piles, discards=[[] for _ in range(players)],
            objectives=objectives[:players], conquests=[0] * players,
            events=shuffled_events(self.tables, rng), scorza_dura=self.scorza_dura,
            round_cap=self.round_cap, setup_left=[dealt] * players,
            played_card=[False] * players, factions=factions[:players])
        self._advance(state)
        return state

    # ----- what may be done -------------------------------------------------------------
    def event(self, state: State) -> EventRules:
        return event_rules(self.tables, state)

    def legal_actions(self, state: State) -> list[Action]:
        """The actions the deciding seat (state.actor) may take; do not modify the list."""
        if state.legal is None:
            state.legal = legal(self.tables, state)
        return state.legal

    # ----- playing ----------------------------------------------------------------------
    def apply(self, state: State, action: Action) -> None:
        """Play a legal action and every automatic step up to the next decision."""
        state.steps += 1
        self._effect(state, action)
        self._advance(state)

    def roll_odds(self, state: State) -> dict[tuple[int, int], Fraction]:
        """In phase ROLL: each (attacker losses, defender losses) with its exact odds."""
        return self.battles.odds(state)

    def apply_roll(self, state: State, lost_attack: int, lost_defence: int) -> None:
        """In phase ROLL: the roll with these losses, then every automatic step up to the
        next decision (chance is no decision: `steps` is not counted)."""
        state.legal = None
        self.battles.resolve(state, lost_attack, lost_defence)
        self._advance(state)

    def _effect(self, state: State, action: Action) -> None:
        state.legal = None
        kind = action[0]
        # Narrowed to str: compiled, each test below is then a string comparison in C
        # rather than a generic rich comparison of two objects.
        assert isinstance(kind, str)
        # The most frequent first (defend, attack, roll): checked on every decision.
        if kind == "defend":
            self.battles.defend(state, _int(action, 1))
        elif kind == "attack":
            self.battles.declare(state, _int(action, 1), _int(action, 2), _int(action, 3))
        elif kind == "roll":
            state.attack_dice = _int(action, 1)
            self.battles.before_roll(state)
        elif kind in ("place", "remove", "discard"):
            task_step(self.tables, state, action)
        elif kind == "occupy":
            self._occupy(state, _int(action, 1))
        elif kind == "retreat":
            state.battle = None
            state.phase = ATTACK
        elif kind == "end_attacks":
            state.battle = None
            state.stage = "move"
        elif kind == "card":
            self.battles.card(state, str(action[1]))
        elif kind == "move":
            state.move_route = (int(action[1]), int(action[2]))
            state.stage = "move_count"
        elif kind == "move_count":
            origin, target = state.move_route
            state.boars[origin] -= int(action[1])
            state.boars[target] += int(action[1])
            state.stage = "end_turn"
        elif kind == "no_move":
            state.stage = "end_turn"
        elif kind == "claim":
            self._claim(state, int(action[1]))
        elif kind == "truce":
            truce(self.tables, state, int(action[1]))
        elif kind == "recruit":
            recruit(self.tables, state, str(action[1]), int(action[2]))
        else:
            raise ValueError(f"unknown action {action!r}")

    def _claim(self, state: State, territory: int) -> None:
        seat = state.actor
        state.set_owner(territory, seat)
        state.boars[territory] = self.tables.setup_first
        state.setup_left[seat] -= self.tables.setup_first
        state.actor = (seat + 1) % state.players

    # ----- battles (declaring, card windows and rolls: combat.py) ----------------------
    def _occupy(self, state: State, boars: int) -> None:
        battle = state.battle
        assert battle is not None
        seat = state.active
        state.boars[battle.origin] -= boars
        state.boars[battle.target] = boars
        state.set_owner(battle.target, seat)
        state.conquests[seat] += 1
        state.conquests_this_turn += 1
        state.count("conquests")
        if not state.alive(battle.defender):
            state.count("eliminated")
        state.battle = None
        state.phase = ATTACK
        event = self.event(state)
        bottino = event.draw_on_conquest
        if bottino and (not event.draw_once_per_turn or state.conquests_this_turn == 1):
            draw(self.tables, state, seat, bottino)
        if objective_complete(self.tables, state, seat):
            finish(self.tables, state, (seat,), "objective")

    # ----- the flow between decisions ---------------------------------------------------
    def _advance(self, state: State) -> None:
        """Run automatic steps, and decisions with a single legal action, until a seat must
        choose or the game is over."""
        while state.phase is not OVER:
            if state.tasks and state.tasks[0].phase is DRAW:
                task = state.tasks.pop(0)
                draw_now(self.tables, state, task.seat, task.count)
                continue
            if state.tasks:
                task = state.tasks[0]
                state.phase, state.actor = task.phase, task.seat
                state.legal = None
                if not self.legal_actions(state):
                    state.tasks.pop(0)
                    continue
            elif not (state.phase is BATTLE or state.phase is OCCUPY
                      or state.phase is ATTACK_CARD or state.phase is DEFENCE_CARD
                      or state.phase is DEFEND or state.phase is ROLL):
                # A battle's own decisions wait; after any other the main flow resumes.
                state.legal = None
                if not run_stage(self.tables, state):
                    continue
            if state.phase is OVER:
                return
            legal = self.legal_actions(state)
            if len(legal) != 1:
                if not legal:
                    if state.phase is ROLL:
                        return
                    raise RuntimeError(f"no legal action in phase {state.phase.value}")
                return
            self._effect(state, legal[0])

    # ----- the end (turns.py) -----------------------------------------------------------
    def scores(self, state: State) -> list[tuple[int, int, int, int]]:
        """Per seat: (objective points, conquest points, territories held, boars)."""
        return scores(self.tables, state)
