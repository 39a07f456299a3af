"""Load a game: parse every file, validate it, check references, return the frozen model.

Problems are collected, never raised one at a time: a designer fixing a file wants the
whole list. Nothing here prints or exits; callers get a Game or ContentProblems.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from stamperia.content import build
from stamperia.content.editions.overrides import Override, apply_overrides
from stamperia.content.editions.resolve import resolve_edition
from stamperia.content.errors import ContentError, ContentProblems, missed_check
from stamperia.content.findings import UNKNOWN_RULESET
from stamperia.content.locate import display_path, game_folder
from stamperia.content.model import Game
from stamperia.content.parts import Part
from stamperia.content.references import check_references
from stamperia.content.rulesets.registry import plugin, plugins
from stamperia.content.validation.document import validate_document
from stamperia.content.validation.schemas import SchemaSet


def load_game(name: str, overrides: Sequence[Override] = ()) -> Game:
    """The model of a game given by shipped id or folder path; raises ContentProblems.

    An edition that extends another is resolved first (content.editions.resolve): every document
    is the parent's with the child's overrides merged in, validated after the merge.
    `overrides` (what-if values, content.editions.overrides) are set in memory before validation.
    """
    folder = game_folder(name)
    schemas = SchemaSet()
    problems: list[ContentError] = []
    known_kinds = tuple(dict.fromkeys(k for p in plugins().values() for k in p.part_kinds))
    edition = resolve_edition(folder, schemas, problems, known_kinds)
    if edition is None:
        raise ContentProblems(sorted(set(problems)))
    if overrides:
        manifest, changed = apply_overrides(edition.manifest, edition.parts, overrides,
                                            problems)
        if validate_document(manifest, "game", schemas, problems) is not None:
            edition = replace(edition, manifest=manifest, parts=changed)
        if problems:
            raise ContentProblems(sorted(set(problems)))
    parts = {kind: validate_document(doc, kind, schemas, problems)
             for kind, doc in edition.parts.items()}
    strings = {locale: validate_document(doc, "strings", schemas, problems)
               for locale, doc in edition.strings.items()}
    if problems:
        raise ContentProblems(sorted(set(problems)))
    documents = {k: v for k, v in parts.items() if v is not None}
    ruleset = plugin(str(edition.manifest.data.get("ruleset")))
    if ruleset is None:
        known = ", ".join(sorted(plugins()))
        raise ContentProblems([edition.manifest.origin("/ruleset").error(
            f"unknown ruleset {edition.manifest.data.get('ruleset')!r}",
            f"known: {known}; a ruleset from another package must be installed",
            kind=UNKNOWN_RULESET)])
    try:
        game_parts: tuple[Part, ...] = ruleset.build(edition.manifest, documents)
    except Exception as error:  # noqa: BLE001 - a plug-in's builder must not crash a check
        raise ContentProblems([missed_check(
            edition.manifest.origin("/parts"),
            f"the {ruleset.id} ruleset could not build its parts from this content",
            error)]) from error
    game = build.game(edition.manifest, game_parts, documents,
                      {k: v for k, v in strings.items() if v is not None}, display_path(folder))
    try:
        problems.extend(check_references(game))
    except Exception as error:  # noqa: BLE001 - same contract as the builder above
        raise ContentProblems([missed_check(
            edition.manifest.origin("/parts"),
            "the references of this content could not be checked", error)]) from error
    errors = [p for p in problems if p.severity == "error"]
    if errors:
        raise ContentProblems(problems)
    return replace(game, warnings=tuple(sorted(problems)))
