"""`stamperia check` as a library function: load each game, run its rules checks."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from stamperia.checks.balance import Balancing, stage_failure
from stamperia.checks.collector import LongLived
from stamperia.content.errors import ContentError, ContentProblems
from stamperia.content.findings import (
    CANNOT_LAY_OUT,
    FONT_PROBLEM,
    FONT_UNAVAILABLE,
    MISSING_GLYPH,
    NO_KIT,
    TEXT_OVERFLOW,
)
from stamperia.content.l10n.pseudo import PSEUDO_LOCALE, with_pseudo_locale
from stamperia.content.loader import load_game
from stamperia.content.look.theme import Theme
from stamperia.content.model import Game, PrototypeShare, Strings
from stamperia.rules.registry import check_rules, with_balance
from stamperia.rules.report import GameReport

if TYPE_CHECKING:
    from stamperia.generator.draw.drawing import TextSource
    from stamperia.generator.kitdocument import KitOptions
    from stamperia.generator.layout.textfit import OverflowReport


@dataclass(frozen=True)
class CheckedGame:
    """A checked game: its report and, once loaded, its prototype share."""

    name: str
    report: GameReport
    prototype: PrototypeShare | None


def check_games(names: list[str], seed: int, pseudo: bool = False,
                balance: bool = True, balance_games: int | None = None) -> list[CheckedGame]:
    """Check several games; the fonts for the text-fit check are loaded once for all."""
    fonts: list[object] = []
    return [check_one(name, seed, pseudo, fonts, balance, balance_games) for name in names]


def check_one(name: str, seed: int, pseudo: bool = False,
              fonts: list[object] | None = None, balance: bool = True,
              balance_games: int | None = None, overlap: bool = True) -> CheckedGame:
    """Load and check one game; content problems become the report, never an exception.

    `pseudo` also fits a pseudo-locale (accented, 40% longer source texts); `fonts` is a
    one-slot cache of the font metrics shared between games; `balance_games` is the
    balance stage's games per player count and line-up (None: its default). With
    `overlap`, the balance stage plays in a forked child while the kit checks run here,
    and here too once they are done (stamperia.checks.balance): the two need nothing from each
    other, and the report is the same either way, stage failures included.
    """
    with LongLived() as kept:  # a check's model and tables are not scanned again and again
        try:
            game = load_game(name)
        except ContentProblems as problems:
            return CheckedGame(name, GameReport(name, tuple(problems.problems), ()), None)
        kept.keep()
        return _checked(game, seed, pseudo, fonts, balance, balance_games, overlap, kept)


def _checked(game: Game, seed: int, pseudo: bool, fonts: list[object] | None, balance: bool,
             balance_games: int | None, overlap: bool, kept: LongLived) -> CheckedGame:
    """The stages after loading, for check_one."""
    balancing: Balancing | None = None
    try:
        report, simulator = check_rules(game, seed)
        kept.keep()
        if balance and simulator is not None:
            balancing = Balancing(game, simulator, seed, balance_games, overlap)
    except Exception as error:  # noqa: BLE001 - any failure is reported against the content
        report = GameReport(game.id, (stage_failure(game, "rules", error),), ())
    if report.errors == 0:
        try:
            fonts = [] if fonts is None else fonts
            own: list[object] = []
            words = tuple(kit_word_problems(game))
            if any(problem.severity == "error" for problem in words):
                overflows = words  # the kit cannot draw with words it cannot fill
            else:
                overflows = tuple(text_fit_problems(game, fonts, pseudo, own))
                if not any(problem.code == FONT_PROBLEM.code for problem in overflows):
                    # The back check draws with the same fonts: an unreadable one is said
                    # once.
                    overflows += tuple(back_problems(game, _kit_fonts(game, fonts, own)))
                overflows += words
        except Exception as error:  # noqa: BLE001
            overflows = (_kit_problem(game, error),)
    else:
        overflows = ()
    if balancing is not None:
        found = balancing.result()
        if isinstance(found, ContentError):  # the kit stages run only after a clean one
            report, overflows = GameReport(game.id, (found,), ()), ()
        else:
            report = with_balance(report, found)
    if overflows or game.warnings:
        report = GameReport(report.game,
                            tuple(sorted(report.problems + overflows + game.warnings)),
                            report.notes)
    return CheckedGame(game.id, report, game.prototype_share)


def _kit_fonts(game: Game, shared: list[object], own: list[object]) -> object | None:
    """The fonts the text-fit check loaded, so the back check neither parses the font files
    again nor draws the cards again: the theme's own fonts, as the kit loads them
    (generator.draw.themefonts.game_fonts), or the bundled family. A theme without fonts of its
    own adds only the bundled italic to that family for the kit; the fit check has just
    drawn every card without it, so the cards are drawn the same with it or without."""
    theme = game.find_part(Theme)
    if own:
        return own[0]
    return shared[0] if (theme is None or not theme.fonts) and shared else None


def _kit_problem(game: Game, error: Exception) -> ContentError:
    """A text the kit cannot print, at its place; any other failure as a stage failure."""
    problem = getattr(error, "problem", None)
    return problem if isinstance(problem, ContentError) else stage_failure(game, "kit", error)


def text_fit_problems(game: Game, fonts_cache: list[object], pseudo: bool = False,
                      own_fonts: list[object] | None = None) -> list[ContentError]:
    """Printed texts that overflow their box at the minimum size, hold characters their
    font cannot draw, or print too small or too faint, in any locale (and the
    pseudo-locale when asked, for overflow and glyphs only).

    Each locale's text pages are fitted once, each distinct text once; the overflow and
    the legibility checks both read those fitted pages. The generator is imported here,
    not at start-up: only a check that reaches this point pays for the font metrics.
    """
    from stamperia.generator.draw.fonts import FontError, FontSet
    from stamperia.generator.draw.glyphs import describe_characters, missing_glyphs
    from stamperia.generator.draw.themefonts import game_fonts, unreadable_theme_faces
    from stamperia.generator.kit import content_text_pages, fit_check_options
    from stamperia.generator.kits.registry import NoKit, kit_for
    from stamperia.generator.layout.legibility import legibility_warnings
    from stamperia.generator.layout.textfit import TextFitter, overflows
    from stamperia.generator.print.sizes import card_size

    try:
        theme = game.find_part(Theme)
        if theme is not None and theme.fonts:  # its own fonts: not shared with other games
            unreadable = unreadable_theme_faces(theme)
            if unreadable:
                return unreadable
            fonts = game_fonts(game)
            if own_fonts is not None:  # kept for the game's other kit checks
                own_fonts.append(fonts)
        else:
            if not fonts_cache:
                fonts_cache.append(FontSet.default())
            cached = fonts_cache[0]
            assert isinstance(cached, FontSet)
            fonts = cached
    except FontError as error:
        return [game.origin.error(f"cannot check text fit: {error}", kind=FONT_UNAVAILABLE)]
    options = replace(fit_check_options(), fonts=fonts)
    problems: list[ContentError] = []
    try:
        kit_for(game.ruleset)
    except NoKit as error:
        return [game.origin.error(f"cannot check text fit: {error}",
                                  "install the package that provides the ruleset's kit",
                                  "/ruleset", NO_KIT)]
    fitter = TextFitter(fonts)
    checked = with_pseudo_locale(game) if pseudo else game
    said: set[tuple[str, int, str, str]] = set()
    for locale, card in ((loc, c) for c in ("", *_declared_sizes(game, options, problems))
                         for loc in checked.locales):
        strings = checked.strings[locale]
        keys = {text: key for key, text in strings.texts.items()}
        label = "pseudo-locale" if locale == PSEUDO_LOCALE else locale
        at = options
        if card:  # a size the game declares: its texts fitted on its cards too
            at = replace(options, card=card_size(card), card_asked=True)
            label = f"{label} ({at.card.label} cards)"
        pages = fitter.pages(content_text_pages(checked, locale, at))
        seen: set[str] = set()
        for glyphs in missing_glyphs(pages, fonts):
            if glyphs.text in seen:
                continue
            seen.add(glyphs.text)
            key = _text_key(strings, keys, glyphs.text, glyphs.source)
            what = (f"{label} text {glyphs.text[:40]!r}" if key is None
                    else f"{label} text {key!r}")
            origin = strings.origin if key is None else strings.origins[key]
            problems.append(origin.error(
                f"{what} has characters the font {glyphs.face} cannot draw: "
                f"{describe_characters(glyphs.missing)}",
                "replace them: the bundled fonts do not cover this script", kind=MISSING_GLYPH))
        found = _overflow_problems(strings, keys, label, overflows(pages))
        if locale != PSEUDO_LOCALE:
            found += legibility_warnings(game, locale, pages,
                                         f" on {at.card.label} cards" if card else "")
        if card:  # a text already reported at the default size is not said again per size
            found = [p for p in found if (p.file, p.line, p.pointer, p.code) not in said]
        said |= {(p.file, p.line, p.pointer, p.code) for p in found}
        problems += found
    return problems


def _declared_sizes(game: Game, options: KitOptions, problems: list[ContentError]
                    ) -> tuple[str, ...]:
    """The card sizes of game.json's `card_sizes` other than the one checked by default;
    one no kit draws is a problem at its place."""
    from stamperia.generator.print.sizes import SizeError, card_size

    default = (options.card.width, options.card.height)
    sizes: list[str] = []
    for index, name in enumerate(game.card_sizes):
        try:
            size = card_size(name)
        except SizeError as error:
            problems.append(game.origin.error(str(error), "name a card size stamperia knows",
                                              f"/card_sizes/{index}", CANNOT_LAY_OUT))
            continue
        if (size.width, size.height) != default:
            sizes.append(name)
    return tuple(sizes)


def _overflow_problems(strings: Strings, keys: dict[str, str], label: str,
                       reports: tuple[OverflowReport, ...]) -> list[ContentError]:
    """One error per distinct overflow: the same text overflowing the same way on several
    cards (an action on the four factions' cards) is said once, at its first card; the
    same text overflowing another box (a faction's name on its back and on its cards)
    is said again."""
    problems: list[ContentError] = []
    seen: set[tuple[str, float, float, float]] = set()
    for report in reports:
        overflow = report.overflow
        place = report.page_label if report.source is None else report.source.card
        same = (report.text, overflow.size_pt, round(overflow.excess_height_mm, 1),
                round(overflow.excess_width_mm, 1))
        if same in seen:
            continue
        seen.add(same)
        where = (f"{place}: {overflow.excess_height_mm:.1f} mm too tall"
                 if overflow.excess_height_mm > 0 else
                 f"{place}: a word is {overflow.excess_width_mm:.1f} mm too wide")
        key = _text_key(strings, keys, report.text, report.source)
        if key is None and report.source is not None and report.source.origin is not None:
            problems.append(report.source.origin.error(
                f"{label} text of {report.source.key!r} does not fit its box even at "
                f"{overflow.size_pt:g} pt ({where})", "shorten it, or lower min_size",
                kind=TEXT_OVERFLOW))
        elif key is not None:
            problems.append(strings.origins[key].error(
                f"{label} text {key!r} does not fit its box even at "
                f"{overflow.size_pt:g} pt ({where})", "shorten it", kind=TEXT_OVERFLOW))
        else:
            problems.append(strings.origin.error(
                f"{label} text {report.text[:40]!r} does not fit its box even at "
                f"{overflow.size_pt:g} pt ({where})", "shorten the texts it is made of",
                kind=TEXT_OVERFLOW))
    return problems


def back_problems(game: Game, fonts: object | None = None) -> list[ContentError]:
    """Card backs that share a sheet and look alike (generator.layout.legibility); `fonts`, when
    given, are the game's as the kit would load them (already parsed by the fit check)."""
    from stamperia.generator.draw.fonts import FontSet
    from stamperia.generator.layout.legibility import back_warnings

    return back_warnings(game, fonts if isinstance(fonts, FontSet) else None)


def kit_word_problems(game: Game) -> list[ContentError]:
    """The kit's words in the game's strings: missing in a translation, unknown, stale."""
    from stamperia.generator.kits.registry import NoKit
    from stamperia.generator.kitwords import kit_wording_problems

    try:
        return kit_wording_problems(game)
    except NoKit:
        return []  # said once by the text-fit check


def _text_key(strings: Strings, keys: dict[str, str], text: str,
              source: TextSource | None) -> str | None:
    """The strings key a printed text comes from: the layout's own, else the first key
    holding exactly that text; None for text composed from several."""
    if source is not None and source.key in strings.origins:
        return source.key
    return keys.get(text)


def prototype_line(share: PrototypeShare) -> str:
    parts = ", ".join(f"{kind} {p}/{t}" for kind, (p, t) in share.by_kind.items())
    return f"prototype data: {share.percent}% ({parts})"


def as_json(checked: list[CheckedGame]) -> dict[str, object]:
    return {
        "games": [
            {
                "game": c.name,
                "errors": c.report.errors,
                "warnings": c.report.warnings,
                "problems": [p.as_dict() for p in c.report.problems],
                "notes": list(c.report.notes),
                "prototype": None if c.prototype is None else {
                    "percent": c.prototype.percent,
                    "by_kind": {k: {"prototype": p, "total": t}
                                for k, (p, t) in c.prototype.by_kind.items()},
                },
            }
            for c in checked
        ],
        "errors": sum(c.report.errors for c in checked),
        "warnings": sum(c.report.warnings for c in checked),
    }
