"""Managed colour: sRGB content colours turned into a press's CMYK through an ICC profile.

The profile is FOGRA39L coated (offset on coated paper, ISO 12647-2), shipped as package
data under CC0 (generator/draw/icc/, with its provenance). LittleCMS (Pillow's ImageCms)
converts with the relative colorimetric intent and black point compensation: a colour the
press can print keeps its appearance, one it cannot is clipped to the nearest it can, and
sRGB black lands on the press's black instead of crushing the shadows.

Three rules a prepress operator expects come on top of the profile:
- text and thin lines in a (near) neutral colour print on the black plate alone, its tint
  chosen to match the colour's lightness, so they stay sharp whatever the registration;
- large dark neutral areas print in rich black (C60 M40 Y40 K100), deeper than K alone;
- no colour lays down more ink than the limit asked (C, M and Y scaled down together,
  black kept).
"""

from __future__ import annotations

import io
import math
from dataclasses import dataclass
from enum import Enum
from functools import lru_cache

from PIL import Image, ImageCms

from stamperia.content.look.colourscience import Lab, ciede2000, lab
from stamperia.generator.draw.profile import DEFAULT_INK_LIMIT, GRID, grid_value, profile_bytes

INTENT = ImageCms.Intent.RELATIVE_COLORIMETRIC
RICH_BLACK = (0.6, 0.4, 0.4, 1.0)
NEUTRAL_CHROMA = 4.0
"""CIELab chroma under which a colour counts as a grey, printed with black ink alone."""
DARK_LIGHTNESS = 20.0
"""L* under which a neutral area counts as black, printed in rich black when large."""

CMYK = tuple[float, float, float, float]


class Role(Enum):
    """What a colour paints: text and thin lines, or an area large enough for rich black."""

    LINE = "line"
    AREA = "area"


@dataclass(frozen=True)
class GamutMiss:
    """How far a colour moves on the press: ΔE2000 and the printable neighbour."""

    colour: str
    printed: str
    delta_e: float


class Press:
    """The LittleCMS transforms of the press profile at one ink limit (press_for keeps one
    a process)."""

    def __init__(self, ink_limit: float = DEFAULT_INK_LIMIT) -> None:
        self.ink_limit = ink_limit
        srgb = ImageCms.createProfile("sRGB")
        press = _open_profile()
        flags = ImageCms.Flags.BLACKPOINTCOMPENSATION
        self._to_press = ImageCms.buildTransform(srgb, press, "RGB", "CMYK", INTENT, flags=flags)
        self._from_press = ImageCms.buildTransform(press, srgb, "CMYK", "RGB", INTENT,
                                                   flags=flags)
        self._black_ramp = self._k_lightness()

    def _k_lightness(self) -> tuple[float, ...]:
        """L* (sRGB's D65 Lab, as the checks use) of K alone at each of 256 tints."""
        ramp = Image.new("CMYK", (256, 1))
        ramp.putdata([(0, 0, 0, k) for k in range(256)])
        shown = ImageCms.applyTransform(ramp, self._from_press)
        assert shown is not None
        return tuple(lab(_hex(_pixel(shown, k)))[0] for k in range(256))

    def convert_image(self, image: Image.Image) -> Image.Image:
        """An RGB image in the press's CMYK, through the same profile and intent."""
        converted = ImageCms.applyTransform(image.convert("RGB"), self._to_press)
        assert converted is not None
        return converted

    def colour(self, hex_colour: str, role: Role) -> CMYK:
        """The ink of a '#rrggbb' colour painting a line (text) or an area, each ink 0..1
        rounded to 0.1 %."""
        lightness, a, b = lab(hex_colour)
        if math.hypot(a, b) < NEUTRAL_CHROMA:
            if role is Role.AREA and lightness < DARK_LIGHTNESS:
                return self._limited(RICH_BLACK)
            return (0.0, 0.0, 0.0, self._black_for(lightness))
        return self._limited(self._profiled(hex_colour))

    def _black_for(self, lightness: float) -> float:
        ramp = self._black_ramp
        k = min(range(256), key=lambda tint: (abs(ramp[tint] - lightness), tint))
        return round(k / 255, 3)

    def _profiled(self, hex_colour: str) -> CMYK:
        value = int(hex_colour[1:], 16)
        pixel = Image.new("RGB", (1, 1), (value >> 16, (value >> 8) & 0xFF, value & 0xFF))
        converted = ImageCms.applyTransform(pixel, self._to_press)
        assert converted is not None
        c, m, y, k = _pixel(converted, 0)
        return (round(c / 255, 3), round(m / 255, 3), round(y / 255, 3), round(k / 255, 3))

    def _limited(self, ink: CMYK) -> CMYK:
        c, m, y, k = ink
        limit = self.ink_limit / 100
        if c + m + y + k <= limit + 1e-9 or c + m + y == 0:
            return ink
        # Floored, so the rounded total stays within the limit too.
        scale = max(limit - k, 0.0) / (c + m + y)
        c, m, y = (math.floor(v * scale * 1000) / 1000 for v in (c, m, y))
        return (c, m, y, k)

    def shown(self, ink: CMYK) -> str:
        """The '#rrggbb' a CMYK ink looks like on screen (sRGB), through the profile."""
        pixel = Image.new("CMYK", (1, 1), tuple(round(v * 255) for v in ink))
        converted = ImageCms.applyTransform(pixel, self._from_press)
        assert converted is not None
        return _hex(_pixel(converted, 0))

    def gamut_miss(self, hex_colour: str) -> GamutMiss:
        """How far a content colour moves on the press: its Lab (sRGB, D65) against the
        Lab of its profiled, ink-limited CMYK shown back in sRGB, by ΔE2000 (the black
        plate and rich black rules are choices, not gamut, and are left out)."""
        printed = self.shown(self._limited(self._profiled(hex_colour)))
        moved: Lab = lab(printed)
        return GamutMiss(hex_colour.lower(), printed, ciede2000(lab(hex_colour), moved))


def _pixel(image: Image.Image, x: int) -> tuple[int, ...]:
    value = image.getpixel((x, 0))
    assert isinstance(value, tuple)
    return tuple(int(v) for v in value)


def _hex(rgb: tuple[int, ...]) -> str:
    return "#{:02x}{:02x}{:02x}".format(*rgb[:3])


def round_trip_table(press: Press) -> bytes:
    """The round-trip table generator.draw.profile reads: for each sRGB grid point, in
    red, green, blue order, the sRGB it shows as once printed (profiled, ink limited)."""
    points = [(grid_value(r), grid_value(g), grid_value(b))
              for r in range(GRID) for g in range(GRID) for b in range(GRID)]
    return bytes(channel for point in points
                 for channel in bytes.fromhex(press.shown(press._limited(
                     press._profiled("#{:02x}{:02x}{:02x}".format(*point))))[1:]))


@lru_cache(maxsize=4)
def press_for(ink_limit: float | None = None) -> Press:
    """The press for an ink limit (the profile's own when None), its LittleCMS tables built
    once a process: a kit writes a dozen CMYK documents."""
    return Press(DEFAULT_INK_LIMIT if ink_limit is None else ink_limit)


def _open_profile() -> ImageCms.ImageCmsProfile:
    return ImageCms.getOpenProfile(io.BytesIO(profile_bytes()))
