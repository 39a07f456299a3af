"""Every piece a shipped kit prints reaches the exports: the manifest of `build --format png`
names one image per token, standing piece and board design, with how many the kit prints
(the rulebooks' component lists, or the content where the rulebook gives no number)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from stamperia.cli import cli

FACTIONS = ("rossi", "blu", "verdi", "gialli")
WARLAND_PAWNS = {("bastione", ""): 4, ("carpentiere", ""): 12, ("abitante", ""): 20,
                 ("soldato", "-1"): 8, ("soldato", "-2"): 4,
                 ("soldato_in_missione", "-1"): 8, ("soldato_in_missione", "-2"): 4}
TRIBES = ("red", "blue", "green", "yellow", "black")
SEATS = ("yellow", "green", "red", "blue")

PIECES: dict[str, dict[str, int]] = {
    # SGRUNT: 350 boars, 70 per faction (rulebook: "350 cinghiali").
    "sgrunt": {"boards/board.png": 1,
               **{f"tokens/boar/{f}.png": 70
                  for f in ("koiles", "monteponi", "apixedda", "capo_mannu", "iskra")}},
    # WARLAND: pawns by faction, kind and strength, 10 flags each, a ruler and a tracking
    # sheet per player (content: forces.json, 4 players).
    "warland": {
        **{f"tokens/{pawn}/{faction}{strength}.png": count
           for faction in FACTIONS for (pawn, strength), count in WARLAND_PAWNS.items()},
        **{f"pieces/flag/{faction}.png": 10 for faction in FACTIONS},
        "tokens/ruler/ruler.png": 4,
        **{f"boards/sheet-{faction}.png": 1 for faction in FACTIONS}},
    # SPLUT!: a Troll, a Dwarf and a Sorcerer per team, four rocks (rulebook, facts).
    "splut": {"boards/board.png": 1, "pieces/rock/rock.png": 4,
              **{f"pieces/{kind}/{seat}.png": 1 for seat in SEATS
                 for kind in ("troll", "dwarf", "sorcerer")}},
    # IWARI: the rulebook's COMPONENTI (21 tents and 8 totems per colour, 12 territory
    # markers, 4 mountains, 5 double-sided 50/100 tokens, 6 feats, 1 connected-totems
    # marker), both map sides and the score board.
    "iwari": {"boards/map-nuovi-orizzonti.png": 1, "boards/map-vaste-terre.png": 1,
              "boards/score-board.png": 1,
              "tokens/feat/unione.png": 2, "tokens/feat/scoperta.png": 2,
              "tokens/feat/onore.png": 1, "tokens/feat/rispetto.png": 1,
              "tokens/marker/territory.png": 12, "tokens/marker/connected-totems.png": 1,
              "tokens/mountain/mountain.png": 4,
              "tokens/lap/50-100.png": 5, "tokens/lap/50-100-back.png": 5,
              **{f"tokens/{kind}/{tribe}.png": count for tribe in TRIBES
                 for kind, count in (("tent", 21), ("totem", 8))}},
}


def _pieces(tmp_path: Path, game: str) -> dict[str, int]:
    result = CliRunner().invoke(cli, ["build", game, "--format", "png", "--dpi", "72",
                                      "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    manifest = json.loads((tmp_path / game / "manifest.json").read_text(encoding="utf-8"))
    return {f["path"].removeprefix("it/"): f["count"] for f in manifest["files"]
            if f["component"] != "card"}


@pytest.mark.parametrize("game", ["splut", "iwari", "warland"])
def test_the_manifest_lists_every_piece_with_its_count(tmp_path: Path, game: str) -> None:
    assert _pieces(tmp_path, game) == PIECES[game]


@pytest.mark.slow
@pytest.mark.parametrize("game", ["sgrunt"])
def test_the_manifest_lists_every_piece_with_its_count_slow(tmp_path: Path, game: str
                                                             ) -> None:
    assert _pieces(tmp_path, game) == PIECES[game]


TABLE = {
    "splut": {"card": 4, "troll": 4, "dwarf": 4, "sorcerer": 4, "rock": 4, "board": 1},
    "iwari": {"card": 62, "feat": 6, "marker": 13, "mountain": 4, "lap": 5, "tent": 105,
              "totem": 40, "board": 3},
    "warland": {"card": 56, "bastione": 16, "carpentiere": 48, "abitante": 80,
                "soldato": 48, "soldato_in_missione": 48, "flag": 40, "ruler": 4,
                "board": 4, "d6": 2},
}
DICE = {"splut": [], "iwari": [],
        # "tira due d6"; their colour is a prototype (the rulebook gives none)
        "warland": [{"id": "d6", "colour": "#ffffff", "count": 2, "sides": 6}]}


def _count(objects: list[dict[str, object]], found: dict[str, int]) -> dict[str, int]:
    """Physical objects by kind: cards of decks, tokens by the first word of their name
    (the piece kind), through bags; boards."""
    for thing in objects:
        name = str(thing["Name"])
        if name in ("Bag", "DeckCustom"):
            contained = thing["ContainedObjects"]
            assert isinstance(contained, list)
            _count(contained, found)
            continue
        key = {"Card": "card", "CardCustom": "card", "Custom_Tile": "board"}.get(
            name, str(thing["Nickname"]).split()[0])
        found[key] = found.get(key, 0) + 1
    return found


@pytest.mark.parametrize("game", sorted(TABLE))
def test_the_tts_save_holds_the_physical_kit(tmp_path: Path, game: str) -> None:
    result = CliRunner().invoke(cli, ["build", game, "--format", "tts", "--dpi", "72",
                                      "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    save = json.loads((tmp_path / game / "it" / "tts" / f"{game}.json").read_text("utf-8"))
    assert _count(save["ObjectStates"], {}) == TABLE[game]
    manifest = json.loads((tmp_path / game / "manifest.json").read_text(encoding="utf-8"))
    assert manifest["dice"] == DICE[game]
