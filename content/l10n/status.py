"""How far each translation of a game is: texts translated, fuzzy (to review) and missing."""

from __future__ import annotations

from dataclasses import dataclass

from stamperia.content.l10n.export import build_catalogue
from stamperia.content.l10n.model import KitWords
from stamperia.content.model import Game


@dataclass(frozen=True)
class LocaleStatus:
    game: str
    locale: str
    total: int
    translated: int
    fuzzy: int
    lacking: tuple[str, ...] = ()
    """The keys the locale has no text for (kit words and card texts included)."""

    @property
    def missing(self) -> int:
        return self.total - self.translated - self.fuzzy

    def percent(self, count: int) -> float:
        return round(100 * count / self.total, 1) if self.total else 0.0

    def as_dict(self) -> dict[str, object]:
        return {"game": self.game, "locale": self.locale, "total": self.total,
                "translated": self.translated, "fuzzy": self.fuzzy, "missing": self.missing,
                "missing_keys": list(self.lacking),
                "percent": {"translated": self.percent(self.translated),
                            "fuzzy": self.percent(self.fuzzy),
                            "missing": self.percent(self.missing)}}


def game_status(game: Game, kit: KitWords) -> tuple[LocaleStatus, ...]:
    """One row per translation of the game (the source locale is complete by definition).

    A kit word the package translates counts as translated.
    """
    rows = []
    for locale in game.translations:
        entries = build_catalogue(game, locale, kit, {}).entries
        done = [e for e in entries if e.translation]
        fuzzy = sum(1 for e in done if e.fuzzy)
        lacking = tuple(e.key for e in entries if not e.translation)
        rows.append(LocaleStatus(game.id, locale, len(entries), len(done) - fuzzy, fuzzy,
                                 lacking))
    return tuple(rows)


def status_table(rows: tuple[LocaleStatus, ...]) -> list[str]:
    """A fixed-width text table, one line per game and locale."""
    lines = [f"{'game':<10} {'locale':<7} {'texts':>5}  {'translated':>16}  {'fuzzy':>16}  "
             f"{'missing':>16}"]
    for row in rows:
        cells = [f"{n:>5} ({row.percent(n):5.1f}%)"
                 for n in (row.translated, row.fuzzy, row.missing)]
        lines.append(f"{row.game:<10} {row.locale:<7} {row.total:>5}  {cells[0]:>16}  "
                     f"{cells[1]:>16}  {cells[2]:>16}")
    return lines + [line for row in rows if row.lacking for line in lacking_lines(row)]


SHOWN_KEYS = 12
"""Keys named per locale in the text table; --json lists them all."""


def lacking_lines(row: LocaleStatus) -> list[str]:
    """What a locale lacks, by key: it prints in the source language until given."""
    shown = ", ".join(row.lacking[:SHOWN_KEYS])
    more = len(row.lacking) - SHOWN_KEYS
    return [f"{row.game} {row.locale} lacks {len(row.lacking)}: {shown}"
            + (f" and {more} more (--json lists them all)" if more > 0 else "")]
