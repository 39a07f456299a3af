"""SGRUNT's map against the public facts (../shared/facts.md, "Divisioni confinanti"),
copied to tests/fixtures/sgrunt_facts.json so the map cannot drift from them again."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from sgruntfacts import BOARD, Facts, board_borders, compare, load_facts, main


@pytest.fixture(scope="module")
def tiny() -> Facts:
    return Facts(on_board={"North": ("n",), "South": ("s1", "s2"), "West": ("w",),
                           "Sea coast": (), "East": ("e",)},
                 complete={"North": ("South", "Sea coast"), "South": ("North", "West")},
                 partial={"East": ("West",)})


def test_a_board_that_matches_the_facts_has_no_differences(tiny: Facts) -> None:
    assert compare([["n", "s2"], ["s1", "w"], ["e", "w"], ["s1", "s2"]], tiny) == ([], [])


def test_missing_borders_are_named_by_region(tiny: Facts) -> None:
    assert compare([["s1", "w"]], tiny) == ([("East", "West"), ("North", "South")], [])


def test_a_border_a_complete_box_rules_out_is_extra(tiny: Facts) -> None:
    missing, extra = compare([["n", "s1"], ["s2", "w"], ["e", "w"], ["n", "w"], ["e", "s1"]],
                             tiny)
    assert missing == []
    assert extra == [("e", "s1"), ("n", "w")]


def test_territories_no_region_names_are_ignored(tiny: Facts) -> None:
    assert compare([["n", "s1"], ["s2", "w"], ["e", "w"], ["n", "island"]], tiny) == ([], [])


def test_a_border_implied_by_a_narrower_one_is_counted_once() -> None:
    facts = Facts(on_board={"Og": ("og",), "Gerrei": ("ge",), "Sarrabus-Gerrei": ("sa", "ge")},
                  complete={"Og": ("Sarrabus-Gerrei",)}, partial={"Gerrei": ("Og",)})
    assert compare([], facts) == ([("Gerrei", "Og")], [])
    assert compare([["og", "sa"]], facts) == ([("Gerrei", "Og")], [])


def test_every_region_the_facts_name_is_mapped() -> None:
    facts = load_facts()
    named = {*facts.complete, *facts.partial,
             *(n for names in [*facts.complete.values(), *facts.partial.values()]
               for n in names)}
    assert named <= set(facts.on_board)


def test_the_script_prints_the_differences(tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    board = tmp_path / "board.json"
    board.write_text('{"borders": [["marghine", "guilcer"], ["goceano", "meilogu"]]}',
                     encoding="utf-8")
    assert main(["sgruntfacts.py", str(board)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("missing 56:\n  Anglona – Gallura\n")
    assert "  Goceano – Marghine\n" in out
    assert out.endswith("extra 1:\n  guilcer – marghine\n")


def test_the_board_gives_the_facts_borders() -> None:
    """Issue 15 measured 12 missing and 12 extra borders (`python tests/sgruntfacts.py`).
    The cells now give every fact border; the one difference left is the rulebook's own
    border Marmilla–Ogliastra ("il giocatore rosso attacca dalla Marmilla verso
    l'Ogliastra"), declared as a bridge with its reason."""
    missing, extra = compare(board_borders(), load_facts())
    assert missing == []
    assert extra == [("marmilla", "ogliastra")]


def test_every_difference_from_the_geometry_is_declared_with_a_reason() -> None:
    board = json.loads(BOARD.read_text(encoding="utf-8"))
    declared = {tuple(sorted(e["between"])): e["adjacent"] for e in board["border_exceptions"]
                if e["reason"]}
    assert declared == {
        ("cagliari", "campidano"): False, ("linas", "sulcis"): False,
        ("marmilla", "ogliastra"): True, ("guilcer", "villanova"): True,
        ("mandrolisai", "sarcidano"): True}
