"""What the exports are asked for, checked: the usage errors are found before any drawing."""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import urlparse

from stamperia.generator.draw.svgfonts import svg_fonts_missing
from stamperia.generator.export.presets import Preset

SVG_FONTS = ("named", "embedded")
MIN_DPI = 72
MAX_DPI = 1200


class ExportUsage(ValueError):
    """An export option out of its range; `option` names it for the usage message."""

    def __init__(self, message: str, option: str) -> None:
        super().__init__(message)
        self.message = message
        self.option = option


@dataclass(frozen=True)
class ExportOptions:
    dpi: int = 300
    png_trim: bool = False
    tts_base_url: str | None = None
    preset: Preset | None = None
    svg_fonts: str = "named"
    """`named`: SVG pages name their fonts; `embedded`: they carry WOFF2 subsets."""

    def __post_init__(self) -> None:
        if self.svg_fonts not in SVG_FONTS:
            raise ExportUsage(f"{self.svg_fonts!r}: choose from {', '.join(SVG_FONTS)}",
                              "--svg-fonts")
        if self.svg_fonts == "embedded":
            missing = svg_fonts_missing()
            if missing is not None:
                raise ExportUsage(missing, "--svg-fonts")
        if not MIN_DPI <= self.dpi <= MAX_DPI:
            raise ExportUsage(f"{self.dpi} is not within {MIN_DPI}-{MAX_DPI}", "--dpi")
        if self.tts_base_url is not None:
            check_base_url(self.tts_base_url)


_NOT_IN_URLS = frozenset('"<>\\^`{|}')
"""Characters RFC 3986 never allows unencoded in an address."""


def check_base_url(url: str) -> None:
    """An http(s) address with a host: what Tabletop Simulator can download from."""
    parsed = urlparse(url)
    if parsed.scheme not in ("http", "https") or not parsed.netloc:
        raise ExportUsage(f"{url!r} is not an http(s) URL (for example "
                          "https://example.org/my-game/)", "--tts-base-url")
    raw = next((c for c in url if c.isspace() or c in _NOT_IN_URLS or ord(c) < 32), None)
    if raw is not None:  # the image addresses would be broken for Tabletop Simulator
        raise ExportUsage(f"{url!r} holds {raw!r}, which an address cannot hold as it is: "
                          "percent-encode it (a space is %20)", "--tts-base-url")
    if parsed.query or parsed.fragment:  # each image's name is appended to the base
        raise ExportUsage(f"{url!r} has a ?query or #fragment: give the address of the "
                          "folder the tts/ files will be uploaded to", "--tts-base-url")
