"""`stamperia build` as a library function: draw each kit, render it, write it atomically.

Everything of one build is written into a hidden folder in OUT and swapped into place at the
end (building.outputfolder, under OUT's lock), so a failed or killed build leaves the previous
output untouched.
"""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING

from stamperia.building.outputfolder import OutputFolder
from stamperia.content.errors import ContentError, ContentProblems
from stamperia.content.guards import OutsideFolder, join_inside
from stamperia.content.locate import display_path
from stamperia.content.model import Game
from stamperia.generator.draw.drawing import RenderError
from stamperia.generator.draw.fonts import FontError, FontSet
from stamperia.generator.draw.pdf import PdfMetadata, PrintSettings, render_pdf
from stamperia.generator.draw.themefonts import game_fonts
from stamperia.generator.export.components import Dice
from stamperia.generator.export.files import ExportedFile, ExportError
from stamperia.generator.export.options import ExportOptions
from stamperia.generator.export.run import export_files, rendered_pngs
from stamperia.generator.kit import KitDocument, KitOptions, build_kit, kit_dice
from stamperia.generator.kitdocument import KitError
from stamperia.generator.kits.registry import NoKit
from stamperia.generator.kitwords import kit_wording_problems, missing_kit_words
from stamperia.generator.layout.legibility import small_text_problems
from stamperia.generator.layout.textfit import OverflowReport, TextFitter, find_overflows
from stamperia.generator.print.imposition import Duplex, ImpositionError, impose
from stamperia.generator.print.sizes import SizeError, card_size, paper_size
from stamperia.generator.print.stamp import kit_stamp
from stamperia.generator.print.tiling import TilingError
from stamperia.machine import MachineError, is_disk_full, reason
from stamperia.rules.ruleset import ToolUsage

if TYPE_CHECKING:  # loaded only by the builds that write these formats
    from stamperia.generator.draw.svgfonts import FontEmbedder
    from stamperia.generator.export.raster import Tick

FORMATS = ("pdf", "svg", "png", "tts", "showcase", "tabletopia")
GUIDE = "guide"
"""The component of the print guide, the first document of every kit
(stamperia.generator.kit)."""


class BuildFailed(Exception):
    """A kit that cannot be drawn or written (fonts, layout, the output folder)."""


Progress = Callable[[str], None]
NO_EXPORTS = ExportOptions()


def _quiet(_done: int, _total: int) -> None:
    """No progress bar (output is not a terminal)."""


def parse_options(paper: str, card: str, duplex: str) -> KitOptions:
    """Options from the command line; a card size no paper can hold is a usage error."""
    try:
        card_size_value = card_size(card)
        options = KitOptions(paper_size(paper), card_size_value, Duplex(duplex))
        impose(options.paper, options.card, options.bleed, duplex=options.duplex)
    except (SizeError, ImpositionError) as error:
        raise ToolUsage(str(error), "--card-size") from None
    return options


def choose_locales(game: Game, wanted: str) -> tuple[str, ...]:
    if wanted == "source":
        return (game.source_locale,)
    if wanted == "all":
        return game.locales
    if wanted not in game.locales:
        raise ToolUsage(f"{game.id} has no locale {wanted!r}: choose from "
                                 f"{', '.join(game.locales)}, all", "--locale")
    return (wanted,)


def refuse_overlap(game: Game, out: Path) -> None:
    """ToolUsage when OUT/<id>, the folder a build replaces whole, is a folder the game is
    read from or holds one of its files: the swap would delete the content. (A kit written
    inside a game folder is allowed: `cd mygame && stamperia build .` writes ./output.)"""
    target = (out / game.id).resolve()
    held = [Path(name).resolve() for name in (*game.files, game.folder)]
    clash = next((path for path in held if path == target or target in path.parents), None)
    if clash is not None:
        raise ToolUsage(f"the kit of {game.id} would replace {display_path(target)}, which "
                        f"holds the game's own {display_path(clash)}: choose an output folder "
                        "outside the game's folders", "--out")


