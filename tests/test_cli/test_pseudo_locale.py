"""`stamperia check --pseudo`: text that fits in the source but not 40% longer is reported."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from gamefixtures import make_game

from stamperia.cli import cli
from stamperia.content.l10n.pseudo import pseudo_text

NEAR_THE_LIMIT = ("parola " * 76).strip()


def test_pseudo_text_is_accented_and_longer() -> None:
    text = pseudo_text("Carica bestiale")
    assert text.startswith("Çàrîçà béştîàłé ~ΩЖệ")
    assert len(text) == round(len("Carica bestiale") * 1.4)


def test_pseudo_locale_finds_overflow_before_translators(tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch
                                                          ) -> None:
    make_game(tmp_path, [{"file": "strings/it.json", "op": "set",
                          "pointer": "/card/events/calma/text", "value": NEAR_THE_LIMIT}])
    monkeypatch.chdir(tmp_path)
    plain = CliRunner().invoke(cli, ["check", "tiny", "--no-balance"])
    assert plain.exit_code == 0
    pseudo = CliRunner().invoke(cli, ["check", "tiny", "--pseudo", "--no-balance"])
    assert pseudo.exit_code == 1
    assert pseudo.output.splitlines()[0].startswith(
        "tiny/strings/it.json:77: /card/events/calma/text: pseudo-locale text "
        "'card.events.calma.text' does not fit its box even at 6.5 pt (TI-EVE-01 (events/calma): ")


def test_untranslated_text_is_a_warning_unless_kept_on_purpose(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    make_game(tmp_path, [{"file": "strings/en.json", "op": "set",
                          "pointer": "/zone/alto/name", "value": "Alto"}])
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(cli, ["check", "tiny", "--no-balance"])
    assert result.exit_code == 0
    assert result.output.splitlines()[0] == (
        "tiny/strings/en.json:35: /zone/alto/name: warning: en text 'zone.alto.name' is the "
        "same as the source (translate it, or list the key in \"$same_as_source\" if it is a "
        "proper noun) [R006]")
    assert result.output.splitlines()[-1] == "checked 1 game(s): 0 error(s), 1 warning(s)"
