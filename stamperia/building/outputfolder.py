"""One build at a time per output folder, and a swap that never leaves a game folder missing.

A build holds `OUT/.stamperia.lock` with the operating system's own file lock (`fcntl.flock`,
`msvcrt.locking`; both in the standard library, nothing to compile). The system drops it when
the process ends however it ends, so a killed build never leaves a stale lock, and whatever a
lock holder finds in OUT from an earlier build is stale by construction:

    OUT/<game>/                                   a kit
    OUT/.stamperia-new-<game>-<pid>-<random>/     a kit being written (or, after an exchange,
                                                  the old kit waiting to be removed)
    OUT/.stamperia-old-<game>-<pid>/              the old kit during a two-rename swap

A kit is swapped in by exchanging the two folders in one step where the system can (Linux's
renameat2); elsewhere the old kit is renamed aside, the new one renamed in, and a build
killed in between is recovered by the next one, which puts the old kit back.
"""

from __future__ import annotations

import ctypes
import errno
import os
import shutil
import sys
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import BinaryIO

from stamperia.machine import MachineError, cannot

LOCK_NAME = ".stamperia.lock"
NEW = ".stamperia-new-"
OLD = ".stamperia-old-"

Say = Callable[[str], None]


class OutputFolder:
    """An output folder whose lock this process holds."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def staging(self, name: str) -> Path:
        """A new hidden folder in OUT to write the kit `name` into."""
        try:
            return Path(tempfile.mkdtemp(prefix=f"{NEW}{name}-{os.getpid()}-", dir=self.path))
        except OSError as error:
            raise cannot("write to", self.path, error) from None

    def swap_in(self, staging: Path, name: str) -> None:
        """Put the finished kit in `staging` at OUT/name; OUT/name is never missing, even
        if the process is killed at any point (see the module's docstring)."""
        target = self.path / name
        if not os.path.lexists(target):
            _rename(staging, target)
        elif _exchange(staging, target):
            _remove(staging)  # it holds the old kit now
        else:
            old = self.path / f"{OLD}{name}-{os.getpid()}"
            _rename(target, old)
            try:
                _rename(staging, target)
            except BaseException:
                _rename(old, target)
                raise
            _remove(old)


@contextmanager
def locked(out: Path, say: Say) -> Iterator[OutputFolder]:
    """Hold OUT's lock (waiting for another build, and saying so), then tidy what killed
    builds left behind."""
    _make_folder(out)
    try:
        handle = open(out / LOCK_NAME, "a+b")  # noqa: SIM115 - held across the yield
    except OSError as error:
        raise cannot("write to", out, error) from None
    with handle:
        if not _try_lock(handle):
            say(f"waiting for another build into {out} to finish")
            _wait_lock(handle)
        try:
            try:
                recovered = tidy(out)
            except OSError as error:
                raise cannot("write to", out, error) from None
            for line in recovered:
                say(line)
            yield OutputFolder(out)
        finally:
            _unlock(handle)


def tidy(out: Path) -> list[str]:
    """Recover and remove what killed builds left in OUT; only call it holding the lock.
    Returns what was recovered, to be told."""
    told = []
    for entry in sorted(out.iterdir()):
        if entry.name.startswith(OLD):
            name = entry.name[len(OLD):].rpartition("-")[0]
            target = out / name
            if name and not os.path.lexists(target):
                _rename(entry, target)
                told.append(f"{target}: put back the previous kit (a build was interrupted)")
                continue
        if entry.name.startswith((NEW, OLD)):
            _remove(entry)
    return told


def _make_folder(out: Path) -> None:
    if out.exists() and not out.is_dir():
        raise MachineError(f"cannot write to {out}: not a folder", "--out")
    try:
        out.mkdir(parents=True, exist_ok=True)
    except FileExistsError:
        raise MachineError(f"cannot write to {out}: not a folder", "--out") from None
    except OSError as error:
        raise cannot("write to", out, error) from None


def _rename(source: Path, target: Path) -> None:
    os.replace(source, target)


def _remove(path: Path) -> None:
    if path.is_dir() and not path.is_symlink():
        shutil.rmtree(path, ignore_errors=True)
    else:
        path.unlink(missing_ok=True)


def _exchange(first: Path, second: Path) -> bool:
    """Swap two directory entries in one step; False where the system cannot, so the
    caller falls back to two renames."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        renameat2 = ctypes.CDLL(None, use_errno=True).renameat2
    except (OSError, AttributeError):
        return False  # a C library without renameat2 (older glibc, some musl)
    at_fdcwd, rename_exchange = -100, 2
    result = int(renameat2(ctypes.c_int(at_fdcwd), os.fsencode(first), ctypes.c_int(at_fdcwd),
                           os.fsencode(second), ctypes.c_uint(rename_exchange)))
    if result == 0:
        return True
    code = ctypes.get_errno()
    if code in (errno.EINVAL, errno.ENOSYS, errno.EOPNOTSUPP):
        return False  # a file system that cannot exchange
    raise OSError(code, os.strerror(code), str(second))


if sys.platform == "win32":
    import msvcrt

    def _try_lock(handle: BinaryIO) -> bool:
        handle.seek(0)
        try:
            msvcrt.locking(handle.fileno(), msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        return True

    def _wait_lock(handle: BinaryIO) -> None:
        while True:  # LK_LOCK gives up after 10 s of retries; the wait has no end
            handle.seek(0)
            try:
                msvcrt.locking(handle.fileno(), msvcrt.LK_LOCK, 1)
            except OSError:
                continue
            return

    def _unlock(handle: BinaryIO) -> None:
        handle.seek(0)
        msvcrt.locking(handle.fileno(), msvcrt.LK_UNLCK, 1)
else:
    import fcntl

    def _try_lock(handle: BinaryIO) -> bool:
        try:
            fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return False
        return True

    def _wait_lock(handle: BinaryIO) -> None:
        fcntl.flock(handle.fileno(), fcntl.LOCK_EX)

    def _unlock(handle: BinaryIO) -> None:
        fcntl.flock(handle.fileno(), fcntl.LOCK_UN)
