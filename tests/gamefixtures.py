"""Test helpers: copy a game (the tiny fixture and its variant, or a shipped game) and apply
a broken case's edits."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

FIXTURES = Path(__file__).parent / "fixtures"
TINY = FIXTURES / "tiny"
SHIPPED = Path(__file__).parents[1] / "content" / "games"


def _walk(data: Any, pointer: str) -> tuple[Any, str]:
    """The container holding the last token of `pointer`, and that token."""
    tokens = pointer.lstrip("/").split("/")
    for token in tokens[:-1]:
        data = data[int(token)] if isinstance(data, list) else data[token]
    return data, tokens[-1]


def apply_edit(folder: Path, edit: dict[str, Any]) -> None:
    """One edit of a case: a JSON edit at a pointer, a text replacement, or a raw file."""
    path = folder / edit["file"]
    if edit["op"] == "write":
        path.parent.mkdir(parents=True, exist_ok=True)
        text = edit["text"] * edit.get("repeat", 1)
        path.write_bytes(text.encode("utf-8", "surrogatepass"))
        return
    if edit["op"] == "remove_file":
        path.unlink()
        return
    if edit["op"] == "symlink":
        path.unlink(missing_ok=True)
        path.symlink_to(folder / edit["target"])
        return
    if edit["op"] == "text":
        text = path.read_text(encoding="utf-8")
        assert edit["old"] in text, edit
        path.write_text(text.replace(edit["old"], edit["new"], 1), encoding="utf-8")
        return
    data = json.loads(path.read_text(encoding="utf-8"))
    container, token = _walk(data, edit["pointer"])
    key: Any = int(token) if isinstance(container, list) and token != "-" else token
    if edit["op"] == "set":
        container[key] = edit["value"]
    elif edit["op"] == "remove":
        del container[key]
    elif edit["op"] == "append":
        container[key].append(edit["value"])
    elif edit["op"] == "rename":
        container[edit["value"]] = container.pop(key)
    else:
        raise ValueError(edit["op"])
    path.write_text(json.dumps(data, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")


CARDS_TEMPLATE = "cards_template"
"""The game `stamperia new --template cards` writes, as a fixture game id."""


def make_game(tmp_path: Path, edits: list[dict[str, Any]] = (),  # type: ignore[assignment]
              game: str = "tiny") -> Path:
    """Copies of the tiny game and of its variant (which extends it) under tmp_path, with
    the edits applied to the files of `game`; returns that game's folder.

    `game` may also be "cards_template" (the folder `stamperia new` writes) or a shipped
    game id: that game's folder is copied as it ships (an
    edition extending another still extends the shipped parent).
    """
    if game == CARDS_TEMPLATE:
        from stamperia.commands.new import write_game

        folder = tmp_path / game
        write_game(folder, "cards", "a publisher")
        for edit in edits:
            apply_edit(folder, edit)
        return folder
    if (SHIPPED / game / "game.json").is_file():
        folder = tmp_path / game
        shutil.copytree(SHIPPED / game, folder)
        for edit in edits:
            apply_edit(folder, edit)
        return folder
    schemas = Path(__file__).parents[1] / "content" / "schemas"
    for name in ("tiny", "tiny_variant"):
        folder = tmp_path / name
        shutil.copytree(FIXTURES / name, folder)
        for path in folder.rglob("*.json"):
            text = path.read_text(encoding="utf-8")
            depth = len(path.relative_to(folder).parts)
            fixed = text.replace("../" * (depth + 2) + "content/schemas/", schemas.as_uri() + "/")
            path.write_text(fixed, encoding="utf-8")
    folder = tmp_path / game
    for edit in edits:
        apply_edit(folder, edit)
    return folder


def workbook_deck(folder: Path, rows: list[list[object]]) -> Path:
    """The cards template's first deck read from decks/actions.xlsx holding the template's
    header row and `rows`; the workbook's path."""
    from openpyxl import Workbook

    book = Workbook()
    book.active.append(["id", "copies", "Title", "Cost", "Text", "Suit", "Art", "Flavour"])
    for row in rows:
        book.active.append(row)
    path = folder / "decks" / "actions.xlsx"
    book.save(path)
    cards = json.loads((folder / "cards.json").read_text(encoding="utf-8"))
    cards["decks"][0]["source"]["file"] = "decks/actions.xlsx"
    (folder / "cards.json").write_text(json.dumps(cards, indent=2), encoding="utf-8")
    return path


def new_game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """`stamperia new my_game` in tmp_path, made the working folder so `my_game` names the
    game (the monkeypatch undoes the change of folder after the test)."""
    from click.testing import CliRunner

    from stamperia.cli import cli

    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(cli, ["new", "my_game"])
    assert result.exit_code == 0, result.output
    return tmp_path / "my_game"


def add_italian_strings(folder: Path) -> Path:
    """An Italian translation of a new game's strings (its events deck named "Eventi"), not
    of its cards: what a translator's first pass leaves."""
    manifest = json.loads((folder / "game.json").read_text(encoding="utf-8"))
    manifest["locales"] = {"source": "en", "translations": ["it"]}
    (folder / "game.json").write_text(json.dumps(manifest), encoding="utf-8")
    strings = json.loads((folder / "strings" / "en.json").read_text(encoding="utf-8"))
    strings["deck"]["events"]["name"] = "Eventi"
    (folder / "strings" / "it.json").write_text(json.dumps(strings), encoding="utf-8")
    return folder