def build(game: Game, locales: tuple[str, ...], options: KitOptions, formats: tuple[str, ...],
          out: OutputFolder, progress: Progress, exports: ExportOptions = NO_EXPORTS,
          tick: Tick = _quiet) -> BuildResult:
    """Build one game; font and drawing problems become BuildFailed, the machine's refusals
    MachineError, never a traceback."""
    refuse_overlap(game, out.path)
    unfillable = [p for p in kit_wording_problems(game) if p.severity == "error"]
    if unfillable:  # found by check; a build skips check's stages, so it asks here
        raise ContentProblems(unfillable)
    try:
        fonts = game_fonts(game)
        request = BuildRequest(game, locales, options, formats, out, exports)
        return build_game(request, fonts, progress, tick)
    except KitError as error:
        if error.problem is not None:
            raise ContentProblems([error.problem]) from None
        raise BuildFailed(f"{game.id}: not built: {error}") from None
    except (FontError, RenderError, NoKit, TilingError, ImpositionError,
            ExportError) as error:
        raise BuildFailed(f"{game.id}: not built: {error}") from None
    except (ToolUsage, MachineError, BuildFailed, ContentProblems):
        raise
    except Exception as error:  # noqa: BLE001 - content the kit cannot draw: say why
        raise ContentProblems(_why_not_drawable(game, error)) from error


def _why_not_drawable(game: Game, error: Exception) -> list[ContentError]:
    """The content problems behind a kit that failed to draw.

    A build loads the game but skips the rules checks (their smoke games cost seconds);
    when the kit cannot be drawn, the rules stage runs now, and its errors are the answer.
    Only content every check accepts becomes a stage failure, reported against game.json.
    """
    from stamperia.checks.balance import stage_failure
    from stamperia.rules.registry import check_game

    try:
        report = check_game(game, balance=False)
    except Exception:  # noqa: BLE001
        return [stage_failure(game, "kit", error)]
    errors = [p for p in report.problems if p.severity == "error"]
    problem = getattr(error, "problem", None)  # a text the kit cannot print, at its place
    return errors or [problem if isinstance(problem, ContentError)
                      else stage_failure(game, "kit", error)]


@dataclass(frozen=True)
class BuildRequest:
    game: Game
    locales: tuple[str, ...]
    options: KitOptions
    formats: tuple[str, ...]
    out: OutputFolder
    exports: ExportOptions = NO_EXPORTS


@dataclass(frozen=True)
class BuiltFile:
    path: str
    component: str
    pages: int
    page_size_mm: tuple[float, float]
    card_size_mm: tuple[float, float] | None
    group: str | None = None
    card: str | None = None
    side: str | None = None
    pixels: tuple[int, int] | None = None
    dpi: int | None = None
    count: int | None = None


@dataclass(frozen=True)
class BuildResult:
    game: str
    folder: Path
    files: tuple[BuiltFile, ...]
    warnings: tuple[str, ...]
    locales: tuple[str, ...] = ()

    def open_first(self) -> Path:
        """What a user should open first: the print guide of the first locale built (its
        PDF, else its first SVG page), or that locale's folder when no format draws it."""
        guide = next((f for f in self.files if f.component == GUIDE), None)
        if guide is not None:
            return self.folder / guide.path
        return self.folder / self.locales[0] if self.locales else self.folder


def overflow_warnings(documents: Sequence[KitDocument], fonts: FontSet, locale: str
                      ) -> list[str]:
    """Text that still overflows its box at the minimum size, named by card and text key
    where the layout gives them (else by page and text); the same text of the same card
    (printed several times, on one sheet or many) is said once, with a count."""
    found: dict[str, int] = {}
    for document in documents:
        for report in find_overflows(document.pages, fonts):
            line = f"{locale}: {document.stem}.pdf, {_overflow_place(report)}"
            found[line] = found.get(line, 0) + 1
    return [line if times == 1 else f"{line} ({times} times)" for line, times in found.items()]


def kit_word_warnings(game: Game, locale: str) -> list[str]:
    """The kit's words that have no text in `locale` and print in the source's, by key."""
    missing = missing_kit_words(game, locale)
    if not missing:
        return []
    return [f"{locale}: {len(missing)} of the kit's words have no {locale} text and print in "
            f"{game.source_locale}: {', '.join(missing)}"]


def _overflow_place(report: OverflowReport) -> str:
    if report.source is not None:
        return (f"card {report.source.card}: text {report.source.key!r} overflows its box "
                f"at the minimum size ({report.overflow.size_pt:g} pt)")
    snippet = report.text if len(report.text) <= 40 else report.text[:37] + "..."
    return (f"{report.page_label}: text {snippet!r} overflows its box at the minimum "
            f"size")


