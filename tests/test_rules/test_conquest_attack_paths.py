"""The attack paths of compiled conquest tables (stamperia.rules.conquest.tables): per event, each
territory's open targets in neighbour order, each with its rows of attack actions."""

from __future__ import annotations

from stamperia.content.loader import load_game
from stamperia.rules.conquest.actions import ATTACK_DO, code
from stamperia.rules.conquest.battle import MAX_DICE
from stamperia.rules.conquest.tables import compile_tables


def test_every_event_opens_its_borders_and_links_with_rows_of_1_to_3_dice() -> None:
    tables = compile_tables(load_game("sgrunt"))
    events = (None, *tables.events)
    assert any(e is not None and e.blocked_kinds for e in events)  # sea attacks blocked
    assert any(e is not None and e.protect_landlocked for e in events)
    for number, event in enumerate(events):
        blocked = event.blocked_kinds if event else frozenset()
        landlocked = event.protect_landlocked if event else False
        for origin, (targets, rows) in enumerate(tables.attack_paths[number]):
            expected = [target for target, kind in tables.neighbours[origin]
                        if kind not in blocked
                        and (tables.coastal[target] or not landlocked)]
            assert list(targets) == expected
            assert tables.attack_targets[number][origin] == targets
            for target, row in zip(targets, rows, strict=True):
                assert row == tuple(
                    tuple(code(ATTACK_DO, origin, target, dice) for dice in range(1, most + 1))
                    for most in range(1, MAX_DICE + 1))


def test_events_alike_share_their_paths() -> None:
    tables = compile_tables(load_game("sgrunt"))
    keys = {}
    for number, event in enumerate((None, *tables.events)):
        key = (event.blocked_kinds, event.protect_landlocked) if event else (frozenset(), False)
        assert keys.setdefault(key, tables.attack_paths[number]) is tables.attack_paths[number]
