"""Colour science for the checks: CIEDE2000 differences under several visions, and WCAG
contrast.

Colours that tell zones, factions or decks apart must stay apart for players who see
them differently: in greyscale (a black-and-white printer) and under the three
dichromacies. The sRGB -> CIELab conversion and the Machado (2009) simulation of
colour-vision deficiency (at full severity) are colorspacious's, written out in plain
Python with its constants: importing colorspacious and numpy cost `stamperia check` about
0.4 s a process for a few dozen 3 x 3 products (a test holds the two to 1e-9).
CIEDE2000 itself (which colorspacious does not offer: its deltaE is CAM02-UCS) follows
Sharma, Wu and Dalal (2005), checked against their published test pairs.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from enum import Enum
from functools import lru_cache

Lab = tuple[float, float, float]

MIN_DELTA_E = 10.0
"""ΔE2000 under which two colours meant to be told apart count as too close."""
MIN_CONTRAST = 4.5
"""WCAG 2 AA contrast ratio for normal-size text."""


class Vision(Enum):
    NORMAL = "normal vision"
    GREYSCALE = "greyscale"
    DEUTERANOPIA = "deuteranopia"
    PROTANOPIA = "protanopia"
    TRITANOPIA = "tritanopia"


Matrix = tuple[tuple[float, float, float], tuple[float, float, float],
               tuple[float, float, float]]

_CVD: dict[Vision, Matrix] = {
    # Machado, Oliveira and Fernandes (2009), severity 1.0, on linear sRGB (colorspacious's
    # MACHADO_ET_AL_MATRICES[...][100] for protanomaly, deuteranomaly and tritanomaly).
    Vision.PROTANOPIA: ((0.152286, 1.052583, -0.204868),
                        (0.114503, 0.786281, 0.099216),
                        (-0.003882, -0.048116, 1.051998)),
    Vision.DEUTERANOPIA: ((0.367322, 0.860646, -0.227968),
                          (0.280085, 0.672501, 0.047413),
                          (-0.011820, 0.042940, 0.968881)),
    Vision.TRITANOPIA: ((1.255528, -0.076749, -0.178779),
                        (-0.078411, 0.930809, 0.147602),
                        (0.004733, 0.691367, 0.303900)),
}

def vision_matrix(vision: Vision) -> Matrix:
    """The linear-RGB matrix simulating a colour-vision deficiency (the studio's SVG filters
    use the same numbers as the check); KeyError for normal vision and greyscale."""
    return _CVD[vision]


_LINEAR_SRGB_TO_XYZ: Matrix = (
    # The inverse of IEC 61966-2-1's XYZ -> sRGB matrix, as colorspacious computes it.
    (0.4123955889674142, 0.3575834307637148, 0.18049264738170154),
    (0.21258623078559552, 0.715170303703411, 0.0722004986433362),
    (0.019297215491746938, 0.11918386458084851, 0.9504971251315798))

_D65 = (95.047, 100.0, 108.883)
"""The CIELab white point colorspacious uses for "CIELab" (its sRGB viewing conditions)."""


def rgb255(colour: str) -> tuple[int, int, int]:
    """'#rrggbb' as three 0..255 integers."""
    value = int(colour.lstrip("#"), 16)
    return (value >> 16) & 0xFF, (value >> 8) & 0xFF, value & 0xFF


def _to_linear(value: float) -> float:
    return value / 12.92 if value < 0.04045 else ((value + 0.055) / 1.055) ** 2.4


def _to_srgb(value: float) -> float:
    return value * 12.92 if value <= 0.0031308 else 1.055 * value ** (1 / 2.4) - 0.055


def _product(matrix: Matrix, vector: tuple[float, float, float]) -> tuple[float, float, float]:
    x, y, z = vector
    first, second, third = matrix
    return (first[0] * x + first[1] * y + first[2] * z,
            second[0] * x + second[1] * y + second[2] * z,
            third[0] * x + third[1] * y + third[2] * z)


def _lab_f(t: float) -> float:
    return t / 3 * (29 / 6) ** 2 + 4 / 29 if t < (6 / 29) ** 3 else t ** (1 / 3)


def _linear(rgb: tuple[float, float, float]) -> tuple[float, float, float]:
    return (_to_linear(rgb[0]), _to_linear(rgb[1]), _to_linear(rgb[2]))


@lru_cache(maxsize=4096)
def lab(colour: str, vision: Vision = Vision.NORMAL) -> Lab:
    """CIELab (D65) of a colour as seen with `vision`; greyscale keeps only L*."""
    red, green, blue = rgb255(colour)
    rgb = (red / 255, green / 255, blue / 255)
    if vision in _CVD:
        simulated = _product(_CVD[vision], _linear(rgb))
        r, g, b = (_to_srgb(v) for v in simulated)
        rgb = (min(1.0, max(0.0, r)), min(1.0, max(0.0, g)),
               min(1.0, max(0.0, b)))  # as a screen would show it
    x, y, z = (100 * v for v in _product(_LINEAR_SRGB_TO_XYZ, _linear(rgb)))
    fx, fy, fz = _lab_f(x / _D65[0]), _lab_f(y / _D65[1]), _lab_f(z / _D65[2])
    lightness, a, b = 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)
    if vision is Vision.GREYSCALE:
        return (lightness, 0.0, 0.0)
    return (lightness, a, b)


def ciede2000(first: Lab, second: Lab) -> float:
    """The CIEDE2000 colour difference (kL = kC = kH = 1)."""
    l1, a1, b1 = first
    l2, a2, b2 = second
    c_mean = (math.hypot(a1, b1) + math.hypot(a2, b2)) / 2
    g = 0.5 * (1 - math.sqrt(c_mean ** 7 / (c_mean ** 7 + 25 ** 7)))
    a1p, a2p = (1 + g) * a1, (1 + g) * a2
    c1p, c2p = math.hypot(a1p, b1), math.hypot(a2p, b2)
    h1p = math.degrees(math.atan2(b1, a1p)) % 360 if c1p else 0.0
    h2p = math.degrees(math.atan2(b2, a2p)) % 360 if c2p else 0.0
    dl, dc = l2 - l1, c2p - c1p
    if c1p * c2p == 0:
        dh = 0.0
    else:
        dh = h2p - h1p
        if dh > 180:
            dh -= 360
        elif dh < -180:
            dh += 360
    big_dh = 2 * math.sqrt(c1p * c2p) * math.sin(math.radians(dh / 2))
    l_mean, cp_mean = (l1 + l2) / 2, (c1p + c2p) / 2
    if c1p * c2p == 0:
        h_mean = h1p + h2p
    elif abs(h1p - h2p) <= 180:
        h_mean = (h1p + h2p) / 2
    else:
        h_mean = (h1p + h2p + 360) / 2 if h1p + h2p < 360 else (h1p + h2p - 360) / 2
    t = (1 - 0.17 * math.cos(math.radians(h_mean - 30))
         + 0.24 * math.cos(math.radians(2 * h_mean))
         + 0.32 * math.cos(math.radians(3 * h_mean + 6))
         - 0.20 * math.cos(math.radians(4 * h_mean - 63)))
    d_theta = 30 * math.exp(-(((h_mean - 275) / 25) ** 2))
    r_c = 2 * math.sqrt(cp_mean ** 7 / (cp_mean ** 7 + 25 ** 7))
    s_l = 1 + 0.015 * (l_mean - 50) ** 2 / math.sqrt(20 + (l_mean - 50) ** 2)
    s_c = 1 + 0.045 * cp_mean
    s_h = 1 + 0.015 * cp_mean * t
    r_t = -math.sin(math.radians(2 * d_theta)) * r_c
    return math.sqrt((dl / s_l) ** 2 + (dc / s_c) ** 2 + (big_dh / s_h) ** 2
                     + r_t * (dc / s_c) * (big_dh / s_h))


def delta_e(first: str, second: str, vision: Vision = Vision.NORMAL) -> float:
    """CIEDE2000 between two '#rrggbb' colours as seen with `vision`."""
    return ciede2000(lab(first, vision), lab(second, vision))


@dataclass(frozen=True)
class Closeness:
    """The vision in which two colours are closest, and how close."""

    vision: Vision
    delta_e: float


def closest(first: str, second: str) -> Closeness:
    """The smallest ΔE2000 of two colours over every vision (ties: the first listed)."""
    found = [Closeness(v, delta_e(first, second, v)) for v in Vision]
    return min(found, key=lambda c: c.delta_e)


def too_close(first: str, second: str) -> Closeness | None:
    """The worst vision when two colours are closer than MIN_DELTA_E in it, else None."""
    worst = closest(first, second)
    return worst if worst.delta_e < MIN_DELTA_E else None


def _channel(value: int) -> float:
    c = value / 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


@lru_cache(maxsize=4096)
def luminance(colour: str) -> float:
    """WCAG 2 relative luminance."""
    r, g, b = (_channel(v) for v in rgb255(colour))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast_ratio(first: str, second: str) -> float:
    """WCAG 2 contrast ratio, 1..21."""
    high, low = sorted((luminance(first), luminance(second)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def readable_on(background: str, dark: str, light: str) -> str:
    """Of a dark and a light text colour, the one with more contrast on `background`."""
    return max((dark, light), key=lambda ink: contrast_ratio(ink, background))