def build_game(request: BuildRequest, fonts: FontSet, progress: Progress,
               tick: Tick = _quiet) -> BuildResult:
    """Build every locale of one game into out/<game>/, replacing it only on success."""
    game = request.game
    target = request.out.path / game.id
    staging = request.out.staging(game.id)
    try:
        files: list[BuiltFile] = []
        warnings: list[str] = []
        # each drawing's PNG made once across the locales
        rendered = rendered_pngs(request.formats, request.exports)
        embedder = _embedder(request)
        dice = kit_dice(game)
        for locale in request.locales:
            fitter = TextFitter(fonts)  # texts are fitted once; report and renderers read them
            documents = [replace(d, pages=fitter.pages(d.pages)) for d in build_kit(
                game, locale, replace(request.options, fonts=fonts))]
            small = small_text_problems(documents, locale, request.options.card, game.origin)
            if small:  # text below the 6 pt floor at the size being built: not printed
                raise ContentProblems(small)
            warnings += overflow_warnings(documents, fonts, locale)
            warnings += kit_word_warnings(game, locale)
            for document in documents:
                progress(f"{game.id}/{locale}/{document.stem}")
                files += _write_document(document, game, locale, request, fonts, staging,
                                         embedder)
            for exported in export_files(documents, request.formats, request.exports, game.id,
                                         game.title(locale), target / locale, fonts, tick,
                                         rendered, dice):
                files.append(_write_exported(exported, locale, staging))
        manifest = _manifest(game, request, files, warnings, dice)
        _save(staging / "manifest.json", manifest.encode("utf-8"))
    except OSError as error:
        shutil.rmtree(staging, ignore_errors=True)
        raise _write_failed(error, staging, target) from None
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    try:
        request.out.swap_in(staging, game.id)
    except OSError as error:
        shutil.rmtree(staging, ignore_errors=True)
        raise MachineError(f"cannot write to {request.out.path}: {reason(error)}; "
                           f"{_kept(target)}") from None
    return BuildResult(game.id, target, tuple(files), tuple(warnings), request.locales)


def _embedder(request: BuildRequest) -> FontEmbedder | None:
    """The SVG font embedder, when the build writes SVG with its fonts embedded."""
    if "svg" not in request.formats or request.exports.svg_fonts != "embedded":
        return None
    from stamperia.generator.draw.svgfonts import FontEmbedder

    return FontEmbedder()


def write_file(path: Path, data: bytes) -> None:
    """The one place a kit's bytes reach the disk."""
    with path.open("wb") as stream:
        stream.write(data)


def _save(path: Path, data: bytes) -> None:
    try:
        write_file(path, data)
    except OSError as error:
        if error.filename is None:  # write() says ENOSPC without naming the file
            error.filename = str(path)
        raise


def _kit_path(folder: Path, *parts: str) -> Path:
    """A file of the kit, refused when a name made from content would leave the kit."""
    try:
        return join_inside(folder, *parts)
    except OutsideFolder as error:
        raise MachineError(f"refused to write {error.name!r}: a file of the kit {error.why} "
                           "the kit; check the ids in the content (lowercase letters, "
                           "digits and _)") from None


def _kept(target: Path) -> str:
    return "the previous kit is intact" if target.exists() else "no partial kit was left"


def _write_failed(error: OSError, staging: Path, target: Path) -> MachineError:
    """The error named by the file's final place in OUT, not the hidden staging folder."""
    try:
        shown = target / Path(str(error.filename)).relative_to(staging)
    except ValueError:  # not a file of the kit: an asset or font the kit reads
        return MachineError(f"cannot read {error.filename}: {reason(error)}; {_kept(target)}")
    if is_disk_full(error):
        return MachineError(f"{reason(error)} while writing {shown}; {_kept(target)}")
    return MachineError(f"cannot write {shown}: {reason(error)}; {_kept(target)}")


