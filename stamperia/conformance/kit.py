"""A plug-in's kit builds without error and gives the same bytes every time.

The second build loads the game again; asked, it runs in a child interpreter with another
string-hash seed, where a kit that iterates a set of strings draws in another order.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from stamperia.conformance.failure import fail, listed
from stamperia.conformance.processes import child_environment, run_stamperia

FORMATS = ("pdf", "svg")
OTHER_HASH_SEED = "4242"


def _silent(_line: str) -> None:
    """No progress or waiting messages."""


def build_once(game: str, out: Path, formats: Sequence[str], locale: str) -> None:
    """`stamperia build GAME --out OUT` with the command's default print options, here."""
    from stamperia.building.kit import BuildFailed, build, choose_locales, parse_options
    from stamperia.building.outputfolder import locked
    from stamperia.building.printoptions import print_options
    from stamperia.content.errors import ContentProblems
    from stamperia.content.loader import load_game
    from stamperia.rules.ruleset import ToolUsage

    try:
        loaded = load_game(game)
        options = print_options(parse_options("a4", "poker", "long"), None, "0,0", "rgb")
        with locked(out, _silent) as folder:
            build(loaded, choose_locales(loaded, locale), options, tuple(formats), folder,
                  _silent)
    except ContentProblems as problems:
        fail(f"stamperia build {game}: content problems:\n{listed(problems.problems)}")
    except (BuildFailed, ToolUsage) as error:
        fail(f"stamperia build {game}: {error}")


def _files(folder: Path) -> dict[str, bytes]:
    """Every file under `folder` by relative path (the output's lock file left out)."""
    return {path.relative_to(folder).as_posix(): path.read_bytes()
            for path in sorted(folder.rglob("*"))
            if path.is_file() and not path.name.startswith(".")}


def check_kit(game: str, work: Path, formats: Sequence[str] = FORMATS,
              locale: str = "source", fresh_process: bool = False) -> tuple[str, ...]:
    """Build the kit twice into `work`; every format gives files and both builds give the
    same files, byte for byte. Returns the files of one build."""
    first, second = work / "first", work / "second"
    build_once(game, first, formats, locale)
    if fresh_process:
        from stamperia.content.locate import game_folder

        folder = str(game_folder(game).resolve())  # the child runs in `work`
        run_stamperia(["build", folder, "--out", str(second), "--format", ",".join(formats),
                       "--locale", locale], child_environment(hash_seed=OTHER_HASH_SEED),
                      work)
    else:
        build_once(game, second, formats, locale)
    built, again = _files(first), _files(second)
    for fmt in formats:
        if not any(name.endswith(f".{fmt}") for name in built):
            fail(f"stamperia build {game} --format {fmt} wrote no .{fmt} file")
    if sorted(built) != sorted(again):
        fail(f"two builds of {game} wrote different files: "
             f"{sorted(set(built) ^ set(again))}")
    differing = [name for name in built if built[name] != again[name]]
    if differing:
        fail(f"two builds of {game} gave different bytes in {', '.join(differing)}: the "
             "kit must draw the same from the same content (no set order, clock or "
             "unseeded randomness)")
    return tuple(built)
