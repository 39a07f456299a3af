"""The conformance checks fail a plug-in that breaks the contract, saying what to fix: each
test breaks one thing of a working plug-in (a copy, a wrapper or a subclass) and expects
the check's exact message. A check that passed these would pass anything."""

from __future__ import annotations

import dataclasses
import itertools
import random
import re
import subprocess
import sys
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

import pytest
from pluginsources import CopyPlugin

from stamperia.conformance import (
    QUICK,
    check_agent,
    check_clean,
    check_every_agent,
    check_kit,
    check_notation,
    check_pickles,
    check_plugin,
    check_positions,
    check_wiring,
)
from stamperia.content.loader import load_game
from stamperia.content.model import Game
from stamperia.content.rulesets.registry import RulesetLoadError
from stamperia.rules.positions import LegalMoves, PositionFormat, PositionJson, PositionSource
from stamperia.rules.registry import ruleset_for
from stamperia.rules.simulation.result import GameResult, JsonValue, Record, Simulator, Table


def splut() -> tuple[Game, Simulator, PositionFormat]:
    game = load_game("splut")
    rules = ruleset_for("splut")
    assert rules.simulator is not None and rules.positions is not None
    return game, rules.simulator(), rules.positions()


def test_a_kind_another_plugin_declares_is_refused_at_start_up(
        copied_plugin: CopyPlugin) -> None:
    """A copy that keeps the original's part kind: the registry names both plug-ins (before
    kinds were owned, the first plug-in's schema silently won)."""
    def same_kind(package: Path) -> None:
        path = package / "content" / "plugin.py"
        text = path.read_text()
        assert 'CARDS_KIND = "deckbuilder"' in text
        path.write_text(text.replace('CARDS_KIND = "deckbuilder"', 'CARDS_KIND = "cards"'))

    with pytest.raises(RulesetLoadError) as refused:
        copied_plugin("cards", "deckbuilder", same_kind)
    assert str(refused.value) == (
        "ruleset plug-ins 'cards' (stamperia.content.rulesets.cards.plugin:PLUGIN) and "
        "'deckbuilder' (deckbuilderrules.content.plugin:PLUGIN) both declare the kind 'cards'")


def test_rules_that_name_another_ruleset_fail_wiring(copied_plugin: CopyPlugin) -> None:
    def old_id(package: Path) -> None:
        path = package / "rules" / "ruleset.py"
        path.write_text(path.read_text().replace('id="deckbuilder"', 'id="cards"'))

    copied_plugin("cards", "deckbuilder", old_id)
    with pytest.raises(AssertionError) as failed:
        check_wiring("deckbuilder")
    assert str(failed.value) == (
        "the 'deckbuilder' plug-in's rules (deckbuilderrules.rules.ruleset:RULESET) say they "
        "are ruleset 'cards': give Ruleset the plug-in's id")


def test_a_game_with_content_errors_fails_the_check(copied_plugin: CopyPlugin) -> None:
    game = copied_plugin("cards", "deckbuilder")
    cards = game / "cards.json"
    cards.write_text(cards.read_text().replace('"layout": "action"', '"layout": "nolayout"'))
    with pytest.raises(AssertionError) as failed:
        check_clean("deckbuilder", str(game))
    lines = str(failed.value).splitlines()
    assert lines[0] == f"stamperia check {game}: 1 error(s):"
    assert re.fullmatch(r".*cards\.json:7: /decks/0/layout: .*'nolayout'.*", lines[1])


def test_a_game_of_another_ruleset_is_refused(copied_plugin: CopyPlugin) -> None:
    copied_plugin("cards", "deckbuilder")
    with pytest.raises(AssertionError, match="^splut is a game of ruleset 'splut', not "
                                             "'deckbuilder'$"):
        check_clean("deckbuilder", "splut")


def test_a_kit_that_draws_differently_each_build_fails(copied_plugin: CopyPlugin,
                                                        tmp_path: Path) -> None:
    def numbered_builds(package: Path) -> None:
        kit = package / "kit" / "kit.py"
        kit.write_text(kit.read_text() + '''
import itertools as _itertools
from dataclasses import replace as _replace

_BUILDS = _itertools.count()
_DOCUMENTS = KIT.documents


def _numbered(game, locale, ui, options):
    number = next(_BUILDS)
    return tuple(_replace(d, title=f"{d.title} {number}")
                 for d in _DOCUMENTS(game, locale, ui, options))


KIT = _replace(KIT, documents=_numbered)
''')

    game = copied_plugin("cards", "deckbuilder", numbered_builds)
    with pytest.raises(AssertionError) as failed:
        check_kit(str(game), tmp_path / "kit")
    assert str(failed.value).startswith(
        f"two builds of {game} gave different bytes in deckbuilder/en/board-large.pdf, ")
    assert str(failed.value).endswith(": the kit must draw the same from the same content "
                                      "(no set order, clock or unseeded randomness)")


def test_a_simulator_that_ignores_its_generator_fails(tmp_path: Path) -> None:
    game, simulator, _ = splut()
    seeds = itertools.count()

    def unseeded(game: Game, table: Table, rng: random.Random, record: Record | None
                 ) -> GameResult:
        return simulator.play(game, table, random.Random(next(seeds)), record)

    broken = dataclasses.replace(simulator, play=unseeded, prepare=None)
    with pytest.raises(AssertionError, match=re.escape(
            "splut: 1 game(s) of random with seed 1 played twice gave different records: an "
            "engine or agent draws from something other than the random.Random it is given")):
        check_agent(game, broken, "random", 2, 1, 1, tmp_path)


