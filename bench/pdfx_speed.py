"""Benchmark: what PDF/X costs, written by ReportLab as the document is made against a
pikepdf pass over the finished bytes (docs/print-shops.md#pdfx says which was chosen).

Three ways of writing the same kit document, alternately, round after round (the
machines are shared: figures from separate runs compare the machine), CPU seconds:
- plain: RGB, no PDF/X (today's default);
- native: `--pdfx x1a` as built (CMYK through the profile, flattened, OutputIntent,
  version keys);
- pikepdf: CMYK as built, then pikepdf adds the OutputIntent and version keys and saves
  again (what post-processing would give; it cannot flatten or convert colours, which
  need the drawing description).
Prints the medians, the ratios, and the sizes. Asserts nothing.
Run: python bench/pdfx_speed.py [GAME] [DOCUMENT] [ROUNDS]   e.g. sgrunt cards 5
"""

from __future__ import annotations

import io
import statistics
import sys
import time
from collections.abc import Callable

from stamperia.content.loader import load_game
from stamperia.generator.draw.colourmode import ColourMode, PdfX
from stamperia.generator.draw.fonts import FontSet
from stamperia.generator.draw.pdf import PdfMetadata, PrintSettings, render_pdf
from stamperia.generator.draw.profile import OUTPUT_CONDITION, profile_bytes
from stamperia.generator.kit import build_kit
from stamperia.generator.kitdocument import KitOptions
from stamperia.generator.print.imposition import Duplex
from stamperia.generator.print.sizes import card_size, paper_size


def _pikepdf_pass(data: bytes) -> bytes:
    import pikepdf

    with pikepdf.open(io.BytesIO(data)) as pdf:
        profile = pikepdf.Stream(pdf, profile_bytes())
        profile.N = 4
        intent = pikepdf.Dictionary(Type=pikepdf.Name.OutputIntent,
                                    S=pikepdf.Name.GTS_PDFX,
                                    OutputConditionIdentifier=OUTPUT_CONDITION,
                                    DestOutputProfile=profile)
        pdf.Root.OutputIntents = pikepdf.Array([intent])
        pdf.trailer.Info.GTS_PDFXVersion = "PDF/X-1:2003"
        pdf.trailer.Info.GTS_PDFXConformance = "PDF/X-1a:2003"
        out = io.BytesIO()
        pdf.save(out, deterministic_id=True)
        return out.getvalue()


def main() -> None:
    game_id = sys.argv[1] if len(sys.argv) > 1 else "sgrunt"
    stem = sys.argv[2] if len(sys.argv) > 2 else "cards"
    rounds = int(sys.argv[3]) if len(sys.argv) > 3 else 5
    print(f"command: python bench/pdfx_speed.py {game_id} {stem} {rounds}")
    game = load_game(game_id)
    documents = build_kit(game, game.source_locale,
                          KitOptions(paper_size("a4"), card_size("poker"), Duplex.LONG))
    document = next(d for d in documents if d.stem == stem)
    fonts = FontSet.default()
    metadata = PdfMetadata(title=document.title)
    ways: dict[str, Callable[[], bytes]] = {
        "plain": lambda: render_pdf(document.pages, fonts, metadata),
        "native": lambda: render_pdf(document.pages, fonts, metadata,
                                     PrintSettings(pdfx=PdfX.X1A)),
        "pikepdf": lambda: _pikepdf_pass(render_pdf(
            document.pages, fonts, metadata, PrintSettings(colour=ColourMode.CMYK))),
    }
    for way in ways.values():  # warm: fonts parsed, profile tables built
        way()
    times: dict[str, list[float]] = {name: [] for name in ways}
    sizes: dict[str, int] = {}
    for _ in range(rounds):
        for name, way in ways.items():
            start = time.process_time()
            sizes[name] = len(way())
            times[name].append(time.process_time() - start)
    plain = statistics.median(times["plain"])
    print(f"{game_id} {stem}.pdf, {len(document.pages)} pages, median of {rounds} rounds:")
    for name, measured in times.items():
        median = statistics.median(measured)
        print(f"  {name:8s} {median:7.3f} s CPU  x{median / plain:5.2f} of plain  "
              f"{sizes[name] / 1024:8.1f} KiB")


if __name__ == "__main__":
    main()
