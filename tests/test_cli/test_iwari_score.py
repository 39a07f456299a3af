"""`stamperia score iwari`: the rulebook's worked examples, exactly, and impossible states."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from stamperia.cli import cli

FIXTURES = Path(__file__).parents[1] / "fixtures" / "iwari"


@pytest.mark.parametrize("name", ["desert_majority", "connection_7", "unione"])
def test_worked_examples_print_the_expected_breakdown(name: str) -> None:
    result = CliRunner().invoke(cli, ["score", "iwari", str(FIXTURES / f"{name}.json")])
    assert result.exit_code == 0, result.output
    assert result.output == (FIXTURES / f"{name}.expected.txt").read_text()


def _json(name: str) -> dict[str, object]:
    result = CliRunner().invoke(cli, ["score", "iwari", str(FIXTURES / f"{name}.json"),
                                      "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.output)  # type: ignore[no-any-return]


def test_desert_majority_seven_three_two_two() -> None:
    territory = _json("desert_majority")["territories"][0]  # type: ignore[index]
    assert territory["points"] == {"red": 7, "blue": 3, "green": 2, "yellow": 2}


def test_connection_seven_yellow_five_blue_none() -> None:
    data = _json("connection_7")
    scored = [c for c in data["connections"] if any(c["points"].values())]  # type: ignore[attr-defined]
    assert [(c["number"], c["majority"], c["points"]) for c in scored] == [
        (7, ["yellow"], {"red": 0, "blue": 0, "yellow": 5})]


def test_two_unione_feats_fifteen_and_nine() -> None:
    players = {p["tribe"]: p for p in _json("unione")["players"]}  # type: ignore[attr-defined]
    assert (players["red"]["total"], players["yellow"]["total"]) == (15, 9)
    assert (players["red"]["feats"], players["yellow"]["feats"]) == (10, 6)


def test_impossible_state_is_a_clear_error() -> None:
    path = FIXTURES / "impossible_totems.json"
    result = CliRunner().invoke(cli, ["score", "iwari", str(path)])
    assert result.exit_code == 1
    lines = result.output.splitlines()
    assert any("/territories/desert_1/tents/12: desert_1 has 10 tent spaces, not 12" in line
               for line in lines), result.output
    assert lines[-1].endswith("impossible_totems.json: fix the problems above")


def test_too_many_totems_and_a_misplaced_feat(tmp_path: Path) -> None:
    data = json.loads((FIXTURES / "impossible_totems.json").read_text())
    data["territories"]["desert_1"]["tents"] = {"1": "red", "2": "blue"}
    path = tmp_path / "state.json"
    path.write_text(json.dumps(data, indent=1))
    result = CliRunner().invoke(cli, ["score", "iwari", str(path)])
    assert result.exit_code == 1
    assert "desert_1 holds 2 totems but the majority holder has 1 tents there" in result.output
    assert "onore lies on a connection of this side" in result.output


def test_unknown_side_names_the_known_ones(tmp_path: Path) -> None:
    path = tmp_path / "state.json"
    path.write_text(json.dumps({"$schema": "x/iwari_state.schema.json", "side": "vaste",
                                "tribes": ["red"], "territories": {}}))
    result = CliRunner().invoke(cli, ["score", "iwari", str(path)])
    assert result.exit_code == 1
    assert "unknown map side 'vaste'" in result.output


def test_schema_kind_is_printable() -> None:
    result = CliRunner().invoke(cli, ["schema", "iwari_state"])
    assert result.exit_code == 0
    assert json.loads(result.output)["title"].startswith("A position of an IWARI game")


def _two_players() -> dict[str, Any]:
    """A 2-player end position: red and blue play, yellow is the simulated tribe."""
    return {"$schema": "iwari_state.schema.json", "side": "nuovi_orizzonti",
            "tribes": ["red", "blue", "yellow"], "simulated": "yellow",
            "mountains": [15, 1, 20, 4],
            "territories": {"desert_1": {"tents": {"1": "red", "2": "blue", "3": "yellow",
                                                   "4": "yellow"}}}}


def _score(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, data: dict[str, Any],
           *options: str) -> tuple[int, str]:
    monkeypatch.chdir(tmp_path)
    Path("state.json").write_text(json.dumps(data, indent=1))
    result = CliRunner().invoke(cli, ["score", "iwari", "state.json", *options])
    return result.exit_code, result.output


def test_simulated_tribe_winning_means_both_players_lose(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """iwari.txt, 2 players: "anche questo giocatore simulato accumula punti normalmente e
    nel caso risulti vincitore al termine della partita, entrambi i giocatori perdono"."""
    code, output = _score(tmp_path, monkeypatch, _two_players())
    assert code == 0, output
    assert output.splitlines()[:5] == [
        "iwari nuovi_orizzonti: end of the journey",
        "1. yellow (simulated): 4 points (tents 4 + totems 0 + camps 0 + feats 0); "
        "unused pieces 26",
        "2. red: 2 points (tents 2 + totems 0 + camps 0 + feats 0); unused pieces 27",
        "3. blue: 2 points (tents 2 + totems 0 + camps 0 + feats 0); unused pieces 27",
        "winner: nobody (the simulated tribe yellow has the most points: both players lose)"]
    code, output = _score(tmp_path, monkeypatch, _two_players(), "--json")
    data = json.loads(output)
    assert (data["winners"], data["most_points"], data["simulated"]) == ([], ["yellow"],
                                                                          "yellow")


