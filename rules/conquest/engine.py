"""The conquest turn engine (SGRUNT, MUGRUGNI): legal actions and their effects.

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
from typing import Final

from rules.conquest.combat import Battles
from rules.conquest.dice import Dice
from rules.conquest.options import legal, recruits
from rules.conquest.state import (
    ATTACK,
    ATTACK_CARD,
    BATTLE,
    CLAIM,
    DEFENCE_CARD,
    DEFEND,
    DISCARD,
    DRAW,
    MOVE,
    MOVE_COUNT,
    OCCUPY,
    OVER,
    PLACE,
    RECRUIT,
    REMOVE,
    ROLL,
    TRUCE,
    Action,
    State,
    Task,
)
from rules.conquest.tables import EventRules, Tables

NO_EVENT: Final = EventRules("", False, 0, 0, 0, 0, 0, 0, frozenset(), False, False)


def _all_owned(owner: list[int], territories: tuple[int, ...], seat: int) -> bool:
    """Whether the seat holds every one of the territories (a loop: `all` over a generator
    costs a frame per zone on every turn)."""
    for t in territories:  # noqa: SIM110 - a loop, not all() over a generator
        if owner[t] != seat:
            return False
    return True


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
            events=self._shuffled_events(rng), scorza_dura=self.scorza_dura,
            round_cap=self.round_cap, setup_left=[dealt] * players,
            played_card=[False] * players, factions=factions[:players])
        self._advance(state)
        return state

    def _shuffled_events(self, rng: random.Random) -> list[int]:
        pile = list(range(len(self.tables.events)))
        rng.shuffle(pile)
        return pile

    # ----- what may be done -------------------------------------------------------------
    def event(self, state: State) -> EventRules:
        return self.tables.events[state.event] if state.event >= 0 else NO_EVENT

    def legal_actions(self, state: State) -> list[Action]:
        """The actions the deciding seat (state.actor) may take; do not modify the list."""
        if state.legal is None:
            state.legal = legal(self.tables, state, self.event(state))
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
        # The most frequent first (defend, attack, roll): checked on every decision.
        if kind == "defend":
            self.battles.defend(state, int(action[1]))
        elif kind == "attack":
            self.battles.declare(state, int(action[1]), int(action[2]), int(action[3]))
        elif kind == "roll":
            state.attack_dice = int(action[1])
            self.battles.before_roll(state)
        elif kind in ("place", "remove", "discard"):
            self._task_step(state, action)
        elif kind == "occupy":
            self._occupy(state, int(action[1]))
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
            self._truce(state, int(action[1]))
        elif kind == "recruit":
            self._recruit(state, str(action[1]), int(action[2]))
        else:
            raise ValueError(f"unknown action {action!r}")

    def _claim(self, state: State, territory: int) -> None:
        seat = state.actor
        state.set_owner(territory, seat)
        state.boars[territory] = self.tables.setup_first
        state.setup_left[seat] -= self.tables.setup_first
        state.actor = (seat + 1) % state.players

    def _task_step(self, state: State, action: Action) -> None:
        task = state.tasks[0]
        seat = task.seat
        done = 1
        if action[0] == "place":
            done = int(action[2])
            state.boars[int(action[1])] += done
        elif action[0] == "remove":
            done = int(action[2])
            state.boars[int(action[1])] -= done
            state.reserve[seat] += done
        else:
            card = str(action[1])
            state.hands[seat].remove(card)
            state.discards[seat].append(card)
        task.count -= done
        if task.count <= 0:
            state.tasks.pop(0)

    def _truce(self, state: State, target: int) -> None:
        if target < 0:
            return
        seat = state.active
        card = next(c for c in sorted(set(state.hands[seat])) if self.tables.actions[c].truce)
        state.play_card(seat, card)
        state.truces[(seat, target)] = 1
        state.truces[(target, seat)] = 1

    def _recruit(self, state: State, card: str, boars: int) -> None:
        """Reclutamento: "Aggiungete 2, 4 o 6 cinghiali ... solo se scartate una carta
        Azione": the boars chosen, for the card's discards whatever the number."""
        state.stage = "attack"
        if not card:
            return
        seat = state.active
        rules = self.tables.actions[card]
        state.play_card(seat, card)
        if rules.recruit_discards:
            state.tasks.append(Task(DISCARD, seat, rules.recruit_discards))
        pieces = min(state.reserve[seat], boars)
        state.reserve[seat] -= pieces
        if pieces:
            state.tasks.append(Task(PLACE, seat, pieces))

    def _draw(self, state: State, seat: int, cards: int) -> None:
        """Draw into the hand; over the limit, the seat then chooses what to discard, or
        (discard before draw, MUGRUGNI: "se ne possiede già 5 in mano sceglie prima quali
        scartare") first chooses what to discard, then draws."""
        if self.tables.discard_before_draw:
            over = min(len(state.hands[seat]), len(state.hands[seat]) + cards
                       - self.tables.hand_limit)
            if over > 0:
                state.tasks.append(Task(DISCARD, seat, over))
                state.tasks.append(Task(DRAW, seat, cards))
                return
        self._draw_now(state, seat, cards)

    def _draw_now(self, state: State, seat: int, cards: int) -> None:
        pile = state.draw_piles[seat]
        for _ in range(cards):
            if not pile:
                pile.extend(state.discards[seat])
                state.discards[seat].clear()
                state.rng.shuffle(pile)
            if pile:
                state.hands[seat].append(pile.pop())
        over = len(state.hands[seat]) - self.tables.hand_limit
        if over > 0:
            state.tasks.append(Task(DISCARD, seat, over))

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
            self._draw(state, seat, bottino)
        if self._objective_complete(state, seat):
            self._finish(state, (seat,), "objective")

    def _objective_complete(self, state: State, seat: int) -> bool:
        _, entries = self.tables.objectives[state.objectives[seat]]
        owner = state.owner
        for t, _ in entries:  # noqa: SIM110 - a loop, not all() over a generator
            if owner[t] != seat:
                return False
        return True

    # ----- the flow between decisions ---------------------------------------------------
    def _advance(self, state: State) -> None:
        """Run automatic steps, and decisions with a single legal action, until a seat must
        choose or the game is over."""
        while state.phase is not OVER:
            if state.tasks and state.tasks[0].phase is DRAW:
                task = state.tasks.pop(0)
                self._draw_now(state, task.seat, task.count)
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
                if not self._stage(state):
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

    def _stage(self, state: State) -> bool:
        """Run the main flow's current stage; True when it leaves a decision to make.
        (A chain of comparisons, the most frequent first: compiled, it beats calling a
        bound method looked up in a dict.)"""
        stage = state.stage
        if stage == "attack":
            return self._stage_attack(state)
        if stage == "move":
            return self._stage_move(state)
        if stage == "move_count":
            return self._stage_move_count(state)
        if stage == "end_turn":
            return self._stage_end_turn(state)
        if stage == "turn_start":
            return self._stage_turn_start(state)
        if stage == "new_forces":
            return self._stage_new_forces(state)
        if stage == "recruit":
            return self._stage_recruit(state)
        if stage == "round":
            return self._stage_round(state)
        if stage == "claim":
            return self._stage_claim(state)
        if stage == "reinforce":
            return self._stage_reinforce(state)
        raise ValueError(f"unknown stage {stage!r}")

    def _stage_claim(self, state: State) -> bool:
        if -1 in state.owner:
            state.phase = CLAIM
            return True
        state.stage = "reinforce"
        return False

    def _stage_reinforce(self, state: State) -> bool:
        """Setup after every territory is claimed: seats place in turns until all placed."""
        seats = [s for s in range(state.players) if state.setup_left[s] > 0]
        if not seats:
            state.count("objective_after_setup", sum(
                self._objective_complete(state, s) for s in range(state.players)))
            state.stage = "round"
            return False
        seat = state.active if state.setup_left[state.active] > 0 else seats[0]
        placing = min(self.tables.setup_later, state.setup_left[seat])
        state.setup_left[seat] -= placing
        state.tasks.append(Task(PLACE, seat, placing))
        state.active = (seat + 1) % state.players
        return False

    def _stage_round(self, state: State) -> bool:
        """Reveal the round's event, or end the game."""
        rules = self.tables
        if state.round >= state.round_cap:
            self._finish_on_points(state, "round_cap")
            return True
        if not state.scorza_dura and not state.extra_rounds and state.round >= rules.base_rounds:
            state.extra_rounds = True
            state.events = self._shuffled_events(state.rng)
        if not state.events:
            state.events = self._shuffled_events(state.rng)
        state.event = state.events.pop()
        event = rules.events[state.event]
        if state.extra_rounds and not event.continue_icon:
            self._finish_on_points(state, "points")
            return True
        state.round += 1
        state.count(f"event.{event.id}")
        alive = [s for s in range(state.players) if state.alive(s)]
        for seat in alive:
            if event.add_pieces:
                pieces = min(event.add_pieces, state.reserve[seat])
                state.reserve[seat] -= pieces
                if pieces:
                    state.tasks.append(Task(PLACE, seat, pieces))
            if event.draw_all:
                self._draw(state, seat, event.draw_all)
            if event.remove_pieces:
                removable = sum(state.boars[t] - 1 for t in state.territories_of(seat))
                count = min(event.remove_pieces, removable)
                if count:
                    state.tasks.append(Task(REMOVE, seat, count))
        state.active = alive[0]
        state.stage = "turn_start"
        return False

    def _stage_turn_start(self, state: State) -> bool:
        seat = state.active
        state.player_turns += 1
        state.played_card = [False] * state.players
        state.attacks_made = 0
        state.conquests_this_turn = 0
        state.battle = None
        state.stage = "new_forces"
        if any(self.tables.actions[c].truce for c in state.hands[seat]):
            state.phase, state.actor = TRUCE, seat
            return True
        return False

    def _stage_new_forces(self, state: State) -> bool:
        rules, seat = self.tables, state.active
        pieces, cards = rules.new_pieces, rules.new_cards + self.event(state).draw_active
        owner = state.owner
        for zone, territories, bonus_pieces, bonus_cards in rules.zones:
            if _all_owned(owner, territories, seat):
                pieces += bonus_pieces
                cards += bonus_cards
                state.count(f"zone_bonus.{zone}")
        self._draw(state, seat, cards)
        pieces = min(pieces, state.reserve[seat])
        state.reserve[seat] -= pieces
        if pieces:
            state.tasks.append(Task(PLACE, seat, pieces))
        state.stage = "recruit"
        return False

    def _stage_recruit(self, state: State) -> bool:
        state.stage = "attack"
        seat = state.active
        if not state.played_card[seat] and recruits(self.tables, state, seat):
            state.phase, state.actor = RECRUIT, seat
            return True
        return False

    def _stage_attack(self, state: State) -> bool:
        state.phase, state.actor = ATTACK, state.active
        return True

    def _stage_move(self, state: State) -> bool:
        state.phase, state.actor = MOVE, state.active
        return True

    def _stage_move_count(self, state: State) -> bool:
        state.phase, state.actor = MOVE_COUNT, state.active
        return True

    def _stage_end_turn(self, state: State) -> bool:
        seat = state.active
        for pair in [p for p in state.truces if p[0] == seat]:
            state.truces[pair] -= 1
            if state.truces[pair] <= 0:
                del state.truces[pair]
        later = [s for s in range(seat + 1, state.players) if state.alive(s)]
        if later:
            state.active = later[0]
            state.stage = "turn_start"
        else:
            state.stage = "round"
        return False

    # ----- the end ----------------------------------------------------------------------
    def _finish(self, state: State, winners: tuple[int, ...], end: str) -> None:
        state.winners, state.end = winners, end
        state.phase = OVER
        state.tasks.clear()

    def scores(self, state: State) -> list[tuple[int, int, int, int]]:
        """Per seat: (objective points, conquest points, territories held, boars)."""
        result = []
        for seat in range(state.players):
            _, entries = self.tables.objectives[state.objectives[seat]]
            held = sum(v for t, v in entries if state.owner[t] == seat)
            mine = state.territories_of(seat)
            result.append((held, state.conquests[seat] * self.tables.points_per_conquest,
                           len(mine), sum(state.boars[t] for t in mine)))
        return result

    def _finish_on_points(self, state: State, end: str) -> None:
        """Points decide; ties go to territories held, then to boars on the board."""
        keys = [(o + c, n, b) for o, c, n, b in self.scores(state)]
        best = max(keys)
        self._finish(state, tuple(s for s, k in enumerate(keys) if k == best), end)

