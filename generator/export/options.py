"""What the exports are asked for, checked: the usage errors are found before any drawing."""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import urlparse

from generator.export.presets import Preset

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

    def __post_init__(self) -> None:
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
