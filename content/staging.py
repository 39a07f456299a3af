"""Temporary files and folders that are renamed into place and so become outputs.

tempfile's mkdtemp and mkstemp make them private (0o700, 0o600) whatever the umask, and the
rename keeps that mode: a kit's folder then cannot be served (the tts/ files that
--tts-base-url asks to upload) nor read by a group. These are made as any tool's output is,
with 0o777 / 0o666 less the umask, under an unguessable name that is never reused.
"""

from __future__ import annotations

import errno
import os
import secrets
import stat
from pathlib import Path

ATTEMPTS = 100
"""Names tried before giving up: a clash of 64 random bits is already all but impossible."""


def _names(parent: Path, prefix: str) -> list[Path]:
    return [parent / f"{prefix}{secrets.token_hex(8)}" for _ in range(ATTEMPTS)]


def new_folder(parent: Path, prefix: str) -> Path:
    """A new, empty folder in `parent` named `prefix` and a random tail (mode 0o777 less
    the umask). OSError as mkdir raises it."""
    for path in _names(parent, prefix):
        try:
            path.mkdir(mode=0o777)
        except FileExistsError:
            continue
        return path
    raise FileExistsError(errno.EEXIST, "no unused temporary name", str(parent / prefix))


def new_file(parent: Path, prefix: str, like: Path | None = None) -> tuple[int, Path]:
    """A new, empty file in `parent`, open for writing: its descriptor and path. Its mode is
    the one of `like` when that file exists (it is about to be replaced), else 0o666 less
    the umask."""
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0)
    for path in _names(parent, prefix):
        try:
            handle = os.open(path, flags, 0o666)
        except FileExistsError:
            continue
        try:
            if like is not None and like.is_file():
                os.chmod(path, stat.S_IMODE(like.stat().st_mode))
        except BaseException:
            os.close(handle)
            path.unlink(missing_ok=True)
            raise
        return handle, path
    raise FileExistsError(errno.EEXIST, "no unused temporary name", str(parent / prefix))
