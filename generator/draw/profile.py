"""The press profile's facts, and its colour round trip as a table: what `stamperia check`
needs without the imaging library.

The profile itself (FOGRA39L coated, CC0, generator/draw/icc/) is applied with LittleCMS
by generator.draw.press, which imports Pillow; a check must not (it starts fast), so the
gamut warning reads ROUNDTRIP_FILE instead: for a 17 x 17 x 17 grid of sRGB colours, the
sRGB each one shows as once printed (profiled, ink limited, shown back), written by
`python tools/press_table.py` and held equal to LittleCMS's by a test. Between grid
points the colour is interpolated trilinearly: on 1500 random colours the ΔE2000 so found
is within 0.5 of LittleCMS's for 95 % of them, 1.4 at worst.
"""

from __future__ import annotations

from importlib.resources import files

PROFILE_FILE = "FOGRA39L_coated.icc"
PROFILE_NAME = "FOGRA39L coated (ISO 12647-2, offset on coated paper)"
OUTPUT_CONDITION = "FOGRA39"
"""The OutputIntent's condition: FOGRA39 in the ICC's registry of characterized printing
conditions (its data set is FOGRA39L, from which the profile is built)."""
REGISTRY = "http://www.color.org"
INTENT_NAME = "relative colorimetric with black point compensation"
DEFAULT_INK_LIMIT = 300.0
"""% total ink: the profile's own limit (FOGRA39's coated sheetfed offset)."""
ROUNDTRIP_FILE = "FOGRA39L_roundtrip.bin"
GRID = 17
"""Grid points per sRGB channel of the round-trip table (0, 16, 32, ... 255)."""


def profile_bytes() -> bytes:
    """The press profile as shipped, for a PDF's OutputIntent."""
    return files("stamperia.generator.draw").joinpath("icc", PROFILE_FILE).read_bytes()


def grid_value(index: int) -> int:
    """The sRGB channel value of a grid point."""
    return round(index * 255 / (GRID - 1))


class RoundTrip:
    """The shipped round-trip table: the sRGB colour a content colour shows as, printed."""

    def __init__(self) -> None:
        data = files("stamperia.generator.draw").joinpath("icc", ROUNDTRIP_FILE).read_bytes()
        if len(data) != GRID ** 3 * 3:
            raise ValueError(f"{ROUNDTRIP_FILE} holds {len(data)} bytes, not {GRID ** 3 * 3}")
        self._data = data

    def printed(self, colour: str) -> str:
        """'#rrggbb' as it shows once printed, interpolated between grid points."""
        value = int(colour[1:], 16)
        channels = ((value >> 16) & 0xFF, (value >> 8) & 0xFF, value & 0xFF)
        step = 255 / (GRID - 1)
        base = [min(int(c / step), GRID - 2) for c in channels]
        frac = [c / step - b for c, b in zip(channels, base, strict=True)]
        out = [0.0, 0.0, 0.0]
        for corner in range(8):
            offsets = ((corner >> 2) & 1, (corner >> 1) & 1, corner & 1)
            weight = 1.0
            for offset, t in zip(offsets, frac, strict=True):
                weight *= t if offset else 1.0 - t
            if weight == 0.0:
                continue
            r, g, b = (base[i] + offsets[i] for i in range(3))
            at = ((r * GRID + g) * GRID + b) * 3
            for i in range(3):
                out[i] += weight * self._data[at + i]
        return "#" + "".join(f"{min(255, max(0, round(v))):02x}" for v in out)
