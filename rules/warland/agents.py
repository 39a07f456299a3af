"""Simple players for the economy game: a builder, a raider, a random player, and
`heuristic:<profile>`, whose style is a profile in the game's content."""

from __future__ import annotations

import functools
import random
from collections.abc import Callable

from stamperia.content.model import Game
from stamperia.content.rulesets.warland.buildings import Promote, Recruit
from stamperia.content.rulesets.warland.forces import Forces, WarlandAgentProfile
from stamperia.rules.search.spec import parse_agent
from stamperia.rules.warland.engine import food_production
from stamperia.rules.warland.meal import food_need, hungriest_first, most_trade
from stamperia.rules.warland.state import END, FEED, STARVE, TRADE, Action, Seat, State

AGENTS = ("builder", "raider", "random", "mcts", "heuristic")
"""`mcts` is answered by stamperia.rules.warland.search, which needs the whole game's turn flow."""

Agent = Callable[[State, int, list[Action], random.Random], Action]


def _margin(state: State, index: int) -> int:
    seat = state.seats[index]
    return food_production(state, seat) - food_need(state, seat)


def _build_value(state: State, index: int, building_id: str) -> float:
    """Production per resource spent, weighted towards food when the seat is hungry."""
    rules = state.rules
    building = rules.building(building_id)
    eats = rules.meals
    extra = sum(b.count * eats[b.pawn] for b in building.brings)
    food_weight = 2.0 if _margin(state, index) < 3 else 0.6
    return (building.resources + food_weight * (building.food - extra)) / building.cost


def _best_build(state: State, index: int, legal: list[Action], prefer: str = ""
                ) -> Action | None:
    builds = [a for a in legal if a.do == "build"]
    if not builds:
        return None
    for action in builds:
        if action.building == prefer:
            return action
    return max(builds, key=lambda a: (_build_value(state, index, a.building), a.building))


def builder(state: State, index: int, legal: list[Action], rng: random.Random) -> Action:
    """Builds for production and defends at home; never sends soldiers away."""
    defend = _attack(state, legal, ("defend",), rng)
    if defend is not None:
        return defend
    build = _best_build(state, index, legal)
    return build if build is not None and _build_value(state, index, build.building) > 0 \
        else END


def _attack(state: State, legal: list[Action], kinds: tuple[str, ...],
            rng: random.Random) -> Action | None:
    """A legal action of the first kind offered, where (against whom) drawn from the
    seeded random source, never by seat order; a battle with every soldier there against
    the strongest (the heuristic default of who fights whom); a demolition aims at the
    Castello, whose fall puts its player out (the game is won by the last one standing)."""
    castle = state.rules.buildings.castle.id
    for kind in kinds:
        # the defaults: every soldier there against the strongest (combat.battles), the
        # default card of a building (combat.aims)
        offered = [a for a in legal if a.do == kind and not a.strengths and not a.card]
        if offered:
            castles = [a for a in offered if a.building == castle]
            return rng.choice(castles or offered)
    return None


def _barracks(state: State) -> tuple[str, ...]:
    """Buildings that recruit soldiers (data, not names): the raider wants one."""
    return tuple(b.id for b in state.rules.buildings.buildings
                 if any(isinstance(s, Recruit) for s in b.special)) or ("",)


def _academies(state: State) -> tuple[str, ...]:
    """Buildings that promote soldiers: a strength-2 soldier rolls twice at a demolition."""
    return tuple(b.id for b in state.rules.buildings.buildings
                 if any(isinstance(s, Promote) for s in b.special))


def _wanted(seat: Seat, kinds: tuple[str, ...]) -> str:
    """The first of `kinds` the seat has none of ("" when it has them all)."""
    return next((b for b in kinds if b and not seat.owns(b)), "")


def raider(state: State, index: int, legal: list[Action], rng: random.Random) -> Action:
    """Builds a Caserma then an Accademia, recruits while food allows, promotes, and sends
    every soldier its food margin feeds on a mission (`_aim` says where) to fight and
    demolish the Castello: purposeful, it ends nine games in ten by the rules (issue 36)."""
    seat = state.seats[index]
    attack = _attack(state, legal, ("defend", "battle", "demolish"), rng)
    if attack is not None:
        return attack
    barracks = _barracks(state)
    wanted = _wanted(seat, barracks + _academies(state))
    build = _best_build(state, index, legal, prefer=wanted)
    if build is not None and (build.building == wanted or
                              _build_value(state, index, build.building) > 0.3):
        return build
    promote = next((a for a in legal if a.do == "promote"), None)
    if promote is not None:
        return promote
    margin = _margin(state, index)
    sends = _strongest(seat, legal, min(len(seat.soldiers), _most_sent(legal), margin))
    if sends:
        return _aim(state, index, sends, rng)
    for action in legal:
        if action.do == "recruit" and margin >= 4:
            return action
    return END


def _aim(state: State, index: int, sends: list[Action], rng: random.Random) -> Action:
    """Where a raid goes: the castle nearest to falling (already beaten once), then where
    this seat's soldiers already are, then the fewest defenders; a tie is broken by the
    seeded random source, never by seat order, nor by the walk (issue 36: aiming at the
    nearest castle made the three-player table's middle seat, next to both others, win 4%
    of the raider's games; drawn, the seats win 35/31/35%)."""
    castle = state.rules.buildings.castle.id
    seat = state.seats[index]

    def key(action: Action) -> tuple[int, int, int]:
        target = state.seats[action.target]
        hits = max((p.hits for p in target.buildings if p.building == castle), default=0)
        there = sum(1 for m in seat.missions if m.target == action.target)
        return (-hits, -there, len(target.soldiers))

    shuffled = list(sends)
    rng.shuffle(shuffled)
    return min(shuffled, key=key)


