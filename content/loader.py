"""Load a game: parse every file, validate it, check references, return the frozen model.

Problems are collected, never raised one at a time: a designer fixing a file wants the
whole list. Nothing here prints or exits; callers get a Game or ContentProblems.
"""

from __future__ import annotations

from dataclasses import replace

from content import build
from content.document import Document, read_document
from content.errors import ContentError, ContentProblems
from content.locate import display_path, game_folder
from content.model import Game
from content.parts import extra_part_kinds
from content.references import check_references, did_you_mean
from content.schemas import SchemaSet

PART_KINDS = ("board", "factions", "decks", "objectives", "components")


def load_game(name: str) -> Game:
    """The model of a game given by shipped id or folder path; raises ContentProblems."""
    folder = game_folder(name)
    schemas = SchemaSet()
    problems: list[ContentError] = []
    manifest = read_document(folder / "game.json", "game", schemas, problems)
    if manifest is None:
        raise ContentProblems(problems)
    parts: dict[str, Document | None] = {}
    extra_kinds = extra_part_kinds()
    for kind, relative in manifest.data.get("parts", {}).items():
        if kind not in PART_KINDS and kind not in extra_kinds:
            problems.append(manifest.origin(f"/parts/{kind}").error(
                f"unknown part kind {kind!r}",
                did_you_mean(kind, (*PART_KINDS, *extra_kinds)) or
                f"known: {', '.join((*PART_KINDS, *sorted(extra_kinds)))}"))
            continue
        parts[kind] = read_document(folder / relative, kind, schemas, problems,
                                    manifest.origin(f"/parts/{kind}"))
    locales = manifest.data["locales"]
    strings: dict[str, Document | None] = {}
    for locale in (locales["source"], *locales.get("translations", [])):
        strings[locale] = read_document(folder / "strings" / f"{locale}.json", "strings",
                                        schemas, problems, manifest.origin("/locales"))
    if problems:
        raise ContentProblems(problems)
    documents = {k: v for k, v in parts.items() if v is not None}
    extras = {k: extra_kinds[k].build(v) for k, v in documents.items() if k in extra_kinds}
    game = build.game(manifest, documents, extras,
                      {k: v for k, v in strings.items() if v is not None}, display_path(folder))
    problems.extend(check_references(game))
    errors = [p for p in problems if p.severity == "error"]
    if errors:
        raise ContentProblems(problems)
    return replace(game, warnings=tuple(sorted(problems)))
