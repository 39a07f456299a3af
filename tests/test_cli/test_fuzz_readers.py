"""Fuzzing every reader of files from collaborators, through the CLI that reads them.

Each example writes random or mutated bytes into one input of a fresh game (a deck sheet,
a deck workbook, an SVG icon, a raster image, a font) and runs `check`; or into a
translator's catalogue (PO, XLIFF, CSV) and runs `l10n import`; or into a game record and
runs `replay`. Whatever the bytes, the answer is a clean exit (0, 1 or 2) with no traceback
and no internal error, and nothing is written outside the game folder. Marked slow;
STAMPERIA_FUZZ_EXAMPLES sets the examples per reader (100 by default); STAMPERIA_FUZZ_RANDOM=1
draws new examples each run.
"""

from __future__ import annotations

import contextlib
import functools
import os
import tempfile
from pathlib import Path

import pytest
from click.testing import CliRunner
from gamefixtures import CARDS_TEMPLATE, make_game
from hostilecorpus import png_bytes, xlsx_bytes
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from stamperia.cli import cli

EXAMPLES = int(os.environ.get("STAMPERIA_FUZZ_EXAMPLES", "100"))
SAME_EXAMPLES = not os.environ.get("STAMPERIA_FUZZ_RANDOM")
FUZZ = settings(max_examples=EXAMPLES, deadline=None, derandomize=SAME_EXAMPLES,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])

SHEET = (b"id,copies,Title,Cost,Suit,Text,Flavour,Art\nmarket,3,Market,2,plain,Gain.,,\n"
         b'harbour,2,"Harbour, old",3,star,"Draw two.",,art/landscape.png\n')
SVG = (b'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" width="100" '
       b'height="100"><defs><linearGradient id="g"><stop offset="0" stop-color="#f00"/>'
       b'</linearGradient></defs><rect width="100" height="100" fill="url(#g)"/></svg>')
RECORD = (b'{"record_format": 2, "game_id": "splut", "content_hash": "x", "game": 0, '
          b'"seed": 1, "agents": ["random", "random"], "players": 2, "variants": []}\n'
          b'{"game": 0, "setup": {"players": 2, "seats": ["yellow", "red"], '
          b'"move_cap_turns": 400}, "agents": ["random", "random"]}\n'
          b'{"game": 0, "seat": 0, "move": "SD2n"}\n')


@st.composite
def mutated(draw: st.DrawFn, seed: bytes) -> bytes:
    """`seed` with a few bytes replaced, inserted or cut, or wholly random bytes."""
    if draw(st.integers(0, 9)) == 0:
        return draw(st.binary(max_size=400))
    data = bytearray(seed)
    for _ in range(draw(st.integers(1, 6))):
        at = draw(st.integers(0, max(len(data) - 1, 0)))
        action = draw(st.sampled_from(["replace", "insert", "cut", "truncate"]))
        if action == "replace" and data:
            data[at] = draw(st.integers(0, 255))
        elif action == "insert":
            data[at:at] = draw(st.sampled_from(
                [b'"', b",", b"\n", b"\r", b"\x00", b"\xff", b"<g>", b"</", b"&x;", b"{",
                 b"]", b"=", b"\xe2\x80", b"9" * 30, b"../"]))
        elif action == "cut":
            del data[at:at + draw(st.integers(1, 20))]
        else:
            del data[at:]
    return bytes(data)


@functools.cache
def _workbook() -> bytes:
    """Made once: openpyxl stamps the time into a workbook, and the examples must be
    the same bytes each time hypothesis replays them."""
    return xlsx_bytes([["id", "copies", "Title", "Cost", "Suit", "Text", "Flavour", "Art"],
                       ["market", 3, "Market", 2, "plain", "Gain.", None, None]], None, 0)


@functools.cache
def _font_head() -> bytes:
    with tempfile.TemporaryDirectory() as tmp:
        folder = make_game(Path(tmp), [], CARDS_TEMPLATE)
        return (folder / "fonts" / "DejaVuSans-Bold.ttf").read_bytes()[:4000]


def _answered(arguments: list[str], here: Path) -> None:
    outside_before = sorted(p.name for p in here.iterdir())
    result = CliRunner().invoke(cli, arguments)
    assert result.exception is None or isinstance(result.exception, SystemExit), (
        result.output, result.exception)
    assert result.exit_code in (0, 1, 2), result.output
    assert "Traceback" not in result.output and "[X001]" not in result.output
    assert sorted(p.name for p in here.iterdir()) == outside_before


def _game_with(here: Path, name: str, data: bytes) -> Path:
    folder = make_game(here, [], CARDS_TEMPLATE)
    (folder / name).write_bytes(data)
    return folder


@pytest.mark.slow
@FUZZ
@given(st.sampled_from(["decks/actions.csv", "icons/star.svg", "art/landscape.png",
                        "fonts/DejaVuSans-Bold.ttf"]), st.data())
def test_any_bytes_in_a_game_file_are_answered_by_check(name: str, data: st.DataObject
                                                        ) -> None:
    seeds = {"decks/actions.csv": SHEET, "icons/star.svg": SVG,
             "art/landscape.png": png_bytes(40, 30)}
    seed = seeds[name] if name in seeds else _font_head()
    with tempfile.TemporaryDirectory() as tmp:
        here = Path(tmp)
        folder = _game_with(here, name, data.draw(mutated(seed)))
        with contextlib.chdir(here):
            _answered(["check", folder.name, "--no-balance"], here)


@pytest.mark.slow
@FUZZ
@given(st.data())
def test_any_bytes_in_a_deck_workbook_are_answered_by_check(data: st.DataObject) -> None:
    workbook = _workbook()
    with tempfile.TemporaryDirectory() as tmp:
        here = Path(tmp)
        folder = _game_with(here, "decks/actions.xlsx", data.draw(mutated(workbook)))
        cards = (folder / "cards.json").read_text(encoding="utf-8")
        (folder / "cards.json").write_text(cards.replace("decks/actions.csv",
                                                         "decks/actions.xlsx"), encoding="utf-8")
        with contextlib.chdir(here):
            _answered(["check", folder.name, "--no-balance"], here)


@pytest.mark.slow
@FUZZ
@given(st.sampled_from(["po", "xliff", "csv"]), st.data())
def test_any_bytes_in_a_catalogue_are_answered_by_import(kind: str, data: st.DataObject
                                                         ) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        here = Path(tmp)
        folder = make_game(here, [], CARDS_TEMPLATE)
        catalogue = here / f"fr.{'xlf' if kind == 'xliff' else kind}"
        with contextlib.chdir(here):
            exported = CliRunner().invoke(cli, ["l10n", "export", folder.name, "--locale", "fr",
                                                "--format", kind, "--output", catalogue.name])
            assert exported.exit_code == 0, exported.output
            catalogue.write_bytes(data.draw(mutated(catalogue.read_bytes()[:3000])))
            _answered(["l10n", "import", folder.name, catalogue.name], here)


@pytest.mark.slow
@FUZZ
@given(st.data())
def test_any_bytes_in_a_record_are_answered_by_replay(data: st.DataObject) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        here = Path(tmp)
        (here / "r.jsonl").write_bytes(data.draw(mutated(RECORD)))
        with contextlib.chdir(here):
            _answered(["replay", "splut", "r.jsonl"], here)
