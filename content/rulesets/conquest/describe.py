"""The conquest part as diff sections: rules parameters, board, factions, cards, objectives."""

from __future__ import annotations

from stamperia.content.parts import Fields, PartGroup, PartSection
from stamperia.content.rulesets.conquest.model import Card, Conquest, Effect


def _yes(value: bool) -> str:
    return "yes" if value else "no"


def _rules(game: Conquest) -> dict[str, Fields]:
    values: list[tuple[str, str]] = [
        ("turns.base", str(game.base_turns)), ("turns.event_deck", str(game.event_deck)),
        ("turns.objective_check", game.objective_check),
        ("turns.recruit_window", game.recruit_window),
        ("scoring.points_per_conquest", str(game.points_per_conquest)),
        ("scoring.tie_margin", str(game.tie_margin)), ("scoring.eliminated", game.eliminated)]
    setup = game.setup
    if setup is not None:
        values += [(f"setup.pieces_per_player.{n}", str(v))
                   for n, v in sorted(setup.pieces_per_player.items())]
        values += [("setup.piece", setup.piece),
                   ("setup.first_round_per_turn", str(setup.first_round_per_turn)),
                   ("setup.later_rounds_per_turn", str(setup.later_rounds_per_turn)),
                   ("setup.starting_hand", str(setup.starting_hand)),
                   ("setup.hand_limit", str(setup.hand_limit)),
                   ("setup.hand_limit_discard", setup.hand_limit_discard),
                   ("setup.objectives_per_player", str(setup.objectives_per_player)),
                   ("setup.action_deck", str(setup.action_deck))]
    values += [(f"agents.{p.id}", f"attack_margin={p.attack_margin} press_margin="
                f"{p.press_margin} objective={p.objective} guard={p.guard} "
                f"garrison={p.garrison}") for p in game.agents]
    return {name: (("value", value),) for name, value in values}


def _board(game: Conquest) -> tuple[list[tuple[str, int]], list[tuple[str, dict[str, Fields]]]]:
    board = game.board
    if board is None:
        return [], []
    zones: dict[str, Fields] = {
        z.id: (("colour", z.colour), ("hatch", z.hatch),
               ("bonus", f"+{z.bonus_pieces} pieces +{z.bonus_cards} cards"),
               ("territories", str(len(board.zone_territories(z.id)))))
             for z in board.zones}
    territories: dict[str, Fields] = {
        t.id: (("zone", t.zone), ("coastal", _yes(t.coastal)), ("port", _yes(t.port)),
               ("cells", str(len(t.cells))))
        for t in board.territories}
    kinds: dict[str, Fields] = {k.id: (("requires_port", _yes(k.requires_port)), ("style", k.style))
             for k in board.link_kinds}
    links: dict[str, Fields] = {"-".join(lk.between): (("kind", lk.kind),) for lk in board.links}
    borders: dict[str, Fields] = {"-".join(b.between): () for b in board.borders}
    exceptions: dict[str, Fields] = {
        "-".join(e.between): (("adjacent", _yes(e.adjacent)), ("reason", e.reason))
        for e in board.exceptions}
    counts = [("zones", len(board.zones)), ("territories", len(board.territories)),
              ("borders", len(board.borders)), ("links", len(board.links))]
    return counts, [("zone", zones), ("territory", territories), ("link kind", kinds),
                    ("link", links), ("border", borders), ("border exception", exceptions)]


def _effect(effect: Effect) -> str:
    params = ", ".join(f"{k}={_value(v)}" for k, v in sorted(effect.params.items()))
    return f"{effect.type}({params})"


def _value(value: object) -> str:
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_value(v) for v in value) + "]"
    if isinstance(value, bool):
        return _yes(value)
    return str(value)


def _card(card: Card) -> Fields:
    return (("copies", str(card.copies)), ("timing", card.timing),
            ("continue_icon", _yes(card.continue_icon)),
            ("effects", "; ".join(_effect(e) for e in card.effects)))


def _cards(game: Conquest) -> dict[str, Fields]:
    return {f"{deck.id}/{card.id}": _card(card) for deck in game.decks for card in deck.cards}


def _decks(game: Conquest) -> dict[str, Fields]:
    return {d.id: (("kind", d.kind), ("per_faction", _yes(d.per_faction)),
                   ("cards", str(d.total))) for d in game.decks}


def _objectives(game: Conquest) -> dict[str, Fields]:
    if game.objectives is None:
        return {}
    return {o.id: (("territories", ", ".join(f"{e.territory} {e.value}" for e in o.entries)),
                   ("total", str(o.total))) for o in game.objectives.cards}


def describe_conquest(game: Conquest) -> tuple[PartSection, ...]:
    counts, groups = _board(game)
    factions = {f.id: (("colour", f.colour), ("text_colour", f.text_colour))
                for f in game.factions}
    cards = _cards(game)
    objectives = _objectives(game)
    return (
        PartSection("rules", (), (PartGroup("", _rules(game)),)),
        PartSection("board", tuple(counts),
                    tuple(PartGroup(label, rows) for label, rows in groups)),
        PartSection("factions", (("factions", len(game.factions)),),
                    (PartGroup("faction", factions),)),
        PartSection("cards", (("decks", len(game.decks)), ("cards", len(cards))),
                    (PartGroup("deck", _decks(game)), PartGroup("card", cards))),
        PartSection("objectives", (("objectives", len(objectives)),),
                    (PartGroup("objective", objectives),)),
    )
