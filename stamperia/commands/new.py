"""`stamperia new NAME`: a small working game folder to start from.

The templates are package data (stamperia/templates/<template>/, one folder each, so this
module names none and a new template is a new folder). A template that is a shipped game
holds only its README and `shipped.json` naming the game: the game's files are taken from
the shipped game itself when `new` runs (stamperia.fromgame), so there is one source and no
copy to drift; a template of its own (a game no shipped game is) holds its files. The game
folder gets copies of the
schemas its files name, so `"$schema"` resolves from the folder itself, offline and in any
editor, and stays the version of stamperia that wrote it; the games whose theme names
fonts get the bundled DejaVu with its licence, and the one raster artwork a template may
use is drawn here with Pillow, so the repository holds no binary art. Everything is
written into a hidden sibling folder first and renamed into place, so a failure leaves
nothing half-written.
"""

from __future__ import annotations

import json
import re
import shutil
from importlib.resources import files
from importlib.resources.abc import Traversable
from pathlib import Path

import click

from stamperia.content.guards import control_characters
from stamperia.content.validation.schemas import schema_text
from stamperia.fromgame import DESCRIPTOR, TemplateSourceError, copy_shipped, source_game
from stamperia.machine import reason

NAME = re.compile(r"^[a-z][a-z0-9_]{0,63}$")
SCHEMA_NAME = re.compile(r"(?:^|/)schemas/([a-z][a-z0-9_]*)\.schema\.json$")
FONT_FILES = ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf", "DejaVuSans-Oblique.ttf",
              "LICENSE-DejaVu.txt")
TEXT_SUFFIXES = (".json", ".md", ".csv", ".svg")


def templates() -> tuple[str, ...]:
    """The template names: the folders of stamperia/templates/, so a new template is a new
    folder and no code changes."""
    root = files("stamperia") / "templates"
    return tuple(sorted(entry.name for entry in root.iterdir()
                        if entry.is_dir() and not entry.name.startswith(("_", "."))))


