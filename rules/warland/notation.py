"""WARLAND move notation: readable moves naming the content's ids.

    build <building>              build caserma
    recruit <building>            recruit caserma
    promote <building>            promote accademia
    send <n> <soldier> <faction> [strength <s> ...]
                                  send 2 soldato verdi; send 2 soldato verdi strength 2 1
                                  (which soldiers go, named where the seat's soldiers at
                                  home differ in strength)
    demolish <faction> <building> [<card>]
                                  demolish rossi fattoria   (the building the attacker aims
                                  at: a face-down card of it first, else the first);
                                  demolish rossi fattoria 2 (its second card in play, where
                                  its cards differ)
    battle <faction>              battle verdi   (missions there against its soldiers)
    defend <faction>              defend blu     (home soldiers against its missions here)
    battle|defend <faction> with <s> ... against <s>
                                  battle verdi with 2 against 1   (the group that fights,
                                  by strength, and the strength of the soldier it attacks;
                                  the short form is every soldier there against the
                                  strongest)
    end-turn
    starve <n> <pawn> ...         starve 1 abitante 1 soldato   (at the meal, when food is
                                  short: the pawns left unfed, which die; the move is
                                  its cost. Kinds in the content's pawn order; where a
                                  kind's pawns differ, which ones: abitante@fattoria,
                                  soldato:2, soldato_in_missione:1@blu. When food covers
                                  everyone: `starve 1 <kind>`, one pawn left unfed on
                                  purpose, warland.txt 54-55; the meal is asked again)
    feed                          feed   (at the meal, once food covers everyone: they
                                  eat and the main phase follows)
    trade <n> <building>          trade 2 bazaar   (at the meal, when food is short: n
                                  times the card's resources for its food)
    outcome <result>              demolished | hit | standing (a demolition's roll);
                                  won | lost | both-survive | both-die (a battle's roll,
                                  seen from the seat that declared it)
"""

from __future__ import annotations

from stamperia.rules.warland.combat import demolition_target
from stamperia.rules.warland.state import END, FEED, STARVE, TRADE, Action, State

END_TURN = "end-turn"
OUTCOME = "outcome"
BATTLE_WORDS = {"won": "won", "lost": "lost", "both_survive": "both-survive",
                "both_die": "both-die"}
"""Engine battle outcome -> its word in the notation."""


def format_action(state: State, index: int, action: Action) -> str:
    """The notation of one of the engine's legal actions of seat `index`."""
    if action == END:
        return END_TURN
    if action.do == FEED:
        return FEED
    if action.do == STARVE:
        return " ".join([STARVE, *(f"{n} {p}" for p, n in action.starve)])
    if action.do in ("build", "recruit", "promote"):
        return f"{action.do} {action.building}"
    if action.do == TRADE:
        return f"{TRADE} {action.count} {action.building}"
    target = state.seats[action.target].faction
    if action.do == "send":
        move = f"send {action.count} {state.rules.soldier} {target}"
        if len(set(state.seats[index].soldiers)) > 1:
            move += " strength " + " ".join(str(s) for s in action.strengths)
        return move
    if action.do == "demolish":
        card = f" {action.card}" if action.card else ""
        return f"demolish {target} {action.building}{card}"
    if action.strengths:
        group = " ".join(str(s) for s in action.strengths)
        return f"{action.do} {target} with {group} against {action.against}"
    return f"{action.do} {target}"


