"""Every export a build asks for, from the kit's documents of one locale: the one entry
point the build calls, so it names no export format beyond the option it passes on."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from stamperia.generator.draw.fonts import FontSet
from stamperia.generator.export.components import Dice
from stamperia.generator.export.files import ExportedFile
from stamperia.generator.export.options import ExportOptions
from stamperia.generator.kitdocument import KitDocument

if TYPE_CHECKING:  # the raster exports load pypdfium2 and Pillow: only a build asking them
    from stamperia.generator.export.png import RenderedPngs
    from stamperia.generator.export.raster import Tick

EXPORT_FORMATS = ("png", "tts", "showcase", "tabletopia")


def rendered_pngs(formats: Sequence[str], options: ExportOptions) -> RenderedPngs | None:
    """A store for the PNGs a build renders (shared by its locales), when it renders any:
    a PDF or SVG build never loads the raster exports."""
    if "png" not in formats and options.preset is None:
        return None
    from stamperia.generator.export.png import RenderedPngs

    return RenderedPngs()


def export_files(documents: Sequence[KitDocument], formats: Sequence[str],
                 options: ExportOptions, game: str, title: str, final_folder: Path,
                 fonts: FontSet, tick: Tick, rendered: RenderedPngs | None = None,
                 dice: Sequence[Dice] = ()) -> Iterator[ExportedFile]:
    """`final_folder` is where the locale's files will be once the build is swapped in:
    Tabletop Simulator's file:/// addresses point there. `rendered`: the build's PNGs so
    far, so each drawing is rendered once across its locales; `dice`: the game's, which
    no document prints."""
    components = [c for document in documents for c in document.components]
    if rendered is None:
        rendered = rendered_pngs(formats, options)
    if "png" in formats and rendered is not None:
        from stamperia.generator.export.png import PngOptions, png_files

        yield from png_files(components, PngOptions(options.dpi, options.png_trim), fonts,
                             tick, rendered=rendered)
    if "tts" in formats:
        from stamperia.generator.export.tts import FOLDER, TtsOptions, tts_files

        base = options.tts_base_url or (final_folder / FOLDER).resolve().as_uri() + "/"
        if not base.endswith("/"):
            base += "/"
        yield from tts_files(components, TtsOptions(game, title, options.dpi, base,
                                                    tuple(dice)), fonts, tick)
    if "showcase" in formats:
        from stamperia.generator.export.showcase import showcase_files

        yield from showcase_files(components, fonts, tick)
    if "tabletopia" in formats:
        from stamperia.generator.export.tabletopia import tabletopia_files

        yield from tabletopia_files(components, options.dpi, fonts, tick)
    if options.preset is not None and rendered is not None:
        from stamperia.generator.export.shop import shop_files

        yield from shop_files(components, options.preset, fonts, tick, rendered)
