"""Memory and time of each command on inputs at (just under, or just over) their bounds.

The hostile-input promise (docs/robustness.md): no input within the documented bounds takes
any command past 500 MB or 20 s, and inputs over them are refused before they cost that.
Each case is made in a temporary folder, run in its own process, and its peak resident
memory (the child's ru_maxrss) and wall time printed against those two limits.

    python bench/hostile_bounds.py            # every case
    python bench/hostile_bounds.py svg image  # the cases whose name holds a word given
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "tests"))

from hostilecorpus import png_bytes, xlsx_bytes  # noqa: E402

MEMORY_LIMIT_MB = 500
TIME_LIMIT_S = 20.0
Setup = Callable[[Path, Path], list[str]]
"""Makes the case's inputs in (case folder, game folder); returns the stamperia arguments."""


def _environment() -> dict[str, str]:
    """The checkout's own code first, whatever stamperia the interpreter has installed."""
    paths = [str(HERE.parent), *filter(None, [os.environ.get("PYTHONPATH")])]
    return {**os.environ, "PYTHONPATH": os.pathsep.join(paths)}


def _new_game(here: Path) -> Path:
    subprocess.run([sys.executable, "-m", "stamperia", "new", "demo", "--template", "cards"],
                   cwd=here, check=True, capture_output=True, env=_environment())
    return here / "demo"


def image_at_bound(here: Path, game: Path) -> list[str]:
    from PIL import Image

    # 39.9 MP in RGB, noise-free but not flat, so that it decodes at full cost
    Image.linear_gradient("L").resize((6400, 6240)).convert("RGB").save(
        game / "art" / "landscape.png")
    return ["check", "demo", "--no-balance"]


def image_at_bound_build(here: Path, game: Path) -> list[str]:
    image_at_bound(here, game)
    return ["build", "demo", "--format", "pdf", "--out", str(here / "out")]


def image_over_bound(here: Path, game: Path) -> list[str]:
    (game / "art" / "landscape.png").write_bytes(png_bytes(10000, 10000))
    return ["build", "demo", "--format", "pdf", "--out", str(here / "out")]


def _svg(elements: int, pad: int) -> bytes:
    head = b'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"><desc>'
    body = b'<rect x="1" y="1" width="2" height="2" fill="#123456"/>' * elements
    return head + b"x" * pad + b"</desc>" + body + b"</svg>"


def svg_at_bound_check(here: Path, game: Path) -> list[str]:
    (game / "icons" / "star.svg").write_bytes(_svg(99_000, 10_000_000))  # 15.2 MB
    return ["check", "demo", "--no-balance"]


def svg_over_bound_check(here: Path, game: Path) -> list[str]:
    (game / "icons" / "star.svg").write_bytes(_svg(10, 90_000_000))  # 90 MB
    return ["check", "demo", "--no-balance"]


def svg_many_elements_build(here: Path, game: Path) -> list[str]:
    (game / "icons" / "star.svg").write_bytes(_svg(20_000, 0))
    return ["build", "demo", "--format", "pdf", "--out", str(here / "out")]


def catalogue_entries_at_bound(here: Path, game: Path) -> list[str]:
    """A 10 MB PO whose entries are 5,000 characters: refused whole, never half-read."""
    entries = "".join(f'msgctxt "unknown.{n}"\nmsgid "x"\nmsgstr "{"y" * 5000}"\n\n'
                      for n in range(1900))
    head = ('msgid ""\nmsgstr ""\n"Language: fr\\n"\n"X-Source-Language: en\\n"\n'
            '"X-Stamperia-Edition: demo\\n"\n\n')
    (here / "fr.po").write_text(head + entries, encoding="utf-8")
    return ["l10n", "import", "demo", str(here / "fr.po")]


def catalogue_entry_9mb(here: Path, game: Path) -> list[str]:
    head = ('msgid ""\nmsgstr ""\n"Language: fr\\n"\n"X-Source-Language: en\\n"\n'
            '"X-Stamperia-Edition: demo\\n"\n\n')
    (here / "fr.po").write_text(head + f'msgctxt "game.title"\nmsgid "Demo"\nmsgstr '
                                f'"{"y" * 9_000_000}"\n', encoding="utf-8")
    return ["l10n", "import", "demo", str(here / "fr.po")]


def content_file_at_bound(here: Path, game: Path) -> list[str]:
    manifest = json.loads((game / "game.json").read_text(encoding="utf-8"))
    manifest["$comment"] = "x" * 10_000_000
    (game / "game.json").write_text(json.dumps(manifest), encoding="utf-8")
    return ["check", "demo", "--no-balance"]


