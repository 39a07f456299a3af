"""Errors of the machine (permissions, a full disk, a path of the wrong kind), said in words.

They are not bugs and not content problems, so they never become "internal error": the CLI
prints the sentence and exits 1 (or 2 when an option names a path of the wrong kind).
"""

from __future__ import annotations

import errno
import os
from pathlib import Path

_REASONS = {
    errno.EACCES: "permission denied",
    errno.EPERM: "permission denied",
    errno.EROFS: "read-only file system",
    errno.ENOSPC: "disk full",
    errno.EDQUOT: "disk quota exceeded",
    errno.ENOENT: "no such file or folder",
    errno.ENOTDIR: "not a folder",
    errno.EISDIR: "a folder, not a file",
    errno.EIO: "input/output error",
}


class MachineError(Exception):
    """The machine refused what was asked; the message says what and where."""

    def __init__(self, message: str, option: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.option = option
        """The option that named a path of the wrong kind (a usage error), if any."""


def reason(error: OSError) -> str:
    """A short reason for an OS error: the words people use, not the errno name."""
    if error.errno in _REASONS:
        return _REASONS[error.errno]
    return error.strerror or os.strerror(error.errno or 0) or type(error).__name__


def is_disk_full(error: OSError) -> bool:
    return error.errno in (errno.ENOSPC, errno.EDQUOT)


def cannot(action: str, path: Path | str, error: OSError) -> MachineError:
    """`cannot write to OUT: permission denied` and the like."""
    return MachineError(f"cannot {action} {path}: {reason(error)}")
