"""The studio's game as it stands: the last good view per locale, and what broke since.

A save rebuilds the views in two steps: the drawing first (what the designer waits for),
then the check's findings. A file that does not load leaves the last good views in place
and records its problems, which the page shows above them.
"""

from __future__ import annotations

import threading
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from stamperia.content.errors import ContentError, ContentProblems
from stamperia.content.loader import load_game
from stamperia.content.model import Game
from stamperia.generator.draw.drawing import Page
from stamperia.generator.kitdocument import KitOptions
from stamperia.generator.print.imposition import DEFAULT_BLEED, Duplex, impose
from stamperia.generator.print.sizes import CARD_SIZES, card_size, paper_size
from stamperia.studio.view import (
    Finding,
    GameView,
    Renders,
    finding_of,
    game_view,
    piece_svg,
)

REDRAWN_BY_CONTENT = (".json", ".csv", ".xlsx", ".md", ".txt")
"""Files whose change shows in the model; any other (an image, a font) empties the memo of
rendered drawings, which names image files but not their bytes."""


def kit_options(card: str | None) -> KitOptions:
    """The kit's options: A4, long-edge duplex, and the card size asked (else the game's
    own). SizeError or ImpositionError for a card no paper holds; the PDF backend, which
    `stamperia build` parses its options next to, is not imported."""
    size = card_size(card or "poker")
    impose(paper_size("a4"), size, DEFAULT_BLEED, duplex=Duplex.LONG)
    return KitOptions(paper_size("a4"), size, Duplex.LONG, card_asked=card is not None)


@dataclass(frozen=True)
class Settings:
    """What `stamperia studio` was asked: the folder, the locale first shown, the kit's
    options (paper, card size), and the folder of lab reports."""

    folder: Path
    options: KitOptions
    locale: str | None = None
    reports: Path | None = None


@dataclass
class _Current:
    game: Game | None = None
    problems: tuple[ContentError, ...] = ()
    views: dict[tuple[str, str], GameView] = field(default_factory=dict)
    """By locale and card size ('' for the size the studio was started with)."""
    broken: tuple[Finding, ...] = ()
    generation: int = 0


class Studio:
    """One game, rebuilt on demand. Rebuilds are serialised by a lock; readers take the
    current views (replaced whole, never changed in place)."""

    def __init__(self, settings: Settings, renders: Renders) -> None:
        self.settings = settings
        self._renders = renders
        self._lock = threading.Lock()
        self._now = _Current()

    @property
    def generation(self) -> int:
        return self._now.generation

    @property
    def broken(self) -> tuple[Finding, ...]:
        """The problems of the last load that failed; empty when the last load worked."""
        return self._now.broken

    def piece_svg(self, view: GameView, key: str, side: str) -> str | None:
        """One side of a piece of `view` as SVG, rendered when first asked and then kept."""
        piece = view.piece(key)
        return None if piece is None else piece_svg(piece, side, view.fonts, self._renders)

    def sheet_svg(self, view: GameView, page: Page) -> str:
        """A sheet of the kit as SVG, rendered when first asked and then kept."""
        return self._renders.svg(page, view.fonts)

    @property
    def game(self) -> Game | None:
        """The last game that loaded."""
        return self._now.game

    def locale(self, asked: str | None) -> str | None:
        """The locale to show: the one asked if the game has it, else the first shown."""
        game = self._now.game
        if game is None:
            return None
        for wanted in (asked, self.settings.locale):
            if wanted in game.locales:
                return wanted
        return game.source_locale

    def view(self, locale: str | None, card: str | None = None) -> GameView | None:
        """The last good view of `locale` with cards of size `card` (a name of CARD_SIZES;
        else the size the studio was started with), drawn now if never asked before."""
        chosen = self.locale(locale)
        if chosen is None:
            return None
        key = (chosen, card if card is not None and card in CARD_SIZES else "")
        found = self._now.views.get(key)
        if found is None and self._now.game is not None:
            with self._lock:
                found = self._draw(self._now.game, key, self._now.problems)
                if found is not None:
                    self._now.views = {**self._now.views, key: found}
        return found

    def refresh(self, changed: Iterable[Path] = ()) -> None:
        """Load the game again and redraw the locales shown, keeping the findings of the
        last check on them until `recheck` replaces them."""
        with self._lock:
            if any(path.suffix.lower() not in REDRAWN_BY_CONTENT for path in changed):
                self._renders.forget()
            try:
                game = load_game(str(self.settings.folder))
            except ContentProblems as problems:
                self._fail(tuple(problems.problems))
                return
            self._show(game, self._now.problems)

    def recheck(self) -> None:
        """Run the check (without the balance simulation) and pin its findings."""
        from stamperia.checks.run import check_one

        with self._lock:
            game = self._now.game
            if game is None or self._now.broken:
                return
            report = check_one(str(self.settings.folder), 0, balance=False,
                               overlap=False).report
            self._show(game, tuple(report.problems))

    def _show(self, game: Game, problems: tuple[ContentError, ...]) -> None:
        keys = [key for key in self._now.views if key[0] in game.locales]
        first = self.settings.locale if self.settings.locale in game.locales else None
        wanted = keys or [(first or game.source_locale, "")]
        views: dict[tuple[str, str], GameView] = {}
        for key in wanted:
            drawn = self._draw(game, key, problems)
            if drawn is None:
                return
            views[key] = drawn
        self._now = _Current(game, problems, views, (), self._now.generation + 1)

    def _draw(self, game: Game, key: tuple[str, str], problems: tuple[ContentError, ...]
              ) -> GameView | None:
        from stamperia.generator.draw.themefonts import game_fonts

        locale, card = key
        try:
            fonts = game_fonts(game)
            options = kit_options(card) if card else self.settings.options
            return game_view(game, locale, options, fonts, problems, self._renders.epoch,
                             card)
        except ContentProblems as error:
            self._fail(tuple(error.problems))
        except Exception as error:  # noqa: BLE001 - content the kit cannot draw: say why
            problem = getattr(error, "problem", None)
            self._fail((problem if isinstance(problem, ContentError) else ContentError(
                str(Path(game.folder) / "game.json"), 1, "",
                f"the kit cannot be drawn: {error}"),))
        return None

    def _fail(self, problems: tuple[ContentError, ...]) -> None:
        folder = self.settings.folder
        now = self._now
        self._now = _Current(now.game, now.problems, now.views,
                             tuple(finding_of(p, folder) for p in problems),
                             now.generation + 1)
