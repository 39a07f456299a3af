"""`stamperia build` on a game whose kit word cannot be filled: the same R017 problem as
`check`, at the word's line, not a kit stage that "could not handle this content"."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from gamefixtures import make_game

from stamperia.cli import cli


def test_build_names_the_kit_word_it_cannot_fill(tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    make_game(tmp_path, [{"file": "strings/en.json", "op": "set", "pointer": "/ui",
                          "value": {"guide": {"pages": {"other": "{pages} pages"}}}}])
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(cli, ["build", "tiny", "--locale", "en", "--out", "out"])
    assert (result.exit_code, result.output) == (1, (
        "tiny/strings/en.json:113: /ui/guide/pages/other: text 'ui.guide.pages.other' has "
        "fields the kit does not fill: {pages} (write the fields as the kit's word does: "
        "count; a literal brace as {{ or }})\n"
        "tiny: not built: fix the content problems above (stamperia check tiny)\n"))
    assert not (tmp_path / "out" / "tiny").exists()
