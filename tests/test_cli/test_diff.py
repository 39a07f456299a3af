"""`stamperia diff`: what differs between two editions, as text and as JSON."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from gamefixtures import FIXTURES, make_game

from stamperia.cli import cli


def test_diff_of_the_tiny_variant_is_exact() -> None:
    result = CliRunner().invoke(cli, ["diff", str(FIXTURES / "tiny"),
                                      str(FIXTURES / "tiny_variant")])
    assert result.exit_code == 0, result.output
    assert result.output == (FIXTURES / "diff_tiny_variant.txt").read_text(encoding="utf-8")


def test_diff_of_an_edition_with_itself_has_no_differences() -> None:
    result = CliRunner().invoke(cli, ["diff", "sgrunt", "sgrunt"])
    assert result.exit_code == 0
    assert [line for line in result.output.splitlines() if line.startswith("  ")] == [
        "  no differences"] * 10  # rules, board, factions, cards, objectives, look x2, it, en, fr


def test_diff_sgrunt_mugrugni_key_lines() -> None:
    result = CliRunner().invoke(cli, ["diff", "sgrunt", "mugrugni"])
    assert result.exit_code == 0
    lines = result.output.splitlines()
    for expected in [
        "diff sgrunt -> mugrugni",
        "rules",
        "board (zones 8, territories 40, borders 91 -> 90, links 7)",
        "  added    link kind ford: requires_port no, style dotted",
        "  added    link santeusebio-struppa: kind ford",
        "  added    link apparizione-struppa: kind mountain_pass",
        "  removed  territory nurra: zone sassarese, coastal yes, port yes, cells 13",
        "  added    faction legere: colour #7c20a3, text_colour #ffffff",
        "theme (colours 12)",
        "  changed  colour event: colour #312010 -> #22303c",
        "cards (decks 2, cards 14)",
        "  removed  card events/malu_entu: copies 1, timing turn, continue_icon no, "
        "effects block_link_kinds(link_kinds=[sea_route])",
        "  added    card events/tempesta: copies 1, timing turn, continue_icon no, "
        "effects block_link_kinds(link_kinds=[sea_route, mountain_pass])",
        "  added    card actions/stagione_amore: copies 3, timing own_turn_before_attack, "
        "continue_icon no, effects recruit(discards=0, pieces=[2, 4, 6])",
        "strings it (keys 116 -> 123)",
        '  changed  game.title: "SGRUNT" -> "MUGRUGNI"',
        '  added    link_kind.ford.name: "Ford"',
    ]:
        assert expected in lines
    # MUGRUGNI: "Se ne possiede già 5 in mano sceglie prima quali scartare"; its Bottino
    # draws once per turn ("almeno un territorio"): both are content, so diff shows them.
    assert lines[lines.index("rules") + 1:lines.index("rules") + 3] == [
        "  changed  locales: it, en, fr -> it, en",  # SGRUNT has French, MUGRUGNI not yet
        "  changed  setup.hand_limit_discard: after_draw -> before_draw"]
    assert ("  changed  card events/bottino: effects draw_on_conquest(count=1, per=conquest) "
            "-> draw_on_conquest(count=1, per=turn)") in lines
    assert not any("card events/popolamento" in line for line in lines)


def test_diff_json_has_the_same_content() -> None:
    result = CliRunner().invoke(cli, ["diff", str(FIXTURES / "tiny"),
                                      str(FIXTURES / "tiny_variant"), "--json"])
    assert result.exit_code == 0
    report = json.loads(result.output)
    assert (report["from"], report["to"]) == ("tiny", "tiny_variant")
    sections = {s["section"]: s for s in report["sections"]}
    assert list(sections) == ["rules", "board", "factions", "cards", "objectives",
                              "layouts", "theme", "strings it", "strings en"]
    assert sections["board"]["counts"]["territories"] == {"from": 6, "to": 7}
    assert sections["rules"]["changes"][0] == {
        "change": "changed", "item": "turns.base", "fields": {"value": {"from": "3", "to": "4"}}}
    assert {"change": "added", "item": "territory.scoglio.name",
            "fields": {"text": '"Scoglio"'}} in sections["strings it"]["changes"]
    removed = next(c for c in sections["cards"]["changes"] if c["change"] == "removed")
    assert removed["item"] == "card actions/pax" and removed["fields"]["copies"] == "1"


def test_diff_unknown_game_is_a_usage_error() -> None:
    result = CliRunner().invoke(cli, ["diff", "sgrunt", "nope"])
    assert result.exit_code == 2
    assert "unknown game 'nope'" in result.output


def test_diff_of_a_broken_edition_lists_its_problems_and_exits_1(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    make_game(tmp_path, [{"file": "board.json", "op": "set", "pointer": "/territories/0/zone",
                          "value": "bassso"}], "tiny_variant")
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(cli, ["diff", "tiny", "tiny_variant"])
    assert result.exit_code == 1
    assert result.output.splitlines() == [
        "tiny_variant/board.json:17: /territories/0/zone: unknown zone 'bassso' "
        "(did you mean 'basso'?)",
        "tiny_variant: fix the problems above"]
