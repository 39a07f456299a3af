"""`stamperia check` warns (K012) where a palette colour falls out of the press gamut."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from gamefixtures import make_game

from stamperia.cli import cli
from stamperia.generator.draw.press import Press


def _check(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, colour: str) -> list[str]:
    make_game(tmp_path, [{"file": "theme.json", "op": "set", "pointer": "/palette/sea",
                          "value": colour}], "cards_template")
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(cli, ["check", "cards_template", "--no-balance"])
    assert result.exit_code == 0, result.output
    return [line for line in result.output.splitlines() if "[K012]" in line]


def test_a_screen_green_is_named_with_its_file_line_pointer_and_neighbour(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert _check(tmp_path, monkeypatch, "#00ff00") == [
        "cards_template/theme.json:7: /palette/sea: warning: palette colour 'sea' #00ff00 is "
        "out of the press gamut: printed on FOGRA39L coated (ISO 12647-2, offset on coated paper) "
        "it shows as #6cb537, ΔE2000 18.0 away (more than 5) (choose a less saturated "
        "colour, such as #6cb537) [K012]"]


def test_a_printable_colour_is_not_warned(tmp_path: Path,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    assert _check(tmp_path, monkeypatch, "#2f5d8a") == []


@pytest.mark.parametrize(("colour", "inside"), [
    ("#0000ff", False), ("#00ff00", False), ("#ff00ff", False),
    ("#2f5d8a", True), ("#b5452f", True), ("#777777", True), ("#000000", True)])
def test_the_round_trip_through_the_profile_measures_the_gamut(colour: str,
                                                               inside: bool) -> None:
    assert (Press().gamut_miss(colour).delta_e <= 5.0) is inside


def test_the_checks_table_follows_littlecms_within_one_and_a_half_delta_e() -> None:
    """The check reads the profile's round trip from a table (no imaging library); on
    random colours its ΔE2000 stays close to LittleCMS's own."""
    import random

    from stamperia.content.look.colourscience import ciede2000, lab
    from stamperia.generator.draw.profile import RoundTrip

    press, table = Press(), RoundTrip()
    chance = random.Random(7)
    for _ in range(200):
        colour = f"#{chance.randrange(1 << 24):06x}"
        exact = press.gamut_miss(colour).delta_e
        assert abs(ciede2000(lab(colour), lab(table.printed(colour))) - exact) <= 1.5, colour


@pytest.mark.slow
def test_the_shipped_table_is_the_profiles() -> None:
    """Rewrite it with `python tools/press_table.py` after changing the profile or the
    ink rules."""
    from importlib.resources import files

    from stamperia.generator.draw.press import round_trip_table
    from stamperia.generator.draw.profile import ROUNDTRIP_FILE

    shipped = files("stamperia.generator.draw").joinpath("icc", ROUNDTRIP_FILE).read_bytes()
    assert round_trip_table(Press()) == shipped
