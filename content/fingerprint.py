"""A short fingerprint of a game's content: the hash of every file it was loaded from.

Game records carry it, so a replay can say that the content changed since the record was
written (and not only that the result differs).
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from pathlib import Path

from stamperia.content.model import Game


def content_hash(game: Game) -> str:
    """sha256 over the game's files (name and bytes, in load order), as 16 hex digits."""
    return files_hash(game.files)


def files_hash(files: Sequence[str]) -> str:
    """content_hash of the files at these paths, read where it runs (a cluster's worker
    answers its handshake with it)."""
    digest = hashlib.sha256()
    for name in files:
        digest.update(Path(name).name.encode("utf-8") + b"\0")
        try:
            digest.update(Path(name).read_bytes())
        except OSError:
            digest.update(b"\0missing\0")
    return digest.hexdigest()[:16]