def sheet_at_bound(here: Path, game: Path) -> list[str]:
    rows = "".join(f"card{n},1,Card {n},2,plain,{'Gain. ' * 200},,\n" for n in range(1000))
    (game / "decks" / "actions.csv").write_text(
        "id,copies,Title,Cost,Suit,Text,Flavour,Art\n" + rows, encoding="utf-8")
    return ["check", "demo", "--no-balance"]


def workbook_unpacking_to_bound(here: Path, game: Path) -> list[str]:
    header = ["id", "copies", "Title", "Cost", "Suit", "Text", "Flavour", "Art"]
    data = xlsx_bytes([header, ["market", 3, "Market", 2, "plain", "Gain.", None, None]],
                      None, 8_000_000)
    (game / "decks" / "actions.xlsx").write_bytes(data)
    cards = (game / "cards.json").read_text(encoding="utf-8")
    (game / "cards.json").write_text(cards.replace("actions.csv", "actions.xlsx"),
                                     encoding="utf-8")
    return ["check", "demo", "--no-balance"]


def record_million_lines(here: Path, game: Path) -> list[str]:
    head = ('{"record_format": 2, "game_id": "splut", "content_hash": "x", "game": 0, '
            '"seed": 1, "agents": ["random", "random"], "players": 2, "variants": []}\n')
    with (here / "r.jsonl").open("w", encoding="utf-8") as stream:
        stream.write(head + "{}\n" + '{"game": 0, "seat": 0, "move": "SD2n"}\n' * 1_000_000)
    return ["replay", "splut", str(here / "r.jsonl")]


CASES: dict[str, Setup] = {
    "image 39.9 MP, check": image_at_bound,
    "image 39.9 MP, build pdf": image_at_bound_build,
    "image 100 MP (refused), build": image_over_bound,
    "svg 15.2 MB / 99,000 elements, check": svg_at_bound_check,
    "svg 90 MB (refused), check": svg_over_bound_check,
    "svg 20,000 elements, build pdf": svg_many_elements_build,
    "catalogue 10 MB of 5,000-char entries, import": catalogue_entries_at_bound,
    "catalogue one 9 MB entry (refused), import": catalogue_entry_9mb,
    "content file 10 MB (refused), check": content_file_at_bound,
    "sheet 1,000 rows x 1.2 KB, check": sheet_at_bound,
    "workbook with 7.9 MB of sheet XML, check": workbook_unpacking_to_bound,
    "record 1,000,000 lines, bad line 2, replay": record_million_lines,
}


def _measure(arguments: list[str], cwd: Path) -> tuple[int, float, float, float]:
    """Exit code, peak resident MB, CPU seconds and wall seconds of `stamperia ARGUMENTS`,
    measured in a wrapper process so that the children's rusage is this command's alone.
    CPU seconds are what the limit is judged on: wall time grows with a shared machine's
    load, CPU time much less."""
    wrapper = ("import resource, subprocess, sys, time; t = time.perf_counter(); "
               "r = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, "
               "stderr=subprocess.DEVNULL); w = time.perf_counter() - t; "
               "u = resource.getrusage(resource.RUSAGE_CHILDREN); "
               "print(r.returncode, u.ru_maxrss, u.ru_utime + u.ru_stime, w)")
    done = subprocess.run([sys.executable, "-c", wrapper, sys.executable, "-m", "stamperia",
                           *arguments], cwd=cwd, capture_output=True, text=True, check=True,
                          env=_environment())
    code, kilobytes, cpu, wall = done.stdout.split()
    return int(code), int(kilobytes) / 1024, float(cpu), float(wall)


def main(words: list[str]) -> int:
    print(f"{'case':<48} {'exit':>4} {'peak MB':>8} {'CPU s':>6} {'wall s':>6}  within "
          f"{MEMORY_LIMIT_MB} MB and {TIME_LIMIT_S:.0f} CPU s")
    failed = 0
    for name, setup in CASES.items():
        if words and not any(word in name for word in words):
            continue
        with tempfile.TemporaryDirectory() as tmp:
            here = Path(tmp)
            arguments = setup(here, _new_game(here))
            code, peak, cpu, wall = _measure(arguments, here)
        within = peak <= MEMORY_LIMIT_MB and cpu <= TIME_LIMIT_S
        failed += not within
        print(f"{name:<48} {code:>4} {peak:>8.0f} {cpu:>6.1f} {wall:>6.1f}  "
              f"{'yes' if within else 'NO'}")
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