def test_simulated_tribe_losing_leaves_the_winner(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """iwari.txt: "Il giocatore con il maggior numero di punti ... viene proclamato
    vincitore"; the simulated tribe only takes the win away when it is among the best."""
    data = _two_players()
    data["territories"]["desert_1"]["tents"] = {"1": "red", "2": "red", "3": "red",
                                                "4": "yellow", "5": "blue"}
    code, output = _score(tmp_path, monkeypatch, data)
    assert code == 0, output
    assert output.splitlines()[4] == "winner: red"


def test_a_tie_with_the_simulated_tribe_is_still_a_loss(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """iwari.txt: a tie goes to "il maggior numero di pezzi non utilizzati"; tied there too,
    the simulated tribe is among the winners, so both players lose."""
    data = _two_players()
    data["territories"]["desert_1"]["tents"] = {"1": "red", "2": "red", "3": "yellow",
                                                "4": "yellow"}
    code, output = _score(tmp_path, monkeypatch, data, "--json")
    assert code == 0, output
    assert (json.loads(output)["winners"], json.loads(output)["most_points"]) == (
        [], ["red", "yellow"])


IMPOSSIBLE: list[tuple[str, Callable[[dict[str, Any]], None], str]] = [
    # "ONORE: ... su un collegamento via terra"; connection 9 is drawn as water.
    ("onore on water", lambda d: d.__setitem__("feats", [{"feat": "onore", "connection": 9}]),
     "state.json:29: /feats/0/connection: connection 9 is water, onore goes on a land "
     "connection (on a water connection lies rispetto)"),
    # "RISPETTO: ... su un collegamento via acqua (riconoscibile dalla linea tratteggiata)".
    ("rispetto on land", lambda d: d.__setitem__("feats", [{"feat": "rispetto",
                                                            "connection": 7}]),
     "state.json:29: /feats/0/connection: connection 7 is land, rispetto goes on a water "
     "connection (on a land connection lies onore)"),
    # "quattro coppie di collegamenti contrassegnati": connection 2 bears no symbol.
    ("mountain on an unmarked connection", lambda d: d["mountains"].__setitem__(0, 2),
     "state.json:11: /mountains/0: connection 2 has no mountain symbol (mountains go on "
     "[1, 4, 15, 17, 18, 19, 20, 21])"),
    # "Scegliete casualmente uno dei due collegamenti per ogni simbolo": 15 and 18 pair.
    ("two mountains on one pair", lambda d: d["mountains"].__setitem__(3, 18),
     "state.json:14: /mountains/3: two mountains on the pair with 1 symbol(s) (connection "
     "15 already holds its mountain)"),
    # The setup table: with 3 players the pairs ▲, ▲▲, ▲▲▲; never the ▲▲▲▲ pair (4, 17).
    ("mountain on a pair unused at the player count",
     lambda d: (d.__setitem__("tribes", ["red", "blue", "green"]), d.pop("simulated"),
                d["territories"]["desert_1"]["tents"].__setitem__("3", "green"),
                d["territories"]["desert_1"]["tents"].__setitem__("4", "green")),
     "state.json:13: /mountains/3: connection 4 is on the pair with 4 symbol(s), unused "
     "with 3 players (the pairs in play have 1, 2, 3 symbol(s))"),
    # "In una partita a 2 giocatori, scegliete un terzo colore".
    ("two players without the simulated tribe",
     lambda d: (d.__setitem__("tribes", ["red", "blue"]), d.pop("simulated"),
                d["territories"]["desert_1"]["tents"].pop("3"),
                d["territories"]["desert_1"]["tents"].pop("4")),
     "state.json:4: /tribes: 2 players play with a simulated tribe (seat a third colour "
     "last in tribes and name it in \"simulated\")"),
    ("simulated tribe not seated last", lambda d: d.__setitem__("simulated", "red"),
     "state.json:9: /simulated: the simulated tribe 'red' is not the last of tribes (seat "
     "it last)"),
    # "nei territori ... spazi Tenda": desert_1 has 10 tent spaces.
    ("tent beyond the territory's spaces",
     lambda d: d["territories"]["desert_1"]["tents"].__setitem__("11", "red"),
     "state.json:23: /territories/desert_1/tents/11: desert_1 has 10 tent spaces, not 11"),
    # "UNIONE: ... in uno dei territori in cui è presente l'accampamento".
    ("unione without the tribe's camp",
     lambda d: d.__setitem__("feats", [{"feat": "unione", "territory": "desert_1",
                                        "tribe": "red"}]),
     "state.json:29: /feats/0/territory: red has no camp in desert_1 (an Unione lies where "
     "its tribe has a camp: 4+ tents joined by paths)"),
]


@pytest.mark.parametrize(("name", "change", "expected"), IMPOSSIBLE,
                         ids=[i[0] for i in IMPOSSIBLE])
def test_impossible_positions_are_refused_at_their_pointer(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, name: str,
        change: Callable[[dict[str, Any]], None], expected: str) -> None:
    data = _two_players()
    change(data)
    code, output = _score(tmp_path, monkeypatch, data)
    assert code == 1
    assert output.splitlines() == [expected, "state.json: fix the problems above"]


def test_more_tents_than_a_tribe_has(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """iwari.txt: "105 Tende in legno (21 per ogni colore)", one on the score board, so a
    tribe has 20 on the map at most."""
    data = _two_players()
    names = ["glacier_1", "tundra_1", "glacier_2"]
    data["territories"] = {n: {"tents": {str(i): "red" for i in range(1, 8)}} for n in names}
    code, output = _score(tmp_path, monkeypatch, data)
    assert code == 1
    assert "/territories: red has 21 tents on the map, a tribe has 20" in output


def test_unione_on_a_camp_is_accepted(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """iwari.txt, "Un accampamento è formato da 4 o più Tende dello stesso giocatore che sono
    collegate": red's four joined tents in coast_1 hold the Unione, which doubles them."""
    data = _two_players()
    data["territories"] = {"coast_1": {"tents": {"1": "red", "2": "red", "3": "red",
                                                 "4": "red"}}}
    data["feats"] = [{"feat": "unione", "territory": "coast_1", "tribe": "red"}]
    code, output = _score(tmp_path, monkeypatch, data)
    assert code == 0, output
    assert output.splitlines()[1] == ("1. red: 12 points (tents 4 + totems 0 + camps 4 + "
                                      "feats 4); unused pieces 24")
