"""Benchmark: the studio's first page and a save reflected on it.

1. First page of SGRUNT: from starting `stamperia studio sgrunt` (a new process, imports
   included) until it listens, until the page and its view have been served, until every
   piece's face SVG has been served; and, where Playwright and /usr/bin/chromium are
   installed, until Chromium shows the first screen with every image in it drawn (the
   browser is started before the clock).
2. A one-card CSV edit in a game made by `stamperia new`: from the save until the event
   has arrived, the view names the card's new drawing and its SVG has been fetched.
Prints figures, asserts nothing (machines are shared and noisy). The issue's goals: the
first page within 1.5 s, an edit within 0.5 s.
Run: python bench/studio_speed.py [RUNS]
"""

from __future__ import annotations

import json
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

from stamperia.studio.live import Settings, kit_options
from stamperia.studio.run import running


def _get(url: str) -> bytes:
    with urllib.request.urlopen(url, timeout=30) as answer:
        data: bytes = answer.read()
        return data


def first_page(game: str) -> tuple[float, float, float]:
    """Seconds from the start to: listening, the view served, every face served."""
    started = time.perf_counter()
    process = subprocess.Popen([sys.executable, "-m", "stamperia", "studio", game,
                                "--no-browser", "--port", "0"], stdout=subprocess.PIPE,
                               text=True)
    try:
        assert process.stdout is not None
        line = process.stdout.readline()
        listening = time.perf_counter() - started
        url = line.split(" at ", 1)[1].split(" ", 1)[0].rstrip("/")
        _get(url + "/")
        view = json.loads(_get(url + "/api/view"))["view"]
        served = time.perf_counter() - started
        for piece in view["pieces"]:
            _get(f"{url}/svg/face/{view['locale']}/{piece['key']}?d={piece['digest']}")
        return listening, served, time.perf_counter() - started
    finally:
        process.terminate()
        process.wait(10)


FIRST_SCREEN = """() => document.body.dataset.generation !== undefined
  && [...document.querySelectorAll('img.art')].filter(i => {
       const r = i.getBoundingClientRect(); return r.top < innerHeight && r.bottom > 0; })
     .every(i => i.complete && i.naturalWidth > 0)
  && document.querySelectorAll('img.art').length > 0"""


def first_screen(game: str, browser: Any) -> float:
    """Seconds from the start until Chromium shows the first screen, every image drawn."""
    page = browser.new_page(viewport={"width": 1280, "height": 800}, bypass_csp=True)
    started = time.perf_counter()
    process = subprocess.Popen([sys.executable, "-m", "stamperia", "studio", game,
                                "--no-browser", "--port", "0"], stdout=subprocess.PIPE,
                               text=True)
    try:
        assert process.stdout is not None
        line = process.stdout.readline()
        page.goto(line.split(" at ", 1)[1].split(" ", 1)[0])
        page.wait_for_function(FIRST_SCREEN, polling=10, timeout=60_000)
        return time.perf_counter() - started
    finally:
        page.close()
        process.terminate()
        process.wait(10)


def chromium_figures(game: str, runs: int) -> list[float] | None:
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        return None
    if not Path("/usr/bin/chromium").exists():
        return None
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path="/usr/bin/chromium",
            args=["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                  "--disable-component-update", "--disable-sync", "--no-first-run"])
        try:
            return [first_screen(game, browser) for _ in range(runs)]
        finally:
            browser.close()


def edit_reflected(runs: int) -> list[float]:
    with tempfile.TemporaryDirectory() as parent:
        subprocess.run([sys.executable, "-m", "stamperia", "new", f"{parent}/mygame"],
                       check=True, stdout=subprocess.DEVNULL)
        folder = Path(parent, "mygame").resolve()
        csv = folder / "decks" / "actions.csv"
        seconds = []
        with running(Settings(folder, kit_options(None)), (folder,)) as studio:
            events = urllib.request.urlopen(studio.url + "/api/events", timeout=30)
            events.readline()
            events.readline()
            time.sleep(1.0)  # the first check's findings have arrived
            for run in range(runs):
                before = _harbour(studio.url)
                text = csv.read_text(encoding="utf-8")
                started = time.perf_counter()
                csv.write_text(text.replace(",Harbour", f",Harbour {run}", 1)
                               if run == 0 else text.replace(f",Harbour {run - 1}",
                                                             f",Harbour {run}", 1),
                               encoding="utf-8")
                while True:
                    line = events.readline()
                    if line.startswith(b"data:") and _harbour(studio.url) != before:
                        break
                view = json.loads(_get(studio.url + "/api/view"))["view"]
                _get(f"{studio.url}/svg/face/{view['locale']}/card/actions/harbour"
                     f"?d={_harbour(studio.url)}")
                seconds.append(time.perf_counter() - started)
                time.sleep(1.0)  # let the findings of this save arrive before the next
            events.close()
        return seconds


def _harbour(url: str) -> str:
    view = json.loads(_get(url + "/api/view"))["view"]
    return str(next(p["digest"] for p in view["pieces"] if p["key"] == "card/actions/harbour"))


def main() -> None:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    print(f"command: python bench/studio_speed.py {runs}")
    firsts = [first_page("sgrunt") for _ in range(runs)]
    for index, what in enumerate(("listening", "page and view served",
                                  "every face served (first page ready)")):
        figures = [first[index] for first in firsts]
        print(f"sgrunt, start to {what}: median {statistics.median(figures):.2f} s, runs "
              f"{', '.join(f'{s:.2f}' for s in figures)}")
    screens = chromium_figures("sgrunt", runs)
    if screens is None:
        print("sgrunt, start to first screen in Chromium: not measured (no Playwright or "
              "/usr/bin/chromium)")
    else:
        print(f"sgrunt, start to first screen drawn in Chromium: median "
              f"{statistics.median(screens):.2f} s, runs "
              f"{', '.join(f'{s:.2f}' for s in screens)} (goal 1.5 s)")
    edits = edit_reflected(runs)
    print(f"one-card CSV edit reflected (save to new SVG fetched): median "
          f"{statistics.median(edits):.3f} s, runs {', '.join(f'{s:.3f}' for s in edits)}"
          " (goal 0.5 s)")


if __name__ == "__main__":
    main()
