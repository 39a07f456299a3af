"""Catalogues (stamperia.content.l10n): export, import and the round trip, on copies of games."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from gamefixtures import FIXTURES, make_game
from lxml import etree

from stamperia.content.errors import ContentProblems
from stamperia.content.l10n.csvfile import write_csv
from stamperia.content.l10n.export import build_catalogue
from stamperia.content.l10n.importing import import_catalogue, read_catalogue
from stamperia.content.l10n.model import KitWords, Placement, placeholders, source_hash
from stamperia.content.l10n.po import write_po
from stamperia.content.l10n.status import game_status
from stamperia.content.l10n.stringsfile import add_locale
from stamperia.content.l10n.xliff import write_xliff
from stamperia.content.loader import load_game

KIT = KitWords({"ui.kit.cards": "Carte", "ui.guide.pages.one": "{count} pagina",
                "ui.guide.pages.other": "{count} pagine"},
               {"it": {}, "en": {"ui.kit.cards": "Cards", "ui.guide.pages.one": "{count} page",
                                 "ui.guide.pages.other": "{count} pages"}})
WRITERS = {"po": write_po, "xliff": write_xliff, "csv": write_csv}
SUFFIX = {"po": ".po", "xliff": ".xlf", "csv": ".csv"}


def _export(folder: Path, locale: str, kind: str, target: Path) -> Path:
    game = load_game(str(folder))
    target.write_text(WRITERS[kind](build_catalogue(game, locale, KIT, {})), encoding="utf-8")
    return target


def _import(folder: Path, path: Path, kind: str) -> None:
    import_catalogue(load_game(str(folder)), folder, read_catalogue(path, path.name, kind), KIT)


def test_source_hash_is_the_first_12_hex_digits_of_sha256() -> None:
    assert source_hash("Nurra") == "129aaae15a25"
    assert placeholders("Totale {total} punti {icon:boar}") == {"{total}", "{icon:boar}"}


@pytest.mark.parametrize("kind", ["po", "xliff", "csv"])
def test_a_round_trip_gives_the_same_strings_file_byte_for_byte(kind: str,
                                                                 tmp_path: Path) -> None:
    folder = make_game(tmp_path, game="sgrunt")
    before = (folder / "strings" / "en.json").read_bytes()
    manifest = (folder / "game.json").read_bytes()
    path = _export(folder, "en", kind, tmp_path / f"en{SUFFIX[kind]}")
    _import(folder, path, kind)
    assert (folder / "strings" / "en.json").read_bytes() == before
    assert (folder / "game.json").read_bytes() == manifest


def test_import_keeps_hashes_fuzzy_flags_and_the_translators_lists(tmp_path: Path) -> None:
    folder = make_game(tmp_path)
    path = _export(folder, "en", "po", tmp_path / "en.po")
    text = path.read_text(encoding="utf-8").replace(
        'msgctxt "territory.nord.name"', '#, fuzzy\nmsgctxt "territory.nord.name"')
    path.write_text(text, encoding="utf-8")
    _import(folder, path, "po")
    data = json.loads((folder / "strings" / "en.json").read_text(encoding="utf-8"))
    assert list(data)[:4] == ["$schema", "$same_as_source", "$fuzzy", "$source_hashes"]
    assert data["$fuzzy"] == ["territory.nord.name"]
    assert data["$source_hashes"]["territory.nord.name"] == source_hash("Nord")
    assert "ui.kit.cards" not in data["$source_hashes"]  # the package default: not kept
    assert data["$same_as_source"][0] == "territory.*"
    again = build_catalogue(load_game(str(folder)), "en", KIT, {})
    assert [e.key for e in again.entries if e.fuzzy] == ["territory.nord.name"]


def test_a_changed_source_makes_the_translation_fuzzy_and_check_warns(tmp_path: Path) -> None:
    folder = make_game(tmp_path)
    _import(folder, _export(folder, "en", "po", tmp_path / "en.po"), "po")
    source = folder / "strings" / "it.json"
    source.write_text(source.read_text(encoding="utf-8").replace('"Nord"', '"Nord alto"'),
                      encoding="utf-8")
    game = load_game(str(folder))
    entry = next(e for e in build_catalogue(game, "en", KIT, {}).entries
                 if e.key == "territory.nord.name")
    assert (entry.source, entry.translation, entry.fuzzy) == ("Nord alto", "Nord", True)
    assert [w.format() for w in game.warnings if "stale" in w.message] == [
        f"{folder}/strings/en.json:55: /territory/nord/name: warning: en text "
        "'territory.nord.name' is stale: its source changed since it was translated "
        "(review it against the source, then import it again with `stamperia l10n import` "
        "(which keeps the new source's hash))"]


def test_po_entries_carry_key_source_context_room_comments_and_flags(tmp_path: Path) -> None:
    folder = make_game(tmp_path, [{"file": "strings/it.json", "op": "set",
                                   "pointer": "/$comments",
                                   "value": {"territory.nord.name": "a region's name"}}])
    game = load_game(str(folder))
    placements = {"territory.nord.name": Placement("board A2, a box of 40 x 12 mm at 5 pt", 31)}
    text = write_po(build_catalogue(game, "en", KIT, placements))
    assert ('#. board A2, a box of 40 x 12 mm at 5 pt; room about 31 characters at the\n'
            '#. minimum size\n'
            "#. a region's name\n"
            '#: board.json:30\n'
            'msgctxt "territory.nord.name"\n'
            'msgid "Nord"\n'
            'msgstr "Nord"\n') in text
    assert '"Plural-Forms: nplurals=2; plural=(n != 1);\\n"' in text
    assert '"X-Stamperia-Edition: tiny\\n"' in text
    assert ('#, python-brace-format\nmsgctxt "ui.guide.pages.one"\nmsgid "{count} pagina"\n'
            'msgstr "{count} page"\n') in text


def test_the_xliff_export_is_valid_against_the_xliff_2_core_schema(tmp_path: Path) -> None:
    folder = make_game(tmp_path)
    game = load_game(str(folder))
    schema = etree.XMLSchema(etree.parse(str(FIXTURES / "xliff" / "xliff_core_2.0.xsd")))
    for locale in ("en", "de"):
        document = etree.fromstring(
            write_xliff(build_catalogue(game, locale, KIT, {})).encode("utf-8"))
        assert schema.validate(document), schema.error_log


def _messages(folder: Path, path: Path, kind: str) -> list[str]:
    with pytest.raises(ContentProblems) as raised:
        _import(folder, path, kind)
    return [p.format() for p in raised.value.problems]


def test_bad_entries_are_named_at_their_line_and_nothing_is_written(tmp_path: Path) -> None:
    folder = make_game(tmp_path)
    path = _export(folder, "en", "po", tmp_path / "en.po")
    text = path.read_text(encoding="utf-8")
    text = text.replace('msgctxt "territory.nord.name"', 'msgctxt "territory.nordd.name"')
    text = text.replace('msgstr "{count} pages"', 'msgstr "{n} pages"')
    text += '\nmsgctxt "game.title"\nmsgid "PICCOLO"\nmsgstr "TINY"\n'
    path.write_text(text, encoding="utf-8")
    before = {p.name: p.read_bytes() for p in (folder / "strings").iterdir()}
    lines = text.splitlines()
    at = {key: lines.index(f'msgctxt "{key}"') + 1
          for key in ("territory.nordd.name", "ui.guide.pages.other")}
    duplicate = len(lines) - 2
    first = lines.index('msgctxt "game.title"') + 1
    assert _messages(folder, path, "po") == [
        "en.po:5: /territory/nord/name: no translation of 'territory.nord.name' (the "
        "catalogue has no entry for it) (every text of the game needs one in each locale: "
        "translate it, or copy the source for a proper noun (and list it in "
        "\"$same_as_source\"))",
        f"en.po:{at['territory.nordd.name']}: /territory/nordd/name: unknown key "
        "'territory.nordd.name' (did you mean 'territory.nord.name'?)",
        f"en.po:{at['ui.guide.pages.other']}: /ui/guide/pages/other: the translation of "
        "'ui.guide.pages.other' has other placeholders than the source (missing: {count}; "
        "not in the source: {n}) (keep every {...} of the source exactly as written)",
        f"en.po:{duplicate}: /game/title: duplicate entry for 'game.title' (keep one: the "
        f"first is at line {first})",
    ]
    assert {p.name: p.read_bytes() for p in (folder / "strings").iterdir()} == before


def test_a_catalogue_of_another_game_or_locale_is_refused(tmp_path: Path) -> None:
    folder = make_game(tmp_path)
    other = make_game(tmp_path / "other", game="splut")
    path = _export(other, "en", "po", tmp_path / "splut.po")
    assert _messages(folder, path, "po") == [
        "splut.po:5: /: this catalogue is for 'splut', not 'tiny' (import it into splut, or "
        "export a catalogue of tiny)"]
    mine = _export(folder, "en", "csv", tmp_path / "en.csv")
    mine.write_text(mine.read_text(encoding="utf-8").replace(",tiny,en,", ",tiny,en_GB,"),
                    encoding="utf-8")
    assert _messages(folder, mine, "csv") == [
        "en.csv:1: /: 'en_GB' is not a BCP 47 locale code: write language[-Script][-REGION], "
        "e.g. fr, pt-BR, zh-Hans (set the catalogue's target language)"]


@pytest.mark.parametrize(("kind", "text", "expected"), [
    ("po", 'msgid ""\nmsgstr ""\n\nmsgid "a"\nmsgstr "b"\nmsgstr "c"\n',
     "bad.po:6: /: the po file does not parse: Syntax error in po file (line 6)"),
    ("xliff", '<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0">\n'
              '<file id="tiny">\n</xliff>\n',
     "bad.xlf:3: /: the xliff file does not parse: Opening and ending tag mismatch: file "
     "line 2 and xliff, line 3, column 9"),
    ("csv", 'key,context\n', "bad.csv:1: /: the csv file does not parse: the first row must "
                             "be the header key,context,source,translation,fuzzy,comment"),
])
def test_a_file_that_does_not_parse_names_the_line_and_the_parsers_message(
        kind: str, text: str, expected: str, tmp_path: Path) -> None:
    path = tmp_path / f"bad{SUFFIX[kind]}"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ContentProblems) as raised:
        read_catalogue(path, path.name, kind)
    assert [p.format().split(" (fix the syntax")[0] for p in raised.value.problems] == [
        expected]


def test_a_new_locale_is_added_to_the_manifest_with_a_minimal_edit(tmp_path: Path) -> None:
    folder = make_game(tmp_path)
    game = load_game(str(folder))
    path = tmp_path / "de.po"
    catalogue = build_catalogue(game, "de", KIT, {})
    path.write_text(_filled(write_po(catalogue)), encoding="utf-8")
    before = (folder / "game.json").read_text(encoding="utf-8")
    _import(folder, path, "po")
    after = (folder / "game.json").read_text(encoding="utf-8")
    assert after == before.replace('      "en"\n', '      "en",\n      "de"\n')
    total = len(catalogue.entries)
    assert [(s.locale, s.translated, s.fuzzy, s.missing)
            for s in game_status(load_game(str(folder)), KIT)] == [
        ("en", total, 0, 0), ("de", total - 3, 0, 3)]


def _filled(po_text: str) -> str:
    """Every empty msgstr of a game text filled with its msgid (kit words left empty)."""
    import polib

    po = polib.pofile(po_text)
    for entry in po:
        if not entry.msgctxt.startswith("ui."):
            entry.msgstr = entry.msgid
    return str(po)


def test_add_locale_keeps_every_other_byte() -> None:
    inline = '{"locales": {"source": "it", "translations": ["en"]},\n "x": 1}'
    assert add_locale(inline, "fr") == inline.replace('["en"]', '["en", "fr"]')
    listed = '{\n  "locales": {\n    "translations": [\n      "en"\n    ]\n  }\n}'
    assert add_locale(listed, "fr") == listed.replace('"en"', '"en",\n      "fr"')
    assert add_locale('{"locales": {"source": "it"}}', "fr") == (
        '{"locales": {"source": "it", "translations": ["fr"]}}')