def _strongest(seat: Seat, legal: list[Action], count: int) -> list[Action]:
    """The sends of `count` soldiers that take the strongest at home (the heuristic
    default of which soldiers go), one per target."""
    group = tuple(sorted(seat.soldiers, reverse=True)[:count])
    return [a for a in legal if a.do == "send" and a.count == count and a.strengths == group]


def _most_sent(legal: list[Action]) -> int:
    """The most soldiers one send may take this turn (the turn's moves are limited)."""
    return max((a.count for a in legal if a.do == "send"), default=0)


def random_player(state: State, index: int, legal: list[Action], rng: random.Random
                  ) -> Action:
    """Any legal action, ending the turn one time in three."""
    if len(legal) == 1 or rng.random() < 1 / 3:
        return END
    return rng.choice(legal[:-1])


def weighted_turn(profile: str, state: State, index: int, legal: list[Action],
                  rng: random.Random) -> Action:
    """The raider's and builder's choices with a content profile's thresholds: defend,
    fight where its soldiers stand if it raids, build (a barracks first if it wants one,
    then, if it raids, a promoting building), recruit while food allows, promote, send a
    share of its soldiers (as many as its food margin feeds) where `_aim` says."""
    weights = _profile(state, profile)
    seat = state.seats[index]
    attack = _attack(state, legal, ("defend", "battle", "demolish") if weights.raid
                     else ("defend",), rng)
    if attack is not None:
        return attack
    wanted = _wanted(seat, (_barracks(state) if weights.barracks else ())
                     + (_academies(state) if weights.raid else ()))
    build = _best_build(state, index, legal, prefer=wanted)
    if build is not None and ((wanted and build.building == wanted) or
                              10 * _build_value(state, index, build.building) > weights.build):
        return build
    promote = next((a for a in legal if a.do == "promote"), None)
    if promote is not None:
        return promote
    margin = _margin(state, index)
    # a soldier sent eats one more (a mission eats 3, a soldier at home 2): the margin
    # bounds the count; soldiers go before new ones are recruited, who wait for the next
    count = min(len(seat.soldiers) * weights.raid // 100, _most_sent(legal), margin)
    sends = _strongest(seat, legal, count)
    if sends:
        return _aim(state, index, sends, rng)
    for action in legal:
        if action.do == "recruit" and margin >= weights.recruit_margin:
            return action
    return END


def _profile(state: State, profile: str) -> WarlandAgentProfile:
    """The named profile (the runner has checked the content has it)."""
    found = next((p for p in state.rules.forces.agents if p.id == profile), None)
    if found is None:
        raise ValueError(f"no agent profile {profile!r} in the content")
    return found


def at_meal(legal: list[Action]) -> bool:
    """Whether the decision is the meal's (a trade, who starves, feed), not the main
    phase's."""
    return bool(legal) and legal[0].do in (FEED, STARVE, TRADE)


def hungriest(state: State, index: int, legal: list[Action]) -> Action:
    """The meal's heuristic default: `feed` once the food covers everyone (no pawn is
    starved on purpose), else trade at a Bazaar as much as helps (meal.most_trade), then
    the hungriest pawns unfed first, so the fewest die (meal.hungriest_first); the first
    choice listed if it is not among `legal`."""
    if Action(FEED) in legal:
        return Action(FEED)
    traded = most_trade(state, index)
    if traded is not None and traded in legal:
        return traded
    chosen = Action(STARVE, starve=hungriest_first(state, index))
    return chosen if chosen in legal else legal[0]


def _feeding(turn: Agent, state: State, index: int, legal: list[Action],
             rng: random.Random) -> Action:
    """`turn`'s main phase; at the meal, the hungriest-first default."""
    if at_meal(legal):
        return hungriest(state, index, legal)
    return turn(state, index, legal, rng)


def _random_meal(state: State, index: int, legal: list[Action], rng: random.Random
                 ) -> Action:
    """The random player: any of the meal's choices, or any main-phase action."""
    if at_meal(legal):
        return rng.choice(legal)
    return random_player(state, index, legal, rng)


def agent(name: str) -> Agent:
    """The agent a name stands for (`heuristic:<id>`: the content profile `id`). Every
    agent decides the meal too: random picks any choice (a pawn starved on purpose as
    likely as `feed`), the others feed, or starve the hungriest first."""
    spec = parse_agent(name, AGENTS)
    if spec.profile is not None:
        return functools.partial(_feeding, functools.partial(weighted_turn, spec.profile))
    if spec.budget is not None:
        raise ValueError(f"{name!r} searches the whole game: "
                         "stamperia.rules.warland.simulate seats it")
    if spec.name == "random":
        return _random_meal
    turn: Agent = {"builder": builder, "raider": raider}[spec.name]
    return functools.partial(_feeding, turn)


def profiles(game: Game) -> tuple[str, ...]:
    """The content's player profiles for `heuristic:<profile>`."""
    return tuple(p.id for p in game.part(Forces).agents)