def parse_action(state: State, text: str, seat: int = -1) -> Action:
    """The engine action a move of `seat` names (legality is the caller's); ValueError
    says why a move cannot be read. A send that names no strengths takes the seat's
    soldiers at home, all of one strength (else the move must name them)."""
    words = text.split(" ")
    verb, args = words[0], words[1:]
    factions = [s.faction for s in state.seats]
    buildings = {b.id for b in state.rules.buildings.buildings}

    def faction(word: str) -> int:
        if word not in factions:
            raise ValueError(f"{word!r} is not a faction in this game "
                             f"({', '.join(factions)})")
        return factions.index(word)

    def arity(n: int, form: str) -> None:
        if len(args) != n:
            raise ValueError(f"expected `{form}`")

    if verb == END_TURN:
        arity(0, END_TURN)
        return END
    if verb in ("build", "recruit", "promote"):
        arity(1, f"{verb} <building>")
        if args[0] not in buildings:
            raise ValueError(f"unknown building {args[0]!r}")
        return Action(verb, building=args[0])
    if verb == "send":
        form = f"send <count> {state.rules.soldier} <faction> [strength <s> ...]"
        if len(args) < 3 or (len(args) > 3 and args[3] != "strength"):
            raise ValueError(f"expected `{form}`")
        if not args[0].isdigit() or args[0] != str(int(args[0])) or int(args[0]) < 1:
            raise ValueError(f"{args[0]!r} is not a count of soldiers")
        if args[1] != state.rules.soldier:
            raise ValueError(f"only {state.rules.soldier!r} pawns are sent")
        strengths = args[4:]
        if any(not s.isdigit() or s != str(int(s)) for s in strengths) or (
                len(args) > 3 and len(strengths) != int(args[0])):
            raise ValueError(f"expected {args[0]} strengths after `strength`: `{form}`")
        home = set(state.seats[seat].soldiers) if seat >= 0 else set()
        if not strengths and len(home) == 1:
            strengths = [str(home.pop())] * int(args[0])
        return Action("send", target=faction(args[2]), count=int(args[0]),
                      strengths=tuple(sorted((int(s) for s in strengths), reverse=True)))
    if verb == "demolish":
        if len(args) not in (2, 3):
            raise ValueError("expected `demolish <faction> <building> [<card>]`")
        if args[1] not in buildings:
            raise ValueError(f"unknown building {args[1]!r}")
        card = args[2] if len(args) == 3 else "0"
        if not card.isdigit() or card != str(int(card)):
            raise ValueError(f"{card!r} is not a card number (1 for the first put in play)")
        return Action("demolish", building=args[1], target=faction(args[0]), card=int(card))
    if verb in ("battle", "defend"):
        form = f"{verb} <faction> [with <strength> ... against <strength>]"
        if len(args) == 1:
            return Action(verb, target=faction(args[0]))
        if (len(args) < 5 or args[1] != "with" or args[-2] != "against"
                or not all(s.isdigit() and s == str(int(s)) and int(s) > 0
                           for s in [*args[2:-2], args[-1]])):
            raise ValueError(f"expected `{form}`")
        return Action(verb, target=faction(args[0]),
                      strengths=tuple(sorted((int(s) for s in args[2:-2]), reverse=True)),
                      against=int(args[-1]))
    if verb == FEED:
        arity(0, FEED)
        return Action(FEED)
    if verb == STARVE:
        return Action(STARVE, starve=_starving(state, args))
    if verb == TRADE:
        arity(2, f"{TRADE} <count> <building>")
        if not args[0].isdigit() or args[0] != str(int(args[0])) or int(args[0]) < 1:
            raise ValueError(f"{args[0]!r} is not a count of trades")
        if args[1] not in buildings:
            raise ValueError(f"unknown building {args[1]!r}")
        return Action(TRADE, building=args[1], count=int(args[0]))
    raise ValueError("moves are build, recruit, promote, send, demolish, battle, defend, "
                     "end-turn, starve, trade or feed (at the meal), or an outcome at a roll")


def _starving(state: State, args: list[str]) -> tuple[tuple[str, int], ...]:
    """The (pawn, count) pairs of `starve <n> <pawn> ...`."""
    form = "starve <count> <pawn> [<count> <pawn> ...]"
    if not args or len(args) % 2:
        raise ValueError(f"expected `{form}`")
    pawns = state.rules.meals
    found: list[tuple[str, int]] = []
    for count, pawn in zip(args[::2], args[1::2], strict=True):
        if not count.isdigit() or count != str(int(count)) or int(count) < 1:
            raise ValueError(f"{count!r} is not a count of pawns")
        plain = pawn.split("@")[0].split(":")[0]
        if plain not in pawns:
            raise ValueError(f"unknown pawn {plain!r} (one of: {', '.join(pawns)})")
        found.append((pawn, int(count)))
    return tuple(found)


def demolition_word(state: State, index: int, action: Action, outcome: str) -> str:
    """`demolished` (gone), `hit` (a hit short of destroying it) or `standing` (missed)."""
    if outcome == "failure":
        return "standing"
    placed = demolition_target(state, index, action.target, action.building,
                               action.card).placed
    needed = state.rules.buildings.building(placed.building).hits_to_destroy
    return "demolished" if placed.hits + 1 >= needed else "hit"


def format_outcome(state: State, index: int, action: Action, outcome: str) -> str:
    """The notation of an engine roll outcome of the pending action."""
    if action.do == "demolish":
        return f"{OUTCOME} {demolition_word(state, index, action, outcome)}"
    return f"{OUTCOME} {BATTLE_WORDS[outcome]}"
