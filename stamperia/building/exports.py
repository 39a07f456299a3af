"""`stamperia build`'s export options (PNG, Tabletop Simulator, print-shop presets) and the
page progress bar, kept out of cli.py: the options are declared, checked and turned into the
generator's ExportOptions here."""

from __future__ import annotations

import sys
from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING, Any, TypeVar

import click

if TYPE_CHECKING:
    from click._termui_impl import ProgressBar

    from stamperia.generator.export.options import ExportOptions
    from stamperia.generator.kitdocument import KitOptions

FORMATS = ("pdf", "svg", "png", "tts", "showcase", "tabletopia")
PRESETS = ("drivethrucards", "makeplayingcards", "thegamecrafter", "printplaygames")

Command = TypeVar("Command", bound=Callable[..., Any])


def export_options(command: Command) -> Command:
    """The export options of `build`, in the order --help shows them."""
    decorators = [
        click.option("--dpi", type=int, default=300, show_default=True,
                     help="Resolution of PNG and Tabletop Simulator images, 72-1200."),
        click.option("--png-trim", is_flag=True,
                     help="PNG images cut at the trim line, without the bleed."),
        click.option("--tts-base-url", default=None, metavar="URL",
                     help="http(s) address the tts/ files will be uploaded to (default: "
                          "file:/// paths of the output)."),
        click.option("--preset", type=click.Choice(PRESETS), default=None,
                     help="Also write the upload set of a print shop (see "
                          "docs/print-shops.md)."),
        click.option("--svg-fonts", type=click.Choice(["named", "embedded"]),
                     default="named", show_default=True,
                     help="SVG pages name their fonts, or carry WOFF2 subsets of them "
                          "(slower; needs the stamperia[svgfonts] extra)."),
    ]
    for decorator in reversed(decorators):
        command = decorator(command)
    return command


def parse_formats(value: str) -> tuple[str, ...]:
    chosen = tuple(part.strip() for part in value.split(",") if part.strip())
    unknown = [f for f in chosen if f not in FORMATS]
    if unknown or not chosen:
        raise click.BadParameter(f"{', '.join(unknown) or value!r}: choose from "
                                 f"{', '.join(FORMATS)}, comma-separated")
    return chosen


def parse_exports(options: KitOptions, card_size: str, dpi: int, png_trim: bool,
                  tts_base_url: str | None, preset_name: str | None,
                  svg_fonts: str = "named") -> tuple[KitOptions, ExportOptions]:
    """The export options checked (exit 2 with the option named); a preset also sets the
    kit's card size and bleed to the shop's own, and the card gap to its default (which
    --gap overrides)."""
    from stamperia.generator.export.options import ExportOptions, ExportUsage
    from stamperia.generator.export.presets import PresetError, preset

    try:
        chosen = preset(preset_name) if preset_name is not None else None
        exports = ExportOptions(dpi, png_trim, tts_base_url, chosen, svg_fonts)
        if chosen is not None:
            options = replace(options, card=chosen.card(card_size), bleed=chosen.bleed_mm,
                              gap=chosen.gap_mm, products=tuple(chosen.sizes.values()))
    except (ExportUsage, PresetError) as error:
        raise click.BadParameter(error.message, param_hint=error.option) from None
    return options, exports


class _PageBar:
    """One click progress bar per run of pages, finished when its last page is done."""

    def __init__(self) -> None:
        self._bar: ProgressBar[int] | None = None

    def __call__(self, done: int, total: int) -> None:
        if self._bar is None:
            self._bar = click.progressbar(length=total, label="rendering pages",
                                          file=sys.stderr, show_pos=True)
            self._bar.render_progress()
        self._bar.update(1)
        if done >= total:
            self._bar.render_finish()
            self._bar = None


def page_ticker() -> Callable[[int, int], None]:
    """A progress bar on stderr while pages are rendered; nothing when stderr is not a
    terminal, so piped and tested output stays exact."""
    if not sys.stderr.isatty():
        return lambda _done, _total: None
    return _PageBar()
