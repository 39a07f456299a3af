"""What differs between two editions, compared on their models (inheritance resolved).

For designers and localization teams: rules parameters, board, factions, cards,
objectives and every printed string per locale, in sections with a stable order. Each
entity is described as ordered (field, value) pairs; the diff lists entities added,
removed, and changed field by field. `stamperia diff` prints it or dumps it as JSON.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from content.model import Card, Effect, Game

Fields = tuple[tuple[str, str], ...]
_UNNAMED = ("value", "text")


@dataclass(frozen=True)
class Change:
    """One entity added, removed or changed; `fields` are (field, before, after)."""

    change: str
    item: str
    fields: tuple[tuple[str, str | None, str | None], ...]

    def format(self) -> str:
        def name(field: str) -> str:
            return "" if field in _UNNAMED else field + " "

        if self.change == "changed":
            shown = ", ".join(f"{name(f)}{a} -> {b}" for f, a, b in self.fields)
        else:
            shown = ", ".join(f"{name(f)}{b if self.change == 'added' else a}"
                              for f, a, b in self.fields)
        return f"  {self.change:<8} {self.item}" + (f": {shown}" if shown else "")

    def as_dict(self) -> dict[str, object]:
        if self.change == "changed":
            fields: dict[str, object] = {f: {"from": a, "to": b} for f, a, b in self.fields}
        else:
            fields = {f: (b if self.change == "added" else a) for f, a, b in self.fields}
        return {"change": self.change, "item": self.item, "fields": fields}


@dataclass(frozen=True)
class Section:
    """One part of the diff: its counts before and after, and its changes."""

    name: str
    counts: tuple[tuple[str, int, int], ...]
    changes: tuple[Change, ...]

    def lines(self) -> list[str]:
        counts = ", ".join(f"{n} {a} -> {b}" if a != b else f"{n} {a}"
                           for n, a, b in self.counts)
        head = f"{self.name} ({counts})" if counts else self.name
        body = [c.format() for c in self.changes] or ["  no differences"]
        return [head, *body]

    def as_dict(self) -> dict[str, object]:
        return {"section": self.name,
                "counts": {n: {"from": a, "to": b} for n, a, b in self.counts},
                "changes": [c.as_dict() for c in self.changes]}


@dataclass(frozen=True)
class EditionDiff:
    before: str
    after: str
    sections: tuple[Section, ...]

    def lines(self) -> list[str]:
        lines = [f"diff {self.before} -> {self.after}"]
        for section in self.sections:
            lines += section.lines()
        return lines

    def as_dict(self) -> dict[str, object]:
        return {"from": self.before, "to": self.after,
                "sections": [s.as_dict() for s in self.sections]}


def compare(label: str, before: Mapping[str, Fields], after: Mapping[str, Fields]
            ) -> list[Change]:
    """Entities by id: removed and changed in `before`'s order, then added in `after`'s."""
    changes = []
    for key, old in before.items():
        if key not in after:
            changes.append(Change("removed", _item(label, key),
                                  tuple((f, v, None) for f, v in old)))
            continue
        new = dict(after[key])
        old_map = dict(old)
        fields = [(f, old_map.get(f, "-"), new.get(f, "-"))
                  for f in dict.fromkeys((*old_map, *new)) if old_map.get(f) != new.get(f)]
        if fields:
            changes.append(Change("changed", _item(label, key), tuple(fields)))
    changes += [Change("added", _item(label, key), tuple((f, None, v) for f, v in new_fields))
                for key, new_fields in after.items() if key not in before]
    return changes


def _item(label: str, key: str) -> str:
    return f"{label} {key}" if label else key


def _yes(value: bool) -> str:
    return "yes" if value else "no"


def _rules(game: Game) -> dict[str, Fields]:
    values: list[tuple[str, str]] = [
        ("ruleset", game.ruleset), ("players", f"{game.players[0]}-{game.players[1]}"),
        ("locales", ", ".join(game.locales)),
        ("turns.base", str(game.base_turns)), ("turns.event_deck", str(game.event_deck)),
        ("scoring.points_per_conquest", str(game.points_per_conquest))]
    setup = game.setup
    if setup is not None:
        values += [(f"setup.pieces_per_player.{n}", str(v))
                   for n, v in sorted(setup.pieces_per_player.items())]
        values += [("setup.piece", setup.piece),
                   ("setup.first_round_per_turn", str(setup.first_round_per_turn)),
                   ("setup.later_rounds_per_turn", str(setup.later_rounds_per_turn)),
                   ("setup.starting_hand", str(setup.starting_hand)),
                   ("setup.hand_limit", str(setup.hand_limit)),
                   ("setup.objectives_per_player", str(setup.objectives_per_player)),
                   ("setup.action_deck", str(setup.action_deck))]
    return {name: (("value", value),) for name, value in values}


def _board(game: Game) -> tuple[list[tuple[str, int]], list[tuple[str, dict[str, Fields]]]]:
    board = game.board
    if board is None:
        return [], []
    zones = {z.id: (("colour", z.colour), ("bonus", f"+{z.bonus_pieces} pieces "
                                                     f"+{z.bonus_cards} cards"),
                    ("territories", str(len(board.zone_territories(z.id)))))
             for z in board.zones}
    territories = {t.id: (("zone", t.zone), ("coastal", _yes(t.coastal)), ("port", _yes(t.port)),
                          ("cells", str(len(t.cells))))
                   for t in board.territories}
    kinds = {k.id: (("requires_port", _yes(k.requires_port)), ("style", k.style))
             for k in board.link_kinds}
    links = {"-".join(lk.between): (("kind", lk.kind),) for lk in board.links}
    borders = {"-".join(b.between): () for b in board.borders}
    exceptions = {"-".join(e.between): (("adjacent", _yes(e.adjacent)), ("reason", e.reason))
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


def _cards(game: Game) -> dict[str, Fields]:
    return {f"{deck.id}/{card.id}": _card(card) for deck in game.decks for card in deck.cards}


def _decks(game: Game) -> dict[str, Fields]:
    return {d.id: (("kind", d.kind), ("per_faction", _yes(d.per_faction)),
                   ("cards", str(d.total))) for d in game.decks}


def _objectives(game: Game) -> dict[str, Fields]:
    if game.objectives is None:
        return {}
    return {o.id: (("territories", ", ".join(f"{e.territory} {e.value}" for e in o.entries)),
                   ("total", str(o.total))) for o in game.objectives.cards}


def _strings(game: Game, locale: str) -> dict[str, Fields]:
    strings = game.strings.get(locale)
    texts = strings.texts if strings is not None else {}
    return {key: (("text", json.dumps(texts[key], ensure_ascii=False)),) for key in sorted(texts)}


def _section(name: str, counts: Iterable[tuple[str, int, int]],
             groups: Iterable[tuple[str, Mapping[str, Fields], Mapping[str, Fields]]]
             ) -> Section:
    changes = [c for label, a, b in groups for c in compare(label, a, b)]
    return Section(name, tuple(counts), tuple(changes))


def diff_editions(before: Game, after: Game) -> EditionDiff:
    """Every difference from `before` to `after`, section by section."""
    a_counts, a_groups = _board(before)
    b_counts, b_groups = _board(after)
    board_counts = [(n, dict(a_counts).get(n, 0), dict(b_counts).get(n, 0))
                    for n in dict.fromkeys((*dict(a_counts), *dict(b_counts)))]
    b_map = dict(b_groups)
    a_map = dict(a_groups)
    board_groups = [(label, a_map.get(label, {}), b_map.get(label, {}))
                    for label in dict.fromkeys((*a_map, *b_map))]
    factions_a = {f.id: (("colour", f.colour), ("text_colour", f.text_colour))
                  for f in before.factions}
    factions_b = {f.id: (("colour", f.colour), ("text_colour", f.text_colour))
                  for f in after.factions}
    cards_a, cards_b = _cards(before), _cards(after)
    sections = [
        _section("rules", (), [("", _rules(before), _rules(after))]),
        _section("board", board_counts, board_groups),
        _section("factions", [("factions", len(before.factions), len(after.factions))],
                 [("faction", factions_a, factions_b)]),
        _section("cards", [("decks", len(before.decks), len(after.decks)),
                           ("cards", len(cards_a), len(cards_b))],
                 [("deck", _decks(before), _decks(after)), ("card", cards_a, cards_b)]),
        _section("objectives", [("objectives", len(_objectives(before)),
                                 len(_objectives(after)))],
                 [("objective", _objectives(before), _objectives(after))]),
    ]
    for locale in dict.fromkeys((*before.locales, *after.locales)):
        a, b = _strings(before, locale), _strings(after, locale)
        sections.append(_section(f"strings {locale}", [("keys", len(a), len(b))],
                                 [("", a, b)]))
    return EditionDiff(before.id, after.id, tuple(sections))
