"""Resolve an edition folder into its documents, following `"extends"` to the parent.

A plain edition is its own files. An edition that extends another is the parent's resolved
documents with the child's files merged over them (content.editions.merge): its manifest, each part
the child names, and each locale whose strings file the child has. The result is raw:
parts and strings are validated by the loader, after the merge, so an error lands on the
file that holds the offending value.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from stamperia.content.editions.merge import merge_documents
from stamperia.content.errors import ContentError, pointer_escape
from stamperia.content.findings import BAD_EXTENDS, EDITION_PART, PATH_OUTSIDE
from stamperia.content.guards import inside
from stamperia.content.locate import games_root, shipped_games
from stamperia.content.references import did_you_mean
from stamperia.content.validation.document import Document, parse_document, validate_document
from stamperia.content.validation.schemas import SchemaSet


@dataclass(frozen=True)
class Edition:
    """The documents of one edition, inheritance resolved (parts and strings unvalidated)."""

    folder: Path
    manifest: Document
    parts: dict[str, Document]
    strings: dict[str, Document]


def resolve_edition(folder: Path, schemas: SchemaSet, problems: list[ContentError],
                    known_kinds: Iterable[str]) -> Edition | None:
    """The edition in `folder`; None (with the problems added) when it cannot be read."""
    return _Resolver(schemas, problems, tuple(known_kinds)).resolve(folder, ())


def parent_folder(folder: Path, name: str) -> Path | None:
    """The folder an `"extends"` value names: a folder relative to this one, or a shipped id.

    A relative folder must stay among this game's siblings (inside the folder that holds
    it): an edition names its parent, it does not reach elsewhere on the disk.
    """
    candidate = folder / name
    if ((candidate / "game.json").is_file()
            and inside(folder.resolve().parent, str(candidate.resolve())) is not None):
        return candidate
    if name in shipped_games():
        return games_root() / name
    return None


def _sibling_games(folder: Path) -> list[str]:
    """`../<name>` for the game folders next to this one: what a relative extends names."""
    return [f"../{p.name}" for p in sorted(folder.parent.iterdir())
            if p != folder and (p / "game.json").is_file()]


def _locale_pointer(manifest: Document, locale: str) -> str:
    locales = manifest.data["locales"]
    if locales["source"] == locale:
        return "/locales/source"
    return f"/locales/translations/{locales.get('translations', []).index(locale)}"


class _Resolver:
    def __init__(self, schemas: SchemaSet, problems: list[ContentError],
                 known_kinds: tuple[str, ...]) -> None:
        self.schemas = schemas
        self.problems = problems
        self.known_kinds = known_kinds

    def resolve(self, folder: Path, chain: tuple[tuple[Path, str], ...]) -> Edition | None:
        raw = parse_document(folder / "game.json", self.problems)
        if raw is None:
            return None
        extends = raw.data.get("extends") if isinstance(raw.data, dict) else None
        if not isinstance(extends, str):
            return self._plain(folder, raw)
        parent_at = parent_folder(folder, extends)
        if parent_at is None:
            self.problems.append(raw.origin("/extends").error(
                f"extends an unknown edition {extends!r}",
                did_you_mean(extends, (*shipped_games(), *_sibling_games(folder))) or
                "give a shipped game id or the path of a folder that holds a game.json, "
                "relative to this one", kind=BAD_EXTENDS))
            return None
        here = (*chain, (folder.resolve(), raw.name))
        seen = [path for path, _ in here]
        if parent_at.resolve() in seen:
            cycle = [name for _, name in here[seen.index(parent_at.resolve()):]]
            self.problems.append(raw.origin("/extends").error(
                "editions extend each other in a cycle: "
                + " -> ".join((*cycle, cycle[0])),
                "an edition cannot extend itself, directly or through another",
                kind=BAD_EXTENDS))
            return None
        parent = self.resolve(parent_at, here)
        if parent is None:
            return None
        if "id" not in raw.data:
            self.problems.append(raw.origin().error(
                "an edition that extends another must state its own \"id\"",
                "add \"id\": the folder name", kind=BAD_EXTENDS))
            return None
        manifest = validate_document(merge_documents(parent.manifest, raw, self.problems),
                                     "game", self.schemas, self.problems)
        if manifest is None:
            return None
        named = raw.data.get("parts")
        own_parts = named if isinstance(named, dict) else {}
        parts: dict[str, Document] = {}
        for kind in self._kinds(manifest):
            relative = own_parts.get(kind)
            if not isinstance(relative, str):
                if kind in parent.parts:
                    parts[kind] = parent.parts[kind]
                continue
            doc = self._part(folder, relative, manifest, kind)
            if doc is not None:
                parts[kind] = (merge_documents(parent.parts[kind], doc, self.problems)
                               if kind in parent.parts else doc)
        strings: dict[str, Document] = {}
        for locale in self._locales(manifest):
            path = folder / "strings" / f"{locale}.json"
            if not path.is_file():
                if locale in parent.strings:
                    strings[locale] = parent.strings[locale]
                elif locale not in self._locales(parent.manifest):
                    self.problems.append(manifest.origin(_locale_pointer(manifest, locale)).error(
                        f"no {locale!r} strings: the parent edition {extends!r} has none and "
                        f"this edition has no strings/{locale}.json",
                        f"create strings/{locale}.json with every text, or drop the locale",
                        kind=EDITION_PART))
                continue
            doc = self._strings(folder, locale, manifest)
            if doc is not None:
                strings[locale] = (merge_documents(parent.strings[locale], doc, self.problems)
                                   if locale in parent.strings else doc)
        return Edition(folder, manifest, parts, strings)

    def _plain(self, folder: Path, raw: Document) -> Edition | None:
        manifest = validate_document(raw, "game", self.schemas, self.problems)
        if manifest is None:
            return None
        parts: dict[str, Document] = {}
        for kind in self._kinds(manifest):
            doc = self._part(folder, manifest.data["parts"][kind], manifest, kind)
            if doc is not None:
                parts[kind] = doc
        strings: dict[str, Document] = {}
        for locale in self._locales(manifest):
            doc = self._strings(folder, locale, manifest)
            if doc is not None:
                strings[locale] = doc
        return Edition(folder, manifest, parts, strings)

    def _part(self, folder: Path, relative: str, manifest: Document,
              kind: str) -> Document | None:
        """The part file, read only when its path (symlinks resolved) stays in the folder."""
        named_by = manifest.origin(f"/parts/{pointer_escape(kind)}")
        path = inside(folder, relative)
        if path is None:
            self.problems.append(named_by.error(
                f"the part file {relative!r} is outside the game folder",
                "keep every file of a game inside its folder (no '..', no symlink out)",
                kind=PATH_OUTSIDE))
            return None
        return parse_document(path, self.problems, named_by)

    def _strings(self, folder: Path, locale: str, manifest: Document) -> Document | None:
        relative = f"strings/{locale}.json"
        named_by = manifest.origin("/locales")
        path = inside(folder, relative)
        if path is None:
            self.problems.append(named_by.error(
                f"{relative} is a link to a file outside the game folder",
                "keep every file of a game inside its folder (no symlink out)",
                kind=PATH_OUTSIDE))
            return None
        return parse_document(path, self.problems, named_by)

    def _kinds(self, manifest: Document) -> list[str]:
        """The part kinds the manifest names; unknown kinds are reported and skipped."""
        kinds = []
        for kind in manifest.data.get("parts", {}):
            if kind in self.known_kinds:
                kinds.append(kind)
                continue
            self.problems.append(manifest.origin(f"/parts/{pointer_escape(kind)}").error(
                f"unknown part kind {kind!r}",
                did_you_mean(kind, self.known_kinds) or
                f"known: {', '.join(self.known_kinds)}", kind=EDITION_PART))
        return kinds

    @staticmethod
    def _locales(manifest: Document) -> list[str]:
        locales = manifest.data["locales"]
        return [locales["source"], *locales.get("translations", [])]
