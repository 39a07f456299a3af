"""Render the README's two pictures from the shipped SGRUNT kit: a card sheet and the board.

Why a script: the pictures must follow the look when it changes, and hand-made screenshots
drift. It builds the kit into a temporary folder with the installed stamperia, renders one
page of cards.pdf with pypdfium2 and shrinks the board's PNG export, both to 900 px wide,
and writes them as palette PNGs (a few colours suffice for flat print art; each stays well
under 150 KB). Run it from the repository: `python tools/docs_images.py`.
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
from pathlib import Path

import pypdfium2
from PIL import Image

WIDTH = 900
CARD_PAGE = 8
"""A page of SGRUNT's cards.pdf with action cards of two factions: dark and yellow backs."""

IMAGES = Path(__file__).resolve().parents[1] / "docs" / "img"


def save_palette(image: Image.Image, path: Path, colours: int) -> None:
    """Write `image` as an optimised palette PNG: flat print art needs few colours."""
    quantized = image.convert("RGB").quantize(colors=colours, method=Image.Quantize.MEDIANCUT,
                                              dither=Image.Dither.NONE)
    quantized.save(path, optimize=True)


def main() -> None:
    with tempfile.TemporaryDirectory() as out:
        subprocess.run([sys.executable, "-m", "stamperia", "build", "sgrunt", "--locale", "it",
                        "--format", "pdf,png", "--out", out], check=True,
                       stdout=subprocess.DEVNULL)
        kit = Path(out) / "sgrunt" / "it"
        page = pypdfium2.PdfDocument(kit / "cards.pdf")[CARD_PAGE]
        cards = page.render(scale=WIDTH / page.get_width()).to_pil()
        board: Image.Image = Image.open(kit / "boards" / "board.png")
        board = board.resize((WIDTH, round(WIDTH * board.height / board.width)),
                             Image.Resampling.LANCZOS)
        IMAGES.mkdir(parents=True, exist_ok=True)
        save_palette(cards, IMAGES / "cards.png", 256)
        save_palette(board, IMAGES / "board.png", 96)
    for name in ("cards.png", "board.png"):
        print(f"{IMAGES / name}: {(IMAGES / name).stat().st_size // 1024} KB")


if __name__ == "__main__":
    main()
