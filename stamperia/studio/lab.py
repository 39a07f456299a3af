"""The lab tab: the newest `simulate --html` or `sweep --html` report of the game in the
folder the user named with `--reports` (the studio never looks anywhere else)."""

from __future__ import annotations

from pathlib import Path

MAX_REPORTS = 1000
"""HTML files looked at in the reports folder, newest first."""
HEAD_BYTES = 200_000
"""How much of a report is read to see which game it is about."""


def latest_report(folder: Path | None, game: str, title: str) -> Path | None:
    """The newest report about `game` (its id in the file name, or its id or title in the
    page); None when there is no folder or no such report."""
    if folder is None or not folder.is_dir():
        return None
    try:
        pages = sorted((p for p in folder.iterdir() if p.suffix.lower() in (".html", ".htm")
                        and p.is_file()), key=lambda p: (p.stat().st_mtime, p.name),
                       reverse=True)[:MAX_REPORTS]
    except OSError:
        return None
    for page in pages:
        if game.lower() in page.name.lower():
            return page
    for page in pages:
        try:
            with page.open("rb") as stream:
                head = stream.read(HEAD_BYTES).decode("utf-8", "replace")
        except OSError:
            continue
        if game in head or (title and title in head):
            return page
    return None


def no_report_text(folder: Path | None, game: str) -> str:
    """What the lab tab says when there is no report to show."""
    run = (f"stamperia simulate {game} --players 4 --games 200 --html "
           f"{folder if folder is not None else 'REPORTS'}/{game}.html")
    if folder is None:
        return (f"No lab report: start the studio with --reports DIR, the folder where you "
                f"keep reports, and write one there with `{run}`.")
    return f"No simulate or sweep report about {game} in {folder}: write one with `{run}`."
