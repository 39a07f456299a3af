"""Benchmark: SGRUNT card sheets through stamperia vs a bare ReportLab script, same run.

Goals (issue 16, with the shipped games' icons): stamperia/bare ratio <= 1.5, the two
measured alternately in the same run (a loaded machine slows both alike); the whole SGRUNT
kit (PDF) under 2 s as a whole process, peak memory under 300 MB. The whole process is
timed as a user runs it: the bytecode cache on (an installed package has it), after one
warm-up build; its CPU time (user + system) is printed beside the wall time because on a
shared machine the wall time measures the other processes too. Prints figures; asserts
nothing.
Run: python bench/build_speed.py [RUNS]
"""

from __future__ import annotations

import io
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable

from reportlab.graphics import renderPDF
from reportlab.graphics.shapes import Drawing
from reportlab.lib.pagesizes import A4
from reportlab.lib.units import mm
from reportlab.lib.utils import simpleSplit
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas
from svglib.svglib import svg2rlg

from stamperia.content.loader import load_game
from stamperia.content.look.hexgrid import centre, corners, edges
from stamperia.content.look.theme import Theme
from stamperia.content.model import Game
from stamperia.content.rulesets.conquest.model import Conquest
from stamperia.generator.draw.fonts import FontSet
from stamperia.generator.draw.pdf import PdfMetadata, render_pdf
from stamperia.generator.kits.conquest.cardset import all_cards
from stamperia.generator.kits.conquest.links import label_cell
from stamperia.generator.kits.conquest.look import conquest_look
from stamperia.generator.print.imposition import Duplex, impose, paginate
from stamperia.generator.print.sheets import sheet_pages
from stamperia.generator.print.sizes import card_size, paper_size
from stamperia.generator.uitext import ui_text


def stamperia_cards(game: Game, fonts: FontSet) -> bytes:
    card, paper = card_size("poker"), paper_size("a4")
    look = conquest_look(game, "it", ui_text("it"), card)
    cards = [p for deck in all_cards(game, look, card, 3.0).values() for p in deck]
    layout = impose(paper, card, 3.0, duplex=Duplex.LONG)
    pages = sheet_pages(layout, paginate(layout, len(cards)), [c.face.items for c in cards],
                        [c.back.items for c in cards], "cards")
    return render_pdf(pages, fonts, PdfMetadata("bench"))


MapGeometry = tuple[dict[str, list[tuple[tuple[float, float], ...]]],
                    list[tuple[tuple[float, float], tuple[float, float]]],
                    dict[str, tuple[float, float]]]


def map_geometry(game: Game, cell: float) -> MapGeometry:
    """Cells per territory, every edge, and the label point of each territory: computed
    once, as a hand-written script would, then drawn on each objective card."""
    conquest = game.part(Conquest)
    assert conquest.board is not None
    owner = {c: t.id for t in conquest.board.territories for c in t.cells}
    cells = {t.id: [corners(c, cell) for c in t.cells] for t in conquest.board.territories}
    edge_list = [(a, b) for c in sorted(owner) for other, a, b in edges(c, cell)
                 if other not in owner or other > c]
    labels = {t.id: centre(label_cell(t), cell) for t in conquest.board.territories}
    return cells, edge_list, labels


Card = tuple[str, str, str, dict[str, int], str | None]


def card_texts(game: Game) -> list[Card]:
    """(colour, title, body, objective values, icon file) of each of the 108 cards: the
    same SVG icons the kit draws (faction emblems, the boar print)."""
    conquest = game.part(Conquest)
    icons = {name: art.path for name, art in game.part(Theme).icons.items()}
    texts: list[Card] = []
    for deck in conquest.decks:
        owners = conquest.factions if deck.per_faction else (None,)
        for faction in owners:
            colour = faction.colour if faction else "#4f3b2a"
            for card in deck.cards:
                key = f"card.{deck.id}.{card.id}"
                icon = (icons.get(faction.id) if faction else
                        icons["boar_print"] if card.continue_icon else None)
                texts += [(colour, game.text("it", f"{key}.name"),
                           game.text("it", f"{key}.text"), {}, icon)] * card.copies
    assert conquest.objectives is not None
    texts += [("#3e5a3a", "Obiettivo", f"Totale {o.total} punti",
               {e.territory: e.value for e in o.entries}, None)
              for o in conquest.objectives.cards]
    return texts


def draw_map(canvas: Canvas, geometry: MapGeometry, values: dict[str, int], x: float,
             y: float) -> None:
    cells, edge_list, labels = geometry
    canvas.saveState()
    canvas.translate(x, y)
    canvas.scale(mm, -mm)
    for territory, polygons in cells.items():
        colour = "#c0392b" if territory in values else "#e9e4d6"
        canvas.setFillColor(colour)
        canvas.setStrokeColor(colour)
        path = canvas.beginPath()
        for polygon in polygons:
            path.moveTo(*polygon[0])
            for point in polygon[1:]:
                path.lineTo(*point)
            path.close()
        canvas.drawPath(path, stroke=1, fill=1)
    canvas.setStrokeColor("#1d1d1b")
    canvas.setLineWidth(0.25)
    path = canvas.beginPath()
    for a, b in edge_list:
        path.moveTo(*a)
        path.lineTo(*b)
    canvas.drawPath(path, stroke=1, fill=0)
    canvas.setFont("BenchSans-Bold", 6 / mm)
    for territory, value in values.items():
        lx, ly = labels[territory]
        canvas.setFillColor("#ffffff")
        canvas.circle(lx, ly, 1.6, stroke=1, fill=1)
        canvas.setFillColor("#1d1d1b")
        canvas.saveState()
        canvas.translate(lx, ly + 0.7)
        canvas.scale(1, -1)
        canvas.drawCentredString(0, 0, str(value))
        canvas.restoreState()
    canvas.restoreState()