def test_a_replay_to_another_result_fails(tmp_path: Path) -> None:
    game, simulator, _ = splut()

    def off(game: Game, lines: list[Mapping[str, JsonValue]]) -> GameResult:
        return dataclasses.replace(simulator.replay(game, lines), turns=0)

    broken = dataclasses.replace(simulator, replay=off)
    with pytest.raises(AssertionError) as failed:
        check_agent(game, broken, "random", 2, 1, 1, tmp_path)
    assert str(failed.value).startswith(
        "splut: recorded games of random do not replay to the results recorded (stamperia "
        "replay):\ngame 0: end last_sorcerer, winners ")


def test_an_agent_no_game_can_seat_fails(tmp_path: Path) -> None:
    game, simulator, _ = splut()
    no_profiles = dataclasses.replace(simulator, profiles=None)
    with pytest.raises(AssertionError, match=re.escape(
            "agents heuristic sat at none of the games splut: a profile agent needs a "
            "profile in the content of one of them")):
        check_every_agent((game,), no_profiles, QUICK, tmp_path)


def test_a_simulator_that_does_not_pickle_fails() -> None:
    game, simulator, _ = splut()
    broken = dataclasses.replace(simulator, playable=lambda game, players: ())
    with pytest.raises(AssertionError, match=re.escape(
            "splut: the model or the simulator does not pickle, as --workers needs: ")):
        check_pickles(game, broken, 2, 1)


@dataclass(frozen=True)
class Broken:
    """SPLUT!'s positions with one thing broken: `read` forgets the rocks moved last turn, or
    `legal` lists a pass or its first move twice."""

    inner: PositionFormat
    fault: str

    @property
    def schema_kind(self) -> str:
        return self.inner.schema_kind

    def opening(self, game: Game, players: int, seed: int) -> PositionJson:
        return self.inner.opening(game, players, seed)

    def read(self, game: Game, data: object, source: PositionSource) -> object:
        if self.fault == "forget" and isinstance(data, dict):
            data = {**data, "moved_last_turn": []}
        return self.inner.read(game, data, source)

    def write(self, game: Game, state: object) -> PositionJson:
        return self.inner.write(game, state)

    def legal(self, game: Game, state: object) -> LegalMoves:
        legal = self.inner.legal(game, state)
        extra = {"pass": ("pass",), "twice": legal.moves[:1]}.get(self.fault, ())
        return dataclasses.replace(legal, moves=(*legal.moves, *extra))

    def apply(self, game: Game, state: object, move: str, rng: random.Random) -> object:
        return self.inner.apply(game, state, move, rng)


@pytest.mark.parametrize(("fault", "message"), [
    ("forget", "splut, the opening for 2 players, seed 1 after 9 moves, the last SF8s DE8e "
               "TF3s TF2n TF3w SF7s~E9 SF6n~E8 SF7s~E9: the position read back writes "
               "another JSON, first at /moved_last_turn/0"),
    ("pass", "splut, the opening for 2 players, seed 1: the listed move 'pass' is refused: "
             "a pass is legal only when no step is (R6)"),
    ("twice", "splut, the opening for 2 players, seed 1: a move is listed twice: ['TF2n', "),
])
def test_a_broken_position_format_fails(fault: str, message: str) -> None:
    game, _, fmt = splut()
    with pytest.raises(AssertionError) as failed:
        check_positions(game, Broken(fmt, fault), 2, 1)
    assert str(failed.value).startswith(message)
    assert fault == "twice" or str(failed.value) == message


def test_a_move_that_parses_to_another_fails(tiny_installed: Path) -> None:
    from tinyrules.engine import Pile, TakeTokens

    from stamperia.rules.play.simulator import engine_simulator

    class TakesOne(TakeTokens):
        """Reads every move as `take 1`."""

        def parse(self, state: Pile, move: str) -> int | None:
            return None if super().parse(state, move) is None else 1

    game = load_game(str(tiny_installed))
    with pytest.raises(AssertionError, match=re.escape(
            "tiny_tokens_game: seed 1, record line 2: the listed move 'take 2' parses to an "
            "action written 'take 1'")):
        check_notation(game, engine_simulator(TakesOne, ("random",)), 2, 1)


def test_a_third_party_plugin_passes_the_suite(tiny_installed: Path, tmp_path: Path) -> None:
    """tests/fixtures/tiny_ruleset, a publisher's package, as its own tests would run it."""
    report = check_plugin("tiny_tokens", [str(tiny_installed)], tmp_path)
    assert report.kit_files == tuple(f"tiny_tokens_game/{name}" for name in (
        "it/guide.pdf", "it/svg/guide-01.svg", "it/svg/tokens-01.svg", "it/tokens.pdf",
        "manifest.json"))
    assert [run.agent for run in report.agents] == ["random"]
    assert report.notation.decisions > 0
    assert report.positions == ()


def test_the_checks_import_without_pytest() -> None:
    """A plug-in's wheel may run them with no pytest installed."""
    code = ("import sys, stamperia.conformance, stamperia.conformance.compiled; "
            "print(sorted(m for m in sys.modules if m.split('.')[0] in ('pytest', '_pytest')))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True)
    assert done.stdout == "[]\n"
