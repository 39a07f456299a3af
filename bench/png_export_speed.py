"""Benchmark: PNG export of SGRUNT's 108 cards vs PDFium alone rendering the same pages.

Goals (issue 18): the export within 1.5x of PDFium rendering the same pages at 300 dpi, in
the same run, alternately; peak memory under 500 MB at 600 dpi (a child process's maxrss).
Prints figures (wall and CPU seconds: on a loaded machine the threads that overlap PDFium,
ReportLab and the PNG encoder get no free core, so CPU seconds show the work); asserts
nothing.
Run: python bench/png_export_speed.py [RUNS]
"""

from __future__ import annotations

import io
import resource
import statistics
import subprocess
import sys
import time
from collections.abc import Callable

import pypdfium2

from stamperia.content.loader import load_game
from stamperia.generator.draw.fonts import FontSet
from stamperia.generator.draw.pdf import PdfMetadata, render_pdf
from stamperia.generator.export.components import Component, Kind
from stamperia.generator.export.png import PngOptions, png_files, sides
from stamperia.generator.export.raster import job_at, piece_page
from stamperia.generator.kit import KitOptions, build_kit
from stamperia.generator.print.imposition import Duplex
from stamperia.generator.print.sizes import card_size, paper_size


def _cards() -> list[Component]:
    game = load_game("sgrunt")
    options = KitOptions(paper_size("a4"), card_size("poker"), Duplex.LONG)
    documents = build_kit(game, game.source_locale, options)
    return [c for d in documents for c in d.components if c.kind is Kind.CARD]


def _export(cards: list[Component], fonts: FontSet, dpi: int) -> int:
    return sum(len(f.data) for f in png_files(cards, PngOptions(dpi), fonts,
                                              lambda _d, _t: None))


def _reference_pdf(cards: list[Component], fonts: FontSet, dpi: int) -> bytes:
    """The pages the export renders: each distinct side once, trim plus bleed."""
    jobs = list(dict.fromkeys(
        job_at(items, (c.size.width, c.size.height), c.bleed, dpi)
        for c in cards for _side, items in sides(c)))
    return render_pdf([piece_page(j.items, j.trim, j.bleed) for j in jobs], fonts,
                      PdfMetadata("reference"))


def _pdfium_alone(pdf: bytes, dpi: int) -> int:
    document = pypdfium2.PdfDocument(pdf)
    total = 0
    for page in document:
        image = page.render(scale=dpi / 72).to_pil()
        total += image.width
        page.close()
    document.close()
    return total


def _pdfium_to_png(pdf: bytes, dpi: int) -> int:
    """What `pdftoppm -png -r DPI` does with PDFium: each page rendered and written as a
    PNG at the encoder's default compression (libpng's and Pillow's level 6)."""
    document = pypdfium2.PdfDocument(pdf)
    total = 0
    for page in document:
        out = io.BytesIO()
        page.render(scale=dpi / 72).to_pil().save(out, "PNG", dpi=(dpi, dpi))
        total += out.tell()
        page.close()
    document.close()
    return total


def _timed(call: Callable[[], object], cpu: list[float] | None = None) -> float:
    """Wall seconds; the process's CPU seconds (every thread) appended to `cpu`."""
    start, start_cpu = time.perf_counter(), time.process_time()
    call()
    if cpu is not None:
        cpu.append(time.process_time() - start_cpu)
    return time.perf_counter() - start


def _child_peak(dpi: int) -> float:
    """Peak memory in MB of a whole process exporting the cards at `dpi`."""
    subprocess.run([sys.executable, __file__, "child", str(dpi)], check=True)
    return resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024


def main() -> None:
    if len(sys.argv) > 2 and sys.argv[1] == "child":
        _export(_cards(), FontSet.default(), int(sys.argv[2]))
        return
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 3
    cards = _cards()
    fonts = FontSet.default()
    pdf = _reference_pdf(cards, fonts, 300)
    pages = len(pypdfium2.PdfDocument(pdf))
    ours: list[float] = []
    alone: list[float] = []
    ours_cpu: list[float] = []
    alone_cpu: list[float] = []
    to_png: list[float] = []
    for _ in range(runs):
        ours.append(_timed(lambda: _export(cards, fonts, 300), ours_cpu))
        alone.append(_timed(lambda: _pdfium_alone(pdf, 300), alone_cpu))
        to_png.append(_timed(lambda: _pdfium_to_png(pdf, 300)))
    best_ours, best_alone = min(ours), min(alone)
    rounds = sorted(o / a for o, a in zip(ours, alone, strict=True))
    print(f"cards: {len(cards)} ({pages} distinct sides rendered), 300 dpi, {runs} run(s)")
    print(f"PNG export: best {best_ours:.2f} s, median {statistics.median(ours):.2f} s")
    print(f"pypdfium2 alone, same pages: best {best_alone:.2f} s, "
          f"median {statistics.median(alone):.2f} s")
    print(f"ratio: {best_ours / best_alone:.2f}x best, "
          f"{statistics.median(ours) / statistics.median(alone):.2f}x median (target <= 1.5x)")
    print(f"ratio round by round: {rounds[0]:.2f}x to {rounds[-1]:.2f}x, median "
          f"{statistics.median(rounds):.2f}x")
    print(f"pypdfium2 rendering the same pages to PNG files (as pdftoppm -png): median "
          f"{statistics.median(to_png):.2f} s, ratio "
          f"{statistics.median(ours) / statistics.median(to_png):.2f}x median")
    # On a loaded machine the work itself compares better than the wall clock: the
    # export's threads overlap only when a core is free.
    print(f"CPU seconds: export {statistics.median(ours_cpu):.2f}, pypdfium2 alone "
          f"{statistics.median(alone_cpu):.2f}, ratio "
          f"{statistics.median(ours_cpu) / statistics.median(alone_cpu):.2f}x")
    print(f"peak memory, 300 dpi export process: {_child_peak(300):.0f} MB")
    print(f"peak memory, 600 dpi export process: {_child_peak(600):.0f} MB (target < 500 MB)")


if __name__ == "__main__":
    main()
