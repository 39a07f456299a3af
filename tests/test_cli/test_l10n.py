"""`stamperia l10n export | import | status` through the CLI, on copies of games."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from gamefixtures import FIXTURES

from stamperia.cli import cli


def _run(*arguments: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, list(arguments))
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    return result.exit_code, result.stdout


def test_export_writes_a_po_catalogue_to_standard_output(tiny: Path) -> None:
    code, output = _run("l10n", "export", "tiny", "--locale", "en")
    assert code == 0
    assert output.splitlines()[:13] == [
        "#", 'msgid ""', 'msgstr ""', '"Project-Id-Version: PICCOLO\\n"', '"Language: en\\n"',
        '"MIME-Version: 1.0\\n"', '"Content-Type: text/plain; charset=UTF-8\\n"',
        '"Content-Transfer-Encoding: 8bit\\n"', '"Plural-Forms: nplurals=2; plural=(n != 1);\\n"',
        '"X-Generator: stamperia l10n export\\n"', '"X-Source-Language: it\\n"',
        '"X-Stamperia-Edition: tiny\\n"', ""]
    assert ('#. actions/rossi/zannata, a box of 52 x 44 mm at 6.5 pt; room about 465\n'
            '#. characters at the minimum size\n'
            '#: decks.json:42\n'
            'msgctxt "card.actions.zannata.text"\n') in output
    assert _run("l10n", "export", "tiny", "--locale", "en") == (0, output)


def test_export_to_a_file_then_import_it_unchanged(tiny: Path) -> None:
    code, _ = _run("l10n", "export", "tiny", "--locale", "en", "--format", "xliff",
                   "--output", "en.xlf")
    assert code == 0 and Path("en.xlf").read_text(encoding="utf-8").startswith("<?xml")
    assert _run("l10n", "import", "tiny", "en.xlf") == (
        0, "tiny: imported 38 en text(s), 0 fuzzy, into tiny/strings/en.json\n")
    first = (tiny / "strings" / "en.json").read_bytes()
    _run("l10n", "export", "tiny", "--locale", "en", "--format", "csv", "--output", "en.csv")
    _run("l10n", "import", "tiny", "en.csv")
    assert (tiny / "strings" / "en.json").read_bytes() == first


def test_import_errors_name_the_line_exit_1_and_write_nothing(tiny: Path) -> None:
    _run("l10n", "export", "tiny", "--locale", "en", "--output", "en.po")
    path = Path("en.po")
    text = path.read_text(encoding="utf-8").replace(
        'msgstr "Total {total} points"', 'msgstr "Total points"')
    path.write_text(text, encoding="utf-8")
    line = text.splitlines().index('msgctxt "ui.card.total"') + 1
    before = (tiny / "strings" / "en.json").read_bytes()
    assert _run("l10n", "import", "tiny", "en.po") == (1, (
        f"en.po:{line}: /ui/card/total: the translation of 'ui.card.total' has other "
        "placeholders than the source (missing: {total}; not in the source: none) (keep every "
        "{...} of the source exactly as written)\n"
        "en.po: not imported: fix the problems above\n"))
    assert (tiny / "strings" / "en.json").read_bytes() == before


def test_status_counts_translated_fuzzy_and_missing(tiny: Path) -> None:
    assert _run("l10n", "status", "tiny") == (0, (
        "game       locale  texts        translated             fuzzy           missing\n"
        "tiny       en        123      123 (100.0%)        0 (  0.0%)        0 (  0.0%)\n"))
    code, output = _run("l10n", "status", "tiny", "--json")
    assert json.loads(output)[0]["percent"] == {"translated": 100.0, "fuzzy": 0.0,
                                                "missing": 0.0}


@pytest.mark.parametrize(("arguments", "message"), [
    (("--locale", "en", "--format", "docx"),
     "Invalid value for '--format': 'docx' is not one of 'po', 'xliff', 'csv'."),
    (("--locale", "en_GB"), "Invalid value for --locale: 'en_GB' is not a BCP 47 locale code: "
                            "write language[-Script][-REGION], e.g. fr, pt-BR, zh-Hans"),
    (("--locale", "it"), "Invalid value for --locale: 'it' is the source locale of tiny: "
                         "choose a translation"),
])
def test_usage_errors_exit_2(tiny: Path, arguments: tuple[str, ...], message: str) -> None:
    result = CliRunner().invoke(cli, ["l10n", "export", "tiny", *arguments])
    assert result.exit_code == 2
    assert result.output.splitlines()[-1] == f"Error: {message}"


def test_a_build_in_a_locale_without_the_kits_words_warns_with_the_keys(tiny: Path) -> None:
    english = (FIXTURES / "tiny" / "strings" / "en.json").read_text(encoding="utf-8")
    (tiny / "strings" / "de.json").write_text(english, encoding="utf-8")
    manifest = tiny / "game.json"
    manifest.write_text(manifest.read_text(encoding="utf-8").replace(
        '      "en"\n', '      "en",\n      "de"\n'), encoding="utf-8")
    code, output = _run("build", "tiny", "--locale", "de", "--out", "out")
    assert code == 0
    warning = next(line for line in output.splitlines() if "kit's words" in line)
    assert warning.startswith("tiny: warning: de: 85 of the kit's words have no de text and "
                              "print in it: ui.board.legend, ui.board.territories.one, ")
    assert warning.endswith(", ui.kit.factions, ui.kit.guide, ui.calibration.title, "
                            "ui.calibration.steps, ui.calibration.back, ui.kit.calibration")


def test_export_measures_a_cards_game_with_its_themes_fonts(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The template's theme ships its own font family: the rooms are measured with it, as
    the kit prints (it failed with "unknown font family 'Lettera'")."""
    monkeypatch.chdir(tmp_path)
    assert CliRunner().invoke(cli, ["new", "mygame"]).exit_code == 0
    result = CliRunner().invoke(cli, ["l10n", "export", "mygame", "--locale", "fr",
                                      "--output", "fr.po"])
    assert result.exit_code == 0, result.output
    assert 'msgctxt "game.title"' in Path("fr.po").read_text(encoding="utf-8")