def _write_document(document: KitDocument, game: Game, locale: str, request: BuildRequest,
                    fonts: FontSet, staging: Path, embedder: FontEmbedder | None
                    ) -> list[BuiltFile]:
    formats = request.formats
    folder = _kit_path(staging, locale)
    folder.mkdir(parents=True, exist_ok=True)
    first = document.pages[0]
    size = (round(first.width_mm, 2), round(first.height_mm, 2))
    card = ((document.card_size.width, document.card_size.height)
            if document.card_size is not None else None)
    written = []
    if "pdf" in formats:
        metadata = PdfMetadata(title=f"{game.title(locale)} — {document.title}",
                               author=game.publisher, subject=document.component,
                               keywords=kit_stamp(game, locale).keywords)
        settings = PrintSettings(document.duplex, request.options.colour)
        _save(_kit_path(folder, f"{document.stem}.pdf"),
              render_pdf(document.pages, fonts, metadata, settings))
        written.append(BuiltFile(f"{locale}/{document.stem}.pdf", document.component,
                                 len(document.pages), size, card))
    if "svg" in formats:
        from stamperia.generator.draw.svg import render_svg

        svg_folder = _kit_path(folder, "svg")
        svg_folder.mkdir(exist_ok=True)
        for number, page in enumerate(document.pages, start=1):
            name = f"{document.stem}-{number:02d}.svg"
            _save(_kit_path(svg_folder, name), render_svg(page, fonts, embedder).encode("utf-8"))
            written.append(BuiltFile(f"{locale}/svg/{name}", document.component, 1,
                                     (round(page.width_mm, 2), round(page.height_mm, 2)), card))
    return written


def _write_exported(exported: ExportedFile, locale: str, staging: Path) -> BuiltFile:
    path = _kit_path(staging, locale, exported.path)
    path.parent.mkdir(parents=True, exist_ok=True)
    _save(path, exported.data)
    size = (0.0, 0.0)
    if exported.pixels is not None and exported.dpi is not None:
        size = (round(exported.pixels[0] * 25.4 / exported.dpi, 2),
                round(exported.pixels[1] * 25.4 / exported.dpi, 2))
    return BuiltFile(f"{locale}/{exported.path}", exported.component, exported.pages, size, None,
                     exported.group, exported.card, exported.side, exported.pixels,
                     exported.dpi, exported.count)


def _file_entry(f: BuiltFile) -> dict[str, object]:
    entry: dict[str, object] = {
        "path": f.path, "component": f.component, "pages": f.pages,
        "page_size_mm": list(f.page_size_mm),
        "card_size_mm": list(f.card_size_mm) if f.card_size_mm else None}
    extra = {"group": f.group, "card": f.card, "side": f.side,
             "pixels": list(f.pixels) if f.pixels else None, "dpi": f.dpi, "count": f.count}
    entry.update({key: value for key, value in extra.items() if value is not None})
    return entry


def card_sizes(files: Sequence[BuiltFile]) -> list[dict[str, object]]:
    """Each card size the build printed, with the files printed at it, in file order.

    The build's asked size is not the truth a print shop needs: a game prints its own card
    size unless `--card-size` is asked, and some cards (a reference card) keep a size of
    their own, so the sizes come from the files written.
    """
    found: dict[tuple[float, float], list[str]] = {}
    for f in files:
        if f.card_size_mm is not None:
            found.setdefault(f.card_size_mm, []).append(f.path)
    return [{"size_mm": list(size), "files": paths} for size, paths in found.items()]


def _manifest(game: Game, request: BuildRequest, files: list[BuiltFile],
              warnings: list[str], dice: Sequence[Dice]) -> str:
    """The build's options and files, and the dice the game needs (no file shows them:
    they are bought, not printed, and Tabletop Simulator's save holds them)."""
    options = request.options
    sizes = card_sizes(files)
    data = {
        "game": game.id,
        "locales": list(request.locales),
        "paper": options.paper.name,
        "card_size_mm": sizes[0]["size_mm"] if len(sizes) == 1 else None,
        "card_sizes_mm": sizes,
        "duplex": options.duplex.value,
        "bleed_mm": options.bleed,
        "gap_mm": options.gap,
        "back_offset_mm": list(options.back_offset),
        "colour": options.colour.value,
        "files": [_file_entry(f) for f in files],
        "dice": [{"id": d.id, "colour": d.colour, "count": d.count, "sides": d.sides}
                 for d in dice],
        "warnings": warnings,
    }
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"

