"""Import a translator's catalogue into a game: check it whole, then write strings/LL.json
(and the locale into game.json) atomically, or write nothing and say every problem."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from stamperia.content.editions.trace import FileLocator
from stamperia.content.errors import ContentError, ContentProblems
from stamperia.content.findings import STALE_TRANSLATION
from stamperia.content.guards import (
    OutsideFolder,
    control_characters,
    inside,
    join_inside,
    read_text,
    too_large,
)
from stamperia.content.l10n.csvfile import read_csv
from stamperia.content.l10n.export import catalogue_sources, kit_default
from stamperia.content.l10n.locales import locale_problem
from stamperia.content.l10n.model import (
    KIT_PREFIX,
    CatalogueSyntaxError,
    KitWords,
    ReadCatalogue,
    ReadEntry,
    placeholders,
    source_hash,
)
from stamperia.content.l10n.po import read_po
from stamperia.content.l10n.stringsfile import add_locale, render_strings, replace_files
from stamperia.content.l10n.xliff import read_xliff
from stamperia.content.model import Game
from stamperia.content.references import did_you_mean
from stamperia.content.validation.schemas import SchemaSet
from stamperia.content.validation.sourcemap import parse

READERS: dict[str, Callable[[str, str], ReadCatalogue]] = {
    "po": read_po, "xliff": read_xliff, "csv": read_csv}
EXTENSIONS = {".po": "po", ".xlf": "xliff", ".xliff": "xliff", ".csv": "csv"}


@dataclass(frozen=True)
class ImportResult:
    """What an import wrote: the locale, its counts, and the files changed."""

    locale: str
    translated: int
    fuzzy: int
    written: tuple[Path, ...]
    stale: tuple[ContentError, ...] = ()
    """Warnings: entries translated from another source text than the game's."""


def read_catalogue(path: Path, shown: str, kind: str) -> ReadCatalogue:
    """Parse the file as `kind` (po, xliff, csv); its syntax errors as ContentProblems."""
    oversized = too_large(path, shown)
    if oversized is not None:
        raise ContentProblems([oversized])
    try:
        text = read_text(path)
    except UnicodeDecodeError as error:
        raise ContentProblems([ContentError(shown, 1, "", f"cannot read the file: {error}",
                                            "save it as UTF-8 text")]) from None
    except OSError as error:  # a pipe, a device, a file the user may not read
        raise ContentProblems([ContentError(
            shown, 1, "", f"cannot read the file: {(error.strerror or str(error)).lower()}",
            "give a catalogue file you may read")]) from None
    try:
        return READERS[kind](text, shown)
    except CatalogueSyntaxError as error:
        raise ContentProblems([ContentError(
            shown, error.line, "", f"the {kind} file does not parse: {error.message}",
            "fix the syntax (a catalogue editor shows where) or export a fresh one")]) from None


