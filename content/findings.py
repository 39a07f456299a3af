"""The registry of finding codes: every kind of problem `stamperia check` reports, as data.

A code is a stage letter and a number (`R001`) plus a slug (`unknown-reference`); it never
changes meaning, so CI filters, SARIF rule ids and `stamperia explain` can rely on it. The
letter says which stage found it, so reports can group findings by stage.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Stage:
    """One stage of `stamperia check`, in the order the stages run."""

    letter: str
    name: str


STAGES = (
    Stage("F", "well-formed"),
    Stage("E", "editions"),
    Stage("S", "schema"),
    Stage("R", "references"),
    Stage("G", "rules"),
    Stage("B", "balance"),
    Stage("K", "kit"),
    Stage("X", "missed-check"),
)


@dataclass(frozen=True)
class Finding:
    """A kind of finding: its code, slug, one-line title, and what it means and how to fix it."""

    code: str
    slug: str
    title: str
    explanation: str
    fix: str

    @property
    def stage(self) -> Stage:
        return next(s for s in STAGES if s.letter == self.code[0])

    @property
    def label(self) -> str:
        """`R001 unknown-reference`: how reports and docs name the kind."""
        return f"{self.code} {self.slug}"


FILE_NOT_FOUND = Finding(
    "F001", "file-not-found", "A file the game names does not exist",
    "The manifest (or a parent edition) names a part or strings file, or a game folder, that "
    "is not there.",
    "Create the file, or correct the path where it is named (paths are relative to the game "
    "folder).")
UNREADABLE_FILE = Finding(
    "F002", "unreadable-file", "A file cannot be read",
    "The file is not UTF-8 text, is a folder, or may not be read by this user.",
    "Save the file as UTF-8 text and check its permissions.")
MALFORMED_JSON = Finding(
    "F003", "malformed-json", "A file is not well-formed JSON",
    "Reading stopped at the line and column given: a missing comma or quote, a trailing "
    "comma, a comment, or a duplicate key.",
    "Fix the syntax at the place named; an editor with JSON support shows it too.")
CONTROL_CHARACTER = Finding(
    "F004", "control-character", "A text holds a control character",
    "A string holds a character that XML cannot carry and no printer draws (only newline and "
    "tab are allowed), usually pasted from another program.",
    "Remove the character named in the message.")
FILE_TOO_LARGE = Finding(
    "F005", "file-too-large", "A content file is too large",
    "Content files are bounded in size so a check stays fast and safe; no game needs files "
    "this large.",
    "Look for generated or pasted data and remove it.")
PATH_OUTSIDE = Finding(
    "F006", "path-outside-folder", "A file named by the game lies outside its folder",
    "A part or strings path leaves the game folder with '..' or a symbolic link; a game "
    "must be a self-contained folder.",
    "Move the file into the game folder and name it by a relative path.")
BAD_EXTENDS = Finding(
    "E001", "bad-extends", "An edition extends a game that cannot be used",
    "`extends` names a game that does not exist, leaves the games folder, or forms a cycle "
    "of editions extending each other.",
    "Name a shipped game id or a relative folder holding a game.json, without cycles.")
BAD_PATCH = Finding(
    "E002", "bad-patch", "An edition's override cannot be merged into its parent",
    "An entry of a list has no id, uses an unknown \"$patch\", adds an id the parent already "
    "has, removes or changes one it lacks, or changes the same entry twice.",
    "Follow the message: give the entry its id, or fix \"$patch\" (add, remove) or the id.")
EDITION_PART = Finding(
    "E003", "edition-part", "An edition names a part kind or locale that cannot be resolved",
    "The manifest lists a part kind no installed ruleset reads, or a locale without its "
    "strings file in the edition or its parents.",
    "Remove the entry, or add the file it needs.")
SCHEMA_VIOLATION = Finding(
    "S001", "schema-violation", "A value breaks the file's JSON Schema",
    "The value at the pointer has the wrong type, is out of bounds, is missing, or is a "
    "property the schema does not know. Every count and size has a bound.",
    "Correct the value as the message says; `stamperia schema KIND` prints the schema.")
WRONG_SCHEMA = Finding(
    "S002", "wrong-schema", "A file names another kind's schema",
    "The file's \"$schema\" names the schema of another kind of file than the one the "
    "manifest reads it as.",
    "Set \"$schema\" to the relative path of the kind's schema, or fix the manifest entry.")
UNKNOWN_REFERENCE = Finding(
    "R001", "unknown-reference", "A name refers to nothing in the game",
    "A zone, territory, faction, card or other id is named but never defined.",
    "Use one of the defined ids (the hint suggests the closest) or define the missing one.")
DUPLICATE_ID = Finding(
    "R002", "duplicate-id", "Two entries share an id",
    "Ids must be unique within their kind, or references would be ambiguous.",
    "Rename one of the entries.")
PLAYER_RANGE = Finding(
    "R003", "player-range", "The player range is empty",
    "The manifest's minimum number of players is above the maximum.",
    "Swap or correct the numbers in \"players\".")
MISSING_TEXT = Finding(
    "R004", "missing-text", "A printed text has no string in a locale",
    "Every printed text is looked up by a key derived from ids; this locale's strings file "
    "lacks one that the content needs.",
    "Add the key to strings/LL.json for that locale.")
UNUSED_TEXT = Finding(
    "R005", "unused-text", "A string key names nothing in the game",
    "The strings file has a key that no part of the game prints, often a typo or an id "
    "renamed since.",
    "Rename the key to the one suggested, or remove it.")
UNTRANSLATED_TEXT = Finding(
    "R006", "untranslated-text", "A translation is the same as the source",
    "A translated text equals the source text, so it was probably never translated.",
    "Translate it, or list the key in \"$same_as_source\" if it is a proper noun.")
UNKNOWN_RULESET = Finding(
    "R007", "unknown-ruleset", "The game's ruleset is not installed",
    "The manifest's \"ruleset\" names a ruleset no installed package provides, in content, "
    "rules or kit.",
    "Fix the name, or install the package that provides the ruleset.")
REFERENCE_PROBLEM = Finding(
    "R008", "reference-problem", "A ruleset's cross-reference check failed",
    "The ruleset's parts refer to each other in a way that does not hold together (for "
    "example a card naming a territory of another map side).",
    "Follow the message and hint; they name both ends of the reference.")
STALE_TRANSLATION = Finding(
    "R009", "stale-translation", "A translation was made from an older source text",
    "Each translation keeps a hash of the source text it was made from (\"$source_hashes\"); "
    "the source has changed since, so the translation may no longer say the same.",
    "Review it against the source, then import it again with `stamperia l10n import`, which "
    "keeps the new source's hash.")
FUZZY_TRANSLATION = Finding(
    "R010", "fuzzy-translation", "Translations are marked fuzzy",
    "Some texts of a locale are listed in \"$fuzzy\": machine-made or not yet checked by a "
    "translator. They print, but nobody has vouched for them.",
    "Review them in a catalogue (`stamperia l10n export`), clear the fuzzy flag and import it.")
MISSING_KIT_WORD = Finding(
    "R011", "missing-kit-word", "The kit's own words are missing in a locale",
    "The guide, timing labels and section titles are the kit's words (`ui.*` keys). The "
    "package has them in Italian and English only; a build in another locale prints them in "
    "the source language. A game whose source language is neither must give them all in its "
    "source strings: that is an error, as the kit would print them in Italian.",
    "Translate the named `ui.*` keys in strings/LL.json (`stamperia l10n export` lists them).")
UNKNOWN_KIT_WORD = Finding(
    "R012", "unknown-kit-word", "A `ui.*` string is no word of the game's kit",
    "The strings file has a `ui.*` key that the kit never prints, often a typo.",
    "Rename it to the suggested key, or remove it.")
ARTWORK_PROBLEM = Finding(
    "R013", "artwork-problem", "An image cannot be printed as given",
    "An image a card, token or board names is missing, outside the game folder, of an unknown "
    "type, corrupt, too large, or an SVG with scripts or references to other files; or it is "
    "printed below 300 dpi or weighs over 20 MB.",
    "Fix the path, re-export the file as PNG, JPEG or a self-contained SVG, or give a larger "
    "image.")
FONT_PROBLEM = Finding(
    "R014", "font-problem", "A theme font cannot be used",
    "A font the theme names is missing, outside the game folder, not TrueType/OpenType, "
    "damaged so that it cannot be read, or shipped without its licence file.",
    "Put the font and its licence in the game folder and name them relative to it.")
LAYOUT_PROBLEM = Finding(
    "R015", "layout-problem", "A layout box cannot be drawn as declared",
    "A layout box lies outside the card's trim and bleed, puts text in the safe zone, names a "
    "field the bound cards lack, a widget the kit does not offer, or a layout that does not "
    "exist or inherits from itself.",
    "Move or shrink the box, add the field (or a `when` condition), or fix the name.")
SPREADSHEET_PROBLEM = Finding(
    "R016", "spreadsheet-problem", "A deck's spreadsheet cannot be read as cards",
    "A CSV or XLSX deck is missing, too large, unreadable, or has a row whose cell does not fit "
    "the column mapping (no id, a duplicate id, copies not a whole number, an unknown value).",
    "Fix the cell the message names (sheet, row and column), or the mapping in the deck file.")
KIT_WORD_FIELD = Finding(
    "R017", "kit-word-field", "A kit word has a {field} the kit does not fill",
    "A `ui.*` string of the game holds a {field} that no version of the kit's word has, a "
    "misspelt one (`{Count}`), a lone brace, or a field with an index, format or conversion: "
    "the kit could not print it.",
    "Write the fields exactly as the kit's own word does (`stamperia l10n export` shows it), "
    "or drop them; write a literal brace as {{ or }}.")
UNKNOWN_LOCALE = Finding(
    "R018", "unknown-locale", "A locale of the game is no language CLDR knows",
    "The manifest's source locale or a translation is not a BCP 47 code of a language in "
    "CLDR (`qq`, `english`): its plural forms, its catalogue header and its glyph checks "
    "would all be guessed.",
    "Write language[-Script][-REGION] as CLDR knows it, e.g. it, fr, pt-BR, zh-Hans.")
EMPTY_BAND = Finding(
    "R019", "empty-band", "A target band of the manifest is empty",
    "A band of the manifest's `targets` (playing time, turns, the share of games of an "
    "end) has its minimum above its maximum: every figure the simulation measures would "
    "read as outside it.",
    "Swap or correct the band's \"min\" and \"max\".")
RULES_VIOLATION = Finding(
    "G001", "rules-violation", "The content disagrees with the game's rules",
    "The ruleset's checker found content the rulebook does not allow: borders that differ "
    "from the drawn cells, counts that differ from the derived ones, a setup that cannot be "
    "dealt for some player count, and the like.",
    "Follow the message, which names the rule and the numbers; change the content or declare "
    "the exception with its reason.")
MAP_GEOMETRY = Finding(
    "G002", "map-geometry", "The map disagrees with its drawn cells",
    "Borders, links, zones or spaces declared in the content differ from what the drawn "
    "cells give (territories that touch, cells drawn twice, places no piece can reach).",
    "Change the cells or the declaration so they agree; declare a real exception (a bridge, "
    "a stone marker) with its reason.")
SETUP_IMPOSSIBLE = Finding(
    "G003", "setup-impossible", "The setup cannot be dealt for a player count",
    "Simulating the rulebook's setup for some number of players ran out of territories, "
    "pieces or cards, or broke a rule of the setup.",
    "Follow the message, which names the player count: add the pieces or cards, or change "
    "the setup table.")
COMPONENT_COUNTS = Finding(
    "G004", "component-counts", "Cards or components disagree with the rules",
    "A deck, objective card or component count differs from what the rules derive or "
    "allow, or a stated total disagrees with the one computed from the data.",
    "Correct the count named, or the value the rules derive it from.")
SIMULATION_STUCK = Finding(
    "G005", "simulation-stuck", "A simulated game does not end by the rules",
    "The short seeded smoke run played a game that never reached an end the rules define.",
    "Replay it with the `stamperia simulate` command in the hint and see what keeps it "
    "going.")
MISSING_PART = Finding(
    "G006", "missing-part", "The ruleset needs a part the game lacks",
    "The game's ruleset needs a part (a board, a component set) or a setting that the "
    "manifest does not name.",
    "Add the part file to \"parts\" in game.json, or the setting the message names.")
COLOUR_CLASH = Finding(
    "G007", "colour-clash", "Two colours players must tell apart look alike",
    "Two adjacent zones, two factions, two biomes or two tribes are closer than ΔE2000 10 "
    "in normal vision, in greyscale or under one of the three colour-vision deficiencies "
    "(deuteranopia, protanopia, tritanopia), so some players cannot tell them apart.",
    "Change one of the two colours, its lightness as well as its hue; the message names the "
    "vision in which they clash.")
HELD_AFTER_SETUP = Finding(
    "B001", "held-after-setup", "Objectives are already held right after setup",
    "In the balance stage's seeded games, more than 5% of seats held their objective as soon "
    "as setup ended, so they could win without playing.",
    "Make the objectives harder to hold by setup alone (more or other territories).")
FIRST_ROUND_END = Finding(
    "B002", "first-round-end", "Games end in the first round",
    "Some seeded games ended before every seat had a turn.",
    "Make the objectives or end conditions harder to reach at once.")
UNFAIR_WIN_RATE = Finding(
    "B003", "unfair-win-rate", "A seat, faction or card wins far from its fair share",
    "Among purposeful seats, a group's win rate differs from the fair share by the binomial "
    "score test, corrected for the number of groups tested (Holm, familywise 1%); the "
    "warning gives the effect in points with its 95% interval, the corrected p-value and in "
    "how many of 3 seed blocks it holds.",
    "Rebalance the group named; run `stamperia simulate` with more games (`--until-sure`) "
    "and `--fix` to find what drives it and test an edit.")
CAPPED_GAMES = Finding(
    "B004", "capped-games", "Games were stopped by the turn cap",
    "Some seeded games of the purposeful seats did not end on their own and were stopped by "
    "the simulator's cap (random seats play towards no end: their games are not counted).",
    "Check that the end conditions can be reached with this content.")
CARD_NEVER_PLAYED = Finding(
    "B005", "card-never-played", "An action card was never played",
    "No seeded game played this card, so it may be useless or unplayable.",
    "Check the card's timing and conditions, or make it more useful.")
TEXT_OVERFLOW = Finding(
    "K001", "text-overflow", "A printed text does not fit its box",
    "Even at the box's minimum font size the text is too tall, or one word is too wide.",
    "Shorten the text (or the texts it is made of).")
MISSING_GLYPH = Finding(
    "K002", "missing-glyph", "A printed text holds a character its font cannot draw",
    "The font chosen for the text has no glyph for the character, so the printed kit would "
    "show an empty box in its place. The bundled DejaVu Sans covers Latin, Greek and "
    "Cyrillic, not Chinese, Japanese or Korean.",
    "Replace or transliterate the characters named; printing that script needs a font that "
    "covers it, which stamperia does not bundle yet.")
NO_KIT = Finding(
    "K003", "no-kit", "The ruleset has no printable kit",
    "The text-fit and glyph checks need the ruleset's kit, which is not installed.",
    "Install the package that provides the ruleset's kit.")
FONT_UNAVAILABLE = Finding(
    "K004", "font-unavailable", "The fonts cannot be loaded",
    "The bundled font files are missing or unreadable, so texts cannot be measured.",
    "Reinstall stamperia or restore generator/fonts.")
SMALL_TEXT = Finding(
    "K005", "small-text", "A printed text is smaller than 6 pt",
    "Fitted to its box at the card size built (or one game.json's card_sizes declares), "
    "the text shrank below 6 pt, which many players cannot read on a printed card; a build "
    "at that size refuses it.",
    "Shorten the text, or give its box more room in the layout.")
LOW_CONTRAST = Finding(
    "K006", "low-contrast", "A printed text is too faint against its background",
    "The contrast of the text's colour with what is painted under it is below WCAG AA: "
    "4.5:1, or 3:1 for text from 18 pt (14 pt bold).",
    "Darken or lighten the text or its background colour.")
BACKS_ALIKE = Finding(
    "K007", "backs-alike", "Two decks' card backs on one sheet look alike",
    "The backs of two decks printed on the same sheet are closer than ΔE2000 10 in some "
    "vision, so the cards are easily mixed up when cutting and sorting.",
    "Give the decks back colours of different lightness.")
CANNOT_LAY_OUT = Finding(
    "K008", "cannot-lay-out", "The kit cannot lay out a component",
    "A component does not fit the largest paper the kit prints on (a board larger than "
    "A1), so no page can hold it.",
    "Make it smaller in the content (for a board, smaller hex cells) or split it.")
PRINTED_RAW_TEXT = Finding(
    "K009", "printed-raw-text", "The kit prints a key, a placeholder or an id",
    "Read back from the laid-out kit, a text box prints a string key that resolved to "
    "itself, a {field} or {icon:...} nobody filled, or a snake_case id where a name belongs.",
    "Give the box a string of the game (a key every locale has), or a field the record has.")
PRINTED_SOURCE_TEXT = Finding(
    "K010", "printed-source-text", "A translated kit prints the source language",
    "Read back from a translation's kit, a text box prints the source locale's text: the "
    "locale has no text for its key, or the text is a content field or a source string that "
    "is not a name the locale keeps.",
    "Translate it in strings/LL.json, or list the key in \"$same_as_source\" if it is a "
    "proper noun.")
PRINTED_PIECE_MISSING = Finding(
    "K011", "printed-piece-missing", "The kit would print something other than declared",
    "Read back from the laid-out kit, an image box draws no file (or, under build --verify, "
    "prints as a flat fill where the art is not), a text is set in a font the kit cannot "
    "embed, a sheet places a different number of cards than the kit lists, or a piece "
    "prints a different number of copies than the content declares.",
    "Restore the file or the font the message names; a card count that differs is a bug "
    "to report.")
OUT_OF_GAMUT = Finding(
    "K012", "out-of-gamut", "A palette colour cannot be printed on a press",
    "Converted to the press's CMYK (FOGRA39L coated, relative colorimetric with black point "
    "compensation, at most 300 % ink) and shown back, the colour moves more than ΔE2000 5: "
    "print-shop copies will look visibly duller or shifted from the screen and the home "
    "print.",
    "Choose a less saturated colour; the message names the printable neighbour the press "
    "gives.")
MISSED_CHECK = Finding(
    "X001", "missed-check", "A stage failed on content the earlier stages accepted",
    "Every earlier check passed, yet a later stage could not handle the content: stamperia "
    "lacks a check that would have said what is wrong.",
    "Please report it with the game's files; meanwhile the message says where it failed.")

FINDINGS: tuple[Finding, ...] = tuple(sorted((
    FILE_NOT_FOUND, UNREADABLE_FILE, MALFORMED_JSON, CONTROL_CHARACTER, FILE_TOO_LARGE,
    PATH_OUTSIDE, BAD_EXTENDS, BAD_PATCH, EDITION_PART, SCHEMA_VIOLATION, WRONG_SCHEMA,
    UNKNOWN_REFERENCE,
    DUPLICATE_ID, PLAYER_RANGE, MISSING_TEXT, UNUSED_TEXT, UNTRANSLATED_TEXT, UNKNOWN_RULESET,
    REFERENCE_PROBLEM, STALE_TRANSLATION, FUZZY_TRANSLATION, MISSING_KIT_WORD, UNKNOWN_KIT_WORD,
    ARTWORK_PROBLEM, FONT_PROBLEM, LAYOUT_PROBLEM, SPREADSHEET_PROBLEM, KIT_WORD_FIELD,
    UNKNOWN_LOCALE, EMPTY_BAND,
    RULES_VIOLATION, MAP_GEOMETRY, SETUP_IMPOSSIBLE, COMPONENT_COUNTS,
    SIMULATION_STUCK, MISSING_PART, COLOUR_CLASH, HELD_AFTER_SETUP, FIRST_ROUND_END,
    UNFAIR_WIN_RATE, CAPPED_GAMES, CARD_NEVER_PLAYED, TEXT_OVERFLOW, MISSING_GLYPH, NO_KIT,
    CANNOT_LAY_OUT,
    FONT_UNAVAILABLE, SMALL_TEXT, LOW_CONTRAST, BACKS_ALIKE, PRINTED_RAW_TEXT,
    PRINTED_SOURCE_TEXT, PRINTED_PIECE_MISSING, OUT_OF_GAMUT,
    MISSED_CHECK), key=lambda f: (next(i for i, s in enumerate(STAGES)
                                       if s.letter == f.code[0]), f.code)))
"""Every kind, in stage order then code order."""


def finding(code: str) -> Finding | None:
    """The kind with this code (`R001`), slug (`unknown-reference`) or label; None if none."""
    wanted = code.strip()
    for kind in FINDINGS:
        if wanted.upper() == kind.code or wanted.lower() in (kind.slug, kind.label.lower()):
            return kind
    return None
