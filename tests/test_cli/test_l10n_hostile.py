"""`stamperia l10n import` against hostile or stale catalogues: entities, pipes, a source
text that is not the game's. Each refusal names the file and line and writes nothing."""

from __future__ import annotations

import csv
import json
import os
from pathlib import Path

import pytest
from click.testing import CliRunner

from stamperia.cli import cli


def _run(*arguments: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, list(arguments))
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    return result.exit_code, result.stdout


def _translated_xliff() -> str:
    """The tiny game's English catalogue with every text translated as it was."""
    _run("l10n", "export", "tiny", "--locale", "en", "--format", "xliff", "--output", "en.xlf")
    return Path("en.xlf").read_text(encoding="utf-8")


@pytest.mark.parametrize("declaration", [
    '<!DOCTYPE xliff [<!ENTITY e SYSTEM "file:///etc/passwd">]>',
    '<!DOCTYPE xliff [<!ENTITY e "Piccolo">]>',
])
def test_an_xliff_declaring_entities_is_refused_not_imported_as_text(
        tiny: Path, declaration: str) -> None:
    text = _translated_xliff()
    header, rest = text.split("\n", 1)
    assert "<target>TINY</target>" in rest
    rest = rest.replace("<target>TINY</target>", "<target>&e;</target>", 1)
    Path("en.xlf").write_text(f"{header}\n{declaration}\n{rest}", encoding="utf-8")
    before = (tiny / "strings" / "en.json").read_bytes()
    assert _run("l10n", "import", "tiny", "en.xlf") == (1, (
        "en.xlf:2: /: the xliff file does not parse: it declares a DOCTYPE or entities, which "
        "are refused (XLIFF needs neither) (fix the syntax (a catalogue editor shows where) "
        "or export a fresh one)\n"
        "en.xlf: not imported: fix the problems above\n"))
    assert (tiny / "strings" / "en.json").read_bytes() == before


def test_a_catalogue_that_is_a_pipe_is_refused_not_waited_on(tiny: Path) -> None:
    os.mkfifo("en.po")
    assert _run("l10n", "import", "tiny", "en.po") == (1, (
        "en.po:1: /: cannot read the file: not a regular file (a pipe or a device) "
        "(give a catalogue file you may read)\n"
        "en.po: not imported: fix the problems above\n"))


def test_an_entry_translated_from_another_source_is_imported_as_stale(tiny: Path) -> None:
    _run("l10n", "export", "tiny", "--locale", "en", "--output", "en.po")
    text = Path("en.po").read_text(encoding="utf-8")
    assert 'msgid "PICCOLO"\nmsgstr "TINY"' in text
    Path("en.po").write_text(text.replace('msgid "PICCOLO"', 'msgid "PICCOLINO"', 1),
                             encoding="utf-8")
    line = text.splitlines().index('msgid "PICCOLO"')  # the msgctxt line above it, 1-based
    code, output = _run("l10n", "import", "tiny", "en.po")
    assert (code, output) == (0, (
        f"en.po:{line}: /game/title: warning: the catalogue's source text of 'game.title' is "
        "not the game's: imported, marked stale (review it against the game's source, or "
        "export a fresh catalogue and translate it there)\n"
        "tiny: imported 38 en text(s), 0 fuzzy, 1 stale, into tiny/strings/en.json\n"))
    code, output = _run("check", "tiny", "--no-balance")
    assert "/game/title: warning: en text 'game.title' is stale" in output


@pytest.mark.parametrize("title", ["=cmd|' /C calc'!A0", "+SUM(A1)", "-5 punti", "@A1",
                                   "'=already quoted", "'tis plain"])
