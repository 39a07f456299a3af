"""What a kit is made of: options from the command line and the documents it writes."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from stamperia.content.errors import ContentError
from stamperia.content.model import Game
from stamperia.generator.draw.colourmode import ColourMode
from stamperia.generator.draw.drawing import Page
from stamperia.generator.draw.fonts import FontSet
from stamperia.generator.export.components import Component, Dice
from stamperia.generator.layout.render import Widget
from stamperia.generator.print.imposition import DEFAULT_BLEED, Duplex
from stamperia.generator.print.sizes import Size
from stamperia.generator.uitext import UiText


@dataclass(frozen=True)
class KitOptions:
    """How the kit is printed. `gap`: mm between card trims (None: imposition chooses);
    `back_offset`: mm the duplex backs are shifted, read from the calibration sheet;
    `colour`: the colour space of the PDFs."""

    paper: Size
    card: Size
    duplex: Duplex
    bleed: float = DEFAULT_BLEED
    gap: float | None = None
    back_offset: tuple[float, float] = (0.0, 0.0)
    colour: ColourMode = ColourMode.RGB
    fonts: FontSet | None = None
    """The fonts the build fits text with, for kits that set rich text (else they load the
    game's own): loading a font set parses every face, a noticeable part of a build."""
    card_asked: bool = False
    """Whether `card` was asked for (`--card-size`, a print shop's preset) rather than the
    default: a kit whose content states its own card size prints that unless asked."""
    products: tuple[Size, ...] = ()
    """The card sizes the print shop of a preset makes: a card a kit draws at a size of
    its own (a reference card kept at tarot size) takes the nearest of them
    (sizes.nearest_product)."""


@dataclass(frozen=True)
class KitDocument:
    """One output file: its stem, what it holds, its pages and how to print them; and the
    pieces its pages place, each drawn alone, for per-piece exports (PNG, Tabletop
    Simulator, print-shop sets)."""

    stem: str
    component: str
    title: str
    pages: tuple[Page, ...]
    duplex: str
    card_size: Size | None = None
    components: tuple[Component, ...] = ()


class KitError(ValueError):
    """Content a kit cannot lay out (a board larger than the largest print-shop page);
    `problem` is the content error to report, at the file and pointer to change."""

    def __init__(self, message: str, problem: ContentError | None = None) -> None:
        super().__init__(message)
        self.problem = problem


DocumentsBuilder = Callable[[Game, str, UiText, KitOptions], tuple[KitDocument, ...]]
TextPagesBuilder = Callable[[Game, str, UiText, KitOptions], tuple[Page, ...]]
DiceBuilder = Callable[[Game], tuple[Dice, ...]]
WidgetsBuilder = Callable[[Game, str, UiText, KitOptions], Mapping[str, Widget]]


def no_dice(game: Game) -> tuple[Dice, ...]:
    """A kit whose game uses no dice."""
    return ()


@dataclass(frozen=True)
class Kit:
    """A ruleset's side of the generator.

    documents: the files of the kit, in print order (the guide is added in front by
    stamperia.generator.kit); text_pages: pages holding each text that comes from content once,
    for the fit check (stamperia.generator.kit.content_text_pages).
    """

    documents: DocumentsBuilder
    text_pages: TextPagesBuilder
    words: tuple[str, ...] = ()
    """Prefixes of the shared words (generator/locale) the kit prints, so a game's
    catalogue and its checks know them."""
    word_package: str | None = None
    """The package whose `locale/<locale>.json` holds the words only this kit prints (all of
    them are the kit's), or None when it prints shared words only."""
    dice: DiceBuilder = no_dice
    """The dice the content declares: never printed, so no document lists them."""
    card_documents: DocumentsBuilder | None = None
    """The documents of cards only (those with a card size), as `documents` makes them:
    the back check reads which backs share a sheet without drawing the rest. None: the
    check takes them from `documents`."""
    widgets: WidgetsBuilder | None = None
    """The widget table the kit's layouts draw with, for one game and locale (what its
    `Look` is given). Its names are the content plug-in's `RulesetPlugin.widgets`, the one
    declaration of them; None: the kit offers none."""

    def word_packages(self) -> tuple[str, ...]:
        return () if self.word_package is None else (self.word_package,)