def import_catalogue(game: Game, folder: Path, catalogue: ReadCatalogue,
                     kit: KitWords) -> ImportResult:
    """Check the catalogue against the game and write it; ContentProblems, with nothing
    written, when any entry or the header is wrong."""
    locale = _checked_header(game, catalogue)
    sources = catalogue_sources(game, kit)
    entries = _checked_entries(catalogue, sources)
    existing = _existing(folder, locale)
    own_kit = {k for k in game.strings[game.source_locale].texts if k.startswith(KIT_PREFIX)}
    texts: list[tuple[str, str]] = []
    hashes: dict[str, str] = {}
    fuzzy: list[str] = []
    stale: list[ContentError] = []
    for key in sources:
        entry = entries.get(key)
        if entry is None or not entry.translation:
            continue
        if entry.source != sources[key]:
            stale.append(_stale(catalogue.file, entry))
        if (key.startswith(KIT_PREFIX) and key not in own_kit and not entry.fuzzy
                and entry.translation == kit_default(kit, locale, key)
                and key not in existing.get("$source_hashes", {})):
            continue  # the package's own default: nothing for the game to keep
        texts.append((key, entry.translation))
        hashes[key] = source_hash(entry.source)
        if entry.fuzzy:
            fuzzy.append(key)
    special: dict[str, Any] = {
        "$schema": existing.get("$schema") or _schema_reference(game),
        "$same_as_source": existing.get("$same_as_source"),
        "$comments": existing.get("$comments"),
        "$fuzzy": fuzzy, "$source_hashes": hashes}
    text = render_strings(special, texts)
    try:
        strings_path = join_inside(folder, "strings", f"{locale}.json")
    except OutsideFolder as error:
        raise ContentProblems([ContentError(catalogue.file, 1, "", str(error),
                                            "name the locale by its BCP 47 tag, e.g. fr or pt-BR")
                               ]) from None
    _validate(text, strings_path, catalogue.file, entries)
    contents = {strings_path: text}
    if locale not in game.locales:
        manifest_path = folder / "game.json"
        manifest = add_locale(manifest_path.read_text(encoding="utf-8"), locale)
        if manifest is None:
            raise ContentProblems([ContentError(
                str(manifest_path), 1, "/locales",
                f"cannot add {locale!r}: the manifest states no locales of its own",
                f"add \"locales\": {{\"source\": ..., \"translations\": [\"{locale}\"]}}")])
        contents[manifest_path] = manifest
    replace_files(contents)
    return ImportResult(locale, len(texts), len(fuzzy), tuple(contents), tuple(stale))


def _stale(shown: str, entry: ReadEntry) -> ContentError:
    """An entry whose source (msgid) is not the game's: the source changed since the
    export, or the msgid was edited. It is imported with the hash of the source it
    translates, so `check` keeps reporting it until it is reviewed."""
    return ContentError(
        shown, entry.line, "/" + entry.key.replace(".", "/"),
        f"the catalogue's source text of {entry.key!r} is not the game's: imported, "
        "marked stale", "review it against the game's source, or export a fresh catalogue "
        "and translate it there", severity="warning", code=STALE_TRANSLATION.code)


def _checked_header(game: Game, catalogue: ReadCatalogue) -> str:
    at = catalogue.header_line
    if catalogue.edition != game.id:
        raise ContentProblems([ContentError(
            catalogue.file, at, "",
            f"this catalogue is for {catalogue.edition!r}, not {game.id!r}"
            if catalogue.edition else "this catalogue does not name the game it translates",
            f"import it into {catalogue.edition}, or export a catalogue of {game.id}"
            if catalogue.edition else f"export a catalogue with `stamperia l10n export "
            f"{game.id}`: its header names the game")])
    locale = catalogue.locale or ""
    problem = locale_problem(locale) if locale else "the catalogue names no target locale"
    if problem is None and locale == game.source_locale:
        problem = f"{locale!r} is the source locale of {game.id}: nothing to translate into"
    if problem is not None:
        raise ContentProblems([ContentError(catalogue.file, at, "", problem,
                                            "set the catalogue's target language")])
    return locale


MAX_PROBLEMS = 100
"""Problems an import lists one by one: a catalogue of another game has thousands of
unknown keys, and each suggestion is a fuzzy search (150,000 took 253 s)."""