def named_schemas(folder: Path) -> list[str]:
    """The schema kinds the folder's JSON files name in `"$schema"`: exactly the schemas
    to write beside them, whatever the template."""
    kinds: set[str] = set()
    for path in sorted(folder.rglob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        named = data.get("$schema") if isinstance(data, dict) else None
        match = SCHEMA_NAME.search(named) if isinstance(named, str) else None
        if match:
            kinds.add(match.group(1))
    return sorted(kinds)


def _copy(source: Traversable, target: Path, values: dict[str, str]) -> None:
    for entry in sorted(source.iterdir(), key=lambda e: e.name):
        if entry.name == DESCRIPTOR:
            continue
        if entry.is_dir():
            (target / entry.name).mkdir()
            _copy(entry, target / entry.name, values)
        elif entry.name.endswith(TEXT_SUFFIXES):
            text = entry.read_text(encoding="utf-8")
            for key, value in values.items():
                # Inside a JSON string a quote or backslash of the value is escaped, so a
                # publisher named `"Rossi" & figli` still makes valid JSON.
                shown = json.dumps(value)[1:-1] if entry.name.endswith(".json") else value
                text = text.replace("{{" + key + "}}", shown)
            (target / entry.name).write_text(text, encoding="utf-8")


def landscape_png(path: Path) -> None:
    """An original 900x600 artwork (hills, sea and sun in flat colours): enough pixels for
    300 dpi on the card's art window, and a few kilobytes, always the same bytes."""
    from PIL import Image, ImageDraw

    image = Image.new("RGB", (900, 600), "#9cc7e4")
    draw = ImageDraw.Draw(image)
    for band, colour in enumerate(("#b4d5ea", "#c9e1ef", "#dcebf4")):
        draw.rectangle((0, 60 + band * 70, 900, 130 + band * 70), fill=colour)
    draw.ellipse((640, 70, 780, 210), fill="#f2c14e")
    draw.polygon([(0, 420), (180, 250), (380, 420)], fill="#5f8f55")
    draw.polygon([(220, 430), (470, 200), (720, 430)], fill="#3e6b3a")
    draw.polygon([(560, 440), (760, 300), (900, 400), (900, 440)], fill="#4f7d47")
    draw.rectangle((0, 420, 900, 600), fill="#2f5d8a")
    for row in range(5):
        y = 450 + row * 30
        for x in range(20 + (row % 2) * 40, 900, 80):
            draw.arc((x, y, x + 40, y + 16), 200, 340, fill="#dcebf4", width=4)
    image.save(path, format="PNG", optimize=True)


def _names(folder: Path, reference: str) -> bool:
    """Whether a file of the template names `reference`: the bundled fonts and the drawn
    artwork go only into the games whose files use them."""
    return any(reference in path.read_text(encoding="utf-8")
               for path in folder.rglob("*") if path.name.endswith(TEXT_SUFFIXES))


def write_game(folder: Path, template: str, publisher: str) -> None:
    """The template's game in `folder` (which must not exist), written all or nothing."""
    staging = folder.with_name(f".{folder.name}.new")
    shutil.rmtree(staging, ignore_errors=True)
    try:
        staging.mkdir(parents=True)
        title = folder.name.replace("_", " ").title()
        values = {"id": folder.name, "title": title, "publisher": publisher}
        source = files("stamperia") / "templates" / template
        shipped = source_game(source)
        if shipped is not None:
            copy_shipped(shipped, staging, values)
        _copy(source, staging, values)
        kinds = named_schemas(staging)
        (staging / "schemas").mkdir()
        for kind in kinds:
            (staging / "schemas" / f"{kind}.schema.json").write_text(schema_text(kind),
                                                                     encoding="utf-8")
        if _names(staging, "fonts/"):
            (staging / "fonts").mkdir()
            fonts = files("stamperia.generator") / "fonts"
            for name in FONT_FILES:
                (staging / "fonts" / name).write_bytes((fonts / name).read_bytes())
        if _names(staging, "art/landscape.png"):
            (staging / "art").mkdir(exist_ok=True)
            landscape_png(staging / "art" / "landscape.png")
        staging.rename(folder)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise


@click.command("new")
@click.argument("name")
@click.option("--template", default="cards", show_default=True,
              help="The kind of game to start from: a ruleset id, one of "
                   f"{', '.join(templates())}. Each is a small game of that ruleset that "
                   "checks and builds at once, with a README of its files and main moves.")
@click.option("--publisher", default="a publisher", show_default=True,
              help="The publisher named in game.json and the PDFs.")
def new(name: str, template: str, publisher: str) -> None:
    """Write a small working game folder NAME (a new folder) that checks and builds at once.

    NAME is a path; its last part becomes the game id (lowercase letters, digits, _).
    """
    folder = Path(name)
    if not NAME.match(folder.name):
        raise click.BadParameter(f"{folder.name!r} is not a game id: use lowercase letters, "
                                 "digits and _, starting with a letter", param_hint="NAME")
    refused = next(control_characters(publisher), None)
    if refused is not None:  # the game written would fail its own check (F004)
        raise click.BadParameter(f"{refused[1]}: only newline and tab may appear in a text",
                                 param_hint="--publisher")
    known = templates()
    if template not in known:
        from stamperia.content.rulesets.registry import plugins

        if template in plugins():
            raise click.BadParameter(f"the {template!r} ruleset has no template: choose from "
                                     f"{', '.join(known)}, or copy a game folder of that "
                                     "ruleset", param_hint="--template")
        raise click.BadParameter(f"{template!r} is no template: choose from "
                                 f"{', '.join(known)}", param_hint="--template")
    if folder.exists():
        raise click.UsageError(f"{name} already exists: choose a new folder name "
                               "(stamperia new never overwrites)")
    try:
        write_game(folder, template, publisher)
    except OSError as error:
        raise click.ClickException(f"cannot write {name}: {reason(error)}") from None
    except TemplateSourceError as error:
        raise click.ClickException(f"the {template!r} template is broken in this "
                                   f"installation: {error}; reinstall stamperia") from None
    click.echo(f"wrote {name}/ from the {template!r} template")
    click.echo(f"next: stamperia check {name} && stamperia build {name}")
