"""Writing a strings file and adding a locale to a manifest: canonical text, minimal edits,
atomic replacement, so a round trip gives the same bytes and nothing is half-written."""

from __future__ import annotations

import glob
import json
import os
import re
import time
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from stamperia.content.staging import new_file

SPECIAL_ORDER = ("$schema", "$same_as_source", "$comments", "$fuzzy", "$source_hashes")
"""The `$` properties of a strings file, in the order they are written, before the texts."""


def nest(texts: Iterable[tuple[str, str]]) -> dict[str, Any]:
    """Dotted keys as the nested objects of a strings file, in the order given."""
    tree: dict[str, Any] = {}
    for key, text in texts:
        node = tree
        *parents, leaf = key.split(".")
        for name in parents:
            node = node.setdefault(name, {})
        node[leaf] = text
    return tree


def render_strings(special: Mapping[str, Any], texts: Iterable[tuple[str, str]]) -> str:
    """The file's text: `$` properties in SPECIAL_ORDER (empty ones left out), then texts."""
    data: dict[str, Any] = {k: special[k] for k in SPECIAL_ORDER if special.get(k)}
    data.update(nest(texts))
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"


_TRANSLATIONS = re.compile(r'("translations"\s*:\s*\[)([^\]]*)(\])')
_SOURCE = re.compile(r'("source"\s*:\s*"[^"]*")')
_LOCALES = re.compile(r'"locales"\s*:\s*\{')


def add_locale(manifest: str, locale: str) -> str | None:
    """The manifest's text with `locale` appended to its translations, every other byte
    kept; None when the manifest states no locales to extend."""
    opening = _LOCALES.search(manifest)
    if opening is None:
        return None
    head, tail = manifest[:opening.end()], manifest[opening.end():]
    found = _TRANSLATIONS.search(tail)
    if found is not None and found.start() < tail.find("}"):
        added = _appended(found.group(2), f'"{locale}"')
        return head + tail[:found.start()] + found.group(1) + added + found.group(3) + \
            tail[found.end():]
    source = _SOURCE.search(tail)
    if source is None or source.start() > tail.find("}"):
        return None
    return (head + tail[:source.end()] + f', "translations": ["{locale}"]'
            + tail[source.end():])


def _appended(items: str, item: str) -> str:
    """The items of a JSON array with one more, laid out as the others are (inline, or one
    per line with their indentation)."""
    body = items.rstrip()
    trailing = items[len(body):]
    if not body.strip():
        return item + trailing if "\n" not in items else f"{body}{trailing}{item}"
    indent = re.search(r"\n([ \t]*)\S", items)
    if indent is None:
        return f"{body}, {item}{trailing}"
    return f"{body},\n{indent.group(1)}{item}{trailing}"


def replace_files(contents: Mapping[Path, str]) -> None:
    """Write every file to a temporary file beside it, then move them all into place: a
    failure before the moves leaves every file as it was. A new file gets the umask's mode,
    a replaced one keeps its own."""
    for path in contents:
        _tidy_leftovers(path)
    staged: list[tuple[Path, Path]] = []
    try:
        for path, text in contents.items():
            path.parent.mkdir(parents=True, exist_ok=True)
            handle, temporary = new_file(path.parent, f".{path.name}.", like=path)
            staged.append((temporary, path))
            with os.fdopen(handle, "w", encoding="utf-8", newline="\n") as stream:
                stream.write(text)
        for temporary, path in staged:
            os.replace(temporary, path)
    finally:
        for temporary, _ in staged:
            temporary.unlink(missing_ok=True)


LEFTOVER_SECONDS = 60
"""Age after which a temporary file beside a strings file or manifest is a leftover of a
killed import (a live one writes and moves its files within milliseconds)."""


def _tidy_leftovers(path: Path) -> None:
    """Remove the temporary files a killed import left beside `path` (`.en.json.x1y2`)."""
    if not path.parent.is_dir():
        return
    cutoff = time.time() - LEFTOVER_SECONDS
    for leftover in path.parent.glob(f".{glob.escape(path.name)}.*"):
        try:
            if (leftover.is_file() and not leftover.is_symlink()
                    and leftover.stat().st_mtime < cutoff):
                leftover.unlink()
        except OSError:
            continue  # another import's, or one we may not remove: it does no harm