def bare_reportlab(texts: list[Card], geometry: MapGeometry, regular: str, bold: str
                   ) -> bytes:
    """The same cards drawn directly: background, title, wrapped body, backs, crop marks."""
    pdfmetrics.registerFont(TTFont("BenchSans", regular))
    pdfmetrics.registerFont(TTFont("BenchSans-Bold", bold))
    stream = io.BytesIO()
    canvas = Canvas(stream, pagesize=A4, invariant=1)
    width, height = 63.5 * mm, 88.9 * mm
    drawings: dict[str, Drawing] = {}
    for first in range(0, len(texts), 9):
        batch = texts[first:first + 9]
        for side in ("front", "back"):
            for index, (colour, title, body, values, icon) in enumerate(batch):
                column, row = index % 3, index // 3
                if side == "back":
                    column = 2 - column
                x, y = (9.75 * mm + column * width, A4[1] - 16 * mm - (row + 1) * height)
                canvas.setFillColor(colour)
                canvas.rect(x - 3 * mm, y - 3 * mm, width + 6 * mm, height + 6 * mm, 0, 1)
                canvas.setFillColor("#ffffff")
                canvas.setFont("BenchSans-Bold", 15)
                canvas.drawCentredString(x + width / 2, y + height - 12 * mm, title)
                if icon is not None:
                    if icon not in drawings:
                        loaded = svg2rlg(icon)
                        assert loaded is not None
                        drawings[icon] = loaded
                    drawing = drawings[icon]
                    canvas.saveState()
                    canvas.translate(x + 4 * mm, y + height - 14 * mm)
                    canvas.scale(10 * mm / drawing.width, 10 * mm / drawing.height)
                    renderPDF.draw(drawing, canvas, 0, 0)
                    canvas.restoreState()
                if side == "front" and values:
                    draw_map(canvas, geometry, values, x + 4 * mm, y + height - 18 * mm)
                elif side == "front":
                    canvas.roundRect(x + 3 * mm, y + 13 * mm, width - 6 * mm, height - 30 * mm,
                                     2.5 * mm, 0, 1)
                    canvas.setFillColor("#1d1d1b")
                    lines = simpleSplit(body, "BenchSans", 10, width - 11 * mm)
                    for number, line in enumerate(lines):
                        canvas.drawCentredString(x + width / 2, y + height / 2 - number * 12,
                                                 line)
                canvas.setLineWidth(0.2)
                for mark_x in (x, x + width):
                    canvas.line(mark_x, y + height + 4 * mm, mark_x, y + height + 8 * mm)
            canvas.showPage()
    canvas.save()
    return stream.getvalue()


def alternate(works: list[Callable[[], bytes]], runs: int) -> list[float]:
    """The median time of each work, the works run in turn `runs` times."""
    times: list[list[float]] = [[] for _ in works]
    for _ in range(runs):
        for index, work in enumerate(works):
            start = time.perf_counter()
            work()
            times[index].append(time.perf_counter() - start)
    return [statistics.median(t) for t in times]


def whole_kit(runs: int) -> tuple[float, float, float]:
    """Median wall and CPU seconds of `stamperia build sgrunt` (PDF), and the peak MB."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    command = [sys.executable, "-m", "stamperia", "build", "sgrunt"]
    walls, cpus = [], []
    with tempfile.TemporaryDirectory() as out:
        subprocess.run([*command, "--out", out], check=True, capture_output=True, env=env)
        for _ in range(runs):
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            start = time.perf_counter()
            subprocess.run([*command, "--out", out], check=True, capture_output=True, env=env)
            walls.append(time.perf_counter() - start)
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            cpus.append(after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime)
    peak_kb = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    return statistics.median(walls), statistics.median(cpus), peak_kb / 1024


def main() -> None:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    game = load_game("sgrunt")
    fonts = FontSet.default()
    family = fonts.faces
    regular = next(str(f.path) for f in family if not f.bold)
    bold = next(str(f.path) for f in family if f.bold)
    texts = card_texts(game)
    geometry = map_geometry(game, 1.65)
    ours, bare = alternate([lambda: stamperia_cards(game, fonts),
                            lambda: bare_reportlab(texts, geometry, regular, bold)], runs)
    print(f"cards: {len(texts)} cards (16 objective cards with a mini-map, "
          f"{sum(t[4] is not None for t in texts)} with an SVG icon), front and back pages, "
          "A4, poker size, in both scripts")
    print(f"stamperia card sheets: median {ours * 1000:.0f} ms over {runs} runs")
    print(f"bare ReportLab script:  median {bare * 1000:.0f} ms over {runs} runs "
          "(run in turn with the above)")
    print(f"ratio stamperia/bare: {ours / bare:.2f} (goal <= 1.5)")
    wall, cpu, peak = whole_kit(runs)
    print(f"whole SGRUNT kit (PDF, one process): median {wall * 1000:.0f} ms wall, "
          f"{cpu * 1000:.0f} ms CPU (goal < 2000 ms), peak memory {peak:.0f} MB "
          "(goal < 300 MB)")

if __name__ == "__main__":
    main()
