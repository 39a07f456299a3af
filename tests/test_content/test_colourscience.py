"""CIEDE2000, vision simulation and WCAG contrast, as numbers."""

from __future__ import annotations

import pytest

from stamperia.content.look.colourscience import (
    Vision,
    ciede2000,
    closest,
    contrast_ratio,
    delta_e,
    lab,
    readable_on,
    too_close,
)

# Sharma, Wu and Dalal (2005), table 1: pairs 1, 2, 7, 17, 25 and 34.
SHARMA = [
    ((50.0, 2.6772, -79.7751), (50.0, 0.0, -82.7485), 2.0425),
    ((50.0, 3.1571, -77.2803), (50.0, 0.0, -82.7485), 2.8615),
    ((50.0, 0.0, 0.0), (50.0, -1.0, 2.0), 2.3669),
    ((50.0, 2.5, 0.0), (73.0, 25.0, -18.0), 27.1492),
    ((60.2574, -34.0099, 36.2677), (60.4626, -34.1751, 39.4387), 1.2644),
    ((22.7233, 20.0904, -46.6940), (23.0331, 14.9730, -42.5619), 2.0373),
]


@pytest.mark.parametrize(("first", "second", "expected"), SHARMA)
def test_ciede2000_matches_the_published_pairs(first: tuple[float, float, float],
                                               second: tuple[float, float, float],
                                               expected: float) -> None:
    assert ciede2000(first, second) == pytest.approx(expected, abs=1e-4)
    assert ciede2000(second, first) == pytest.approx(expected, abs=1e-4)


def test_greyscale_keeps_only_lightness() -> None:
    # Pure red and a grey of the same lightness differ in colour, not in greyscale.
    assert delta_e("#ff0000", "#7f7f7f") == pytest.approx(31.20, abs=0.01)
    assert delta_e("#ff0000", "#7f7f7f", Vision.GREYSCALE) < 0.1
    # SGRUNT's koiles and capo_mannu before the fix: 3.3 apart in greyscale.
    assert delta_e("#c62828", "#1f5fa8", Vision.GREYSCALE) == pytest.approx(3.33, abs=0.01)


def test_red_and_green_merge_for_a_deuteranope() -> None:
    assert delta_e("#cc3333", "#33aa33") > 70
    worst = closest("#cc3333", "#33aa33")
    assert worst.vision is Vision.DEUTERANOPIA
    assert worst.delta_e == pytest.approx(8.47, abs=0.01)
    assert too_close("#cc3333", "#33aa33") == worst
    assert too_close("#000000", "#ffffff") is None


def test_wcag_contrast_ratios() -> None:
    assert contrast_ratio("#ffffff", "#000000") == pytest.approx(21.0)
    assert contrast_ratio("#777777", "#ffffff") == pytest.approx(4.48, abs=0.01)
    # IWARI's coast label before the fix: white on yellow, and yellow on its light tint.
    assert contrast_ratio("#ffffff", "#e0b422") == pytest.approx(1.96, abs=0.01)
    assert contrast_ratio("#e0b422", "#fcf8e9") == pytest.approx(1.84, abs=0.01)
    assert readable_on("#e0b422", "#1d1d1b", "#ffffff") == "#1d1d1b"
    assert readable_on("#062e59", "#1d1d1b", "#ffffff") == "#ffffff"


def _colorspacious_lab(colour: str, vision: Vision) -> tuple[float, float, float]:
    """The reference: colorspacious's conversion, as the check used it before."""
    from colorspacious import cspace_convert

    cvd = {Vision.DEUTERANOPIA: "deuteranomaly", Vision.PROTANOPIA: "protanomaly",
           Vision.TRITANOPIA: "tritanomaly"}
    rgb = [int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5)]
    if vision in cvd:
        simulated = cspace_convert(rgb, {"name": "sRGB1+CVD", "cvd_type": cvd[vision],
                                         "severity": 100}, "sRGB1")
        rgb = [min(1.0, max(0.0, float(v))) for v in simulated]
    lightness, a, b = (float(v) for v in cspace_convert(rgb, "sRGB1", "CIELab"))
    return (lightness, 0.0, 0.0) if vision is Vision.GREYSCALE else (lightness, a, b)


def _shipped_colours() -> list[str]:
    import re
    from pathlib import Path

    import stamperia.content

    root = Path(stamperia.content.__file__).parent
    found = {match.lower() for path in root.rglob("*.json")
             for match in re.findall(r'"(#[0-9a-fA-F]{6})"', path.read_text(encoding="utf-8"))}
    return sorted(found)


def test_lab_matches_colorspacious_on_the_shipped_palettes_and_a_grid() -> None:
    shipped = _shipped_colours()
    assert len(shipped) > 50  # the games' palettes were found
    grid = [f"#{r:02x}{g:02x}{b:02x}" for r in range(0, 256, 51) for g in range(0, 256, 51)
            for b in range(0, 256, 51)]
    colours = shipped + grid
    for vision in Vision:
        ours = [lab(colour, vision) for colour in colours]
        reference = [_colorspacious_lab(colour, vision) for colour in colours]
        for colour, mine, theirs in zip(colours, ours, reference, strict=True):
            assert mine == pytest.approx(theirs, abs=1e-9), (colour, vision)


def test_delta_e_matches_colorspacious_on_the_shipped_palettes() -> None:
    shipped = _shipped_colours()
    for vision in Vision:
        for first, second in zip(shipped, shipped[1:], strict=False):
            ours = ciede2000(lab(first, vision), lab(second, vision))
            theirs = ciede2000(_colorspacious_lab(first, vision),
                               _colorspacious_lab(second, vision))
            assert ours == pytest.approx(theirs, abs=1e-9)
