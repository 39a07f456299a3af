"""What the exports are asked for, checked: the usage errors are found before any drawing."""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import urlparse

from generator.export.presets import Preset
from generator.svgfonts import svg_fonts_missing

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


def check_base_url(url: str) -> None:
    """An http(s) address with a host: what Tabletop Simulator can download from."""
    parsed = urlparse(url)
    if parsed.scheme not in ("http", "https") or not parsed.netloc:
        raise ExportUsage(f"{url!r} is not an http(s) URL (for example "
                          "https://example.org/my-game/)", "--tts-base-url")
