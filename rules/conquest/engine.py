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
- A seat that loses its last territory is out; its turns are skipped. At the end on
  points it keeps its points and may still win (content: scoring.eliminated "kept";
  "out": it cannot).
- Victory by objective is checked after each conquest (the rulebook: "conquista"), so
  objective territories claimed at setup count once the seat conquers anything
  (content: turns.objective_check "after_conquest"; "turn_start" also checks when each
  of the seat's turns starts).
- "Punteggio simile" ties equal scores only (content: scoring.tie_margin 0).
- A recruit card is played before the turn's first attack ("prima di dichiarare
  l'attacco"; content: turns.recruit_window "before_first_attack"; "before_any_attack"
  opens the window again after each battle).
"""

from __future__ import annotations

import random
from fractions import Fraction

from stamperia.rules.conquest.actions import (
    A_SHIFT,
    ATTACK_DO,
    B_SHIFT,
    C_SHIFT,
    CARD_DO,
    CLAIM_DO,
    DEFEND_DO,
    DISCARD_DO,
    END_ATTACKS_DO,
    FIELD_MASK,
    KIND_MASK,
    MOVE_COUNT_DO,
    MOVE_DO,
    NO_MOVE_DO,
    OCCUPY_DO,
    PLACE_DO,
    REMOVE_DO,
    RETREAT_DO,
    ROLL_DO,
    TRUCE_DO,
    decode,
    encode,
)
from stamperia.rules.conquest.combat import Battles
from stamperia.rules.conquest.dice import Dice
from stamperia.rules.conquest.forces import draw, draw_now, recruit, task_step, truce
from stamperia.rules.conquest.options import (
    attack_at,
    event_rules,
    legal,
    place_width,
    plan_attacks,
    plan_moves,
)
from stamperia.rules.conquest.state import (
    ATTACK,
    ATTACK_CARD,
    BATTLE,
    CLAIM,
    DEFENCE_CARD,
    DEFEND,
    DRAW,
    MOVE,
    OCCUPY,
    OVER,
    PLACE,
    ROLL,
    Action,
    State,
)
from stamperia.rules.conquest.tables import EventRules, Tables
from stamperia.rules.conquest.turns import (
    finish,
    objective_complete,
    run_stage,
    scores,
    shuffled_events,
)
from stamperia.rules.draws import shuffle


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
        self._readable: dict[int, Action] = {}
        self._ints: dict[Action, int] = {}

    # ----- setting up -------------------------------------------------------------------
    def new_game(self, players: int, rng: random.Random) -> State:
        t = self.tables
        factions = list(range(len(t.faction_ids)))
        shuffle(rng, factions)
        objectives = list(range(len(t.objectives)))
        shuffle(rng, objectives)
        piles = []
        hands = []
        for _ in range(players):
            pile = list(t.action_deck)
            shuffle(rng, pile)
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
            played_card=[False] * players, factions=factions[:players],
            place_actions=t.place_actions)
        self._advance(state)
        return state

    # ----- what may be done -------------------------------------------------------------
    def event(self, state: State) -> EventRules:
        return event_rules(self.tables, state)

    def legal_ints(self, state: State) -> list[int]:
        """The actions the deciding seat (state.actor) may take, as actions.py's ints (the
        simulation's hot path); do not modify the list."""
        legal_now = state.legal
        if legal_now is None:
            legal_now = state.legal = legal(self.tables, state)
        return legal_now

    def width(self, state: State) -> int:
        """How many actions are legal: in PLACE, MOVE, ATTACK and CLAIM counted, not listed
        (options.place_at, options.move_at, options.attack_at, state.claims)."""
        if state.phase is PLACE:
            return place_width(state)
        if state.phase is MOVE:
            return plan_moves(self.tables, state, state.actor)
        if state.phase is ATTACK:
            return plan_attacks(self.tables, state)
        if state.phase is CLAIM:
            return len(state.claims)
        return len(self.legal_ints(state))

    def legal_actions(self, state: State) -> list[Action]:
        """The actions the deciding seat may take, as readable tuples."""
        return [self.decode(a) for a in self.legal_ints(state)]

    def encode(self, action: Action) -> int:
        """The int of a readable action (ValueError when it names no action)."""
        found = self._ints.get(action)
        if found is None:
            found = self._ints[action] = encode(self.tables.card_index, action)
        return found

    def decode(self, action: int) -> Action:
        """The readable tuple of an action's int: made once per action, then looked up
        (agents that read tuples decode every legal action of every decision)."""
        found = self._readable.get(action)
        if found is None:
            found = self._readable[action] = decode(self.tables.card_ids, action)
        return found

    # ----- playing ----------------------------------------------------------------------
    def apply(self, state: State, action: Action) -> None:
        """Play a legal action (a readable tuple) and every automatic step up to the next
        decision."""
        self.apply_int(state, self.encode(action))

    def apply_int(self, state: State, action: int) -> None:
        """`apply` of an action's int (the simulation's hot path)."""
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

    def _effect(self, state: State, action: int) -> None:
        state.legal = None
        kind = action & KIND_MASK
        a = (action >> A_SHIFT) & FIELD_MASK
        # The most frequent first (defend, attack, roll): checked on every decision.
        if kind == DEFEND_DO:
            self.battles.defend(state, a)
        elif kind == ATTACK_DO:
            self.battles.declare(state, a, (action >> B_SHIFT) & FIELD_MASK,
                                 action >> C_SHIFT)
        elif kind == ROLL_DO:
            state.attack_dice = a
            self.battles.before_roll(state)
        elif kind in (PLACE_DO, REMOVE_DO, DISCARD_DO):
            task_step(self.tables, state, kind, a, (action >> B_SHIFT) & FIELD_MASK)
        elif kind == OCCUPY_DO:
            self._occupy(state, a)
        elif kind == RETREAT_DO:
            state.battle = None
            state.phase = ATTACK
            if self.tables.recruit_between_attacks:  # the recruit window opens again
                state.stage = "recruit"
        elif kind == END_ATTACKS_DO:
            state.battle = None
            state.stage = "move"
        elif kind == CARD_DO:
            self.battles.card(state, self.tables.card_ids[a - 1] if a else "")
        elif kind == MOVE_DO:
            state.move_route = (a, (action >> B_SHIFT) & FIELD_MASK)
            state.stage = "move_count"
        elif kind == MOVE_COUNT_DO:
            origin, target = state.move_route
            # x[i] = x[i] + n, not +=: compiled, an augmented item assignment is a
            # generic (boxed) number operation
            state.boars[origin] = state.boars[origin] - a
            state.boars[target] = state.boars[target] + a
            state.stage = "end_turn"
        elif kind == NO_MOVE_DO:
            state.stage = "end_turn"
        elif kind == CLAIM_DO:
            self._claim(state, a)
        elif kind == TRUCE_DO:
            truce(self.tables, state, a - 1)
        else:  # RECRUIT_DO: the kinds are four bits, all sixteen named
            recruit(self.tables, state, self.tables.card_ids[a - 1] if a else "",
                    (action >> B_SHIFT) & FIELD_MASK)

    def _claim(self, state: State, territory: int) -> None:
        seat = state.actor
        state.set_owner(territory, seat)
        state.boars[territory] = self.tables.setup_first
        state.setup_left[seat] = state.setup_left[seat] - self.tables.setup_first
        state.actor = (seat + 1) % state.players

    # ----- battles (declaring, card windows and rolls: combat.py) ----------------------
    def _occupy(self, state: State, boars: int) -> None:
        battle = state.battle
        assert battle is not None
        seat = state.active
        state.boars[battle.origin] = state.boars[battle.origin] - boars
        state.boars[battle.target] = boars
        state.set_owner(battle.target, seat)
        state.conquests[seat] = state.conquests[seat] + 1
        state.conquests_this_turn += 1
        state.conquered += 1
        if not state.alive(battle.defender):
            state.count("eliminated")
        state.battle = None
        state.phase = ATTACK
        if self.tables.recruit_between_attacks:  # the recruit window opens again
            state.stage = "recruit"
        event = self.event(state)
        bottino = event.draw_on_conquest
        if bottino and (not event.draw_once_per_turn or state.conquests_this_turn == 1):
            draw(self.tables, state, seat, bottino)
        if objective_complete(self.tables, state, seat):
            finish(self.tables, state, (seat,), "objective")

    # ----- the flow between decisions ---------------------------------------------------
    def _advance(self, state: State) -> None:
        """Run automatic steps, and decisions with a single legal action, until a seat must
        choose or the game is over. (The phase read once per step into a local, and a
        task's width counted once: compiled, each read of a field is a reference
        counted.)"""
        tables, tasks = self.tables, state.tasks  # the state's own list throughout
        while True:
            phase = state.phase
            if phase is OVER:
                return
            if tasks:
                task = tasks[0]
                if task.phase is DRAW:
                    tasks.pop(0)
                    draw_now(tables, state, task.seat, task.count)
                    continue
                state.phase, state.actor = task.phase, task.seat
                state.legal = None
                width = self.width(state)
                if not width:
                    tasks.pop(0)
                    continue
            else:
                if not (phase is BATTLE or phase is OCCUPY or phase is ATTACK_CARD
                        or phase is DEFENCE_CARD or phase is DEFEND or phase is ROLL):
                    # A battle's own decisions wait; after any other the main flow resumes.
                    state.legal = None
                    if not run_stage(tables, state):
                        continue
                    phase = state.phase
                    if phase is OVER:
                        return
                if phase is PLACE:  # self.width and legal_ints inlined: once a decision
                    width = place_width(state)
                elif phase is MOVE:
                    width = plan_moves(tables, state, state.actor)
                elif phase is ATTACK:
                    width = plan_attacks(tables, state)
                elif phase is CLAIM:  # not a copy of the claims per claim
                    width = len(state.claims)
                else:
                    listed = state.legal
                    if listed is None:
                        listed = state.legal = legal(tables, state)
                    width = len(listed)
            if width != 1:
                if not width:
                    if state.phase is ROLL:
                        return
                    raise RuntimeError(f"no legal action in phase {state.phase.value}")
                return
            state.forced += 1
            if state.attack_plan_at == state.steps and state.phase is ATTACK:
                self._effect(state, attack_at(state, 0))  # counted: not listed for one
            else:
                self._effect(state, self.legal_ints(state)[0])

    # ----- the end (turns.py) -----------------------------------------------------------
    def scores(self, state: State) -> list[tuple[int, int, int, int]]:
        """Per seat: (objective points, conquest points, territories held, boars)."""
        return scores(self.tables, state)
