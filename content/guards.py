"""Guards on raw input before anything trusts it: file size, paths, characters.

Each guard turns hostile or accidental input into a content error at the file (and the
pointer) that holds it, so later stages never see a 50 MB file, a part read from outside
its game folder, or a bell character that would make the SVG output invalid XML.
"""

from __future__ import annotations

import errno
import re
import stat
from collections.abc import Iterator
from pathlib import Path
from typing import Any, TextIO

from stamperia.content.errors import ContentError, pointer_escape
from stamperia.content.findings import FILE_TOO_LARGE

MAX_FILE_BYTES = 10 * 1024 * 1024
"""Refused above this: the largest shipped file is 24 KB, and parsing keeps a line map
of every value, so a 10 MB file already costs a few hundred MB of memory."""

MAX_REPORTED_PER_FILE = 20
"""Control characters reported per file; a binary file pasted in would give thousands."""

_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f\ud800-\udfff\ufffe\uffff]")
"""Characters XML 1.0 cannot hold (tab and newline excepted), and lone surrogates,
which cannot even be written as UTF-8."""


def too_large(path: Path, shown: str) -> ContentError | None:
    """An error when the file is over MAX_FILE_BYTES (checked before it is read)."""
    try:
        size = path.stat().st_size
    except OSError:
        return None
    if size <= MAX_FILE_BYTES:
        return None
    return ContentError(shown, 1, "",
                        f"the file is {size / 1024 / 1024:.1f} MB; a content file may be at "
                        f"most {MAX_FILE_BYTES // 1024 // 1024} MB",
                        "no game needs that much: look for generated or pasted data",
                        code=FILE_TOO_LARGE.code)


def read_text(path: Path, encoding: str = "utf-8") -> str:
    """The text of a file, as `Path.read_text` reads it, unless it is a pipe or a device.

    Why: a named pipe or a device (/dev/zero) given as a content file or a catalogue would
    block the read or never end it; it is refused with an OSError instead (a folder, a
    missing or forbidden file raise what the read raises).
    """
    _refuse_special(path)
    return path.read_text(encoding=encoding)


def open_regular(path: Path, encoding: str = "utf-8") -> TextIO:
    """`path` opened as text, unless it is a pipe or a device (see read_text)."""
    _refuse_special(path)
    return path.open(encoding=encoding)


def _refuse_special(path: Path) -> None:
    if is_device_or_pipe(path):
        raise OSError(errno.EINVAL, "Not a regular file (a pipe or a device)", str(path))


def is_device_or_pipe(path: Path) -> bool:
    """Whether `path` (its symlinks followed) names something neither a file nor a folder:
    never read (it may block or never end) and never replaced by an output."""
    try:
        mode = path.stat().st_mode
    except OSError:
        return False  # missing or forbidden: the read or the write says so
    return not (stat.S_ISREG(mode) or stat.S_ISDIR(mode))


def is_regular_file(path: Path) -> bool:
    """Whether `path` (its symlinks followed) is a regular file: what may be opened for
    reading without the risk of blocking on a pipe or reading a device forever."""
    try:
        return stat.S_ISREG(path.stat().st_mode)
    except OSError:
        return False


class OutsideFolder(ValueError):
    """A path built from data that would leave the folder it was meant for."""

    def __init__(self, name: str, folder: Path, why: str) -> None:
        super().__init__(f"{name!r} {why} {folder}")
        self.name = name
        self.why = why


_UNSAFE_PART = re.compile(r"[\x00-\x1f\\:]|^\.\.?$")
"""Path parts never made from data: controls, backslashes and colons (a folder or a drive
on Windows), `.` and `..`."""


def join_inside(folder: Path, *parts: str) -> Path:
    """`folder/part/part...`, refused (OutsideFolder) unless it stays inside `folder`.

    Why: every writer builds its file names from content (card, deck, token, board and
    locale ids, export names); the ids are validated where they are read, and this one
    join, used by every writer, keeps a name that slipped through from writing anywhere
    else (`../`, an absolute path, a symlinked folder pointing out).
    """
    pieces: list[str] = []
    for part in parts:
        if part.startswith("/") or not part:
            raise OutsideFolder(part, folder, "is not a relative name inside")
        for piece in part.split("/"):
            if _UNSAFE_PART.search(piece) or not piece:
                raise OutsideFolder(part, folder, "is not a plain name inside")
            pieces.append(piece)
    relative = "/".join(pieces)
    if inside(folder, relative) is None:
        raise OutsideFolder(relative, folder, "leads out of")
    return folder.joinpath(*pieces)


def inside(folder: Path, relative: str) -> Path | None:
    """`folder/relative` when it stays inside `folder` after resolving `..` and symlinks."""
    root = folder.resolve()
    target = (folder / relative).resolve()
    return target if target == root or root in target.parents else None


_RAW_REFUSED = re.compile("[\\\\\x7f\ufffe\uffff]")
"""What a JSON text must hold for its values to hold a refused character: a backslash
(an escape such as \\u0001 or \\b), or one of the refused characters JSON lets stand
unescaped in a string. Raw controls are malformed JSON, and lone surrogates cannot come
out of UTF-8."""


def may_hold_control_characters(text: str) -> bool:
    """False when the parsed values of this JSON text cannot hold a refused character,
    so the walk of control_characters can be skipped (most files have no escapes)."""
    return _RAW_REFUSED.search(text) is not None


def control_characters(data: Any) -> Iterator[tuple[str, str]]:
    """(pointer, message) for every string, key or value, holding a refused character."""
    stack: list[tuple[str, Any]] = [("", data)]
    while stack:
        pointer, value = stack.pop()
        if isinstance(value, str):
            found = _CONTROL.search(value)
            if found:
                yield pointer, f"the text {_describe(found.group(), found.start())}"
        elif isinstance(value, dict):
            for key, item in reversed(list(value.items())):
                found = _CONTROL.search(key)
                if found:
                    yield pointer, (f"the property name {key!r} "
                                    f"{_describe(found.group(), found.start())}")
                    continue
                stack.append((f"{pointer}/{pointer_escape(key)}", item))
        elif isinstance(value, list):
            stack.extend((f"{pointer}/{i}", item) for i, item in reversed(list(enumerate(value))))


def _describe(char: str, at: int) -> str:
    kind = "a lone surrogate" if "\ud800" <= char <= "\udfff" else "a control character"
    return f"holds {kind}, U+{ord(char):04X}, at position {at + 1}"