def _checked_entries(catalogue: ReadCatalogue,
                     sources: dict[str, str]) -> dict[str, ReadEntry]:
    problems: list[ContentError] = []
    unreported = 0
    found: dict[str, ReadEntry] = {}
    for entry in catalogue.entries:
        pointer = "/" + entry.key.replace(".", "/")
        if entry.key not in sources:
            if len(problems) < MAX_PROBLEMS:  # a suggestion costs a fuzzy search
                problems.append(ContentError(
                    catalogue.file, entry.line, pointer, f"unknown key {entry.key[:80]!r}",
                    did_you_mean(entry.key, sources) or "remove the entry: the game prints "
                    "no such text"))
            else:
                unreported += 1
            continue
        if entry.key in found:
            problems.append(ContentError(
                catalogue.file, entry.line, pointer, f"duplicate entry for {entry.key!r}",
                f"keep one: the first is at line {found[entry.key].line}"))
            continue
        found[entry.key] = entry
        refused = next(control_characters(entry.translation), None)
        if refused is not None:  # `check` refuses it in the strings file: never write it
            problems.append(ContentError(
                catalogue.file, entry.line, pointer,
                f"the translation of {entry.key!r} {refused[1].removeprefix('the text ')}",
                "remove the character: printed texts hold letters, spaces and line breaks"))
            continue
        wanted, given = placeholders(sources[entry.key]), placeholders(entry.translation)
        if entry.translation and wanted != given:
            missing = ", ".join(sorted(wanted - given)) or "none"
            extra = ", ".join(sorted(given - wanted)) or "none"
            problems.append(ContentError(
                catalogue.file, entry.line, pointer,
                f"the translation of {entry.key!r} has other placeholders than the source "
                f"(missing: {missing}; not in the source: {extra})",
                "keep every {...} of the source exactly as written"))
    problems += _untranslated(catalogue, sources, found)
    if len(problems) > MAX_PROBLEMS:
        unreported += len(problems) - MAX_PROBLEMS
        problems = problems[:MAX_PROBLEMS]
    if unreported:
        problems.append(ContentError(
            catalogue.file, problems[-1].line, "", f"and {unreported:,} more problem(s) "
            "not listed", "is this the catalogue of this game? export a fresh one"))
    if problems:
        raise ContentProblems(problems)
    return found


def _untranslated(catalogue: ReadCatalogue, sources: dict[str, str],
                  found: dict[str, ReadEntry]) -> list[ContentError]:
    """Game texts the catalogue leaves without a translation: every locale of a game holds
    every text (only the kit's words may fall back to the package's or the source's)."""
    problems = []
    for key in sources:
        if key.startswith(KIT_PREFIX):
            continue
        entry = found.get(key)
        if entry is not None and entry.translation:
            continue
        problems.append(ContentError(
            catalogue.file, catalogue.header_line if entry is None else entry.line,
            "/" + key.replace(".", "/"),
            f"no translation of {key!r}" + (" (the catalogue has no entry for it)"
                                             if entry is None else ""),
            "every text of the game needs one in each locale: translate it, or copy the "
            "source for a proper noun (and list it in \"$same_as_source\")"))
    return problems


def _existing(folder: Path, locale: str) -> dict[str, Any]:
    """The strings file being replaced (for the properties an import keeps), or {}."""
    path = inside(folder, f"strings/{locale}.json")
    if path is None or not path.is_file():
        return {}
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (ValueError, OSError):
        return {}
    return data if isinstance(data, dict) else {}


def _schema_reference(game: Game) -> str:
    source = game.strings[game.source_locale]
    return str(_existing_schema(Path(source.origin.file)))


def _existing_schema(path: Path) -> str:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (ValueError, OSError):
        return "../../../schemas/strings.schema.json"
    value = data.get("$schema") if isinstance(data, dict) else None
    return value if isinstance(value, str) else "../../../schemas/strings.schema.json"


def _validate(text: str, path: Path, shown: str, entries: dict[str, ReadEntry]) -> None:
    """The strings file about to be written must pass its schema (a text too long, a
    control character), each problem named at the catalogue line that caused it."""
    data, source = parse(text)
    problems = SchemaSet().validate("strings", data, FileLocator(str(path), source))
    if problems:
        lines = {"/" + k.replace(".", "/"): e.line for k, e in entries.items()}
        raise ContentProblems([ContentError(shown, lines.get(p.pointer, 1), p.pointer,
                                            p.message, "fix the entry and import it again")
                               for p in problems])
