"""Benchmark: what embedding fonts costs an SVG page (`--svg-fonts embedded`).

Renders the same pages of a game's kit to SVG with fonts named and with fonts embedded,
alternately round after round (the machines are shared and drift by the minute), each
embedded round with a fresh embedder so no subset is reused across rounds, and prints
the CPU seconds per page of each, their ratio, and the bytes a page gains. Asserts
nothing. Run: python bench/svg_fonts.py [GAME] [ROUNDS]   (sgrunt, 3: about 30 s loaded)
"""

from __future__ import annotations

import statistics
import sys
import time

from stamperia.content.loader import load_game
from stamperia.generator.draw.drawing import Page
from stamperia.generator.draw.fonts import FontSet
from stamperia.generator.draw.svg import render_svg
from stamperia.generator.draw.svgfonts import FontEmbedder
from stamperia.generator.draw.themefonts import game_fonts
from stamperia.generator.kit import build_kit, fit_check_options
from stamperia.generator.layout.textfit import TextFitter


def _round(pages: list[Page], fonts: FontSet, embed: bool) -> tuple[float, int]:
    embedder = FontEmbedder() if embed else None
    started = time.process_time()
    size = sum(len(render_svg(page, fonts, embedder)) for page in pages)
    return time.process_time() - started, size


def main() -> None:
    name = sys.argv[1] if len(sys.argv) > 1 else "sgrunt"
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 3
    game = load_game(name)
    fonts = game_fonts(game)
    fitter = TextFitter(fonts)
    documents = build_kit(game, game.source_locale, fit_check_options())
    pages = [page for document in documents for page in fitter.pages(document.pages)][:12]
    named: list[float] = []
    embedded: list[float] = []
    sizes = (0, 0)
    for _ in range(rounds):
        seconds, plain = _round(pages, fonts, False)
        named.append(seconds / len(pages))
        seconds, heavy = _round(pages, fonts, True)
        embedded.append(seconds / len(pages))
        sizes = (plain, heavy)
    a, b = statistics.median(named), statistics.median(embedded)
    print(f"{name}: {len(pages)} SVG pages, {rounds} rounds alternated; CPU per page: "
          f"named {a * 1000:.0f} ms, embedded {b * 1000:.0f} ms (x{b / a:.1f}); "
          f"{(sizes[1] - sizes[0]) / len(pages) / 1024:.0f} KiB more per page")


if __name__ == "__main__":
    main()