def test_a_csv_catalogue_holds_no_formula_and_imports_back_unchanged(
        tiny: Path, title: str) -> None:
    """Cells a spreadsheet would run are exported behind one quote, which import removes."""
    strings = tiny / "strings" / "en.json"
    data = json.loads(strings.read_text(encoding="utf-8"))
    data["game"]["title"] = title
    strings.write_text(json.dumps(data, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    _run("l10n", "export", "tiny", "--locale", "en", "--format", "csv", "--output", "en.csv")
    with Path("en.csv").open(encoding="utf-8", newline="") as sheet:
        cells = [cell for row in csv.reader(sheet) for cell in row]
    assert not [cell for cell in cells if cell[:1] in ("=", "+", "-", "@", "\t", "\r")]
    assert _run("l10n", "import", "tiny", "en.csv")[0] == 0
    imported = json.loads(strings.read_text(encoding="utf-8"))
    imported.pop("$source_hashes")  # what import records of the sources translated
    assert imported == data


def test_a_csv_catalogue_saved_with_a_byte_order_mark_imports(tiny: Path) -> None:
    """Excel's "CSV UTF-8" starts the file with a byte-order mark."""
    _run("l10n", "export", "tiny", "--locale", "en", "--format", "csv", "--output", "en.csv")
    text = Path("en.csv").read_text(encoding="utf-8")
    Path("en.csv").write_text("\ufeff" + text, encoding="utf-8")
    assert _run("l10n", "import", "tiny", "en.csv") == (
        0, "tiny: imported 38 en text(s), 0 fuzzy, into tiny/strings/en.json\n")


def test_a_po_file_holding_a_path_is_not_read_as_that_file(tiny: Path) -> None:
    """polib reads any text that names an existing file: the path is refused as text."""
    _run("l10n", "export", "tiny", "--locale", "en", "--output", "other.po")
    Path("en.po").write_text(str(Path("other.po").resolve()), encoding="utf-8")
    code, output = _run("l10n", "import", "tiny", "en.po")
    assert (code, output) == (1, (
        "en.po:1: /: the po file does not parse: the file holds the path of another file, "
        "not a PO catalogue (fix the syntax (a catalogue editor shows where) or export a "
        "fresh one)\n"
        "en.po: not imported: fix the problems above\n"))


def test_a_translation_holding_a_control_character_is_refused_at_its_line(tiny: Path) -> None:
    """check refuses a strings file holding ESC: the import never writes one."""
    _run("l10n", "export", "tiny", "--locale", "en", "--output", "en.po")
    text = Path("en.po").read_text(encoding="utf-8")
    Path("en.po").write_text(text.replace('msgstr "TINY"', 'msgstr "TI\x1b[31mNY"', 1),
                             encoding="utf-8")
    line = next(n for n, row in enumerate(text.splitlines(), 1) if row == 'msgstr "TINY"')
    before = (tiny / "strings" / "en.json").read_bytes()
    code, output = _run("l10n", "import", "tiny", "en.po")
    assert code == 1
    assert output.splitlines()[0].startswith(
        f"en.po:{line - 2}: /game/title: the translation of 'game.title' holds a control "
        "character, U+001B, at position 3 (remove the character")
    assert (tiny / "strings" / "en.json").read_bytes() == before


def test_a_catalogue_of_thousands_of_unknown_keys_lists_a_hundred_and_counts_the_rest(
        tiny: Path) -> None:
    _run("l10n", "export", "tiny", "--locale", "en", "--output", "en.po")
    extra = "".join(f'\nmsgctxt "no.such.key{i}"\nmsgid "x"\nmsgstr "y"\n'
                    for i in range(3000))
    Path("en.po").write_text(Path("en.po").read_text(encoding="utf-8") + extra,
                             encoding="utf-8")
    code, output = _run("l10n", "import", "tiny", "en.po")
    lines = output.splitlines()
    assert code == 1 and len(lines) == 102
    assert sum("unknown key" in line for line in lines) == 100
    assert [line for line in lines if "more problem" in line][0].endswith(
        ": /: and 2,900 more problem(s) not listed (is this the catalogue of this game? "
        "export a fresh one)")


def test_a_strings_file_of_no_locale_is_a_warning(tiny: Path) -> None:
    """What an import killed between writing strings/de.json and adding de to game.json
    leaves: check says so instead of nothing."""
    (tiny / "strings" / "de.json").write_bytes((tiny / "strings" / "en.json").read_bytes())
    result = CliRunner().invoke(cli, ["check", "tiny", "--no-balance"])
    assert ("tiny/game.json:10: /locales: warning: strings/de.json is the strings file of no "
            "locale of this game (add 'de' to locales.translations (an import may have been "
            "stopped before it could), or delete the file) [R005]") in result.output.splitlines()


def test_an_import_tidies_the_leftovers_of_a_killed_one(tiny: Path) -> None:
    _run("l10n", "export", "tiny", "--locale", "en", "--output", "en.po")
    old = tiny / "strings" / ".en.json.k1ll3d"
    fresh = tiny / "strings" / ".en.json.l1v3"
    old.write_text("half", encoding="utf-8")
    fresh.write_text("being written", encoding="utf-8")
    os.utime(old, (1_000_000_000, 1_000_000_000))
    assert _run("l10n", "import", "tiny", "en.po")[0] == 0
    assert not old.exists() and fresh.exists()
